"""Pass the device round: each player, named on the screen, holds OK to see
their robot, its power and their coins; letting go blanks the screen.

DOWN passes on to the next player, UP goes back one. PlusBot, while
peeking, may raise its power with UP (up to 3 more than its card, then round
to the card again) before the turns begin. Nothing secret is drawn unless OK
is held on this screen (App.peeking: Screen.draw calls draw_secret).
"""

from micropython import const

from referee.games import evil
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)

# Each robot's ability in a few words (in the order of evil.BOTS).
ABILITY = (
    ("+1 if Evil wins,", "whatever your side"),
    ("react: make a conver-", "sion fail or bounce"),
    ("you may fake your", "side and lie about it"),
    ("do the action of a", "robot that acted"),
    ("react: after any try,", "pull them to your side"),
    ("act at any power;", "show this card"),
    ("react once: a failed", "conversion works"),
    ("your action: no pass", "phase this round"),
    ("pull up to 2 to you,", "then reflip yourself"),
    ("fake a pass, switch", "side, pass again later"),
    ("on a side you cannot", "be converted"),
    ("+2 if you end on the", "losing team"),
    ("pass: act first in", "the pass phase"),
    ("raise your power by", "up to 3 (UP now)"),
    ("force anyone to the", "side you choose"),
    ("make anyone reflip", "their coin now"),
    ("+1 if you show only", "your power all round"),
    ("convert equal or", "lower power too"),
)


class Peek(Screen):
    peek = True

    def __init__(self, app, session, seat, choose=False):
        self.app = app
        self.session = session
        self.seat = seat
        self.choose = choose  # peek again: one chosen player, then back
        self.message = None

    def on_event(self, ev):
        state = self.session.state
        step = STEP[ev]
        self.message = None
        if self.app.peeking and step > 0 and state.bots[self.seat] == evil.PLUSBOT:
            card = state.card_power[self.seat]
            power = state.power[self.seat] + 1
            if power > card + evil.PLUS:
                power = card  # round again: back to the card

            self.message = self.session.act({"a": "plus", "seat": self.seat, "power": power})
            return
        if self.app.peeking:
            return  # nothing else happens while a secret is showing
        players = state.table.players
        if step and self.choose:
            self.seat = (self.seat - step) % players
        elif ev == _DOWN_PRESS:
            if self.seat + 1 < players:
                self.seat += 1
            else:
                self.app.pop()
                # loaded when first opened, for the heap (see referee.screens)
                from referee.screens.evil_turns import Calls

                self.app.push(Calls(self.app, self.session))
        elif ev == _UP_PRESS and self.seat > 0:
            self.seat -= 1
        else:
            self.back(ev)

    def draw_cover(self, c):
        c.centre("PASS THE DEVICE TO", 0)
        c.invert_rows(0)
        c.centre(self.session.state.table.names[self.seat], 2, scale=2)
        c.centre("hold OK to see yours", 5)
        # the keys only: the message (from PlusBot's raise) would tell a secret
        c.centre("UP/DOWN:who BACK:done" if self.choose else "DOWN: pass it on", 7)

    def draw_secret(self, c):
        """The one place a player's secrets are drawn: Screen.draw calls it
        only while OK is held."""
        state = self.session.state
        seat = self.seat
        bot = state.bots[seat]
        c.centre(evil.BOTS[bot], 0)
        c.invert_rows(0)
        c.centre(ABILITY[bot][0], 1)
        c.centre(ABILITY[bot][1], 2)
        c.big_number(state.power[seat], 4, 3)
        c.text("power", 4, 7)
        side = state.side[seat]
        c.text("coins", 50, 3)
        c.text(state.coins[seat], 50, 4, scale=2)
        c.text(side.upper(), 50, 6, scale=1)
        if self.message:
            c.text(self.message[:13], 50, 7)
