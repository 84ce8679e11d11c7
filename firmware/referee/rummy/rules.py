"""What ROBOTS! and Robber Rummy share: hands scored from counts of cards,
the deal moving left, running totals racing to a target.

A game module (robots.py, robber.py) supplies FIELDS, ``score(counts)``,
``check_player(counts)`` and ``check_table(all_counts)``, and for the
shared screens LAYOUT (the count lines in the order the cards lie) and
POWER_CARDS; this module does the rest. Actions:

    {"a": "count", "seat": 2, "n": [counts in FIELDS order]}
        one player's cards for the open hand (entering a seat again replaces it)
    {"a": "count", "seat": 2, "net": -35}
        or the player's score for the hand, added up by the table (a multiple
        of 5, as every card is): kept as no cards and the score past them
    {"a": "end", "out": 1, "how": "rummy"}
        close the hand: every player counted; who went out (-1: nobody) and how
    {"a": "fix", "hand": 3, "side": 0, "pts": 45}
        correct a closed hand's score for a side; the target is judged
        again at once (games/correction.py), even in a game that has ended
    {"a": "again"}
        after a win, the next game of a sitting (Robber Rummy, two players)
"""

from referee.core import CHUNK, MASK, SHIFT
from referee.core.errors import RulesError
from referee.core.ledger import Ledger
from referee.core.seats import Table, dealer, default_names, first_player, partnerships


class State:
    def __init__(self, game, table, target, dealer, sitting):
        self.game = game
        self.table = table
        self.target = target
        self.first_dealer = dealer
        self.ledger = Ledger(table.sides())
        self.hand = 1  # the open hand
        self.hands_this_game = 0
        self.counts = {}  # seat -> counts, for the open hand
        # How each closed hand ended, a byte or two a hand: who went out
        # plus one (0: nobody), and an index into game.ENDINGS unless the
        # game has only one way to end (ROBOTS!: a thousand hands, 1 KB).
        # In chunks of CHUNK hands, as the ledger's entries: one 1,250-byte
        # table found no block that long in the chip's split heap.
        self.end_how = [bytearray()]
        self.end_out = [bytearray()]
        self.winner = None
        self.match = None
        if sitting:
            from referee.rummy.rules_sitting import Sitting  # Robber Rummy's sittings only

            self.match = Sitting(table.sides())

    @property
    def over(self):
        if self.match is not None:
            return self.match.winner() is not None
        return self.winner is not None

    def ending(self, hand):
        """(how, out) of closed hand number ``hand``; out is -1 for nobody."""
        i = hand - 1
        how = self.end_how[i >> SHIFT][i & MASK] if len(self.game.ENDINGS) > 1 else 0
        return self.game.ENDINGS[how], self.end_out[i >> SHIFT][i & MASK] - 1

    def closed_hands(self):
        """Hands closed so far, in every game of a sitting."""
        return (len(self.end_out) - 1) * CHUNK + len(self.end_out[-1])

    @property
    def dealer(self):
        return dealer(self.first_dealer, self.hand - 1, self.table.players)

    @property
    def starter(self):
        return first_player(self.dealer, self.table.players)


def closed(state):
    """How many hands are closed, in every game of a sitting: the hand
    scores' pages (screens/rounds.py)."""
    return state.hand - 1


def fix(period, side):
    """The action that corrects ``side``'s score in closed hand ``period``
    (the new score goes in its "pts")."""
    return {"a": "fix", "hand": period, "side": side}


def other_counts(counts, seat, new):
    """Every player's counts of the open hand, with ``new`` in for ``seat``:
    a generator, so checking the deck allocates no list."""
    for other in counts:
        if other != seat:
            yield counts[other]
    yield new


def setup(game, config):
    players = config.get("players")
    if isinstance(players, int):
        players = default_names(players)
    if not isinstance(players, list):
        raise RulesError("setup needs the players' names")
    if not game.MIN_PLAYERS <= len(players) <= game.MAX_PLAYERS:
        raise RulesError("this game is for %d to %d players" % (game.MIN_PLAYERS, game.MAX_PLAYERS))
    target = config.get("target", game.TARGET)
    if not isinstance(target, int) or not 50 <= target <= 10000:
        raise RulesError("the target runs 50 to 10000, not %r" % (target,))
    teams = None
    if config.get("teams"):
        if not game.TEAMS or len(players) != 4:
            raise RulesError("partnerships are for four players of Robber Rummy")
        teams = partnerships(len(players))
    dealer = config.get("dealer", 0)
    if not isinstance(dealer, int) or not 0 <= dealer < len(players):
        raise RulesError("the first dealer must be one of the players")
    sitting = bool(config.get("sitting"))
    if sitting and (not game.SITTING or len(players) != 2):
        raise RulesError("a sitting is for two players of Robber Rummy")
    return State(game, Table(players, teams), target, dealer, sitting)


