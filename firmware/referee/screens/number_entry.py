"""Enter a number: UP/DOWN count by 1; held, they run on by fives, landing
on multiples of 5 (most games score in fives), faster after a moment. OK
saves, BACK cancels. Shows where the number takes a total."""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_UP_REPEAT = const(8)

LIMIT = 9999


class NumberEntry(Screen):
    def __init__(self, app, title, save, total=None, value=0, was=None):
        """``save(value)`` returns None, or a message saying why not.
        ``total``: show "total T -> T+value"; ``was``: show the old value."""
        Screen.__init__(self, app)
        self.title = title
        self.save = save
        self.total = total
        self.was = was
        self.value = value

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            value = self.value
            if ev < _UP_REPEAT:
                value += step
            elif step > 0:  # held: on by fives, landing on them (26, 30, 35...)
                value = (value // 5 + 1) * 5
            else:
                value = ((value + 4) // 5 - 1) * 5
            self.value = min(LIMIT, max(-LIMIT, value))
        elif ev == _OK_PRESS:
            self.message = self.save(self.value)
            if self.message is None:
                self.app.pop()
        else:
            self.back(ev)

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
        self.hint(c, "OK:save  BACK:cancel")
