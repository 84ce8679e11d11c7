"""MicroPython VM lane: the same firmware (as .mpy from mpy-cross), the same
fakes and the same scenario scripts in the real MicroPython VM under Node.
Every frame the panel received must equal the CPython lane's, bit for bit."""

import pytest

import rig
from host_tools.mpvm import lane


@pytest.fixture(scope="module")
def built():
    return lane.build_mpy()


def test_scenarios_give_the_same_frames_on_both_vms(vm_scenarios, flash):
    scripts, micropython = vm_scenarios
    cpython = rig.run_scenarios(scripts)
    assert sorted(micropython) == sorted(scripts)
    for name in scripts:
        assert micropython[name]["frames"] == cpython[name]["frames"], name
        assert micropython[name]["snaps"] == cpython[name]["snaps"], name
        assert micropython[name]["bus"] == cpython[name]["bus"], name
        assert len(cpython[name]["frames"]) > 1


def test_draws_are_exactly_uniform_in_the_vm(built):
    out = lane.run(
        [
            "from referee.core.chance import Chance\n"
            "bad = []\n"
            "for n in range(1, 257):\n"
            "    counts = {}\n"
            "    for v in range(256):\n"
            "        fed = [bytes([v])]\n"
            "        def src(k):\n"
            "            if not fed: raise EOFError\n"
            "            return fed.pop()[:k]\n"
            "        try: o = Chance(src).below(n)\n"
            "        except EOFError: continue\n"
            "        counts[o] = counts.get(o, 0) + 1\n"
            "    if sorted(counts) != list(range(n)) or len(set(counts.values())) != 1:\n"
            "        bad.append(n)\n"
            "print('BAD', bad)\n"
        ]
    )
    assert "BAD []" in out


def test_portable_tests_pass_in_the_vm_too(built):
    """tests/portable runs under pytest here and, unchanged, in the VM."""
    import importlib

    from conftest import ROOT

    results = lane.portable_tests()
    expected = set()
    for path in (ROOT / "tests" / "portable").glob("test_*.py"):
        module = importlib.import_module(f"portable.{path.stem}")
        expected |= {f"{path.stem}.{n}" for n in dir(module) if n.startswith("test_")}
    assert set(results) == expected
    failures = {k: v for k, v in results.items() if v != "PASS"}
    assert failures == {}


def test_the_vm_reports_python_errors():
    with pytest.raises(lane.VMError, match="ZeroDivisionError"):
        lane.run(["1/0"], mpy=False)


def test_the_vm_lane_is_micropython():
    out = lane.run(["import sys; print(sys.implementation.name)"], mpy=False)
    assert out.strip() == "micropython"


def test_replay_gives_the_same_state_on_both_vms(built):
    from host_tools.bench import SAMPLE_SETUP, sample_actions
    from referee.core.record import encode
    from referee.core.replay import replay
    from referee.games import scorepad

    actions = sample_actions(300) + [{"a": "fix", "round": 3, "seat": 1, "pts": 99}]
    state = replay(scorepad, SAMPLE_SETUP, actions)
    expected = encode([scorepad.summary(state), scorepad.score_rows(state)])
    out = lane.run(
        [
            "from referee.core.record import encode\n"
            "from referee.core.replay import replay\n"
            "from referee.games import scorepad\n"
            f"s = replay(scorepad, {SAMPLE_SETUP!r}, {actions!r})\n"
            "print('STATE', encode([scorepad.summary(s), scorepad.score_rows(s)]))"
        ]
    )
    assert f"STATE {expected}\n" in out


def test_a_crash_names_its_file_and_line_in_the_vm_too(built):
    # MicroPython has no __traceback__: where() reads sys.print_exception.
    # The raise is on line 3 of the code the VM runs as "<stdin>"; the second
    # error happens inside a firmware .mpy, whose line numbers must survive.
    from conftest import ROOT

    source = (ROOT / "firmware" / "referee" / "hw" / "buttons.py").read_text().split("\n")
    line = 1 + next(i for i, text in enumerate(source) if "clock_start = clock.ticks_ms()" in text)
    out = lane.run(
        [
            "from referee.screens.crash import where\n"
            "def boom():\n"
            "    raise ValueError('x')\n"
            "try:\n"
            "    boom()\n"
            "except ValueError as e:\n"
            "    print('WHERE', where(e))\n"
            "from referee.hw.buttons import Buttons\n"
            "try:\n"
            "    Buttons([], None)\n"
            "except AttributeError as e:\n"
            "    print('WHERE2', where(e))\n"
        ]
    )
    assert "WHERE <stdin>:3" in out
    assert f"WHERE2 buttons.py:{line}" in out


def test_a_forgotten_module_gives_its_heap_back_in_the_vm(built):
    # Back at the menu a game is forgotten, and its code must leave the heap
    # (the .mpy bytecode lives there). The first import interns the module's
    # names, which MicroPython never frees; the second is what unloading must
    # give back, all but a quarter of a kilobyte.
    out = lane.run(
        [
            "import gc\nfrom referee import forget as forget_module\nimport referee.games.duel",
            "forget_module('referee.games.duel')\ngc.collect()",
            "BEFORE = gc.mem_alloc()\nimport referee.games.duel\n"
            "print('OPEN', gc.mem_alloc() - BEFORE)",
            "forget_module('referee.games.duel')\ngc.collect()",
            "print('GONE', gc.mem_alloc() - BEFORE)\nimport sys\n"
            "print('LOADED', 'referee.games.duel' in sys.modules)",
        ]
    )
    from host_tools import bench

    figures = bench.figures_in(out)
    assert figures["OPEN"] > 2048, out  # the duel's code and tables were measured
    assert figures["GONE"] < 256, out
    assert "LOADED False" in out


def test_the_button_interrupt_allocates_nothing_in_the_vm(built):
    # On the chip the handler runs as a hard interrupt, where the heap is
    # locked: an allocation there would raise. Twenty edges through the
    # machine fake's Pin.irq, then the poll turns them into ten presses.
    out = lane.run(
        [
            "import gc, machine, rig\n"
            "from referee.hw.buttons import Buttons\n"
            "machine.sim_reset()\n"
            "up = machine.Pin.PULL_UP\n"
            "pins = [machine.Pin(n, machine.Pin.IN, up) for n in (10, 11, 12, 13)]\n"
            "btns = Buttons(pins, rig.VirtualClock())\n"
            "def press(n, down=0, up=1):\n"
            "    for i in range(n):\n"
            "        machine.sim_set_pin(11, down)\n"
            "        machine.sim_advance(30)\n"
            "        machine.sim_set_pin(11, up)\n"
            "        machine.sim_advance(30)\n"
            "press(1)\n"
            "btns.poll(machine.sim_now())\n"
            "btns.get()\n"
            "def measured(down, up):\n"
            "    before = gc.mem_alloc()\n"
            "    press(10, down, up)\n"
            "    return gc.mem_alloc() - before\n"
            "measured(1, 1)\n"
            # the same calls without an edge: what the fake itself costs
            "print('EDGE_ALLOC', measured(0, 1) - measured(1, 1))\n"
            "btns.poll(machine.sim_now())\n"
            "events = 0\n"
            "while btns.get() >= 0:\n"
            "    events += 1\n"
            "print('PRESSES', events)\n"
        ]
    )
    from host_tools import bench

    figures = bench.figures_in(out)
    assert figures["EDGE_ALLOC"] == 0, out
    assert figures["PRESSES"] == 10, out
