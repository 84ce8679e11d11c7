"""The .mpy set is built once a session and rebuilt whenever what it is made
from changed: a stale .mpy would test yesterday's firmware in the VM lane."""

import pytest

from host_tools import paths, portability
from host_tools.mpvm import lane


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A two-file firmware and a one-file driver, built into tmp_path/mpy."""
    firmware = tmp_path / "firmware"
    (firmware / "pkg").mkdir(parents=True)
    (firmware / "main.py").write_text("import pkg.mod\n")
    (firmware / "pkg" / "mod.py").write_text("X = 1\n")
    driver = tmp_path / "lib"
    driver.mkdir()
    (driver / "drv.py").write_text("Y = 2\n")
    monkeypatch.setattr(paths, "FIRMWARE", firmware)
    monkeypatch.setattr(paths, "DEVICE_LIB", driver)
    out = tmp_path / "mpy"
    monkeypatch.setattr(lane, "MPY_ROOT", out)
    monkeypatch.setattr(lane, "MPY_FIRMWARE", out / "firmware")
    monkeypatch.setattr(lane, "MPY_LIB", out / "lib")
    monkeypatch.setattr(lane, "STAMP", out / "sources.sha256")
    compiled = []
    real = portability.compile_all

    def counting(src, dest):
        compiled.append(src.name)
        return real(src, dest)

    monkeypatch.setattr(portability, "compile_all", counting)
    return firmware, out, compiled


def test_an_unchanged_tree_is_compiled_once(tree):
    firmware, out, compiled = tree
    first = lane.build_mpy()
    assert compiled == ["firmware", "lib"]
    assert lane.build_mpy() == first  # the same byte count, from the files kept
    assert compiled == ["firmware", "lib"]
    assert first == sum(p.stat().st_size for p in (out / "firmware").rglob("*.mpy"))


def test_a_changed_source_is_compiled_again(tree):
    firmware, out, compiled = tree
    lane.build_mpy()
    before = (out / "firmware" / "pkg" / "mod.mpy").read_bytes()
    (firmware / "pkg" / "mod.py").write_text("X = 'a longer constant than before'\n")
    lane.build_mpy()
    assert len(compiled) == 4
    assert (out / "firmware" / "pkg" / "mod.mpy").read_bytes() != before


def test_a_deleted_source_leaves_no_mpy_behind(tree):
    firmware, out, compiled = tree
    lane.build_mpy()
    (firmware / "pkg" / "mod.py").unlink()
    lane.build_mpy()
    assert not (out / "firmware" / "pkg" / "mod.mpy").exists()
    assert (out / "firmware" / "main.mpy").exists()


def test_a_missing_mpy_is_compiled_again(tree):
    firmware, out, compiled = tree
    lane.build_mpy()
    (out / "lib" / "drv.mpy").unlink()
    lane.build_mpy()
    assert (out / "lib" / "drv.mpy").exists() and len(compiled) == 4


def test_a_source_that_does_not_compile_is_never_taken_as_built(tree):
    firmware, out, compiled = tree
    (firmware / "pkg" / "mod.py").write_text("match 3:\n    case 3:\n        pass\n")
    for _ in range(2):  # the failed build left no stamp: the second call fails too
        with pytest.raises(lane.VMError, match="mod.py"):
            lane.build_mpy()
    assert len(compiled) == 4
