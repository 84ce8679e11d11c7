"""A player's name, picked from the names played lately.

UP/DOWN move (the list wraps), OK takes the name under the cursor; the
last row opens the letter editor (screens/name_edit.py) on the seat's name
instead; BACK leaves the name as it was. Offered only the names no other
seat has, so a pick is never refused.
"""

from micropython import const

from referee.screens import STEP, Screen
from referee.ui.lists import keep_visible, scroll_bar

_OK_PRESS = const(2)  # the events this screen takes (referee.screens)
_ROWS = const(6)  # rows 1 to 6 list; the hint is on the last


class NamePick(Screen):
    def __init__(self, app, names, name, done):
        """``done(name)``: as the letter editor's (None when it is taken)."""
        Screen.__init__(self, app)
        self.names = names
        self.name = name
        self.done = done
        self.index = 0
        self.top = 0

    def on_event(self, ev):
        step = STEP[ev]
        count = len(self.names)
        if step:
            self.index = (self.index - step) % (count + 1)
            self.top = keep_visible(self.top, self.index, _ROWS)
        elif ev == _OK_PRESS:
            if self.index == count:
                from referee.screens.name_edit import NameEdit

                self.app.replace(NameEdit(self.app, self.name, self.done))
            else:
                self.done(self.names[self.index])
                self.app.pop()
        else:
            self.back(ev)

    def draw(self, c):
        c.centre("NAME", 0)
        c.invert_rows(0)
        count = len(self.names)
        for i in range(self.top, min(count + 1, self.top + _ROWS)):
            row = 1 + i - self.top
            c.text(self.names[i] if i < count else "type a new one", 6, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _ROWS, count + 1)
        self.hint(c, "OK:pick  BACK:back")
