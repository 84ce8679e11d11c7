"""firmware/package.json, for `mpremote mip install --target / github:OWNER/REPO/firmware/package.json`.

    python -m host_tools.mip          # rewrite it from the firmware tree
    python -m host_tools.mip --check  # fail if it is out of date

mip copies each file to the path on the left; the display driver comes from
Adafruit's repositories at the versions pinned in requirements-device.txt.
"""

from __future__ import annotations

import json
import re
import sys

from host_tools import paths
from host_tools.generated import write_or_check

OUT = paths.FIRMWARE / "package.json"
RAW = "https://raw.githubusercontent.com/adafruit"
DRIVER = (
    ("Adafruit_CircuitPython_SSD1306", "adafruit-circuitpython-ssd1306", ["adafruit_ssd1306.py"]),
    (
        "Adafruit_CircuitPython_BusDevice",
        "adafruit-circuitpython-busdevice",
        [
            "adafruit_bus_device/__init__.py",
            "adafruit_bus_device/i2c_device.py",
            "adafruit_bus_device/spi_device.py",
        ],
    ),
)


def pinned(name: str) -> str:
    text = (paths.ROOT / "requirements-device.txt").read_text()
    match = re.search(rf"^{re.escape(name)}==(\S+)", text, re.M)
    if not match:
        raise ValueError(f"{name} is not pinned in requirements-device.txt")
    return match.group(1)


def package() -> dict:
    from referee import VERSION

    urls = []
    for path in sorted(paths.FIRMWARE.rglob("*.py")):
        rel = path.relative_to(paths.FIRMWARE).as_posix()
        urls.append([rel, rel])
    for repo, name, files in DRIVER:
        version = pinned(name)
        for f in files:
            urls.append([f"lib/{f}", f"{RAW}/{repo}/{version}/{f}"])
    return {"urls": urls, "deps": [], "version": VERSION}


def main(argv: list[str] | None = None) -> int:
    paths.use_firmware()
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    text = json.dumps(package(), indent=2) + "\n"
    return write_or_check({OUT: text}, check, "python -m host_tools.mip")


if __name__ == "__main__":
    sys.exit(main())
