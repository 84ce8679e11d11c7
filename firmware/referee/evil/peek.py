"""Pass the device round: each player, named on the screen, holds OK to see
their robot, its power and their side; letting go blanks the screen.

DOWN passes on to the next player, UP goes back one. While OK is held,
UP/DOWN choose what the screen shows, so the owner can turn it to the table
and reveal the minimum: everything (for the owner), power only, side only,
robot only. The dealt coins show only while the side is still the dealt
one. BACK, while OK is held, is the owner's hidden choice, shown on the
everything view: PlusBot's power (up to 3 over its card, before it acts),
JudasBot's switch (after its pretended pass), CheatBot's lie (in a round the
device judges, in either phase: conversions of it are shown the other way
round; in older rounds, its denial of its last conversion), and on the side
view CheatBot's false side: the next side, round the three. In a round the
device judges that side stays CheatBot's shown side (a hidden "cheat" step)
until it chooses again: its side view shows it, its full view reads
"GOOD>EVIL" (its own, then the one it shows), and a conversion it makes
sends the target to it (evil-robots.txt, Notes & FAQ). The side view looks
the same for every player, so BACK there tells the table nothing. What was
chosen and shown is recorded when the device is passed on (DOWN, UP or BACK).
Nothing secret is drawn unless OK is held on this screen (App.peeking:
Screen.draw calls draw_secret).
"""

from micropython import const

from referee.core.chance import allegiance_of
from referee.evil import rules as evil
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)
_BACK_PRESS = const(3)

_ALL = const(0)
_POWER = const(1)
_SIDE = const(2)
_ROBOT = const(3)
_VIEWS = ("", "power", "side", "robot")
_SIDES = ("good", "evil", "neutral")

_CHEATBOT = const(2)
_JUDASBOT = const(9)
# The secrets screen: the power (big, at the left), the rest in a column right of it
_RIGHT_X = const(50)

# Each robot's ability in a few words (in the order of evil.BOTS).
ABILITY = (
    ("+1 if Evil wins,", "whatever your side"),
    ("react: make a conver-", "sion fail or bounce"),
    ("you may fake your", "side and lie about it"),
    ("do the action of a", "robot that acted"),
    ("react: after any try,", "they join your side"),
    ("act at any power;", "show this card"),
    ("react once: a failed", "conversion works"),
    ("your action: no pass", "phase this round"),
    ("pull up to 2 to you,", "then reflip yourself"),
    ("fake a pass, switch", "side, then pass again"),
    ("on a side you cannot", "be converted"),
    ("+2 if you end on the", "losing team"),
    ("pass: act first in", "the pass phase"),
    ("raise your power by", "up to 3 (BACK now)"),
    ("force anyone to the", "side you choose"),
    ("make anyone reflip", "their coin now"),
    ("+1 if you show only", "your power all round"),
    ("convert equal or", "lower power too"),
)


