"""A player's name picked from the names of the latest games (the twelve
newest, read from their journals: core/tables.py), or typed: the list's
last row opens the letter editor (screens/name_edit.py). UP/DOWN pick,
OK (tapped or held) takes it, BACK goes back to the names unchanged."""

from micropython import const

from referee import forget
from referee.screens import STEP, Screen
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_OK_LONG = const(6)

_VISIBLE = const(6)  # rows 1..6


class NamePick(Screen):
    def __init__(self, app, names, done, now):
        """``names``: the names to offer, newest first; ``done(name)`` as
        for the editor; ``now``: the seat's name, where typing starts."""
        Screen.__init__(self, app)
        self.names = names
        self.done = done
        self.now = now

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            self.move(step, len(self.names) + 1, _VISIBLE)
        elif ev == _OK_PRESS or ev == _OK_LONG:  # held as the names page's "go"
            if self.index < len(self.names):
                self.message = self.done(self.names[self.index])
                if self.message is None:
                    self.app.pop()
            else:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.screens.name_edit import NameEdit

                self.app.replace(NameEdit(self.app, self.now, self.done))
                forget("referee.screens.name_pick")  # this list's code: not needed under the editor
        else:
            self.back(ev)

    def draw(self, c):
        c.centre("NAME", 0)
        c.invert_rows(0)
        count = len(self.names) + 1
        for i in range(self.top, min(count, self.top + _VISIBLE)):
            row = 1 + i - self.top
            c.text(self.names[i] if i < count - 1 else "type a new name", 4, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _VISIBLE, count)
        self.hint(c, "OK:take  BACK:back")
