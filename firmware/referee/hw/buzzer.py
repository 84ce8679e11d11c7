"""The optional piezo on GP15: short tones that never block the loop.

``tone`` starts the PWM and notes when to stop; ``poll`` silences it when
that time comes. Without a piezo fitted the pin just toggles.
"""

from micropython import const

_HALF = const(32768)  # 50 % duty: the loudest square wave
# The tones screens ask for (App.beep, which mutes them): an index into TONES
ROLL = const(0)
TURN = const(1)
TONES = ((2093, 25), (880, 80))  # (Hz, ms): a click for a roll, a lower beep for a turn


class Buzzer:
    def __init__(self, pwm, clock):
        self._pwm = pwm
        self._clock = clock
        self._until = -1
        self.sounding = False

    def tone(self, hz, ms):
        self._pwm.freq(hz)
        self._pwm.duty_u16(_HALF)
        self._until = (self._clock.ticks_ms() + ms) & 0x3FFFFFFF
        self.sounding = True

    def poll(self, now):
        if self.sounding and self._clock.ticks_diff(now, self._until) >= 0:
            self._pwm.duty_u16(0)
            self.sounding = False
