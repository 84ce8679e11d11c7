"""make uf2: one file holding MicroPython and the referee, for a first install
by drag and drop. The emulated Pico boots exactly that file to the menu."""

from conftest import GOLDEN, SCENARIOS

from host_tools import flash_image, uf2
from host_tools.pico import figures, lane, run


def test_blocks_carry_the_firmware_then_the_filesystem():
    firmware = bytes(range(256)) * 3 + b"\x01"  # three pages and a byte
    image = bytearray(b"\xff" * (3 * uf2.SECTOR))
    image[uf2.SECTOR + 5] = 0x42  # only the second sector holds anything
    blocks = uf2.decode(uf2.referee_uf2(firmware, bytes(image)))
    fs = 0x10000000 + flash_image.FS_OFFSET
    # 4 firmware pages (the last padded as erased flash) + one whole sector.
    assert sorted(blocks) == [0x10000000 + 256 * n for n in range(4)] + [
        fs + 4096 + 256 * n for n in range(16)
    ]
    assert blocks[0x10000300] == b"\x01" + b"\xff" * 255
    assert blocks[fs + 4096][5] == 0x42
    assert all(len(body) == 256 for body in blocks.values())


def test_a_firmware_that_reaches_the_filesystem_is_refused():
    try:
        uf2.referee_uf2(b"\x00" * (flash_image.FS_OFFSET + 1), b"")
    except ValueError as e:
        assert "filesystem" in str(e)
    else:
        raise AssertionError("an overlapping firmware was accepted")


def test_the_uf2_holds_the_deployed_files(tmp_path):
    out = tmp_path / "referee.uf2"
    assert uf2.main(["--out", str(out)]) == 0
    blocks = uf2.decode(out.read_bytes())
    firmware = run.FIRMWARE.read_bytes()
    base = 0x10000000
    assert (
        b"".join(blocks[base + at] for at in range(0, len(firmware), 256))[: len(firmware)]
        == firmware
    )
    # Rebuild the filesystem region from the blocks (erased where absent)
    # and read it back as littlefs: the files make deploy copies.
    region = bytearray(b"\xff" * flash_image.IMAGE_BYTES)
    fs = base + flash_image.FS_OFFSET
    for address, body in blocks.items():
        if address >= fs:
            region[address - fs : address - fs + 256] = body
    files = flash_image.read_image(bytes(region))
    assert files == flash_image.referee_files()
    assert "main.py" in files and "board.mpy" in files


def test_the_emulated_pico_boots_the_uf2_to_the_menu(tmp_path):
    out = tmp_path / "referee.uf2"
    uf2.main(["--out", str(out)])
    timeline = lane.timeline_for((SCENARIOS / "boot.txt").read_text(), 50, 50)
    chip = run.run_chip(timeline, b"", firmware=out)
    assert chip.error is None
    menu = figures.snaps(chip, timeline)["menu"]
    assert menu == figures.from_pbm((GOLDEN / "boot-menu.pbm").read_text())
