"""Which screens play which game: opening a saved game, starting a new one."""


def saved_game(app):
    """(Saved, Session or None) for the journal on flash. A file that cannot
    be read for any reason (one edited by hand into the wrong types, one too
    big for memory) is set aside and the reason logged: never a dead boot."""
    from referee import forget
    from referee.core.journal import Journal
    from referee.core.replay import resume
    from referee.core.session import Session

    journal = Journal(app.storage)
    detail = ""
    try:
        saved, rules, state = resume(journal)
    except Exception as e:  # noqa: BLE001 - MemoryError too: the same file fails every boot
        saved, state = unreadable(journal, e), None
        if not isinstance(e, MemoryError):
            detail = ": %s" % (e,)  # the error's own words, for the log
    forget("referee.core.replay")  # used once a game; undo loads them again
    if saved.problem is not None:
        from referee.screens.crash import log

        place = saved.kept_as or "left in place"
        log(app.storage, "%s%s (%s)" % (saved.problem, detail, place))
    forget("referee.core.journal_read")
    forget("referee.core.snapshot")
    forget("referee.core.snapshot_read")
    return saved, (Session(journal, rules, state) if state is not None else None)


def unreadable(journal, e):
    """Set aside a journal whose reading raised ``e``; a Saved that says why."""
    import gc

    gc.collect()  # after a MemoryError the file's bytes are garbage by now
    from referee.core.journal_read import Saved, set_aside
    from referee.screens.crash import where

    if isinstance(e, MemoryError):
        reason = "too big for memory"
    else:
        reason = "%s at %s" % (type(e).__name__, where(e))
    try:
        kept = set_aside(journal)
    except OSError:
        kept = None  # the flash refuses even a rename: say why, try again next boot
    return Saved(problem="saved game damaged: " + reason, kept_as=kept)


def tell_problem(app, saved):
    from referee.screens.notice import Notice, wrap

    if saved.kept_as:
        # "saved game damaged: <reason>": the reason, then where the file went
        reason = saved.problem[saved.problem.find(": ") + 2 :]
        lines = wrap(reason, 3) + ["kept as", saved.kept_as]
        app.push(Notice(app, "NOT RESUMED", lines))
    else:
        app.push(Notice(app, "SAVED GAME", wrap(saved.problem, 5)))


def done(screen):
    """The game's screen, once found: this router leaves memory (the menu
    loads it again)."""
    from referee import forget

    forget(__name__)
    return screen


def open_game(app, session):
    """The main screen of a game in play."""
    if session.rules.NAME == "scorepad":
        from referee.screens.scorepad import ScorePad

        return ScorePad(app, session)
    if session.rules.NAME == "evil":
        from referee.screens.evil import EvilGame

        return EvilGame(app, session)
    if session.rules.NAME == "factory":
        from referee.screens.factory import FactoryGame

        return FactoryGame(app, session)
    if session.rules.NAME == "duel":
        from referee.screens.duel import Duel

        return Duel(app, session)
    from referee.screens.rummy import Rummy

    return Rummy(app, session)


def new_game(app, name):
    """The setup screen of a new game."""
    if name == "scorepad":
        from referee.screens.scorepad import new_game as scorepad_setup

        return scorepad_setup(app)
    if name == "evil":
        from referee.screens.evil import new_game as evil_setup

        return evil_setup(app)
    if name == "factory":
        from referee.screens.factory import new_game as factory_setup

        return factory_setup(app)
    if name == "duel":
        from referee.screens.duel import new_game as duel_setup

        return duel_setup(app)
    from referee.screens.rummy import new_game as rummy_setup

    return rummy_setup(app, name)
