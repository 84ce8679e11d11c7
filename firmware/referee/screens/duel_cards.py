"""Telling the duel's clerk which cards: the two of a build, or the face
card traded in the recovery and how many cards come back.

UP/DOWN step through the cards of the player's half (ace to king, each in
its two suits, then the joker if it is in play; hold to run), OK goes to
the next question and, after the last, does it; BACK goes back one, out of
the first. A build says as you choose whether the pair may build and what
it makes.
"""

from micropython import const

from referee.games import duel
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class CardEntry(Screen):
    def __init__(self, hub, what):
        self.app = hub.app
        self.hub = hub
        self.what = what  # "build" or "recover"
        state = hub.session.state
        self.seat = state.active if what == "build" else state.recovering
        colour = state.colour[self.seat]
        suits = (0, 1) if colour == duel.BLACK else (2, 3)
        low = 1 if what == "build" else 11  # a trade gives up a face card
        cards = [rank * 4 + s for rank in range(low, 14) for s in suits]
        if state.jokers:
            cards.append(56 if colour == duel.BLACK else 58)
        self.cards = cards
        # build: two cards; recover: the face card, then 1 or 2 back (2 first:
        # a face card given up for one card back is rare)
        self.picks = [0, 1 if what == "recover" else 0]
        self.field = 0
        self.message = None

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            size = len(self.cards) if self.what == "build" or self.field == 0 else 2
            self.picks[self.field] = (self.picks[self.field] + step) % size
        elif ev == _OK_PRESS and self.field == 0:
            self.field = 1
        elif ev == _OK_PRESS:
            self.app.pop()  # before the act: it may open a note over the hub
            message = self.hub.act(self.action())
            if message is not None:
                self.hub.message = None
                self.message = message
                self.app.push(self)
        elif ev == _BACK_PRESS:
            if self.field == 0:
                self.app.pop()
            else:
                self.field = 0

    def action(self):
        first = self.cards[self.picks[0]]
        if self.what == "build":
            return {"a": "build", "cards": [first, self.cards[self.picks[1]]]}
        return {"a": "recover", "face": first, "back": self.picks[1] + 1}

    def draw(self, c):
        state = self.hub.session.state
        name = state.table.names[self.seat]
        first = self.cards[self.picks[0]]
        if self.what == "build":
            c.centre("BUILD: %s" % name, 0)
            second = self.cards[self.picks[1]]
            c.text(duel.name(first), 10, 2, scale=2)
            c.text("+", 58, 2, scale=2)
            c.text(duel.name(second), 76, 2, scale=2)
            problem = self.message or duel.build_problem(first, second)
            if first == second:
                problem = "two different cards"
            if problem:
                c.lines(problem, 5)
            else:
                low, high = sorted((duel.value(first), duel.value(second)))
                c.centre("two robots" if low == high else "robot %d, discard %d" % (low, high), 5)
        else:
            c.centre("RECOVERY: %s" % name, 0)
            c.text(duel.name(first), 10, 2, scale=2)
            c.text("back %d" % (self.picks[1] + 1), 58, 2, scale=2)
            if self.message:
                c.lines(self.message, 5)
            else:
                c.centre("trade it for 1 or 2", 5)
                c.centre("from the discard pile", 6)
        c.invert_rows(0)
        x = 10 if self.field == 0 else (76 if self.what == "build" else 58)
        c.hline(x, 33, 34, 1)
        c.centre("UP/DN:pick OK:next", 7)  # the message is in rows 5 and 6
