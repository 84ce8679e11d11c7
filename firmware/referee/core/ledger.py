"""The score ledger: per side (a player or a team) a list of entries, each
with its round and an optional reason, and the totals kept current as
entries come and go. Totals may go negative (a renege costs 100).

A long game keeps hundreds of entries, so they live in parallel arrays (5
bytes an entry, reasons only where given) rather than a list of lists
(about 100): a 500-action game must fit the Pico's heap beside the display
and the menu.
"""

from array import array

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
        (after the round's last entry if it had none). Done in place in the
        arrays: a long game's correction allocates nothing per entry."""
        self._check(side, points)
        n = self.count
        found = False
        for i in range(n):
            if self._round[i] == rnd:
                found = True
                break
        if not found:
            raise RulesError("round %r has no scores to correct" % (rnd,))
        # Close the gaps the side's old entries of that round leave,
        # remembering where the first of them was.
        where = -1
        after_round = -1  # the first kept entry of a later round
        kept = 0
        moved = {} if self._reason else None  # type: dict | None # reasons follow their entries
        for i in range(n):
            r = self._round[i]
            if r == rnd and self._side[i] == side:
                if where < 0:
                    where = kept
                continue
            if after_round < 0 and r > rnd:
                after_round = kept
            if kept != i:
                self._round[kept] = r
                self._side[kept] = self._side[i]
                self._points[kept] = self._points[i]
            if moved is not None and i in self._reason:
                moved[kept] = self._reason[i]
            kept += 1
        if where < 0:
            where = after_round if after_round >= 0 else kept
        if kept == len(self._side):  # no slot free: the arrays grow by one
            self._round.append(0)
            self._side.append(0)
            self._points.append(0)
        for i in range(kept, where, -1):  # open the slot
            self._round[i] = self._round[i - 1]
            self._side[i] = self._side[i - 1]
            self._points[i] = self._points[i - 1]
            if moved is not None and i - 1 in moved:
                moved[i] = moved.pop(i - 1)
        self._round[where] = rnd
        self._side[where] = side
        self._points[where] = points
        if moved is not None:
            self._reason = moved
        elif reason is not None:
            self._reason = {}
        if reason is not None:
            self._reason[where] = reason
        self.count = kept + 1
        for s in range(self.sides):
            self.totals[s] = 0
        for i in range(self.count):
            self.totals[self._side[i]] += self._points[i]

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
