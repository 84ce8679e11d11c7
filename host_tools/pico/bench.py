"""The chip's figures for `make bench`, in emulated time, against the budgets.

The shipped build is MicroPython's ROMFS build with the referee's code in
its partition (run.ROMFS); the stock build, the code on the filesystem
(run.STOCK), keeps a smaller lane of its own beside it. Each has its
budgets (ROMFS_BUDGETS, STOCK_BUDGETS: docs/design.md says where they come
from).

The games: one emulated Pico per game and journal length. The flash holds
the referee and a saved game of 500 or 5,000 actions (the data folder a
desktop Session leaves: host_tools.bench.saved_files, so a journal format
change carries over); the chip boots to the resume offer, OK resumes, the
loop idles, a long BACK undoes, and in ROBOTS! a hand is corrected from its
history. The same script runs on the desktop rig, whose frames the chip
must show. 5,000-action runs get a smaller heap (cut at gc_init), so
finishing without a MemoryError proves the peak fits it.

Allocations are gc_alloc's requests (bytes asked, r0) summed per window
between moments of the script (pico.mjs, "bench"); awake time is emulated
time the core was not waiting for an interrupt.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from host_tools import flash_image
from host_tools.pico import figures, lane, run, script

KB = 1024


@dataclass(frozen=True)
class Budgets:
    """One build's budgets on the emulated chip (None: no budget, a figure)."""

    build: run.Build
    boot_ms: float  # power-on to the complete menu frame
    press_median_ms: float  # press to panel (UP/DOWN from the press, OK/BACK from the release)
    press_p90_ms: float
    press_slowest_ms: float | None  # the slowest short press of any scenario
    menu_kept: int  # heap kept from main.py's start: the menu
    game_kept: int  # and any game resumed at 500 actions
    long_heap: (
        int | None
    )  # the heap a 5,000-action game resumes, undoes and corrects in (None: all)
    largest_alloc: int  # no single allocation larger, in that run
    offer_ms: float | None  # power-on to the complete resume offer (headline and steps)
    resume_ms: float | None  # OK's release to the game on the panel
    reset_to_game_ms: float | None  # the offer's first frame plus OK's release to the game
    undo_ms: float  # a long BACK at 5,000 actions: the long press to the panel
    garbage_per_event: float | None  # bytes the collections took back, per button event


ROMFS_BUDGETS = Budgets(
    run.ROMFS,
    boot_ms=250,
    press_median_ms=15,
    press_p90_ms=30,
    press_slowest_ms=100,
    menu_kept=32 * KB,
    game_kept=48 * KB,
    long_heap=96 * KB,
    largest_alloc=8 * KB,
    offer_ms=400,
    resume_ms=60,
    reset_to_game_ms=None,
    undo_ms=250,
    garbage_per_event=768,
)
# The stock build holds the code in its heap as well: docs/design.md says why
# its heap budgets are not the ones it had while modules were dropped mid-game.
STOCK_BUDGETS = Budgets(
    run.STOCK,
    boot_ms=400,
    press_median_ms=20,
    press_p90_ms=35,
    press_slowest_ms=None,
    menu_kept=56 * KB,
    game_kept=96 * KB,
    long_heap=None,
    largest_alloc=16 * KB,
    offer_ms=None,
    resume_ms=None,
    reset_to_game_ms=500,
    undo_ms=300,
    garbage_per_event=None,
)
ALLOC_IDLE = 0  # heap asked by the idle loop


def measured_games() -> tuple[str, ...]:
    """Every game in the firmware's registry that has a sample game to save
    (tests/portable/samples.py), in the registry's order."""
    from host_tools import paths

    paths.use_firmware()
    from referee.games import GAMES as REGISTRY
    from tests.portable.samples import SAMPLES

    return tuple(game[0] for game in REGISTRY if game[0] in SAMPLES)


