"""A game's module imported, forgotten, imported again and forgotten again,
the heap read between (each step its own VM call: see host_tools/mpvm_programs)."""

import gc
import sys

from referee import forget

GAME = "referee.duel.rules"


def load():
    __import__(GAME)


def unload():
    forget(GAME)
    gc.collect()


def loaded():
    return GAME in sys.modules
