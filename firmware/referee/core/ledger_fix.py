"""A ledger correction (Ledger.correct), kept apart: it is rare, and its
code would otherwise stay in the heap for the whole game."""

from referee.core.errors import RulesError
from referee.core.ledger import MASK, SHIFT


def correct(ledger, rnd, side, points, reason="corrected"):
    """Ledger.correct: done in place in the chunks (see ledger.py). Only
    the round's own entries are gathered (a few); the entries after it
    move by one place at most, so a long game's correction allocates
    nothing per entry."""
    ledger._check(side, points)
    k, start = ledger.find_round(rnd)
    if k < 0:
        raise RulesError("round %r has no scores to correct" % (rnd,))
    length = ledger.run_len(k)
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
    ledger.set_run_len(k, len(kept))
    ledger.count = n + shift
    ledger.totals[side] += points - taken