GAMES = measured_games()
LENGTHS = (500, 5000)
IDLE_FROM_MS, IDLE_TO_MS = 1600, 2600  # after ready: the resumed game on the panel, nothing pressed
POLL_MS = 10  # referee.app.POLL_MS: one loop step a nap
# How long the table reads the resume offer before OK: half a second, a
# quick reader (the offer shows at once; the game is read back meanwhile).
READ_MS = 500

# After ready (the resume offer on the panel): half a second to read it,
# OK resumes, a second of nothing, a long BACK undoes the last step.
RESUME_SCRIPT = (
    f"snap offer\nwait {READ_MS}\nsnap read\nok\nwait 1000\nsnap resumed\nwait 1000\n"
    "back long\nwait 2000\nsnap undone\n"
)
# ROBOTS!, four players: down to the history (after four sides and
# "standings"), the last closed hand, its first side, the number, one up,
# saved: a correction of a closed hand.
CORRECTION = {"robots": "down x5\nok\nwait 500\nok\nok\nwait 500\nup\nok\nwait 2000\nsnap fixed\n"}


def script_for(game: str) -> str:
    return RESUME_SCRIPT + CORRECTION.get(game, "")


def acts_moments(tl: script.Timeline) -> list[int]:
    """When the firmware acts on each press (ms after ready), in order:
    UP/DOWN when they go down, OK/BACK when they come up or, held long,
    LONG_MS after they went down."""
    from referee.hw.buttons import LONG_MS

    moments = []
    for p in tl.presses:
        if p.kind == "long":
            moments.append(p.down_ms + LONG_MS)
        elif p.button in figures.ACT_ON_DOWN:
            moments.append(p.down_ms)
        else:
            moments.append(p.up_ms)
    return sorted(moments)


def settle_ms(chip: run.ChipRun, acts_ms: float, until_ms: float) -> float | None:
    """From the moment the firmware acts to the end of the last panel
    transfer that began before ``until_ms`` (both after ready)."""
    assert chip.ready_us is not None
    start = chip.ready_us + acts_ms * 1000
    stop = chip.ready_us + until_ms * 1000
    ends = [e for s, e, _d in figures.panel_writes(chip) if start <= s < stop]
    return (max(ends) - start) / 1000 if ends else None


_ONE_RIG = threading.Lock()  # the fakes' machine module is one global board


def rig_snaps(files: dict[str, bytes], text: str) -> dict[str, bytes]:
    """The desktop rig's snaps of ``text`` after a reset with ``files`` on flash."""
    from rig import Rig

    with _ONE_RIG, tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        for path, data in files.items():
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_bytes(data)
        rig = Rig(seed=1)
        rig.snaps["offer"] = bytes(rig.panel.pixels())
        rig.play(text.replace("snap offer\n", ""))
        return rig.snaps


@dataclass
class GameRun:
    game: str
    actions: int
    chip: run.ChipRun
    snaps: dict[str, bytes]
    rig: dict[str, bytes]
    boot_ms: float | None = None  # power-on to the resume offer on the panel
    read_ms: float | None = None  # power-on to the offer with the game read back into it
    resume_ms: float | None = None  # OK's release to the resumed game on the panel
    undo_ms: float | None = None  # the long press recognised to the undone state on the panel
    fix_ms: float | None = None  # the correction's saving OK to the panel
    idle_bytes: int = 0  # allocated while idle (IDLE_FROM_MS..IDLE_TO_MS)
    idle_left: int = 0  # of that, not freed at once: left for the collector
    idle_awake_us_per_step: float = 0.0
    largest_alloc: int = 0  # the whole run: boot, resume, undo, correction
    kept_bytes: int | None = None  # heap used after the last collection before the undo
    runtime_bytes: int = 0  # heap in use as main.py starts: MicroPython's own
    low_free: int | None = None  # least free after a collection
    longest_gc_ms: float = 0.0  # the longest garbage collection
    low_largest_free: int | None = None  # smallest largest-free-block after a collection
    errors_log: bytes | None = None
    memory_errors: list = field(default_factory=list)

    @property
    def reset_to_game_ms(self) -> float | None:
        if self.boot_ms is None or self.resume_ms is None:
            return None
        return self.boot_ms + self.resume_ms

    @property
    def frames_match(self) -> bool:
        return self.snaps == self.rig

    @property
    def undo_works(self) -> bool:
        return self.snaps.get("undone") not in (None, self.snaps.get("resumed"))


