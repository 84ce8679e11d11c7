"""ROBOTS! and Robber Rummy beside the cards: who deals, the running totals,
and scoring each hand from the cards counted on the table.

The standings: the cursor is on the hand, or on one of the tools (history
of hands; for ROBOTS! the power reminders and the Tractor Beam count). On
the hand it marks the player whose count OK opens (the dealer's left, then
whoever is not yet counted; the winner once there is one), so the bar never
sits on a player that OK would pass over. OK on a tool opens it, a long
BACK takes back the last step, BACK returns to the menu (the game stays
saved).

Scoring a hand: each player's cards in turn from the dealer's left
(rummy/hand.py); who went out follows from the counts (the one
empty hand; in Robber Rummy none: the stock ran out) and is asked only
when they leave it open.
"""

from micropython import const

from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import CELL, number_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)

_VISIBLE = const(6)


class Rummy(Screen):
    undoes = True

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.index = 0
        self.top = 0
        self._picker = None  # made once, reused for every hand (rummy/hand.py)
        self._entry = None

    def _tools(self):
        if self.session.rules.POWER_CARDS:
            return ("standings", "history", "reminders", "tractor beam")
        return ("standings", "history")

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            self.move(step, 1 + len(self._tools()))  # the hand, then the tools
        elif ev == _OK_PRESS:
            if self.index == 0:
                self.score_hand()
            else:
                self.open_tool(self._tools()[self.index - 1])
        else:
            self.back(ev)  # no local holds the state: an undo frees the old one

    def _scale(self):
        return 2 if self.session.state.table.sides() <= 3 else 1

    def score_hand(self):
        state = self.session.state
        if state.winner is not None:
            if "again" in self.session.rules.legal(state):
                self.message = self.session.act({"a": "again"})
            return
        # loaded when first opened, for the heap (see referee.screens)
        from referee.rummy.hand import next_count

        next_count(self)

    def open_tool(self, tool):
        if tool == "standings":
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.standings import Standings

            self.app.push(Standings(self.app, self.session.state))
        elif tool == "history":
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.rounds import Rounds

            self.app.push(Rounds(self.app, self.session))
        else:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.robots.help import Powers, TractorBeam

            self.app.push(Powers(self.app) if tool == "reminders" else TractorBeam(self.app))

    def draw(self, c):
        state = self.session.state
        table = state.table
        match = state.match
        if state.over:
            c.centre("GAME OVER" if match is None else "SITTING OVER", 0)
        elif state.winner is not None:  # a sitting's game won: the next on OK
            c.centre("GAME %d WON" % len(match.starts), 0)
        else:
            # a sitting numbers the hands within each game
            hand = state.hand if match is None else match.game_of(state.hand)[1]
            x = c.text("HAND ", 2, 0)
            c.number(hand, x, 0)
            deals = table.names[state.dealer]
            c.text("deals", c.width - 2 - 5 * CELL, 0)
            c.text(deals, c.width - 2 - (6 + len(deals)) * CELL, 0)
        c.invert_rows(0)
        scale = self._scale()
        start = 1  # the list's first row
        if match is None:
            totals = state.ledger.totals
        else:  # this game's totals, under the games each side has won
            totals = match.totals(state.ledger)
            _games_line(c, match, table)
            start = 2
        # '>' marks the one leader once a hand is in; a tie at the top, none
        top = max(totals)
        leader = totals.index(top) if state.hands_this_game and totals.count(top) == 1 else -1
        sides = table.sides()
        tools = self._tools()
        entries = sides + len(tools)
        rows = _VISIBLE + 1 - start
        # the sides (double size for three or fewer), then the tools; the bar
        # on a tool, or on the side the hand's OK is about: the winner once
        # there is one, else the first player not yet counted from the
        # dealer's left (whose count OK opens)
        if self.index:
            bar = sides + self.index - 1
        elif state.over:
            bar = state.ledger.leaders()[0] if match is None else match.winner()
        elif state.winner is not None:
            bar = state.winner
        else:  # (walked seat by seat, not with table.clockwise: no list a frame)
            seat = state.starter
            for _ in range(table.players - 1):
                if seat not in state.counts:
                    break
                seat = table.left_of(seat)
            bar = table.team_of(seat)
        first = self.top = keep_visible(self.top, bar, rows, sides, scale)
        row = start
        i = first
        while i < entries:
            tall = scale if i < sides else 1
            if row + tall > start + rows:
                break
            if i < sides:
                if i == leader:
                    c.text(">", 0, row, scale)
                name = table.side_name(i)
                if scale == 1 or len(name) <= 6:
                    c.text(name, 7 * scale, row, scale)
                else:  # partners too wide for double size: small, one above the other
                    cut = name.find("+") + 1
                    c.text(name[:cut], 14, row)
                    c.text(name[cut:], 14, row + 1)
                c.number(totals[i], c.width - 3 - number_width(totals[i], scale), row, scale)
            else:
                c.text(tools[i - sides], 8, row)
            if i == bar:
                c.invert_rows(row, tall)
            row += tall
            i += 1
        scroll_bar(c, first, i - first, entries, start, rows)
        self.hint(c, self._hint(state) if self.index == 0 else "OK:open")

    def _hint(self, state):
        if state.over:
            match = state.match
            side = state.ledger.leaders()[0] if match is None else match.winner()
            return "%s won" % state.table.side_name(side)
        if state.winner is not None:
            return "OK: next game"
        return "OK:on  hold BACK:undo"  # on to scoring the hand


def _games_line(c, match, table):
    """A sitting's line: "game 3, ANN 2-0" (the games won, the side ahead
    named; "game 3, 1-1" when level)."""
    wins = match.wins
    x = c.number(len(match.starts), c.text("game ", 2, 1), 1)
    x = c.text(", ", x, 1)
    if wins[0] != wins[1]:
        ahead = 0 if wins[0] > wins[1] else 1
        x = c.text(" ", c.text(table.side_name(ahead), x, 1), 1)
    else:
        ahead = 0
    c.number(wins[1 - ahead], c.text("-", c.number(wins[ahead], x, 1), 1), 1)
