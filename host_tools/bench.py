"""Benchmarks: measured figures next to DESIGN.md's budgets.

    make bench

Heap and allocation figures come from the real MicroPython VM running the
firmware as .mpy (the Pico imports .mpy into its heap the same way). The VM
only collects garbage between runPython calls, so every "kept" figure is
read in a call of its own after a collection in the call before. Bus bytes
come from the virtual I2C bus, the same on both VMs.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path

from host_tools import budgets, paths
from host_tools.mpvm import lane
from tests.portable.samples import (
    SAMPLE_SETUP,
    SAMPLES,
    sample_actions,
)

SCENARIOS = paths.ROOT / "tests" / "scenarios"

# Runs inside the VM: helpers kept in the VM's globals between calls.
_VM_SETUP = """
import gc, machine, board, rig
from virtual_ssd1306 import VirtualSSD1306

class Sink:
    # Counts bytes only: the virtual panel's decoding must not be billed
    # to the firmware's allocations.
    def __init__(self):
        self.n = 0
    def i2c_write(self, buf):
        self.n += len(buf)
    def i2c_read_into(self, buf):
        pass

def steps(n):
    for _ in range(n):
        app.step()
        clock.sleep_ms(10)

def measured_steps(n):
    total = 0
    for _ in range(n):
        before = gc.mem_alloc()
        app.step()
        total += gc.mem_alloc() - before
        clock.sleep_ms(10)
    return total

def press(pin, n=6):
    machine.sim_set_pin(pin, 0)
    steps(n)
    machine.sim_set_pin(pin, 1)
    steps(n)

