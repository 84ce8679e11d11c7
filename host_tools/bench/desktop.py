"""Figures of the desktop (CPython) lane: the rules cores' speed, the
journal's bytes, the virtual I2C bus's bytes per press (the same on both
VMs) and the fake hardware's boot."""

from __future__ import annotations

import contextlib
import tempfile
import time

from host_tools import paths
from tests.portable.samples import SAMPLE_SETUP, sample_actions

SCENARIOS = paths.ROOT / "tests" / "scenarios"


def cpython_replay_rate(count: int = 20000) -> float:
    """Score pad actions replayed per second, best of five."""
    from referee.core.journal_read import replay
    from referee.scorepad import rules as scorepad

    actions = sample_actions(count)
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        replay(scorepad, SAMPLE_SETUP, actions)
        best = min(best, time.perf_counter() - t)
    return count / best


def journal_bytes_per_action(count: int = 500) -> float:
    from referee.core.journal import Journal
    from referee.hw.storage import Storage

    with tempfile.TemporaryDirectory() as flash:
        journal = Journal(Storage(flash + "/data"))
        journal.begin("scorepad", SAMPLE_SETUP)
        header = journal.bytes_written
        for action in sample_actions(count):
            journal.record(action)
        return (journal.bytes_written - header) / count


def bus_figures() -> tuple[float, int, int]:
    """Mean and largest I2C bytes per button event, and how many events."""
    import rig

    scripts = {p.stem: p.read_text() for p in SCENARIOS.glob("*.txt")}
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        result = rig.run_scenarios(scripts)
    per_event = [b for r in result.values() for b in r["event_bytes"]]
    return sum(per_event) / len(per_event), max(per_event), len(per_event)


def boot_seconds(repeats: int = 20) -> float:
    """Fake-hardware boot to the menu, best of ``repeats``."""
    import rig

    best = float("inf")
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        for _ in range(repeats):
            t = time.perf_counter()
            rig.Rig(seed=1)
            best = min(best, time.perf_counter() - t)
    return best
