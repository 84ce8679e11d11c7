"""Power cuts on the emulated Pico's flash (issue 32): the flash as a cut at
any write leaves it, and the chip booted from it.

A script is played once on a fresh chip that records every flash write
(pico.mjs: kind, offset, length, the bytes programmed). The chip's writes
for a fixed script are the same on every run, so the flash a cut leaves is
rebuilt here from the image the chip started with and its first writes, the
last one whole or cut halfway, without running the chip up to the cut (one
run of the script instead of one a cut; tests/test_pico_power_cuts.py checks
the rebuild against chips stopped at the cut by pico.mjs itself). The cut
flashes are then booted, one fresh chip each, all in one Node process, each
run ended once the referee has been idle for QUIET_MS.

A step is one press that writes: the writes between the moment it acts and
the moment the next press acts. The flash after each step is the uncut
run's, which is what "before" and "after" a cut step mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from host_tools import flash_image
from host_tools.pico import figures, lane, run
from host_tools.pico.script import Press, Timeline

# A boot is over once the panel and the flash were still this long after
# "ready": the resume offer's frame comes before the game is read back (in the
# loop step after it: about 100 ms for these games), and that read's redraw,
# or a notice, or a crash screen, comes at once after it.
QUIET_MS = 400
BOOT_RUN_MS = 5000  # the longest a boot may run if it never goes quiet


@dataclass
class Recording:
    """One uncut run of a script, every flash write recorded."""

    name: str
    timeline: Timeline
    image: bytes  # the LittleFS region at power-on
    chip: run.ChipRun

    @property
    def ops(self) -> list:
        return self.chip.flash_ops


@dataclass
class Step:
    """A press that wrote: flash writes ``first`` to ``last`` (indexes into
    the recording's writes) happened after it acted and before the next
    press did."""

    press: int  # index into timeline.presses
    acts_ms: float  # when it acted, ms after ready
    first: int
    last: int

    @property
    def ops(self) -> range:
        return range(self.first, self.last + 1)


def used(image: bytes) -> bytes:
    """``image`` with stale bytes in every block it leaves erased, as a
    Pico's free blocks hold after some use. littlefs erases a block before it
    writes one, so this changes none of its writes; but on a fresh install
    every block it takes is still erased, and a cut while erasing one again
    would leave the flash as it was."""
    out = bytearray(image)
    block = flash_image.BLOCK_SIZE
    for at in range(0, len(out), block):
        if out[at : at + block] == b"\xff" * block:
            # any byte but 0xFF, different at each place and in each block
            out[at : at + block] = bytes((i * 37 + at // block) % 255 for i in range(block))
    return bytes(out)


def record(scripts: dict[str, str], press_ms: int = 50, gap_ms: int = 50) -> dict[str, Recording]:
    """Play each script once on a fresh chip holding the installed referee
    on a used flash (``used``), one Node process for all."""
    image = used(flash_image.referee_image())
    timelines = {name: lane.timeline_for(s, press_ms, gap_ms) for name, s in scripts.items()}
    chips = run.run_batch([(tl, image, {"keep_filesystem": True}) for tl in timelines.values()])
    return {
        name: Recording(name, timelines[name], image, chip)
        for name, chip in zip(timelines, chips, strict=True)
    }


def acts_ms(press: Press, long_ms: int) -> float:
    """When the firmware acts on a press (referee/hw/buttons.py): UP and
    DOWN as they go down, OK and BACK as they come up, a long press once it
    has been held long_ms."""
    if press.kind == "long":
        return press.down_ms + long_ms
    if press.button in figures.ACT_ON_DOWN or press.kind != "press":
        return press.down_ms
    return press.up_ms


def steps(rec: Recording) -> list[Step]:
    """The presses that wrote, in order: each write belongs to the last
    press that acted before it began (the firmware saves an action in the
    loop step that shows it, long before the next press at any pace the
    lane plays; tests/test_pico_power_cuts.py checks the flash after each
    step against the desktop rig's files after the same press). ValueError
    for a write before the first press: the boot's own, which no press made."""
    from referee.hw.buttons import LONG_MS

    assert rec.chip.ready_us is not None
    moments = sorted((acts_ms(p, LONG_MS), i) for i, p in enumerate(rec.timeline.presses))
    found: dict[int, Step] = {}
    for number, op in enumerate(rec.ops):
        at = (op[3] - rec.chip.ready_us) / 1000
        before = [m for m in moments if m[0] <= at]
        if not before:
            raise ValueError(f"write {number} at {at:.1f} ms came before any press")
        acts, press = before[-1]
        step = found.setdefault(press, Step(press, acts, number, number))
        step.last = number
    return list(found.values())


def flash_at(image: bytes, ops: list, count: int, half: bool = False) -> bytes:
    """The LittleFS region after the first ``count`` writes, the last of
    them cut halfway when ``half``: half of the bytes it changes changed, in
    address order, as pico.mjs's cut leaves it. A write outside the region
    is refused: the cut boots put back only this region (and the ROMFS
    image the install put there)."""
    region = bytearray(image)
    for number, (kind, offset, length, _us, data) in enumerate(ops[:count]):
        at = offset - flash_image.FS_OFFSET
        if at < 0 or at + length > len(region):
            raise ValueError(f"write {number} at {offset:#x} is outside the filesystem")
        old = region[at : at + length]
        if kind == "E":
            new = bytearray(b"\xff" * length)
        else:
            new = bytearray(a & b for a, b in zip(old, bytes.fromhex(data), strict=True))
        if half and number == count - 1:
            changed = [i for i in range(length) if old[i] != new[i]]
            done = len(changed) // 2
            stop = changed[done - 1] + 1 if done else 0
            new[stop:] = old[stop:]
        region[at : at + length] = new
    return bytes(region)


def cut_points(step_list: list[Step]) -> list[tuple[int, bool]]:
    """(write, during) for every write of these steps: after it, and during it."""
    return [(op, during) for step in step_list for op in step.ops for during in (False, True)]


def cut_flash(rec: Recording, op: int, during: bool) -> bytes:
    """The region a cut after (or during) write ``op`` leaves."""
    return flash_at(rec.image, rec.ops, op + 1, during)


def boot(images: list[bytes]) -> list[run.ChipRun]:
    """Each image booted on a fresh chip of the lane's build, nothing
    pressed, each run ended once the referee is idle (QUIET_MS); one Node
    process for all (run.run_batch). The chip is deterministic, so an image
    given twice (two scripts' first writes are the same) is booted once and
    its run returned for both."""
    timeline = lane.timeline_for(f"wait {BOOT_RUN_MS}", 50, 50)
    options = {"keep_filesystem": True, "quiet_ms": QUIET_MS, "tail_ms": 0}
    distinct = list(dict.fromkeys(images))
    runs = run.run_batch([(timeline, image, options) for image in distinct])
    booted = dict(zip(distinct, runs, strict=True))
    return [booted[image] for image in images]


def glass(chip: run.ChipRun) -> bytes:
    """The panel at the end of a run (1,024 bytes, as VirtualSSD1306.pixels())."""
    panel = figures.new_panel()
    for _start, _end, data in figures.panel_writes(chip):
        panel.i2c_write(data)
    return bytes(panel.pixels())
