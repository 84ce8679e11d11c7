"""Evil Robots: the round's referee (evil-robots.txt v0.72, docs/design.md's rulings).

The device deals the robots and power cards and flips the allegiance coins,
so every secret starts in the journal as a recorded outcome. Actions:

    {"a": "deal", "bots": [b, ...], "power": [p, ...], "coins": [[h, h], ...]}
        a new round: per player a robot (0-17, see BOTS), a power card
        (1-9) and two coin flips (true = heads); the robot seat, if any,
        starts Neutral at power 5
    {"a": "pass", "seat": s}              passes in the discussion
    {"a": "plus", "seat": s, "power": p}  PlusBot sets its power (up to +3)
    {"a": "turn", "seat": s, "do": "own" | "convert" | "self" | "pass" | "skip",
     "target": t, "ok": true, "to": "good"}
        a turn in the Turns phase or the pass phase: its own action, a
        conversion of ``target`` (``ok``: it worked), converting itself
        (``to`` a side; not in the pass phase), passing, or no turn
    {"a": "end", "side": [final allegiance per seat], "scaredy": true}
        the round's end: the table confirms every allegiance (robot seat
        last), and whether ScaredyBot revealed nothing but its power

A deal with ``"v": 2`` starts a round under the full rules (evil/rules_full.py):
the robots' abilities as turns, reactions chained on a conversion, the
call level, reveals, PlusBot's single choice, the pass phase as printed.
Rounds dealt without it (journals written before) replay as they were.

    {"a": "call", "level": n}            the calls go down to n (0: over)
    {"a": "turn", "seat": s, "do": "own", ...the ability's fields}
        PushBot "target", "to"; GroupBot "targets" (up to 2), "coin" (its
        own new side, drawn by the device: heads good); RandomBot "target",
        "coin"; CopyBot "copy" (a robot whose action was taken this round)
        and that robot's fields; GandalfBot nothing
    {"a": "turn", "seat": s, "do": "convert" | "self", ..., "react": [[r, how], ...]}
        the reactions in the order played: "lock" (LockBot, the target,
        refuses), "force" (ForceBot: a failed one works), "fail" / "back"
        (BlockBot: fails, or turns on the instigator), "over" (DoOverBot:
        the player goes to the DoOverBot's side)
    {"a": "show", "seat": s, "what": "power" | "side" | "robot" | "all", "as": side}
        what a player showed the table ("as": CheatBot's false side)
    {"a": "judas", "seat": s, "to": side}   hidden: JudasBot's switch after its pretended pass
    {"a": "truth", "seat": s}               hidden: CheatBot lied about the last conversion of it
    {"a": "seen", "seat": s}                the device passed on after s peeked
    {"a": "first", "seat": s}               PassBot claims the pass phase's first place
    {"a": "level", "seat": s, "level": n}   FreeBot's level in the pass phase

A deal with ``"v": 3`` (the device's deals since issue 33) adds
``"flips": [h, h, h]``: the coins the round's chance actions will use
(RandomBot's, GroupBot's reflip, CopyBot's copy of either), drawn with the
deal, so an undone action done again gets the same coin. Under it the
device applies what it knows (evil/rules_full.py): a turn at a call needs the
power (PlusBot's chosen one; FreeBot any level); a conversion's outcome
comes from the powers and the robots, not from the table ("ok" is not
read); reactions and a robot's action are claims ("bot": the robot
claimed) checked against the deal; GroupBot's pulls take reactions,
``"react": [[...], [...]]``, one chain per player pulled; and:

    {"a": "lie", "seat": s, "on": true}   hidden: CheatBot will deny conversions of it
    {"a": "cheat", "seat": s, "as": side} hidden: the side CheatBot shows (null: its
        own); a conversion it makes sends the target to that side

Hidden steps (plus, judas, truth, lie, cheat) are kept in ``hidden`` until the next
public step, so an undo from a public screen takes back the last public
step and keeps them (rules_full.undo): it never says a secret was set.

Scoring (printed): the larger of the Good and Evil teams wins; a tie goes
to the team with the highest single power, then the highest total power,
else nobody. Everyone on one side, or no Good or Evil team at all: nobody.
Each winner scores 2; BadBot 1 more if Evil wins, whatever its side;
MiseryBot 2 if on the losing team (not Neutral); ScaredyBot 1 if it kept
everything but its power hidden. The robot seat never scores.
"""

