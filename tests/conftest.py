"""CPython lane: the firmware runs unmodified over host_tools/fakes."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host_tools import paths  # noqa: E402

paths.use_firmware()

SCENARIOS = ROOT / "tests" / "scenarios"
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture
def flash(tmp_path):
    """A fresh, empty flash filesystem as the working directory."""
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(old)


@pytest.fixture
def rig(flash):
    from rig import Rig

    return Rig(seed=1)


def on_stack(rig, cls):
    """The screen of class ``cls`` on the rig's screen stack (the game under
    a dialog, say); fails the test if there is none."""
    for screen in reversed(rig.app._stack):
        if isinstance(screen, cls):
            return screen
    raise AssertionError(f"no {cls.__name__} on the screen stack")


@pytest.fixture(scope="session")
def vm_scenarios():
    """Every scenario script played in the MicroPython VM (firmware as .mpy):
    the record both lanes are compared on, and what the budgets measure."""
    from host_tools.mpvm import lane

    lane.build_mpy()
    scripts = {p.stem: p.read_text() for p in SCENARIOS.glob("*.txt")}
    return scripts, lane.scenarios(scripts)


def drawn_text(monkeypatch):
    """The list every string Canvas.text draws goes into, from now on."""
    from referee.ui.canvas import Canvas

    drawn = []
    original = Canvas.text

    def text(self, s, *args, **kwargs):
        drawn.append(s)
        return original(self, s, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", text)
    return drawn


# A snap is where a person looks at the glass: the presses before it come at
# ten a second, then the look waits for the panel to settle. A lost press
# shows as a wrong frame at any wait; how fast the panel settles is the
# press-to-panel figure's business, not the golden test's.
SETTLE_MS = 200


@pytest.fixture(scope="session")
def brisk():
    """Every scenario on its own emulated Pico at 50 ms down, 50 ms up, with
    allocation windows at each press (shared by the lane's golden test and
    the chip's budgets)."""
    from host_tools.pico import bench, lane

    scripts = {p.stem: p.read_text() for p in sorted(SCENARIOS.glob("*.txt"))}
    return lane.play_all(
        scripts, press_ms=50, gap_ms=50, settle_ms=SETTLE_MS, marks=bench.scenario_marks
    )
