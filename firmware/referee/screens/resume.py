"""After a reset: offer back the game that was being played, or say why it
cannot be. The game is rebuilt from its journal before the offer shows, so
the offer can say where it stood. Used once a boot, this module unloads
itself when the offer is answered (its code would otherwise sit in the heap
beside the game's)."""

from referee.hw.buttons import BACK, OK, PRESS, button_of, kind_of
from referee.ui.canvas import text_width


def offer(app):
    """At boot, when a journal is on flash: push the resume offer, or a
    notice if the saved game is unusable; nothing for a finished game."""
    from referee.screens.games import saved_game, tell_problem

    saved, session = saved_game(app)
    if saved.problem is not None:
        tell_problem(app, saved)
    elif session is not None and not session.state.over:
        app.push(ResumeOffer(app, session))


class ResumeOffer:
    def __init__(self, app, session):
        self.app = app
        self.session = session

    def on_event(self, ev):
        if kind_of(ev) != PRESS:
            return
        if button_of(ev) == OK:
            from referee.screens.games import done, open_game

            self.app.replace(done(open_game(self.app, self.session)))
        elif button_of(ev) == BACK:
            self.app.pop()  # the game stays saved; the menu reopens it
        else:
            return
        from referee.app import forget_module

        forget_module(__name__)

    def draw(self, c):
        rules = self.session.rules
        c.centre("RESUME?", 0)
        c.invert_rows(0)
        title = rules.TITLE
        c.centre(title, 2, scale=2 if text_width(title, 2) <= c.width else 1)
        c.centre(rules.headline(self.session.state), 4)
        c.centre("%d steps saved" % self.session.journal.count, 5)
        c.centre("OK:resume  BACK:menu", 7)