from referee.core.chance import EVIL, GOOD, NEUTRAL, allegiance_of
from referee.core.errors import RulesError
from referee.core.ledger import Ledger
from referee.core.seats import Table, default_names

NAME = "evil"
MIN_PLAYERS = 3
MAX_PLAYERS = 9
SIDES = (GOOD, EVIL, NEUTRAL)
ROBOT_POWER = 5
PLUS = 3  # PlusBot's most

BOTS = (
    "BadBot",
    "BlockBot",
    "CheatBot",
    "CopyBot",
    "DoOverBot",
    "FreeBot",
    "ForceBot",
    "GandalfBot",
    "GroupBot",
    "JudasBot",
    "LockBot",
    "MiseryBot",
    "PassBot",
    "PlusBot",
    "PushBot",
    "RandomBot",
    "ScaredyBot",
    "SumoBot",
)


def bot(name):
    return BOTS.index(name)


BADBOT = 0
FREEBOT = 5
GANDALFBOT = 7
MISERYBOT = 11
PASSBOT = 12
PLUSBOT = 13
SCAREDYBOT = 16

# Phases of a round
DEAL = 0  # between rounds: waiting for the deal
TURNS = 1  # discussion passes, then the power calls
PASSING = 2  # the pass phase
SCORED = 3  # the round is scored


class State:
    def __init__(self, table, target):
        self.table = table
        self.target = target
        self.ledger = Ledger(table.players)
        self.round = 0  # rounds dealt
        self.final = None  # why the last step cannot be undone (core/session.py)
        self.phase = DEAL
        self.bots = []  # type: list
        self.power = []  # type: list  # per player: the card, or PlusBot's choice
        self.card_power = []  # type: list  # the power cards as dealt
        self.coins = []  # type: list  # the two flips, as "HT"
        self.side = []  # type: list  # per seat, robot seat last: good / evil / neutral
        self.passed = []  # type: list  # seats that passed (discussion or their turn)
        self.acted = []  # type: list  # seats whose Turns-phase turn is done
        self.pass_acted = []  # type: list
        self.no_pass_phase = False  # GandalfBot's action
        self.winner = None
        self.last_result = None  # (winning side or None, points per player)
        self.strict = False  # a round dealt under the full rules ("v": 2)
        self.level = 12  # the power call the table is at; 0: the calls are over
        self.used = []  # type: list  # seats whose one ability or reaction is spent
        self.acted_bots = []  # type: list  # robots whose action was taken in public
        self.must_pass = []  # type: list  # seats whose pass-phase turn can only be a pass
        self.claimed = False  # PassBot claimed the pass phase's first place
        self.free_level = 0  # FreeBot's chosen pass-phase level (0: its power)
        self.shown = []  # type: list  # per player: what they showed ("p", "s", "r")
        self.plus_set = False  # PlusBot has made its one choice
        self.was = []  # type: list  # per seat: the side before the last change
        self.hidden = []  # type: list  # hidden steps since the last public one
        self.peeked = 0  # players who have peeked after the deal (a resume goes on from there)
        self.rules = 1  # the deal's "v": 1 the table judged, 2 the full rules, 3 the device judges
        self.flips = []  # type: list  # (3) the coins drawn with the deal for chance actions
        self.lie = False  # (3) CheatBot denies conversions of it (its hidden choice)
        self.cheat = None  # (3) the side CheatBot shows, if not its own (its hidden choice)

    @property
    def over(self):
        return self.winner is not None

    @property
    def seats(self):
        return self.table.seats

    def holder(self, bot_index):
        """The seat dealt that robot this round, or -1."""
        for seat in range(len(self.bots)):
            if self.bots[seat] == bot_index:
                return seat
        return -1

    def seat_power(self, seat):
        if seat == self.table.players:
            return ROBOT_POWER
        return self.power[seat]


