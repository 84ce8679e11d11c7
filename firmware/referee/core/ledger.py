"""The score ledger: per side (a player or a team) a list of entries, each
with its round and an optional reason, and the totals kept current as
entries come and go. Totals may go negative (a renege costs 100).

A long game keeps thousands of entries, so they live in parallel arrays
rather than a list of lists (about 100 bytes an entry): a side (1 byte)
and points (2 bytes) an entry, reasons only where given. Rounds are not
kept an entry each: entries come in round order (a round is never scored
after a later one), so a round is a run of entries, kept as its number
and its length (2 bytes each). A ROBOTS! hand of four players is 16
bytes where a round an entry made it 20: with that a 5,000-action game
resumes in the Pico's 128 KB heap (issue 15).

The arrays come in chunks of CHUNK items: one array of a 5,000-action
game's entries would be 8-10 KB, and every append that grows it
(MicroPython grows an array 8 items at a time) needs a second block of
that size in a heap that fragments; a chunk is at most 1 KB, an append
copies no more than that, and a snapshot writes and reads each chunk apart.
(512 items, not fewer: each chunk costs a snapshot part, about 2 KB of
short-lived garbage when it is read back.)
Item i is item ``i & MASK`` of chunk ``i >> SHIFT``; every chunk but the
last is full. Undone entries and runs leave their slots for the next ones.

What the firmware does not use (an entry by number, every entry, taking
back the last: the device undoes by replaying its journal) lives in
ledger_more.py as functions, with the corrections: its code is in the heap
only while it runs.
"""

from array import array

from referee.core import CHUNK, MASK, SHIFT
from referee.core.errors import RulesError

# No single entry in these games comes near it (Robber Rummy's best
# possible hand is 1,520), and it lets points live in 16-bit slots.
LIMIT = 30000
ROUND_MAX = 0xFFFF  # rounds, and a round's entries, live in 16-bit slots


class Ledger:
    def __init__(self, sides):
        self.sides = sides
        self.totals = [0] * sides
        self.count = 0
        self.runs = 0  # rounds that have entries: runs of entries
        # Lists of chunks; a fresh ledger has one empty chunk of each, which
        # also tells a snapshot's reader the arrays' types.
        self._side = [bytearray()]
        self._points = [array("h")]
        self._rounds = [array("H")]  # a run's round
        self._lens = [array("H")]  # a run's entries
        self._reason = {}  # entry index -> reason, only for entries that have one

    def _check(self, side, points):
        if not isinstance(side, int) or not 0 <= side < self.sides:
            raise RulesError("there is no side %r to score for" % (side,))
        if not isinstance(points, int) or isinstance(points, bool) or not -LIMIT < points < LIMIT:
            raise RulesError("%r is not a score" % (points,))

    def add(self, rnd, side, points, reason=None):
        self._check(side, points)
        k = self.runs - 1
        lens = self._lens
        last = self._rounds[k >> SHIFT][k & MASK] if k >= 0 else -1
        if rnd == last:
            if lens[k >> SHIFT][k & MASK] == ROUND_MAX:  # more than the flash can journal
                raise RulesError("round %r is full" % (rnd,))
            lens[k >> SHIFT][k & MASK] += 1
        else:
            if not isinstance(rnd, int) or not last < rnd <= ROUND_MAX:
                raise RulesError("round %r is before round %r" % (rnd, last))
            k += 1  # a new run
            if k < (len(lens) - 1) * CHUNK + len(lens[-1]):  # reuse the slot an undo freed
                self._rounds[k >> SHIFT][k & MASK] = rnd
                lens[k >> SHIFT][k & MASK] = 1
            else:
                if len(lens[-1]) == CHUNK:
                    self._rounds.append(array("H"))
                    lens.append(array("H"))
                self._rounds[-1].append(rnd)
                lens[-1].append(1)
            self.runs = k + 1
        n = self.count
        if n < self.slots():  # reuse the slot an undo freed
            self._side[n >> SHIFT][n & MASK] = side
            self._points[n >> SHIFT][n & MASK] = points
        else:
            self.grow(side, points)
        if reason is not None:
            self._reason[n] = reason
        elif n in self._reason:
            del self._reason[n]
        self.count = n + 1
        self.totals[side] += points

    def slots(self):
        """Entries the chunks hold room for (undone ones included)."""
        return (len(self._side) - 1) * CHUNK + len(self._side[-1])

    def grow(self, side, points):
        """One more entry slot, at the end: a new chunk when the last is full."""
        if len(self._side[-1]) == CHUNK:
            self._side.append(bytearray())
            self._points.append(array("h"))
        self._side[-1].append(side)
        self._points[-1].append(points)

    def correct(self, rnd, side, points, reason="corrected"):
        """Set what ``side`` scored in round ``rnd`` to ``points``: its
        entries of that round become one corrected entry, in their place
        (after the round's last entry if it had none). Rare, so its code
        loads only when needed (ledger_more.py)."""
        from referee.core.ledger_more import correct

        correct(self, rnd, side, points, reason)

    def round_scores(self, rnd):
        scores = [0] * self.sides
        sides, points = self._side, self._points
        start = 0
        for k in range(self.runs):
            r = self._rounds[k >> SHIFT][k & MASK]
            end = start + self._lens[k >> SHIFT][k & MASK]
            if r == rnd:
                for i in range(start, end):
                    scores[sides[i >> SHIFT][i & MASK]] += points[i >> SHIFT][i & MASK]
                break
            if r > rnd:
                break
            start = end
        return scores

    def rounds(self):
        return [self._rounds[k >> SHIFT][k & MASK] for k in range(self.runs)]

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

    def standings(self, totals=None):
        """Sides from the highest total down (ties keep seat order); by
        ``totals`` if given (a sitting's game), else the ledger's."""
        # An insertion sort, which keeps seat order on a tie (MicroPython's
        # sort is not stable, and both VMs must list the same order) and
        # makes one list, not a key tuple per side.
        totals = totals or self.totals
        order = list(range(self.sides))
        for i in range(1, len(order)):
            side = order[i]
            j = i - 1
            while j >= 0 and totals[order[j]] < totals[side]:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = side
        return order
