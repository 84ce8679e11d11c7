"""Adjust counts: the duel's piles set to what the table counts, when a card
drawn or discarded was not told (the device would call a loss too early or
too late).

Both players' supply and hand, in that order: UP/DOWN change the one
underlined (hold to run), OK goes on to the next and, after the last, sets
them all in one step (a long BACK on the duel's screen takes it back);
BACK goes back one, out of the first. Each discard pile is the rest of its
half, shown as the counts change: every card not in play is in one of the
three piles.
"""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)

_RIGHT = (64, 94, 124)  # where the supply, hand and discard columns end


class Counts(Screen):
    def __init__(self, hub):
        Screen.__init__(self, hub.app)
        self.hub = hub
        state = hub.session.state
        self.values = [state.supply[0], state.hand[0], state.supply[1], state.hand[1]]
        # the cards out of play in each half: the three piles together
        self.out = [state.supply[s] + state.hand[s] + state.discard[s] for s in (0, 1)]
        self.field = 0

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            self.values[self.field] = max(0, self.values[self.field] + step)
        elif ev == _OK_PRESS and self.field < 3:
            self.field += 1
        elif ev == _OK_PRESS:
            v = self.values
            self.app.pop()  # before the act: it opens a note over the duel
            self.message = self.hub.act(
                {"a": "counts", "supply": [v[0], v[2]], "hand": [v[1], v[3]]}
            )
            if self.message is not None:
                self.hub.message = None
                self.app.push(self)
        elif ev == _BACK_PRESS:
            if self.field == 0:
                self.app.pop()
            else:
                self.field -= 1

    def draw(self, c):
        state = self.hub.session.state
        c.centre("ADJUST COUNTS", 0)
        c.invert_rows(0)
        c.text("supply", _RIGHT[0] - 35, 2)
        c.text("hand", _RIGHT[1] - 23, 2)
        c.text("disc", _RIGHT[2] - 23, 2)
        v = self.values
        for seat in (0, 1):
            row = 3 + seat
            c.text(state.table.names[seat], 2, row)
            c.number_right(v[2 * seat], _RIGHT[0], row)
            c.number_right(v[2 * seat + 1], _RIGHT[1], row)
            c.number_right(self.out[seat] - v[2 * seat] - v[2 * seat + 1], _RIGHT[2], row)
        right = _RIGHT[self.field % 2]
        c.invert_rows(3 + self.field // 2, 1, right - 14, right + 2)  # the one UP/DOWN change
        if self.message:
            self.hint(c, self.message)
        else:
            c.centre("the discard: the rest", 6)
            self.hint(c, "UP/DN:count OK:next")