def setup(config):
    players = config.get("players")
    if isinstance(players, int):
        players = default_names(players)
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RulesError("Evil Robots is for %d to %d players" % (MIN_PLAYERS, MAX_PLAYERS))
    target = config.get("target", 10)
    if not isinstance(target, int) or not 1 <= target <= 100:
        raise RulesError("the target runs 1 to 100, not %r" % (target,))
    robot = "BOT" if config.get("robot") else None
    return State(Table(players, robot=robot), target)


def _seat(state, action, robot_ok=False):
    seat = action.get("seat")
    state.table.check_seat(seat, robot_ok)
    return seat


_FLIPS = ("TT", "TH", "HT", "HH")


def _deal(state, action):
    n = state.table.players
    bots = action.get("bots")
    power = action.get("power")
    coins = action.get("coins")
    if not (isinstance(bots, list) and isinstance(power, list) and isinstance(coins, list)):
        raise RulesError("a deal needs bots, power and coins")
    if len(bots) != n or len(power) != n or len(coins) != n:
        raise RulesError("a deal gives each of the %d players one of each" % n)
    for b in bots:
        if not isinstance(b, int) or not 0 <= b < len(BOTS):
            raise RulesError("there is no robot %r" % (b,))
    for b in bots:
        if bots.count(b) > 1:  # (not len(set(bots)): a set a deal, for nothing)
            raise RulesError("the robots are unique: one was dealt twice")
    for p in power:
        if not isinstance(p, int) or not 1 <= p <= 9:
            raise RulesError("power cards run 1 to 9, not %r" % (p,))
    for p in range(1, 10):
        if power.count(p) > 2:
            raise RulesError("there are two power cards of %d, not %d" % (p, power.count(p)))
    for pair in coins:
        if not isinstance(pair, list) or len(pair) != 2:
            raise RulesError("each player flips two coins")
    version = action.get("v")
    if version not in (2, 3):
        version = 1  # (as before "v": 2 came: any other is the table-judged round)
    flips = action.get("flips")
    if version == 3:
        if not isinstance(flips, list) or len(flips) != 3:
            raise RulesError("a deal needs 3 flips")
        for flip in flips:
            if not isinstance(flip, bool):
                raise RulesError("a flip is true or false")
    state.round += 1
    state.phase = TURNS
    state.bots = list(bots)
    state.power = list(power)
    state.card_power = list(power)
    # (looked up, not joined: five new strings a deal otherwise)
    state.coins = [_FLIPS[2 * bool(c[0]) + bool(c[1])] for c in coins]
    state.side = [allegiance_of(c[0], c[1]) for c in coins]
    if state.table.robot:
        state.side.append(NEUTRAL)
    # The round's lists emptied in place (six new ones were garbage at
    # every deal); nothing holds on to the last round's.
    del state.passed[:]
    del state.acted[:]
    del state.pass_acted[:]
    state.no_pass_phase = False
    state.last_result = None
    state.strict = version >= 2
    state.rules = version
    state.flips = list(flips) if version == 3 else []
    state.lie = False
    state.cheat = None
    state.level = 12
    del state.used[:]
    del state.acted_bots[:]
    del state.must_pass[:]
    state.claimed = False
    state.free_level = 0
    state.shown = [""] * n
    state.plus_set = False
    state.was = list(state.side)
    state.hidden = []
    state.peeked = 0


