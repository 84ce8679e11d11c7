"""Four buttons to GND: debounced, with press, long press and auto-repeat.

``poll(now)`` samples the pins (call it every few milliseconds) and queues
events; ``get()`` takes the oldest one, or -1. An event is one small int,
``kind << 2 | button``, so the queue is a fixed bytearray and polling
allocates nothing.

UP and DOWN act the moment they go down and repeat while held (for counting),
faster after the first few repeats so a long run of numbers is quick.
OK and BACK wait for release: a short hold is a PRESS, holding past LONG_MS
is a LONG (sent once, while still held). ``held(button)`` tells whether a
button is down now, which is how the peek screens know to blank.
"""

from micropython import const

UP = const(0)
DOWN = const(1)
OK = const(2)
BACK = const(3)
NAMES = ("UP", "DOWN", "OK", "BACK")

PRESS = const(0)
LONG = const(1)
REPEAT = const(2)
KIND_NAMES = ("press", "long", "repeat")

DEBOUNCE_MS = const(20)
LONG_MS = const(700)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
FAST_AFTER = const(8)  # repeats at REPEAT_MS before switching to FAST_REPEAT_MS
FAST_REPEAT_MS = const(40)

_REPEATS = const(0b0011)  # UP and DOWN
_QUEUE = const(16)
_TICKS_MASK = const(0x3FFFFFFF)  # ticks wrap here; masking keeps them small ints


def event(kind, button):
    return kind << 2 | button


def button_of(ev):
    return ev & 3


def kind_of(ev):
    return ev >> 2


def step_of(ev):
    """+1 for UP, -1 for DOWN (a press or a repeat), 0 for anything else:
    what every screen that counts or moves a cursor wants to know."""
    if ev >> 2 == LONG:
        return 0
    button = ev & 3
    return 1 if button == UP else -1 if button == DOWN else 0


class Buttons:
    def __init__(self, pins, clock):
        self._pins = pins
        self._clock = clock
        clock_start = clock.ticks_ms()
        n = len(pins)
        self._raw = bytearray(n)  # last sample, 1 = pressed
        self._down = bytearray(n)  # debounced state
        self._fired = bytearray(n)  # a LONG was sent, or how many repeats were
        self._changed = [clock_start] * n  # when the raw sample last changed
        self._due = [clock_start] * n  # next repeat, or the long-press moment
        self._queue = bytearray(_QUEUE)
        self._head = 0
        self._count = 0
        self.dropped = 0

    def held(self, button):
        return self._down[button] == 1

    def any_held(self):
        for state in self._down:
            if state:
                return True
        return False

    def touched(self):
        """A finger on any button: down in the last sample, even before
        the debounce has settled, or still down after it."""
        for b in range(len(self._raw)):
            if self._raw[b] or self._down[b]:
                return True
        return False

    def get(self):
        if self._count == 0:
            return -1
        ev = self._queue[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return ev

    def clear(self):
        self._count = 0

    def _put(self, ev):
        if self._count == _QUEUE:
            self.dropped += 1  # a storm of presses: keep the oldest
            return
        self._queue[(self._head + self._count) % _QUEUE] = ev
        self._count += 1

    def poll(self, now):
        for b in range(len(self._pins)):
            raw = 1 if self._pins[b].value() == 0 else 0
            if raw != self._raw[b]:
                self._raw[b] = raw
                self._changed[b] = now
            elif raw != self._down[b]:
                if self._clock.ticks_diff(now, self._changed[b]) >= DEBOUNCE_MS:
                    self._edge(b, raw, now)
            elif raw and self._clock.ticks_diff(now, self._due[b]) >= 0:
                self._hold(b, now)

    def _edge(self, b, down, now):
        self._down[b] = down
        repeats = (_REPEATS >> b) & 1
        if down:
            self._fired[b] = 0
            if repeats:
                self._put(event(PRESS, b))
                self._due[b] = (now + REPEAT_DELAY_MS) & _TICKS_MASK
            else:
                self._due[b] = (now + LONG_MS) & _TICKS_MASK
        elif not repeats and not self._fired[b]:
            self._put(event(PRESS, b))

    def _hold(self, b, now):
        if (_REPEATS >> b) & 1:
            self._put(event(REPEAT, b))
            count = self._fired[b]
            if count < FAST_AFTER:
                self._fired[b] = count + 1
            wait = REPEAT_MS if count < FAST_AFTER else FAST_REPEAT_MS
            self._due[b] = (now + wait) & _TICKS_MASK
        elif not self._fired[b]:
            self._fired[b] = 1
            self._put(event(LONG, b))
