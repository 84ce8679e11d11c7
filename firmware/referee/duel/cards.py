"""Telling the duel's clerk which two cards build a robot.

Each card is picked by rank, then suit: UP/DOWN step the rank (ace to
king, then the joker if it is in play; round from either end, hold to
run), OK goes on to its suit, UP/DOWN switch between the half's two suits,
OK goes on to the next card and, after the last, does it. BACK goes back
one step, out of the first. A build's second card starts as the first (a
robot needs a suit or a value in common: one of the two is often right
already), and the screen says as you choose whether the pair may build
and what it makes.
"""

from micropython import const

from referee.duel import rules as duel
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)

_SCALE_CELL = const(12)  # a character cell at scale 2
# The two cards side by side at scale 2: "9H + QS" (a card's name 4 cells at most)
_FIRST_X = const(10)
_PLUS_X = const(58)
_SECOND_X = const(76)


class CardEntry(Screen):
    def __init__(self, hub):
        Screen.__init__(self, hub.app)
        self.hub = hub
        state = hub.session.state
        self.seat = state.active
        colour = state.colour[self.seat]
        self.suits = (0, 1) if colour == duel.BLACK else (2, 3)
        self.high = duel.JOKER if state.jokers else 13
        self.joker = 56 if colour == duel.BLACK else 58
        first = 4 + self.suits[0]  # the ace of the half's first suit
        self.cards = [first, first]
        self.field = 0  # card field // 2; its rank (even) or suit (odd)
        self.second = False  # the second card reached: it keeps its own from then

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        i = self.field // 2
        card = self.cards[i]
        if step and self.field % 2 == 0:  # the rank, round from either end
            r = duel.rank(card) + step
            r = 1 if r > self.high else self.high if r < 1 else r
            self.cards[i] = self.joker if r == duel.JOKER else r * 4 + self._suit(card)
        elif step:  # the other suit of the half
            self.cards[i] = card ^ 1
        elif ev == _OK_PRESS:
            field = self.field
            self.field += 2 if duel.rank(card) == duel.JOKER else 1  # a joker has no suit
            if self.field == 2 * len(self.cards):
                self.field = field  # where a refusal is mended
                self._done()
            elif self.field == 2 and not self.second:
                self.second = True
                self.cards[1] = card  # the second starts as the first
        elif ev == _BACK_PRESS:
            if self.field == 0:
                self.app.pop()
            else:
                self.field -= 1
                if self.field % 2 and duel.rank(self.cards[self.field // 2]) == duel.JOKER:
                    self.field -= 1

    def _suit(self, card):
        return card % 4 if duel.rank(card) != duel.JOKER else self.suits[0]

    def _done(self):
        self.app.pop()  # before the act: it may open a note over the hub
        message = self.hub.act({"a": "build", "cards": list(self.cards)})
        if message is not None:
            self.hub.message = None
            self.message = message
            self.app.push(self)

    def draw(self, c):
        state = self.hub.session.state
        name = state.table.names[self.seat]
        first = self.cards[0]
        c.centre("BUILD: %s" % name, 0)
        second = self.cards[1]
        c.text(duel.name(first), _FIRST_X, 2, scale=2)
        c.text("+", _PLUS_X, 2, scale=2)
        c.text(duel.name(second), _SECOND_X, 2, scale=2)
        problem = self.message or duel.build_problem(first, second)
        if first == second:
            problem = "two different cards"
        if not (self.second or self.message):  # nothing to judge yet
            c.centre("the first card", 5)
        elif problem:
            c.lines(problem, 5)
        elif duel.value(first) == duel.value(second):
            c.centre("two robots", 5)
        else:  # the lower is the robot, the higher discarded
            low, high = (
                (first, second) if duel.value(first) < duel.value(second) else (second, first)
            )
            c.centre("robot %s, discard %s" % (duel.name(low), duel.name(high)), 5)
        c.invert_rows(0)
        # the rank's characters or the suit's underlined
        card = self.cards[self.field // 2]
        x = 10 if self.field < 2 else 76
        ranks = len(duel.name(card)) - (0 if duel.rank(card) == duel.JOKER else 1)
        if self.field % 2:
            x += ranks * _SCALE_CELL
            ranks = 1
        c.hline(x, 33, ranks * _SCALE_CELL - 2, 1)
        c.centre("UP/DN:suit OK:next" if self.field % 2 else "UP/DN:rank OK:suit", 7)
