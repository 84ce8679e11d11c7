"""Figures from the real MicroPython VM running the firmware as .mpy.

The VM only collects garbage between runPython calls, so every "kept"
figure is read in a call of its own after a collection in the call before;
the programs themselves are files in host_tools/mpvm_programs/, and the
calls here are the short lines that drive them.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from host_tools import paths
from host_tools.bench.games import CORRECTIONS, CYCLES, EVENTS
from host_tools.mpvm import lane
from tests.portable.samples import SAMPLE_SETUP, SAMPLES, sample_actions

SCENARIOS = paths.ROOT / "tests" / "scenarios"


def figures_in(out: str) -> dict[str, float]:
    """The "NAME number" lines the VM printed."""
    return {k: float(v) for k, v in re.findall(r"^([A-Z_]+) (-?[\d.]+)$", out, re.M)}


def presses(events: list[tuple[str, int]]) -> str:
    """``events`` ((pin, hold ms) each) as device.measured_presses() takes
    them: (pin, steps held down)."""
    return "[" + ", ".join(f"({pin}, {ms // 10})" for pin, ms in events) + "]"


def vm_figures() -> dict[str, float]:
    """The menu and a dice game: heap kept, and allocated per press and idle."""
    calls = [
        lane.program("device"),
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        "device.boot()",
        "gc.collect()",
        "print('MENU_KEPT', gc.mem_alloc() - BASE)",
        "device.press(OK)\ndevice.press(DOWN)\ndevice.press(OK)",  # Dice & coins, 1d6, a throw
        "gc.collect()",
        "print('GAME_KEPT', gc.mem_alloc() - BASE)",
        # steady state: warm up, then bill only app.step() for 100 throws
        "device.unplug_panel()\ndevice.press(OK)\ndevice.press(OK)",
        "gc.collect()",
        "print('ALLOC_PER_EVENT', device.measured_presses([(OK, 6)], 100) / 100)",
        "gc.collect()",
        "print('ALLOC_IDLE', device.measured_steps(1000))",
        "gc.collect()",
        # menu navigation events too: back to the menu and down/up
        "device.app.pop()\ndevice.steps(3)\n"
        "print('ALLOC_PER_MENU_EVENT', device.measured_presses([(DOWN, 6)], 50) / 50)",
    ]
    return figures_in(lane.run(calls, heap_kb=1024))


def vm_core_figures(count: int = 500) -> dict[str, float]:
    """The rules cores and the journal with a ``count``-action score pad game."""
    actions = sample_actions(count)
    calls = [
        f"ACTIONS = {actions!r}\nSETUP = {SAMPLE_SETUP!r}\n" + lane.program("cores"),
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        # the journal's modules are part of the cores the figure bills
        "from referee.core.journal import Journal\n"
        "from referee.hw.storage import Storage\n"
        "state = replayed(SETUP, ACTIONS)",
        "gc.collect()",
        "print('CORES_KEPT', gc.mem_alloc() - BASE)",
        # the journal on the VM's own file system, then a timed resume
        "print('JOURNAL_BYTES', journal_bytes(SETUP, ACTIONS))",
        "gc.collect()",
        "print('RESUME_US', resume_us(10, state, len(ACTIONS)))",
        "print('REPLAY_US', replay_us(10, SETUP, ACTIONS))",
    ]
    figures = figures_in(lane.run(calls, heap_kb=2048))
    figures["ACTIONS"] = count
    return figures


def vm_resume_figures(count: int = 500, game: str = "scorepad") -> dict[str, float]:
    """Boot with a saved game of ``count`` actions, resume it, play on."""
    files = saved_files(count, game)
    events = EVENTS[game]
    cycles = CYCLES.get(game, 10)
    cycle = presses(events)
    calls = [
        lane.program("device"),
        "gc.collect()",
        "BASE = gc.mem_alloc()",
        "device.boot()\ndevice.press(OK)",  # the resume offer: OK
        "gc.collect()",
        "print('RESUMED_KEPT', gc.mem_alloc() - BASE)\n"
        "print('RESUMED_SCREEN', type(device.app.screen).__name__)",
        # Warm up two cycles, then measure: the window is the steady state,
        # every module of the cycle loaded and every name interned. A game
        # resumes mid-round, so its first cycle may not reach every screen
        # (Evil Robots' first deal, and with it the peek's code, comes in
        # the second), and a module loaded in the window can open a new
        # pool of interned names (9 KB at once in the VM): kept heap, which
        # the kept figures bill, not garbage a press leaves.
        f"device.unplug_panel()\ndevice.measured_presses({cycle}, 2)",
        # Every SNAPSHOT_EVERY journal lines a snapshot is written: the
        # window starts a period afresh so none falls in it by chance, and
        # its cost is billed separately, spread over the lines it covers.
        "session = device.app.screen.session\njournal = session.journal\n"
        "journal.lines_since = 0\nlines = journal.lines\n"
        "gc.collect()",
        f"total = device.measured_presses({cycle}, {cycles})\n"
        f"print('ALLOC_PER_EVENT', total / {cycles * len(events)})\n"
        f"print('LINES_PER_EVENT', (journal.lines - lines) / {cycles * len(events)})",
        # a snapshot's own cost: its code, loaded by the first, stays with
        # the game (referee/app.py), so the second is what each one asks
        "session._snapshot()\ngc.collect()",
        "before = gc.mem_alloc()\nsession._snapshot()\n"
        "print('SNAPSHOT_ALLOC', gc.mem_alloc() - before)\n"
        "from referee.core.journal import SNAPSHOT_EVERY\n"
        "print('SNAPSHOT_EVERY', SNAPSHOT_EVERY)",
    ]
    out = lane.run(calls, heap_kb=2048, files=files)
    from referee.games import entry

    if f"RESUMED_SCREEN {entry(game)[4]}" not in out:  # the registry's play class
        raise lane.VMError("the saved game did not resume:\n" + out)
    figures = figures_in(out)
    if figures["LINES_PER_EVENT"] * cycles * len(events) >= figures["SNAPSHOT_EVERY"]:
        raise lane.VMError("a snapshot fell in the measured window: shorten it")
    # what a press costs on average, its share of the snapshots included
    figures["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] = (
        figures["ALLOC_PER_EVENT"]
        + figures["SNAPSHOT_ALLOC"] * figures["LINES_PER_EVENT"] / figures["SNAPSHOT_EVERY"]
    )
    return figures


def saved_files(count: int, game: str) -> dict[str, bytes]:
    """Every file a device leaves in its data folder after ``count`` actions
    of ``game`` played through a Session (the journal, and any snapshot)."""
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
    correction = CORRECTIONS.get(game)
    calls = [
        lane.program("long_game"),
        "gc.collect()",
        "EMPTY = gc.mem_alloc()",
        "journal, game_rules, state = resume_saved()\npeak('RESUME', EMPTY)",
        "gc.collect()",
        "session = kept_session(journal, game_rules, state)\ndel journal, state",
        "gc.collect()",
        "print('RESUME_KEPT', gc.mem_alloc() - EMPTY)",
        "timed_undo(session)\npeak('UNDO', EMPTY)",
        "gc.collect()",
    ]
    if correction is not None:
        calls.append(f"timed_fix(session, {correction!r})\npeak('FIX', EMPTY)")
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
