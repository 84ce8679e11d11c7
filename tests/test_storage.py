"""Storage on a real folder: whole-file writes are atomic, appends add."""

import os

import pytest

from referee.hw.storage import Storage


def test_missing_file_reads_as_none(flash):
    assert Storage("data").read("nothing") is None


def test_write_replaces_and_leaves_no_temporary(flash):
    s = Storage("data")
    s.write("dice", b"2 6")
    s.write("dice", b"1 20")
    assert s.read("dice") == b"1 20"
    assert os.listdir("data") == ["dice"]


def test_a_reset_before_the_rename_keeps_the_old_file(flash, monkeypatch):
    s = Storage("data")
    s.write("dice", b"2 6")

    def power_cut(src, dst):
        raise OSError(5, "power cut")

    monkeypatch.setattr(os, "rename", power_cut)
    with pytest.raises(OSError):
        s.write("dice", b"3 6")
    monkeypatch.undo()
    assert Storage("data").read("dice") == b"2 6"


def test_append_adds_records(flash):
    s = Storage("data")
    s.append("log", b"a\n")
    s.append("log", b"b\n")
    assert s.read("log") == b"a\nb\n"
    s.remove("log")
    assert s.read("log") is None


# --- the journal's tail (core/tail.py): the Pico's way of appending -----------------

JOURNAL = "game.jnl"
TAIL = "data/game.jnl.tail"
HEADER = b'{"game": "scorepad"}\n'


def line(n):
    return b'{"a": "score", "pts": %d}\n' % n  # 25-27 bytes, as a journal's lines


def lines(*numbers):
    return b"".join(line(n) for n in numbers)


def tailed_journal(count):
    s = Storage("data", tail=True)
    s.write(JOURNAL, HEADER)
    for n in range(count):
        s.append(JOURNAL, line(n))
    return s


def test_the_tail_takes_the_lines_and_every_reader_sees_them(flash):
    tailed_journal(3)  # left open, as a reset finds it
    assert (flash / "data/game.jnl").read_bytes() == HEADER  # the journal untouched
    # its head: the journal's size when it began (21 bytes), the bytes of lines after it
    n = len(lines(0, 1, 2))
    assert (flash / TAIL).read_bytes() == b"0000000021 %03d\n" % n + lines(0, 1, 2)
    whole = HEADER + lines(0, 1, 2)
    assert Storage("data").read(JOURNAL) == whole  # a new boot's reader folds it in
    assert not os.path.exists(TAIL)
    assert (flash / "data/game.jnl").read_bytes() == whole


def test_the_size_and_an_open_reader_fold_the_tail_first(flash):
    s = tailed_journal(2)
    assert s.size(JOURNAL) == len(HEADER + lines(0, 1))
    s.append(JOURNAL, line(2))
    with s.open_read(JOURNAL) as f:
        assert f.read() == HEADER + lines(0, 1, 2)


def test_a_full_tail_folds_in_place_and_never_passes_littlefs_inline_limit(flash):
    # littlefs keeps a file of up to 512 B in the folder's metadata
    s = Storage("data", tail=True)
    s.write(JOURNAL, HEADER)
    biggest = 0
    for n in range(60):
        s.append(JOURNAL, line(n))
        biggest = max(biggest, os.path.getsize(TAIL))
    assert 420 < biggest <= 448
    assert os.path.getsize("data/game.jnl") > len(HEADER)  # folds happened on the way
    assert s.read(JOURNAL) == HEADER + lines(*range(60))


def test_settle_folds_the_tail_and_removes_it(flash):
    s = tailed_journal(4)
    s.settle()
    assert not os.path.exists(TAIL)
    assert (flash / "data/game.jnl").read_bytes() == HEADER + lines(0, 1, 2, 3)
    s.append(JOURNAL, line(4))  # a new tail, from the new size
    size = len(HEADER + lines(0, 1, 2, 3))
    assert (flash / TAIL).read_bytes()[:11] == b"%010d " % size


def tail_left_by_a_reset(flash, numbers):
    tailed_journal(len(numbers))
    data = (flash / TAIL).read_bytes()
    return data[15 : 15 + int(data[11:14])]