def game_job(game: str, actions: int):
    from host_tools import bench

    saved = {"data/" + name: data for name, data in bench.saved_files(actions, game).items()}
    text = script_for(game)
    tl = lane.timeline_for(text, 50, 50)
    return saved, text, tl


def analyse(game: str, actions: int, saved, text, tl, chip: run.ChipRun) -> GameRun:
    out = GameRun(game, actions, chip, figures.snaps(chip, tl), rig_snaps(saved, text))
    out.memory_errors = list(chip.bench.get("malloc_fail_us", []))
    if chip.filesystem is not None:
        out.errors_log = flash_image.read_image(chip.filesystem).get("data/errors.log")
    if chip.ready_us is None:
        return out
    out.boot_ms = figures.boot_ms(chip)
    acts = acts_moments(tl)
    ends = acts[1:] + [tl.end_ms]
    times = [settle_ms(chip, a, b) for a, b in zip(acts, ends, strict=True)]
    out.resume_ms, out.undo_ms = times[0], times[1]
    offer_done = settle_ms(chip, 0, acts[0])
    if offer_done is not None:
        out.read_ms = chip.ready_us / 1000 + offer_done
    if game in CORRECTION:
        out.fix_ms = times[-1]
    windows = chip.bench["windows"]
    marks = bench_marks(tl)
    idle = windows[marks.index(IDLE_FROM_MS) + 1]
    out.idle_bytes = idle["bytes"]
    out.idle_left = left_bytes(idle)
    out.idle_awake_us_per_step = idle["awake_ns"] / 1000 / ((IDLE_TO_MS - IDLE_FROM_MS) / POLL_MS)
    # the whole run: the resume itself happens before the offer shows (window 0)
    out.largest_alloc = max(w["largest"] for w in windows)
    undo_us = chip.ready_us + acts[1] * 1000
    before_undo = [g for g in chip.gc if g[0] < undo_us and len(g) == 5]
    out.runtime_bytes = runtime_bytes(chip)
    out.kept_bytes = before_undo[-1][1] - out.runtime_bytes if before_undo else None
    after_gc = [g for g in chip.gc if len(g) == 5]
    if after_gc:
        out.low_free = min(g[2] for g in after_gc)
        out.low_largest_free = min(g[3] for g in after_gc)
        out.longest_gc_ms = max(g[4] for g in after_gc) / 1000
    return out


def runtime_bytes(chip: run.ChipRun) -> int:
    """The heap in use when main.py starts (MicroPython's own, and what
    _boot.py left): "from an empty heap" counts from here."""
    start = chip.bench.get("main_start")
    return start[1] if start and len(start) > 1 else 0


def bench_marks(tl: script.Timeline) -> list[int]:
    """Window edges: each press's acting moment, and the idle stretch."""
    return sorted(set(acts_moments(tl)) | {IDLE_FROM_MS, IDLE_TO_MS})


def run_games(
    games=GAMES,
    lengths=LENGTHS,
    workers: int | None = None,
    cap: bool = True,
    budgets: Budgets = ROMFS_BUDGETS,
) -> dict:
    """{(game, actions): GameRun} on ``budgets``' build, two chips at a
    time; 5,000-action games in its long-game heap (unless not ``cap``)."""
    from host_tools import romfs

    build = budgets.build
    run.seeded_entropy(1, 1)  # imports done here, not in the worker threads
    figures.new_panel()
    jobs = {(g, n): game_job(g, n) for n in lengths for g in games}
    # built here: two threads compiling the .mpy files at once would collide
    images = {
        key: flash_image.referee_image(saved, in_rom=build.in_rom)
        for key, (saved, _t, _tl) in jobs.items()
    }
    rom = romfs.referee_image() if build.in_rom else b""
    workers = workers or min(2, os.cpu_count() or 1)

    def one(key):
        game, actions = key
        saved, text, tl = jobs[key]
        chip = run.run_chip(
            tl,
            images[key],
            build=build,
            rom_image=rom,
            bench_marks=bench_marks(tl),
            heap_cap_bytes=budgets.long_heap if actions > 500 and cap else None,  # None: all
            keep_filesystem=True,
            tail_ms=tl.end_ms - tl.changes[-1][0] + 300,  # the script's last waits too
        )
        return key, analyse(game, actions, saved, text, tl, chip)

    order = sorted(jobs, key=lambda k: -k[1])  # the long games first
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return dict(pool.map(one, order))


