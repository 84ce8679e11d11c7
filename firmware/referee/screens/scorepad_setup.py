"""Start a score pad: how many players, the target (0: none), the names.

UP/DOWN change the number (hold to run), OK moves on, BACK goes back a step
or to the menu. On the names, UP/DOWN pick a player, OK edits the name, a
long OK starts the game."""

from referee.core.seats import default_names
from referee.hw.buttons import BACK, LONG, OK, PRESS, button_of, kind_of, step_of

TARGET_STEP = 10
MAX_TARGET = 5000


class ScorePadSetup:
    def __init__(self, app):
        self.app = app
        self.players = 4
        self.target = 100
        self.field = 0  # 0 players, 1 target, 2 names
        self.names = []  # type: list
        self.index = 0

    def on_event(self, ev):
        button = button_of(ev)
        kind = kind_of(ev)
        step = step_of(ev)
        if step:
            if self.field == 0:
                self.players = min(9, max(2, self.players + step))
            elif self.field == 1:
                self.target = min(MAX_TARGET, max(0, self.target + step * TARGET_STEP))
            else:
                self.index = (self.index - step) % self.players
        elif button == OK and kind == PRESS:
            if self.field == 1:
                if len(self.names) != self.players:
                    self.names = default_names(self.players)
                self.index = 0
            if self.field < 2:
                self.field += 1
            else:
                from referee.screens.name_edit import NameEdit

                self.app.push(NameEdit(self.app, self.names[self.index], self.rename))
        elif button == OK and kind == LONG and self.field == 2:
            self.start()
        elif button == BACK and kind == PRESS:
            if self.field:
                self.field -= 1
            else:
                self.app.pop()

    def rename(self, name):
        for seat in range(self.players):
            if seat != self.index and self.names[seat] == name:
                return "%s is taken" % name
        self.names[self.index] = name
        return None

    def start(self):
        from referee.core.session import Session
        from referee.games import scorepad
        from referee.screens.scorepad import ScorePad

        setup = {"players": self.names, "target": self.target}
        session = Session.start(self.app.storage, scorepad, setup)
        self.app.replace(ScorePad(self.app, session))

    def draw(self, c):
        c.centre("SCORE PAD", 0)
        c.invert_rows(0)
        if self.field == 0:
            c.centre("players", 1)
            c.big_centre(str(self.players), 2)
            c.centre("OK:next  BACK:menu", 7)
        elif self.field == 1:
            c.centre("play to (0: no end)", 1)
            c.big_centre(str(self.target), 2)
            c.centre("OK:names  BACK:back", 7)
        else:
            top = max(0, min(self.index - 2, self.players - 6))
            for seat in range(top, min(self.players, top + 6)):
                row = 1 + seat - top
                c.text("%d" % (seat + 1), 4, row)
                c.text(self.names[seat], 24, row)
                if seat == self.index:
                    c.invert_rows(row)
            c.centre("OK:name  hold OK:go", 7)
