"""Robot Referee: a pocket referee for five robot card games."""

import sys

VERSION = "0.1.0"

# The running game's journal, in the board's data folder (see core/journal.py),
# and the format it is in: journal.py writes it, journal_read.py checks it.
JOURNAL = "game.jnl"
JOURNAL_FORMAT = 2
# The newest snapshot's file name ends, and the one before's (core/snapshot.py)
SNAPS = (".snap", ".snap1")

# The running watchdog, once there is one (app.boot, hw/power.py): fed by
# keep_alive() as well as by the loop.
watchdog = None


def keep_alive():
    """Feed the watchdog from inside a long job. Reading back a journal of
    thousands of steps with no usable snapshot (a damaged one, or one of
    an older format) takes longer than the watchdog's 8 s on the chip, and
    the loop that feeds it waits for the job: the chip would restart, read
    the same file again, and never come up. journal_read.py calls this each
    time it reads on in the file."""
    if watchdog is not None:
        watchdog.feed()


def forget(name):
    """Drop a module that is needed only now and then (a correction, a
    snapshot): out of sys.modules and off its package, so the garbage
    collector can take its code."""
    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    # hasattr, not dir(): MicroPython's dir(obj) tries every name it has
    # ever interned on the object, about 19 ms on the chip for each module.
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
