"""The standings in big digits, one side a page from the leader down, its
place at the top ("2 of 4": sides on the same total share a place).

Shown after every hand; UP/DOWN go down and up the table, OK or BACK
return to the game. In a Robber Rummy sitting they are this game's totals
(rummy/rules_sitting.py), the ones its target is judged on."""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_BACK_PRESS = const(3)


class Standings(Screen):
    def __init__(self, app, state):
        Screen.__init__(self, app)
        self.state = state
        # a sitting's ledger runs through every game: this game's are its own
        totals = getattr(getattr(state, "match", None), "totals", None)
        self.totals = totals(state.ledger) if totals is not None else state.ledger.totals
        self.order = state.ledger.standings(self.totals)

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.move(step, len(self.order))
        elif ev <= _BACK_PRESS:  # OK or BACK pressed
            self.app.pop()

    def draw(self, c):
        state = self.state
        side = self.order[self.index]
        totals = self.totals
        mine = totals[side]
        place = 1  # a place, shared on a tie: one more than the sides ahead
        for total in totals:
            if total > mine:
                place += 1
        x = c.number(place, 2, 0)
        c.number(len(self.order), c.text(" of ", x, 0), 0)
        top = max(totals)
        if state.winner is not None and side == state.winner:
            c.right("WINS ", 0)
        elif totals[side] == top:  # (count, not a list of the leaders: no allocation)
            c.right("LEADS " if totals.count(top) == 1 else "SHARES LEAD ", 0)
        c.invert_rows(0)
        name = state.table.side_name(side)
        c.centre(name, 1, scale=2 if len(name) <= 10 else 1)  # partners' names: 13 wide
        c.big_number_centre(totals[side], 3)
        self.hint(c, "UP/DOWN  OK:back")