def menu_kept(build: run.Build = run.ROMFS) -> tuple[int, run.ChipRun]:
    """Heap used at the menu after the collection that follows leaving a
    screen (the first menu entry opened and closed): what the menu keeps."""
    chip = run.run_chip(
        lane.timeline_for("ok\nwait 300\nback\nwait 300", 50, 50),
        flash_image.referee_image(in_rom=build.in_rom),
        build=build,
    )
    assert chip.ready_us is not None and chip.gc, chip.error
    return chip.gc[-1][1] - runtime_bytes(chip), chip


def event_allocations(played: dict[str, lane.Played]) -> list[int]:
    """Bytes allocated by each short press of every scenario (runs made with
    bench_marks=acts_moments, window k+1 following the k-th acting press)."""
    per_event = []
    for p in played.values():
        windows = p.chip.bench.get("windows", [])
        per_event += [w["bytes"] for w in windows[1:]]
    return per_event


def left_bytes(window: dict) -> int:
    """Bytes (whole blocks) allocated in a window and not freed in it:
    MicroPython frees a call's heap frame on return, the rest is garbage
    for the collector or kept."""
    return max(0, window.get("blocks", 0) - window.get("freed", 0)) * 16


def event_left(played: dict[str, lane.Played]) -> list[int]:
    """left_bytes of each press's window, every scenario."""
    return [left_bytes(w) for p in played.values() for w in p.chip.bench.get("windows", [])[1:]]


def garbage_per_event(played: dict[str, lane.Played]) -> tuple[float, int]:
    """(bytes of garbage per button event, events): what the collections
    took back from the first press on, over the presses, every scenario.
    A scenario runs a lead (LEAD_MS) before its first press, so the boot's
    garbage is collected before it, and a tail (TAIL_MS) after its last, so
    the last press's is collected too. What stays live (a game's state, a
    module loaded for good) is not garbage, nor a call frame freed at its
    return: a file object closed, a string drawn, a module dropped are."""
    collected = events = 0
    for p in played.values():
        assert p.chip.ready_us is not None
        first = p.chip.ready_us + min(acts_moments(p.timeline)) * 1000
        collected += sum(n for at, n in p.chip.collected if at >= first)
        events += len(p.chip.bench.get("windows", [])[1:])
    return (collected / events if events else 0.0), events


def scenario_marks(tl: script.Timeline) -> list[int]:
    return sorted(set(acts_moments(tl)))


def mean(values) -> float:
    return statistics.fmean(values) if values else 0.0


# -- the rows `make bench` prints (what, measured, budget, unit) -----------------------


def press_figures(played: dict[str, lane.Played]) -> tuple[float, float, float, int]:
    """(median, p90, slowest, count) of press to panel over every short
    press of the scenarios played."""
    both = [ms for p in played.values() for ms in p.latencies.up_down + p.latencies.ok_back]
    median, p90 = figures.median_p90(both) or (0.0, 0.0)
    return median, p90, max(both, default=0.0), len(both)


def golden_differ(played: dict[str, lane.Played]) -> tuple[int, int]:
    """(snaps compared, snaps that differ from tests/golden)."""
    from host_tools.pico.__main__ import GOLDEN

    compared = differ = 0
    for p in played.values():
        n, bad = lane.golden_mismatches(p, GOLDEN)
        compared += n
        differ += len(bad)
    return compared, differ


