"""The ledger's rare operations (see ledger.py), kept apart so that their
code is in the heap only while one runs: a correction (Ledger.correct),
and what only the tests and the desktop tools ask, as functions of a
ledger: an entry by number, every entry, taking back the last entry (the
device undoes by replaying its journal)."""

from referee.core import MASK, SHIFT
from referee.core.errors import RulesError


def entry(ledger, i):
    if not 0 <= i < ledger.count:
        raise RulesError("there is no entry %r" % (i,))
    k = 0
    end = ledger._lens[0][0]
    while end <= i:
        k += 1
        end += ledger._lens[k >> SHIFT][k & MASK]
    c = i >> SHIFT
    j = i & MASK
    rnd = ledger._rounds[k >> SHIFT][k & MASK]
    return (rnd, ledger._side[c][j], ledger._points[c][j], ledger._reason.get(i))


def entries(ledger):
    found = []
    start = 0
    for k in range(ledger.runs):
        rnd = ledger._rounds[k >> SHIFT][k & MASK]
        end = start + ledger._lens[k >> SHIFT][k & MASK]
        for i in range(start, end):
            c = i >> SHIFT
            j = i & MASK
            found.append((rnd, ledger._side[c][j], ledger._points[c][j], ledger._reason.get(i)))
        start = end
    return found


def undo(ledger):
    if ledger.count == 0:
        raise RulesError("there is no score to take back")
    last = entry(ledger, ledger.count - 1)
    ledger.count -= 1
    ledger.totals[last[1]] -= last[2]
    k = ledger.runs - 1
    ledger._lens[k >> SHIFT][k & MASK] -= 1
    if ledger._lens[k >> SHIFT][k & MASK] == 0:
        ledger.runs = k
    return last


def correct(ledger, rnd, side, points, reason="corrected"):
    """Ledger.correct, done in place in the chunks. Only the round's own
    entries are gathered (a few); the entries after it move by one place
    at most, so a long game's correction allocates nothing per entry."""
    ledger._check(side, points)
    k = start = 0
    while k < ledger.runs and ledger._rounds[k >> SHIFT][k & MASK] < rnd:
        start += ledger._lens[k >> SHIFT][k & MASK]
        k += 1
    if k == ledger.runs or ledger._rounds[k >> SHIFT][k & MASK] != rnd:
        raise RulesError("round %r has no scores to correct" % (rnd,))
    length = ledger._lens[k >> SHIFT][k & MASK]
    end = start + length
    sides, pts, reasons = ledger._side, ledger._points, ledger._reason
    # The round's entries without the side's, and where the first of the
    # side's was (the corrected one goes there, or after the round's last).
    kept = []  # type: list
    where = -1
    taken = 0
    for i in range(start, end):
        c = i >> SHIFT
        j = i & MASK
        if sides[c][j] == side:
            if where < 0:
                where = len(kept)
            taken += pts[c][j]
        else:
            kept.append((sides[c][j], pts[c][j], reasons.get(i)))
    if where < 0:
        where = len(kept)
    kept.insert(where, (side, points, reason))
    shift = len(kept) - length  # 1 if the side had no entry, less if it had several
    n = ledger.count
    if shift > 0:
        if n == ledger.slots():  # no slot free: one more (a new chunk if the last is full)
            ledger.grow(0, 0)
        order = range(n - 1, end - 1, -1)  # from the end: nothing is overwritten unread
    else:
        order = range(end, n)
    if shift:
        for i in order:
            c = i >> SHIFT
            j = i & MASK
            to = i + shift
            sides[to >> SHIFT][to & MASK] = sides[c][j]
            pts[to >> SHIFT][to & MASK] = pts[c][j]
    for i in range(len(kept)):
        to = start + i
        sides[to >> SHIFT][to & MASK] = kept[i][0]
        pts[to >> SHIFT][to & MASK] = kept[i][1]
    # Reasons follow their entries: before the round they stay, after it
    # they move by the shift, in it they are the kept ones' (an undone
    # entry's is left behind).
    moved = {}
    for i in reasons:
        if i < start:
            moved[i] = reasons[i]
        elif end <= i < n:
            moved[i + shift] = reasons[i]
    for i in range(len(kept)):
        if kept[i][2] is not None:
            moved[start + i] = kept[i][2]
    ledger._reason = moved
    ledger._lens[k >> SHIFT][k & MASK] = len(kept)
    ledger.count = n + shift
    ledger.totals[side] += points - taken
