"""A referee on the desk: the real board file and firmware over the fakes.

    rig = Rig(seed=7)          # boots to the menu
    rig.play("down\\nok\\nok")   # button script, see play()
    rig.panel.pixels()         # what the glass shows

Time is virtual and the entropy seeded, so a script gives the same frames on
CPython and in the MicroPython VM; ``frames`` keeps a CRC of the glass after
every loop step that sent pixels.
"""

import binascii
import sys

import flash_size

import board
import machine
from button_script import commands
from referee.app import POLL_MS, App
from referee.hw.buttons import LONG_MS
from referee.hw.power import WATCHDOG_MS
from virtual_clock import VirtualClock  # also rig.VirtualClock, as the tests use it
from virtual_ssd1306 import VirtualSSD1306

_BUTTONS = {"up": 0, "down": 1, "ok": 2, "back": 3}
PRESS_MS = 60  # how long a scripted finger stays down
GAP_MS = 60  # and how long it stays off before the next press


class SeededEntropy:
    """Deterministic stand-in for os.urandom: a 16-bit xorshift whose every
    intermediate value stays a MicroPython small int, so one call allocates
    just its result, as os.urandom does on the Pico. Not for secrets."""

    def __init__(self, seed):
        self.state = (seed * 40503 + 1) & 0xFFFF or 1
        self.used = 0

    def __call__(self, n):
        out = bytearray(n)
        s = self.state
        for i in range(n):
            s ^= (s << 7) & 0xFFFF
            s ^= s >> 9
            s ^= (s << 8) & 0xFFFF
            out[i] = s >> 8
        self.state = s
        self.used += n
        return out


class Rig:
    def __init__(
        self, seed=1, data_dir="data", entropy=None, usb=False, reset_cause=None, freq=None
    ):
        flash_size.install(data_dir)  # the Pico's room on its flash, not the disk's
        machine.sim_reset(reset_cause or machine.PWRON_RESET)
        machine.sim_set_pin(board.VBUS_SENSE, 1 if usb else 0)
        self.panel = VirtualSSD1306()
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, self.panel)
        self.clock = VirtualClock()
        self.entropy = entropy or SeededEntropy(seed)
        watchdog = machine.WDT(timeout=WATCHDOG_MS)  # first, as main.py starts it
        self.hw = board.hardware(
            clock=self.clock,
            entropy=self.entropy,
            data_dir=data_dir,
            freq=freq or board.I2C_FREQ,
            watchdog=watchdog,
        )
        self.app = App(self.hw)
        self.app.power.start_watchdog()  # as firmware's run() does
        self.frames = []
        self.snaps = {}  # name -> glass pixels, taken by "snap NAME" in a script
        self.event_bytes = []  # I2C bytes sent per button event, one entry a loop step
        self.steps = 0
        self.module_sets = None  # run_scenarios: firmware modules loaded together, by press
        self.step()

    def step(self):
        """One turn of the firmware's main loop, then its nap."""
        before = self.panel.data_writes
        bus = machine.sim_bus_bytes(board.I2C_ID)
        events = self.app.events
        self.app.step()
        self.steps += 1
        if self.app.events != events:
            sent = machine.sim_bus_bytes(board.I2C_ID) - bus
            self.event_bytes.append(sent // (self.app.events - events))
        if self.panel.data_writes != before:
            self.frames.append(binascii.crc32(self.panel.pixels()))
        self.app.nap()

    def run_ms(self, ms):
        """Loop steps until ``ms`` of virtual time has passed (at least one)."""
        end = machine.sim_now() + max(ms, POLL_MS)
        while machine.sim_now() < end:
            self.step()

    def hold(self, button, ms, snap=None):
        pin = board.BUTTON_PINS[button]
        machine.sim_set_pin(pin, 0)
        self.run_ms(ms)
        if snap:  # the glass while the button is still down (a peek)
            self.snaps[snap] = bytes(self.panel.pixels())
        self.note_modules()
        machine.sim_set_pin(pin, 1)
        self.run_ms(GAP_MS)
        self.note_modules()

    def note_modules(self):
        """Remember which firmware modules are in memory now (on MicroPython
        a module's bytecode lives in the heap until it is unloaded)."""
        if self.module_sets is None:
            return
        names = []
        for name in sys.modules:
            if name in ("board", "main") or name.startswith("referee"):
                names.append(name)
        names.sort()
        self.module_sets[" ".join(names)] = True

    def press(self, button):
        self.hold(button, PRESS_MS)

    def long_press(self, button):
        self.hold(button, LONG_MS + 100)

    def play(self, script):
        """Run a button script (the grammar: button_script.py)."""
        for step in commands(script):
            if step[0] == "wait":
                self.run_ms(step[1])
            elif step[0] == "snap":
                self.snaps[step[1]] = bytes(self.panel.pixels())
            elif step[0] == "peek":
                self._peek(step[1], step[2])
            elif step[0] == "entropy":
                if self.entropy.used:
                    raise ValueError("entropy: the stream was drawn from already")
                self.entropy(step[1])
            else:
                _, name, kind, ms, snap = step
                button = _BUTTONS[name]
                if kind == "press":
                    self.press(button)
                elif kind == "long":
                    self.long_press(button)
                else:
                    self.hold(button, ms, snap)

    def _peek(self, names, snap):
        ok = board.BUTTON_PINS[_BUTTONS["ok"]]
        machine.sim_set_pin(ok, 0)
        self.run_ms(PRESS_MS)
        for name in names:
            self.press(_BUTTONS[name])
        if snap:
            self.snaps[snap] = bytes(self.panel.pixels())
        self.note_modules()
        machine.sim_set_pin(ok, 1)
        self.run_ms(GAP_MS)

    def text_frame(self):
        """The glass as 32 lines of half blocks (two pixel rows a line)."""
        return render_half_blocks(self.panel.pixels())


def run_scenarios(scripts, seed=1):
    """Play each named script on a fresh rig with its own flash folder.
    Returns {name: {"frames": [crc...], "snaps": {snap: crc}, "bus": bytes}},
    the record both lanes must agree on."""
    from referee.app import unload_games

    out = {}
    for name in sorted(scripts):
        unload_games()  # a fresh boot holds no game's modules (MicroPython)
        rig = Rig(seed=seed, data_dir="flash-" + name)
        rig.module_sets = {}
        rig.play(scripts[name])
        out[name] = {
            "frames": rig.frames,
            "snaps": {k: binascii.crc32(v) for k, v in rig.snaps.items()},
            "bus": machine.sim_bus_bytes(board.I2C_ID),
            "event_bytes": rig.event_bytes,
            "modules": list(rig.module_sets),
        }
    return out


def render_half_blocks(image):
    chars = (" ", "\u2580", "\u2584", "\u2588")
    lines = []
    for y in range(0, 64, 2):
        page = (y >> 3) * 128
        bit = y & 7
        line = []
        for x in range(128):
            b = image[page + x]
            line.append(chars[(b >> bit & 1) | (b >> (bit + 1) & 1) << 1])
        lines.append("".join(line))
    return "\n".join(lines)
