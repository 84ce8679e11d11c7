"""MicroPython and the referee as .uf2 files, installed by drag and drop.

    make uf2        writes build/referee.uf2 and build/referee-update.uf2

Hold BOOTSEL while plugging the Pico in and copy a file onto the RPI-RP2
drive; the bootrom writes each block where it says:

- ``referee.uf2``, the first install: MicroPython v1.27.0's ROMFS build
  (host_tools/pico/rp2/), the referee's code as a ROMFS image in its
  partition (host_tools/romfs.py) and a fresh filesystem holding main.py
  and an empty data/ folder (host_tools/flash_image.py). The filesystem is
  written whole, so a board that held saved games loses them.
- ``referee-update.uf2``, an update that keeps the saved games: the same
  firmware and ROMFS image, and not one block in the filesystem's region
  (flash offset 0xA0000 on). It also moves a board from the stock firmware
  (the referee on its filesystem) to the ROMFS build; main.py then runs the
  code in /rom, and `make deploy` once clears the old copy off the filesystem.

UF2 (Microsoft's USB Flashing Format, which the RP2040 bootrom reads): 512-
byte blocks, each carrying 256 bytes for one flash address. Sectors of the
image that are still erased (0xFF) are left out: littlefs ignores blocks it
has not referenced, and a blank sector costs 8 blocks for nothing.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from host_tools import cli, flash_image, paths

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000  # the family field below is present
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000  # XIP address of flash offset 0
PAYLOAD = 256  # bytes a block carries: one flash page
SECTOR = 4096  # the flash's erase unit
OUT = paths.ROOT / "build" / "referee.uf2"
UPDATE_OUT = paths.ROOT / "build" / "referee-update.uf2"


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


def referee_uf2(firmware: bytes, rom: bytes, image: bytes | None) -> bytes:
    """MicroPython's flash image from offset 0, the ROMFS image in its
    partition and, unless ``image`` is None (an update), the filesystem."""
    from host_tools import romfs

    end = romfs.OFFSET if rom else flash_image.FS_OFFSET
    if len(firmware) > end:
        raise ValueError(
            "the firmware runs into the " + ("ROMFS partition" if rom else "filesystem")
        )
    if len(rom) > romfs.PARTITION_BYTES:
        raise ValueError("the ROMFS image runs into the filesystem")
    parts = pages(firmware, 0, skip_blank_sectors=False)
    parts += pages(rom, romfs.OFFSET, skip_blank_sectors=False)
    if image is not None:
        parts += pages(image, flash_image.FS_OFFSET, skip_blank_sectors=True)
    return encode(parts)


def main(argv: list[str] | None = None) -> int:
    from host_tools import romfs
    from host_tools.pico import builds

    ap = cli.Parser(
        "uf2", "host_tools.uf2", description="MicroPython and the referee as .uf2 files"
    )
    ap.add_argument("--out", type=Path, default=OUT, help="the first install's file")
    ap.add_argument("--update-out", type=Path, default=UPDATE_OUT, help="the update's file")
    args = ap.parse_args(argv)
    paths.use_firmware()
    firmware = builds.ROMFS.firmware.read_bytes()
    rom = romfs.referee_image()
    install = referee_uf2(firmware, rom, flash_image.referee_image(in_rom=True))
    update = referee_uf2(firmware, rom, None)
    for path, data in ((args.out, install), (args.update_out, update)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    print(
        f"{args.out}: {len(install):,} bytes, the first install (MicroPython v1.27.0 with "
        "ROMFS, the referee, a fresh filesystem): it ERASES the board's saved games.\n"
        f"{args.update_out}: {len(update):,} bytes, an update (MicroPython and the referee "
        "only): the saved games stay. Either goes onto the RPI-RP2 drive (hold BOOTSEL "
        "while plugging the Pico in)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
