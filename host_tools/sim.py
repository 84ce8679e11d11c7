"""The desktop simulator: the unmodified firmware against fake hardware, the
OLED drawn in the terminal at its true 128x64 (two pixel rows per character).

    make sim                                      # play with the keyboard
    make sim ARGS="--script FILE --screenshot out.png"   # headless
                                          # (a bare file name goes in build/)

Keys: arrows or k/j = UP/DOWN, Enter or space = OK, Backspace or Esc = BACK.
A long press is the capital letter: U D O B (or Shift+Up/Down), or press
``l`` and then the button. ``h`` holds OK down until ``h`` (or Enter)
again, for the moves made with OK held (a terminal sends no key releases).
q or Ctrl-C quits. The terminal must be at least 130x35.

Interactive runs execute firmware/main.py as the Pico would, in real time
with real entropy; its flash is build/sim-flash/ (or --flash DIR, which a
scripted run uses too, to leave its saved games there). Scripted runs use virtual
time and a fixed seed, so the same script always gives the same screen.
"""

from __future__ import annotations

import os
import runpy
import select
import signal
import sys
import threading
import time
from pathlib import Path

from host_tools import cli, paths

PROG = "make sim"
SCALE = 4
ON = (130, 215, 255)  # the blue-white of a typical SSD1306
OFF = (8, 10, 14)


def screenshot(image: bytes, path: Path, contrast: int = 0xFF, scale: int = SCALE) -> None:
    """Write the glass as a PNG, each pixel a scale x scale dot with a thin gap."""
    from PIL import Image

    level = 0.55 + 0.45 * contrast / 255
    on = tuple(int(c * level) for c in ON)
    border = 4 * scale
    w, h = 128 * scale + 2 * border, 64 * scale + 2 * border
    img = Image.new("RGB", (w, h), (0, 0, 0))
    px = img.load()
    dot = max(1, scale - 1)
    for y in range(64):
        for x in range(128):
            if image[(y >> 3) * 128 + x] >> (y & 7) & 1:
                ox, oy = border + x * scale, border + y * scale
                for dy in range(dot):
                    for dx in range(dot):
                        px[ox + dx, oy + dy] = on
            else:
                ox, oy = border + x * scale, border + y * scale
                for dy in range(dot):
                    for dx in range(dot):
                        px[ox + dx, oy + dy] = OFF
    img.save(path)


def frame_text(image: bytes) -> str:
    from rig import render_half_blocks

    top = "+" + "-" * 128 + "+"
    body = "\n".join("|" + line + "|" for line in render_half_blocks(image).split("\n"))
    return f"{top}\n{body}\n{top}"


def run_script(
    script: Path, shot: Path | None, seed: int, quiet: bool, flash: Path | None = None
) -> int:
    """Play ``script`` headless: on an empty flash that goes with the run,
    or on ``flash``, whose data/ keeps what the script saved (a journal for
    make export or make replay)."""
    import tempfile

    from rig import Rig

    text = cli.button_script(PROG, script)  # every line read before any is played
    with tempfile.TemporaryDirectory() as scratch:
        folder = flash or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        os.chdir(folder)
        rig = Rig(seed=seed)
        rig.play(text)
        image = rig.panel.pixels()
        if not quiet:
            print(frame_text(image))
            print(f"{len(rig.frames)} frames, {machine_bytes()} bytes on the I2C bus")
        if shot:
            screenshot(image, shot, rig.panel.contrast)
            print(f"wrote the screen to {shown(shot)}")
    return 0


def shot_path(name: Path) -> Path:
    """Where --screenshot writes: a bare file name goes in build/ (not the
    repository's root, among its sources); a path with a folder, there."""
    if name.suffix.lower() != ".png":
        cli.fail(PROG, f"--screenshot writes a PNG: give a name ending in .png, not {name}")
    if name.parent == Path("."):
        name = paths.ROOT / "build" / name
        name.parent.mkdir(exist_ok=True)
    elif not name.parent.is_dir():
        cli.fail(PROG, f"--screenshot {name}: there is no folder {name.parent}")
    return name.resolve()


