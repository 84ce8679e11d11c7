"""Room on the flash for a new game (issue 20).

A finished or set-aside game stays on the flash as history-NNN.jnl (core/
journal.py), and `make export` leaves a marker beside each one it copied
(history-003.jnl.out, an empty file). A game is some 10-30 KB of journal,
so a year of evenings fills the flash. Before a game starts the setup asks
plan(): when less than its ROOM (64 KB) is free, the oldest exported games are the
first to go, then the oldest of the rest, and screens/room.py names how
many of each before anything is deleted: nothing goes without an export
or a yes. Loaded only as a game starts, and forgotten after.
"""

import os

MARK = ".out"  # the marker `make export` leaves beside a journal it copied
_PREFIX = "history-"


def history(storage):
    """The history's journals, oldest first: [(name, exported)]. One pass
    over the folder (a set for the markers: a history of hundreds of games
    is listed in one go, not searched once a game)."""
    try:
        names = os.listdir(storage.root)
    except OSError:
        return []
    found = []
    marked = set()
    for name in names:
        if name.endswith(MARK):
            marked.add(name[: -len(MARK)])
        elif name.startswith(_PREFIX) and name.endswith(".jnl"):
            number = name[len(_PREFIX) : -4]
            if number.isdigit():  # history-001.jnl ... history-1000.jnl: by number
                found.append((int(number), name))
    found.sort()
    return [(name, name in marked) for _n, name in found]


def free(storage):
    """(block size, bytes free) of the filesystem that holds the games;
    OSError (or AttributeError, a port without statvfs) if not known."""
    st = os.statvfs(storage.root)
    return st[0], st[0] * st[3]  # block size, free blocks


def plan(storage, room):
    """The history to delete for ``room`` bytes free, oldest first:
    (exported, not exported); both empty when there is room already, when
    there is no history to make it with, or when the room is not known
    (the start then says whether the flash is full)."""
    exported = []  # type: list
    others = []  # type: list
    try:
        block, short = free(storage)
    except (OSError, AttributeError):
        return exported, others
    short = room - short
    if short <= 0:
        return exported, others
    past = history(storage)
    for wanted in (True, False):  # the exported games first
        for name, out in past:
            if short > 0 and out == wanted:
                (exported if out else others).append(name)
                # what deleting it gives back: its blocks, whole
                short -= (storage.size(name) + block - 1) // block * block
    return exported, others


def clear(storage, names):
    """Delete these journals of the history and their export markers."""
    for name in names:
        storage.remove(name)
        storage.remove(name + MARK)
