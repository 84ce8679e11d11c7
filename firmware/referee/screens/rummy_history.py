"""The hands played so far, one a page: how each ended and what each side
scored. UP/DOWN turn the pages; OK picks a side to correct, OK again opens
the number (the hand's score is replaced, the totals recomputed)."""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class History(Screen):
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.hand = max(1, session.state.hand - 1)
        self.side = -1  # -1: turning pages; else the side picked to correct
        self.message = None

    def on_event(self, ev):
        state = self.session.state
        step = STEP[ev]
        self.message = None
        closed = state.hand - 1
        if step and closed:
            if self.side < 0:
                self.hand = 1 + (self.hand - 1 + step) % closed
            else:
                self.side = (self.side - step) % state.table.sides()
        elif ev == _OK_PRESS and closed:
            if self.side < 0:
                self.side = 0
            else:
                self.correct()
        elif ev == _BACK_PRESS:
            if self.side >= 0:
                self.side = -1
            else:
                self.app.pop()

    def correct(self):
        # loaded when first opened, for the heap (see referee.screens)
        from referee.screens.number_entry import NumberEntry

        state = self.session.state
        hand, side = self.hand, self.side
        was = state.ledger.round_scores(hand)[side]

        def save(points):
            return self.session.act({"a": "fix", "hand": hand, "side": side, "pts": points})

        self.app.push(NumberEntry(self.app, state.table.side_name(side), save, None, was, was))

    def draw(self, c):
        state = self.session.state
        if state.hand == 1:
            c.centre("HISTORY", 0)
            c.invert_rows(0)
            c.centre("no hand scored yet", 3)
            return
        how, out = state.ending(self.hand)
        x = c.text("HAND ", 2, 0)
        x = c.number(self.hand, x, 0)
        c.text(" " + how + (" " + state.table.names[out] if out >= 0 else ""), x, 0)
        c.invert_rows(0)
        scores = state.ledger.round_scores(self.hand)
        for side in range(min(6, state.table.sides())):
            c.text(state.table.side_name(side), 4, 1 + side)
            c.number_right(scores[side], c.width - 4, 1 + side, sign=True)
            if side == self.side:
                c.invert_rows(1 + side)
        self.hint(c, "OK:fix" if self.side < 0 else "OK:change it")