def shown(path: Path) -> str:
    """A path as short as it can be said: from the repository if inside it."""
    try:
        return str(path.relative_to(paths.ROOT))
    except ValueError:
        return str(path)


def machine_bytes() -> int:
    import machine

    return machine.sim_bus_bytes(0)


# -- interactive --------------------------------------------------------
KEYS = {
    "\x1b[A": (0, False),
    "\x1b[B": (1, False),
    "k": (0, False),
    "j": (1, False),
    "\r": (2, False),
    "\n": (2, False),
    " ": (2, False),
    "\x7f": (3, False),
    "\x08": (3, False),
    "\x1b": (3, False),
    "\x1b[1;2A": (0, True),
    "\x1b[1;2B": (1, True),
    "u": (0, False),
    "d": (1, False),
    "o": (2, False),
    "b": (3, False),
    "U": (0, True),
    "D": (1, True),
    "O": (2, True),
    "B": (3, True),
}
# A tap outlasts the dark panel's 100 ms poll (hw/power.py's OFF_POLL_MS):
# at 80 ms the press that wakes a dark referee was sometimes never seen.
TAP_S = 0.15
LONG_S = 0.9
OK = 2
HOLD_KEY = "h"
BUTTON_NAMES = ("UP", "DOWN", "OK", "BACK")
# The frame (128 columns and 32 half-block lines inside a border) and one
# status line: the smallest terminal that shows it whole.
COLUMNS, LINES = 130, 35


class KeyPresses:
    """Keys into button moves. A terminal sends key presses, never key
    releases, so each key is a press of a fixed length; ``h`` holds OK down
    until ``h`` or OK's key comes again, for what a finger does with OK
    held (a peek, a Robo Factory build): UP, DOWN and BACK tap meanwhile.
    ``on_key`` returns the moves: ("down", button), ("wait", seconds),
    ("up", button)."""

    def __init__(self) -> None:
        self.long = False  # "l" was pressed: the next button is a long press
        self.ok_held = False
        self.status = "arrows/Enter/Backspace; capitals = long press; h holds OK; q quits"

    def on_key(self, key: str) -> list:
        if key == "l":
            self.long = True
            self.status = "long press: now choose a button"
            return []
        if key == HOLD_KEY or (self.ok_held and key in KEYS and KEYS[key][0] == OK):
            self.ok_held = not self.ok_held
            self.status = "OK held: h lets go" if self.ok_held else "OK let go"
            return [("down" if self.ok_held else "up", OK)]
        if key not in KEYS:
            return []
        button, long_press = KEYS[key]
        long_press = long_press or self.long
        self.long = False
        held = " (OK held)" if self.ok_held else ""
        self.status = f"{BUTTON_NAMES[button]} {'long press' if long_press else 'press'}{held}"
        return [("down", button), ("wait", LONG_S if long_press else TAP_S), ("up", button)]


def screen_text(image: bytes, status: str) -> str:
    """What the terminal shows, from its top-left corner: the frame and one
    status line, LINES lines and no newline after the last (one more would
    scroll the top border off a terminal of exactly LINES)."""
    return "\x1b[H" + frame_text(image) + "\n\x1b[K" + status


def too_small(columns: int, lines: int) -> str | None:
    """Why a terminal of this size cannot show the panel, or None."""
    if columns >= COLUMNS and lines >= LINES:
        return None
    return (
        f"make sim draws the panel at its true 128x64: it needs a terminal of at least "
        f"{COLUMNS}x{LINES} characters, and this one is {columns}x{lines}. Make it larger "
        '(or its font smaller), or run a script headless: make sim ARGS="--script FILE"'
    )


