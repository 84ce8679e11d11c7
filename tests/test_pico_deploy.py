"""make deploy and make export against the emulated Pico as a board on a
serial port (host_tools/pico/uart.py): MicroPython's UART-REPL builds in
rp2040js, running free, UART0 behind socat's pseudo-terminal, and mpremote
driven by the real host_tools/deploy.py and export.py. Both kinds of
firmware: the ROMFS build (the referee's code in its partition) and the
stock one (the code on the filesystem). Each scenario is one emulated board
through several mpremote steps, ended by deploy's reset; the flash it
leaves is read on the host. Nobody is at the board: the rig presses each
button when the self-test asks (host_tools/pico/uart.selftest_presses)."""

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from littlefs import LittleFS, UserContext

from host_tools import deploy, export, flash_image, paths, romfs
from host_tools.pico import lane, run
from host_tools.pico.uart import UartChip, selftest_presses
from rig import Rig

# A game night on the desktop rig: two score pad games of 2 players to 10,
# each won by P1 (each new start sends the finished game to the history),
# and a third still being played (P1 4) when the board goes home. The
# second and third setups open on the same table (screens/setup.py): OK.
SETUP = "ok\ndown x2\nok\ndown x9\nok\nok long\n"
AGAIN = "ok\nok\n"
PLAYED = "ok\nup x10\nok\nok long\nback\n"
NIGHT = "down\n" + SETUP + PLAYED + AGAIN + PLAYED + AGAIN + "ok\nup x4\nok\nback\n"
# A maker's own files: deploy leaves them be.
MAKERS = {"lib/mine.py": b"LED = 25\n", "notes.txt": b"table 3\n"}
OFFER = "snap offer\nwait 500\nsnap read\nok\nsnap resumed"
BLOCK = 4096  # the ROMFS partition's erase block (rp2.Flash)


def flash_regions(flash: bytes) -> tuple[dict[str, bytes], bytes]:
    """({path: bytes} on the LittleFS filesystem, the ROMFS partition's bytes)."""
    files = flash_image.read_image(flash[flash_image.FS_OFFSET :])
    return files, flash[romfs.OFFSET : flash_image.FS_OFFSET]


def folders(flash: bytes) -> set[str]:
    """Every folder on the filesystem (read_image lists files only)."""
    context = UserContext(flash_image.IMAGE_BYTES)
    context.buffer[:] = flash[flash_image.FS_OFFSET :]
    fs = LittleFS(context=context, mount=True, **flash_image.GEOMETRY)
    return {
        (root.rstrip("/") + "/" + name).lstrip("/")
        for root, dirs, _ in fs.walk("/")
        for name in dirs
    }


@pytest.fixture(scope="module")
def night(tmp_path_factory) -> dict[str, bytes]:
    """{board path: bytes} of the night's data folder, as the rig left it."""
    folder = tmp_path_factory.mktemp("night")
    with contextlib.chdir(folder):
        Rig(seed=1).play(NIGHT)
    files = flash_image.folder_files(folder)
    assert sorted(files) == [
        "data/game.jnl",
        "data/games.idx",
        "data/history-001.jnl",
        "data/history-002.jnl",
    ]
    return files


