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


@pytest.fixture(scope="session")
def brisk():
    """Every scenario on its own emulated Pico at 50 ms down, 50 ms up, with
    allocation windows at each press (shared by the lane's golden test and
    the chip's budgets)."""
    from host_tools.pico import bench

    return bench.play_scenarios()


# Session fixtures whose work (minutes of chip or VM runs) more than one test
# file reads: under pytest-xdist (make pytest: -n 2) those files go to the
# same worker, so none is built twice.
SHARED_FIXTURES = ("brisk", "vm_scenarios")


@pytest.hookimpl(optionalhook=True)  # pytest -p no:xdist has no such hook
def pytest_xdist_make_scheduler(config, log):
    """Each worker takes whole test files (a module fixture built once), and
    the files that read a shared session fixture together. (xdist's own
    loadgroup marks do not reach pytest 9's node ids.)"""
    import re

    from xdist.scheduler import LoadScopeScheduling

    groups = {}

    def group_of(file):
        if file not in groups:
            text = (ROOT / file).read_text()
            shared = [n for n in SHARED_FIXTURES if re.search(rf"\b{n}\b", text)]
            groups[file] = "fixture " + shared[0] if shared else file
        return groups[file]

    class SharedFixtureScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return group_of(nodeid.split("::")[0])

    return SharedFixtureScheduling(config, log)
