"""Robots duel (kitkat-robots.txt v1.5, with docs/design.md's rulings).

Black holds clubs and spades, red hearts and diamonds: 26 cards a half, 27
with its joker. The referee counts each pile (supply, hand, discard) and
knows the cards in play, never a hand: players name the cards they use.
Cards are ints, rank * 4 + suit: ranks 1-13 ace to king, 14 joker (black
56, red 58); suits 0 clubs, 1 spades, 2 hearts, 3 diamonds. Worth: ace 1,
pips 2-10, J Q K and jokers 9. A robot is [card, attack?, damage cards],
worth its card less its damage.

Rulings: builds match a suit or a VALUE, not a rank (J and 9 are both 9; a
joker has no suit, so only a 9 builds with it). Under two cards in hand
skips the build phase; no Attack robot skips combat; an empty hand or
discard pile skips that seat's recovery. A loss is capped at the defender's
supply plus hand. Every card leaving play goes to its owner's discard pile,
the half of its colour: damage under a robot is the other player's. In the
aftermath the lesser robot's damage is discarded and its card goes under
the greater robot; a robot worth 0 or less is destroyed, card and damage.

    {"a": "mode", "robot": c}               program: Attack <-> Defense
    {"a": "build", "cards": [c, c]}         build, once a turn
    {"a": "scrap", "robot": c}              scrap down to four robots
    {"a": "attack", "robots": [c, ...]}     combat
    {"a": "block", "pairs": [[a, b], ...]}  the defender blocks
    {"a": "discard", "supply": n}           the loss: n from supply, rest hand
    {"a": "recover", "back": n}             the pending seat recovers 1 or 2
        for a face card from the hand; which face card changes no count, so
        the clerk does not ask it (a journal before issue 36 names it:
        "face": c, still checked)
    {"a": "next"}                           leave a phase, or decline
    {"a": "duel"}                           the next duel, colours swapped
    {"a": "counts", "supply": [n, n], "hand": [n, n]}
        any time in a duel: the piles as the table counts them, each
        discard pile the rest of its half (games/correction.py)
"""

from referee.core.errors import RulesError
from referee.core.match import Match
from referee.core.seats import Table

NAME = "duel"
BLACK = 0
RED = 1

PROGRAM = 0
BUILD = 1
SCRAP = 2
COMBAT = 3
BLOCK = 4
DISCARD = 5
RECOVERY = 6
OVER = 7
# as its screen heads them (SCRAP with "TO 4"); lower case in messages
PHASES = ("PROGRAM", "BUILD", "SCRAP", "COMBAT", "BLOCK", "DISCARD", "RECOVERY", "OVER")
KINDS = ("mode", "build", "scrap", "attack", "block", "discard", "recover", "duel")  # by phase

HALF = 26  # cards in a half without its joker
MOST_ROBOTS = 4
JOKER = 14  # the joker's rank


def rank(card):
    return card // 4


def suit(card):
    return None if card // 4 == JOKER else card % 4


def colour(card):
    return BLACK if card % 4 < 2 else RED


def value(card):
    r = card // 4
    return r if r <= 10 else 9


def is_face(card):
    return card // 4 >= 11


def name(card):
    r = card // 4
    if r == JOKER:
        return "JK"
    if r == 1:
        return "A" + "CSHD"[card % 4]
    return (str(r) if r <= 10 else "JQK"[r - 11]) + "CSHD"[card % 4]


def _count(n):
    return isinstance(n, int) and not isinstance(n, bool)


def is_card(card, jokers):
    if not _count(card):
        return False
    return 4 <= card < 56 or (bool(jokers) and card in (56, 58))


def build_problem(c1, c2):
    """None if the two cards may build a robot, else why not."""
    if is_face(c1) and is_face(c2):
        return "one card must not be a face"
    if suit(c1) is not None and suit(c1) == suit(c2):
        return None
    if value(c1) == value(c2):
        return None
    return "no match of suit or value"


def loss_for(total):
    """Cards to discard for this total of unblocked value (printed table)."""
    if total <= 5:
        return max(total, 0)
    return 8 if total == 6 else 5


def robot_value(robot):
    v = value(robot[0])
    for card in robot[2]:
        v -= value(card)
    return v


