"""One run of the emulated Pico: job in, raw record out (host_tools/pico/pico.mjs).

The chip gets a vendored MicroPython v1.27.0 firmware and the bootrom (rp2/):
the ROMFS build with the referee's code in its partition at flash offset
0x60000 (host_tools/romfs.py), or the stock build with the code on the
filesystem; the LittleFS image at 0xA0000; and the board around it as the
desktop rig models it: buttons idle high, on batteries (VBUS low), VSYS
4.6 V on ADC3, and the rig's seeded entropy stream behind os.urandom.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from host_tools import flash_image, paths, romfs
from host_tools.pico.builds import BUILDS, FIRMWARE, ROMFS, RP2, STOCK, Build  # noqa: F401
from host_tools.pico.script import Timeline

HERE = Path(__file__).resolve().parent
BOOTROM = RP2 / "bootrom.bin"
SYMBOLS = RP2 / "symbols.json"  # {firmware file: addresses from its .elf}
HARNESS = HERE / "pico.mjs"


def symbols_for(firmware: Path) -> dict | None:
    """The .elf addresses of a vendored firmware (a .bin, or a .uf2 that
    holds one of them), for reading its heap; None for any other."""
    table = json.loads(SYMBOLS.read_text())
    if firmware.name in table:
        return table[firmware.name]
    if firmware.suffix == ".uf2":
        from host_tools import uf2

        blocks = uf2.decode(firmware.read_bytes())
        for name in table:
            known = (RP2 / name).read_bytes()
            got = b"".join(blocks.get(uf2.FLASH_BASE + at, b"") for at in range(0, len(known), 256))
            if got[: len(known)] == known:
                return table[name]
    return None


VSYS_MV = 4600  # what host_tools/fakes/machine.py gives the rig: three fresh AAA cells
ADC_FULL_SCALE_MV = 3300
ENTROPY_BYTES = 16384  # far more than any scenario draws; the harness fails if it runs out
BOOT_LIMIT_MS = 10_000


def vsys_adc_raw(millivolts: int) -> int:
    """The RP2040's 12-bit reading of VSYS/3 against 3.3 V (4,600 mV: 1,903)."""
    return round(millivolts / 3 * 4095 / ADC_FULL_SCALE_MV)


def seeded_entropy(seed: int, n: int) -> bytes:
    """The first ``n`` bytes of the rig's SeededEntropy(seed) stream, which
    made the golden images (one stream, however the calls split it)."""
    paths.use_firmware()
    from rig import SeededEntropy

    return bytes(SeededEntropy(seed)(n))


@dataclass
class ChipRun:
    """What the emulated Pico did, times in emulated microseconds."""

    ready_us: float | None
    end_us: float
    i2c: list = field(default_factory=list)  # [start, end, addr, read, hex bytes]
    pins: list = field(default_factory=list)  # [time, pin, level] as applied
    heap: list = field(default_factory=list)  # [time, used, free, largest free] when asked
    gc: list = field(default_factory=list)  # the same after each garbage collection
    collected: list = field(default_factory=list)  # [time, bytes each collection took back]
    error: str | None = None
    wall_s: float = 0.0
    instructions: int = 0
    spun: int = 0  # of them, turns of the SDK's I2C waits skipped (pico.mjs: SPIN_LOOPS)
    flash: dict = field(default_factory=dict)
    entropy_used: int = 0
    filesystem: bytes | None = None  # the LittleFS region at the end, if asked
    # allocation windows, MemoryError moments, heap region (host_tools/pico/bench.py)
    bench: dict = field(default_factory=dict)
    profile: dict = field(default_factory=dict)  # host_tools/pico/profile.py
    heap_dumps: list = field(default_factory=list)  # host_tools/pico/heap_dump.py
    # every flash write: [kind "E"/"P", offset, bytes, us, hex data] (power_cut.py)
    flash_ops: list = field(default_factory=list)
    cut_us: float | None = None  # when a job's cut stopped the chip
    # A free run with UART0 on a port (host_tools/pico/uart.py): what the chip
    # sent on it, the reset that ended it (None: stopped by the host) and the
    # whole 2 MiB flash at the end.
    uart: dict = field(default_factory=dict)
    reset: dict | None = None
    flash_dump: bytes | None = None


