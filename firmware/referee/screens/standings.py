"""The standings in big digits, one side a page from the leader down.

Shown after every hand; UP/DOWN go down and up the table, OK or BACK
return to the game."""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_BACK_PRESS = const(3)


class Standings(Screen):
    def __init__(self, app, state):
        self.app = app
        self.state = state
        self.order = state.ledger.standings()
        self.index = 0

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.index = (self.index - step) % len(self.order)
        elif ev <= _BACK_PRESS:  # OK or BACK pressed
            self.app.pop()

    def draw(self, c):
        state = self.state
        side = self.order[self.index]
        totals = state.ledger.totals
        if state.winner is not None and side == state.winner:
            c.centre("WINS", 0)
        elif totals[side] == max(totals):  # (no list of the leaders: a redraw makes none)
            c.centre("LEADS" if state.ledger.lead() >= 0 else "SHARES THE LEAD", 0)
        else:
            x = c.number(self.index + 1, 44, 0)
            c.number(len(self.order), c.text(" of ", x, 0), 0)
        c.invert_rows(0)
        name = state.table.side_name(side)
        c.centre(name, 1, scale=2 if len(name) <= 10 else 1)  # partners' names: 13 wide
        c.big_number_centre(totals[side], 3)
        self.hint(c, "UP/DOWN  OK:back")
