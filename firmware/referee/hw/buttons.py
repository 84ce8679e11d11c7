"""Four buttons to GND: press, long press and auto-repeat, no press lost.

Every edge is latched by a pin interrupt into a small ring (button, level,
tick), so a press that goes down and up while the CPU is busy (opening a
screen, writing the flash) is still seen, with its own times. ``poll(now)``
empties the ring, reads the pins once more (the truth, should an edge have
been missed) and queues events; ``get()`` takes the oldest one, or -1. An
event is one small int, ``kind << 2 | button``: the ring, the queue and the
interrupt handler allocate nothing.

Debouncing acts on the first edge: a button that goes down is pressed at
once, and its contacts' chatter in the next DEBOUNCE_MS is ignored; when the
window ends the level it settled at counts. So debouncing adds no delay.

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
# A deliberate tap lasts 100-200 ms; 350 ms still tells it from a hold and
# gives a held count its first repeat 50 ms sooner than 400 did (issue 36)
REPEAT_DELAY_MS = const(350)
REPEAT_MS = const(120)
FAST_AFTER = const(8)  # repeats at REPEAT_MS before switching to FAST_REPEAT_MS
FAST_REPEAT_MS = const(40)

_REPEATS = const(0b0011)  # UP and DOWN
_QUEUE = const(16)
_RING = const(32)  # edges latched between two polls: 8 whole presses a button
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
        self._raw = bytearray(n)  # last level seen, 1 = pressed
        self._down = bytearray(n)  # the state events are made from
        self._fired = bytearray(n)  # a LONG was sent, or how many repeats were
        # When the state last changed: chatter until DEBOUNCE_MS after it is ignored.
        self._changed = [clock_start - DEBOUNCE_MS] * n
        self._due = [clock_start] * n  # next repeat, or the long-press moment
        self._queue = bytearray(_QUEUE)
        # Which buttons were down when each queued event happened: a batch
        # taken after a busy spell must not be judged by the buttons now.
        self._queue_held = bytearray(_QUEUE)
        self._held = 0  # bit b: button b down, in the time of the events made so far
        self._then = 0  # _queue_held of the last event get() returned
        self._head = 0
        self._count = 0
        self.dropped = 0  # events that found the queue full
        # The edge ring: written only by the interrupt handler (at _ring_in),
        # read only by poll() (at _ring_out), so neither needs a lock.
        self._ring_edge = bytearray(_RING)  # button | pressed << 2
        self._ring_tick = [0] * _RING
        self._ring_in = 0
        self._ring_out = 0
        self.lost_edges = 0  # edges that found the ring full (poll() reads the level)
        for pin in pins:
            if hasattr(pin, "irq"):
                self._fall = pin.IRQ_FALLING
                self._rise = pin.IRQ_RISING
                # hard: the handler runs in the interrupt itself, so its tick
                # is the edge's, whatever the interpreter is doing.
                pin.irq(self._latch, self._fall | self._rise, hard=True)

    def _latch(self, pin):
        """The pin interrupt: note which way the pin went, and when."""
        pins = self._pins
        b = 0
        while pins[b] is not pin:
            b += 1
        now = self._clock.ticks_ms()
        flags = pin.irq().flags()
        fall = flags & self._fall
        rise = flags & self._rise
        if fall and rise:
            # Both edges latched while interrupts were off (a flash erase):
            # the level now says which came last.
            pressed = 1 if pin.value() == 0 else 0
            self._note(b, 1 - pressed, now)
            self._note(b, pressed, now)
        elif fall:
            self._note(b, 1, now)
        elif rise:
            self._note(b, 0, now)

    def _note(self, b, pressed, now):
        at = self._ring_in
        following = (at + 1) % _RING
        if following == self._ring_out:
            self.lost_edges += 1
            return
        self._ring_edge[at] = b | pressed << 2
        self._ring_tick[at] = now
        self._ring_in = following

    def pending(self):
        """An edge is latched that poll() has not seen yet."""
        return self._ring_in != self._ring_out

    def held(self, button):
        return self._down[button] == 1

    def any_held(self):
        for state in self._down:
            if state:
                return True
        return False

    def touched(self):
        """A finger on any button: down when last seen, even inside the
        debounce window, or still down after it."""
        return any(self._raw) or any(self._down)  # any() loops in C: this runs every step

    def held_then(self, button):
        """Whether ``button`` was down when the event get() last returned
        happened (OK held under an UP press: a peek screen's input)."""
        return (self._then >> button) & 1 == 1

    def get(self):
        if self._count == 0:
            return -1
        ev = self._queue[self._head]
        self._then = self._queue_held[self._head]
        self._head = (self._head + 1) % _QUEUE
        self._count -= 1
        return ev

    def clear(self):
        self._count = 0

    def swallow(self):
        """Drop every press made so far, and the release of any button
        still down (a press that acts on release says nothing): they were
        made for a screen that has gone while the CPU was busy."""
        if self._ring_out != self._ring_in:
            self._drain()
        self.clear()
        for b in range(len(self._down)):
            if self._down[b]:
                self._fired[b] = 1

    def _put(self, ev):
        if self._count == _QUEUE:
            self.dropped += 1  # a storm of presses: keep the oldest
            return
        at = (self._head + self._count) % _QUEUE
        self._queue[at] = ev
        self._queue_held[at] = self._held
        self._count += 1

    def poll(self, now):
        """Turn the latched edges, then the pins' levels now, into events."""
        # Small steps, each within the 11 words of state MicroPython's rp2
        # build keeps off the heap: this runs every 10 ms, idle or not.
        if self._ring_out != self._ring_in:
            self._drain()
        for b in range(len(self._pins)):
            pressed = 1 if self._pins[b].value() == 0 else 0
            if pressed != self._down[b] or pressed != self._raw[b]:
                self._seen(b, pressed, now)
            if self._down[b]:
                self._holds(b, now, True)

    def _drain(self):
        out = self._ring_out
        end = self._ring_in
        while out != end:
            edge = self._ring_edge[out]
            self._seen(edge & 3, edge >> 2, self._ring_tick[out])
            out = (out + 1) % _RING
            self._ring_out = out

    def _seen(self, b, pressed, when):
        """Button ``b`` was seen at level ``pressed`` (1 = down) at tick ``when``."""
        self._settle(when)
        self._raw[b] = pressed
        if pressed == self._down[b]:
            return
        if self._clock.ticks_diff(when, self._changed[b]) < DEBOUNCE_MS:
            return  # chatter: the level it settles at counts at a poll after the window
        self._holds(b, when, False)  # what fell due while it was held (the CPU was busy)
        self._changed[b] = when
        self._edge(b, pressed, when)

    def _settle(self, when):
        """The level that chatter left counts from the end of its window, if
        ``when`` is past it: by the pin's history, not its level at the next
        poll, and before any later edge of any button. A poll late after a
        busy spell (a flash erase holds interrupts for 45 ms and stamps a
        latched edge late, so a 50 ms press can look 8 ms long) may find the
        next press already down: reading the pin then merged two presses
        into one, and another button's press could come out first."""
        for b in range(len(self._down)):
            if self._raw[b] != self._down[b]:
                end = (self._changed[b] + DEBOUNCE_MS) & _TICKS_MASK
                if self._clock.ticks_diff(when, end) >= 0:
                    self._holds(b, end, False)
                    self._changed[b] = end
                    self._edge(b, self._raw[b], end)

    def _edge(self, b, down, now):
        self._down[b] = down
        if down:
            self._held |= 1 << b
        else:
            self._held &= ~(1 << b)
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

    def _holds(self, b, until, inclusive):
        """Send the repeats or the long press that fell due before ``until``
        (or at it, if the button is still held then), each on its own
        schedule: how many a hold gives depends only on when the button went
        down and up, not on how often the loop got round to polling."""
        while self._down[b]:
            late = self._clock.ticks_diff(until, self._due[b])
            if late < 0 or (late == 0 and not inclusive):
                return
            if not (_REPEATS >> b) & 1:
                if not self._fired[b]:
                    self._fired[b] = 1
                    self._put(event(LONG, b))
                return
            self._repeat(b)

    def _repeat(self, b):
        self._put(event(REPEAT, b))
        count = self._fired[b]
        if count < FAST_AFTER:
            self._fired[b] = count + 1
        wait = REPEAT_MS if count < FAST_AFTER else FAST_REPEAT_MS
        self._due[b] = (self._due[b] + wait) & _TICKS_MASK
