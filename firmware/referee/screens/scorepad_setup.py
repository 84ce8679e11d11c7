"""Start a score pad: how many players, then the target (0: none).

UP/DOWN change the number (hold to run), OK moves on and then starts the
game, BACK goes back a step or to the menu."""

from referee.hw.buttons import BACK, DOWN, OK, PRESS, REPEAT, UP, button_of, kind_of

TARGET_STEP = 10
MAX_TARGET = 5000


class ScorePadSetup:
    def __init__(self, app):
        self.app = app
        self.players = 4
        self.target = 100
        self.field = 0

    def on_event(self, ev):
        button = button_of(ev)
        kind = kind_of(ev)
        if button in (UP, DOWN) and kind in (PRESS, REPEAT):
            step = 1 if button == UP else -1
            if self.field == 0:
                self.players = min(9, max(2, self.players + step))
            else:
                self.target = min(MAX_TARGET, max(0, self.target + step * TARGET_STEP))
        elif button == OK and kind == PRESS:
            if self.field == 0:
                self.field = 1
            else:
                self.start()
        elif button == BACK and kind == PRESS:
            if self.field:
                self.field = 0
            else:
                self.app.pop()

    def start(self):
        from referee.core.session import Session
        from referee.games import scorepad
        from referee.screens.scorepad import ScorePad

        setup = {"players": self.players, "target": self.target}
        session = Session.start(self.app.storage, scorepad, setup)
        self.app.replace(ScorePad(self.app, session))

    def draw(self, c):
        c.centre("SCORE PAD", 0)
        c.invert_rows(0)
        if self.field == 0:
            c.centre("players", 1)
            c.big_centre(str(self.players), 2)
            c.centre("OK:next  BACK:menu", 7)
        else:
            c.centre("play to (0: no end)", 1)
            c.big_centre(str(self.target), 2)
            c.centre("OK:start  BACK:back", 7)
