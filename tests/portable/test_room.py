"""Room for a new game (core/room.py), on real files in both VMs: the
history read oldest first by number, the exported ones told by their
marker, and the plan that deletes exported games before the others. The
free space is the one thing set by hand (a desktop disk has gigabytes)."""

from referee.core import room
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
    _file(storage, "history-010.jnl.out", 0)
    _file(storage, "game.jnl", 10)
    _file(storage, "history-x.jnl", 10)  # not a number: not the history's
    assert room.history(storage) == [
        ("history-002.jnl", False),
        ("history-010.jnl", True),
        ("history-1000.jnl", False),
    ]


def test_the_plan_deletes_exported_games_first_in_whole_blocks():
    storage = Storage("data-room-2")
    _file(storage, "history-001.jnl", 9000)  # 3 blocks: 12 KB back
    _file(storage, "history-002.jnl", 4000)  # 1 block: 4 KB
    _file(storage, "history-002.jnl.out", 0)
    _file(storage, "history-003.jnl", 4097)  # 2 blocks: 8 KB
    _file(storage, "history-003.jnl.out", 0)
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
    assert not storage.exists("history-002.jnl") and not storage.exists("history-002.jnl.out")
    assert storage.exists("history-001.jnl")
