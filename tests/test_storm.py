"""Input storms: thousands of random button events over every screen of
every landed game. Nothing may raise, the scores on screen must always equal
a replay of the journal on flash, and no secret may be drawn without a peek.
`make fuzz` runs the long storm (100,000 events); `make test` a shorter one."""

import os

import pytest
from storm import Storm

from rig import Rig

EVENTS = int(os.environ.get("STORM_EVENTS", "6000"))


def session_of(rig):
    for screen in reversed(rig.app._stack):
        session = getattr(screen, "session", None)
        if session is not None:
            return session
    return None


def crash_fails_the_test(monkeypatch):
    """The referee survives a screen that raises (it shows OOPS and logs
    it): in a storm that is a bug to report, not to survive."""
    from referee.app import App

    def crashed(self, e):
        raise e

    monkeypatch.setattr(App, "crashed", crashed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_storm_keeps_scores_and_secrets(flash, monkeypatch, seed):
    from referee.core.journal import Journal
    from referee.core.journal_read import resume
    from referee.evil import peek as evil_peek
    from referee.factory import peek as factory_peek
    from referee.games import rules as find_rules

    crash_fails_the_test(monkeypatch)
    rig = Rig(seed=seed)
    shown = []

    def only_while_held(peek_class):
        original = peek_class.draw_secret

        def secret(peek, c):
            assert rig.app.screen is peek and rig.app.peeking
            shown.append(peek.seat)
            return original(peek, c)

        monkeypatch.setattr(peek_class, "draw_secret", secret)

    only_while_held(evil_peek.Peek)
    only_while_held(factory_peek.Peek)
    checked = []

    def check(i):
        session = session_of(rig)
        if session is None:
            return
        saved, rules, state = resume(Journal(rig.hw.storage), find_rules)
        assert saved.problem is None, saved.problem
        assert state is not None and rules is session.rules
        assert rules.summary(state) == rules.summary(session.state), f"event {i}"
        checked.append(i)

    storm = Storm(rig, seed)
    storm.run(EVENTS, check)
    assert storm.events == EVENTS
    assert rig.app.events > EVENTS  # the firmware saw them
    assert checked, "the storm never reached a game"
    assert rig.hw.storage.read("errors.log") is None  # nothing was caught either


def test_storm_in_the_micropython_vm():
    """The same storm inside MicroPython: no exception, and no leak. After
    each slice of events the device goes back to the menu, which unloads the
    game that was open, and the heap above boot is measured net of the names
    modules interned (which MicroPython never frees: about 15 KB once every
    game has been opened).

    The collector is conservative: a stale word can keep a dropped game's
    module alive for a slice or two, and where that happens moves with the
    heap's layout, so any change to the code moves it. Eight slices of this
    storm read -1940, 95, 191, 2783, 2831, 5231, 5231, 2801 B (steps the size
    of a game's module, coming and going) and, after a change that freed
    nothing, -1924, 991, 1087, 2175, 2223, 2239, 2239, 2209; CI once failed
    a two-point check on 1.6 KB of it. Stale words only add to the true
    floor; a leak raises the floor. So three slices warm up (boot-time
    objects go, first-time tables grow) and the floor of the last three may
    not stand 2 KB above the floor of slices 4-5: about a byte an event over
    the 1,875 events between them fails, and so does a dropped game that
    never leaves.
    """
    import re

    from host_tools import bench
    from host_tools.mpvm import lane

    lane.build_mpy()
    # make test: 8 x 750; make fuzz: 8 x 2,500 (issue 8 asks 10,000 in the VM)
    slices = 8
    size = max(500, EVENTS // 8 if EVENTS < 20000 else EVENTS // 40)
    back = "rig.frames = []\nrig.event_bytes = []\nwhile len(rig.app._stack) > 1: rig.app.pop()"
    scrub = (
        "def scrub(n):\n    a = b = c = d = e = f = g = h = 0\n    if n:\n        scrub(n - 1)\n"
    )
    calls = [
        "import gc, os, micropython\nos.mkdir('/s')\nos.chdir('/s')\n"
        "from rig import Rig\nfrom storm import Storm\n"
        f"rig = Rig(seed=7)\nstorm = Storm(rig, 7)\n{scrub}",
        "scrub(60)\ngc.collect()",
        "BOOT = gc.mem_alloc()\nmicropython.qstr_info()",
    ]
    for _slice in range(slices):
        calls += [
            f"storm.run({size})\n{back}",
            "scrub(60)\ngc.collect()",
            "print('HEAP', gc.mem_alloc() - BOOT)\nmicropython.qstr_info()",
        ]
    calls.append("print('EVENTS', storm.events)\nprint('LOG', rig.hw.storage.read('errors.log'))")
    out = lane.run(calls, heap_kb=2048, timeout=max(600, slices * size // 8))
    figures = bench.figures_in(out)
    names = [int(n) for n in re.findall(r"n_total_bytes=(\d+)", out)]  # boot, then each slice
    assert figures["EVENTS"] == slices * size and len(names) == slices + 1, out
    assert "LOG None" in out, out  # no screen raised (the referee would have logged it)
    heap = [int(n) for n in re.findall(r"^HEAP (-?\d+)$", out, re.M)]
    # Above boot: the interned names (about 16 KB, never freed), the floor
    # (about 2 KB), and a game's modules a stale word may hold for a while:
    # the duel's are about 19 KB, and a change to its screen once kept them
    # through all eight slices (36-37 KB) where the commit before freed them
    # at once (17-18 KB). The floor check below is the leak check.
    assert len(heap) == slices and max(heap) < 48 * 1024, out
    net = [h - (n - names[0]) for h, n in zip(heap, names[1:], strict=True)]
    print("net heap after each slice:", net)
    assert min(net[-3:]) - min(net[3:5]) < 2048, (net, out)  # the floor stays put
