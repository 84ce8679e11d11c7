"""When a screen raises: say so calmly, log it, and carry on.

The game is safe already (every action is on flash before the screen shows
it), so the referee drops the broken screen, writes one line to the error
log (the error and the chain of calls that led to it) and offers to carry
on, which reopens the saved game (the log: core/error_log.py).
"""

import io
import sys

from micropython import const

from referee import VERSION
from referee.core.error_log import LOG, log  # noqa: F401 (LOG: the log's name, for its readers)
from referee.screens import Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)


# The log line names at most this many frames (the innermost) and this much
# of the error's own words, so one crash cannot fill the log by itself.
CHAIN_FRAMES = const(8)
MESSAGE_CHARS = const(80)


def chain(e):
    """The frames ``e`` passed, each 'file.py:line', innermost last; past
    CHAIN_FRAMES the outer ones give way to a leading '..'."""
    places = []
    if hasattr(e, "__traceback__"):  # CPython (MicroPython keeps no traceback object)
        tb = e.__traceback__
        while tb is not None:
            places.append("%s:%d" % (tb.tb_frame.f_code.co_filename.split("/")[-1], tb.tb_lineno))
            tb = tb.tb_next
    else:
        out = io.StringIO()
        sys.print_exception(e, out)
        for line in out.getvalue().split("\n"):
            # MicroPython:   File "referee.screens.dice", line 71, in on_event
            # (the .mpy names its module: host_tools/portability.py)
            parts = line.split('"')
            if len(parts) == 3 and parts[0].strip() == "File":
                places.append("%s:%s" % (_file_of(parts[1]), parts[2].split(",")[1].split()[-1]))
    if len(places) > CHAIN_FRAMES:
        places = [".."] + places[-CHAIN_FRAMES:]
    return places


def _file_of(source):
    """'dice.py' from the module name a .mpy gives ('referee.screens.dice')
    or from a path ('referee/screens/dice.py', a .py file run as it is)."""
    source = source.split("/")[-1]
    if source.endswith(".py") or source.startswith("<"):  # a file, or "<stdin>"
        return source
    return source.split(".")[-1] + ".py"


def where(e):
    """'file.py:line' of the innermost frame the exception passed, or '?'."""
    places = chain(e)
    return places[-1] if places else "?"


def report(e, places=None):
    """The error log's line for ``e``: the firmware's version, the error's
    type, the chain of calls it passed (``chain(e)`` unless given), and its
    words."""
    if places is None:
        places = chain(e)
    return "%s %s at %s: %s" % (
        VERSION,
        type(e).__name__,
        " > ".join(places) or "?",
        str(e)[:MESSAGE_CHARS],
    )


def crashed(app, e):
    """Log how ``e`` got where it happened and say so; the game on flash is untouched."""
    places = chain(e)  # once: on MicroPython it prints the whole traceback to read it
    log(app.storage, report(e, places))
    app.push(Crash(app, type(e).__name__, places[-1] if places else "?"))


class Crash(Screen):
    def __init__(self, app, error, place):
        Screen.__init__(self, app)
        self.error = error
        self.place = place

    def on_event(self, ev):
        if ev == _OK_PRESS:
            self.app.restart()  # back to the saved game, if there is one
        else:
            self.back(ev)

    def draw(self, c):
        c.centre("OOPS", 0)
        c.invert_rows(0)
        c.centre("something went wrong", 1)
        c.centre(self.error[:21], 3)
        c.centre(self.place[:21], 4)
        c.centre("your game is saved", 5)
        self.hint(c, "OK:carry on BACK:menu")
