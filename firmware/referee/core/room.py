"""Room on the flash for a new game (issue 20), deletions, and the marks
`make export` leaves in the history's index (core/history.py).

A game is some 10-30 KB of journal, so a year of evenings fills the flash.
Before a game starts the setup asks plan(): when less than its ROOM (64 KB)
is free, the oldest exported games are the first to go, then the oldest of
the rest, and the setup names how many of each before anything is deleted:
nothing goes without an export or a yes.

A deletion writes the shorter index first (whole, by rename, holding the
newest number if its game goes: core/history.py), then removes the files:
a reset between leaves files that had their yes, and the next plan()
removes them before it counts. Loaded only to make room, to delete, or for
`make export`'s mark.
"""

import os

from referee.core.history import files, listed, name_of, newest, number_of, write


def mark_exported(storage, numbers):
    """`make export` copied these games whole: the first to go for room."""
    done = set(numbers)
    held = newest(storage)
    write(storage, [r[:3] + (r[3] or r[0] in done,) for r in listed(storage)], held)


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
    records = listed(storage)
    indexed = set(name_of(r[0]) for r in records)
    last = newest(storage)
    for name in files(storage):  # a deletion a reset cut short: its yes was given
        if name not in indexed and number_of(name) <= last:
            short -= _blocks(storage, name, block)
            storage.remove(name)
    for wanted in (True, False):  # the exported games first
        for r in records:
            if short > 0 and r[3] == wanted:
                name = name_of(r[0])
                (exported if wanted else others).append(name)
                short -= _blocks(storage, name, block)
    return exported, others


def _blocks(storage, name, block):
    """What deleting a file gives back: its blocks, whole."""
    try:
        return (storage.size(name) + block - 1) // block * block
    except OSError:
        return 0


def clear(storage, names):
    """Delete these journals of the history: the index without them first
    (see above)."""
    gone = set(names)
    held = newest(storage)
    write(storage, [r for r in listed(storage) if name_of(r[0]) not in gone], held)
    for name in names:
        storage.remove(name)
