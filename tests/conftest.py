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


@pytest.hookimpl(tryfirst=True)  # before xdist reads the marks
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (make pytest: -n 2 --dist loadgroup) a worker takes
    whole test files, and the files whose tests share a session fixture
    (the chip's runs of every scenario, say: minutes of work) go to the same
    worker, so no fixture is built twice."""
    session_fixtures = {
        name
        for name, defs in item_fixture_defs(items).items()
        if any(d.scope == "session" and _ours(d.func) for d in defs)
    }
    group = {}  # file -> the group it joins: union of files sharing a fixture

    def find(key):
        while group.setdefault(key, key) != key:
            key = group[key]
        return key

    for item in items:
        file = item.nodeid.split("::")[0]
        for name in set(item.fixturenames) & session_fixtures:
            group[find("fixture:" + name)] = find(file)
    for item in items:
        item.add_marker(pytest.mark.xdist_group(find(item.nodeid.split("::")[0])))


def _ours(func):
    """A fixture of this project's tests (not pytest's own tmp_path_factory)."""
    import inspect

    return str(inspect.getsourcefile(func)).startswith(str(ROOT / "tests"))


def item_fixture_defs(items):
    defs = {}
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is not None:
            for name, found in info.name2fixturedefs.items():
                defs.setdefault(name, found)
    return defs
