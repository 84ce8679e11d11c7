"""A ledger correction (Ledger.correct), kept apart: it is rare, and its
code would otherwise stay in the heap for the whole game."""

from referee.core.errors import RulesError
from referee.core.ledger import MASK, SHIFT


def correct(ledger, rnd, side, points, reason="corrected"):
    """Ledger.correct: done in place in the chunks (see ledger.py), so a
    long game's correction allocates nothing per entry."""
    ledger._check(side, points)
    rounds, sides, pts = ledger._round, ledger._side, ledger._points
    n = ledger.count
    found = False
    for i in range(n):
        if rounds[i >> SHIFT][i & MASK] == rnd:
            found = True
            break
    if not found:
        raise RulesError("round %r has no scores to correct" % (rnd,))
    # Close the gaps the side's old entries of that round leave,
    # remembering where the first of them was.
    where = -1
    after_round = -1  # the first kept entry of a later round
    kept = 0
    moved = {} if ledger._reason else None  # type: dict | None # reasons follow their entries
    for i in range(n):
        c = i >> SHIFT
        j = i & MASK
        r = rounds[c][j]
        if r == rnd and sides[c][j] == side:
            if where < 0:
                where = kept
            continue
        if after_round < 0 and r > rnd:
            after_round = kept
        if kept != i:
            kc = kept >> SHIFT
            kj = kept & MASK
            rounds[kc][kj] = r
            sides[kc][kj] = sides[c][j]
            pts[kc][kj] = pts[c][j]
        if moved is not None and i in ledger._reason:
            moved[kept] = ledger._reason[i]
        kept += 1
    if where < 0:
        where = after_round if after_round >= 0 else kept
    if kept == ledger.slots():  # no slot free: one more (a new chunk if the last is full)
        ledger.grow(0, 0, 0)
    for i in range(kept, where, -1):  # open the slot
        c = i >> SHIFT
        j = i & MASK
        pc = (i - 1) >> SHIFT
        pj = (i - 1) & MASK
        rounds[c][j] = rounds[pc][pj]
        sides[c][j] = sides[pc][pj]
        pts[c][j] = pts[pc][pj]
        if moved is not None and i - 1 in moved:
            moved[i] = moved.pop(i - 1)
    c = where >> SHIFT
    j = where & MASK
    rounds[c][j] = rnd
    sides[c][j] = side
    pts[c][j] = points
    if moved is not None:
        ledger._reason = moved
    elif reason is not None:
        ledger._reason = {}
    if reason is not None:
        ledger._reason[where] = reason
    ledger.count = kept + 1
    totals = ledger.totals
    for s in range(ledger.sides):
        totals[s] = 0
    for i in range(ledger.count):
        c = i >> SHIFT
        j = i & MASK
        totals[sides[c][j]] += pts[c][j]
