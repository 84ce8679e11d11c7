"""The emulated-Pico lane: MicroPython v1.27.0's rp2 firmware in rp2040js.

Every scenario script plays on the emulated chip at ten presses a second
(50 ms down, 50 ms up), in emulated time at 125 MHz, and every snap must be
the golden image the desktop rig made. The chip runs the referee exactly as
`make deploy` installs it; the board around it (panel, buttons, VBUS, VSYS,
entropy) is modelled by host_tools/pico.
"""

import pytest
from conftest import GOLDEN, SCENARIOS

from host_tools import flash_image, romfs
from host_tools.pico import figures, lane, run, script
from host_tools.pico.run import ChipRun

PINS = {"up": 10, "down": 11, "ok": 12, "back": 13}
SCRIPTS = sorted(p.stem for p in SCENARIOS.glob("*.txt"))


# -- scripts become timelines ------------------------------------------------------


def test_presses_long_presses_waits_and_snaps_on_the_timeline():
    tl = script.timeline("up\nok long\nwait 100\nsnap a\ndown x2", PINS, 50, 50, 700)
    # up 0-50, gap to 100; OK held 700 + 100 = 800 ms: 100-900, gap to 950;
    # wait to 1050, snap; DOWN 1050-1100 and 1150-1200, gap to 1250.
    assert tl.changes == [
        (0, 10, 0),
        (50, 10, 1),
        (100, 12, 0),
        (900, 12, 1),
        (1050, 11, 0),
        (1100, 11, 1),
        (1150, 11, 0),
        (1200, 11, 1),
    ]
    assert tl.snaps == [("a", 1050)]
    assert [(p.button, p.kind) for p in tl.presses] == [
        ("up", "press"),
        ("ok", "long"),
        ("down", "press"),
        ("down", "press"),
    ]
    assert tl.end_ms == 1250


def test_a_peek_holds_ok_across_the_other_presses_and_snaps_before_letting_go():
    tl = script.timeline("peek down snap s\nback hold 300 snap h", PINS, 40, 60, 700)
    # OK down at 0; after 40 ms DOWN 40-80, gap to 140; snap and OK up at 140,
    # gap to 200; BACK held 200-500 with its snap at 500, gap to 560.
    assert tl.changes == [
        (0, 12, 0),
        (40, 11, 0),
        (80, 11, 1),
        (140, 12, 1),
        (200, 13, 0),
        (500, 13, 1),
    ]
    assert tl.snaps == [("s", 140), ("h", 500)]
    assert tl.end_ms == 560


def test_settling_pauses_before_snap_lines_only():
    tl = script.timeline("up\nsnap a\npeek snap p\nup", PINS, 50, 50, 700, settle_ms=200)
    # UP 0-50, gap to 100; 200 ms settle: snap a at 300; OK 300-350 with its
    # peek snap at 350 (no settle while held), gap to 400; UP 400-450.
    assert tl.snaps == [("a", 300), ("p", 350)]
    assert tl.changes == [
        (0, 10, 0),
        (50, 10, 1),
        (300, 12, 0),
        (350, 12, 1),
        (400, 10, 0),
        (450, 10, 1),
    ]


def test_a_script_line_the_grammar_does_not_know_is_named():
    with pytest.raises(ValueError, match="line 2"):
        script.timeline("up\nsideways", PINS)


def test_an_entropy_line_starts_the_devices_random_stream_further_in(flash):
    # 2d6 from the dice screen: a throw draws from the stream. After
    # "entropy 100" the throw shows what a stream cut 100 bytes in gives (the
    # chip's is cut so before power-on): the same dice, and not the dice of
    # the uncut stream. The rig refuses the line once anything was drawn.
    from rig import Rig, SeededEntropy

    assert script.timeline("entropy 100\nok", PINS).entropy_skip == 100
    throw = "ok\ndown x2\nok\nsnap t"
    plain = Rig(seed=1)  # one rig at a time: they share the fake machine
    plain.play(throw)
    cut = SeededEntropy(1)
    cut(100)
    chip_like = Rig(seed=1, data_dir="c", entropy=cut)
    chip_like.play(throw)
    skipped = Rig(seed=1, data_dir="b")
    skipped.play("entropy 100\n" + throw)
    assert skipped.snaps["t"] == chip_like.snaps["t"] != plain.snaps["t"]
    with pytest.raises(ValueError, match="drawn from already"):
        skipped.play("entropy 5")


# -- the board around the chip ---------------------------------------------------------


def test_vsys_reads_as_the_twelve_bit_adc_reads_it():
    # 4,600 mV / 3 = 1,533.3 mV on ADC3; x 4,095 / 3,300 mV = 1,902.7
    assert run.vsys_adc_raw(4600) == 1903
    assert run.vsys_adc_raw(9900) == 4095  # 3.3 V on the pin: full scale


