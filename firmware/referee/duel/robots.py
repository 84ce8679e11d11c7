"""Every robot in play, both sides: card, value (its card less its damage,
a * when it carries damage) and mode. OK opens "adjust counts" (the piles
set as the table counts them: duel/counts.py) while a duel is on;
any other key goes back."""

from micropython import const

from referee.duel import rules as duel
from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)


class Robots(Screen):
    def __init__(self, hub):
        Screen.__init__(self, hub.app)
        self.hub = hub

    def _counts(self):
        return self.hub.session.state.phase != duel.OVER  # a duel still on

    def on_event(self, ev):
        if ev == _OK_PRESS and self._counts():
            # loaded when first opened, for the heap (see referee.screens)
            from referee.duel.counts import Counts

            self.app.replace(Counts(self.hub))
        else:
            self.app.pop()

    def draw(self, c):
        state = self.hub.session.state
        c.centre("ROBOTS IN PLAY", 0)
        c.invert_rows(0)
        for seat in (0, 1):
            x = 2 + 66 * seat
            c.text(state.table.names[seat], x, 1)
            row = 2
            for robot in state.robots[seat]:
                c.text(
                    "%s %d%s %s"
                    % (
                        duel.name(robot[0]),
                        duel.robot_value(robot),
                        "*" if robot[2] else "",
                        "ATK" if robot[1] else "def",
                    ),
                    x,
                    row,
                )
                row += 1
            if row == 2:
                c.text("none", x, 2)
        damaged = False
        for robots in state.robots:
            for robot in robots:
                damaged = damaged or bool(robot[2])
        if damaged:  # (four robots a side at most: rows 2-5)
            c.centre("* carries damage", 6)
        self.hint(c, "OK:adjust counts" if self._counts() else "any key: back")