class ChipError(RuntimeError):
    pass


def board_pins():
    """({button name: GPIO}, the board module): every pin from firmware/board.py."""
    paths.use_firmware()
    import board

    buttons = dict(zip(("up", "down", "ok", "back"), board.BUTTON_PINS, strict=True))
    return buttons, board


def make_job(
    timeline: Timeline,
    image: bytes,
    workdir: Path,
    seed: int = 1,
    usb: bool = False,
    vsys_mv: int = VSYS_MV,
    tail_ms: int = 300,
    heap_at: list[int] | None = None,
    keep_filesystem: bool = False,
    build: Build = ROMFS,
    firmware: Path | None = None,
    rom_image: bytes | None = None,
    bench_marks: list[int] | None = None,
    heap_cap_bytes: int | None = None,
    profile_ms: tuple[float, float] | None = None,
    profile_inclusive: list[int] | None = None,
    profile_strings: list[int] | None = None,
    profile_callers: list[int] | None = None,
    heap_dump_ms: tuple[float, float] | None = None,
    heap_dump_windows: list[tuple[float, float]] | None = None,
    cut: tuple[int, bool] | None = None,
    quiet_ms: int | None = None,
    uart: dict | None = None,
    probe_ack: bool = False,
    every_turn: bool = False,
) -> Path:
    buttons, board = board_pins()
    image_path = workdir / "littlefs.img"
    if image:  # empty: the firmware file brings its own filesystem (a `make uf2` file)
        image_path.write_bytes(image)
    # The build's ROMFS image unless one is given (b"": none, the partition
    # left erased) or the firmware is a file of its own (a .uf2 brings its own).
    if rom_image is None:
        rom_image = romfs.referee_image() if build.in_rom and firmware is None else b""
    rom_path = workdir / "romfs.img"
    if rom_image:
        rom_path.write_bytes(rom_image)
    firmware = firmware or build.firmware
    levels = {pin: 1 for pin in buttons.values()}
    # The I2C lines idle high (pull-ups on the panel module); VBUS sense.
    levels[board.I2C_SDA] = 1
    levels[board.I2C_SCL] = 1
    levels[board.VBUS_SENSE] = 1 if usb else 0
    adc_channel = board.BATTERY_ADC - 26  # GP26..29 are ADC0..3
    job = {
        "firmware": str(firmware),
        "bootrom": str(BOOTROM),
        "flash_image": str(image_path) if image else None,
        "flash_offset": flash_image.FS_OFFSET,
        "romfs_image": str(rom_path) if rom_image else None,
        "romfs_offset": romfs.OFFSET,
        "fs_bytes": flash_image.IMAGE_BYTES,
        "entropy": seeded_entropy(seed, ENTROPY_BYTES + timeline.entropy_skip)[
            timeline.entropy_skip :
        ].hex(),
        "pins": levels,
        "adc": {adc_channel: vsys_adc_raw(vsys_mv)},
        "timeline": timeline.changes,
        # The script's end (its last gap or wait, and snap), then tail_ms more.
        "run_ms": max([timeline.end_ms] + [ms for _n, ms in timeline.snaps]) + tail_ms,
        "boot_limit_ms": BOOT_LIMIT_MS,
        "heap_at": heap_at or [],
        "symbols": symbols_for(firmware),
        "dump_fs": str(workdir / "filesystem.img") if keep_filesystem else None,
        # bench: allocation windows cut at these ms after ready; a smaller heap
        "bench_marks": bench_marks or [],
        "heap_cap_bytes": heap_cap_bytes,
        # development: cycles by PC and inside named functions (profile.py)
        "profile_ms": profile_ms,
        "profile_inclusive": profile_inclusive or [],
        "profile_strings": profile_strings or [],
        "profile_callers": profile_callers or [],
        # development: the raw heap after each collection (heap_dump.py)
        "heap_dump_ms": heap_dump_ms,
        "heap_dump_windows": heap_dump_windows or [],  # the same, ms after ready
        # a power cut at flash write number n: (n, during), see power_cut.py
        "cut": {"op": cut[0], "during": cut[1]} if cut else None,
        # end the run once the panel and the flash were still this long after ready
        "quiet_ms": quiet_ms,
        # a free run with UART0 on a TCP port, for mpremote (host_tools/pico/uart.py)
        "uart": uart,
        # the panel acknowledges a bit-banged address probe (i2c.scan()) on the pins
        "i2c_pins": {"sda": board.I2C_SDA, "scl": board.I2C_SCL} if probe_ack else None,
        "dump_flash": str(workdir / "flash.bin") if uart else None,
        # every turn of the SDK's I2C waits run, none skipped (the test that
        # skipping them changes nothing: tests/test_pico_lane.py)
        "every_turn": every_turn,
    }
    path = workdir / "job.json"
    path.write_text(json.dumps(job))
    return path


