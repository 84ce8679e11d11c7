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
