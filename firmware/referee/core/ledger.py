"""The score ledger: per side (a player or a team) a list of entries, each
with its round and an optional reason, and the totals kept current as
entries come and go. Totals may go negative (a renege costs 100).

A long game keeps thousands of entries, so they live in parallel arrays (5
bytes an entry, reasons only where given) rather than a list of lists
(about 100): a 500-action game must fit the Pico's heap beside the display
and the menu. The arrays come in chunks of CHUNK entries: one array of a
5,000-action game's entries would be 8-10 KB, and every append that grows
it (MicroPython grows an array 8 items at a time) needs a second block of
that size in a heap that fragments; a chunk is at most 1 KB, an append
copies no more than that, and a snapshot writes and reads each chunk apart.
(512 entries, not fewer: each chunk costs a snapshot part, about 2 KB of
short-lived garbage when it is read back.)
Entry i is item ``i & MASK`` of chunk ``i >> SHIFT``; every chunk but the
last is full.
"""

from array import array

from referee import forget
from referee.core.errors import RulesError

# No single entry in these games comes near it (Robber Rummy's best
# possible hand is 1,520), and it lets points live in 16-bit slots.
LIMIT = 30000

SHIFT = 9
CHUNK = 1 << SHIFT  # entries a chunk: 1 KB of rounds or points
MASK = CHUNK - 1


class Ledger:
    def __init__(self, sides):
        self.sides = sides
        self.totals = [0] * sides
        self.count = 0
        # Lists of chunks; a fresh ledger has one empty chunk of each, which
        # also tells a snapshot's reader the arrays' types.
        self._round = [array("H")]
        self._side = [bytearray()]
        self._points = [array("h")]
        self._reason = {}  # entry index -> reason, only for entries that have one

    def _check(self, side, points):
        if not isinstance(side, int) or not 0 <= side < self.sides:
            raise RulesError("there is no side %r to score for" % (side,))
        if not isinstance(points, int) or isinstance(points, bool) or not -LIMIT < points < LIMIT:
            raise RulesError("%r is not a score" % (points,))

    def add(self, rnd, side, points, reason=None):
        self._check(side, points)
        n = self.count
        if n < self.slots():  # reuse the slot an undo freed
            c = n >> SHIFT
            j = n & MASK
            self._round[c][j] = rnd
            self._side[c][j] = side
            self._points[c][j] = points
        else:
            self.grow(rnd, side, points)
        if reason is not None:
            self._reason[n] = reason
        elif n in self._reason:
            del self._reason[n]
        self.count = n + 1
        self.totals[side] += points

    def slots(self):
        """Entries the chunks hold room for (undone ones included)."""
        return (len(self._side) - 1) * CHUNK + len(self._side[-1])

    def grow(self, rnd, side, points):
        """One more slot, at the end: a new chunk when the last is full."""
        if len(self._side[-1]) == CHUNK:
            self._round.append(array("H"))
            self._side.append(bytearray())
            self._points.append(array("h"))
        self._round[-1].append(rnd)
        self._side[-1].append(side)
        self._points[-1].append(points)

    def entry(self, i):
        """(round, side, points, reason) of entry i, oldest first."""
        if not 0 <= i < self.count:
            raise RulesError("there is no entry %r" % (i,))
        c = i >> SHIFT
        j = i & MASK
        return (self._round[c][j], self._side[c][j], self._points[c][j], self._reason.get(i))

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
        rounds, sides, points = self._round, self._side, self._points
        for i in range(self.count):
            c = i >> SHIFT
            j = i & MASK
            if rounds[c][j] == rnd:
                scores[sides[c][j]] += points[c][j]
        return scores

    def rounds(self):
        seen = []  # type: list
        for i in range(self.count):
            r = self._round[i >> SHIFT][i & MASK]
            # entries run in round order, so the last one seen settles most
            if not (seen and seen[-1] == r) and r not in seen:
                seen.append(r)
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
