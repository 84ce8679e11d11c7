"""Benchmarks: measured figures next to DESIGN.md's budgets.

    make bench

Heap and allocation figures come from the real MicroPython VM running the
firmware as .mpy (the Pico imports .mpy into its heap the same way). The VM
only collects garbage between runPython calls, so every "kept" figure is
read in a call of its own after a collection in the call before. Bus bytes
come from the virtual I2C bus, the same on both VMs.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from host_tools import budgets, paths
from host_tools.mpvm import lane

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
    out = lane.run(calls, heap_kb=1024)
    figures = {}
    for key, value in re.findall(r"^([A-Z_]+) (-?[\d.]+)$", out, re.M):
        figures[key] = float(value)
    return figures


def bus_figures() -> tuple[float, int, int]:
    """Mean and largest I2C bytes per button event, and how many events."""
    import os
    import tempfile

    import rig

    scripts = {p.stem: p.read_text() for p in SCENARIOS.glob("*.txt")}
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as flash:
        os.chdir(flash)
        try:
            result = rig.run_scenarios(scripts)
        finally:
            os.chdir(old)
    per_event = [b for r in result.values() for b in r["event_bytes"]]
    return sum(per_event) / len(per_event), max(per_event), len(per_event)


def boot_seconds(repeats: int = 20) -> float:
    import os
    import tempfile

    import rig

    best = float("inf")
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as flash:
        os.chdir(flash)
        try:
            for _ in range(repeats):
                t = time.perf_counter()
                rig.Rig(seed=1)
                best = min(best, time.perf_counter() - t)
        finally:
            os.chdir(old)
    return best


def measure() -> list[tuple[str, float, float, str]]:
    """(what, measured, budget, unit) rows; a budget of None is information only."""
    mpy = lane.build_mpy()
    lib_mpy = sum(p.stat().st_size for p in lane.MPY_LIB.rglob("*.mpy"))
    vm = vm_figures()
    mean_bus, max_bus, presses = bus_figures()
    boot = boot_seconds()
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
        ("all firmware as .mpy", mpy, budgets.FIRMWARE_MPY, "B"),
        ("display driver as .mpy (adafruit_ssd1306 + bus_device)", lib_mpy, None, "B"),
        (f"I2C bytes per button event, mean of {presses}", mean_bus, budgets.BUS_PER_EVENT, "B"),
        ("I2C bytes per button event, largest", max_bus, budgets.BUS_PER_EVENT, "B"),
        ("fake-hardware boot to the menu (CPython, best of 20)", boot, budgets.BOOT_CPYTHON_S, "s"),
    ]


def report(rows) -> tuple[str, bool]:
    lines = [f"{'what':62} {'measured':>12} {'budget':>10}  verdict"]
    ok = True
    for what, value, budget, unit in rows:
        shown = f"{value:.4f} s" if unit == "s" else f"{value:,.0f} B"
        if budget is None:
            lines.append(f"{what:62} {shown:>12} {'-':>10}  (figure)")
            continue
        holds = value <= budget
        ok &= holds
        limit = f"{budget} s" if unit == "s" else f"{budget:,} B"
        lines.append(f"{what:62} {shown:>12} {limit:>10}  {'holds' if holds else 'OVER'}")
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
