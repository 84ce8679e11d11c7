"""Boot: the watchdog first, then the board and the referee.

The watchdog starts before anything that can fail or hang, so a boot that
dies (a panel that does not answer, a saved game that does not read)
restarts the chip instead of leaving a blank panel; referee.app.boot()
builds the board inside the crash handling and logs why first.
"""

import machine

# The RP2040's longest is 8,388 ms; the loop feeds it (referee.hw.power.WATCHDOG_MS).
watchdog = machine.WDT(timeout=8000)

from referee.app import boot  # noqa: E402

boot(watchdog)
