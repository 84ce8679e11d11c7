"""Every robot in play, both sides: card, value (its card less its damage,
a * when it carries damage) and mode. Any key goes back."""

from referee.games import duel
from referee.screens import Screen


class Robots(Screen):
    def __init__(self, app, state):
        self.app = app
        self.state = state

    def on_event(self, ev):
        self.app.pop()

    def draw(self, c):
        state = self.state
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
        self.hint(c, "any key: back")