def test_the_filesystem_image_holds_what_an_install_leaves_plus_extra_files():
    extra = {"data/game.jnl": b"journal bytes"}
    deployed = flash_image.referee_files()
    assert "main.py" in deployed and "referee/app.mpy" in deployed
    assert "lib/adafruit_ssd1306.mpy" in deployed
    # The stock build: everything on the filesystem, as make deploy copies it
    stock = flash_image.read_image(flash_image.referee_image(extra, in_rom=False))
    assert stock == {**deployed, **extra}
    # The ROMFS build: main.py beside the games; the rest is in the ROMFS image
    image = flash_image.referee_image(extra)
    assert len(image) == 352 * 4096  # 0xA0000 to the end of the 2 MiB flash
    assert flash_image.read_image(image) == {"main.py": deployed["main.py"], **extra}
    rom = romfs.read(romfs.referee_image())
    assert rom == {path: data for path, data in deployed.items() if path != "main.py"}


def test_the_romfs_image_is_the_same_bytes_from_the_same_sources():
    files = {"b/c.mpy": b"\x4d\x06", "a.mpy": b"abc", "b/a.mpy": b""}
    image = romfs.build(files)
    assert image.startswith(romfs.HEADER)
    assert romfs.build(dict(reversed(list(files.items())))) == image
    assert romfs.read(image) == files


# -- figures from a record --------------------------------------------------------------


def test_median_and_nearest_rank_p90():
    assert figures.median_p90([float(v) for v in range(10, 0, -1)]) == (5.5, 9.0)
    assert figures.median_p90([]) is None


def test_press_to_panel_runs_to_the_end_of_the_last_update_before_the_next_press_acts():
    tl = script.timeline("up\nok\nback", PINS, 50, 50, 700)
    # ready at 1,000 us. UP acts at 0 ms (down), OK at 150 ms (up), BACK at 250 ms (up).
    panel = figures.PANEL_ADDR
    record = ChipRun(
        ready_us=1000.0,
        end_us=500_000.0,
        i2c=[
            [5_000.0, 5_200.0, panel, 0, "0021007f220000"],  # UP's update: 5.0-8.0 ms
            [5_300.0, 9_000.0, panel, 0, "40ff"],
            [152_000.0, 170_000.0, panel, 0, "40ff"],  # OK's, ends 169 ms after its release
            [300_000.0, 301_000.0, 0x3D, 0, "00"],  # another address: not the panel
        ],
    )
    lat = figures.latencies(record, tl)
    assert lat.up_down == [8.0]
    assert lat.ok_back == [19.0]
    assert lat.no_update == 1  # BACK changed nothing on the panel


def test_a_held_ok_letting_go_ends_the_last_press_window():
    tl = script.timeline("peek up\nwait 500\ndown", PINS, 50, 50, 700)
    # ready at 1,000 us. OK down 0-150 ms (a hold: no figure of its own);
    # UP 50-100 acts at 50; OK lets go at 150 (the peek blanks); wait to
    # 700; DOWN acts at 700. The blanking frame is the release's, not UP's.
    panel = figures.PANEL_ADDR
    record = ChipRun(
        ready_us=1000.0,
        end_us=900_000.0,
        i2c=[
            [52_000.0, 60_000.0, panel, 0, "40ff"],  # UP's update: 59 ms after ready
            [153_000.0, 175_000.0, panel, 0, "40ff"],  # the release's: not UP's
            [702_000.0, 705_000.0, panel, 0, "40ff"],  # DOWN's: 4 ms
        ],
        flash={"erase_us": [55_000.0]},  # UP's journal line erased a sector
    )
    lat = figures.latencies(record, tl)
    assert lat.up_down == [9.0, 4.0]
    assert lat.erasing == 1


# -- the chip ---------------------------------------------------------------------------


def test_a_watchdog_reset_stops_the_run_loudly():
    main = b"import machine\nmachine.WDT(timeout=200)\nwhile True:\n    pass\n"
    record = run.run_chip(script.Timeline(), flash_image.build_image({"main.py": main}))
    assert record.error is not None and record.error.startswith("watchdog reset")
    assert record.ready_us is None


def test_the_heap_read_from_sram_is_what_gc_reports():
    """After gc.collect() the harness reads the GC table from SRAM; the
    firmware's own gc.mem_alloc()/mem_free(), taken before anything else is
    allocated, must say the same. (Both names exist before the collection,
    so assigning them allocates nothing.)"""
    main = (
        b"import gc, machine\n"
        b"used = free = 0\n"
        b"gc.collect()\n"
        b"used = gc.mem_alloc()\n"
        b"free = gc.mem_free()\n"
        b"with open('heap.txt', 'w') as f:\n"
        b"    f.write('%d %d' % (used, free))\n"
        b"machine.WDT(timeout=100)\n"  # ends the run
        b"while True:\n"
        b"    pass\n"
    )
    image = flash_image.build_image({"main.py": main})
    record = run.run_chip(script.Timeline(), image, keep_filesystem=True)
    assert record.error is not None and record.error.startswith("watchdog reset")
    assert record.filesystem is not None
    # A small file goes inline into the root's metadata block, whose tail is
    # still erased: programmed, through the intercepted ROM routine.
    assert record.flash["programmed_pages"] >= 1
    used, free = map(int, flash_image.read_image(record.filesystem)["heap.txt"].split())
    assert used + free == 246_016  # the whole GC heap of this build
    assert len(record.gc) == 1  # main.py's; nothing else ran out of room
    _time, sram_used, sram_free, largest, _took_us = record.gc[0]
    assert (sram_used, sram_free) == (used, free)
    assert 0 < largest <= free


