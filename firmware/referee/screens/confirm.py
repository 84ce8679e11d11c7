"""A yes before something that cannot be taken back: deleting past games
(History), making room for a new game on a nearly full flash (the setup),
or setting the game in play aside for one resumed from History. What it
does is named first, on the screen; OK does it, BACK leaves all as it was.
"""

from micropython import const

from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class Confirm(Screen):
    """Deleting past games (``names``), or setting one aside: what goes,
    named (``lines``, from row 2), before a yes; then ``done()``: the
    History's list again, the setup's game started in the room made for
    it, or a past game resumed."""

    def __init__(self, app, title, names, lines, done, keys="OK:delete  BACK:keep"):
        Screen.__init__(self, app)
        self.title = title
        self.names = names
        self.lines = lines
        self.done = done
        self.keys = keys

    def on_event(self, ev):
        if ev == _OK_PRESS:
            if self.names:
                from referee.core import room

                room.clear(self.app.storage, self.names)
            self.app.pop()
            self.done()
        elif ev == _BACK_PRESS:
            self.app.pop()

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        for i in range(len(self.lines)):
            c.centre(self.lines[i], 2 + i)
        self.hint(c, self.keys)


def making_room(exported, others):
    """The setup's Confirm before a game starts on a nearly full flash
    (core/room.py plan): how many of the oldest games go, and how many of
    those were never exported."""
    gone = len(exported) + len(others)
    if not others:
        out = "all exported"
    elif not exported:
        out = "NOT exported"
    else:
        out = "%d NOT exported" % len(others)
    return [
        "to make room, delete",
        "the oldest game" if gone == 1 else "the %d oldest games" % gone,
        out,
        "export first to keep" if others else "",
    ]
