"""Saved games: offer the one that was being played after a reset, or say
why it cannot be. The game is rebuilt from its journal before the offer
shows, so the offer can say where it stood."""

from referee.hw.buttons import BACK, OK, PRESS, button_of, kind_of


def saved_game(app):
    """(Saved, Session or None) for the journal on flash."""
    from referee.core.journal import Journal
    from referee.core.replay import resume
    from referee.core.session import Session

    journal = Journal(app.storage)
    saved, rules, state = resume(journal)
    return saved, (Session(journal, rules, state) if state is not None else None)


def offer(app):
    """At boot, when a journal is on flash: push the resume offer, or a
    notice if the saved game is unusable; nothing for a finished game."""
    saved, session = saved_game(app)
    if saved.problem is not None:
        tell_problem(app, saved)
    elif session is not None and not session.state.over:
        app.push(ResumeOffer(app, session))


def tell_problem(app, saved):
    from referee.screens.notice import Notice

    if saved.kept_as:
        lines = ("saved game damaged,", "kept as", saved.kept_as)
    else:
        lines = (saved.problem[:21], saved.problem[21:42], saved.problem[42:63])
    app.push(Notice(app, "SAVED GAME", lines))


def open_game(app, session):
    """The main screen of a game in play."""
    if session.rules.NAME == "scorepad":
        from referee.screens.scorepad import ScorePad

        return ScorePad(app, session)
    raise ValueError("no screen for " + session.rules.NAME)


class ResumeOffer:
    def __init__(self, app, session):
        self.app = app
        self.session = session

    def on_event(self, ev):
        if kind_of(ev) != PRESS:
            return
        if button_of(ev) == OK:
            self.app.replace(open_game(self.app, self.session))
        elif button_of(ev) == BACK:
            self.app.pop()  # the game stays saved; the menu reopens it

    def draw(self, c):
        rules = self.session.rules
        c.centre("RESUME?", 0)
        c.invert_rows(0)
        c.centre(rules.TITLE, 2, scale=2)
        c.centre(rules.headline(self.session.state), 4)
        c.centre("%d steps saved" % self.session.journal.count, 5)
        c.centre("OK:resume  BACK:menu", 7)
