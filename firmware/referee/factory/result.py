"""What a Robo Factory reveal paid: a page with the die for each Eureka,
then every player's robot, whether it was right, and their cubes won or
paid. With the device as customer the order is shown once the turn ends,
never before. OK (or DOWN) goes on; after the last page the second try's
round of builds starts, if there is one. reveal() makes the payout this
page shows, for the hub (device customer) and the verdict screen (table)."""

from micropython import const

from referee.factory import rules as factory
from referee.hw.buzzer import ROLL
from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class Result(Screen):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        state = session.state
        self.rollers = [s for s in range(state.players) if state.last_rolls[s]]
        self.page = 0

    def on_event(self, ev):
        if ev == _UP_PRESS and self.page > 0:
            self.page -= 1
        elif (ev == _OK_PRESS or ev == _DOWN_PRESS) and self.page < len(self.rollers):
            self.page += 1
        elif ev == _OK_PRESS or ev == _BACK_PRESS:
            self.app.pop()
            state = self.session.state
            if (
                ev == _OK_PRESS
                and state.device
                and not state.over
                and state.phase == factory.SECOND
            ):
                # loaded when first opened, for the heap (see referee.screens)
                from referee.factory.peek import Peek

                self.app.push(Peek(self.app, self.session, 0))

    def draw(self, c):
        if self.page < len(self.rollers):
            self._eureka(c, self.rollers[self.page])
        else:
            self._table(c)

    def _eureka(self, c, seat):
        state = self.session.state
        c.centre("%s: EUREKA!" % state.table.names[seat], 0)
        c.invert_rows(0)
        from referee.ui.die import die  # a Eureka only

        die(c, 6, 12, 44, state.last_rolls[seat])
        right = state.last_right[seat]
        c.text("RIGHT" if right else "WRONG", 62, 2, scale=2)
        change = state.last_change[seat]
        c.text("gets" if change > 0 else "pays", 62, 5)
        c.number(abs(change), 92, 5)
        # the sum: right, the payout and then the die; wrong, the die first
        roll = state.last_rolls[seat]
        rest = abs(change) - roll
        if rest:
            first, second = (rest, roll) if right else (roll, rest)
            x = c.number(first, c.text("= ", 62, 6), 6)
            c.number(second, c.text(" + ", x, 6), 6)
        else:
            c.text("(the roll)", 62, 6)
        self.hint(c, "OK:on")

    def _table(self, c):
        state = self.session.state
        if state.device and state.phase != factory.SECOND:
            c.centre("THE ORDER WAS " + factory.name(state.order), 0)
        elif True in state.last_right:
            c.centre("TRY %d: RIGHT ROBOT" % state.last_try, 0)
        else:
            c.centre("TRY %d: NOBODY RIGHT" % state.last_try, 0)
        c.invert_rows(0)
        for seat in range(state.players):
            row = 1 + seat
            c.text(state.table.names[seat], 2, row)
            if seat == state.last_customer:
                c.text("cust", 44, row)
            else:
                if state.device:
                    c.text(factory.name(state.last_built[seat]), 44, row)
                c.text("right" if state.last_right[seat] else "wrong", 68, row)
            change = state.last_change[seat]
            c.number_right(change, c.width - 2, row, sign=True)
        self.hint(c, "OK:on")


def reveal(app, session, right):
    """Roll the die for every Eureka, then pay out; ``right`` is the table
    customer's verdict per seat (None when the device is the customer).
    A reveal just undone (to mend a verdict) lends its rolls: the die is
    not thrown again for a Eureka it already answered.
    Returns None, or why nothing changed."""
    state = session.state
    undone = session.undone
    if undone is None or undone.get("a") != "reveal":
        undone = None
    rolls = []
    for s in range(state.players):
        if right is None:
            shouted = state.eureka[s]
        else:
            shouted = right[s] > 1  # the verdict screen's 2, 3: with Eureka
        roll = 0
        if shouted:
            roll = undone["rolls"][s] if undone is not None else 0
            roll = roll or app.chance.roll(6)
        rolls.append(roll)
    action = {"a": "reveal", "rolls": rolls}  # type: dict
    if right is not None:
        action["right"] = [v & 1 == 1 for v in right]
    message = session.act(action)
    if message is None and max(rolls):
        app.beep(ROLL)
    return message
