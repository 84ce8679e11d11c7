"""The score ledger: per side (a player or a team) a list of entries, each
with its round and a reason, and the totals kept current as entries come
and go. Totals may go negative (a renege costs 100).
"""

from referee.core.errors import RulesError

LIMIT = 100000  # no single entry in these games comes near it


class Ledger:
    def __init__(self, sides):
        self.sides = sides
        self.entries = []  # [round, side, points, reason], in the order made
        self.totals = [0] * sides

    def _check(self, side, points):
        if not isinstance(side, int) or not 0 <= side < self.sides:
            raise RulesError("there is no side %r to score for" % (side,))
        if not isinstance(points, int) or not -LIMIT < points < LIMIT:
            raise RulesError("%r is not a score" % (points,))

    def add(self, rnd, side, points, reason=""):
        self._check(side, points)
        self.entries.append([rnd, side, points, reason])
        self.totals[side] += points

    def undo(self):
        """Take back the last entry and return it."""
        if not self.entries:
            raise RulesError("there is no score to take back")
        entry = self.entries.pop()
        self.totals[entry[1]] -= entry[2]
        return entry

    def correct(self, rnd, side, points, reason="corrected"):
        """Set what ``side`` scored in round ``rnd`` to ``points``: its
        entries of that round become one corrected entry."""
        self._check(side, points)
        if not any(e[0] == rnd for e in self.entries):
            raise RulesError("round %r has no scores to correct" % (rnd,))
        kept = []  # type: list
        where = None
        for entry in self.entries:
            if entry[0] == rnd and entry[1] == side:
                if where is None:
                    where = len(kept)
                continue
            kept.append(entry)
        fixed = [rnd, side, points, reason]
        if where is None:
            where = len(kept)
            for i, entry in enumerate(kept):
                if entry[0] > rnd:
                    where = i
                    break
        kept.insert(where, fixed)
        self.entries = kept
        self.recount()

    def recount(self):
        totals = [0] * self.sides
        for entry in self.entries:
            totals[entry[1]] += entry[2]
        self.totals = totals

    def round_scores(self, rnd):
        scores = [0] * self.sides
        for entry in self.entries:
            if entry[0] == rnd:
                scores[entry[1]] += entry[2]
        return scores

    def rounds(self):
        seen = []
        for entry in self.entries:
            if entry[0] not in seen:
                seen.append(entry[0])
        return seen

    def leaders(self):
        """The sides with the highest total (several on a tie)."""
        top = max(self.totals)
        return [s for s in range(self.sides) if self.totals[s] == top]

    def winner(self, target):
        """The side that has reached ``target`` and leads alone, or None:
        a tie at the top plays on."""
        leaders = self.leaders()
        if len(leaders) == 1 and self.totals[leaders[0]] >= target:
            return leaders[0]
        return None

    def standings(self):
        """Sides from the highest total down (ties keep seat order)."""
        return sorted(range(self.sides), key=lambda s: -self.totals[s])


class Match:
    """Games within a sitting: the first side to win ``wins_needed`` games
    takes the match (4 for Robber Rummy's best of seven)."""

    def __init__(self, sides, wins_needed=4):
        self.wins = [0] * sides
        self.wins_needed = wins_needed
        self.games = []

    def record(self, side):
        if self.winner() is not None:
            raise RulesError("the match is already won")
        if not 0 <= side < len(self.wins):
            raise RulesError("there is no side %r" % (side,))
        self.wins[side] += 1
        self.games.append(side)

    def winner(self):
        for side, wins in enumerate(self.wins):
            if wins >= self.wins_needed:
                return side
        return None
