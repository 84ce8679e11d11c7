"""make uf2: the first install (MicroPython, the referee's ROMFS image, a fresh
filesystem) and the update (no block in the filesystem's region), each booted
on the emulated Pico exactly as written."""

import pytest
from conftest import GOLDEN, SCENARIOS

from host_tools import flash_image, romfs, uf2
from host_tools.pico import bench, figures, lane, run

BASE = uf2.FLASH_BASE
FS = BASE + flash_image.FS_OFFSET
ROM = BASE + romfs.OFFSET


def test_blocks_carry_the_firmware_the_romfs_image_then_the_filesystem():
    firmware = bytes(range(256)) * 3 + b"\x01"  # three pages and a byte
    rom = b"\xd2\xcd\x31" + b"\x07" * 300  # two pages
    image = bytearray(b"\xff" * (3 * uf2.SECTOR))
    image[uf2.SECTOR + 5] = 0x42  # only the second sector holds anything
    blocks = uf2.decode(uf2.referee_uf2(firmware, rom, bytes(image)))
    # 4 firmware pages (the last padded as erased flash), 2 ROMFS pages,
    # and one whole filesystem sector (16 pages): erased sectors are left out.
    assert sorted(blocks) == (
        [BASE + 256 * n for n in range(4)]
        + [ROM, ROM + 256]
        + [FS + 4096 + 256 * n for n in range(16)]
    )
    assert blocks[BASE + 0x300] == b"\x01" + b"\xff" * 255
    assert blocks[ROM + 256][: 303 - 256] == b"\x07" * 47
    assert blocks[FS + 4096][5] == 0x42
    assert all(len(body) == 256 for body in blocks.values())


def test_an_update_has_no_block_in_the_filesystem():
    blocks = uf2.decode(uf2.referee_uf2(b"\x00" * 600, b"\xd2\xcd\x31", None))
    assert sorted(blocks) == [BASE, BASE + 256, BASE + 512, ROM]


def test_a_firmware_or_image_that_overlaps_the_next_region_is_refused():
    with pytest.raises(ValueError, match="ROMFS partition"):
        uf2.referee_uf2(b"\x00" * (romfs.OFFSET + 1), b"\xd2\xcd\x31", None)
    with pytest.raises(ValueError, match="filesystem"):
        uf2.referee_uf2(b"", b"\xd2" * (romfs.PARTITION_BYTES + 1), None)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    folder = tmp_path_factory.mktemp("uf2")
    install, update = folder / "referee.uf2", folder / "referee-update.uf2"
    assert uf2.main(["--out", str(install), "--update-out", str(update)]) == 0
    return install, update


def region(blocks: dict[int, bytes], start: int, size: int) -> bytes:
    """The bytes the blocks put in flash from ``start`` (erased where none)."""
    out = bytearray(b"\xff" * (size + 256))
    for address, body in blocks.items():
        if start <= address < start + size:
            out[address - start : address - start + 256] = body
    return bytes(out[:size])


def test_the_install_holds_the_firmware_the_code_in_romfs_and_main_py_on_the_filesystem(
    written,
):
    blocks = uf2.decode(written[0].read_bytes())
    firmware = run.ROMFS.firmware.read_bytes()
    assert region(blocks, BASE, len(firmware)) == firmware
    rom = romfs.read(region(blocks, ROM, romfs.PARTITION_BYTES))
    deployed = flash_image.referee_files()
    assert rom == {path: data for path, data in deployed.items() if path != "main.py"}
    assert "referee/app.mpy" in rom and "lib/adafruit_ssd1306.mpy" in rom
    files = flash_image.read_image(region(blocks, FS, flash_image.IMAGE_BYTES))
    assert files == {"main.py": deployed["main.py"]}


def test_the_update_is_the_install_without_its_filesystem(written):
    install = uf2.decode(written[0].read_bytes())
    update = uf2.decode(written[1].read_bytes())
    assert not [a for a in update if a + 256 > FS]
    assert update == {a: body for a, body in install.items() if a < FS}


def test_the_emulated_pico_boots_the_install_to_the_menu(written):
    timeline = lane.timeline_for((SCENARIOS / "boot.txt").read_text(), 50, 50)
    chip = run.run_chip(timeline, b"", firmware=written[0])
    assert chip.error is None
    menu = figures.snaps(chip, timeline)["menu"]
    assert menu == figures.from_pbm((GOLDEN / "boot-menu.pbm").read_text())


def test_the_update_moves_a_stock_install_with_a_saved_game_to_romfs(written, flash):
    """A board set up on the stock firmware (the referee on its filesystem)
    with a game in play gets the update on top: the filesystem's bytes are
    as they were, the game is offered and resumed as on the desktop, and
    the code runs from /rom (back at the menu the heap keeps far less than
    the same board kept on the stock firmware: main.py puts /rom ahead of
    the old copy)."""
    from rig import Rig

    Rig(seed=1).play((SCENARIOS / "scorepad.txt").read_text().split("snap undone")[0])
    saved = {p: d for p, d in flash_image.folder_files(flash).items() if p.startswith("data/")}
    after_reset = Rig(seed=1)
    script = "snap offer\nwait 500\nsnap read\nok\nwait 300\nsnap resumed\nback\nwait 300\n"
    after_reset.play(script)

    stock = flash_image.referee_image(saved, in_rom=False)
    timeline = lane.timeline_for(script, 150, 250)
    chip = run.run_chip(timeline, stock, firmware=written[1], keep_filesystem=True)
    assert chip.error is None
    snaps = figures.snaps(chip, timeline)
    assert {k: snaps[k] for k in ("offer", "read", "resumed")} == {
        k: after_reset.snaps[k] for k in ("offer", "read", "resumed")
    }
    before = run.run_chip(timeline, stock, build=run.STOCK)
    assert figures.snaps(before, timeline) == snaps
    kept = chip.gc[-1][1] - bench.runtime_bytes(chip)  # back at the menu
    stock_kept = before.gc[-1][1] - bench.runtime_bytes(before)
    assert kept < stock_kept - 10 * 1024, (kept, stock_kept)
