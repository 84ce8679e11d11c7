"""Boot: the watchdog first, then the board and the referee.

The watchdog starts before anything that can fail or hang (only built-in
modules are named before it, which reads no file), so a boot that
dies (a panel that does not answer, a saved game that does not read)
restarts the chip instead of leaving a blank panel; referee.app.boot()
builds the board inside the crash handling and logs why first.
"""

import sys

if sys.implementation.name == "micropython":
    # MicroPython looks for time, os, machine... on the flash at every import
    # (a file there may extend them): six paths, each about 1 ms of LittleFS
    # metadata on the chip, and it keeps no record of the answer. Loaded once
    # by their u-names (built-in, no search) and listed as loaded, each later
    # import is a lookup. The typing-only imports of the Adafruit drivers fail
    # at once (None in sys.modules) instead of after six paths.
    for _name in ("machine", "time", "os", "struct", "binascii", "json", "io", "array"):
        try:
            sys.modules[_name] = __import__("u" + _name)
        except ImportError:  # not built in (the desktop VM's machine is a file)
            pass
    for _name in ("typing", "types", "circuitpython_typing"):
        sys.modules[_name] = None  # type: ignore[assignment]
    # The ROMFS build mounts the referee's code at /rom (host_tools/romfs.py)
    # and searches it after the filesystem's root, where the copy an install
    # on the stock firmware left would shadow it: with /rom mounted, it goes
    # first. (`make deploy` removes such copies; a firmware-only update does not.)
    try:
        sys.modules["os"].stat("/rom")
        for _name in ("/rom/lib", "/rom"):
            sys.path.remove(_name)
            sys.path.insert(0, _name)
    except (OSError, ValueError, AttributeError):  # no ROMFS here
        pass

import machine  # noqa: E402

# The RP2040's longest is 8,388 ms; the loop feeds it (referee.hw.power.WATCHDOG_MS).
watchdog = machine.WDT(timeout=8000)

try:
    from referee.app import boot  # noqa: E402
except KeyboardInterrupt:  # Ctrl-C (make deploy) while the code loads: as boot() does
    from referee.hw.power import stop_watchdog  # noqa: E402

    stop_watchdog()
    raise

boot(watchdog)
