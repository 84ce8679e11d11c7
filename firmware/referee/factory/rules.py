"""Robo Factory: the customer's referee (robo-factory.txt, docs/design.md's rulings).

A robot card is an int 0-63, head * 16 + torso * 4 + legs, each part an
index into COLOURS: the 64 cards are every combination. Cubes count in
small-cube units (a large cube is 5); the box holds BANK units, so the
players' cubes plus the bank always make BANK.

Two modes. Table mode plays as printed: the customer role moves left each
turn and the customer tells the device who built the order. Device mode
makes the device the hidden customer: it deals the cards (the deal arrives
as a recorded action) and everyone manufactures. Actions:

    {"a": "order", "order": o, "board": [a, b, c], "hands": [[x, y, z], ...]}
        device mode: the secret order, the three open cards and each
        player's three hidden cards, all from one deck
    {"a": "tile", "seat": s, "card": c}
        s buys a data tile for 1 cube, paid to the customer (to the bank in
        device mode, where c is the hand card s asks about)
    {"a": "build", "seat": s, "robot": r, "eureka": false}
        device mode: s's robot for this try, and whether s shouts Eureka
    {"a": "reveal", "rolls": [roll or 0 per seat], "right": [bool per seat]}
        the robots are shown: each Eureka's die (0 for none) and, in table
        mode only, who built the order (the device works that out itself)

After each reveal the last_* fields keep its try, verdicts, rolls, cube
changes, customer and (device mode) robots for the screens to show.

A step that showed the table something it cannot unsee is final (see
core/session.py): in device mode the deal, a data tile bought (its count
was seen) and a reveal (the robots and verdicts were seen), so an undo
cannot take back a look at a secret or a bad Eureka. With a customer at the
table every step can be undone (a wrong verdict button must be mendable):
the screen redoes a reveal with the rolls it took back.

Rulings where the print is silent:
  - Eureka may be shouted on the second try too (step 3 is repeated whole);
  - a wrong second try with Eureka pays the roll first, then the 1 cube;
  - payouts go clockwise from the customer's left (seat 0 first with the
    device as customer), the bank paying only what it has left;
  - a tie-break round is one more turn per player, everyone playing.
"""

from referee.core.errors import RulesError
from referee.core.ledger import Ledger
from referee.core.seats import Table, default_names

NAME = "factory"
COLOURS = ("red", "green", "blue", "yellow")
LETTERS = b"RGBY"  # the colours' letters, as codes: see name()
BANK = 145  # 45 small cubes and 20 large ones worth 5
START = 4
MIN_PLAYERS = 2
MAX_PLAYERS = 6
CARDS = 64
HAND = 3
PAY_FIRST = 4  # right on the first try
PAY_SECOND = 2  # right on the second try

# Phases of a customer turn
DEAL = 0  # device mode: waiting for the deal
FIRST = 1  # tiles on sale, the first robots being built
SECOND = 2  # nobody was right: the second try
OVER = 3


def robot(head, torso, legs):
    return head * 16 + torso * 4 + legs


