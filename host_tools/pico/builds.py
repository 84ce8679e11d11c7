"""The MicroPython builds the project vendors (host_tools/pico/rp2): which
firmware file each install kind runs. A leaf: the lane, `make uf2` and the
hardware pictures read it without loading the emulator's runner."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

RP2 = Path(__file__).resolve().parent / "rp2"


@dataclass(frozen=True)
class Build:
    """A kind of MicroPython install: its firmware, whether the referee's
    code lives in the ROMFS partition (else on the filesystem), and the same
    firmware with the REPL also on UART0 (for mpremote in the lane)."""

    name: str
    firmware: Path
    in_rom: bool
    uart_firmware: Path


ROMFS = Build(
    "romfs",
    RP2 / "micropython-v1.27.0-RPI_PICO_ROMFS.bin",
    True,
    RP2 / "micropython-v1.27.0-RPI_PICO_ROMFS-uartrepl.bin",
)
STOCK = Build(
    "stock",
    RP2 / "micropython-v1.27.0-RPI_PICO.bin",
    False,
    RP2 / "micropython-v1.27.0-RPI_PICO-uartrepl.bin",
)
BUILDS = {b.name: b for b in (ROMFS, STOCK)}
FIRMWARE = ROMFS.firmware  # what the lane and `make uf2` ship
