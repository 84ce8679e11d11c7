"""Enter a number: UP/DOWN count by the game's grain (1, or 5 where every
card scores a multiple of 5); held, they run on by fives (or by the grain,
if larger), landing on them, faster after a moment. Each step lands on a
multiple of its size, so a value off the grain (an old correction) comes
back onto it at the first press. OK saves, BACK cancels. Shows where the
number takes a total."""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_UP_REPEAT = const(8)

LIMIT = 9999


class NumberEntry(Screen):
    def __init__(self, app, title, save, total=None, value=0, was=None, grain=1):
        """``save(value)`` returns None, or a message saying why not.
        ``total``: show "total T -> T+value"; ``was``: show the old value;
        ``grain``: the smallest step a score can take (the rules' GRAIN)."""
        Screen.__init__(self, app)
        self.title = title
        self.save = save
        self.total = total
        self.was = was
        self.value = value
        self.grain = grain

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            size = self.grain
            if ev >= _UP_REPEAT and size < 5:  # held: on by fives (26, 30, 35...)
                size = 5
            value = self.value
            if step > 0:
                value = (value // size + 1) * size
            else:
                value = ((value + size - 1) // size - 1) * size
            limit = LIMIT - LIMIT % self.grain
            self.value = min(limit, max(-limit, value))
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
