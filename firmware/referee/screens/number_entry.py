"""Enter a number: UP/DOWN count by 1 (holding counts by 5, faster after a
moment), OK saves, BACK cancels. Shows where the number takes a total."""

from referee.hw.buttons import BACK, OK, PRESS, REPEAT, button_of, kind_of, step_of

LIMIT = 9999


class NumberEntry:
    def __init__(self, app, title, save, total=None, value=0, was=None):
        """``save(value)`` returns None, or a message saying why not.
        ``total``: show "total T -> T+value"; ``was``: show the old value."""
        self.app = app
        self.title = title
        self.save = save
        self.total = total
        self.was = was
        self.value = value
        self.message = None

    def on_event(self, ev):
        step = step_of(ev)
        self.message = None
        if step:
            size = 5 if kind_of(ev) == REPEAT else 1
            self.value = min(LIMIT, max(-LIMIT, self.value + step * size))
        elif button_of(ev) == OK and kind_of(ev) == PRESS:
            self.message = self.save(self.value)
            if self.message is None:
                self.app.pop()
        elif button_of(ev) == BACK and kind_of(ev) == PRESS:
            self.app.pop()

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        c.big_number_centre(self.value, 1, sign=self.total is not None)
        if self.total is not None:
            x = c.text("total ", 4, 6)
            x = c.text(" -> ", c.number(self.total, x, 6), 6)
            c.number(self.total + self.value, x, 6)
        elif self.was is not None:
            c.number(self.was, c.text("was ", 4, 6), 6)
        c.centre(self.message or "OK:save  BACK:cancel", 7)
