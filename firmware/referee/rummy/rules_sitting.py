"""Robber Rummy's sitting: a Match whose games share one ledger.

Every game's hands stay in the ledger, so they stay in the history, the
replay's table and the export; a game's own totals are the ledger's less
what they were when it began (``base``), and its hands are numbered from
``starts[-1]`` (the number of its first hand overall). Apart from
core/match.py, which the duel loads too: this is the rummies' alone.
"""

from referee.core.match import Match


class Sitting(Match):
    def __init__(self, sides, wins_needed=4):
        super().__init__(sides, wins_needed)
        self.starts = [1]  # each game's first hand (the ledger's round number)
        self.base = [0] * sides  # the ledger's totals when this game began

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
