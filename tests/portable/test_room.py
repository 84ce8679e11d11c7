"""Room for a new game (core/room.py), on real files in both VMs: the
history read oldest first by number, the exported ones told by their
index, and the plan that deletes exported games before the others. The
free space is the one thing set by hand (a desktop disk has gigabytes)."""

from referee.core import history, room
from referee.hw.storage import Storage
from referee.screens.setup import ROOM


def _file(storage, name, size):
    storage.write(name, b"x" * size)


def _flash(free_bytes):
    """room.free as a 4 KB-block flash with this much free."""

    def free(storage):
        return 4096, free_bytes

    return free


def test_the_history_oldest_first_with_its_exports():
    storage = Storage("data-room-1")
    _file(storage, "history-1000.jnl", 10)
    _file(storage, "history-002.jnl", 10)
    _file(storage, "history-010.jnl", 10)
    _file(storage, "game.jnl", 10)
    _file(storage, "history-x.jnl", 10)  # not a number: not the history's
    assert history.files(storage) == ["history-002.jnl", "history-010.jnl", "history-1000.jnl"]
    room.mark_exported(storage, [10])  # builds the index first: it is missing
    listed = history.listed(storage)
    assert [(r[0], r[3]) for r in listed] == [(2, False), (10, True), (1000, False)]


def test_the_plan_deletes_exported_games_first_in_whole_blocks():
    storage = Storage("data-room-2")
    _file(storage, "history-001.jnl", 9000)  # 3 blocks: 12 KB back
    _file(storage, "history-002.jnl", 4000)  # 1 block: 4 KB
    _file(storage, "history-003.jnl", 4097)  # 2 blocks: 8 KB
    room.mark_exported(storage, [2, 3])
    real = room.free
    try:
        room.free = _flash(60 * 1024)  # 4 KB short of 64 KB
        assert room.plan(storage, ROOM) == (["history-002.jnl"], [])
        room.free = _flash(56 * 1024)  # 8 KB short: 4 + 8 KB, both exported
        assert room.plan(storage, ROOM) == (["history-002.jnl", "history-003.jnl"], [])
        room.free = _flash(50 * 1024)  # 14 KB short: then the oldest other
        assert room.plan(storage, ROOM) == (
            ["history-002.jnl", "history-003.jnl"],
            ["history-001.jnl"],
        )
        room.free = _flash(64 * 1024)  # room enough
        assert room.plan(storage, ROOM) == ([], [])
    finally:
        room.free = real
    room.clear(storage, ["history-002.jnl"])
    assert not storage.exists("history-002.jnl")
    assert storage.exists("history-001.jnl")
    assert [r[0] for r in history.listed(storage)] == [1, 3]


def test_a_deletion_cut_short_by_a_reset_is_finished_by_the_next_plan():
    """clear() writes the shorter index, then removes the files: a reset
    between leaves a file that had its yes, which plan() removes."""
    storage = Storage("data-room-3")
    for n in (1, 2, 3):
        _file(storage, "history-00%d.jnl" % n, 4000)
    history.rebuild(storage)
    real_remove = storage.remove
    storage.remove = lambda name: None  # the power goes before the files go
    room.clear(storage, ["history-001.jnl"])
    storage.remove = real_remove
    assert storage.exists("history-001.jnl") and history.count(storage) == 2
    real = room.free
    try:
        room.free = _flash(60 * 1024)  # 4 KB short: the cut deletion gives them
        assert room.plan(storage, ROOM) == ([], [])
    finally:
        room.free = real
    assert not storage.exists("history-001.jnl")
    assert history.files(storage) == ["history-002.jnl", "history-003.jnl"]
