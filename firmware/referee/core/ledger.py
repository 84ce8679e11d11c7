"""The score ledger: per side (a player or a team) a list of entries, each
with its round and an optional reason, and the totals kept current as
entries come and go. Totals may go negative (a renege costs 100).

A long game keeps hundreds of entries, so they live in parallel arrays (7
bytes an entry, reasons only where given) rather than a list of lists
(about 100): a 500-action game must fit the Pico's heap beside the display
and the menu.
"""

from array import array

from referee.core.errors import RulesError

LIMIT = 100000  # no single entry in these games comes near it


class Ledger:
    def __init__(self, sides):
        self.sides = sides
        self.totals = [0] * sides
        self.count = 0
        self._round = array("H")
        self._side = bytearray()
        self._points = array("i")
        self._reason = {}  # entry index -> reason, only for entries that have one

    def _check(self, side, points):
        if not isinstance(side, int) or not 0 <= side < self.sides:
            raise RulesError("there is no side %r to score for" % (side,))
        if not isinstance(points, int) or isinstance(points, bool) or not -LIMIT < points < LIMIT:
            raise RulesError("%r is not a score" % (points,))

    def add(self, rnd, side, points, reason=None):
        self._check(side, points)
        n = self.count
        if n < len(self._side):  # reuse the slot an undo freed
            self._round[n] = rnd
            self._side[n] = side
            self._points[n] = points
        else:
            self._round.append(rnd)
            self._side.append(side)
            self._points.append(points)
        if reason is not None:
            self._reason[n] = reason
        elif n in self._reason:
            del self._reason[n]
        self.count = n + 1
        self.totals[side] += points

    def entry(self, i):
        """(round, side, points, reason) of entry i, oldest first."""
        if not 0 <= i < self.count:
            raise RulesError("there is no entry %r" % (i,))
        return (self._round[i], self._side[i], self._points[i], self._reason.get(i))

    def entries(self):
        return [self.entry(i) for i in range(self.count)]

    def undo(self):
        """Take back the last entry and return it."""
        if self.count == 0:
            raise RulesError("there is no score to take back")
        last = self.entry(self.count - 1)
        self.count -= 1
        self.totals[last[1]] -= last[2]
        return last

    def correct(self, rnd, side, points, reason="corrected"):
        """Set what ``side`` scored in round ``rnd`` to ``points``: its
        entries of that round become one corrected entry, in their place."""
        self._check(side, points)
        old = self.entries()
        if not any(e[0] == rnd for e in old):
            raise RulesError("round %r has no scores to correct" % (rnd,))
        kept = []  # type: list
        where = -1
        for e in old:
            if e[0] == rnd and e[1] == side:
                if where < 0:
                    where = len(kept)
            else:
                kept.append(e)
        if where < 0:  # nothing scored by that side then: after the round's last entry
            where = len(kept)
            for i in range(len(kept)):
                if kept[i][0] > rnd:
                    where = i
                    break
        kept.insert(where, (rnd, side, points, reason))
        self.count = 0
        self.totals = [0] * self.sides
        for e in kept:
            self.add(e[0], e[1], e[2], e[3])

    def round_scores(self, rnd):
        scores = [0] * self.sides
        for i in range(self.count):
            if self._round[i] == rnd:
                scores[self._side[i]] += self._points[i]
        return scores

    def rounds(self):
        seen = []
        for i in range(self.count):
            if self._round[i] not in seen:
                seen.append(self._round[i])
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