class State:
    def __init__(self, table, jokers, wins):
        self.table = table
        self.jokers = jokers
        self.match = Match(2, wins)
        self.duel = 1
        self.colour = [BLACK, RED]
        self.supply = [0, 0]
        self.hand = [0, 0]
        self.discard = [0, 0]
        self.robots = [[], []]  # type: list  # per seat: [card, attack, damage]
        self.active = 0
        self.turn = 1
        self.phase = PROGRAM
        self.built = False
        self.attackers = []  # type: list
        self.blocks = []  # type: list  # [attacker, blocker] pairs
        self.unblocked = 0
        self.loss = 0
        self.recovering = None
        self.report = []  # type: list  # what the last action did by itself
        self.duel_winner = None
        self.winner = None

    @property
    def over(self):
        return self.winner is not None

    @property
    def defender(self):
        return 1 - self.active


def setup(config):
    from referee.duel import rules_report  # a new duel or a resume: once a game

    players, black, wins = rules_report.checked(config)
    state = State(Table(players), bool(config.get("jokers", False)), wins)
    _start(state, black)
    return state


def _who(state, seat):
    return state.table.names[seat]


def _label(card):
    return name(card) if is_card(card, True) else repr(card)


def _robot(state, seat, card):
    for robot in state.robots[seat]:
        if robot[0] == card:
            return robot
    raise RulesError("%s has no robot %s" % (_who(state, seat), _label(card)))


def _check_card(state, card, seat):
    """A card of the seat's half, not in play."""
    if not is_card(card, state.jokers):
        raise RulesError("%s is not in this deck" % _label(card))
    if colour(card) != state.colour[seat]:
        raise RulesError("%s is not %s's colour" % (name(card), _who(state, seat)))
    for robots in state.robots:
        for robot in robots:
            if robot[0] == card or card in robot[2]:
                raise RulesError("%s is already in play" % name(card))


def _has(robots, attack):
    return any(robot[1] == attack for robot in robots)


def _start(state, black):
    state.colour = [BLACK, RED] if black == 0 else [RED, BLACK]
    for seat in (0, 1):
        held = 5 if seat == black else 7
        state.supply[seat] = HALF + (1 if state.jokers else 0) - held
        state.hand[seat] = held
        state.discard[seat] = 0
        # the opening hands, said: the counts alone do not tell who drew what
        state.report.append("%s starts with %d" % (_who(state, seat), held))
    state.robots = [[], []]
    state.active = black
    state.turn = 1
    state.duel_winner = None
    _research(state)
    _flow(state)


def _research(state):
    """A turn begins: the active player draws, or cannot and loses the duel."""
    a = state.active
    state.built = False
    state.attackers = []
    state.blocks = []
    state.unblocked = state.loss = 0
    state.recovering = None
    if state.supply[a] > 0:
        state.supply[a] -= 1
        state.hand[a] += 1
        state.report.append("%s draws a card" % _who(state, a))
        state.phase = PROGRAM if state.robots[a] else BUILD
        return
    state.phase = OVER
    state.duel_winner = 1 - a
    state.match.record(1 - a)
    state.winner = state.match.winner()
    state.report.append("%s cannot draw" % _who(state, a))
    state.report.append("%s wins the duel" % _who(state, 1 - a))
    if state.winner is not None:
        state.report.append("%s wins the match" % _who(state, 1 - a))


def _flow(state):
    """Take the automatic steps until someone has a choice to make."""
    while True:
        a = state.active
        if state.phase == BUILD and state.hand[a] < 2:
            state.phase = COMBAT
            state.report.append("no build: %d in hand" % state.hand[a])  # said, not silent
        elif state.phase == COMBAT and not _has(state.robots[a], True):
            state.phase = RECOVERY
            state.recovering = a
            state.report.append("%s: no attacker" % _who(state, a))  # combat skipped, said
        elif state.phase != RECOVERY:
            return
        elif state.recovering is None:  # both seats have had their say
            state.active = 1 - a
            state.turn += 1
            _research(state)
        elif state.hand[state.recovering] > 0 and state.discard[state.recovering] > 0:
            return
        else:  # nothing to recover with: skipped
            _recovered(state)


def _recovered(state):
    """The pending seat has chosen: the other seat, then the turn's end."""
    r = state.recovering
    state.recovering = 1 - r if r == state.active else None


