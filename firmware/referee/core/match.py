"""A sitting of several games: the first side to win enough of them takes it.

The games of a sitting share one ledger, so every game's hands stay in the
history, the replay's table and the export; a game's own totals are the
ledger's less what they were when it began (``base``), and its hands are
numbered from ``starts[-1]`` (the number of its first hand overall).
"""

from referee.core.errors import RulesError


class Match:
    """Games within a sitting: the first side to win ``wins_needed`` games
    takes the match (4 for Robber Rummy's best of seven)."""

    def __init__(self, sides, wins_needed=4):
        self.wins = [0] * sides
        self.wins_needed = wins_needed
        self.games = []  # type: list # each game's winner, in order
        self.starts = [1]  # each game's first hand (the ledger's round number)
        self.base = [0] * sides  # the ledger's totals when this game began

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

    def next_game(self, ledger, hand):
        """A new game from hand number ``hand``: its totals start at 0."""
        self.starts.append(hand)
        self.base = list(ledger.totals)

    def totals(self, ledger):
        """This game's totals, side by side."""
        base = self.base
        return [ledger.totals[s] - base[s] for s in range(len(base))]

    def judge(self, ledger, target):
        """The side alone at the top of this game's totals and at or over
        ``target``, or None (ledger.winner, on this game's totals)."""
        totals = self.totals(ledger)
        top = max(totals)
        if top < target or totals.count(top) > 1:
            return None
        return totals.index(top)

    def game_of(self, hand):
        """(game number, hand number within it) of overall hand ``hand``."""
        starts = self.starts
        g = len(starts)
        while g > 1 and starts[g - 1] > hand:
            g -= 1
        return g, hand - starts[g - 1] + 1
