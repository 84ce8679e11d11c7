"""Before a game starts on a nearly full flash (core/room.py): how many of
the oldest games would go to make room, and how many of those were never
exported. OK deletes them and starts the game; BACK keeps them, and the
game is not started (the setup stays as it was)."""

from micropython import const

from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class Room(Screen):
    def __init__(self, app, exported, others, start):
        self.app = app
        self.exported = exported
        self.others = others
        self.start = start  # the setup's: starts the game once there is room
        self.message = None

    def on_event(self, ev):
        if ev == _OK_PRESS:
            from referee import forget
            from referee.core import room

            room.clear(self.app.storage, self.exported + self.others)
            forget("referee.core.room")
            forget(__name__)  # once the game starts, neither is needed
            self.app.pop()
            self.start()
        elif ev == _BACK_PRESS:
            self.app.pop()

    def draw(self, c):
        c.centre("FLASH NEARLY FULL", 0)
        c.invert_rows(0)
        gone = len(self.exported) + len(self.others)
        c.centre("to make room, delete", 2)
        c.centre("the oldest game" if gone == 1 else "the %d oldest games" % gone, 3)
        if not self.others:
            c.centre("all exported", 4)
        elif not self.exported:
            c.centre("NOT exported", 4)
        else:
            c.centre("%d NOT exported" % len(self.others), 4)
        if self.others:
            c.centre("export first to keep", 5)
        self.hint(c, "OK:delete  BACK:keep")