def _to_discard(state, card):
    """A card goes to its owner's discard pile: the half of its colour."""
    state.discard[state.colour.index(colour(card))] += 1


def _remove(state, seat, robot):
    state.robots[seat].remove(robot)
    _to_discard(state, robot[0])
    for card in robot[2]:
        _to_discard(state, card)


def _build(state, action):
    a = state.active
    cards = action.get("cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise RulesError("a build takes two cards")
    c1, c2 = cards
    _check_card(state, c1, a)
    _check_card(state, c2, a)
    if c1 == c2:
        raise RulesError("build with two different cards")
    problem = build_problem(c1, c2)
    if problem is not None:
        raise RulesError(problem)
    if state.hand[a] < 2:
        raise RulesError("a build needs 2 cards in hand")
    state.hand[a] -= 2
    state.built = True
    low, high = (c1, c2) if value(c1) <= value(c2) else (c2, c1)
    state.robots[a].append([low, False, []])
    if value(low) == value(high):
        state.robots[a].append([high, False, []])
    else:
        state.discard[a] += 1
    state.phase = SCRAP if len(state.robots[a]) > MOST_ROBOTS else COMBAT


def _attack(state, action):
    cards = action.get("robots")
    if not isinstance(cards, list) or not cards:
        raise RulesError("attack with at least one robot")
    for i in range(len(cards)):
        robot = _robot(state, state.active, cards[i])
        if not robot[1]:
            raise RulesError("%s is in Defense mode" % name(robot[0]))
        if cards[i] in cards[:i]:
            raise RulesError("%s can attack only once" % name(robot[0]))
    state.attackers = list(cards)
    state.phase = BLOCK
    if not _has(state.robots[state.defender], False):
        _resolve(state, [])


def _block(state, action):
    pairs = action.get("pairs")
    if not isinstance(pairs, list):
        raise RulesError("blocks are [attacker, blocker] pairs")
    for i in range(len(pairs)):
        pair = pairs[i]
        if not isinstance(pair, list) or len(pair) != 2:
            raise RulesError("blocks are [attacker, blocker] pairs")
        if pair[0] not in state.attackers:
            raise RulesError("%s is not attacking" % _label(pair[0]))
        if _robot(state, state.defender, pair[1])[1]:
            raise RulesError("%s is in Attack mode" % name(pair[1]))
        for other in pairs[:i]:
            if other[0] == pair[0]:
                raise RulesError("%s is blocked once only" % name(pair[0]))
            if other[1] == pair[1]:
                raise RulesError("%s can block only once" % name(pair[1]))
    _resolve(state, [[p[0], p[1]] for p in pairs])


def _resolve(state, pairs):
    """The blocks are known: the unblocked robots' total sets the loss."""
    d = state.defender
    state.blocks = pairs
    blocked = [p[0] for p in pairs]
    for card in state.attackers:
        if card not in blocked:
            state.unblocked += robot_value(_robot(state, state.active, card))
    due = loss_for(state.unblocked)
    state.loss = min(due, state.supply[d] + state.hand[d])
    if state.loss > 0:
        state.phase = DISCARD
        state.report.append("%s must discard %d" % (_who(state, d), state.loss))
    if state.loss < due:  # all the defender has: the table sees why not more
        state.report.append("%d due, only %d left" % (due, state.loss))
    if state.loss == 0:
        _aftermath(state)


def _discard(state, action):
    d = state.defender
    s = action.get("supply")
    loss = state.loss
    if not _count(s) or not 0 <= s <= loss:
        raise RulesError("take 0 to %d from the supply" % loss)
    if s > state.supply[d]:
        raise RulesError("the supply has only %d" % state.supply[d])
    if loss - s > state.hand[d]:
        raise RulesError("the hand has only %d" % state.hand[d])
    state.supply[d] -= s
    state.hand[d] -= loss - s
    state.discard[d] += loss
    _aftermath(state)


def _aftermath(state):
    a = state.active
    for pair in state.blocks:
        mine = _robot(state, a, pair[0])
        theirs = _robot(state, 1 - a, pair[1])
        if robot_value(mine) == robot_value(theirs):
            _remove(state, a, mine)
            _remove(state, 1 - a, theirs)
            state.report.append("%s and %s both out" % (name(pair[0]), name(pair[1])))
            continue
        big, small, seat = mine, theirs, 1 - a
        if robot_value(mine) < robot_value(theirs):
            big, small, seat = theirs, mine, a
        state.robots[seat].remove(small)
        for card in small[2]:  # the lesser's own damage
            _to_discard(state, card)
        big[2].append(small[0])
        state.report.append("%s beats %s" % (name(big[0]), name(small[0])))
        if robot_value(big) <= 0:  # docs/design.md: destroyed
            _remove(state, 1 - seat, big)
            state.report.append("%s destroyed" % name(big[0]))
    state.phase = RECOVERY
    state.recovering = a


def _recover(state, action):
    r = state.recovering
    face = action.get("face")
    back = action.get("back")
    if face is not None:
        _check_card(state, face, r)
        if not is_face(face):
            raise RulesError("%s is not a face card" % name(face))
    if not _count(back) or back not in (1, 2):
        raise RulesError("take back 1 or 2 cards")
    if state.discard[r] < back:
        raise RulesError("the discard pile has only %d" % state.discard[r])
    state.hand[r] += back - 1
    state.discard[r] += 1 - back
    _recovered(state)


def step(state, action):
    kind = action.get("a")
    phase = state.phase
    if state.over:
        raise RulesError("the match is over")
    if phase == OVER and kind != "duel":
        raise RulesError("the duel is over")
    if kind == "counts":  # rare: games/correction.py, loaded when first needed
        from referee.games import correction

        correction.counts(state, action, HALF + (1 if state.jokers else 0), colour)
        if phase == DISCARD and not state.loss:  # the defender holds nothing now
            _aftermath(state)
        _flow(state)
        return state
    if kind != "next" and kind not in KINDS:
        raise RulesError("a duel has no action %r" % (kind,))
    if kind == "next" and phase in (SCRAP, BLOCK, DISCARD):
        raise RulesError("finish the %s phase first" % PHASES[phase].lower())
    if kind == "duel" and phase != OVER:
        raise RulesError("finish this duel first")
    if kind == "build" and phase != BUILD:
        if state.built:
            raise RulesError("one build a turn")
        if phase in (PROGRAM, COMBAT, RECOVERY) and state.hand[state.active] < 2:
            raise RulesError("a build needs 2 cards in hand")
    if kind != "next" and kind != KINDS[phase]:
        raise RulesError("no %s now: %s phase" % (kind, PHASES[phase].lower()))
    old = state.report
    state.report = []
    try:
        if kind == "next" and phase == RECOVERY:
            _recovered(state)  # the pending seat declines
        elif kind == "next" and phase == COMBAT:
            state.phase = RECOVERY
            state.recovering = state.active
        elif kind == "next":
            state.phase = BUILD if phase == PROGRAM else COMBAT
        elif kind == "mode":
            robot = _robot(state, state.active, action.get("robot"))
            robot[1] = not robot[1]
        elif kind == "build":
            _build(state, action)
        elif kind == "scrap":
            a = state.active
            _remove(state, a, _robot(state, a, action.get("robot")))
            if len(state.robots[a]) <= MOST_ROBOTS:
                state.phase = COMBAT
        elif kind == "attack":
            _attack(state, action)
        elif kind == "block":
            _block(state, action)
        elif kind == "discard":
            _discard(state, action)
        elif kind == "recover":
            _recover(state, action)
        else:  # the last duel's red seat holds black now
            state.duel += 1
            _start(state, state.colour.index(RED))
        _flow(state)
    except RulesError:
        state.report = old
        raise
    return state


def legal(state):
    if state.over:
        return []
    kinds = [KINDS[state.phase]]
    if state.phase in (PROGRAM, BUILD, COMBAT, RECOVERY):
        kinds.append("next")
    if state.phase != OVER:
        kinds.append("counts")
    return kinds


def headline(state):
    from referee.duel import rules_report  # the resume offer only

    return rules_report.headline(state)


def summary(state):
    from referee.duel.rules_report import summary as report  # desktop tools only

    return report(state)


def score_rows(state):
    from referee.duel.rules_report import score_rows as rows  # desktop tools only

    return rows(state)
