"""An input storm: seeded random button events against a Rig, on both VMs.

Presses, long presses, held UP/DOWN runs, bursts of quick presses, chords of
two buttons at once and pauses, mixed at random. Only the button pins move;
the firmware must never raise, and a checker may look at it between events.
"""

import board
import machine
from rig import LONG_MS, SeededEntropy

_PINS = board.BUTTON_PINS


class Storm:
    def __init__(self, rig, seed):
        self.rig = rig
        self.rng = SeededEntropy(seed)
        self.events = 0

    def below(self, n):
        return self.rng(1)[0] % n

    def _steps(self, ms):
        self.rig.run_ms(ms)

    def _hold(self, pins, ms):
        for pin in pins:
            machine.sim_set_pin(pin, 0)
        self._steps(ms)
        for pin in pins:
            machine.sim_set_pin(pin, 1)
        self._steps(30 + 10 * self.below(6))

    def event(self):
        kind = self.below(20)
        button = _PINS[self.below(4)]
        if kind < 12:
            self._hold((button,), 40 + 10 * self.below(5))  # a press
        elif kind < 14:
            self._hold((button,), LONG_MS + 50 + 10 * self.below(20))  # a long press
        elif kind < 16:
            self._hold((_PINS[self.below(2)],), 500 + 50 * self.below(20))  # UP/DOWN run
        elif kind < 18:
            for _ in range(3 + self.below(5)):  # a burst, faster than debounce at times
                self._hold((button,), 10 + 10 * self.below(4))
        elif kind < 19:
            self._hold((button, _PINS[self.below(4)]), 60 + 20 * self.below(10))  # a chord
        else:
            self._steps(100 * (1 + self.below(10)))  # nobody touches it
        self.events += 1

    def run(self, events, check=None, every=50):
        for i in range(events):
            self.event()
            if check is not None and i % every == 0:
                check(i)
