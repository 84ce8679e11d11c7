"""Evil Robots at the table: the round, step by step.

The hub shows the round, the scores and what comes next. OK goes on to the
next step: the deal (the device deals robots and power cards and flips every
player's two coins), passing the device round for each player to peek, the
discussion and the power calls, the pass phase, and the round's end. UP/DOWN
reach the tools: peek again, standings. A long BACK takes back the last
step; BACK returns to the menu (the round stays saved, secrets and all).
"""

from micropython import const

from referee.evil import rules as evil
from referee.hw.buzzer import ROLL
from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import CELL, COLUMNS, number_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_LONG = const(7)

_VISIBLE = const(5)
_TOOLS = ("peek again", "standings")


class EvilGame(Screen):
    undoes = True

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.index = -1  # -1: the next step; 0.. the players, then the tools

    def _rows(self):
        return self.session.state.table.players + len(_TOOLS)

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            self.move(step, self._rows(), _VISIBLE, -1)
        elif ev == _OK_PRESS:
            players = self.session.state.table.players
            if self.index < players:
                self.next_step()
            elif _TOOLS[self.index - players] == "peek again":
                # loaded when first opened, for the heap (see referee.screens)
                from referee.evil.peek import Peek

                self.app.push(Peek(self.app, self.session, 0, choose=True))
            else:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.screens.standings import Standings

                self.app.push(Standings(self.app, self.session.state))
        elif ev == _BACK_LONG:
            # loaded for an undo only: the full rules' undo keeps hidden steps
            from referee.evil.rules_full import undo

            self.message = undo(self.session) or "last step undone"
        else:
            self.back(ev)

    def _peeks_left(self, state):
        """A reset during the deal's pass round goes on at the next player
        who has not peeked (the journal counts the passes on)."""
        return (
            state.phase == evil.TURNS
            and state.strict
            and state.peeked < state.table.players
            and not state.acted
            and not state.passed
            and state.level == 12
        )

    def next_step(self):
        state = self.session.state
        if state.over:
            return
        if state.phase in (evil.DEAL, evil.SCORED):
            self.message = self.session.act(deal(self.app.chance, state))
            if self.message is None:
                self.app.beep(ROLL)
                # loaded when first opened, for the heap (see referee.screens)
                from referee.evil.peek import Peek

                self.app.push(Peek(self.app, self.session, 0))
        elif self._peeks_left(state):
            # loaded when first opened, for the heap (see referee.screens)
            from referee.evil.peek import Peek

            self.app.push(Peek(self.app, self.session, state.peeked))
        elif state.phase == evil.TURNS:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.evil.calls import Calls

            self.app.push(Calls(self.app, self.session))
        else:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.evil.calls import PassPhase

            self.app.push(PassPhase(self.app, self.session))

    def draw(self, c):
        state = self.session.state
        x = c.text("ROUND ", 2, 0)
        c.number(max(1, state.round), x, 0)
        # (numbers drawn as numbers: a formatted string a redraw is garbage)
        x = c.width - 4 * CELL - number_width(state.target)  # "to N " against the right edge
        c.number(state.target, c.text("to ", x, 0), 0)
        c.invert_rows(0)
        what = None
        if state.over:
            what = "%s won!" % state.table.names[state.winner]
        elif state.phase in (evil.DEAL, evil.SCORED):
            c.number(state.round + 1, c.text("> deal round ", 2, 1), 1)
        elif self._peeks_left(state):
            what = "> peeks: " + state.table.names[state.peeked]
        elif state.phase == evil.TURNS:
            what = "> the turns"
        else:
            what = "> the pass phase"
        if what is not None:
            c.text(what, 2, 1)
        if self.index == -1:
            c.invert_rows(1)
        table = state.table
        totals = state.ledger.totals
        visible = _VISIBLE
        if self.message is not None and len(self.message) > COLUMNS:
            visible -= 1  # the message takes the two bottom lines (Canvas.hint)
        top = keep_visible(self.top, max(0, self.index), visible)  # the cursor's row in sight
        for i in range(top, min(self._rows(), top + visible)):
            row = 2 + i - top
            if i < table.players:
                c.text(table.names[i], 8, row)
                c.number(totals[i], c.width - 4 - number_width(totals[i]), row)
            else:
                c.text(_TOOLS[i - table.players], 8, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, top, visible, self._rows(), 2, visible)
        self.hint(c, "OK:on  hold BACK:undo")


def deal(chance, state):
    """Deal a round: one robot each (all 18 unique), one power card each
    (two of each 1-9), two coin flips each. The outcome goes into the
    action, so the journal replays the same round. Dealt one card a hand
    from a shuffled deck is the shuffle's first cards: that, without the
    hands and the rest of the deck chance.deal would build for it. Then
    three coins for the round's chance actions."""
    n = state.table.players
    bots = chance.shuffle(list(range(len(evil.BOTS))))
    del bots[n:]  # (in place: a slice would be one more list a deal)
    power = chance.shuffle(list(_POWER_CARDS))
    del power[n:]
    coins = []
    for _ in range(n):
        coins.append([chance.coin(), chance.coin()])
    # the coins of the round's chance actions, drawn now: an undone action
    # done again takes the same one (evil.py; docs/design.md's rulings)
    flips = [chance.coin(), chance.coin(), chance.coin()]
    return {"a": "deal", "bots": bots, "power": power, "coins": coins, "flips": flips, "v": 3}


_POWER_CARDS = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9)  # two of each
