"""A yes before something that cannot be taken back: deleting past games
(History, and the setup's room for a new game on a nearly full flash), or
resuming a past game over one in play. What goes is named first."""

from micropython import const

from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class Confirm(Screen):
    """Deleting past games: what goes, named (``lines``, from row 2), before
    a yes; then ``done()``: the History's list again, or the setup's game
    started in the room made for it."""

    def __init__(self, app, title, names, lines, done, keys="OK:delete  BACK:keep"):
        Screen.__init__(self, app)
        self.title = title
        self.names = names  # the journals to delete: none for a yes that deletes nothing
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