def scenario_rows(played: dict[str, lane.Played], budgets: Budgets = ROMFS_BUDGETS) -> list[tuple]:
    b = budgets
    tag = f"chip ({b.build.name})"
    figs = figures.summary(list(played.values()))
    median, p90, slowest, count = press_figures(played)
    compared, differ = golden_differ(played)
    rows = [
        (
            f"{tag}: reset to the menu frame, slowest of {len(played)} scenarios",
            figs["boot_ms"],
            b.boot_ms,
            "ms",
        ),
        (
            f"{tag}: press to panel, median of {count} presses at 10 a second",
            median,
            b.press_median_ms,
            "ms",
        ),
        (f"{tag}: press to panel, p90", p90, b.press_p90_ms, "ms"),
        (f"{tag}: press to panel, the slowest short press", slowest, b.press_slowest_ms, "ms"),
    ]
    for label, key in (
        ("UP/DOWN from the press", "up_down"),
        ("OK/BACK from the release", "ok_back"),
    ):
        m, p = figs[key + "_ms"] or (0.0, 0.0)
        rows.append((f"  {label}: median", m, None, "ms"))
        rows.append((f"  {label}: p90", p, None, "ms"))
    rows.append(
        ("  presses whose frame waited for a flash sector erase", figs["erasing"], None, "")
    )
    rows.append(
        (f"{tag}: golden snaps differing at 10 presses a second (of {compared})", differ, 0, "")
    )
    if played and all(p.chip.bench.get("windows") for p in played.values()):
        garbage, events = garbage_per_event(played)
        rows.append(
            (
                f"{tag}: garbage per button event, mean of {events}",
                garbage,
                b.garbage_per_event,
                "B",
            )
        )
        asked = event_allocations(played)
        rows.append(("  heap asked per event (call frames included)", mean(asked), None, "B"))
    return rows