def _turn(state, action):
    if state.strict:
        from referee.evil.rules_full import (
            turn,  # the full rules: loaded at a round's first turn
        )

        turn(state, action, pass_order)
        return
    seat = _seat(state, action)
    do = action.get("do")
    pass_phase = state.phase == PASSING
    done = state.pass_acted if pass_phase else state.acted
    if seat in done:
        raise RulesError("%s has had a turn" % state.table.names[seat])
    if pass_phase:
        order, skipped = pass_order(state)
        allowed = [s for group in order for s in group]
        if seat not in allowed:
            raise RulesError("%s gets no turn in the pass phase" % state.table.names[seat])
    elif seat in state.passed:
        raise RulesError("%s waits for the pass phase" % state.table.names[seat])
    if do == "convert":
        target = action.get("target")
        state.table.check_seat(target, robot_ok=True)
        if target == seat:
            raise RulesError("to change your own side, convert yourself")
        if action.get("ok"):
            state.side[target] = state.side[seat]
    elif do == "self":
        if pass_phase:
            raise RulesError("no converting yourself: pass phase")
        to = action.get("to")
        if to not in (GOOD, EVIL):
            raise RulesError("convert yourself to good or evil, not %r" % (to,))
        if action.get("ok", True):
            state.side[seat] = to
    elif do == "pass":
        if not pass_phase and seat not in state.passed:
            state.passed.append(seat)
    elif do == "own":
        if state.bots[seat] == GANDALFBOT:
            state.no_pass_phase = True
    elif do != "skip":
        raise RulesError("no such turn: %r" % (do,))
    done.append(seat)


def pass_order(state):
    """(groups in acting order, skipped) for this round's pass phase."""
    from referee.evil.rules_turns import (
        pass_order as order,  # 1.4 KB (VM) held only from a pass phase on
    )

    powers = {}
    for seat in state.passed:
        powers[seat] = state.power[seat]
    passbot = state.holder(PASSBOT)
    if state.strict:  # as printed: PassBot only if it claims; FreeBot at its level
        free = state.holder(FREEBOT)
        if state.free_level and free in powers:
            powers[free] = state.free_level
        if not state.claimed:
            passbot = -1
    return order(state.passed, powers, passbot if passbot in state.passed else None)


def result(state, sides, scaredy):
    """(winning side or None, points per player) for final allegiances."""
    players = state.table.players
    # Good's and Evil's size, highest power and total power, in plain
    # numbers (three dicts of them were garbage at every round's end)
    good = bad = top_good = top_bad = total_good = total_bad = 0
    for seat in range(len(sides)):
        side = sides[seat]
        if side == GOOD:
            power = state.seat_power(seat)
            good += 1
            top_good = max(top_good, power)
            total_good += power
        elif side == EVIL:
            power = state.seat_power(seat)
            bad += 1
            top_bad = max(top_bad, power)
            total_bad += power
    points = [0] * players
    winner = None
    split = False  # not everyone on the same side
    for seat in range(1, players):
        split = split or sides[seat] != sides[0]
    if (good or bad) and split:  # size, then highest power, then total
        if good != bad:
            winner = GOOD if good > bad else EVIL
        elif top_good != top_bad:
            winner = GOOD if top_good > top_bad else EVIL
        elif total_good != total_bad:
            winner = GOOD if total_good > total_bad else EVIL
    if winner is not None:
        loser = EVIL if winner == GOOD else GOOD
        for seat in range(players):
            if sides[seat] == winner:
                points[seat] += 2
        badbot = state.holder(BADBOT)
        if badbot >= 0 and winner == EVIL:
            points[badbot] += 1
        misery = state.holder(MISERYBOT)
        if misery >= 0 and sides[misery] == loser:
            points[misery] += 2
    scaredy_seat = state.holder(SCAREDYBOT)
    if scaredy and scaredy_seat >= 0:
        points[scaredy_seat] += 1
    return winner, points


def quiet(state):
    """ScaredyBot is in play and has shown nothing but its power."""
    seat = state.holder(SCAREDYBOT)
    return seat >= 0 and state.shown[seat] in ("", "p")


