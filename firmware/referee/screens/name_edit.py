"""Type a short name with four buttons.

UP/DOWN change the letter under the cursor (A-Z, 0-9, -): a tap by one,
held they run by groups of five (A F K P U Z 4 9), so P to A is a tap
and three steps, not fifteen taps. OK moves to the next letter, BACK to
the one before (at the first letter BACK cancels). Past the last letter
the cursor is on a blank, the name's end: OK there keeps the name, as OK
on the sixth letter does (a name has 1 to 6 letters), and a long OK does
anywhere. Only a blank past the name given is its end: a letter of it
stepped through the blank (from 9 to A) moves on with OK like any other,
and blanks inside a name are dropped as it is kept (so a name is made
shorter by blanking its last letters).
"""

from micropython import const

from referee.core.seats import MAX_NAME, NAME_CHARS
from referee.screens import STEP, Screen
from referee.ui.canvas import CELL

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_UP_REPEAT = const(8)
_GROUP = const(5)  # a held letter runs A F K P U Z 4 9

# The letters as codes (the space ends a name early): the name is edited as
# bytes, since on MicroPython each character taken out of a string is a
# name interned for good (docs/design.md)
_CHOICES = (NAME_CHARS + " ").encode()
_SPACE = const(32)


def _place(code):
    """Where ``code`` is among _CHOICES (the space's place if nowhere)."""
    for i in range(len(_CHOICES)):
        if _CHOICES[i] == code:
            return i
    return len(_CHOICES) - 1


class NameEdit(Screen):
    def __init__(self, app, name, done):
        """``done(name)`` is called with the new name, and returns None or
        a message saying why the name cannot be used."""
        Screen.__init__(self, app)
        self.letters = bytearray(name.encode())
        self.given = len(self.letters)  # the slots past these are the editor's
        self.cursor = 0
        self.done = done

    def _at_end(self):
        cursor = self.cursor
        return cursor + 1 == MAX_NAME or (cursor >= self.given and self.letters[cursor] == _SPACE)

    def on_event(self, ev):
        self.message = None
        step = STEP[ev]
        if step:
            here = _place(self.letters[self.cursor])
            count = len(_CHOICES)
            if ev < _UP_REPEAT:  # a tap: the next letter
                here = (here + step) % count
            elif step > 0:  # held: the next group's first letter (A F K ...)
                here = (here // _GROUP + 1) * _GROUP
                if here >= count:
                    here = 0
            else:
                here = (here - 1) % count // _GROUP * _GROUP
            self.letters[self.cursor] = _CHOICES[here]
        elif ev == _OK_PRESS and not self._at_end():
            self.cursor += 1
            if self.cursor == len(self.letters):
                self.letters.append(_SPACE)  # the name's end: OK on it keeps the name
        elif ev == _OK_PRESS or ev == _OK_LONG:
            name = bytes(self.letters).decode().replace(" ", "")
            if not name:
                self.message = "a name needs a letter"
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
        c.text(bytes(self.letters).decode(), x, 2, scale=2)  # a letter every 2 * CELL
        c.fill_rect(x + self.cursor * 2 * CELL, 34, 2 * CELL - 2, 2)
        # A refusal ("ANA is taken") replaces the line that would offer the
        # same OK again with the way to mend the name
        if self._at_end():
            c.centre(self.message or "UP/DOWN:letter", 6)
            c.centre("BACK: change a letter" if self.message else "OK: keep the name", 7)
        else:
            c.centre(self.message or "UP/DOWN:letter OK:>", 6)
            c.centre("UP/DOWN: change it" if self.message else "hold OK: keep name", 7)
