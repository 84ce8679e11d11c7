"""A button script (the rig's grammar, see rig.Rig.play) as a timeline of pin changes.

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

BUTTON_NAMES = ("up", "down", "ok", "back")


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


class _Builder:
    def __init__(self, pins, press_ms, gap_ms, long_ms):
        self.pins = pins  # button name -> GPIO
        self.press_ms = press_ms
        self.gap_ms = gap_ms
        self.long_ms = long_ms
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

    def command(self, words):
        if words[0] == "wait":
            self.now += int(words[1])
            return
        if words[0] == "snap":
            self.snap(words[1])
            return
        if words[0] == "peek":
            self.peek(words[1:])
            return
        if words[0] not in BUTTON_NAMES:
            raise ValueError(words[0])
        button = words[0]
        times = 1
        rest = words[1:]
        if rest and rest[-1].startswith("x"):
            times = int(rest.pop()[1:])
        for _ in range(times):
            if not rest:
                self.hold(button, self.press_ms, "press")
            elif rest[0] == "long":
                self.hold(button, self.long_ms + 100, "long")
            elif rest[0] == "hold":
                snap = rest[3] if len(rest) == 4 and rest[2] == "snap" else None
                self.hold(button, int(rest[1]), "hold", snap)
            else:
                raise ValueError(rest[0])

    def peek(self, words):
        """OK held while other buttons are pressed; snapped before OK lets go."""
        start = self.now
        self.down("ok")
        self.now += self.press_ms
        i = 0
        while i < len(words):
            if words[i] == "snap":
                self.snap(words[i + 1])
                break
            button = words[i]
            if button not in BUTTON_NAMES:
                raise ValueError(button)
            i += 1
            times = 1
            if i < len(words) and words[i].startswith("x"):
                times = int(words[i][1:])
                i += 1
            for _ in range(times):
                self.hold(button, self.press_ms, "press")
        self.up("ok")
        self.out.presses.append(Press("ok", start, self.now, "hold"))
        self.now += self.gap_ms


def timeline(script, pins, press_ms=50, gap_ms=50, long_ms=700):
    """The Timeline of ``script``; ``pins`` maps up/down/ok/back to GPIOs."""
    builder = _Builder(pins, press_ms, gap_ms, long_ms)
    for number, raw in enumerate(script.split("\n"), 1):
        words = raw.split("#")[0].split()
        if not words:
            continue
        try:
            builder.command(words)
        except (KeyError, ValueError, IndexError):
            raise ValueError(f"script line {number}: cannot read {raw!r}") from None
    builder.out.end_ms = builder.now
    return builder.out
