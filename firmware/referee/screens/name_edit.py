"""Type a short name with four buttons.

UP/DOWN change the letter under the cursor (A-Z, 0-9, -; hold to run),
OK moves to the next letter, BACK to the one before (at the first letter
BACK cancels), a long OK keeps the name. A name has 1 to 6 letters; a
space at the end is dropped.
"""

from micropython import const

from referee.core.seats import MAX_NAME, NAME_CHARS
from referee.screens import STEP, Screen
from referee.ui.canvas import CELL

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

_CHOICES = NAME_CHARS + " "  # the space ends the name early


class NameEdit(Screen):
    def __init__(self, app, name, done):
        """``done(name)`` is called with the new name, and returns None or
        a message saying why the name cannot be used."""
        self.app = app
        self.letters = list(name)
        self.cursor = 0
        self.done = done
        self.message = None

    def on_event(self, ev):
        self.message = None
        step = STEP[ev]
        if step:
            here = self.letters[self.cursor]
            self.letters[self.cursor] = _CHOICES[(_CHOICES.find(here) + step) % len(_CHOICES)]
        elif ev == _OK_PRESS:
            if self.cursor + 1 < MAX_NAME:
                self.cursor += 1
                if self.cursor == len(self.letters):
                    self.letters.append(self.letters[-1] if self.letters[-1] != " " else "A")
        elif ev == _OK_LONG:
            name = "".join(self.letters).strip()
            if " " in name or not name:
                self.message = "no spaces inside"
                return
            self.message = self.done(name)
            if self.message is None:
                self.app.pop()
        elif ev == _BACK_PRESS:
            if self.cursor == 0:
                self.app.pop()
            else:
                self.cursor -= 1

    def draw(self, c):
        c.centre("NAME", 0)
        c.invert_rows(0)
        x = (c.width - MAX_NAME * 2 * CELL) // 2
        for i in range(len(self.letters)):
            c.text(self.letters[i], x + i * 2 * CELL, 2, scale=2)
        c.fill_rect(x + self.cursor * 2 * CELL, 34, 2 * CELL - 2, 2)
        c.centre(self.message or "UP/DOWN:letter OK:>", 6)
        c.centre("hold OK: keep it", 7)
