"""The Pico's filesystem as one LittleFS image: the referee as `make deploy` installs it.

    python -m host_tools.flash_image OUT.img [--flash-dir DIR] [--stock]

MicroPython's rp2 port keeps its filesystem in the last 1,408 KiB of the
2 MiB flash (offset 0xA0000). Its frozen _boot.py mounts it as LittleFS v2
with the geometry below and formats it if that fails, so an image written
with any other block or program size would be wiped at the first boot.

On the ROMFS build of MicroPython the referee's code lives in its ROMFS
partition (host_tools/romfs.py) and the filesystem holds only main.py and
the saved games; on the stock build (no partition) it holds everything.
The emulated-Pico lane (host_tools/pico) writes these images into the
emulated flash; `make uf2` puts the same bytes behind the firmware.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from host_tools.board_files import referee_files  # noqa: F401 (flash_image.referee_files: the tests')

FS_OFFSET = 0xA0000  # flash offset of the filesystem (XIP 0x100A0000)
BLOCK_SIZE = 4096
BLOCK_COUNT = 352  # (2 MiB - 0xA0000) / 4 KiB
# What MicroPython v1.27's VfsLfs2 asks of littlefs on the RP2040.
GEOMETRY = {
    "block_size": BLOCK_SIZE,
    "block_count": BLOCK_COUNT,
    "prog_size": 256,
    "read_size": 32,
    "lookahead_size": 32,
    "name_max": 255,
}
IMAGE_BYTES = BLOCK_SIZE * BLOCK_COUNT
# MicroPython's VfsLfs2 also gives littlefs a cache of 4 x max(read, prog)
# bytes, and keeps a file of up to 512 B inline in its directory's metadata.
# Read with littlefs-python's default cache (256 B), such a file the chip
# wrote (a 305-byte journal, tests/test_pico_power_cuts.py) fails past its
# 256th byte with LFS_ERR_CORRUPT; read_image reads with the chip's cache.
# build_image keeps the default: the chip reads those images as well, and
# the lane's figures were measured on them.
CHIP_CACHE_SIZE = 4 * 256


def folder_files(folder: Path) -> dict[str, bytes]:
    """{path on the Pico: bytes} for every file under ``folder`` (a copy of a
    board's flash, such as the simulator's build/sim-flash with data/game.jnl)."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def build_image(files: dict[str, bytes]) -> bytes:
    """A formatted LittleFS image of IMAGE_BYTES holding ``files``."""
    from littlefs import LittleFS

    fs = LittleFS(**GEOMETRY)
    # The data folder the referee makes at its first boot (board.DATA_DIR):
    # there from the start, so no boot pays for the flash erase that makes it.
    fs.makedirs("data", exist_ok=True)
    for remote in sorted(files):
        parent = remote.rpartition("/")[0]
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(remote, "wb") as out:
            out.write(files[remote])
    image = bytes(fs.context.buffer)
    if len(image) != IMAGE_BYTES:
        raise ValueError(f"littlefs image is {len(image)} bytes, expected {IMAGE_BYTES}")
    return image


def filesystem_files(in_rom: bool) -> dict[str, bytes]:
    """What the filesystem holds after an install: main.py alone when the
    code is in the ROMFS partition (``in_rom``), else all the files."""
    files = referee_files()
    if in_rom:
        from host_tools import romfs

        files = {path: files[path] for path in romfs.ON_FILESYSTEM}
    return files


def referee_image(extra: dict[str, bytes] | None = None, in_rom: bool = True) -> bytes:
    """The filesystem of an installed referee plus ``extra`` files (which
    win on a clash): for the ROMFS build (``in_rom``) or the stock one."""
    files = filesystem_files(in_rom)
    files.update(extra or {})
    return build_image(files)


def read_image(image: bytes) -> dict[str, bytes]:
    """{path: bytes} of every file in an image (for tests and for looking
    at what a run left on the emulated flash)."""
    from littlefs import LittleFS, UserContext

    context = UserContext(len(image))
    context.buffer[:] = image
    fs = LittleFS(context=context, mount=True, cache_size=CHIP_CACHE_SIZE, **GEOMETRY)
    files = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                files[path] = f.read()
    return files


JOURNAL = "data/game.jnl"
JOURNAL_TAIL = JOURNAL + ".tail"


def folded(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files as the firmware reads them back: the journal's tail (the
    lines the chip appended since its last fold, referee/core/tail.py)
    folded into the journal by the firmware's own code."""
    if JOURNAL_TAIL not in files:
        return files
    import tempfile

    from host_tools import paths

    paths.use_firmware()
    from referee.core.tail import leftover

    with tempfile.TemporaryDirectory() as tmp:
        for path in (JOURNAL, JOURNAL_TAIL):
            if path in files:
                (Path(tmp) / path.rpartition("/")[2]).write_bytes(files[path])
        leftover(tmp + "/game.jnl.tail", tmp + "/game.jnl")
        left = {p.name: p.read_bytes() for p in Path(tmp).iterdir()}
    out = {path: data for path, data in files.items() if path not in (JOURNAL, JOURNAL_TAIL)}
    out.update({"data/" + name: data for name, data in left.items()})
    return out


def main(argv: list[str] | None = None) -> int:
    from host_tools import paths

    ap = argparse.ArgumentParser(description="The referee's LittleFS flash image")
    ap.add_argument("out", type=Path, help="where to write the image")
    ap.add_argument("--flash-dir", type=Path, help="extra files, e.g. data/game.jnl")
    ap.add_argument("--stock", action="store_true", help="the code too (no ROMFS partition)")
    args = ap.parse_args(argv)
    paths.use_firmware()
    extra = folder_files(args.flash_dir) if args.flash_dir else {}
    args.out.write_bytes(referee_image(extra, in_rom=not args.stock))
    print(f"{args.out}: {IMAGE_BYTES} bytes, flash offset {FS_OFFSET:#x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