def test_a_reset_between_a_fold_and_its_count_adds_nothing_twice(flash):
    body = tail_left_by_a_reset(flash, [0, 1, 2])
    with open("data/game.jnl", "ab") as f:  # the fold appended; the power went
        f.write(body)
    assert Storage("data").read(JOURNAL) == HEADER + lines(0, 1, 2)


def test_a_fold_cut_part_way_is_finished_not_repeated(flash):
    body = tail_left_by_a_reset(flash, [0, 1, 2])
    with open("data/game.jnl", "ab") as f:
        f.write(body[:30])  # the first line and a few bytes of the second
    assert Storage("data").read(JOURNAL) == HEADER + lines(0, 1, 2)


def test_a_tail_that_is_not_the_journals_end_is_kept_aside_not_folded(flash):
    tail_left_by_a_reset(flash, [0, 1])
    (flash / "data/game.jnl").write_bytes(HEADER + lines(7, 8, 9))  # longer than its start
    assert Storage("data").read(JOURNAL) == HEADER + lines(7, 8, 9)
    assert (flash / "data/game.jnl.tail.bad1").read_bytes().endswith(line(1))
    # a second one is kept beside the first, never over it
    tail_left_by_a_reset(flash, [0])
    (flash / "data/game.jnl").write_bytes(HEADER + lines(7, 8, 9))
    assert Storage("data").read(JOURNAL) == HEADER + lines(7, 8, 9)
    assert (flash / "data/game.jnl.tail.bad1").read_bytes().endswith(line(1))
    assert (flash / "data/game.jnl.tail.bad2").read_bytes().endswith(line(0))


def test_moving_the_journal_away_takes_its_tail_with_it(flash):
    s = tailed_journal(2)
    s.rename(JOURNAL, "history-001.jnl")
    assert s.read("history-001.jnl") == HEADER + lines(0, 1)
    assert sorted(os.listdir("data")) == ["history-001.jnl"]
    s.write(JOURNAL, HEADER)  # the next game starts clean
    s.append(JOURNAL, line(5))
    assert s.read(JOURNAL) == HEADER + line(5)


def test_a_line_too_long_for_the_tail_follows_the_tails_lines(flash):
    s = tailed_journal(2)
    long_line = b'{"a": "order", "hands": "%s"}\n' % (b"x" * 440)
    s.append(JOURNAL, long_line)
    s.append(JOURNAL, line(9))
    s.close()
    assert (flash / "data/game.jnl").read_bytes() == HEADER + lines(0, 1) + long_line
    assert Storage("data").read(JOURNAL) == HEADER + lines(0, 1) + long_line + line(9)


def test_a_failed_append_to_the_tail_loses_no_earlier_line(flash, monkeypatch):
    from flash_faults import FlashFaults

    s = tailed_journal(2)
    faults = FlashFaults(monkeypatch)
    faults.fail_next = 5  # EIO
    with pytest.raises(OSError):
        s.append(JOURNAL, line(2))
    assert s.read(JOURNAL) == HEADER + lines(0, 1)
    s.append(JOURNAL, line(3))
    assert Storage("data").read(JOURNAL) == HEADER + lines(0, 1, 3)
    assert sorted(os.listdir("data")) == ["game.jnl"]  # no tail left, no .bad


def test_a_game_played_with_a_tail_leaves_the_same_journal_as_without(flash):
    from referee.core.session import Session
    from referee.scorepad import rules as scorepad

    journals = []
    for tail in (False, True):
        root = f"data{int(tail)}"
        storage = Storage(root, tail=tail)
        session = Session.start(storage, scorepad, {"players": 3, "target": 100})
        for n in range(40):
            assert session.act({"a": "score", "seat": n % 3, "pts": 5}) is None
            if n % 7 == 6:
                assert session.undo() is None
            if n % 13 == 12:
                storage.settle()
        journals.append(Storage(root).read(JOURNAL))
    assert journals[0] == journals[1]
    assert journals[1].count(b"\n") == 1 + 40 + 5  # the header, the actions, 5 undo lines
