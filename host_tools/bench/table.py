"""The bench's table: every figure of the desktop and VM half beside its
budget (host_tools/budgets.py), and main() that prints it."""

from __future__ import annotations

from host_tools import budgets, paths
from host_tools.bench.desktop import (
    boot_seconds,
    bus_figures,
    cpython_replay_rate,
    journal_bytes_per_action,
)
from host_tools.bench.vm import (
    loaded_mpy_figures,
    vm_core_figures,
    vm_figures,
    vm_long_game_figures,
    vm_resume_figures,
)
from host_tools.mpvm import lane
from tests.portable.samples import SAMPLES


def romfs_bytes() -> int:
    from host_tools import romfs

    return len(romfs.referee_image())


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
        (f"firmware .mpy in memory at once, largest ({loaded_in})", loaded, None, "B"),
        ("the ROMFS image (all but main.py)", romfs_bytes(), budgets.ROMFS_IMAGE, "B"),
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
    from host_tools.bench import presses  # Evil Robots' presses a round, from its scripts

    ok = presses.main() == 0 and ok
    print("all budgets hold" if ok else "SOME BUDGETS ARE OVER")
    return 0 if ok else 1
