"""From a chip run's raw record to what a person asks: the glass, and how fast.

The frames come from the same decoder the golden images came from
(host_tools/fakes/virtual_ssd1306.py), fed every I2C write to the panel in
emulated time order, so a snap is the glass at that emulated moment.

Press to panel: the firmware acts on UP/DOWN when they go down and on OK/BACK
when they come up (referee/hw/buttons.py). A short press's latency runs from
that moment to the end of the last panel transfer that began before the next
press acted, which is what a person sees: the panel settled.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from host_tools import paths
from host_tools.pbm import from_pbm, to_pbm  # noqa: F401 (the lane reads goldens through these)
from host_tools.pico.run import ChipRun
from host_tools.pico.script import Timeline

PANEL_ADDR = 0x3C
ACT_ON_DOWN = ("up", "down")


def panel_writes(run: ChipRun):
    """[(start us, end us, bytes)] written to the panel, in order."""
    return [
        (start, end, bytes.fromhex(data))
        for start, end, addr, read, data in run.i2c
        if addr == PANEL_ADDR and not read and data
    ]


def new_panel():
    paths.use_firmware()
    from virtual_ssd1306 import VirtualSSD1306

    return VirtualSSD1306()


def snaps(run: ChipRun, timeline: Timeline) -> dict[str, bytes]:
    """{snap name: the glass (1,024 bytes, as VirtualSSD1306.pixels())} at each snap's moment."""
    if run.ready_us is None:
        return {}
    panel = new_panel()
    writes = panel_writes(run)
    out = {}
    i = 0
    for name, ms in sorted(timeline.snaps, key=lambda s: s[1]):
        moment = run.ready_us + ms * 1000
        while i < len(writes) and writes[i][1] <= moment:
            panel.i2c_write(writes[i][2])
            i += 1
        out[name] = bytes(panel.pixels())
    return out


def golden_late_ms(run: ChipRun, moment_us: float, golden: bytes, within_ms: float = 1000):
    """How long after ``moment_us`` the glass first showed ``golden`` (0 if it
    already did), or None if it did not within ``within_ms``: tells a snap
    taken before a slow redraw ended from one the firmware got wrong."""
    panel = new_panel()
    writes = panel_writes(run)
    i = 0
    while i < len(writes) and writes[i][1] <= moment_us:
        panel.i2c_write(writes[i][2])
        i += 1
    if bytes(panel.pixels()) == golden:
        return 0.0
    for _start, end, data in writes[i:]:
        if end > moment_us + within_ms * 1000:
            break
        panel.i2c_write(data)
        if bytes(panel.pixels()) == golden:
            return (end - moment_us) / 1000
    return None


def is_pixels(data: bytes) -> bool:
    """A GDDRAM write (control byte 0x40), not a command."""
    return data[0] == 0x40


def boot_ms(run: ChipRun) -> float | None:
    """Power-on to the end of the last frame sent before the first nap: the menu."""
    if run.ready_us is None:
        return None
    ends = [end for _s, end, data in panel_writes(run) if is_pixels(data) and end <= run.ready_us]
    return max(ends) / 1000 if ends else None


@dataclass
class Latencies:
    up_down: list[float] = field(default_factory=list)  # ms, from the press
    ok_back: list[float] = field(default_factory=list)  # ms, from the release
    no_update: int = 0  # short presses after which the panel did not change
    erasing: int = 0  # presses whose panel waited for a flash sector's erase


def _acts_at(press) -> int:
    """When the firmware acts on a press, in ms after ready (a held OK or
    BACK acts while still down, so its press going down bounds the window)."""
    if press.button in ACT_ON_DOWN or press.kind != "press":
        return press.down_ms
    return press.up_ms


def latencies(run: ChipRun, timeline: Timeline) -> Latencies:
    out = Latencies()
    if run.ready_us is None:
        return out
    writes = [(s, e) for s, e, data in panel_writes(run)]
    erases = run.flash.get("erase_us", [])
    moments = sorted(((_acts_at(p), p) for p in timeline.presses), key=lambda m: m[0])
    # A held OK's release redraws too (a peek screen blanks its secret): the
    # frame it sends is not the last press's.
    released = [p.up_ms for p in timeline.presses if p.kind == "hold"]
    for k, (acts, press) in enumerate(moments):
        if press.kind != "press":
            continue
        start = run.ready_us + acts * 1000
        later = [m for m, _p in moments[k + 1 :] if m > acts] + [m for m in released if m > acts]
        stop = run.ready_us + min(later) * 1000 if later else math.inf
        ends = [e for s, e in writes if start <= s < stop]
        if not ends:
            out.no_update += 1
            continue
        ms = (max(ends) - start) / 1000
        if any(start <= t < max(ends) for t in erases):
            out.erasing += 1
        (out.up_down if press.button in ACT_ON_DOWN else out.ok_back).append(ms)
    return out


def median_p90(values: list[float]) -> tuple[float, float] | None:
    """(median, 90th percentile by nearest rank), or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return statistics.median(ordered), ordered[math.ceil(0.9 * len(ordered)) - 1]


def summary(results) -> dict:
    """The lane's figures over several played scripts (lane.Played values):
    boot to menu (the slowest), press to panel median and p90, counts, and
    emulated against wall seconds of the chips."""
    up_down = [ms for p in results for ms in p.latencies.up_down]
    ok_back = [ms for p in results for ms in p.latencies.ok_back]
    boots = [p.boot_ms for p in results if p.boot_ms is not None]
    return {
        "boot_ms": max(boots) if boots else None,
        "up_down_ms": median_p90(up_down),
        "ok_back_ms": median_p90(ok_back),
        "up_down_presses": len(up_down),
        "ok_back_presses": len(ok_back),
        "no_update": sum(p.latencies.no_update for p in results),
        "erasing": sum(p.latencies.erasing for p in results),
        "emulated_s": sum(p.chip.end_us for p in results) / 1e6,
        "chip_wall_s": sum(p.chip.wall_s for p in results),
    }
