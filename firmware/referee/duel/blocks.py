"""The duel's block phase on the clerk's screen: the defender gives each
attacker at most one of their Defense robots. Apart from duel/play.py,
which is in memory all duel: this loads when a block phase comes."""

from referee.duel import rules as duel


def block_rows(state, blocks, out):
    """The phase's choices, added to ``out``: each attacker and its blocker
    so far (OK steps round the free ones), then "blocks done"."""
    for card in state.attackers:
        blocker = blocks.get(card)
        value = duel.robot_value(_find(state, card))
        if blocker is None:
            text = "%s %d: not blocked" % (duel.name(card), value)
        else:
            text = "%s %d: %s blocks" % (duel.name(card), value, duel.name(blocker))
        out.append((text, "block", card))
    out.append(("> blocks done", "blocked", None))


def pairs(blocks):
    """The block action's pairs, sorted: the same journal on both VMs,
    whatever the dict's order."""
    found = [[a, b] for a, b in blocks.items() if b is not None]
    found.sort()
    return found


def _find(state, card):
    for seat in (0, 1):
        for robot in state.robots[seat]:
            if robot[0] == card:
                return robot
    raise ValueError(card)


def next_blocker(state, blocks, attacker):
    """The defender's next Defense robot free to block ``attacker``, or None
    after the last (OK steps round them)."""
    free = [None]  # type: list
    for robot in state.robots[state.defender]:
        card = robot[0]
        if not robot[1] and (card == blocks.get(attacker) or card not in blocks.values()):
            free.append(card)
    now = blocks.get(attacker)
    return free[(free.index(now) + 1) % len(free)]