def _counts(game, counts):
    if not isinstance(counts, list) or len(counts) != len(game.FIELDS):
        raise RulesError("a count needs %d numbers" % len(game.FIELDS))
    for i in range(len(counts)):
        value = counts[i]
        top = game.FIELDS[i][2]
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
            raise RulesError("%s: %r is not 0 to %d" % (game.FIELDS[i][0], value, top))
    return counts


def step(state, action):
    game = state.game
    kind = action.get("a")
    if kind == "count" or kind == "end":  # first: what a replay runs thousands of
        if state.winner is not None:
            raise RulesError("the game is over: %s won" % state.table.side_name(state.winner))
        if kind == "count":
            seat = action.get("seat")
            state.table.check_seat(seat)
            counts = action.get("n")
            if counts is None and "net" in action:
                _rare("net", state, action)
                return state
            _counts(game, counts)
            game.check_player(counts)
            game.check_table(state.counts, seat, counts)
            state.counts[seat] = counts
            return state
        if len(state.counts) != state.table.players:  # (no list made for a whole hand)
            missing = [
                state.table.names[s] for s in range(state.table.players) if s not in state.counts
            ]
            raise RulesError("still to count: " + " ".join(missing))
        out = action.get("out", -1)
        if not isinstance(out, int) or not -1 <= out < state.table.players:
            raise RulesError("%r did not go out: no such player" % (out,))
        how = action.get("how", "out")
        if how not in game.ENDINGS:
            raise RulesError("a hand ends by %s, not %r" % (" or ".join(game.ENDINGS), how))
        if (out < 0) != (how == "stock"):
            raise RulesError("only a hand the stock ended has nobody going out")
        width = len(game.FIELDS)
        for seat in range(state.table.players):
            n = state.counts[seat]  # a net score is one number past the fields (correction.net)
            points = n[width] if len(n) > width else game.score(n)
            state.ledger.add(state.hand, state.table.team_of(seat), points)
        if len(state.end_out[-1]) == CHUNK:  # a new chunk for both (ROBOTS!: end_how stays empty)
            state.end_how.append(bytearray())
            state.end_out.append(bytearray())
        if len(game.ENDINGS) > 1:
            state.end_how[-1].append(game.ENDINGS.index(how))
        state.end_out[-1].append(out + 1)
        state.counts = {}
        state.hand += 1
        state.hands_this_game += 1
        if state.match is None:
            state.winner = state.ledger.winner(state.target)
        else:  # a sitting: this game's own totals (core/match.py)
            state.winner = state.match.judge(state.ledger, state.target)
            if state.winner is not None:
                state.match.record(state.winner)
    elif kind == "fix" or kind == "again":
        _rare(kind, state, action)
    else:
        raise RulesError("a rummy game has no action %r" % (kind,))
    return state


def _rare(kind, state, action):
    """A rare action (a correction, a net score, a sitting's next game):
    its code is in games/correction.py, loaded when first needed."""
    from referee.games import correction

    getattr(correction, kind)(state, action)


def legal(state):
    fix = ["fix"] if state.hands_this_game else []  # a closed hand of this game
    if state.over:
        return fix
    if state.winner is not None:
        return ["again"] + fix
    kinds = ["count"]
    if len(state.counts) == state.table.players:
        kinds.append("end")
    return kinds + fix


def headline(state):
    if state.over:
        return "%s won" % state.table.side_name(state.ledger.leaders()[0])
    leaders = state.ledger.leaders()
    lead = ""
    if len(leaders) == 1 and state.ledger.totals[leaders[0]]:
        lead = ", %s leads" % state.table.side_name(leaders[0])
    return ("hand %d" % state.hand) + lead


def summary(state):
    from referee.rummy.rules_report import (
        summary as report,  # desktop tools only: 1.0 KB (VM)
    )

    return report(state)


def score_rows(state):
    from referee.rummy.rules_report import (
        score_rows as rows,  # desktop tools only: 1.0 KB (VM)
    )

    return rows(state)
