"""make deploy: the plan, the messages a maker meets, and a whole deploy
end to end against a real MicroPython REPL (the VM from npm on a
pseudo-terminal; the rig's quirks live in host_tools/mpvm/repl.mjs)."""

import hashlib
import os
import pty
import subprocess
import sys
import tty
from pathlib import Path

import pytest
from conftest import ROOT

from host_tools import deploy

DEVS_ONE = "/dev/ttyS0 None 0000:0000 None None\n/dev/ttyACM0 e6614c 2e8a:0005 MicroPython Board\n"
DEVS_TWO = DEVS_ONE + "/dev/ttyACM1 e6614d 2e8a:0005 MicroPython Board\n"


def message(fn, *args):
    with pytest.raises(deploy.DeployError) as caught:
        fn(*args)
    return str(caught.value)


def test_finding_the_board():
    assert deploy.pick_port(DEVS_ONE, None) == "/dev/ttyACM0"
    assert deploy.pick_port(DEVS_TWO, "/dev/ttyACM1") == "/dev/ttyACM1"
    assert "No board found" in message(
        deploy.pick_port, "/dev/ttyS0 None 0000:0000 None None\n", None
    )
    several = message(deploy.pick_port, DEVS_TWO, None)
    assert "/dev/ttyACM0, /dev/ttyACM1" in several and "PORT=" in several


def test_versions_and_formats():
    assert deploy.parse_info("INFO micropython (1, 24, 1) 774\n", "p") == ((1, 24, 1), 774)
    assert "1.21.0" in message(deploy.parse_info, "INFO micropython (1, 21, 0) 518\n", "p")
    assert "does not answer as MicroPython" in message(deploy.parse_info, "garbage", "/dev/ttyACM0")
    # 774 = 0x306: format 6, sub-version 3 (1.23+); 1.22 is 6.2: copy .py
    assert deploy.use_mpy(774) and not deploy.use_mpy(0x206)


def test_plan_copies_only_what_changed(tmp_path):
    a = tmp_path / "a.mpy"
    a.write_bytes(b"same")
    b = tmp_path / "b.mpy"
    b.write_bytes(b"new")
    files = {"referee/a.mpy": a, "referee/ui/b.mpy": b, "main.py": a}
    on_board = {"referee/a.mpy": hashlib.sha256(b"same").hexdigest(), "main.py": "0" * 64}
    folders, copies = deploy.plan(files, on_board)
    assert folders == ["referee/ui"]
    assert copies == [(a, "main.py"), (b, "referee/ui/b.mpy")]


def test_files_deploy_no_longer_has_go_and_nothing_else(tmp_path):
    # The build has app.mpy and the driver as .mpy: a referee/app.py left by
    # Thonny (MicroPython would load it before app.mpy), an old driver .py
    # and a module the referee dropped go; the games in data/, boot.py and
    # a maker's own lib/ file stay.
    mpy = tmp_path / "x.mpy"
    mpy.write_bytes(b"x")
    files = {"referee/app.mpy": mpy, "lib/adafruit_ssd1306.mpy": mpy, "board.mpy": mpy}
    on_board = dict.fromkeys(
        [
            "referee/app.py",
            "referee/app.mpy",
            "referee/core/unseal.mpy",
            "lib/adafruit_ssd1306.py",
            "lib/neopixel.py",
            "data/game.jnl",
            "boot.py",
            "board.py",
        ],
        "0" * 64,
    )
    assert deploy.stale(files, on_board) == [
        "board.py",
        "lib/adafruit_ssd1306.py",
        "referee/app.py",
        "referee/core/unseal.mpy",
    ]


def test_a_romfs_install_clears_every_copy_that_would_shadow_rom():
    # On the ROMFS build the filesystem keeps main.py alone: the referee's
    # folders go whole, deepest first (an empty referee/ on the filesystem
    # would still be imported as the package); data/, lib/ and a maker's
    # own folder stay.
    main = Path("main.py")
    on_board = ["data", "lib", "lib/adafruit_bus_device", "referee", "referee/core", "tools"]
    assert deploy.stale_folders({"main.py": main}, on_board) == [
        "lib/adafruit_bus_device",
        "referee/core",
        "referee",
    ]
    # On the stock build only a folder no file of the build lies in goes.
    files = {"referee/app.mpy": main, "referee/core/chance.mpy": main, "main.py": main}
    assert deploy.stale_folders(files, ["referee", "referee/core", "referee/old"]) == [
        "referee/old"
    ]
    gone = ["board.mpy", "lib/adafruit_bus_device/i2c_device.mpy", "referee/app.mpy"]
    assert deploy.shadows(gone) == "board.mpy, lib/adafruit_bus_device/, referee/"