machine.sim_reset()
machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, VirtualSSD1306())
clock = rig.VirtualClock()
entropy = rig.SeededEntropy(1)
"""

_OK = "board.BUTTON_PINS[2]"
_DOWN = "board.BUTTON_PINS[1]"


def figures_in(out: str) -> dict[str, float]:
    """The "NAME number" lines the VM printed."""
    return {k: float(v) for k, v in re.findall(r"^([A-Z_]+) (-?[\d.]+)$", out, re.M)}


def vm_figures() -> dict[str, float]:
    calls = [
        _VM_SETUP,
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        "from referee.app import App\n"
        "hw = board.hardware(clock=clock, entropy=entropy, data_dir='data')\n"
        "app = App(hw)\nsteps(3)",
        "gc.collect()",
        "print('MENU_KEPT', gc.mem_alloc() - BASE)",
        f"press({_OK})\npress({_DOWN})\npress({_OK})",  # Dice & coins, 1d6, a throw
        "gc.collect()",
        "print('GAME_KEPT', gc.mem_alloc() - BASE)",
        # steady state: warm up, then bill only app.step() for 100 throws
        "machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, Sink())\n"
        f"press({_OK})\npress({_OK})",
        "gc.collect()",
        "total = 0\n"
        "for _ in range(100):\n"
        f"    machine.sim_set_pin({_OK}, 0)\n"
        "    total += measured_steps(6)\n"
        f"    machine.sim_set_pin({_OK}, 1)\n"
        "    total += measured_steps(6)\n"
        "print('ALLOC_PER_EVENT', total / 100)",
        "gc.collect()",
        "print('ALLOC_IDLE', measured_steps(1000))",
        "gc.collect()",
        # menu navigation events too: back to the menu and down/up
        "app.pop()\nsteps(3)\ntotal = 0\n"
        "for _ in range(50):\n"
        f"    machine.sim_set_pin({_DOWN}, 0)\n"
        "    total += measured_steps(6)\n"
        f"    machine.sim_set_pin({_DOWN}, 1)\n"
        "    total += measured_steps(6)\n"
        "print('ALLOC_PER_MENU_EVENT', total / 50)",
    ]
    return figures_in(lane.run(calls, heap_kb=1024))


def cpython_replay_rate(count: int = 20000) -> float:
    from referee.core.replay import replay
    from referee.games import scorepad

    actions = sample_actions(count)
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        replay(scorepad, SAMPLE_SETUP, actions)
        best = min(best, time.perf_counter() - t)
    return count / best


def journal_bytes_per_action(count: int = 500) -> float:
    import tempfile

    from referee.core.journal import Journal
    from referee.hw.storage import Storage

    with tempfile.TemporaryDirectory() as flash:
        journal = Journal(Storage(flash + "/data"))
        journal.begin("scorepad", SAMPLE_SETUP)
        header = journal.bytes_written
        for action in sample_actions(count):
            journal.record(action)
        return (journal.bytes_written - header) / count


def vm_core_figures(count: int = 500) -> dict[str, float]:
    actions = sample_actions(count)
    calls = [
        f"import gc, time\nACTIONS = {actions!r}\nSETUP = {SAMPLE_SETUP!r}",
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        "from referee.core.replay import replay\n"
        "from referee.games import rules\n"
        "from referee.core.journal import Journal\n"
        "from referee.hw.storage import Storage\n"
        "state = replay(rules('scorepad'), SETUP, ACTIONS)",
        "gc.collect()",
        "print('CORES_KEPT', gc.mem_alloc() - BASE)",
        # the journal on the VM's own file system, then a timed resume
        "j = Journal(Storage('data'))\nj.begin('scorepad', SETUP)\nh = j.bytes_written\n"
        "for a in ACTIONS:\n    j.record(a)\n"
        "print('JOURNAL_BYTES', j.bytes_written - h)",
        "gc.collect()",
        "from referee.core.replay import resume\n"
        "t = time.ticks_us()\n"
        "for _ in range(10):\n"
        "    saved, game, s2 = resume(Journal(Storage('data')))\n"
        "print('RESUME_US', time.ticks_diff(time.ticks_us(), t) / 10)\n"
        "assert s2.ledger.totals == state.ledger.totals and saved.actions == len(ACTIONS)",
        "t = time.ticks_us()\n"
        "for _ in range(10):\n"
        "    replay(rules('scorepad'), SETUP, ACTIONS)\n"
        "print('REPLAY_US', time.ticks_diff(time.ticks_us(), t) / 10)",
    ]
    figures = figures_in(lane.run(calls, heap_kb=2048))
    figures["ACTIONS"] = count
    return figures


# Steady-state events per game, after the resume offer: (button, hold ms) steps.
_OK_PIN, _UP_PIN = "board.BUTTON_PINS[2]", "board.BUTTON_PINS[0]"
_EVENTS = {
    # select, open the entry, count up, save
    "scorepad": [(_OK_PIN, 60), (_UP_PIN, 60), (_OK_PIN, 60)],
    # a whole hand: open, who went out, then four players (one up, long OK), standings back
    "robots": [(_OK_PIN, 60), (_OK_PIN, 60)]
    + [(_UP_PIN, 60), (_OK_PIN, 800)] * 4
    + [(_OK_PIN, 60)],
}
_SCREENS = {
    "scorepad": "ScorePad",
    "robots": "Rummy",
    "evil": "EvilGame",
    "factory": "FactoryGame",
    "duel": "Duel",
}
_DOWN_PIN = "board.BUTTON_PINS[1]"
# a round: deal, five passes of the device, start the calls, twelve calls, score, back
_EVENTS["evil"] = (
    [(_OK_PIN, 60)]
    + [(_DOWN_PIN, 60)] * 5
    + [(_OK_PIN, 800)]
    + [(_OK_PIN, 60)] * 12
    + [(_OK_PIN, 800), (_OK_PIN, 60)]
)


# the pass round: open it, then each of five players holds OK to peek and passes on
_EVENTS["factory"] = [(_OK_PIN, 60)] + [(_OK_PIN, 800), (_DOWN_PIN, 60)] * 5


# the program phase: toggle a robot's mode and back, up to the robots in play,
# look, and down round to the first robot again
_EVENTS["duel"] = [(_OK_PIN, 60)] * 2 + [(_UP_PIN, 60), (_OK_PIN, 60), (_OK_PIN, 60)]
_EVENTS["duel"] += [(_DOWN_PIN, 60)]


def vm_resume_figures(count: int = 500, game: str = "scorepad") -> dict[str, float]:
    """Boot with a saved game of ``count`` actions, resume it, play on."""
    files = saved_files(count, game)
    events = _EVENTS[game]
    cycle = "".join(
        f"    machine.sim_set_pin({pin}, 0)\n"
        f"    total += measured_steps({ms // 10})\n"
        f"    machine.sim_set_pin({pin}, 1)\n"
        "    total += measured_steps(6)\n"
        for pin, ms in events
    )
    calls = [
        _VM_SETUP,
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        "from referee.app import App\n"
        "hw = board.hardware(clock=clock, entropy=entropy, data_dir='data')\n"
        "app = App(hw)\nsteps(3)\n"
        f"press({_OK})",  # the resume offer: OK
        "gc.collect()",
        "print('RESUMED_KEPT', gc.mem_alloc() - BASE)\n"
        "print('RESUMED_SCREEN', type(app.screen).__name__)",
        # warm up one cycle, then measure ten
        "machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, Sink())\n"
        "total = 0\nfor _ in range(1):\n" + cycle,
        # Every SNAPSHOT_EVERY journal lines a snapshot is written: the
        # window starts a period afresh so none falls in it by chance, and
        # its cost is billed separately, spread over the lines it covers.
        "session = app.screen.session\njournal = session.journal\n"
        "journal.lines_since = 0\nlines = journal.lines\n"
        "gc.collect()",
        "total = 0\nfor _ in range(10):\n"
        + cycle
        + f"print('ALLOC_PER_EVENT', total / {10 * len(events)})\n"
        + f"print('LINES_PER_EVENT', (journal.lines - lines) / {10 * len(events)})",
        "gc.collect()",
        "before = gc.mem_alloc()\nsession._snapshot()\n"
        "print('SNAPSHOT_ALLOC', gc.mem_alloc() - before)\n"
        "from referee.core.journal import SNAPSHOT_EVERY\n"
        "print('SNAPSHOT_EVERY', SNAPSHOT_EVERY)",
    ]
    out = lane.run(calls, heap_kb=2048, files=files)
    if f"RESUMED_SCREEN {_SCREENS[game]}" not in out:
        raise lane.VMError("the saved game did not resume:\n" + out)
    figures = figures_in(out)
    if figures["LINES_PER_EVENT"] * 10 * len(events) >= figures["SNAPSHOT_EVERY"]:
        raise lane.VMError("a snapshot fell in the measured window: shorten it")
    # what a press costs on average, its share of the snapshots included
    figures["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] = (
        figures["ALLOC_PER_EVENT"]
        + figures["SNAPSHOT_ALLOC"] * figures["LINES_PER_EVENT"] / figures["SNAPSHOT_EVERY"]
    )
    return figures


# Corrections per game: a closed round or hand re-scored (games without one: None).
_CORRECTIONS = {
    "scorepad": {"a": "fix", "round": 1, "seat": 0, "pts": 5},
    "robots": {"a": "fix", "hand": 1, "side": 0, "pts": 5},
}

# Peak and largest allocation of one operation, inside one runPython call:
# the VM frees nothing until the call returns, so the heap in use at the end
# of the call is the peak (an upper bound of it), and the largest block in
# the heap is the largest single allocation made (or kept) so far.
_PEAK = "print('{name}_PEAK', gc.mem_alloc() - EMPTY)\nmicropython.mem_info()\n"


def saved_files(count: int, game: str) -> dict[str, bytes]:
    """Every file a device leaves in its data folder after ``count`` actions
    of ``game`` played through a Session (the journal, and any snapshot)."""
    import tempfile

    from referee.core.session import Session
    from referee.games import rules
    from referee.hw.storage import Storage

    setup, actions = SAMPLES[game]
    with tempfile.TemporaryDirectory() as flash:
        folder = Path(flash) / "data"
        session = Session.start(Storage(str(folder)), rules(game), setup)
        for action in actions(count):
            message = session.act(action)
            if message is not None:
                raise ValueError(f"{game}: {action} refused: {message}")
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def vm_long_game_figures(count: int = 5000, game: str = "scorepad") -> dict[str, float]:
    """Peak heap and largest allocation, from an empty heap, of a resume, an
    undo and a correction of a saved ``count``-action game, in the VM; and
    the heap the resumed game keeps. *_BLOCK figures are in bytes."""
    files = saved_files(count, game)
    correction = _CORRECTIONS.get(game)
    calls = [
        "import gc, micropython, sys, time",
        "gc.collect()",
        "EMPTY = gc.mem_alloc()",
        "from referee.core.journal import Journal\n"
        "from referee.core.replay import resume\n"
        "from referee.hw.storage import Storage\n"
        "journal = Journal(Storage('data'))\n"
        "t = time.ticks_us()\n"
        "saved, game_rules, state = resume(journal)\n"
        "print('RESUME_US', time.ticks_diff(time.ticks_us(), t))\n"
        "print('RESUMED', saved.actions, saved.problem)\n"
        "print('RESUME_REPLAYED', getattr(saved, 'replayed', saved.actions))\n"
        + _PEAK.format(name="RESUME"),
        "gc.collect()",
        # what the app keeps: the session, not the modules that read the file
        "from referee.core.session import Session\n"
        "session = Session(journal, game_rules, state)\n"
        "del saved, journal, state, resume\n"
        "from referee import forget\n"
        "for name in ('replay', 'journal_read', 'snapshot', 'snapshot_read'):\n"
        "    forget('referee.core.' + name)\n",
        "gc.collect()",
        "print('RESUME_KEPT', gc.mem_alloc() - EMPTY)",
        "t = time.ticks_us()\n"
        "print('UNDO', session.undo())\n"
        "print('UNDO_US', time.ticks_diff(time.ticks_us(), t))\n" + _PEAK.format(name="UNDO"),
        "gc.collect()",
    ]
    if correction is not None:
        calls.append(
            "t = time.ticks_us()\n"
            f"print('FIX', session.act({correction!r}))\n"
            "print('FIX_US', time.ticks_diff(time.ticks_us(), t))\n" + _PEAK.format(name="FIX")
        )
    out = lane.run(calls, heap_kb=2048, timeout=1200, files=files)
    figures = figures_in(out)
    blocks = [int(b) * 16 for b in re.findall(r"max blk sz: (\d+)", out)]
    for name, size in zip(["RESUME", "UNDO", "FIX"], blocks, strict=False):
        figures[name + "_BLOCK"] = size
    if f"RESUMED {count} None" not in out or "UNDO None" not in out:
        raise lane.VMError(f"{game} did not resume and undo:\n" + out[-3000:])
    if correction is not None and "FIX None" not in out:
        raise lane.VMError(f"{game}: the correction was refused:\n" + out[-3000:])
    figures["JOURNAL_BYTES"] = sum(len(d) for d in files.values())
    return figures


def module_mpy_bytes(name: str) -> int:
    """Size of one firmware module's .mpy (a package is its __init__)."""
    base = lane.MPY_FIRMWARE / name.replace(".", "/")
    path = base / "__init__.mpy" if base.is_dir() else base.with_suffix(".mpy")
    return path.stat().st_size


