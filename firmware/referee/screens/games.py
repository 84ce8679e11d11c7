"""Opening a game: its saved game, or a new one, on the screens the registry
(referee/games/__init__.py) names for it."""

from micropython import const

from referee import JOURNAL
from referee.games import entry, rules
from referee.screens import screens_of

# The registry entry's fields (referee.games' GAME_*, as numbers in the code)
_GAME_PLAY = const(4)


def saved_game(app):
    """(Saved, Session or None) for the journal on flash. A file that cannot
    be read for any reason (one edited by hand into the wrong types, one too
    big for memory) is set aside and the reason logged: never a dead boot."""
    from referee.core.journal import Journal  # a saved game's path only, as the three below
    from referee.core.journal_read import resume
    from referee.core.session import Session  # not loaded for a new game's setup

    journal = Journal(app.storage)
    detail = ""
    # Collected before the game's arrays are read: the boot's garbage goes,
    # and their 1 KB chunks find the untouched top of the heap, not the
    # holes that garbage would leave between what stays. Without it a
    # 5,000-action Robber Rummy resume in 96 KB failed on a 1,024 B chunk
    # whenever a resident module grew by a few bytes (23.5 KB free in 294
    # runs, none of 1 KB); with it, 213 runs, the largest 1,472 B.
    import gc  # a built-in: one lookup

    gc.collect()
    try:
        saved, game, state = resume(journal, rules)
        if getattr(saved, "salvaged", False):  # a damaged line: its good part is the journal
            from referee.core.salvage import reread

            saved, game, state, detail = reread(journal, saved, resume, rules)
    except Exception as e:  # noqa: BLE001 - MemoryError too: the same file fails every boot
        saved, state = unreadable(journal, e), None
        if not isinstance(e, MemoryError):
            detail = ": %s" % (e,)  # the error's own words, for the log
    if saved.problem is not None:
        from referee.core.error_log import log  # a damaged file only

        place = saved.kept_as or "left in place"
        log(app.storage, "%s%s (%s)" % (saved.problem, detail, place))
    return saved, (Session(journal, game, state, app) if state is not None else None)


def unreadable(journal, e):
    """Set aside a journal whose reading raised ``e``; a Saved that says why."""
    import gc  # a damaged file only: a built-in, one lookup

    gc.collect()  # after a MemoryError the file's bytes are garbage by now
    from referee.core.journal_read import Saved  # loaded already by the reading
    from referee.screens.crash import where  # a damaged file only: 2.1 KB (VM)

    if isinstance(e, MemoryError):
        reason = "too big for memory"
    else:
        reason = "%s at %s" % (type(e).__name__, where(e))
    try:
        kept = journal.set_aside()
    except OSError:
        kept = None  # the flash refuses even a rename: say why, try again next boot
    return Saved(problem="saved game damaged: " + reason, kept_as=kept)


def tell_problem(app, saved):
    from referee.screens.notice import Notice, wrap  # a problem to tell only: 0.9 KB (VM)

    if saved.kept_as:
        # "saved game damaged: <reason>": the reason, then where the file went
        problem = saved.problem
        damaged = "saved game damaged: "
        reason = problem[len(damaged) :] if problem.startswith(damaged) else problem
        if getattr(saved, "salvaged", False):  # the game goes on from the step before it
            from referee.core.salvage import told  # a damaged line only

            app.push(Notice(app, "DAMAGED LINE", told(saved, reason, wrap)))
            return
        lines = wrap(reason, 3) + ["kept as", saved.kept_as]
        app.push(Notice(app, "NOT RESUMED", lines))
    else:
        app.push(Notice(app, "SAVED GAME", wrap(saved.problem, 5)))


def open_or_start(app, name):
    """The menu's entry for game ``name``: its saved game if one is
    unfinished, else the setup of a new one (None when a notice says why
    the saved file cannot be read)."""
    if app.storage.exists(JOURNAL):
        from referee.core.journal_line import finished, game_of  # a saved game's path only

        # Replay only a journal of this game (or one whose header does not
        # read, to say it is damaged): another game's is left as it is, and
        # so is a finished one: replayed, it loaded the game's code and its
        # reader in this press to find it over (145 ms on the chip). Over
        # is what its last snapshot says, or, for the game just left (its
        # snapshot waits for a pause), its state still in memory.
        in_play = game_of(app.storage)
        due = app.snapshot_due  # the game in play, if just left (see above)
        if in_play == name and due is not None and due.state.over:
            return new_game(app, name, name)
        if in_play is None or (in_play == name and not finished(app.storage)):
            saved, session = saved_game(app)
            if saved.problem is not None:
                tell_problem(app, saved)
                return None
            if session is not None and not session.state.over and saved.game == name:
                return open_game(app, session)
        return new_game(app, name, in_play)
    return new_game(app, name, None)


def open_game(app, session):
    """The main screen of a game in play: the class the registry names."""
    game = entry(session.rules.NAME)
    return getattr(screens_of(game), game[_GAME_PLAY])(app, session)


def new_game(app, name, in_play=JOURNAL):
    """The setup screen of a new game of ``name``; RulesError if the
    registry has no such game. ``in_play``: the game the journal on flash
    holds, when known (None for no journal, or one that does not read),
    so the setup does not read its header again."""
    from referee.screens.setup import GameSetup

    return GameSetup(app, name, in_play)
