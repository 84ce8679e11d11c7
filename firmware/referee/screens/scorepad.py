"""Score pad: running totals for any game played in rounds.

UP/DOWN pick a player, OK scores for them, a long OK closes the round, a
long BACK takes back the last score or round, BACK returns to the menu
(the game stays saved and comes back from there or after a reset).
"""

from micropython import const

from referee.hw.buttons import BACK, LONG, OK, PRESS, button_of, kind_of, step_of
from referee.hw.buzzer import TURN
from referee.ui.canvas import CELL, keep_visible, number_width

_VISIBLE = const(6)


class ScorePad:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.index = 0
        self.top = 0
        self.message = None

    def on_event(self, ev):
        button = button_of(ev)
        kind = kind_of(ev)
        state = self.session.state
        self.message = None
        step = step_of(ev)
        if step:
            self.index = (self.index - step) % state.table.players
        elif button == OK and kind == PRESS and not state.over:
            from referee.screens.number_entry import NumberEntry

            seat = self.index
            total = state.ledger.totals[seat]
            self.app.push(NumberEntry(self.app, state.table.names[seat], self._saver(seat), total))
        elif button == OK and kind == LONG and not state.over:
            self.message = self.session.act({"a": "next"})
            if self.message is None:
                self.app.beep(TURN)
        elif button == BACK and kind == LONG:
            del state  # the undo builds the game anew: the old one must not stay alive here
            self.message = self.session.undo() or "last step undone"
        elif button == BACK and kind == PRESS:
            self.app.pop()
        self.top = keep_visible(self.top, self.index, _VISIBLE // self._scale())

    def _saver(self, seat):
        def save(points):
            return self.session.act({"a": "score", "seat": seat, "pts": points})

        return save

    def _scale(self):
        # Three players or fewer: double-size names and totals, for across the table.
        return 2 if self.session.state.table.players <= 3 else 1

    def draw(self, c):
        state = self.session.state
        if state.over:
            self._draw_over(c, state)
            return
        # Numbers are drawn digit by digit, not formatted: no allocation.
        x = c.text("ROUND ", 2, 0)
        c.number(state.round, x, 0)
        if state.target:
            x = c.width - 2 - number_width(state.target) - 3 * CELL
            c.number(state.target, c.text("to ", x, 0), 0)
        c.invert_rows(0)
        table = state.table
        totals = state.ledger.totals
        scale = self._scale()
        for seat in range(self.top, min(table.players, self.top + _VISIBLE // scale)):
            row = 1 + (seat - self.top) * scale
            c.text(table.names[seat], 2, row, scale)
            if state.this_round[seat] and scale == 1:
                c.number(state.this_round[seat], 50, row, sign=True)
            c.number_right(totals[seat], c.width - 3, row, scale)
            if seat == self.index:
                c.invert_rows(row, scale)
        c.centre(self.message or "OK:score hold:round", 7)

    def _draw_over(self, c, state):
        c.centre("GAME OVER", 0)
        c.invert_rows(0)
        c.centre(state.table.name(state.winner), 1, scale=2)
        c.centre("wins with", 3)
        c.big_number_centre(state.ledger.totals[state.winner], 4)


# Setup questions: (key, label, lowest, highest, step, default, only for N players)
SETUP = (
    ("players", "players", 2, 9, 1, 4, 0),
    ("target", "play to (0: no end)", 0, 5000, 10, 100, 0),
)


def new_game(app, rules):
    from referee.screens.setup import GameSetup

    return GameSetup(app, rules, SETUP, ScorePad)