def loaded_mpy_figures(record: dict | None = None) -> tuple[int, str]:
    """(bytes, scenario): the most firmware .mpy in memory at once, over
    every press of every scenario run in the MicroPython VM (which unloads
    a game's modules back at the menu). main.py counts: it is running."""
    if record is None:
        scripts = {p.stem: p.read_text() for p in SCENARIOS.glob("*.txt")}
        record = lane.scenarios(scripts)
    main = module_mpy_bytes("main")
    best, where = 0, ""
    for name, result in record.items():
        for names in result["modules"]:
            size = main + sum(module_mpy_bytes(m) for m in names.split() if m != "main")
            if size > best:
                best, where = size, name
    return best, where


def bus_figures() -> tuple[float, int, int]:
    """Mean and largest I2C bytes per button event, and how many events."""
    import tempfile

    import rig

    scripts = {p.stem: p.read_text() for p in SCENARIOS.glob("*.txt")}
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        result = rig.run_scenarios(scripts)
    per_event = [b for r in result.values() for b in r["event_bytes"]]
    return sum(per_event) / len(per_event), max(per_event), len(per_event)


def boot_seconds(repeats: int = 20) -> float:
    import tempfile

    import rig

    best = float("inf")
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        for _ in range(repeats):
            t = time.perf_counter()
            rig.Rig(seed=1)
            best = min(best, time.perf_counter() - t)
    return best


