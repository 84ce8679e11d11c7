"""Boot never dies, on the emulated Pico: every bad saved game of
tests/portable/boot_cases.py (the same bytes the CPython and VM lanes
write) goes into the chip's flash image as data/game.jnl; the chip boots,
shows why it set the game aside, any key brings the menu a clean boot
draws, data/errors.log holds the reason and the file is kept aside. And
a board whose bus runs at 100 kHz boots to the menu."""

import contextlib
import tempfile

import pytest

from host_tools import flash_image, paths, romfs
from host_tools.pico import figures, lane
from portable.boot_cases import CASES, KEPT_AS, journal_bytes, log_line

# A human pace (150 ms down, 250 up): this is about what boots, not speed.
SCRIPT = "wait 300\nsnap notice\nok\nwait 500\nsnap menu\n"


@pytest.fixture(scope="module")
def clean_menu():
    """The menu as the desktop rig draws it after a boot with nothing saved."""
    from rig import Rig

    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        return bytes(Rig(seed=1).panel.pixels())


@pytest.fixture(scope="module")
def booted():
    """Every case on its own chip, two at a time; {case name: Played}."""
    runs = {}
    images = {
        case[0]: flash_image.referee_image({"data/game.jnl": journal_bytes(case)}) for case in CASES
    }
    # One chip a case: play_all takes one image, so one call each, in a pool of calls.
    from concurrent.futures import ThreadPoolExecutor

    def one(name):
        played = lane.play_all(
            {name: SCRIPT},
            150,
            250,
            image=images[name],
            workers=1,
            keep_filesystem=True,
            tail_ms=1000,  # a run ends this long after the last pin change: past the snap
        )
        return name, played[name]

    lane.play_all({"warm": "wait 10"}, 50, 50, workers=1)  # imports and the .mpy build, once
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs.update(pool.map(one, list(images)))
    return runs


# The chip streams the journal through a small buffer, so the 600 KB file
# never reaches memory as the desktop lanes' locked heap makes it: its one
# line is refused for its length, which is the chip's honest reason.
ON_THE_CHIP = {"too_big": "a line is longer than 4096 bytes"}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_bad_saved_game_is_set_aside_and_the_menu_comes_up(booted, clean_menu, case):
    played = booted[case[0]]
    assert played.chip.error is None
    assert played.snaps["notice"] != clean_menu  # the reason is on the panel first
    assert played.snaps["menu"] == clean_menu
    files = flash_image.read_image(played.chip.filesystem)
    reason = ON_THE_CHIP.get(case[0], case[2])
    assert files.get("data/errors.log") == log_line((case[0], case[1], reason)).encode()
    assert files.get("data/" + KEPT_AS) == journal_bytes(case)
    assert "data/game.jnl" not in files


def test_a_slow_bus_setting_still_boots_to_the_menu(clean_menu):
    source = (paths.FIRMWARE / "board.py").read_text()
    assert "I2C_FREQ = const(400_000)" in source
    slow = source.replace("I2C_FREQ = const(400_000)", "I2C_FREQ = const(100_000)")
    # the board file edited and installed as make deploy would: in the ROMFS
    # image, in place of board.mpy (main.py puts /rom ahead of the filesystem)
    code = romfs.rom_files(flash_image.referee_files())
    del code["board.mpy"]
    code["board.py"] = slow.encode()
    played = lane.play_all({"slow": "wait 100\nsnap menu"}, 50, 50, rom_image=romfs.build(code))[
        "slow"
    ]
    assert played.chip.error is None
    assert played.snaps["menu"] == clean_menu
    # the bus really ran slow: a full frame at 100 kHz is 1,025 bytes and the
    # address, 9 bits each, 10 us a bit: 92.3 ms (23.1 ms at 400 kHz)
    frames = [
        e - s for s, e, addr, _r, data in played.chip.i2c if addr == 0x3C and len(data) == 2050
    ]
    assert frames and min(frames) >= 90_000


def test_a_long_game_without_a_usable_snapshot_resumes_without_a_watchdog_reset():
    """A 5,000-action ROBOTS! journal whose snapshots are gone (damaged, or
    of an older format: the reader passes over both) is replayed from its
    first line. That takes longer than the watchdog's 8.4 s on the chip,
    while the loop that feeds it waits: without referee.keep_alive() the
    chip restarts in the middle and reads the same file again at every
    boot. Here it comes up: the offer, then the game."""
    from host_tools import bench

    saved = bench.saved_files(5000, "robots")
    journal = {"data/game.jnl": saved["game.jnl"]}  # no snapshot beside it
    image = flash_image.referee_image(journal)
    script = "wait 20000\nsnap read\nok\nwait 1000\nsnap game\n"
    played = lane.play_all({"long": script}, 150, 250, image=image, workers=1)["long"]
    assert played.chip.error is None  # no watchdog reset
    ready_ms = played.chip.ready_us / 1000
    # The offer frame came first, its completion (the game read back) after
    # more than the watchdog's timeout: the test needs the long replay.
    ends = [end / 1000 for _s, end, _d in figures.panel_writes(played.chip)]
    read_back = max(e for e in ends if e < ready_ms + 20000)
    assert read_back - ready_ms > 8400
    assert played.snaps["read"] != played.snaps["game"]
