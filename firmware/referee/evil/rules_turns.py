"""Power-ordered turns (Evil Robots): the call from the top level down, and
the pass phase.

The printed call starts at "nine or more" because PlusBot can raise a power
by up to three, so the referee calls every level from 12 down to 1. Players
who share a level are grouped: the table settles their order (the first to
answer goes first and orders the rest), so the referee offers the group, not
an order it would have to invent.
"""

from referee.core.errors import RulesError

TOP = 12


def power_calls(powers, free=(), top=TOP):
    """The turn calls. ``powers`` maps seat -> power (1..top); seats in
    ``free`` (FreeBot) may answer at any level, so they are offered at every
    level after those whose power it is. Returns [(level, [seats]), ...] from
    ``top`` down, leaving out levels where nobody can act."""
    for seat in powers:
        power = powers[seat]
        if not isinstance(power, int) or not 1 <= power <= top:
            raise RulesError("seat %d has power %r; powers run 1 to %d" % (seat, power, top))
    calls = []
    for level in range(top, 0, -1):
        group = [s for s in sorted(powers) if powers[s] == level and s not in free]
        group += [s for s in sorted(free) if s in powers]
        if group:
            calls.append((level, group))
    return calls


def pass_order(passers, powers, passbot=None):
    """Who acts in the pass phase and in what order.

    The passers with the lowest power are skipped, unless only one player
    passed. A passing PassBot acts first and never counts as the lowest.
    The rest act in ascending power; ties come as one group for the previous
    player to order. Returns (groups in acting order, skipped seats).
    """
    for seat in passers:
        if seat not in powers:
            raise RulesError("seat %d passed but has no power" % seat)
    passers = sorted(set(passers))
    if len(passers) <= 1:
        return [[s] for s in passers], []
    first = []
    rest = passers
    if passbot is not None and passbot in passers:
        first = [[passbot]]
        rest = [s for s in passers if s != passbot]
    skipped = []
    if rest:
        lowest = min(powers[s] for s in rest)
        skipped = [s for s in rest if powers[s] == lowest]
        rest = [s for s in rest if powers[s] != lowest]
    groups = first
    for level in sorted(set(powers[s] for s in rest)):
        groups.append([s for s in rest if powers[s] == level])
    return groups, skipped
