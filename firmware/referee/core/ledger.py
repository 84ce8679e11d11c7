"""The score ledger: per side (a player or a team) a list of entries, each
with its round and an optional reason, and the totals kept current as
entries come and go. Totals may go negative (a renege costs 100).

A long game keeps hundreds of entries, so they live in parallel arrays (5
bytes an entry, reasons only where given) rather than a list of lists
(about 100): a 500-action game must fit the Pico's heap beside the display
and the menu.
"""

from array import array

from referee import forget
from referee.core.errors import RulesError

# No single entry in these games comes near it (Robber Rummy's best
# possible hand is 1,520), and it lets points live in 16-bit slots.
LIMIT = 30000


class Ledger:
    def __init__(self, sides):
        self.sides = sides
        self.totals = [0] * sides
        self.count = 0
        self._round = array("H")
        self._side = bytearray()
        self._points = array("h")
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
        entries of that round become one corrected entry, in their place
        (after the round's last entry if it had none). Rare, so its code
        loads only when needed (ledger_fix.py)."""
        from referee.core.ledger_fix import correct

        try:
            correct(self, rnd, side, points, reason)
        finally:
            forget("referee.core.ledger_fix")

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
        found = []
        for side in range(self.sides):
            if self.totals[side] == top:
                found.append(side)
        return found

    def lead(self):
        """The side leading alone, or -1 on a tie at the top (no allocation:
        screens ask on every redraw)."""
        top = max(self.totals)
        found = -1
        for side in range(self.sides):
            if self.totals[side] == top:
                if found >= 0:
                    return -1  # shared
                found = side
        return found

    def winner(self, target):
        """The side that has reached ``target`` and leads alone, or None:
        a tie at the top plays on."""
        side = self.lead()
        if side >= 0 and self.totals[side] >= target:
            return side
        return None

    def standings(self):
        """Sides from the highest total down (ties keep seat order)."""
        # Ties broken by seat in the key itself: MicroPython's sort is not
        # stable, and both VMs must list the same order.
        return sorted(range(self.sides), key=lambda s: (-self.totals[s], s))
