"""MicroPython VM lane: the same firmware (as .mpy from mpy-cross), the same
fakes and the same scenario scripts in the real MicroPython VM under Node.
Every frame the panel received must equal the CPython lane's, bit for bit."""

import pytest

import rig
from host_tools import bench
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
    out = lane.run([lane.program("uniform_draws")])
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
    from referee.core.journal_read import replay
    from referee.core.record import encode
    from referee.scorepad import rules as scorepad

    actions = bench.sample_actions(300) + [{"a": "fix", "round": 3, "seat": 1, "pts": 99}]
    state = replay(scorepad, bench.SAMPLE_SETUP, actions)
    expected = encode([scorepad.summary(state), scorepad.score_rows(state)])
    out = lane.run(
        [
            "from referee.core.record import encode\n"
            "from referee.core.journal_read import replay\n"
            "from referee.scorepad import rules as scorepad\n"
            f"s = replay(scorepad, {bench.SAMPLE_SETUP!r}, {actions!r})\n"
            "print('STATE', encode([scorepad.summary(s), scorepad.score_rows(s)]))"
        ]
    )
    assert f"STATE {expected}\n" in out


def line_of(path, marker):
    """The 1-based number of the line of ``path`` that holds ``marker``."""
    lines = path.read_text().split("\n")
    return 1 + next(i for i, text in enumerate(lines) if marker in text)


def test_a_crash_names_its_file_and_line_in_the_vm_too(built):
    # MicroPython has no __traceback__: where() and chain() read
    # sys.print_exception. The program runs as "<stdin>"; its second error
    # happens inside a firmware .mpy, whose line numbers must survive.
    from conftest import ROOT

    program = lane.PROGRAMS / "crash_places.py"
    raised = line_of(program, "# WHERE: this line")
    called = line_of(program, "    boom()")
    buttons = ROOT / "firmware" / "referee" / "hw" / "buttons.py"
    line = line_of(buttons, "clock_start = clock.ticks_ms()")
    out = lane.run([lane.program("crash_places")])
    assert f"WHERE <stdin>:{raised}\n" in out
    assert f"CHAIN <stdin>:{called} <stdin>:{raised}\n" in out  # innermost last
    assert f"WHERE2 buttons.py:{line}\n" in out


def test_a_forgotten_module_gives_its_heap_back_in_the_vm(built):
    # Back at the menu a game is forgotten, and its code must leave the heap
    # (the .mpy bytecode lives there). The first import interns the module's
    # names, which MicroPython never frees; the second is what unloading must
    # give back, all but a quarter of a kilobyte.
    out = lane.run(
        [
            lane.program("forget") + "\nload()",
            "unload()",
            "BEFORE = gc.mem_alloc()\nload()\nprint('OPEN', gc.mem_alloc() - BEFORE)",
            "unload()",
            "print('GONE', gc.mem_alloc() - BEFORE)\nprint('LOADED', loaded())",
        ]
    )
    figures = bench.figures_in(out)
    assert figures["OPEN"] > 2048, out  # the duel's code and tables were measured
    assert figures["GONE"] < 256, out
    assert "LOADED False" in out


def test_the_button_interrupt_allocates_nothing_in_the_vm(built):
    out = lane.run([lane.program("button_edges")])
    figures = bench.figures_in(out)
    assert figures["EDGE_ALLOC"] == 0, out
    assert figures["PRESSES"] == 10, out


def test_writevto_allocates_the_frame_again_as_on_rp2():
    # rp2's machine.I2C copies a vector of buffers into one block of their
    # total length per transfer; one buffer goes out where it lies. This is
    # why the panel sends its pages with writeto (host_tools/fakes/machine.py).
    out = lane.run([lane.program("i2c_writes")], mpy=False)
    figures = bench.figures_in(out)
    # the fake's own device lookup makes a (bus, address) tuple: 16 B
    assert figures["WRITETO_ALLOC"] <= 16, out
    # 1,025 bytes are 65 blocks of 16 (1,040 B), and the bytearray's own object
    extra = figures["WRITEVTO_ALLOC"] - figures["WRITETO_ALLOC"]
    assert 1040 <= extra <= 1040 + 32, out
    assert figures["BUS_BYTES"] == 4 * 1025, out  # the same bytes either way


def test_a_manual_install_boots_from_exactly_the_files_the_readme_names(tmp_path):
    # hardware/README.md, "Without make deploy": everything in firmware/ to
    # the board's top folder, the driver's adafruit_ssd1306.py and adafruit_bus_device/
    # into lib/. The VM boots from a copy of exactly those (and the fake
    # board), nothing else of the project's, to the menu the goldens show.
    import shutil

    from conftest import GOLDEN

    from host_tools import paths
    from host_tools.pbm import from_pbm

    board_root = tmp_path / "board"
    shutil.copytree(paths.FIRMWARE, board_root)
    lib = board_root / "lib"
    lib.mkdir()
    shutil.copy(paths.DEVICE_LIB / "adafruit_ssd1306.py", lib)
    shutil.copytree(paths.DEVICE_LIB / "adafruit_bus_device", lib / "adafruit_bus_device")
    boot = (
        "import binascii, board, machine, rig\n"
        "from virtual_ssd1306 import VirtualSSD1306\n"
        "panel = VirtualSSD1306()\n"
        "machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, panel)\n"
        "from referee.app import App\n"
        "clock = rig.VirtualClock()\n"
        "app = App(board.hardware(clock=clock, entropy=rig.SeededEntropy(1), data_dir='data'))\n"
        "for _ in range(3):\n"
        "    app.step()\n"
        "    clock.sleep_ms(10)\n"
        "print('PANEL', binascii.hexlify(bytes(panel.pixels())).decode())\n"
    )
    out = lane.run([boot], firmware_libs=(board_root, lib))
    drawn = bytes.fromhex(out.split("PANEL ", 1)[1].split()[0])
    assert drawn == bytes(from_pbm((GOLDEN / "boot-menu.pbm").read_text()))