def _end(state, action):
    sides = action.get("side")
    if not isinstance(sides, list) or len(sides) != state.seats:
        raise RulesError("the end needs the side of each of the %d seats" % state.seats)
    for side in sides:
        if side not in SIDES:
            raise RulesError("a side is good, evil or neutral, not %r" % (side,))
    scaredy = bool(action.get("scaredy"))
    if state.rules == 3:  # the device knows what ScaredyBot showed: it decides
        scaredy = quiet(state)
    if scaredy and state.holder(SCAREDYBOT) < 0:
        raise RulesError("nobody has ScaredyBot this round")
    winner, points = result(state, sides, scaredy)
    for seat in range(state.table.players):
        if points[seat]:  # most seats score nothing most rounds: keep no entry
            state.ledger.add(state.round, seat, points[seat])
    state.side[:] = sides  # (copied into the round's list, not a new one)
    state.last_result = (winner, points)
    state.phase = SCORED
    state.winner = state.ledger.winner(state.target)


def step(state, action):
    kind = action.get("a")
    if state.over:
        raise RulesError("the game is over: %s won" % state.table.names[state.winner])
    if kind == "deal":
        if state.phase not in (DEAL, SCORED):
            raise RulesError("finish the round before dealing again")
        _deal(state, action)
    elif state.phase not in (TURNS, PASSING):
        raise RulesError("deal a round first")
    elif kind == "pass":
        seat = _seat(state, action)
        if state.phase != TURNS or seat in state.acted:
            raise RulesError("passing now is a turn, not a discussion pass")
        if seat not in state.passed:
            state.passed.append(seat)
    elif kind == "seen":  # the device passed on after this player's peek
        state.peeked = max(state.peeked, _seat(state, action) + 1)
    elif kind in _MORE or (kind == "plus" and state.strict):
        from referee.evil.rules_full import other  # the full rules' other steps

        other(state, kind, action)
    elif kind == "plus":
        seat = _seat(state, action)
        if state.bots[seat] != PLUSBOT:
            raise RulesError("only PlusBot can raise its power")
        power = action.get("power")
        card = state.card_power[seat]
        if not isinstance(power, int) or not card <= power <= card + PLUS:
            raise RulesError("PlusBot's power runs %d to %d" % (card, card + PLUS))
        state.power[seat] = power
    elif kind == "turn":
        _turn(state, action)
    elif kind == "passes":
        if state.phase != TURNS:
            raise RulesError("the pass phase has begun")
        if state.no_pass_phase:
            raise RulesError("GandalfBot called off the pass phase")
        state.phase = PASSING
    elif kind == "end":
        _end(state, action)
    else:
        raise RulesError("Evil Robots has no action %r" % (kind,))
    if kind in HIDDEN:
        # The deal's finality stands behind a hidden step: an undo says the
        # same with or without one (rules_full.undo).
        state.hidden.append(action)
    else:
        if state.hidden:  # a new list only when there were hidden steps: most presses make none
            state.hidden = []
        # A deal's robots and allegiances were seen: undoing it would buy a new one.
        state.final = "the cards are dealt" if kind == "deal" else None
    return state


_MORE = ("call", "show", "judas", "truth", "first", "level", "lie", "cheat")
HIDDEN = ("plus", "judas", "truth", "lie", "cheat")


def legal(state):
    if state.over:
        return []
    if state.phase in (DEAL, SCORED):
        return ["deal"]
    kinds = ["turn", "end"]
    if state.phase == TURNS:
        kinds += ["pass", "plus", "passes"]
    return kinds


def headline(state):
    if state.over:
        return "%s won" % state.table.names[state.winner]
    return "round %d" % max(1, state.round)


def summary(state):
    return {
        "game": NAME,
        "players": state.table.names,
        "target": state.target,
        "rounds": state.round,
        "totals": list(state.ledger.totals),
        "winner": None if state.winner is None else state.table.names[state.winner],
    }


def score_rows(state):
    rows = [["round"] + state.table.names]
    # a round dealt and not yet scored has no row (it would read all zeros)
    scored = state.round - 1 if state.phase in (TURNS, PASSING) else state.round
    for rnd in range(1, scored + 1):
        rows.append([rnd] + state.ledger.round_scores(rnd))
    rows.append(["total"] + list(state.ledger.totals))
    return rows
