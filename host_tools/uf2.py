"""One file for a first install: MicroPython and the referee in a single .uf2.

    make uf2        writes build/referee.uf2

Hold BOOTSEL while plugging the Pico in and copy the file onto the RPI-RP2
drive: the bootrom writes MicroPython (the vendored v1.27.0 RPI_PICO
firmware, host_tools/pico/rp2/) and the referee's filesystem (the LittleFS
image of host_tools/flash_image.py, exactly the files `make deploy` copies)
in one go. The filesystem is written whole, so a board that held saved games
loses them: later updates go through `make deploy`, which copies only the
firmware files and never touches data/.

UF2 (Microsoft's USB Flashing Format, which the RP2040 bootrom reads): 512-
byte blocks, each carrying 256 bytes for one flash address. Sectors of the
image that are still erased (0xFF) are left out: littlefs ignores blocks it
has not referenced, and a blank sector costs 8 blocks for nothing.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

from host_tools import flash_image, paths

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000  # the family field below is present
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000  # XIP address of flash offset 0
PAYLOAD = 256  # bytes a block carries: one flash page
SECTOR = 4096  # the flash's erase unit
OUT = paths.ROOT / "build" / "referee.uf2"


def pages(data: bytes, offset: int, skip_blank_sectors: bool) -> list[tuple[int, bytes]]:
    """(flash address, 256 bytes) for ``data`` placed at flash ``offset``,
    the last page padded with 0xFF (what erased flash reads)."""
    out = []
    for sector in range(0, len(data), SECTOR):
        chunk = data[sector : sector + SECTOR]
        if skip_blank_sectors and chunk.count(0xFF) == len(chunk):
            continue
        for page in range(0, len(chunk), PAYLOAD):
            body = chunk[page : page + PAYLOAD].ljust(PAYLOAD, b"\xff")
            out.append((FLASH_BASE + offset + sector + page, body))
    return out


def encode(parts: list[tuple[int, bytes]]) -> bytes:
    """UF2 blocks for (address, payload) pairs, numbered in order."""
    blocks = []
    for number, (address, body) in enumerate(parts):
        header = struct.pack(
            "<8I",
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID,
            address,
            len(body),
            number,
            len(parts),
            RP2040_FAMILY,
        )
        blocks.append(header + body.ljust(476, b"\x00") + struct.pack("<I", MAGIC_END))
    return b"".join(blocks)


def decode(uf2: bytes) -> dict[int, bytes]:
    """{flash address: payload} of every block, checking what the bootrom
    checks (magic numbers, family, block numbering)."""
    out = {}
    count = len(uf2) // 512
    for number in range(count):
        block = uf2[number * 512 : (number + 1) * 512]
        m0, m1, flags, address, size, index, total, family = struct.unpack("<8I", block[:32])
        (end,) = struct.unpack("<I", block[508:])
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise ValueError(f"block {number}: not a UF2 block")
        if not flags & FLAG_FAMILY_ID or family != RP2040_FAMILY:
            raise ValueError(f"block {number}: not for an RP2040")
        if (index, total) != (number, count):
            raise ValueError(f"block {number}: numbered {index} of {total}")
        out[address] = block[32 : 32 + size]
    return out


def referee_uf2(firmware: bytes, image: bytes) -> bytes:
    """MicroPython's flash image from offset 0 plus the filesystem image."""
    if len(firmware) > flash_image.FS_OFFSET:
        raise ValueError("the firmware runs into the filesystem")
    return encode(
        pages(firmware, 0, skip_blank_sectors=False)
        + pages(image, flash_image.FS_OFFSET, skip_blank_sectors=True)
    )


def main(argv: list[str] | None = None) -> int:
    from host_tools.pico import run

    ap = argparse.ArgumentParser(description="MicroPython and the referee in one .uf2")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    paths.use_firmware()
    data = referee_uf2(run.FIRMWARE.read_bytes(), flash_image.referee_image())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(
        f"{args.out}: {len(data):,} bytes, {len(data) // 512} blocks "
        "(MicroPython v1.27.0 + the referee). Copying it onto a Pico in BOOTSEL "
        "mode erases its saved games; update later with make deploy."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
