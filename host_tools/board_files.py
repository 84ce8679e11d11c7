"""What a board gets: the files `make deploy` installs, the images of
host_tools/flash_image.py and host_tools/romfs.py, and the lane's chips all
start from this list (a leaf below all of them, so none imports another
to learn it)."""

from __future__ import annotations

from pathlib import Path

from host_tools import paths


def empty_package_file(rel: str) -> bool:
    """Whether ``rel`` (.py or .mpy, under firmware/) is a package's
    __init__ with nothing in it. MicroPython imports a folder without one
    as a package all the same, and loading an empty file costs about 4 ms
    on the chip (its open and read): four of them are on the boot path."""
    stem, _, ext = rel.rpartition(".")
    if not stem.endswith("__init__") or ext not in ("py", "mpy"):
        return False
    source = paths.FIRMWARE / (stem + ".py")
    return source.exists() and not source.read_text().strip()


def local_files(mpy: bool) -> dict[str, Path]:
    """{remote path: local file} for everything the board needs."""
    from host_tools.mpvm import lane

    files: dict[str, Path] = {}
    if mpy:
        lane.build_mpy()
        for path in sorted(lane.MPY_FIRMWARE.rglob("*.mpy")):
            rel = path.relative_to(lane.MPY_FIRMWARE).as_posix()
            # The board runs main.py, never main.mpy; an empty package file
            # stays home (see empty_package_file).
            if rel != "main.mpy" and not empty_package_file(rel):
                files[rel] = path
        for path in sorted(lane.MPY_LIB.rglob("*.mpy")):
            rel = path.relative_to(lane.MPY_LIB).as_posix()
            if rel.startswith(("adafruit_ssd1306", "adafruit_bus_device")):
                files["lib/" + rel] = path
    else:
        for path in sorted(paths.FIRMWARE.rglob("*.py")):
            rel = path.relative_to(paths.FIRMWARE).as_posix()
            if not empty_package_file(rel):
                files[rel] = path
        for path in sorted(paths.DEVICE_LIB.rglob("*.py")):
            rel = path.relative_to(paths.DEVICE_LIB).as_posix()
            if rel.startswith(("adafruit_ssd1306", "adafruit_bus_device")):
                files["lib/" + rel] = path
    files["main.py"] = paths.FIRMWARE / "main.py"
    return files


def referee_files() -> dict[str, bytes]:
    """{path on the Pico: bytes}: exactly the files `make deploy` copies to a
    board that loads .mpy (compiled firmware, driver libraries, main.py)."""
    return {remote: local.read_bytes() for remote, local in local_files(mpy=True).items()}