class Terminal:
    """Raw keyboard in, frames out; restores the terminal on exit."""

    def __init__(self) -> None:
        import termios
        import tty

        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        sys.stdout.write("\x1b[?25l\x1b[2J")

    def restore(self) -> None:
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
        sys.stdout.write("\x1b[?25h\n")
        sys.stdout.flush()

    def read_key(self) -> str:
        ch = os.read(self.fd, 1).decode(errors="ignore")
        if ch == "\x1b":
            while select.select([self.fd], [], [], 0.03)[0]:
                ch += os.read(self.fd, 1).decode(errors="ignore")
                if ch[-1].isalpha() or ch[-1] == "~":
                    break
        return ch


def interactive(flash: Path) -> int:
    import board
    import machine
    from virtual_ssd1306 import VirtualSSD1306

    if not sys.stdin.isatty():
        raise SystemExit('make sim needs a terminal; for a headless run use ARGS="--script FILE"')
    try:  # the terminal's own size (not $COLUMNS, which may be stale)
        problem = too_small(*os.get_terminal_size(sys.stdout.fileno()))
    except OSError:
        problem = None  # no size to ask: draw and see
    if problem:
        raise SystemExit(problem)
    flash.mkdir(parents=True, exist_ok=True)
    os.chdir(flash)
    import flash_size

    flash_size.install("data")  # the Pico's room on its flash, not the disk's
    panel = VirtualSSD1306()
    machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, panel)
    # As on batteries, in real time: lightsleep between polls really waits.
    machine.lightsleep = lambda ms=0: time.sleep(ms / 1000)
    term = Terminal()
    keys = KeyPresses()
    last = {"image": None}

    def draw() -> None:
        image = bytes(panel.pixels())
        power = "" if panel.on and panel.contrast > 1 else " [dimmed]" if panel.on else " [dark]"
        if (image, power) == last["image"]:
            return
        last["image"] = (image, power)
        sys.stdout.write(screen_text(image, keys.status + power))
        sys.stdout.flush()

    def painter() -> None:
        while True:
            draw()
            time.sleep(0.03)

    def keyboard() -> None:
        import _thread

        while True:
            key = term.read_key()
            if key in ("q", "\x03"):
                _thread.interrupt_main()
                return
            moves = keys.on_key(key)
            last["image"] = None  # the status line says what the key did
            for move, arg in moves:
                if move == "wait":
                    time.sleep(arg)
                else:
                    machine.sim_set_pin(board.BUTTON_PINS[arg], 0 if move == "down" else 1)

    # q stops the firmware's loop as Ctrl-C would: interrupt_main() does
    # nothing where SIGINT is ignored, as it is in a job a shell started in
    # the background (a CI run's `make test &` left this simulator running).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Thread(target=painter, daemon=True).start()
    threading.Thread(target=keyboard, daemon=True).start()
    try:
        runpy.run_path(str(paths.FIRMWARE / "main.py"), run_name="__main__")
    except KeyboardInterrupt:
        pass
    finally:
        term.restore()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("sim", "host_tools.sim", description="Robot Referee desktop simulator")
    ap.add_argument("--script", type=Path, help="play this button script headless")
    ap.add_argument(
        "--screenshot", type=Path, help="write the final screen as a PNG (a bare name: in build/)"
    )
    ap.add_argument("--seed", type=int, default=1, help="entropy seed for --script runs")
    ap.add_argument("--quiet", action="store_true", help="do not print the final screen")
    ap.add_argument(
        "--flash",
        type=Path,
        help="folder that plays the Pico's flash (default: build/sim-flash/ when "
        "interactive; a script runs on an empty one that goes with it unless named)",
    )
    args = ap.parse_args(argv)
    paths.use_firmware()
    if args.script:
        shot = shot_path(args.screenshot) if args.screenshot else None
        flash = args.flash.resolve() if args.flash else None
        return run_script(args.script, shot, args.seed, args.quiet, flash)
    if args.screenshot:
        ap.error("--screenshot needs --script")
    return interactive((args.flash or paths.ROOT / "build" / "sim-flash").resolve())


if __name__ == "__main__":
    sys.exit(main())
