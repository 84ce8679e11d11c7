"""The round's end: every side shown, the winner decided as printed.

The sides come pre-filled from the recorded conversions; UP/DOWN pick a
seat, OK turns its side (good, evil, neutral), the last line asks whether
ScaredyBot showed nothing but its power (not in a round the device judged:
it knows what each player showed, and decides). A long OK scores the round; the
summary then shows the winning team and each player's points.
"""

from micropython import const

from referee.evil import rules as evil
from referee.screens import STEP, Screen
from referee.ui.canvas import CELL, number_width, text_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

_NEXT = {"good": "evil", "evil": "neutral", "neutral": "good"}


class RoundEnd(Screen):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.sides = list(session.state.side)
        state = session.state
        # suggested from what its peeks showed: nothing, or its power only
        scaredy = state.holder(evil.SCAREDYBOT)
        self.scaredy = state.strict and scaredy >= 0 and state.shown[scaredy] in ("", "p")
        # a round the device judged knows what ScaredyBot showed: no question
        self.asks = state.rules != 3
        self.index = 0
        self.top = 0

    def on_event(self, ev):
        step = STEP[ev]
        rows = len(self.sides) + self.asks
        self.message = None
        if step:
            self.move(step, rows, 6)
        elif ev == _OK_PRESS:
            if self.index < len(self.sides):
                self.sides[self.index] = _NEXT[self.sides[self.index]]
            else:
                self.scaredy = not self.scaredy
        elif ev == _OK_LONG:
            action = {"a": "end", "side": self.sides, "scaredy": self.scaredy}
            self.message = self.session.act(action)
            if self.message is None:
                self.app.replace(Summary(self.app, self.session))
        else:
            self.back(ev)

    def draw(self, c):
        state = self.session.state
        c.centre("ROUND END: SIDES", 0)
        c.invert_rows(0)
        rows = len(self.sides) + self.asks
        for i in range(self.top, min(rows, self.top + 6)):
            row = 1 + i - self.top
            if i < len(self.sides):
                c.text(state.table.name(i), 4, row)
                side = self.sides[i]  # ended a cell short of the edge, as "yes "
                c.text(side, c.width - text_width(side) - CELL, row)
            else:
                c.text("ScaredyBot quiet?", 4, row)
                c.right("yes " if self.scaredy else "no ", row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, 6, rows)
        self.hint(c, "OK:side hold OK:score")


class Summary(Screen):
    """The round's points and the totals; UP/DOWN scroll past six players."""

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.top = 0

    def on_event(self, ev):
        step = STEP[ev]
        players = self.session.state.table.players
        if step:
            self.top = max(0, min(players - 6, self.top - step))
        elif ev <= _BACK_PRESS:  # OK or BACK pressed, not held
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.standings import Standings

            self.app.replace(Standings(self.app, self.session.state))

    def draw(self, c):
        state = self.session.state
        winner, points = state.last_result
        c.centre((winner.upper() + " WINS") if winner else "NOBODY WINS", 0)
        c.invert_rows(0)
        for seat in range(self.top, min(self.top + 6, state.table.players)):
            row = 1 + seat - self.top
            c.text(state.table.names[seat], 4, row)
            if points[seat]:
                c.number(points[seat], 60, row, sign=True)
            total = state.ledger.totals[seat]
            c.number(total, c.width - 4 - number_width(total), row)
        scroll_bar(c, self.top, 6, state.table.players)
        if state.over:
            c.centre("%s WINS THE GAME" % state.table.names[state.winner], 7)
        else:
            self.hint(c, "OK: the standings")