def game_rows(games: dict, budgets: Budgets = ROMFS_BUDGETS) -> list[tuple]:
    b = budgets
    tag = f"chip ({b.build.name})"
    rows = []
    for (game, n), g in sorted(games.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        long = n > 500
        inf = float("inf")
        heap = f" ({b.long_heap // KB} KB heap)" if long and b.long_heap else ""
        failed = bool(g.chip.error or g.memory_errors or g.errors_log)
        if b.offer_ms is not None:
            rows.append(
                (
                    f"{tag}: {game} {n:,}{heap}: power-on to the complete resume offer",
                    g.read_ms if g.read_ms is not None else inf,
                    b.offer_ms,
                    "ms",
                )
            )
            rows.append(
                (
                    "  OK's release to the game frame",
                    g.resume_ms if g.resume_ms is not None else inf,
                    b.resume_ms,
                    "ms",
                )
            )
        else:
            rows.append(
                (
                    f"{tag}: {game} {n:,}{heap}: the offer's first frame plus OK to the game",
                    g.reset_to_game_ms if g.reset_to_game_ms is not None else inf,
                    b.reset_to_game_ms,
                    "ms",
                )
            )
            rows.append(("  power-on to the complete resume offer", g.read_ms or 0.0, None, "ms"))
        rows.append(("  power-on to the offer's first frame", g.boot_ms or 0.0, None, "ms"))
        if long:
            undo = g.undo_ms if g.undo_ms is not None and g.undo_works else inf
            rows.append(
                (
                    f"{tag}: undo (hold BACK), {game} {n:,}: long press to panel",
                    undo,
                    b.undo_ms,
                    "ms",
                )
            )
            rows.append(
                ("  MemoryErrors (resume, undo, fix)", len(g.memory_errors) + failed, 0, "")
            )
            rows.append(("  largest allocation", g.largest_alloc, b.largest_alloc, "B"))
        else:
            kept = g.kept_bytes if g.kept_bytes is not None else inf
            rows.append((f"{tag}: heap kept, {game} resumed at {n}", kept, b.game_kept, "B"))
            rows.append(("  heap asked in 1 s idle", g.idle_bytes, ALLOC_IDLE, "B"))
            rows.append(("  awake per idle loop step", g.idle_awake_us_per_step, None, "us"))
            rows.append(("  longest garbage collection", g.longest_gc_ms, None, "ms"))
            rows.append(("  least free after a collection", g.low_free or 0, None, "B"))
            rows.append(("  its largest free block", g.low_largest_free or 0, None, "B"))
        rows.append(("  frames as the desktop rig's (1 = yes)", int(g.frames_match), None, "x"))
    return rows


# A snap is where a person looks at the glass: the presses before it come at
# ten a second, then the look waits for the panel to settle. A lost press
# shows as a wrong frame at any wait; how fast the panel settles is the
# press-to-panel figure's business, not the golden frames'.
SNAP_SETTLE_MS = 200
# Before the first press and after the last: longer than the second the
# firmware waits after a press before it collects (app._TIDY_MS), so the
# boot's garbage is gone before the first press and the last press's is
# taken back before the run ends (garbage_per_event).
LEAD_MS = TAIL_MS = 1200


def play_scenarios(build: run.Build = run.ROMFS, names=None) -> dict[str, lane.Played]:
    """Every scenario (or those named) at ten presses a second, with allocation windows."""
    scenarios = sorted(lane_paths_scenarios().glob("*.txt"))
    return lane.play_all(
        {
            p.stem: f"wait {LEAD_MS}\n" + p.read_text()
            for p in scenarios
            if not names or p.stem in names
        },
        50,
        50,
        settle_ms=SNAP_SETTLE_MS,
        marks=scenario_marks,
        build=build,
        tail_ms=TAIL_MS,
    )


def evening_rows(games: dict, played: dict[str, lane.Played]) -> list[tuple]:
    """The simulated evening (host_tools/evening.py) with the chip's own
    awake times: per idle loop step, the median over the resumed games'
    idle seconds; per button event, the press-to-panel median (an upper
    bound: it includes the bus time the evening also adds per byte)."""
    import contextlib
    import tempfile

    from host_tools import evening

    step_us = statistics.median(g.idle_awake_us_per_step for g in games.values())
    median, _p90 = figures.median_p90(
        [ms for p in played.values() for ms in p.latencies.up_down + p.latencies.ok_back]
    )
    event_us = median * 1000
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        sim = evening.simulate()
    play = evening.currents(sim["play"], step_us, event_us)
    pause = evening.currents(sim["pause"], step_us, event_us)
    night = evening.currents(evening.combined(sim["play"], sim["pause"]), step_us, event_us)
    return [
        ("chip: awake per idle loop step (the evening uses it)", step_us, None, "us"),
        ("chip evening: duty cycle, a throw every 20 s", play["duty"] * 100, None, "%"),
        ("chip evening: duty cycle, 15 min untouched", pause["duty"] * 100, None, "%"),
        ("chip evening: current while playing (Pico + panel)", play["average_ma"], None, "mA"),
        ("chip evening: current in the pause", pause["average_ma"], None, "mA"),
        ("chip evening: current over the hour", night["average_ma"], None, "mA"),
        ("chip evening: 3xAAA (1000 mAh) at that pace", night["hours"], None, "h"),
    ]


# History's open (issue 20) with this many past games on the flash: a
# year's worth fits about 340 short ones in the Pico's 1.4 MB
HISTORY_SIZES = (10, 100, 250)


def history_flash(games: int) -> dict[str, bytes]:
    """A data folder holding ``games`` short score pad games in the history
    (each moved there as the next began) and the one in play."""
    from host_tools import paths

    paths.use_firmware()
    from referee.core.session import Session
    from referee.games import rules
    from referee.hw.storage import Storage

    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder)
        pad = rules("scorepad")
        for g in range(games + 1):
            session = Session.start(storage, pad, {"players": [f"G{g}", "B"], "target": 60})
            for pts in (10, 5):
                session.act({"a": "score", "seat": pts // 10, "pts": pts})
            session.act({"a": "next"})
        return {"data/" + name: (Path(folder) / name).read_bytes() for name in os.listdir(folder)}


def history_open_ms(games: int) -> float | None:
    """OK on the menu's History to its list on the panel, in emulated ms."""
    script = "wait 1500\nback\nwait 300\ndown x7\nok\nwait 4000\n"
    image = flash_image.referee_image(history_flash(games))
    played = lane.play_all({"history": script}, 50, 50, image=image)["history"]
    opens = played.latencies.ok_back
    return opens[-1] if len(opens) > 1 else None  # (the first: BACK past the resume offer)


def start_ms(games: int) -> float | None:
    """A new game (Evil Robots, 5 players) started with ``games`` past games
    on the flash: from the hold that starts it to its screen on the panel,
    in emulated ms; None if no frame came within 3 s (the watchdog's reset
    came at 11.7 s with 250 games before the history had its index)."""
    from referee.hw.buttons import LONG_MS

    script = "wait 1500\nback\nwait 300\ndown x2\nok\nok\nok\nok\nok long\nwait 3000\n"
    image = flash_image.referee_image(history_flash(games))
    played = lane.play_all({"start": script}, 50, 50, image=image)["start"]
    hold = played.timeline.presses[-1]
    begun = played.chip.ready_us + (hold.down_ms + LONG_MS) * 1000
    ends = [e for s, e, _d in figures.panel_writes(played.chip) if begun <= s < begun + 3e6]
    return (max(ends) - begun) / 1000 if ends and played.chip.error is None else None


# A game's start has no budget of its own: the resume offer's, its nearest kin
START_MS = ROMFS_BUDGETS.offer_ms


def history_rows() -> list[tuple]:
    rows = [
        (f"chip: History opened with {n} past games", history_open_ms(n), None, "ms")
        for n in HISTORY_SIZES
    ]
    rows += [
        (f"chip: a game started with {n} past games", start_ms(n), START_MS, "ms")
        for n in HISTORY_SIZES
    ]
    return rows


def measure() -> list[tuple]:
    b = ROMFS_BUDGETS
    kept, _chip = menu_kept()
    played = play_scenarios()
    games = run_games()
    rows = [("chip (romfs): heap kept at the menu, from main.py's start", kept, b.menu_kept, "B")]
    rows += scenario_rows(played)
    rows += game_rows(games)
    rows += evening_rows(games, played)
    rows += history_rows()
    rows += stock_rows(*stock_lane())
    return rows


# The stock build's lane: its boot, two scenarios, a resume at 500 actions
# and the longest game's at 5,000 (Robber Rummy's asks the most heap), so
# stock installs are seen to keep working (tests/test_pico_stock.py)
STOCK_SCENARIOS = ("scorepad", "robots")
STOCK_GAMES = (("robots", 500), ("robber", 5000))


def stock_lane() -> tuple[int, dict, dict]:
    """(heap kept at the menu, the scenarios played, the games resumed) on
    the stock build."""
    kept, _chip = menu_kept(run.STOCK)
    played = play_scenarios(run.STOCK, STOCK_SCENARIOS)
    games = {}
    for game, actions in STOCK_GAMES:
        games.update(run_games((game,), (actions,), budgets=STOCK_BUDGETS))
    return kept, played, games


def stock_rows(kept: int, played: dict, games: dict) -> list[tuple]:
    b = STOCK_BUDGETS
    rows = [("chip (stock): heap kept at the menu, from main.py's start", kept, b.menu_kept, "B")]
    rows += scenario_rows(played, b)
    rows += game_rows(games, b)
    return rows


def lane_paths_scenarios() -> Path:
    from host_tools import paths

    return paths.ROOT / "tests" / "scenarios"


def main() -> int:
    from host_tools import bench as desk

    text, ok = desk.report(measure())
    print(text)
    print("all chip budgets hold" if ok else "SOME CHIP BUDGETS ARE OVER")
    return 0 if ok else 1


if __name__ == "__main__":
    import sys

    sys.exit(main())
