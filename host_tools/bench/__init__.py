"""Benchmarks: measured figures next to docs/design.md's budgets.

    make bench          # or: python -m host_tools.bench (this half only)

Heap and allocation figures come from the real MicroPython VM running the
firmware as .mpy (the Pico imports .mpy into its heap the same way): vm.py,
with the programs the VM runs in host_tools/mpvm_programs/. Speed and bus
figures of the desktop (CPython) lane: desktop.py. What each game's steady
state presses are: games.py. The table of figures against budgets, and
main(): table.py. The chip's own half is host_tools/pico/bench.py.

The names below are the ones the tests and the chip's bench use.
"""

from host_tools.bench.desktop import (
    boot_seconds,
    bus_figures,
    cpython_replay_rate,
    journal_bytes_per_action,
)
from host_tools.bench.table import main, measure, report
from host_tools.bench.vm import (
    figures_in,
    loaded_mpy_figures,
    saved_files,
    vm_core_figures,
    vm_figures,
    vm_long_game_figures,
    vm_resume_figures,
)
from tests.portable.samples import SAMPLE_SETUP, SAMPLES, sample_actions

__all__ = [
    "SAMPLES",
    "SAMPLE_SETUP",
    "boot_seconds",
    "bus_figures",
    "cpython_replay_rate",
    "figures_in",
    "journal_bytes_per_action",
    "loaded_mpy_figures",
    "main",
    "measure",
    "report",
    "sample_actions",
    "saved_files",
    "vm_core_figures",
    "vm_figures",
    "vm_long_game_figures",
    "vm_resume_figures",
]