def test_the_chip_draws_the_rigs_seeded_entropy_stream():
    """Coin flips at an unhurried pace (150 ms down, 250 ms up), where no
    press can be lost: the unmodified firmware's os.urandom, fed at the ring
    oscillator's RANDOMBIT, flips the coins the golden images show."""
    coin = lane.play_all({"coin": (SCENARIOS / "coin.txt").read_text()}, 150, 250)["coin"]
    assert coin.chip.entropy_used > 0
    assert lane.golden_mismatches(coin, GOLDEN) == (3, [])


def test_a_full_frame_takes_its_wire_time_at_the_programmed_bus_rate():
    """pico-sdk programs 400 kHz from a 125 MHz clk_sys as a period of
    (125,000,000 + 200,000) // 400,000 = 313 cycles (IC_FS_SCL_HCNT + LCNT).
    A full frame is the address and 1,025 bytes, 9 SCL periods each:
    1,026 x 9 x 313 / 125 MHz = 23.122 ms."""
    played = lane.play_all({"boot": "wait 10"})["boot"]
    frames = [
        end - start for start, end, data in figures.panel_writes(played.chip) if len(data) == 1025
    ]
    assert frames  # the blank frame at init and the menu
    for us in frames:
        assert us == pytest.approx(1026 * 9 * 313 / 125, abs=0.01)


def test_skipping_the_i2c_waits_turns_changes_nothing_the_chip_does():
    """The harness jumps the clock over turns of the SDK's busy-wait for
    each I2C byte (pico.mjs: SPIN_LOOPS). A turn after the jump must start
    at the nanosecond, and in the state, it would have: the same record as a
    run that takes every turn, down to the instruction count and every
    transaction's start and end. Boot, a few presses, a redraw at each."""
    timeline = lane.timeline_for("wait 100\ndown\ndown\nok\nwait 300\nback\nwait 300\n", 50, 50)
    image = flash_image.referee_image({})
    skipping = run.run_chip(timeline, image)
    every = run.run_chip(timeline, image, every_turn=True)
    assert every.spun == 0
    # a full frame is 1,026 bytes of about 50 turns each: most of them skipped
    assert skipping.spun > 1_000_000
    assert skipping.error is None and skipping.ready_us is not None
    assert len(skipping.i2c) > 40
    assert skipping.i2c == every.i2c
    assert skipping.pins == every.pins
    assert skipping.gc == every.gc
    assert skipping.instructions == every.instructions
    assert (skipping.ready_us, skipping.end_us) == (every.ready_us, every.end_us)
    assert skipping.bench == every.bench


def test_a_game_saved_on_the_desktop_resumes_on_the_chip(flash):
    """The score pad's journal, written by the rig, goes on the emulated flash
    (as --flash-dir puts it): the chip offers it and resumes it, frame for
    frame as the rig does after a reset."""
    from rig import Rig

    # (the scenario up to the undo: the game is still on, so it is offered)
    Rig(seed=1).play((SCENARIOS / "scorepad.txt").read_text().split("snap undone")[0])
    saved = flash_image.folder_files(flash)
    assert "data/game.jnl" in saved
    after_reset = Rig(seed=1)
    after_reset.play("snap offer\nwait 500\nsnap read\nok\nsnap resumed")
    snaps = after_reset.snaps
    # The offer shows first, then says where the game stood once read back.
    assert len({snaps["offer"], snaps["read"], snaps["resumed"]}) == 3

    image = flash_image.referee_image(saved)
    script = "snap offer\nwait 500\nsnap read\nok\nsnap resumed"
    chip = lane.play_all({"resume": script}, 150, 250, image=image)
    played = chip["resume"]
    assert played.chip.error is None
    assert played.snaps == snaps


# brisk (every scenario at 50/50, one chip each) is in conftest.py: the chip's
# budgets (tests/test_pico_budgets.py) read the same runs.


@pytest.mark.parametrize("name", SCRIPTS)
def test_scenario_on_the_chip_at_ten_presses_a_second_matches_golden(brisk, name):
    played = brisk[name]
    assert played.chip.error is None
    assert played.boot_ms is not None, "never reached the menu"
    assert set(played.snaps) == {snap for snap, _ms in played.timeline.snaps}
    _compared, differ = lane.golden_mismatches(played, GOLDEN)
    assert differ == [], f"{name}: snaps differ from tests/golden on the chip: {differ}"
