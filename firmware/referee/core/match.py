"""A sitting of several games: the first side to win enough of them takes it."""

from referee.core.errors import RulesError


class Match:
    """Games within a sitting: the first side to win ``wins_needed`` games
    takes the match (4 for Robber Rummy's best of seven)."""

    def __init__(self, sides, wins_needed=4):
        self.wins = [0] * sides
        self.wins_needed = wins_needed
        self.games = []  # type: list

    def record(self, side):
        if self.winner() is not None:
            raise RulesError("the match is already won")
        if not isinstance(side, int) or not 0 <= side < len(self.wins):
            raise RulesError("there is no side %r" % (side,))
        self.wins[side] += 1
        self.games.append(side)

    def winner(self):
        for side in range(len(self.wins)):
            if self.wins[side] >= self.wins_needed:
                return side
        return None
