"""Power: dim and switch off an idle panel, sleep between polls, the watchdog.

An SSD1306 lit all evening fades where the same pixels stay on, and the Pico
draws about 21 mA awake against about 1 mA in lightsleep. So:

- after ``dim_s`` without a button the panel drops to its lowest contrast,
  and after ``off_s`` it is switched off (0 means never);
- between button polls the chip lightsleeps when it runs on batteries. On
  USB it only waits: lightsleep stops the USB clock, which would drop the
  REPL that ``make deploy`` talks to, and the draw does not matter there;
- the watchdog is fed once a loop, so a hang reboots into the resume offer.
"""

from micropython import const

import referee

ON = const(0)
DIM = const(1)
OFF = const(2)

DIM_CONTRAST = const(1)
OFF_POLL_MS = const(100)  # a sleeping panel only has to notice a finger
WATCHDOG_MS = const(8000)  # the RP2040's longest is 8,388 ms
# RP2040 datasheet 4.7.6: WATCHDOG CTRL, bit 30 enables the watchdog.
_WATCHDOG_CTRL = const(0x40058000)
_WATCHDOG_ENABLE = const(1 << 30)


class Power:
    def __init__(self, display, clock, lightsleep=None, usb=None, watchdog=None):
        self._display = display
        self._clock = clock
        self._lightsleep = lightsleep
        self._usb = usb  # VBUS sense pin: 1 while USB powers the board
        self._make_watchdog = watchdog
        self._watchdog = None
        self.state = ON
        self.contrast = 0xFF
        self.dim_ms = 30_000
        self.off_ms = 120_000
        self._since = clock.ticks_ms()

    def on_battery(self):
        return self._usb is None or not self._usb.value()

    def set_delays(self, dim_s, off_s):
        self.dim_ms = dim_s * 1000
        self.off_ms = off_s * 1000

    def set_contrast(self, value):
        self.contrast = value
        if self.state == ON:
            self._display.contrast(value)

    def touch(self, now):
        """A finger on a button: stay lit. Returns True if the panel was
        off, so the press that woke it must not also act."""
        self._since = now
        was = self.state
        if was != ON:
            self.state = ON
            if was == OFF:
                self._display.poweron()
            self._display.contrast(self.contrast)
        return was == OFF

    def idle(self, now):
        """Nobody touched a button this loop: dim or switch off when due."""
        quiet = self._clock.ticks_diff(now, self._since)
        if self.state == ON and self.dim_ms and quiet >= self.dim_ms:
            self.state = DIM
            self._display.contrast(DIM_CONTRAST)
        if self.state != OFF and self.off_ms and quiet >= self.off_ms:
            self.state = OFF
            self._display.poweroff()

    def nap(self, ms, awake=False):
        """Feed the watchdog and wait ``ms`` before the next poll; ``awake``
        keeps the clocks running (a tone is sounding)."""
        if self._watchdog is not None:
            self._watchdog.feed()
        if self.state == OFF:
            ms = OFF_POLL_MS
        usb = self._usb  # on_battery(), without a call: this runs every step
        if self._lightsleep is not None and not awake and (usb is None or not usb.value()):
            self._lightsleep(ms)
        else:
            self._clock.sleep_ms(ms)

    def wait(self, ms, buttons):
        """Feed the watchdog and wait ``ms`` awake, a millisecond at a
        time, ending the wait when ``buttons`` latch an edge."""
        if self._watchdog is not None:
            self._watchdog.feed()
        clock = self._clock
        for _ in range(ms):
            if buttons.pending():
                return
            clock.sleep_ms(1)

    def start_watchdog(self):
        if self._make_watchdog is not None and self._watchdog is None:
            self._watchdog = self._make_watchdog(WATCHDOG_MS)
            referee.watchdog = self._watchdog  # for keep_alive()

    def stop_watchdog(self):
        """Ctrl-C from the REPL (see stop_watchdog below). Whether or not
        the loop had taken it over yet: main.py starts it before the board."""
        self._watchdog = None
        referee.watchdog = None
        stop_watchdog()


def stop_watchdog():
    """Ctrl-C from the REPL: MicroPython cannot stop the RP2040's watchdog,
    which would reset the board in the middle of a deploy, so clear its
    enable bit directly."""
    try:
        from machine import mem32  # here: a port without it must still load power.py (see except)

        mem32[_WATCHDOG_CTRL] &= ~_WATCHDOG_ENABLE
    except ImportError:
        pass
