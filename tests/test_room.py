"""Room for a new game on a nearly full flash (issue 20, core/room.py and
the setup's screens/confirm.Confirm): the oldest exported games go first, then the oldest of
the rest, and the device names how many of each before anything is
deleted. The flash is a real folder; how much of it is free is the one
thing faked (host_tools/fakes/flash_size.py: LittleFS's own two blocks,
then every file in whole 4 KB blocks; a desktop disk says gigabytes)."""

import os

import flash_size
import pytest

from rig import Rig


def past_game(folder, number, kb):
    name = f"history-{number:03d}.jnl"
    with open(os.path.join(folder, name), "wb") as f:
        f.write(b"x" * (kb * 1024))
    return name


def exported(folder, *numbers):
    """What `make export` does to the device's index (host_tools/export.py)."""
    from referee.core import room
    from referee.hw.storage import Storage

    room.mark_exported(Storage(folder), list(numbers))


def left(folder):
    return sorted(n for n in os.listdir(folder) if n.startswith("history-"))


def test_the_plan_takes_the_oldest_exported_first_then_the_oldest_others(flash):
    from referee.core import history, room
    from referee.hw.storage import Storage
    from referee.screens.setup import ROOM

    storage = Storage("data")
    # 200 KB of flash: 8 KB the filesystem's own, 4 KB the index (once
    # exported() writes it), 40 + 24 + 40 + 40 KB of history: 156 KB used,
    # 44 KB free; 64 KB wanted, 20 KB short
    flash_size.install("data", 200 * 1024)
    past_game("data", 1, 40)
    past_game("data", 2, 24)
    past_game("data", 3, 40)
    past_game("data", 1000, 40)  # the thousandth: after history-003 (by number, not by name)
    exported("data", 2, 3)
    assert history.files(storage)[-1] == "history-1000.jnl"
    # 16 KB short: the oldest exported game (24 KB) is enough
    assert room.plan(storage, ROOM) == (["history-002.jnl"], [])
    # 100 KB wanted, 56 KB short: both exported (64 KB) are enough
    assert room.plan(storage, 100 * 1024) == (["history-002.jnl", "history-003.jnl"], [])
    # 146 KB wanted, 102 KB short: both exported (64 KB), then the oldest other (40)
    assert room.plan(storage, 146 * 1024) == (
        ["history-002.jnl", "history-003.jnl"],
        ["history-001.jnl"],
    )
    # room already: nothing
    assert room.plan(storage, 44 * 1024) == ([], [])


def test_no_history_no_plan(flash):
    from referee.core import room
    from referee.hw.storage import Storage
    from referee.screens.setup import ROOM

    flash_size.install("data", 40 * 1024)
    assert room.plan(Storage("data"), ROOM) == ([], [])


def _start_a_score_pad(rig):
    rig.play("down\nok\nok\nok\nok long")  # the score pad, 4 players to 100, started


@pytest.mark.parametrize("answer", ["ok", "back"])
def test_a_new_game_on_a_full_flash_names_what_goes_and_asks(flash, answer):
    from referee.scorepad.play import ScorePad
    from referee.screens.confirm import Confirm
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    os.makedirs("data", exist_ok=True)
    # 300 KB: 8 KB the filesystem's, 60 + 60 (exported) + 60 + 80 KB of
    # history: 268 KB used, 32 KB free, 32 KB short of the 64 KB a game
    # needs; the exported 60 KB do
    flash_size.install("data", 300 * 1024)
    past_game("data", 1, 60)
    past_game("data", 2, 60)
    past_game("data", 3, 60)
    past_game("data", 4, 80)
    exported("data", 2)
    _start_a_score_pad(rig)
    screen = rig.app.screen
    assert isinstance(screen, Confirm)
    assert screen.names == ["history-002.jnl"]
    rig.play(answer)
    if answer == "ok":
        assert left("data") == ["history-001.jnl", "history-003.jnl", "history-004.jnl"]
        assert isinstance(rig.app.screen, ScorePad)
    else:  # kept: nothing deleted, the game not started, the setup as it was
        assert len(left("data")) == 4  # four journals
        assert isinstance(rig.app.screen, GameSetup)
        assert not os.path.exists("data/game.jnl")


def test_games_never_exported_go_only_after_a_yes_that_counts_them(flash, monkeypatch):
    from test_text_fits import Fit, drawn_lines

    from referee.scorepad.play import ScorePad
    from referee.screens.confirm import Confirm

    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    os.makedirs("data", exist_ok=True)
    flash_size.install("data", 200 * 1024)
    past_game("data", 1, 60)
    past_game("data", 2, 60)
    past_game("data", 3, 40)
    past_game("data", 4, 20)
    exported("data", 3)
    # 188 KB used (8 KB the filesystem's), 12 KB free: 52 KB short of 64;
    # the exported game gives 40 KB, so the oldest of the others (60 KB) too
    frame, _too_wide = drawn_lines(monkeypatch, "down\nok\nok\nok\nok long", rig)
    screen = rig.app.screen
    assert isinstance(screen, Confirm)
    assert screen.names == ["history-003.jnl", "history-001.jnl"]
    assert [s for _row, s in sorted(frame)] == [
        "FLASH NEARLY FULL",
        "to make room, delete",
        "the 2 oldest games",
        "1 NOT exported",
        "export first to keep",
        "OK:delete  BACK:keep",
    ]
    assert fit.problems == [], fit.report()
    rig.play("ok")
    assert left("data") == ["history-002.jnl", "history-004.jnl"]
    assert isinstance(rig.app.screen, ScorePad)
