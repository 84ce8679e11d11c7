"""The referee's code as a ROMFS image: run in place from flash, not copied into the heap.

    python -m host_tools.romfs OUT.img        (make uf2 and make deploy build it too)

MicroPython's ROMFS (``vfs.VfsRom``) is a read-only filesystem in its own
flash partition. A ``.mpy`` imported from it runs where it lies: the chip's
heap holds only the module's objects and names, not its bytecode and
constants, which halves the heap the referee keeps. The ROMFS build of
MicroPython v1.27.0 (host_tools/pico/rp2/boards/RPI_PICO_ROMFS) has a
256 KiB partition at flash offset 0x60000, below the unchanged LittleFS
filesystem at 0xA0000; it mounts a valid image at ``/rom`` and puts
``/rom`` and ``/rom/lib`` on ``sys.path`` after the filesystem's root.

The image holds everything `make deploy` installs except ``main.py``
(which MicroPython runs from the filesystem, and which stays there beside
``data/``): ``referee/``, ``board.mpy`` and the display driver under
``lib/``. It is written by mpremote's own ROMFS writer from a folder laid
out as the board sees it, entries in sorted order, so the same sources
always give the same bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from pathlib import Path

OFFSET = 0x60000  # flash offset of the ROMFS partition (XIP 0x10060000)
PARTITION_BYTES = 256 * 1024
HEADER = b"\xd2\xcd\x31"  # a ROMFS image starts so (mpremote's VfsRomWriter.ROMFS_HEADER)
# Record kinds (MicroPython's extmod/vfs_rom.c)
_PADDING, _VERBATIM, _POINTER, _DIRECTORY, _FILE = 1, 2, 3, 4, 5
# What stays on the filesystem: MicroPython runs main.py from there, not from /rom.
ON_FILESYSTEM = ("main.py",)


def rom_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """Of the files deploy installs ({board path: bytes}), the ones the image holds."""
    return {path: data for path, data in files.items() if path not in ON_FILESYSTEM}


def build(files: dict[str, bytes]) -> bytes:
    """A ROMFS image of ``files`` ({path: bytes}), by mpremote's writer."""
    from mpremote.romfs import make_romfs

    with tempfile.TemporaryDirectory(prefix="romfs-") as tmp:
        root = Path(tmp) / "rom"
        for path, data in files.items():
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        root.mkdir(exist_ok=True)
        with contextlib.redirect_stdout(io.StringIO()):  # it prints the tree
            image = make_romfs(str(root), mpy_cross=False)
    if len(image) > PARTITION_BYTES:
        raise ValueError(
            f"the ROMFS image is {len(image):,} bytes; the partition holds {PARTITION_BYTES:,}"
        )
    return bytes(image)


_built: dict[str, bytes] = {}  # {the .mpy set's source hash: its image}


def referee_image() -> bytes:
    """The image of what `make deploy` installs, main.py left out (made
    once per set of sources: the lane asks for it at every chip it starts)."""
    from host_tools import board_files
    from host_tools.mpvm import lane

    files = board_files.referee_files()  # compiles what changed first
    key = lane.STAMP.read_text()
    if key not in _built:
        _built[key] = build(rom_files(files))
    return _built[key]


def _uint(data: bytes, at: int) -> tuple[int, int]:
    """(value, next offset) of one of ROMFS's variable-length numbers:
    7 bits a byte, most significant first, the top bit set on all but the last."""
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at


def read(image: bytes) -> dict[str, bytes]:
    """{path: bytes} of every file in an image (to check what a partition holds)."""
    if not image.startswith(HEADER):
        raise ValueError("not a ROMFS image")
    size, at = _uint(image, len(HEADER))
    files: dict[str, bytes] = {}
    _read_records(image, at, at + size, "", files)
    return files


def _read_records(image: bytes, at: int, end: int, folder: str, files: dict) -> None:
    while at < end:
        kind, at = _uint(image, at)
        length, at = _uint(image, at)
        body_end = at + length
        if kind in (_DIRECTORY, _FILE):
            name_len, name_at = _uint(image, at)
            name = image[name_at : name_at + name_len].decode()
            inner = name_at + name_len
            if kind == _DIRECTORY:
                _read_records(image, inner, body_end, folder + name + "/", files)
            else:
                data_kind, data_at = _uint(image, inner)
                data_len, data_at = _uint(image, data_at)
                if data_kind != _VERBATIM:
                    raise ValueError(f"{folder}{name}: data kind {data_kind} is not read here")
                files[folder + name] = image[data_at : data_at + data_len]
        at = body_end


def main(argv: list[str] | None = None) -> int:
    from host_tools import paths

    ap = argparse.ArgumentParser(description="The referee's code as a ROMFS image")
    ap.add_argument("out", type=Path, help="where to write the image")
    args = ap.parse_args(argv)
    paths.use_firmware()
    image = referee_image()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(image)
    print(f"{args.out}: {len(image):,} bytes of {PARTITION_BYTES:,}, flash offset {OFFSET:#x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