def start(job: Path) -> subprocess.Popen:
    """The harness running ``job`` (several may run side by side)."""
    return subprocess.Popen(
        ["node", str(HARNESS), str(job), str(job.with_name("result.json"))],
        cwd=paths.ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen, job: Path) -> ChipRun:
    out, err = proc.communicate()
    result_path = job.with_name("result.json")
    if not result_path.exists():
        raise ChipError(f"the Pico harness died:\n{err}\n{out}")
    return _record(json.loads(result_path.read_text()), job.parent)


def run_batch(runs: list[tuple[Timeline, bytes, dict]]) -> list[ChipRun]:
    """Run each (timeline, image, make_job options) on a fresh chip, one
    after another in a single Node process (pico.mjs's batch): rp2040js's
    code is compiled once, so dozens of short runs (the boots after each
    power cut, host_tools/pico/power_cut.py) take half the time."""
    with tempfile.TemporaryDirectory(prefix="pico-batch-") as tmp:
        jobs = []
        for i, (timeline, image, options) in enumerate(runs):
            workdir = Path(tmp) / str(i)
            workdir.mkdir()
            jobs.append(make_job(timeline, image, workdir, **options))
        batch = Path(tmp) / "batch.json"
        batch.write_text(json.dumps({"batch": [json.loads(job.read_text()) for job in jobs]}))
        out, err = start(batch).communicate()
        result_path = batch.with_name("result.json")
        if not result_path.exists():
            raise ChipError(f"the Pico harness died:\n{err}\n{out}")
        raws = json.loads(result_path.read_text())
        return [_record(raw, job.parent) for raw, job in zip(raws, jobs, strict=True)]


def _record(raw: dict, workdir: Path) -> ChipRun:
    """A run's record from pico.mjs's result and the files it left in the job's folder."""
    fs_path = workdir / "filesystem.img"
    flash_path = workdir / "flash.bin"
    run = ChipRun(
        ready_us=raw["ready_us"],
        end_us=raw["end_us"],
        i2c=raw["i2c"],
        pins=raw["pins"],
        heap=raw["heap"],
        gc=raw["gc"],
        collected=raw.get("collected", []),
        error=raw["error"],
        wall_s=raw["wall_s"],
        instructions=raw["instructions"],
        spun=raw.get("spun", 0),
        flash=raw["flash"],
        entropy_used=raw["entropy_used"],
        filesystem=fs_path.read_bytes() if fs_path.exists() else None,
        bench=raw.get("bench", {}),
        profile=raw.get("profile", {}),
        heap_dumps=raw.get("heap_dumps", []),
        flash_ops=raw.get("flash_ops", []),
        cut_us=raw.get("cut_us"),
        uart=raw.get("uart", {}),
        reset=raw.get("reset"),
        flash_dump=flash_path.read_bytes() if flash_path.exists() else None,
    )
    return run


def run_chip(timeline: Timeline, image: bytes, **options) -> ChipRun:
    """Run one timeline on a fresh chip and wait for it."""
    with tempfile.TemporaryDirectory(prefix="pico-") as tmp:
        job = make_job(timeline, image, Path(tmp), **options)
        return finish(start(job), job)
