"""Score pad: running totals for any game played in rounds, with a target.

Setup: {"players": ["ANN", "BOB", ...], "target": 250} (target 0: no
target, the table ends the game). Actions:

    {"a": "score", "seat": 1, "pts": 25}   add to a player's round score
    {"a": "next"}                          close the round
    {"a": "fix", "round": 2, "seat": 0, "pts": 30}   correct a closed round
        (the target judged again: games/correction.py), even after the end

When a round closes, a player at or above the target who leads alone wins;
a tie at the top plays another round.
"""

from referee.core.errors import RulesError
from referee.core.ledger import Ledger
from referee.core.seats import Table, default_names

NAME = "scorepad"
MAX_TARGET = 10000

# What the shared screens ask of a game (screens/rounds.py): its score
# table's pages are rounds; no sitting of several games; a round has no
# ways of ending to show; a correction steps by 1 (any score may be).
PERIOD = "ROUND"
SITTING = False
ENDINGS = ()
GRAIN = 1


class State:
    def __init__(self, table, target):
        self.table = table
        self.target = target
        self.ledger = Ledger(table.sides())
        self.round = 1
        self.round_scored = False  # kept, not searched for: replay stays linear
        self.this_round = [0] * table.players  # points so far in the open round
        self.winner = None

    @property
    def over(self):
        return self.winner is not None


def setup(config):
    players = config.get("players")
    if isinstance(players, int):
        players = default_names(players)
    if not isinstance(players, list):
        raise RulesError("setup needs the players' names")
    target = config.get("target", 0)
    if not isinstance(target, int) or not 0 <= target <= MAX_TARGET:
        raise RulesError("the target runs 0 to %d, not %r" % (MAX_TARGET, target))
    return State(Table(players), target)


def closed(state):
    """How many rounds are closed: the round scores' pages."""
    return state.round - 1


def fix(period, seat):
    """The action that corrects ``seat``'s score in closed round ``period``
    (the new score goes in its "pts")."""
    return {"a": "fix", "round": period, "seat": seat}


def _seat(state, action):
    seat = action.get("seat")
    state.table.check_seat(seat)
    return seat


def _points(action):
    pts = action.get("pts")
    if not isinstance(pts, int) or isinstance(pts, bool) or not -10000 < pts < 10000:
        raise RulesError("%r is not a score from -9999 to 9999" % (pts,))
    return pts


def step(state, action):
    kind = action.get("a")
    if kind == "fix":
        from referee.games import correction  # rare: loaded when first needed

        correction.scorepad(state, action.get("round"), _seat(state, action), _points(action))
        return state
    if state.over:
        raise RulesError("the game is over: %s won" % state.table.name(state.winner))
    if kind == "score":
        seat = _seat(state, action)
        points = _points(action)
        state.ledger.add(state.round, seat, points)
        state.this_round[seat] += points
        state.round_scored = True
    elif kind == "next":
        if not state.round_scored:
            raise RulesError("nobody has scored in round %d yet" % state.round)
        state.round += 1
        state.round_scored = False
        for seat in range(len(state.this_round)):
            state.this_round[seat] = 0
        if state.target:
            state.winner = state.ledger.winner(state.target)
    else:
        raise RulesError("a score pad has no action %r" % (kind,))
    return state


def legal(state):
    fix = ["fix"] if state.round > 1 else []
    if state.over:
        return fix
    kinds = ["score"]
    if state.round_scored:
        kinds.append("next")
    return kinds + fix


def headline(state):
    """Where the game stands, in 21 characters or fewer."""
    leaders = state.ledger.leaders()
    if state.over:
        return "%s won" % state.table.name(state.winner)
    if len(leaders) == 1 and state.ledger.totals[leaders[0]]:
        return "round %d, %s leads" % (state.round, state.table.name(leaders[0]))
    return "round %d" % state.round


def summary(state):
    return {
        "game": NAME,
        "players": state.table.names,
        "target": state.target,
        "round": state.round,
        "totals": list(state.ledger.totals),
        "over": state.over,
        "winner": None if state.winner is None else state.table.name(state.winner),
    }


def score_rows(state):
    rows = [["round"] + state.table.names]
    for rnd in state.ledger.rounds():
        rows.append([rnd] + state.ledger.round_scores(rnd))
    rows.append(["total"] + list(state.ledger.totals))
    return rows
