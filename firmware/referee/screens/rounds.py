"""The hands (ROBOTS!, Robber Rummy) or rounds (the score pad) of the game
so far, one a page: how a hand ended and what each side scored. UP/DOWN
turn the pages; OK picks a side to correct, OK again opens the number
(the hand's score is replaced, the totals recomputed, and the target
judged again: a correction can end the game or reopen it).

In a sitting (Robber Rummy's best of seven) the pages are every game's
hands, numbered within their game; only the game being played (or the one
just won) can be corrected: the games after an earlier one were played on
from its result.
"""

from micropython import const

from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import CELL
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)

_ROWS = const(6)


class Rounds(Screen):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        # What the pages are is the rules core's to say (PERIOD, SITTING,
        # ENDINGS, closed(), fix()): this screen knows no game by name.
        self.page = max(1, session.rules.closed(session.state))
        self.side = -1  # -1: turning pages; else the side picked to correct
        self.top = 0

    def _game_start(self):
        """This game's first hand (a sitting's games share the hands' count)."""
        state = self.session.state
        return state.hand - state.hands_this_game

    def _decided(self):
        """Whether this page is a hand of a sitting's earlier game: shown,
        not corrected (the games after it were played on from its result)."""
        return self.session.rules.SITTING and self.page < self._game_start()

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        last = self.session.rules.closed(self.session.state)
        if step and last:
            if self.side < 0:
                self.page = 1 + (self.page - 1 + step) % last
            else:
                self.side = (self.side - step) % self.session.state.table.sides()
                self.top = keep_visible(self.top, self.side, _ROWS)
        elif ev == _OK_PRESS and last:
            if self._decided():
                self.message = "that game is decided"
            elif self.side < 0:
                self.side = self.top = 0
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
        page, side = self.page, self.side
        was = state.ledger.round_scores(page)[side]
        action = self.session.rules.fix(page, side)

        def save(points):
            action["pts"] = points
            was = state.winner
            refused = self.session.act(action)
            now = self.session.state  # rebuilt by the act
            if refused is None and now.winner != was:  # said where eyes are
                if now.winner is None:
                    self.message = "game reopened"
                else:
                    self.message = "%s wins" % now.table.side_name(now.winner)
            return refused

        name = state.table.side_name(side)
        self.app.push(NumberEntry(self.app, name, save, None, was, was, self.session.rules.GRAIN))

    def draw(self, c):
        state = self.session.state
        rules = self.session.rules
        word = rules.PERIOD
        if not rules.closed(state):
            c.centre(word + " SCORES", 0)
            c.invert_rows(0)
            c.centre("none closed yet", 3)
            return
        match = state.match if rules.SITTING else None
        if match is None:
            x = c.number(self.page, c.text(" ", c.text(word, 2, 0), 0), 0)
        else:  # a sitting: the game, and the hand within it
            game, hand = match.game_of(self.page)
            x = c.number(game, c.text("GAME ", 2, 0), 0)
            x = c.number(hand, c.text(" HAND ", x, 0), 0)
        if rules.ENDINGS:
            how, out = state.ending(self.page)
            row = 0 if match is None else _ROWS  # a sitting's header is full
            x = c.text(" " + how, x if match is None else 2, row)
            if out >= 0:
                c.text(state.table.names[out], x + CELL, row)
        c.invert_rows(0)
        scores = state.ledger.round_scores(self.page)
        sides = state.table.sides()
        for side in range(self.top, min(sides, self.top + _ROWS)):
            row = 1 + side - self.top
            c.text(state.table.side_name(side), 4, row)
            c.number_right(scores[side], c.width - 4, row, sign=True)
            if side == self.side:
                c.invert_rows(row)
        scroll_bar(c, self.top, _ROWS, sides)
        if self.side < 0 and self._decided():
            self.hint(c, "UP/DOWN  BACK:back")  # an earlier game's: looked at only
        elif self.side < 0:
            self.hint(c, "UP/DN:page  OK:fix")
        else:
            self.hint(c, "OK:change it")
