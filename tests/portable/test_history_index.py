"""The history's index (issue 20, core/room.py), on real files in both VMs:
numbers that count up and are never given twice (the lowest is the
oldest), a night in each game's header, and an index that a reset at any
point leaves usable: History reads it, never the whole folder."""

from referee.core import history, room
from referee.core.session import Session
from referee.games import rules
from referee.hw.storage import Storage


class PowerOn:
    """What Session.start asks of the app: whether this power-on's night
    has begun (app.py)."""

    night_begun = False
    unsaved = None


def _start(storage, who, loop=None):
    return Session.start(storage, rules("scorepad"), {"players": [who, "Z"], "target": 60}, loop)


def _listed(storage):
    """(number, game, night) of each game the index lists, as History reads them."""
    return [history.record(storage, i)[:3] for i in range(history.count(storage))]


def test_numbers_count_up_and_a_deleted_number_is_never_given_again():
    storage = Storage("data-index-1")
    for who in ("A", "B", "C"):
        _start(storage, who)
    assert _listed(storage) == [(1, "scorepad", 1), (2, "scorepad", 1)]
    room.clear(storage, ["history-001.jnl"])
    _start(storage, "D")
    # the lowest number is the oldest game: the one after history-002 is 3, not 1
    assert _listed(storage) == [(2, "scorepad", 1), (3, "scorepad", 1)]
    assert history.files(storage) == ["history-002.jnl", "history-003.jnl"]


def test_a_night_begins_with_a_power_ons_first_new_game():
    storage = Storage("data-index-2")
    evening = PowerOn()
    _start(storage, "A", evening)  # night 1
    _start(storage, "B", evening)  # the same night
    assert evening.night_begun
    _start(storage, "C", PowerOn())  # switched on again: night 2
    _start(storage, "D", None)  # a tool's start (no app): C's night
    _start(storage, "E", PowerOn())
    assert [r[2] for r in _listed(storage)] == [1, 1, 2, 2]
    # the game in play (E) carries its night in its header: the third
    assert history.header_of(storage, "game.jnl") == ("scorepad", 3)


def test_a_reset_between_the_move_and_the_record_loses_nothing():
    storage = Storage("data-index-3")
    _start(storage, "A")
    _start(storage, "B")  # A: history-001
    # the power goes after B's file is renamed into the history, before its record
    storage.rename("game.jnl", "history-002.jnl")
    assert history.count(storage) == 1 and history.files(storage)[-1] == "history-002.jnl"
    _start(storage, "C")  # the first thing it does: record B
    _start(storage, "D")  # C: history-003
    assert _listed(storage) == [(1, "scorepad", 1), (2, "scorepad", 1), (3, "scorepad", 1)]


def test_the_newest_games_number_is_held_when_it_is_deleted():
    """Deleting the newest game keeps its number given: the next game gets
    the one after, and the deleted game's file, left by a reset between the
    index and the removal, is not taken for a game moved in without its
    record (it would come back to History)."""
    storage = Storage("data-index-8")
    for who in ("A", "B", "C"):
        _start(storage, who)  # A: history-001, B: history-002
    room.clear(storage, ["history-002.jnl"])
    assert _listed(storage) == [(1, "scorepad", 1)] and history.count(storage) == 1
    _start(storage, "D")  # C: history-003, not 002 again
    assert _listed(storage) == [(1, "scorepad", 1), (3, "scorepad", 1)]
    # the held record went when C's took its place: the index is its games
    assert storage.size(history.INDEX) == 2 * history.RECORD
    room.clear(storage, ["history-001.jnl", "history-003.jnl"])  # all of them
    assert history.count(storage) == 0 and history.listed(storage) == []
    # a reset between the shorter index and the files' removal: 003 is back on flash
    storage.write("history-003.jnl", b'{"game": "scorepad", "setup": {}, "v": 2}\n')
    room.mark_exported(storage, [])  # the mark keeps the number held too
    _start(storage, "E")  # D: history-004; 003 had its yes and is not listed
    assert _listed(storage) == [(4, "scorepad", 1)]


def test_a_torn_record_is_passed_over_and_written_over():
    storage = Storage("data-index-4")
    _start(storage, "A")
    _start(storage, "B")
    storage.append(history.INDEX, b"00002 sco")  # a reset mid-append: 9 of 22 bytes
    assert history.count(storage) == 1
    storage.rename("game.jnl", "history-002.jnl")  # ... of the move before it
    _start(storage, "C")
    assert _listed(storage) == [(1, "scorepad", 1), (2, "scorepad", 1)]
    assert storage.size(history.INDEX) == 2 * 22  # the torn part written over


def test_starting_on_a_full_flash_moves_nothing():
    """The new game's file is written before the old one moves: a flash
    too full for it leaves the game in play where it was."""
    storage = Storage("data-index-7")
    _start(storage, "A")
    real = storage.append

    def full(name, data):
        real(name, data[:5])  # the flash takes 5 bytes, then is full
        raise OSError(28)

    storage.append = full
    try:
        _start(storage, "B")
        raise AssertionError("started on a full flash")
    except OSError:
        pass
    storage.append = real
    assert history.header_of(storage, "game.jnl") == ("scorepad", 1)
    assert history.files(storage) == [] and not storage.exists("game.jnl.new")


def test_a_missing_or_damaged_index_is_built_again_from_the_files():
    storage = Storage("data-index-5")
    for who in ("A", "B", "C"):
        _start(storage, who, PowerOn())  # nights 1, 2, 3
    storage.write("history-007.jnl", b"not a journal\n")  # a file from elsewhere
    storage.remove(history.INDEX)  # a referee from before the index
    assert _listed(storage) == [(1, "scorepad", 1), (2, "scorepad", 2), (7, "", 0)]
    storage.write(history.INDEX, b"00001 scorepad 0001 -\n00002 sc#repad 000X -\n")  # damaged
    room.clear(storage, ["history-007.jnl"])
    assert _listed(storage) == [(1, "scorepad", 1), (2, "scorepad", 2)]
    _start(storage, "D")
    assert _listed(storage)[-1] == (3, "scorepad", 3)  # C's night: no new power-on


def test_history_reads_the_index_alone_whatever_its_length():
    """The History's first page: the index's size, its last record (a
    held number is no game) and six records, however many games are kept;
    no lookup among the history's files (on LittleFS each walks them: see
    core/room.py)."""
    opened = []

    class Counting(Storage):
        def open_read(self, name):
            opened.append(name)
            return Storage.open_read(self, name)

        def exists(self, name):
            opened.append(name)
            return Storage.exists(self, name)

        def size(self, name):
            opened.append(name)
            return Storage.size(self, name)

    storage = Counting("data-index-6")
    for games in (8, 30):
        while history.count(storage) < games:
            _start(storage, "G")
        del opened[:]
        assert history.count(storage) == games
        for i in range(6):
            history.record(storage, i)
        assert opened == [history.INDEX] * 8