def parts(card):
    """(head, torso, legs) colour indices of a card."""
    return (card // 16, card // 4 % 4, card % 4)


def matches(a, b):
    """How many parts two robots share: the number on a data tile."""
    count = 0
    for unit in (16, 4, 1):
        if a // unit % 4 == b // unit % 4:
            count += 1
    return count


def name(card):
    """Three letters, head first: "RGB" is a red head, green torso, blue legs."""
    # Made from codes: on MicroPython each new string is looked up among
    # every interned name (0.1 ms on the chip), and letters taken out of a
    # string and added up made five of them where this makes one.
    codes = LETTERS
    return bytes((codes[card // 16], codes[card // 4 % 4], codes[card % 4])).decode()


class State:
    def __init__(self, table, device, turns, first, tiebreak):
        n = table.players
        self.table = table
        self.players = n
        self.device = device
        self.turns = turns  # planned customer turns (tie-breaks add more)
        self.first = first
        self.tiebreak = tiebreak
        self.turn = 0  # customer turns finished
        self.phase = DEAL if device else FIRST
        self.ledger = Ledger(n)
        for seat in range(n):
            self.ledger.add(0, seat, START)
        self.siren = [True] * n
        self.bought = [False] * n
        self.order = None  # device mode: the secret card
        self.board = []  # type: list
        self.hands = []  # type: list
        self.asked = [None] * n  # type: list
        self.built = [None] * n  # type: list
        self.eureka = [False] * n
        self.hint = [None] * n  # type: list
        self.last_try = 0  # no reveal yet
        self.last_right = [False] * n
        self.last_rolls = [0] * n
        self.last_change = [0] * n
        self.last_customer = None  # the revealed turn's customer (table mode)
        self.last_built = [None] * n  # type: list  # device: the robots revealed
        self.winners = []  # type: list
        self.final = None  # why the last step cannot be undone, if it cannot

    @property
    def over(self):
        return self.phase == OVER

    @property
    def winner(self):
        """The one winner, or None (none yet, or a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def customer(self):
        if self.device:
            return None
        return (self.first + self.turn) % self.players

    def cubes(self, seat):
        return self.ledger.totals[seat]

    def bank(self):
        return BANK - sum(self.ledger.totals)


def unbuilt(state):
    """The seats still to build in this try (device customer)."""
    return [s for s in range(state.players) if state.built[s] is None]


def _int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def setup(config):
    players = config.get("players")
    if _int(players):
        players = default_names(players)
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RulesError("Robo Factory is for %d to %d players" % (MIN_PLAYERS, MAX_PLAYERS))
    table = Table(players)
    n = table.players
    device = bool(config.get("device", False))
    first = config.get("first", 0)
    if not _int(first):
        raise RulesError("there is no seat %r" % (first,))
    table.check_seat(first)
    turns = n * (3 if n == 2 else 2)  # each player customer 3 times, or twice
    if device:
        rounds = config.get("rounds", 2)
        if not _int(rounds) or not 1 <= rounds <= 9:
            raise RulesError("rounds run 1 to 9, not %r" % (rounds,))
        turns = n * rounds
    return State(table, device, turns, first, bool(config.get("tiebreak", False)))


def _seat(state, action):
    seat = action.get("seat")
    if not _int(seat):
        raise RulesError("there is no seat %r" % (seat,))
    state.table.check_seat(seat)
    return seat


def _card(card):
    if not _int(card) or not 0 <= card < CARDS:
        raise RulesError("there is no robot card %r" % (card,))


def _clear(state):
    """Forget the turn's tiles, builds and hints (in place: nothing grows)."""
    for seat in range(state.players):
        state.bought[seat] = False
        state.asked[seat] = None
        state.built[seat] = None
        state.eureka[seat] = False
        state.hint[seat] = None


def _order(state, action):
    if not state.device:
        raise RulesError("the customer keeps the order")
    if state.phase != DEAL:
        raise RulesError("this turn's cards are dealt")
    board = action.get("board")
    hands = action.get("hands")
    if not isinstance(board, list) or len(board) != 3:
        raise RulesError("the board shows 3 robot cards")
    if not isinstance(hands, list) or len(hands) != state.players:
        raise RulesError("deal each player one hand")
    cards = [action.get("order")] + board
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != HAND:
            raise RulesError("a hand is 3 robot cards")
        cards += hand
    for card in cards:
        _card(card)
    if len(set(cards)) != len(cards):
        raise RulesError("a card was dealt twice")
    state.order = cards[0]
    state.board = list(board)
    state.hands = [list(hand) for hand in hands]
    _clear(state)
    state.phase = FIRST


def _tile(state, action):
    if state.phase != FIRST:
        raise RulesError("tiles sell only before the first try")
    seat = _seat(state, action)
    who = state.table.names[seat]
    if seat == state.customer:
        raise RulesError("the customer sells the tiles")
    if state.bought[seat]:
        raise RulesError("%s had a tile this turn" % who)
    if state.cubes(seat) < 1:
        raise RulesError("%s has no cube to pay" % who)
    card = None
    if state.device:
        card = action.get("card")
        if not _int(card) or card not in state.hands[seat]:
            raise RulesError("ask about a card in %s's hand" % who)
    rnd = state.turn + 1
    state.ledger.add(rnd, seat, -1)
    if not state.device:
        state.ledger.add(rnd, state.customer, 1)
    state.bought[seat] = True
    state.asked[seat] = card


def _build(state, action):
    if not state.device:
        raise RulesError("robots are built at the table")
    if state.phase not in (FIRST, SECOND):
        raise RulesError("deal the cards first")
    seat = _seat(state, action)
    card = action.get("robot")
    _card(card)
    eureka = action.get("eureka", False)
    if not isinstance(eureka, bool):
        raise RulesError("eureka is true or false")
    if eureka and not state.siren[seat]:
        raise RulesError("%s's siren is used" % state.table.names[seat])
    state.built[seat] = card
    state.eureka[seat] = eureka


def _verdicts(state, action, rolls):
    """Who built the order, checking the reveal against the mode."""
    n = state.players
    names = state.table.names
    if state.device:
        if action.get("right") is not None:
            raise RulesError("the device knows who is right")
        for seat in range(n):
            if state.built[seat] is None:
                raise RulesError("%s has built no robot" % names[seat])
            if state.eureka[seat] and not rolls[seat]:
                raise RulesError("%s rolls for the Eureka" % names[seat])
            if rolls[seat] and not state.eureka[seat]:
                raise RulesError("%s shouted no Eureka" % names[seat])
        return [state.built[seat] == state.order for seat in range(n)]
    right = action.get("right")
    if not isinstance(right, list) or len(right) != n:
        raise RulesError("say who is right, seat by seat")
    for seat in range(n):
        if not isinstance(right[seat], bool):
            raise RulesError("right is true or false")
        if rolls[seat] and not state.siren[seat]:
            raise RulesError("%s's siren is used" % names[seat])
    if right[state.customer] or rolls[state.customer]:
        raise RulesError("the customer builds no robot")
    return list(right)


def _reveal(state, action):
    if state.phase not in (FIRST, SECOND):
        raise RulesError("deal the cards first")
    n = state.players
    rolls = action.get("rolls")
    if not isinstance(rolls, list) or len(rolls) != n:
        raise RulesError("give each seat a roll, 0 for none")
    for roll in rolls:
        if not _int(roll) or not 0 <= roll <= 6:
            raise RulesError("a roll is 1 to 6 (0: none), not %r" % (roll,))
    right = _verdicts(state, action, rolls)
    second = state.phase == SECOND
    customer = state.customer
    start = 0 if customer is None else customer + 1
    bank = state.bank()
    change = [0] * n
    for k in range(n):
        seat = (start + k) % n
        if seat == customer:
            continue
        if right[seat]:
            gain = min((PAY_SECOND if second else PAY_FIRST) + rolls[seat], bank)
            bank -= gain
            change[seat] += gain
            continue
        have = state.cubes(seat) + change[seat]
        loss = min(rolls[seat], have)
        fine = 1 if second and have > loss else 0
        change[seat] -= loss + fine
        bank += loss
        if customer is None:
            bank += fine
        else:
            change[customer] += fine
    # Everything is checked: from here the state changes.
    rnd = state.turn + 1
    for seat in range(n):
        if change[seat]:
            state.ledger.add(rnd, seat, change[seat])
        if rolls[seat]:
            state.siren[seat] = False
    state.last_try = 2 if second else 1
    state.last_right = right
    state.last_rolls = list(rolls)
    state.last_change = change
    state.last_customer = customer
    for seat in range(n):
        state.last_built[seat] = state.built[seat]
    if second or any(right):
        _end_turn(state)
        return
    state.phase = SECOND
    if state.device:
        for seat in range(n):
            state.hint[seat] = matches(state.built[seat], state.order)
            state.built[seat] = None
            state.eureka[seat] = False


def _end_turn(state):
    state.turn += 1
    _clear(state)
    state.phase = DEAL if state.device else FIRST
    if state.turn < state.turns:
        return
    leaders = state.ledger.leaders()
    if len(leaders) > 1 and state.tiebreak:
        state.turns += state.players  # one more turn each, everyone playing
        return
    state.winners = leaders
    state.phase = OVER


def step(state, action):
    kind = action.get("a")
    if state.over:
        raise RulesError("the game is over")
    if kind == "order":
        _order(state, action)
    elif kind == "tile":
        _tile(state, action)
    elif kind == "build":
        _build(state, action)
    elif kind == "reveal":
        _reveal(state, action)
    else:
        raise RulesError("Robo Factory has no action %r" % (kind,))
    state.final = _FINAL.get(kind) if state.device else None
    return state


_FINAL = {
    "order": "the cards are dealt",
    "tile": "the tile was seen",
    "reveal": "the robots are shown",
}


def legal(state):
    if state.over:
        return []
    if state.phase == DEAL:
        return ["order"]
    kinds = ["tile"] if state.phase == FIRST else []
    if state.device:
        kinds.append("build")
    kinds.append("reveal")
    return kinds


def headline(state):
    if not state.over:
        return "turn %d of %d" % (state.turn + 1, state.turns)
    names = [state.table.names[seat] for seat in state.winners]
    if len(names) == 1:
        return "%s wins" % names[0]
    return "%s share" % " ".join(names)


def summary(state):
    return {
        "game": NAME,
        "players": state.table.names,
        "mode": "device" if state.device else "table",
        "turns": state.turn,
        "cubes": list(state.ledger.totals),
        "bank": state.bank(),
        "winners": [state.table.names[seat] for seat in state.winners],
    }


def score_rows(state):
    rows = [["turn"] + state.table.names, ["start"] + state.ledger.round_scores(0)]
    for rnd in range(1, state.turn + 1):
        rows.append([rnd] + state.ledger.round_scores(rnd))
    rows.append(["cubes"] + list(state.ledger.totals))
    return rows
