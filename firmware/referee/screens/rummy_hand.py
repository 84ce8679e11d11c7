"""Scoring one hand: who went out, then each player's cards by kind.

Counting: UP/DOWN change the number on the marked line (hold to run), OK
moves to the next line, BACK to the one before, a long OK keeps this
player's counts (lines not reached stay 0) and opens the next player. The
hand's score for the player shows at the top as you count.
"""

from micropython import const

from referee.screens import STEP, Screen
from referee.ui.canvas import COLUMNS, number_width

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

_LINES = const(5)  # count lines on screen, rows 2..6


class OutPicker(Screen):
    """Who went out (ROBOTS!: who discarded last; Robber Rummy: who went
    rummy, or nobody when the stock ran out)."""

    def __init__(self, app, main):
        self.app = app
        self.main = main
        state = main.session.state
        # the players, then "nobody" where the stock can end a hand
        self.players = state.table.players
        self.choices = self.players + (1 if "stock" in main.session.rules.ENDINGS else 0)
        self.index = 0

    def _out(self):
        return self.index if self.index < self.players else -1

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.index = (self.index - step) % self.choices
        elif ev == _OK_PRESS:
            out = self._out()
            self.main.out = out
            self.main.how = "stock" if out < 0 else self.main.session.rules.ENDINGS[0]
            self.app.pop()
            self.main.next_count()
        else:
            self.back(ev)

    def draw(self, c):
        state = self.main.session.state
        c.centre("HAND OVER", 0)
        c.invert_rows(0)
        c.centre("who went out?", 1)
        out = self._out()
        c.centre(state.table.names[out] if out >= 0 else "nobody", 3, scale=2)
        if out < 0:
            c.centre("the stock ran out", 5)
        self.hint(c, "UP/DOWN  OK:this one")


class CountEntry(Screen):
    def __init__(self, app, main):
        self.app = app
        self.main = main
        self.fields = main.session.rules.FIELDS
        self.seat = -1
        self.counts = []  # type: list
        self.line = 0
        self.message = None

    def start(self, seat):
        """Count ``seat``'s cards next (its earlier counts, if any, shown)."""
        self.seat = seat
        known = self.main.session.state.counts.get(seat)
        self.counts = list(known) if known else [0] * len(self.fields)
        self.line = 0
        self.message = None

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            top = self.fields[self.line][2]
            self.counts[self.line] = min(top, max(0, self.counts[self.line] + step))
        elif ev == _OK_PRESS:
            self.line = (self.line + 1) % len(self.fields)
        elif ev == _OK_LONG:
            problem = self.main.session.act({"a": "count", "seat": self.seat, "n": self.counts})
            if problem:
                self.message = problem
                return
            self.app.pop()
            self.main.next_count()
        elif ev == _BACK_PRESS:
            if self.line:
                self.line -= 1
            else:
                self.app.pop()

    def _warning(self):
        """ROBOTS!: the player who went out should hold no cards."""
        if self.seat != self.main.out:
            return None
        for i in range(len(self.fields)):
            if self.fields[i][1] < 0 and self.counts[i]:
                return "went out: none in hand?"
        return None

    def draw(self, c):
        state = self.main.session.state
        rules = self.main.session.rules
        c.text(state.table.names[self.seat], 2, 0)
        score = rules.score(self.counts)
        c.number(score, c.width - 2 - number_width(score, 1, True), 0, sign=True)
        c.invert_rows(0)
        first = max(0, min(self.line - 2, len(self.fields) - _LINES))
        for i in range(first, first + _LINES):
            row = 1 + i - first
            c.text(self.fields[i][0], 4, row)
            c.number(self.counts[i], c.width - 4 - number_width(self.counts[i]), row)
            if i == self.line:
                c.invert_rows(row)
        message = self.message or self._warning()
        if message is not None and len(message) > COLUMNS:
            c.hint(message)  # over the two key lines, until the next press
        else:
            c.centre(message or "OK:next  hold OK:done", 6)
            c.centre("BACK:line back", 7)
