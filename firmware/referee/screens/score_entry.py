"""Enter one player's points: UP/DOWN count (hold to run, faster after a
moment), OK saves, BACK cancels. The new total shows as you go."""

from referee.hw.buttons import BACK, DOWN, OK, PRESS, REPEAT, UP, button_of, kind_of

LIMIT = 9999


class ScoreEntry:
    def __init__(self, app, pad, seat):
        self.app = app
        self.pad = pad
        self.seat = seat
        self.points = 0
        self.message = None

    def on_event(self, ev):
        button = button_of(ev)
        kind = kind_of(ev)
        self.message = None
        if button == UP and kind in (PRESS, REPEAT):
            self.points = min(LIMIT, self.points + (5 if kind == REPEAT else 1))
        elif button == DOWN and kind in (PRESS, REPEAT):
            self.points = max(-LIMIT, self.points - (5 if kind == REPEAT else 1))
        elif button == OK and kind == PRESS:
            problem = self.pad.session.act({"a": "score", "seat": self.seat, "pts": self.points})
            if problem:
                self.message = problem
            else:
                self.app.pop()
        elif button == BACK and kind == PRESS:
            self.app.pop()

    def draw(self, c):
        state = self.pad.session.state
        c.centre(state.table.names[self.seat], 0)
        c.invert_rows(0)
        c.big_number_centre(self.points, 1, sign=True)
        total = state.ledger.totals[self.seat]
        x = c.text("total ", 4, 6)
        x = c.text(" -> ", c.number(total, x, 6), 6)
        c.number(total + self.points, x, 6)
        c.centre(self.message or "OK:save  BACK:cancel", 7)
