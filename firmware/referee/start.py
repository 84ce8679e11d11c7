"""Power-on (main.py calls start()): the watchdog first, then the board and
the referee.

The watchdog starts before anything that can fail or hang (only this
module and built-in ones are loaded before it, which read no file but the
code), so a boot that dies (a panel that does not answer, a saved game
that does not read) restarts the chip instead of leaving a blank panel;
referee.app.boot() builds the board inside the crash handling and logs
why first.
"""

import sys

# The RP2040's longest is 8,388 ms; the loop feeds it (referee.hw.power.WATCHDOG_MS).
WATCHDOG_MS = 8000


def start():
    if sys.implementation.name == "micropython":
        # MicroPython looks for time, os, machine... on the flash at every
        # import (a file there may extend them): six paths, each about 1 ms
        # of LittleFS metadata on the chip, and it keeps no record of the
        # answer. Loaded once by their u-names (built-in, no search) and
        # listed as loaded, each later import is a lookup. The typing-only
        # imports of the Adafruit drivers fail at once (None in
        # sys.modules) instead of after six paths.
        for name in ("machine", "time", "os", "struct", "binascii", "json", "io", "array"):
            try:
                sys.modules[name] = __import__("u" + name)
            except ImportError:  # not built in (the desktop VM's machine is a file)
                pass
        for name in ("typing", "types", "circuitpython_typing"):
            sys.modules[name] = None  # type: ignore[assignment]
    import machine

    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    try:
        from referee.app import boot
    except KeyboardInterrupt:  # Ctrl-C (make deploy) while the code loads: as boot() does
        from referee.hw.power import stop_watchdog

        stop_watchdog()
        raise
    boot(watchdog)