@pytest.fixture(scope="module")
def desktop(night, tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    """`make export FROM=` of the same journals: (its output folder, the
    data folder after it, its index marked by the firmware's own code)."""
    root = tmp_path_factory.mktemp("desktop")
    for path, data in night.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    out = tmp_path_factory.mktemp("desktop-export")
    assert export.main(["--from", str(root / "data"), "--out", str(out)]) == 0
    return out, flash_image.folder_files(root)


@dataclass
class Session:
    """One emulated board from power-on to deploy's reset."""

    said: list[str]
    problems: list[str]
    record: run.ChipRun
    wall_s: float


def session(build: run.Build, export_to: Path | None = None, **board) -> Session:
    """Power the board on (``board``: UartChip's image, rom_image or flash),
    export the night if asked (`make export PORT=...`), deploy, and wait for
    the reset that ends it."""
    start = time.monotonic()
    with UartChip(build, respond=selftest_presses(), **board) as chip:
        if export_to is not None:
            assert export.main(["--port", chip.port, "--out", str(export_to)]) == 0
        said: list[str] = []
        problems = deploy.deploy(chip.port, say=said.append)
        record = chip.wait_reset()
    wall_s = time.monotonic() - start
    # the lane's figures, shown with pytest -s
    awake_s = sum(w["awake_ns"] for w in record.bench["windows"]) / 1e9
    print(
        f"{build.name} board: {wall_s:.1f} s wall, {record.end_us / 1e6:.1f} s emulated "
        f"({awake_s:.1f} s of it awake), {record.uart['received']:,} B to the chip, "
        f"{record.flash['erased_sectors']} sectors erased, "
        f"{record.flash['programmed_pages']} pages programmed"
    )
    return Session(said, problems, record, wall_s)


@pytest.fixture(scope="module")
def romfs_board(night, tmp_path_factory) -> tuple[Session, Session, Path]:
    """A ROMFS board that came from the stock firmware: the referee on its
    filesystem beside the night's games and a maker's files, its partition
    erased. Exported and deployed; then deployed again, from the flash the
    first session left. Also the first session's export folder."""
    out = tmp_path_factory.mktemp("romfs-export")
    image = flash_image.referee_image({**night, **MAKERS}, in_rom=False)
    first = session(run.ROMFS, out, image=image, rom_image=b"")
    assert first.record.flash_dump is not None
    second = session(run.ROMFS, flash=first.record.flash_dump)
    return first, second, out


@pytest.fixture(scope="module")
def stock_board(night, tmp_path_factory) -> tuple[Session, Path]:
    """A stock board with an older install: the robots' help screen still
    its source file, no .mpy of it (a module since compiled); the night's
    games and a maker's files. Exported, then deployed."""
    out = tmp_path_factory.mktemp("stock-export")
    files = {**flash_image.referee_files(), **night, **MAKERS}
    del files["referee/robots/help.mpy"]
    source = (paths.FIRMWARE / "referee/robots/help.py").read_bytes()
    files["referee/robots/help.py"] = source
    return session(run.STOCK, out, image=flash_image.build_image(files)), out


# -- the ROMFS build ------------------------------------------------------------------


def test_a_romfs_board_gets_the_image_and_loses_the_stock_copies_not_the_games(
    romfs_board, desktop
):
    first, _second, _out = romfs_board
    _out_dir, data_after_export = desktop
    image = romfs.referee_image()
    assert first.said[0].endswith(
        "with a ROMFS partition: the referee's code goes there, main.py to its files"
    )
    assert (
        first.said[1] == f"writing the referee's code to the ROMFS partition ({len(image):,} bytes)"
    )
    assert first.said[2] == "0 of 1 files changed"  # main.py: the stock install's is the same
    stock_copies = len(flash_image.referee_files()) - 1  # all but main.py
    assert first.said[3] == (
        f"removing {stock_copies} files that would shadow the code in /rom: "
        "board.mpy, lib/adafruit_bus_device/, lib/adafruit_ssd1306.mpy, referee/"
    )
    assert deploy.NO_ROMFS not in first.said
    assert first.record.flash_dump is not None
    files, partition = flash_regions(first.record.flash_dump)
    # `make uf2`'s image; the blocks past its last one never written
    assert partition[: len(image)] == image
    past = -(-len(image) // BLOCK) * BLOCK
    assert set(partition[past:]) == {0xFF}
    assert romfs.read(partition) == romfs.rom_files(flash_image.referee_files())
    # the filesystem: main.py, the games as the export left them, the maker's files
    expected = {"main.py": flash_image.referee_files()["main.py"], **data_after_export, **MAKERS}
    assert files == expected
    assert not [path for path in files if deploy.managed(path)]
    assert folders(first.record.flash_dump) == {"data", "lib"}  # no empty referee/ to shadow /rom


def test_a_second_deploy_with_nothing_changed_writes_nothing(romfs_board):
    first, second, _out = romfs_board
    assert second.said[1:3] == [
        "the ROMFS partition holds this code already",
        "0 of 1 files changed",
    ]
    assert not [line for line in second.said if line.startswith(("writing", "removing"))]
    # not one sector erased or page programmed, from power-on to the reset
    assert second.record.flash["erased_sectors"] == 0
    assert second.record.flash["programmed_pages"] == 0
    assert second.record.flash_dump == first.record.flash_dump


def test_after_deploy_the_romfs_board_boots_to_the_offer_of_its_game(
    romfs_board, desktop, tmp_path
):
    """The flash the deploys left, booted by the timeline lane: the referee
    runs from /rom and offers the game in play, frame for frame as the rig
    does after a reset on the same data folder."""
    _first, second, _out = romfs_board
    _out_dir, data_after_export = desktop
    for path, data in data_after_export.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    with contextlib.chdir(tmp_path):
        after_reset = Rig(seed=1)
        after_reset.play(OFFER)
    assert second.record.flash_dump is not None
    left = tmp_path / "left.bin"  # the whole flash, firmware included: booted as a .bin
    left.write_bytes(second.record.flash_dump)
    played = lane.play_all({"offer": OFFER}, 150, 250, image=b"", firmware=left)["offer"]
    assert played.chip.error is None
    assert played.snaps == after_reset.snaps
    assert len(set(played.snaps.values())) == 3  # offer, read back, resumed: three frames


# -- the stock build ------------------------------------------------------------------


def test_a_stock_board_gets_the_files_it_lacks_and_the_way_to_romfs(stock_board, desktop):
    board, _out = stock_board
    _out_dir, data_after_export = desktop
    installed = flash_image.referee_files()
    assert board.said[0].endswith("; copying .mpy files")
    assert board.said[1] == f"1 of {len(installed)} files changed"
    assert board.said[2] == "removing 1 the referee no longer has: referee/robots/help.py"
    assert board.said[3] == deploy.NO_ROMFS
    assert "make uf2" in deploy.NO_ROMFS and "build/referee-update.uf2" in deploy.NO_ROMFS
    assert board.record.flash_dump is not None
    files, partition = flash_regions(board.record.flash_dump)
    assert files == {**installed, **data_after_export, **MAKERS}
    assert set(partition) == {0xFF}  # beyond the stock firmware: never written


# -- both -------------------------------------------------------------------------------


@pytest.fixture(params=["romfs", "stock"])
def exported(request, romfs_board, stock_board):
    """(the first session on that board, the folder its export wrote)."""
    if request.param == "romfs":
        first, _second, out = romfs_board
        return first, out
    return stock_board


def test_an_export_from_the_board_is_the_export_of_the_same_journals(exported, desktop):
    board, out = exported
    desktop_out, data_after_export = desktop
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(p.name for p in desktop_out.iterdir())
    assert {"game.csv", "history-001.csv", "history-002.csv", "night.html"} <= set(names)
    for name in names:
        if not name.endswith(".png"):  # charts: matplotlib's, drawn from the same rows
            assert (out / name).read_bytes() == (desktop_out / name).read_bytes(), name
    assert "Game night: 3 games" in (out / "night.html").read_text()
    # the board's index marks both finished games exported, as the desktop's does
    assert board.record.flash_dump is not None
    files, _partition = flash_regions(board.record.flash_dump)
    assert files["data/games.idx"] == data_after_export["data/games.idx"]
    index = files["data/games.idx"].decode().splitlines()
    assert [line.split()[-1] for line in index] == ["x", "x"]


def test_the_self_test_is_answered_and_the_board_reset(exported):
    board, _out = exported
    assert board.problems == []
    assert [line for line in board.said if line.startswith("  ")] == [
        "  display ok",
        "  button UP",
        "  button DOWN",
        "  button OK",
        "  button BACK",
        "  entropy ok",
        "  done",
    ]
    assert board.record.error is None
    # machine.reset() (mpremote reset) writes the watchdog's trigger bit
    assert board.record.reset is not None and board.record.reset["reason"] == "forced"