def test_the_boards_romfs_partition_is_read_from_its_line():
    digest = hashlib.sha256(b"image").hexdigest()
    listing = f"HASH main.py {'0' * 64}\nDIR referee\nROMFS 262144 {digest}\n"
    assert deploy.parse_romfs(listing) == (262144, digest)
    assert deploy.parse_folders(listing) == ["referee"]
    assert deploy.parse_romfs("ROMFS none\n") is None


def test_an_image_bigger_than_the_partition_is_refused_before_any_write():
    class Untouchable:
        def run(self, *args, **kwargs):
            raise AssertionError("nothing may be written")

    with pytest.raises(deploy.DeployError) as caught:
        deploy.write_romfs(Untouchable(), b"x" * 5000, (4096, "0" * 64), say=lambda s: None)
    assert str(caught.value) == deploy.MESSAGES["romfs too small"].format(size=4096, need=5000)
    assert "4,096 bytes" in str(caught.value) and "referee-update.uf2" in str(caught.value)


def test_a_port_that_does_not_open_is_told_apart():
    # mpremote says "failed to access" for all three; the port itself says
    # which (the serial seam: the open deploy makes to ask it).
    def refusing(error):
        def opener(path, flags):
            raise error

        return opener

    port = "/dev/ttyACM0"
    permission = deploy.port_problem(port, refusing(PermissionError(13, "Permission denied")))
    assert permission == deploy.MESSAGES["no permission"].format(port=port)
    assert "dialout" in permission
    busy = deploy.port_problem(port, refusing(OSError(16, "Device or resource busy")))
    assert busy == deploy.MESSAGES["port busy"].format(port=port)
    gone = deploy.port_problem(port, refusing(FileNotFoundError(2, "No such file")))
    assert gone == deploy.MESSAGES["no port"].format(port=port)
    assert gone.startswith(f"There is no {port}")  # says the port itself is missing


def test_deploy_says_when_another_program_holds_the_port():
    # A real mpremote on a pseudo-terminal that another program holds
    # locked (as mpremote and pyserial's exclusive mode lock it): deploy
    # names the port and says to close the other program, not "no board".
    import fcntl

    master, slave = pty.openpty()
    port = os.ttyname(slave)
    held = os.open(port, os.O_RDWR | os.O_NOCTTY)
    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        with pytest.raises(deploy.DeployError) as caught:
            deploy.deploy(port, button_seconds=0, say=lambda s: None)
        assert str(caught.value) == deploy.MESSAGES["port busy"].format(port=port)
    finally:
        os.close(held)
        os.close(master)
        os.close(slave)


def test_messages_for_failures():
    assert deploy.explain("mpremote: no device found", "x") == deploy.MESSAGES["no board"]
    assert "flash is full" in deploy.explain("OSError: [Errno 28] ENOSPC", "cp")
    assert "does not answer as MicroPython" in deploy.explain("could not enter raw repl", "/dev/x")
    problems = deploy.selftest_result("SELFTEST display missing ['0x3d']\nSELFTEST done\n")
    assert "does not answer at 0x3c" in problems[0] and "['0x3d']" in problems[0]
    assert deploy.selftest_result("SELFTEST display ok\nSELFTEST entropy ok\nSELFTEST done\n") == []
    assert "did not finish" in deploy.selftest_result("Traceback\nOSError: 5\n")[0]


def test_a_self_test_that_raises_is_said_as_not_finished():
    # mpremote run exits 1 when the program raises, the traceback on its
    # stdout: the self-test's problem is its last line, not a failed copy.
    def raising(cmd, **kwargs):
        output = "SELFTEST display ok\nTraceback (most recent call last):\nOSError: [Errno 5] EIO\n"
        return subprocess.CompletedProcess(cmd, 1, stdout=output, stderr="")

    output = deploy.Board("/dev/ttyACM0", raising).run("run", "selftest.py", traceback_ok=True)
    assert deploy.selftest_result(output) == [
        "The self-test did not finish: OSError: [Errno 5] EIO"
    ]
    with pytest.raises(deploy.DeployError):
        deploy.Board("/dev/ttyACM0", raising).run("run", "selftest.py")


def test_the_whole_firmware_is_planned():
    files = deploy.local_files(True)
    assert files["main.py"].name == "main.py" and "main.mpy" not in files
    assert "board.mpy" in files and "referee/app.mpy" in files
    assert "lib/adafruit_ssd1306.mpy" in files and "lib/adafruit_bus_device/i2c_device.mpy" in files
    # Empty package files stay home (firmware/referee/hw/__init__.py is
    # empty); one with code in it goes (referee/__init__.py names JOURNAL).
    assert "referee/hw/__init__.mpy" not in files and "referee/__init__.mpy" in files
    assert "referee/hw/__init__.py" not in deploy.local_files(False)


