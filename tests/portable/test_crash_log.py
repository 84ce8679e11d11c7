"""The crash log names the chain of calls that led to an error, innermost
last, on both VMs (CPython reads e.__traceback__, MicroPython the text of
sys.print_exception); one line stays bounded however deep the error was."""

from referee.hw.storage import Storage
from referee.screens.crash import CHAIN_FRAMES, LOG, MESSAGE_CHARS, chain, crashed, where

HERE = "test_crash_log.py"


def _inner(words):
    raise ValueError(words)  # the raise: every line below is counted from here


def _outer(words):
    _inner(words)  # 4 lines below the raise


def _deep(n):
    if n == 0:
        raise KeyError("bottom")
    _deep(n - 1)  # the line below the bottom raise


def _caught(call, *args):
    try:
        call(*args)  # 15 lines below the raise
    except Exception as e:  # noqa: BLE001 - whichever the call raised
        return e
    raise AssertionError("nothing was raised")


class _App:
    """What crashed() needs of the app: its storage and push()."""

    def __init__(self):
        self.storage = Storage("data")
        self.pushed = []

    def push(self, screen):
        self.pushed.append(screen)


def test_the_chain_names_every_frame_innermost_last():
    e = _caught(_outer, "deep")
    raised = int(where(e).split(":")[1])
    assert chain(e) == [
        HERE + ":%d" % (raised + 15),  # _caught's call
        HERE + ":%d" % (raised + 4),
        HERE + ":%d" % raised,
    ]
    assert where(e) == HERE + ":%d" % raised


def test_a_deep_chain_keeps_only_its_innermost_frames():
    e = _caught(_deep, 30)
    found = chain(e)
    bottom = int(found[-1].split(":")[1])
    assert len(found) == 1 + CHAIN_FRAMES and found[0] == ".."
    assert found[-1] == HERE + ":%d" % bottom
    assert found[1:-1] == [HERE + ":%d" % (bottom + 1)] * (CHAIN_FRAMES - 1)


def test_a_crash_logs_the_chain_and_the_panel_shows_the_innermost_place():
    app = _App()
    e = _caught(_outer, "x" * 500)
    crashed(app, e)
    raised = int(where(e).split(":")[1])
    line = app.storage.read(LOG).decode()
    calls = "%s:%d > %s:%d > %s:%d" % (HERE, raised + 15, HERE, raised + 4, HERE, raised)
    assert (" ValueError at " + calls + ": " + "x" * MESSAGE_CHARS + "\n") in line
    assert line.endswith("x" * MESSAGE_CHARS + "\n")  # the words cut to their bound
    screen = app.pushed[-1]
    assert screen.error == "ValueError" and screen.place == HERE + ":%d" % raised


def test_a_crash_log_line_is_bounded_however_deep_the_error():
    app = _App()
    crashed(app, _caught(_deep, 60))
    line = app.storage.read(LOG).decode()
    assert line.count(HERE) == CHAIN_FRAMES
    assert " KeyError at .. > " in line
    # the version, the name, the frames and the words: each bounded
    assert len(line) < 40 + CHAIN_FRAMES * (len(HERE) + 8) + MESSAGE_CHARS
