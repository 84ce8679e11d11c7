"""Which screens play which game: opening a saved game, starting a new one."""


def saved_game(app):
    """(Saved, Session or None) for the journal on flash."""
    from referee.app import forget_module
    from referee.core.journal import Journal
    from referee.core.replay import resume
    from referee.core.session import Session

    journal = Journal(app.storage)
    saved, rules, state = resume(journal)
    forget_module("referee.core.replay")  # used once a game; undo loads them again
    forget_module("referee.core.journal_read")
    forget_module("referee.core.snapshot")
    forget_module("referee.core.snapshot_read")
    return saved, (Session(journal, rules, state) if state is not None else None)


def tell_problem(app, saved):
    from referee.screens.notice import Notice

    if saved.kept_as:
        lines = ("saved game damaged,", "kept as", saved.kept_as)
    else:
        lines = (saved.problem[:21], saved.problem[21:42], saved.problem[42:63])
    app.push(Notice(app, "SAVED GAME", lines))


def done(screen):
    """The game's screen, once found: this router leaves memory (the menu
    loads it again)."""
    from referee.app import forget_module

    forget_module(__name__)
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
