"""firmware/main.py, unmodified, boots against the fakes; the interactive
simulator shows it in a terminal and takes keys."""

import os
import pty
import runpy
import select
import subprocess
import sys
import time

import pytest
from conftest import GOLDEN, ROOT

import machine
from host_tools import paths
from host_tools.pbm import from_pbm
from rig import render_half_blocks
from virtual_ssd1306 import VirtualSSD1306


class PowerOff(Exception):
    pass


def boot_main(monkeypatch, usb):
    """Run firmware/main.py until its fifth nap; returns the naps as
    (how, ms): "wait" for time.sleep_ms, "lightsleep" for machine.lightsleep."""
    from referee.hw.clock import Clock

    machine.sim_reset()
    machine.sim_set_pin(24, 1 if usb else 0)  # VBUS sense
    panel = VirtualSSD1306()
    machine.sim_attach_i2c(0, 0x3C, panel)
    naps = []

    def napping(how):
        def nap(*args):
            naps.append((how, args[-1]))
            if len(naps) == 5:
                raise PowerOff

        return nap

    monkeypatch.setattr(Clock, "sleep_ms", napping("wait"))
    monkeypatch.setattr(machine, "lightsleep", napping("lightsleep"))
    with pytest.raises(PowerOff):
        runpy.run_path(str(paths.FIRMWARE / "main.py"), run_name="__main__")
    return panel, naps


def test_main_boots_to_the_menu_on_fake_hardware(flash, monkeypatch):
    panel, naps = boot_main(monkeypatch, usb=True)
    assert naps == [("wait", 10)] * 5  # on USB the loop waits 10 ms between polls
    assert machine.sim_world().wdt is not None  # the watchdog runs
    assert panel.on and any(panel.pixels())


def test_the_watchdog_runs_before_the_board_is_built(flash, monkeypatch):
    import board
    from referee.hw.power import WATCHDOG_MS

    seen = []
    build = board.hardware

    def hardware(**kwargs):
        seen.append(machine.sim_world().wdt)  # what runs while the board is built
        return build(**kwargs)

    monkeypatch.setattr(board, "hardware", hardware)
    boot_main(monkeypatch, usb=True)
    assert seen[0] is not None and seen[0]._timeout == WATCHDOG_MS
    assert machine.sim_world().wdt is seen[0]  # the loop feeds that same one


def test_a_board_that_cannot_be_built_is_logged_then_the_watchdog_resets(flash, monkeypatch):
    from referee.hw.clock import Clock

    machine.sim_reset()  # no panel on the bus
    monkeypatch.setattr(Clock, "sleep_ms", lambda self, ms: machine.sim_advance(ms))
    with pytest.raises(machine.WatchdogReset):
        runpy.run_path(str(paths.FIRMWARE / "main.py"), run_name="__main__")
    log = (flash / "data" / "errors.log").read_text()
    from referee import VERSION

    assert log.startswith(f"board: {VERSION} ValueError at "), log
    assert "No I2C device at address: 0x3c" in log
    # the whole way there, outermost first: the boot, the board, the driver
    assert log.index("app.py:") < log.index("board.py:") < log.index("adafruit_ssd1306")


def test_on_batteries_the_loop_lightsleeps_between_polls(flash, monkeypatch):
    panel, naps = boot_main(monkeypatch, usb=False)
    assert naps == [("lightsleep", 10)] * 5
    # the menu as the scenario goldens show it, battery gauge and all
    assert bytes(panel.pixels()) == from_pbm((GOLDEN / "boot-menu.pbm").read_text())


def read_until(fd, lines, timeout=15.0):
    """Read the terminal until every line of a frame has been drawn."""
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        text = out.decode(errors="ignore")
        if all(line in text for line in lines):
            return text
        if select.select([fd], [], [], 0.1)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out.decode(errors="ignore")


def terminal_size(columns, lines):
    """In a pty.fork child: the size its terminal reports."""
    import fcntl
    import struct
    import termios

    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))


def wait_exit(pid, timeout=30.0):
    """The child's wait status once it has ended, or None if it still runs."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    return None


def end_child(pid, fd):
    """Stop the simulator under test if it still runs, and close its terminal."""
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    os.close(fd)


def test_a_terminal_too_small_is_told_the_size_it_needs(tmp_path):
    # 80x24 used to draw wrapped garbage: now it says what to do, at once.
    pid, fd = pty.fork()
    if pid == 0:
        terminal_size(80, 24)
        os.chdir(ROOT)
        flash = str(tmp_path / "flash")
        os.execv(sys.executable, [sys.executable, "-m", "host_tools.sim", "--flash", flash])
    try:
        said = read_until(fd, ["80x24"], timeout=60)
        assert "130x35" in said and "80x24" in said
        status = wait_exit(pid)
        assert status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0
    finally:
        end_child(pid, fd)


def test_interactive_simulator_in_a_terminal(tmp_path):
    menu = render_half_blocks(from_pbm((GOLDEN / "boot-menu.pbm").read_text()))
    dice = render_half_blocks(from_pbm((GOLDEN / "dice_2d6-coin_ready.pbm").read_text()))
    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator as `make sim` starts it
        terminal_size(130, 35)  # the smallest that shows the panel whole
        os.chdir(ROOT)
        flash = str(tmp_path / "flash")
        os.execv(sys.executable, [sys.executable, "-m", "host_tools.sim", "--flash", flash])
    try:
        first = read_until(fd, menu.split("\n"))
        assert all(line in first for line in menu.split("\n")), "menu not drawn"
        os.write(fd, b"\r")  # Enter = OK
        second = read_until(fd, dice.split("\n"))
        assert all(line in second for line in dice.split("\n")), "dice screen not drawn"
        os.write(fd, b"q")
        status = wait_exit(pid)
        assert status is not None, "q did not stop the simulator"
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        end_child(pid, fd)


def test_headless_script_writes_a_png(tmp_path):
    shot = tmp_path / "dice.png"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "host_tools.sim",
            "--script",
            str(ROOT / "tests" / "scenarios" / "dice_2d6.txt"),
            "--screenshot",
            str(shot),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    from PIL import Image

    img = Image.open(shot)
    assert img.size == (128 * 4 + 32, 64 * 4 + 32)
    lit = sum(
        1 for x in range(img.width) for y in range(img.height) if img.getpixel((x, y))[2] > 150
    )
    assert lit > 1000  # the picture has the dice on it, not a dark panel
    assert "bytes on the I2C bus" in proc.stdout


def test_ctrl_c_while_the_code_loads_stops_the_watchdog(flash, monkeypatch):
    """make deploy's Ctrl-C can land while main.py imports the referee,
    after the watchdog started: it must stop it, or the board resets in the
    middle of the copy (seen on the emulated Pico: 8 s after the Ctrl-C).
    RP2040 datasheet: WATCHDOG CTRL at 0x40058000, ENABLE is bit 30."""
    import builtins

    machine.sim_reset()
    real_import = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name == "referee.app":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    with pytest.raises(KeyboardInterrupt):
        runpy.run_path(str(paths.FIRMWARE / "main.py"), run_name="__main__")
    assert machine.sim_world().wdt is not None  # it had started
    assert machine.mem32[0x40058000] & (1 << 30) == 0
