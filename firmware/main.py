"""Power-on: the referee's code from the ROMFS partition when there is one,
ahead of a copy an install on the stock firmware left on the filesystem
(which would shadow it), then referee/start.py. MicroPython compiles this
file at every power-on: the rest is in the referee's compiled code."""

import sys

try:
    __import__("uos" if sys.implementation.name == "micropython" else "os").stat("/rom")
    for _path in ("/rom/lib", "/rom"):
        sys.path.remove(_path)
        sys.path.insert(0, _path)
except (OSError, ValueError):  # no ROMFS partition mounted
    pass

from referee.start import start  # noqa: E402

start()
