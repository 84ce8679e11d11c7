"""The fake world's clock, for the board's ``clock``: ticks_ms, ticks_diff,
sleep_ms. Sleeping lets virtual time pass (the rig); the browser page's
clock (host_tools/web/host.py) keeps the ticks and waits otherwise."""

import machine

_TICKS_MASK = 0x3FFFFFFF


class VirtualClock:
    """ticks_ms of the fake world; sleeping lets virtual time pass."""

    def ticks_ms(self):
        return machine.sim_now() & _TICKS_MASK

    def ticks_diff(self, later, earlier):
        half = 1 << 29
        return ((later - earlier + half) & _TICKS_MASK) - half

    def sleep_ms(self, ms):
        machine.sim_advance(ms)