class Peek(Screen):
    peek = True

    def __init__(self, app, session, seat, choose=False):
        Screen.__init__(self, app, session)
        self.choose = choose  # peek again: one chosen player, then back
        self._start(seat)

    def _start(self, seat):
        self.seat = seat
        self.view = _ALL
        self.showed = ""  # the reveal views shown, as "p", "s", "r"
        self.shown_as = None  # CheatBot's false side on the side view
        self.choice = None  # the hidden choice pending (a power, a side, True)

    def _offer(self):
        """What BACK chooses on the everything view for this player now:
        "plus", "judas", "truth" or None."""
        state = self.session.state
        seat = self.seat
        bot = state.bots[seat]
        if bot == _CHEATBOT and state.rules == 3 and state.phase in (evil.TURNS, evil.PASSING):
            return "lie"  # in either phase: the device shows what CheatBot chose
        if state.phase != evil.TURNS:
            return None
        if bot == evil.PLUSBOT:
            if not state.plus_set and seat not in state.acted and seat not in state.passed:
                return "plus"
        elif bot == _JUDASBOT and state.strict:
            if seat in state.acted and seat in state.passed and seat not in state.used:
                return "judas"
        elif bot == _CHEATBOT and state.strict and state.was[seat] != state.side[seat]:
            return "truth"
        return None

    def _shows(self, state):
        """The side this player's side view shows: its own, the false one
        chosen in this peek, or (a judged round) CheatBot's standing one."""
        if self.shown_as is not None:
            return self.shown_as
        seat = self.seat
        if state.bots[seat] == _CHEATBOT and state.cheat:
            return state.cheat
        return state.side[seat]

    def on_event(self, ev):
        state = self.session.state
        step = STEP[ev]
        if self.app.peeking:  # the owner's input, unseen by the table
            if step:
                self.view = (self.view + step) % 4
                letter = _VIEWS[self.view][:1]
                if letter and letter not in self.showed:
                    self.showed += letter
            elif ev == _BACK_PRESS:
                self._choose(state)
            return
        players = state.table.players
        if step and self.choose:
            self._record(False)
            self._start((self.seat - step) % players)
        elif ev == _DOWN_PRESS:
            self._record(True)
            if self.seat + 1 < players:
                self._start(self.seat + 1)
            else:
                self.app.pop()
                # loaded when first opened, for the heap (see referee.screens)
                from referee.evil.calls import Calls

                self.app.push(Calls(self.app, self.session))
        elif ev == _UP_PRESS and self.seat > 0:
            self._record(False)
            self._start(self.seat - 1)
        else:
            if ev == _BACK_PRESS:
                self._record(False)
            self.back(ev)

    def _choose(self, state):
        seat = self.seat
        if self.view == _SIDE:
            if state.bots[seat] == _CHEATBOT and state.strict:
                shown = self._shows(state)
                self.shown_as = _SIDES[(_SIDES.index(shown) + 1) % 3]
            return
        offer = self._offer() if self.view == _ALL else None
        if offer == "plus":
            card = state.card_power[seat]
            power = (self.choice or state.power[seat]) + 1
            self.choice = card if power > card + evil.PLUS else power
        elif offer == "judas":  # another side, or none: round the three
            side = self.choice or state.side[seat]
            side = _SIDES[(_SIDES.index(side) + 1) % 3]
            self.choice = None if side == state.side[seat] else side
        elif offer == "truth" or offer == "lie":
            self.choice = None if self.choice else True

    def _record(self, passed_on):
        """Save what this player chose and showed; a refusal changes nothing
        and is not shown (a message on the cover would tell a secret)."""
        session = self.session
        state = session.state
        seat = self.seat
        offer = self._offer()
        if self.choice is not None and offer is not None:
            action = {"a": offer, "seat": seat}  # type: dict
            if offer == "plus":
                if self.choice != state.power[seat]:
                    action["power"] = self.choice
                    session.act(action)
            elif offer == "judas":
                action["to"] = self.choice
                session.act(action)
            elif offer == "lie":  # BACK turned its standing choice over
                action["on"] = not state.lie
                session.act(action)
            else:
                session.act(action)
        shown = self._shows(state)
        if state.rules == 3 and self.shown_as is not None:
            # CheatBot's shown side stands until it chooses again (hidden)
            cheat = None if shown == state.side[seat] else shown
            if cheat != state.cheat:
                session.act({"a": "cheat", "seat": seat, "as": cheat})
        if state.strict:
            for letter in self.showed:
                what = _VIEWS[" psr".index(letter)]
                if letter not in session.state.shown[seat]:
                    show = {"a": "show", "seat": seat, "what": what}  # type: dict
                    if letter == "s" and (self.shown_as is not None or shown != state.side[seat]):
                        show["as"] = shown
                    session.act(show)
            if passed_on and not self.choose and session.state.peeked <= seat:
                session.act({"a": "seen", "seat": seat})
        self.choice = None
        self.showed = ""

    def draw_cover(self, c):
        c.centre("PASS THE DEVICE TO", 0)
        c.invert_rows(0)
        c.centre(self.session.state.table.names[self.seat], 2, scale=2)
        c.centre("hold OK to see yours", 5)
        # the keys only: a message would tell a secret
        c.centre("UP/DOWN:who BACK:done" if self.choose else "DOWN: pass it on", 7)

    def draw_secret(self, c):
        """The one place a player's secrets are drawn: Screen.draw calls it
        only while OK is held. One view at a time, so the owner can show
        the table just the one thing."""
        state = self.session.state
        seat = self.seat
        bot = state.bots[seat]
        view = self.view
        if view == _POWER:
            c.centre("POWER", 0)
            c.invert_rows(0)
            c.big_number_centre(state.power[seat], 2)
            return
        side = state.side[seat]
        if view == _SIDE:
            c.centre("SIDE", 0)
            c.invert_rows(0)
            c.centre(self._shows(state).upper(), 3, scale=2)
            return
        if view == _ROBOT:
            c.centre("ROBOT", 0)
            c.invert_rows(0)
            c.centre(evil.BOTS[bot], 2, scale=2)
            c.centre(ABILITY[bot][0], 5)
            c.centre(ABILITY[bot][1], 6)
            return
        c.centre(evil.BOTS[bot], 0)
        c.invert_rows(0)
        c.centre(ABILITY[bot][0], 1)
        c.centre(ABILITY[bot][1], 2)
        offer = self._offer()
        power = state.power[seat]
        if offer == "plus" and self.choice:
            power = self.choice
        c.big_number(power, 4, 3)
        c.text("power", 4, 7)
        coins = state.coins[seat]
        if side == allegiance_of(coins[0] == "H", coins[1] == "H"):  # still the dealt side
            c.text("coins", _RIGHT_X, 3)
            c.text(coins, _RIGHT_X, 4, scale=2)
        shown = self._shows(state)
        c.text(side.upper() if shown == side else side.upper() + ">" + shown.upper(), _RIGHT_X, 6)
        if offer == "plus":
            c.text("BACK:+1", _RIGHT_X, 7)
        elif offer == "judas":
            c.text("BACK>" + (self.choice or "stay"), _RIGHT_X, 7)
        elif offer == "truth":
            c.text("BACK:" + ("I lied" if self.choice else "deny?"), _RIGHT_X, 7)
        elif offer == "lie":  # deny conversions of it (or claim them)?
            c.text("BACK:lie " + ("yes" if state.lie != bool(self.choice) else "no"), _RIGHT_X, 7)
        else:
            c.text("UP/DN:show", _RIGHT_X, 7)