class Rig:
    """The MicroPython VM's REPL on a pseudo-terminal, as mpremote sees a board."""

    def __enter__(self):
        master, slave = pty.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        self.port = os.ttyname(slave)
        self.node = subprocess.Popen(
            ["node", str(ROOT / "host_tools" / "mpvm" / "repl.mjs")],
            stdin=master,
            stdout=master,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        # Node holds the far end alone: if it dies, reading here fails at
        # once instead of blocking.
        os.close(master)
        self.slave = slave
        # Ready when the REPL has printed its first prompt (no fixed sleep).
        seen = b""
        while b">>> " not in seen:
            seen += os.read(slave, 1024)
        return self

    def mpremote(self, *args):
        cmd = [deploy.mpremote(), "connect", self.port, *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)

    def __exit__(self, *exc):
        self.node.kill()
        self.node.wait()
        os.close(self.slave)


def test_deploy_end_to_end_against_a_micropython_repl():
    with Rig() as board:
        # The VM has no machine module and no panel: the rig gives it the fakes.
        fakes = sorted((ROOT / "host_tools" / "fakes").glob("*.py"))
        cmds = []
        for f in fakes:
            cmds += ["fs", "cp", str(f), f":lib/{f.name}", "+"]
        assert board.mpremote(*cmds[:-1]).returncode == 0
        attach = (
            "import machine, virtual_ssd1306\n"
            "machine.sim_attach_i2c(0, 0x3C, virtual_ssd1306.VirtualSSD1306())"
        )
        assert board.mpremote("exec", attach).returncode == 0
        # Left on the board before: a stale referee/app.py (Thonny, an
        # older deploy) that would shadow app.mpy, and a saved game.
        stale = ["exec", "import os\nos.mkdir('referee')\nos.mkdir('data')"]
        assert board.mpremote(*stale).returncode == 0
        for name, text in (("referee/app.py", "raise SystemExit"), ("data/game.jnl", "{}")):
            write = f"open({name!r}, 'w').write({text!r})"
            assert board.mpremote("exec", write).returncode == 0
        said = []
        problems = deploy.deploy(board.port, button_seconds=0, say=said.append)
        assert said[0].startswith("MicroPython 1.27.0 on /dev/pts/") and ".mpy files" in said[0]
        total = len(deploy.local_files(True))
        assert said[1] == f"{total} of {total} files changed"
        assert "  display ok" in said
        # what the rig cannot do: nobody presses buttons, and the VM has no os.urandom
        assert (
            len(problems) == 2 and "Not pressed" in problems[0] and "random source" in problems[1]
        )
        assert said[2] == "removing 1 the referee no longer has: referee/app.py"
        assert deploy.NO_ROMFS in said  # the VM has no ROMFS partition
        listing = board.mpremote("fs", "ls", ":referee").stdout
        assert "app.mpy" in listing and "app.py" not in listing
        assert "game.jnl" in board.mpremote("fs", "ls", ":data").stdout  # the games stay
        # a second deploy copies nothing
        said.clear()
        deploy.deploy(board.port, button_seconds=0, say=said.append)
        assert said[1] == f"0 of {total} files changed"


def test_deploy_says_when_there_is_no_micropython():
    # A port where nothing answers: mpremote never returns on its own (it
    # waits for the raw REPL's banner), so deploy's first call carries a
    # timeout and its expiry is explained. The expiry is raised here at
    # once instead of waiting out the real 20 s.
    calls = []

    def silent_port(cmd, timeout=None, **kwargs):
        calls.append((cmd, timeout))
        raise subprocess.TimeoutExpired(cmd, timeout)

    with pytest.raises(deploy.DeployError) as caught:
        deploy.deploy("/dev/ttyACM0", button_seconds=0, runner=silent_port, say=lambda s: None)
    assert str(caught.value) == deploy.MESSAGES["no micropython"].format(port="/dev/ttyACM0")
    [(cmd, timeout)] = calls
    assert cmd == [deploy.mpremote(), "connect", "/dev/ttyACM0", "exec", deploy.INFO_CODE]
    assert timeout is not None and 0 < timeout <= 60


def test_deploy_says_when_the_port_is_gone():
    # A real mpremote on a pseudo-terminal whose far end has hung up (a
    # board unplugged): it fails at once, and deploy says the port is gone
    # (its device file goes with the far end, as /dev/ttyACM0 goes with the board).
    master, slave = pty.openpty()
    port = os.ttyname(slave)
    os.close(master)
    try:
        with pytest.raises(deploy.DeployError) as caught:
            deploy.deploy(port, button_seconds=0, say=lambda s: None)
        assert str(caught.value) == deploy.MESSAGES["no port"].format(port=port)
    finally:
        os.close(slave)


def test_make_deploy_names_its_port_option():
    text = (ROOT / "Makefile").read_text()
    assert "host_tools.deploy $(if $(PORT),--port $(PORT))" in text
    assert Path(sys.executable).exists()
