"""Score pad: running totals for any game played in rounds.

UP/DOWN pick a player, OK scores for them (the cursor then moves on to the
next player, as a table scores round it), a long OK closes the round (the
cursor goes back to the first player), a
long BACK takes back the last score or round, BACK returns to the menu
(the game stays saved and comes back from there or after a reset). Below
the players, "end the round" closes the round as the long OK does, and
"round scores" opens the closed rounds to correct one (so does OK on the
game's end: a correction may reopen the game).
"""

from micropython import const

from referee.hw.buzzer import TURN
from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import CELL, COLUMNS, number_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_OK_LONG = const(6)

_VISIBLE = const(6)


class ScorePad(Screen):
    undoes = True

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.index = 0
        self.top = 0

    def on_event(self, ev):
        state = self.session.state
        players = state.table.players
        self.message = None
        step = STEP[ev]
        if step:
            self.move(step, players + 2)
        elif ev == _OK_PRESS and (state.over or self.index > players):
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.rounds import Rounds

            self.app.push(Rounds(self.app, self.session))
        elif ev == _OK_LONG or (ev == _OK_PRESS and self.index == players):
            if not state.over:
                self.message = self.session.act({"a": "next"})
                if self.message is None:
                    self.app.beep(TURN)
                    self.index = 0  # the next round starts with the first player
        elif ev == _OK_PRESS:
            # at the first score, not with a resumed game (the heap)
            from referee.screens.number_entry import NumberEntry

            seat = self.index
            total = state.ledger.totals[seat]
            self.app.push(NumberEntry(self.app, state.table.names[seat], self._saver(seat), total))
        else:
            del state  # an undo builds the game anew: the old one must not stay alive here
            self.back(ev)

    def _saver(self, seat):
        def save(points):
            refused = self.session.act({"a": "score", "seat": seat, "pts": points})
            if refused is None:
                self.index = seat + 1  # on to the next player (then "end round")
            return refused

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
        players = table.players
        totals = state.ledger.totals
        scale = self._scale()
        rows = _VISIBLE
        if self.message is not None and len(self.message) > COLUMNS:
            rows -= 1  # the message takes the two bottom lines (Canvas.hint)
        # the players (double size for three or fewer), then the two actions
        top = self.top = keep_visible(self.top, self.index, rows, players, scale)
        row = 1
        i = top
        while i < players + 2:
            tall = scale if i < players else 1
            if row + tall > 1 + rows:
                break
            if i < players:
                c.text(table.names[i], 2, row, scale)
                if state.this_round[i] and scale == 1:
                    c.number(state.this_round[i], 50, row, sign=True)
                c.number_right(totals[i], c.width - 3, row, scale)
            else:
                c.text("end the round" if i == players else "round scores", 8, row)
            if i == self.index:
                c.invert_rows(row, tall)
            row += tall
            i += 1
        scroll_bar(c, top, i - top, players + 2, 1, rows)
        if self.index < players:
            self.hint(c, "OK:add hold BACK:undo")
        else:
            self.hint(c, "OK:end the round" if self.index == players else "OK:open")

    def _draw_over(self, c, state):
        # the big number takes rows 3-6: the hint keeps row 7 to itself
        c.centre("GAME OVER: WINNER", 0)
        c.invert_rows(0)
        c.centre(state.table.name(state.winner), 1, scale=2)
        c.big_number_centre(state.ledger.totals[state.winner], 3)
        self.hint(c, "OK:round scores")
