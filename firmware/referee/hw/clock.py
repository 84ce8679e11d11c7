"""Milliseconds that wrap, as MicroPython's time.ticks_* functions.

Always compare two readings with ``ticks_diff``: on the Pico the count wraps
after about 12 days, which a device left on at a club can reach.
"""

import time

try:
    _ticks_ms = time.ticks_ms
    _ticks_diff = time.ticks_diff
    _sleep_ms = time.sleep_ms
except AttributeError:  # CPython: the same contract from time.monotonic
    _PERIOD = 1 << 30

    def _ticks_ms():
        return int(time.monotonic() * 1000) & (_PERIOD - 1)  # type: ignore[attr-defined]

    def _ticks_diff(a, b):
        return ((a - b + _PERIOD // 2) & (_PERIOD - 1)) - _PERIOD // 2

    def _sleep_ms(ms):
        time.sleep(ms / 1000)


class Clock:
    """The board's clock; the desktop swaps in a virtual one with the same calls."""

    def ticks_ms(self):
        return _ticks_ms()

    def ticks_diff(self, later, earlier):
        return _ticks_diff(later, earlier)

    def sleep_ms(self, ms):
        _sleep_ms(ms)
