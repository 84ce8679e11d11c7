"""Robot Referee: a pocket referee for five robot card games."""

VERSION = "0.1.0"

# The running game's journal, in the board's data folder (see core/journal.py).
JOURNAL = "game.jnl"


def forget(name):
    """Drop a module that is needed only now and then (a correction, a
    snapshot): out of sys.modules and off its package, so the garbage
    collector can take its code."""
    import sys

    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    # hasattr, not dir(): MicroPython's dir(obj) tries every name it has
    # ever interned on the object, about 19 ms on the chip for each module.
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)
