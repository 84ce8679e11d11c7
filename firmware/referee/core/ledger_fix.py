"""A ledger correction (Ledger.correct), kept apart: it is rare, and its
code would otherwise stay in the heap for the whole game."""

from referee.core.errors import RulesError


def correct(ledger, rnd, side, points, reason="corrected"):
    """Ledger.correct: done in place in the arrays, so a long game's
    correction allocates nothing per entry."""
    ledger._check(side, points)
    n = ledger.count
    found = False
    for i in range(n):
        if ledger._round[i] == rnd:
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
        r = ledger._round[i]
        if r == rnd and ledger._side[i] == side:
            if where < 0:
                where = kept
            continue
        if after_round < 0 and r > rnd:
            after_round = kept
        if kept != i:
            ledger._round[kept] = r
            ledger._side[kept] = ledger._side[i]
            ledger._points[kept] = ledger._points[i]
        if moved is not None and i in ledger._reason:
            moved[kept] = ledger._reason[i]
        kept += 1
    if where < 0:
        where = after_round if after_round >= 0 else kept
    if kept == len(ledger._side):  # no slot free: the arrays grow by one
        ledger._round.append(0)
        ledger._side.append(0)
        ledger._points.append(0)
    for i in range(kept, where, -1):  # open the slot
        ledger._round[i] = ledger._round[i - 1]
        ledger._side[i] = ledger._side[i - 1]
        ledger._points[i] = ledger._points[i - 1]
        if moved is not None and i - 1 in moved:
            moved[i] = moved.pop(i - 1)
    ledger._round[where] = rnd
    ledger._side[where] = side
    ledger._points[where] = points
    if moved is not None:
        ledger._reason = moved
    elif reason is not None:
        ledger._reason = {}
    if reason is not None:
        ledger._reason[where] = reason
    ledger.count = kept + 1
    for s in range(ledger.sides):
        ledger.totals[s] = 0
    for i in range(ledger.count):
        ledger.totals[ledger._side[i]] += ledger._points[i]
