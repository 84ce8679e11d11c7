"""Who sits where, who deals, who starts, whose role it is.

Seats are numbered 0..n-1 clockwise round the table, so the player to the
left of seat i is seat i+1: play, the deal and every rotating role move left.
An optional non-player seat (the Evil Robots robot) comes after the players;
it is part of the table but never takes a turn.
"""

from referee.core.errors import RulesError

MIN_PLAYERS = 2
MAX_PLAYERS = 9
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
MAX_NAME = 6


def default_names(players):
    """P1, P2...: the names of a setup that gives only a count. A count no
    table can seat is refused before any list is built (a hand-edited 10**9
    would hang the boot); a game checks its own range on the names."""
    if not 0 <= players <= MAX_PLAYERS:
        raise RulesError(
            "a table has %d to %d players, not %d" % (MIN_PLAYERS, MAX_PLAYERS, players)
        )
    return ["P%d" % (i + 1) for i in range(players)]


def kind(value):
    """What a journal value is, in the words of the JSON a person edits."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "text"


def check_name(name):
    if not isinstance(name, str):
        raise RulesError("a name must be text, not %s" % kind(name))
    if not 1 <= len(name) <= MAX_NAME:
        raise RulesError("a name has 1 to %d letters: %r" % (MAX_NAME, name))
    # (stripped, not walked: on MicroPython each character taken out of a
    # string is a name interned for good, docs/design.md)
    if name.strip(NAME_CHARS):
        raise RulesError("%r: names use A-Z, 0-9 and -" % name)


class Table:
    def __init__(self, names, teams=None, robot=None):
        """names: the players clockwise. teams: lists of seats playing as
        one side (Robber Rummy partnerships [[0, 2], [1, 3]]). robot: the
        name of a non-player seat, or None."""
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise RulesError(
                "a table has %d to %d players, not %d" % (MIN_PLAYERS, MAX_PLAYERS, len(names))
            )
        seen = []
        for name in names:
            check_name(name)
            if name in seen:
                raise RulesError("two players are called %s" % name)
            seen.append(name)
        self.names = list(names)
        self.players = len(names)
        self.robot = robot
        self.teams = None
        if teams:
            flat = sorted(s for team in teams for s in team)
            if flat != list(range(self.players)) or len(teams) < 2:
                raise RulesError("teams must share out every seat exactly once")
            self.teams = [list(t) for t in teams]

    @property
    def seats(self):
        """Players plus the non-player seat, if there is one."""
        return self.players + (1 if self.robot else 0)

    def name(self, seat):
        if seat == self.players and self.robot:
            return self.robot
        return self.names[seat]

    def check_seat(self, seat, robot_ok=False):
        top = self.seats if robot_ok else self.players
        if not isinstance(seat, int) or not 0 <= seat < top:
            raise RulesError("there is no seat %r at this table" % (seat,))

    def left_of(self, seat):
        return (seat + 1) % self.players

    def clockwise(self, start):
        """Every player once, starting with ``start`` and going left."""
        return [(start + k) % self.players for k in range(self.players)]

    def team_of(self, seat):
        if self.teams is None:
            return seat
        for index, team in enumerate(self.teams):
            if seat in team:
                return index
        raise RulesError("seat %d is in no team" % seat)

    def sides(self):
        """How many scores the ledger keeps: one a team, or one a player."""
        return len(self.teams) if self.teams else self.players

    def side_name(self, side):
        if self.teams is None:
            return self.names[side]
        return "+".join(self.names[s] for s in self.teams[side])


def partnerships(players):
    """The Robber Rummy four-player partnerships: seats 1+3 against 2+4."""
    if players != 4:
        raise RulesError("partnerships need exactly four players")
    return [[0, 2], [1, 3]]


def dealer(first_dealer, hand, players):
    """Who deals hand number ``hand`` (0 for the first): the deal moves left."""
    return (first_dealer + hand) % players


def first_player(dealer_seat, players):
    """The player to the dealer's left starts."""
    return (dealer_seat + 1) % players
