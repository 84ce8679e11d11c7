"""A button script (the grammar: host_tools/fakes/button_script.py) as a timeline of pin changes.

The desktop rig plays a script step by step in virtual time; the emulated
Pico cannot be paused between steps cheaply, so the whole script becomes a
list of (ms, pin, level) changes and snap moments up front, counted from the
moment the firmware first naps after drawing (host_tools/pico/pico.mjs).

A finger stays down ``press_ms`` and off ``gap_ms`` (the rig: 60/60 in
virtual time; the lane's default, 50/50, is ten presses a second); a long
press is held LONG_MS + 100, as the rig holds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from host_tools.fakes.button_script import commands


@dataclass
class Press:
    """One finger on one button: ``kind`` is "press" (a short press),
    "long" or "hold" (held on purpose, so no press-to-panel figure)."""

    button: str
    down_ms: int
    up_ms: int
    kind: str


@dataclass
class Timeline:
    changes: list[tuple[int, int, int]] = field(default_factory=list)  # (ms, pin, level)
    snaps: list[tuple[str, int]] = field(default_factory=list)  # (name, ms)
    presses: list[Press] = field(default_factory=list)
    end_ms: int = 0
    entropy_skip: int = 0  # bytes of the seeded stream passed over before power-on


class _Builder:
    def __init__(self, pins, press_ms, gap_ms, long_ms, settle_ms=0):
        self.pins = pins  # button name -> GPIO
        self.press_ms = press_ms
        self.gap_ms = gap_ms
        self.long_ms = long_ms
        self.settle_ms = settle_ms
        self.now = 0
        self.out = Timeline()

    def down(self, button):
        self.out.changes.append((self.now, self.pins[button], 0))

    def up(self, button):
        self.out.changes.append((self.now, self.pins[button], 1))

    def hold(self, button, ms, kind, snap=None):
        start = self.now
        self.down(button)
        self.now += ms
        if snap:
            self.snap(snap)
        self.up(button)
        self.out.presses.append(Press(button, start, self.now, kind))
        self.now += self.gap_ms

    def snap(self, name):
        self.out.snaps.append((name, self.now))

    def play(self, step):
        if step[0] == "wait":
            self.now += step[1]
        elif step[0] == "snap":
            self.now += self.settle_ms  # a look at the glass, nothing pressed
            self.snap(step[1])
        elif step[0] == "peek":
            self.peek(step[1], step[2])
        elif step[0] == "entropy":
            # The rig refuses it after a draw (button_script.py), so starting
            # the chip's stream there is the same stream from the same moment.
            self.out.entropy_skip += step[1]
        else:
            _, button, kind, ms, snap = step
            if kind == "press":
                ms = self.press_ms
            elif kind == "long":
                ms = self.long_ms + 100
            self.hold(button, ms, kind, snap)

    def peek(self, buttons, snap):
        """OK held while other buttons are pressed; snapped before OK lets go."""
        start = self.now
        self.down("ok")
        self.now += self.press_ms
        for button in buttons:
            self.hold(button, self.press_ms, "press")
        if snap:
            self.snap(snap)
        self.up("ok")
        self.out.presses.append(Press("ok", start, self.now, "hold"))
        self.now += self.gap_ms


def timeline(script, pins, press_ms=50, gap_ms=50, long_ms=700, settle_ms=0):
    """The Timeline of ``script``; ``pins`` maps up/down/ok/back to GPIOs.
    ``settle_ms`` is an extra pause before each ``snap`` line (not the snaps
    taken while a button is held): 0 snaps at the pace of the presses, so a
    redraw slower than ``gap_ms`` shows as a snap taken too early."""
    builder = _Builder(pins, press_ms, gap_ms, long_ms, settle_ms)
    for step in commands(script):
        builder.play(step)
    builder.out.end_ms = builder.now
    return builder.out
