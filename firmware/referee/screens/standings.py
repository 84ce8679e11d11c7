"""The standings in big digits, one side a page from the leader down.

Shown after every hand; UP/DOWN go down and up the table, OK or BACK
return to the game."""

from referee.hw.buttons import PRESS, kind_of, step_of


class Standings:
    def __init__(self, app, state):
        self.app = app
        self.state = state
        self.order = state.ledger.standings()
        self.index = 0

    def on_event(self, ev):
        step = step_of(ev)
        if step:
            self.index = (self.index - step) % len(self.order)
        elif kind_of(ev) == PRESS:
            self.app.pop()

    def draw(self, c):
        state = self.state
        side = self.order[self.index]
        totals = state.ledger.totals
        leaders = state.ledger.leaders()
        if state.winner is not None and side == state.winner:
            c.centre("WINS", 0)
        elif side in leaders:
            c.centre("LEADS" if len(leaders) == 1 else "SHARES THE LEAD", 0)
        else:
            x = c.number(self.index + 1, 44, 0)
            c.number(len(self.order), c.text(" of ", x, 0), 0)
        c.invert_rows(0)
        c.centre(state.table.side_name(side), 1, scale=2)
        c.big_number_centre(totals[side], 3)
        c.centre("UP/DOWN  OK:back", 7)