def measure() -> list[tuple[str, float, float, str]]:
    """(what, measured, budget, unit) rows; a budget of None is information only."""
    mpy = lane.build_mpy()
    lib_mpy = sum(p.stat().st_size for p in lane.MPY_LIB.rglob("*.mpy"))
    vm = vm_figures()
    mean_bus, max_bus, presses = bus_figures()
    boot = boot_seconds()
    cores = vm_core_figures()
    resumed = vm_resume_figures()
    rummy = vm_resume_figures(game="robots")
    evil = vm_resume_figures(game="evil")
    factory = vm_resume_figures(game="factory")
    duel = vm_resume_figures(game="duel")
    n = cores["ACTIONS"]
    loaded, loaded_in = loaded_mpy_figures()
    return [
        ("heap kept after boot to the menu (MicroPython)", vm["MENU_KEPT"], None, "B"),
        (
            "heap kept with the menu and one game loaded (MicroPython)",
            vm["GAME_KEPT"],
            budgets.HEAP_KEPT_WITH_GAME,
            "B",
        ),
        (
            "heap allocated per button event, dice throws",
            vm["ALLOC_PER_EVENT"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        (
            "heap allocated per button event, menu moves",
            vm["ALLOC_PER_MENU_EVENT"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        ("heap allocated in 1000 idle loop steps", vm["ALLOC_IDLE"], budgets.ALLOC_IDLE, "B"),
        (
            f"firmware .mpy in memory at once, largest ({loaded_in})",
            loaded,
            budgets.FIRMWARE_MPY,
            "B",
        ),
        ("all firmware as .mpy, on flash (of about 1.4 MB)", mpy, None, "B"),
        ("display driver as .mpy (adafruit_ssd1306 + bus_device)", lib_mpy, None, "B"),
        (
            f"I2C bytes per button event, mean of {presses}",
            mean_bus,
            budgets.BUS_PER_EVENT,
            "B",
        ),
        ("I2C bytes per button event, largest", max_bus, budgets.BUS_PER_EVENT, "B"),
        (
            "fake-hardware boot to the menu (CPython, best of 20)",
            boot,
            budgets.BOOT_CPYTHON_S,
            "s",
        ),
        (
            "actions replayed per second (CPython, rules cores)",
            cpython_replay_rate(),
            -budgets.REPLAY_CPYTHON_PER_S,
            "/s",
        ),
        (
            "actions replayed per second (MicroPython VM)",
            n * 1e6 / cores["REPLAY_US"],
            None,
            "/s",
        ),
        (
            f"resume of {n} actions from flash (MicroPython VM)",
            cores["RESUME_US"] / 1e6,
            None,
            "s",
        ),
        ("journal bytes written per action (CPython)", journal_bytes_per_action(), None, "B"),
        (
            "journal bytes written per action (MicroPython VM)",
            (cores["JOURNAL_BYTES"] - 0) / n,
            None,
            "B",
        ),
        (
            f"heap kept by the cores with a {n}-action game (MicroPython)",
            cores["CORES_KEPT"],
            None,
            "B",
        ),
        (
            f"heap kept after boot and resuming a saved {n}-action score pad",
            resumed["RESUMED_KEPT"],
            budgets.HEAP_KEPT_RESUMED,
            "B",
        ),
        (
            "heap allocated per button event, score pad (a third save a score)",
            resumed["ALLOC_PER_EVENT_WITH_SNAPSHOTS"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        (
            f"heap kept after boot and resuming a saved {n}-action ROBOTS! game",
            rummy["RESUMED_KEPT"],
            budgets.HEAP_KEPT_RESUMED,
            "B",
        ),
        (
            "heap allocated per button event, scoring a ROBOTS! hand",
            rummy["ALLOC_PER_EVENT_WITH_SNAPSHOTS"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        (
            f"heap kept after boot and resuming a saved {n}-action Evil Robots game",
            evil["RESUMED_KEPT"],
            budgets.HEAP_KEPT_RESUMED,
            "B",
        ),
        (
            "heap allocated per button event, an Evil Robots round",
            evil["ALLOC_PER_EVENT_WITH_SNAPSHOTS"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        (
            f"heap kept after boot and resuming a saved {n}-action Robo Factory game",
            factory["RESUMED_KEPT"],
            budgets.HEAP_KEPT_RESUMED,
            "B",
        ),
        (
            "heap allocated per button event, a Robo Factory pass round with peeks",
            factory["ALLOC_PER_EVENT_WITH_SNAPSHOTS"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
        (
            f"heap kept after boot and resuming a saved {n}-action Robots duel match",
            duel["RESUMED_KEPT"],
            budgets.HEAP_KEPT_RESUMED,
            "B",
        ),
        (
            "heap allocated per button event, programming a duel's robots",
            duel["ALLOC_PER_EVENT_WITH_SNAPSHOTS"],
            budgets.ALLOC_PER_EVENT,
            "B",
        ),
    ] + long_game_rows()


def long_game_rows() -> list[tuple[str, float, float | None, str]]:
    """Resume, undo and correction of a 5,000-action game of each kind, in
    the VM (vm_long_game_figures): memory bounds, and how much is replayed."""
    rows: list[tuple[str, float, float | None, str]] = []
    for game in sorted(SAMPLES):
        figures = vm_long_game_figures(5000, game)
        for op, what in (("RESUME", "resume"), ("UNDO", "undo"), ("FIX", "correction")):
            if op + "_PEAK" not in figures:
                continue
            rows.append(
                (
                    f"{game}, 5,000 actions: {what}, heap in use at most",
                    figures[op + "_PEAK"],
                    budgets.PEAK_HEAP_LONG_GAME,
                    "B",
                )
            )
            rows.append(
                (
                    f"{game}, 5,000 actions: {what}, largest allocation",
                    figures[op + "_BLOCK"],
                    budgets.LARGEST_ALLOCATION,
                    "B",
                )
            )
        rows.append(
            (
                f"{game}, 5,000 actions: lines replayed by a resume",
                figures["RESUME_REPLAYED"],
                None,
                "lines",
            )
        )
        rows.append(
            (
                f"{game}, 5,000 actions: journal and snapshots on flash, per action",
                figures["JOURNAL_BYTES"] / 5000,
                None,
                "B",
            )
        )
    return rows


def _show(value: float, unit: str) -> str:
    if unit == "s":
        return f"{value:.4f} s"
    if unit == "x":
        return f"{value:,.1f}"
    if unit in ("%", "mA", "us", "ms"):
        return f"{value:,.2f} {unit}"
    return f"{value:,.0f} {unit}"


def report(rows) -> tuple[str, bool]:
    """A budget below zero is a floor (at least), above zero a ceiling."""
    lines = [f"{'what':64} {'measured':>13} {'budget':>12}  verdict"]
    ok = True
    for what, value, budget, unit in rows:
        shown = _show(value, unit)
        if budget is None:
            lines.append(f"{what:64} {shown:>13} {'-':>12}  (figure)")
            continue
        holds = value >= -budget if budget < 0 else value <= budget
        ok &= holds
        limit = ("at least " if budget < 0 else "") + _show(abs(budget), unit)
        lines.append(f"{what:64} {shown:>13} {limit:>12}  {'holds' if holds else 'OVER'}")
    return "\n".join(lines), ok


def main() -> int:
    paths.use_firmware()
    text, ok = report(measure())
    print(text)
    print("all budgets hold" if ok else "SOME BUDGETS ARE OVER")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
