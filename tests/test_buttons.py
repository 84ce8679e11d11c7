"""Debounce, press, long press and auto-repeat, on a hand-driven clock.

Timings by hand from referee.hw.buttons: a level must hold DEBOUNCE_MS (20)
to count; OK/BACK give PRESS on release before LONG_MS (700) and one LONG
at 700 ms of stable hold; UP/DOWN give PRESS at the debounced edge, then a
REPEAT at 400 ms and every 120 ms after.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.hw import buttons as b


class Pin:
    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, later, earlier):
        return later - earlier


def make():
    pins = [Pin() for _ in range(4)]
    clock = Clock()
    return pins, clock, b.Buttons(pins, clock)


def run(btns, clock, ms, step=10):
    for _ in range(ms // step):
        clock.now += step
        btns.poll(clock.now)


def drain(btns):
    out = []
    while (ev := btns.get()) >= 0:
        out.append((b.NAMES[b.button_of(ev)], b.KIND_NAMES[b.kind_of(ev)]))
    return out


def test_short_ok_press_reports_on_release():
    pins, clock, btns = make()
    pins[b.OK].level = 0
    run(btns, clock, 100)
    assert drain(btns) == []  # still held: could become a long press
    assert btns.held(b.OK)
    pins[b.OK].level = 1
    run(btns, clock, 50)
    assert drain(btns) == [("OK", "press")]
    assert not btns.any_held()


def test_bounce_shorter_than_debounce_is_ignored():
    pins, clock, btns = make()
    for _ in range(10):  # contact chatter: 10 ms down, 10 ms up
        pins[b.BACK].level = 0
        run(btns, clock, 10)
        pins[b.BACK].level = 1
        run(btns, clock, 10)
    run(btns, clock, 100)
    assert drain(btns) == []


def test_long_press_fires_once_while_held_and_no_press_on_release():
    pins, clock, btns = make()
    pins[b.OK].level = 0
    run(btns, clock, 700)  # debounced at 20 ms; long due at 720 ms
    assert drain(btns) == []
    run(btns, clock, 30)
    assert drain(btns) == [("OK", "long")]
    run(btns, clock, 2000)
    pins[b.OK].level = 1
    run(btns, clock, 50)
    assert drain(btns) == []


def test_up_repeats_while_held():
    pins, clock, btns = make()
    pins[b.UP].level = 0
    # Down seen at 10 ms, debounced at 30 ms (PRESS); repeats due at
    # 430, 550, 670, 790, 910 ms: five of them by 1000 ms.
    run(btns, clock, 1000)
    events = drain(btns)
    assert events[0] == ("UP", "press")
    assert events[1:] == [("UP", "repeat")] * 5


def test_repeat_speeds_up_after_eight():
    pins, clock, btns = make()
    pins[b.DOWN].level = 0
    # PRESS at 30 ms; the first repeat at 430 ms, then eight gaps of 120 ms
    # (repeats at 430 + 120k, k = 0..8, the last at 1390 ms), then every
    # 40 ms: 1430 ... 1990. By 2000 ms: 9 slow and (1990 - 1430) // 40 + 1 = 15 fast.
    events = []
    for _ in range(200):
        run(btns, clock, 10)
        events += drain(btns)
    assert events[0] == ("DOWN", "press")
    assert len(events) - 1 == 9 + 15


def test_queue_keeps_the_oldest_and_counts_the_dropped():
    pins, clock, btns = make()
    for _ in range(20):
        pins[b.DOWN].level = 0
        run(btns, clock, 40)
        pins[b.DOWN].level = 1
        run(btns, clock, 40)
    assert len(drain(btns)) == 16
    assert btns.dropped == 4


def test_ticks_wrap_does_not_confuse_timing():
    pins, clock, btns = make()
    period = 1 << 30
    clock.now = period - 100
    clock.ticks_diff = lambda a, c: ((a - c + period // 2) % period) - period // 2
    orig = run

    def wrap_run(btns, clock, ms, step=10):
        for _ in range(ms // step):
            clock.now = (clock.now + step) % period
            btns.poll(clock.now)

    pins[b.OK].level = 0
    wrap_run(btns, clock, 760)
    assert drain(btns) == [("OK", "long")]
    assert orig is run


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 120)), min_size=1, max_size=40))
def test_each_stable_ok_press_gives_exactly_one_event(pattern):
    """Count by hand what the debouncer must see. Polls come every 10 ms, a
    change is noticed at the first poll and confirmed 20 ms later, so a level
    counts only if it lasts 30 ms or more; shorter ones are contact chatter."""
    pins, clock, btns = make()
    segments = []  # (level, ms), same levels merged
    for down, ms in pattern + [(False, 100)]:
        level = 0 if down else 1
        ms = (ms // 10 + 1) * 10
        pins[b.OK].level = level
        run(btns, clock, ms)
        if segments and segments[-1][0] == level:
            segments[-1] = (level, segments[-1][1] + ms)
        else:
            segments.append((level, ms))
    expected = 0
    state = 1
    for level, ms in segments:
        if ms >= 30 and level != state:
            expected += level == 0
            state = level
    events = [e for e in drain(btns) if e[0] == "OK"]
    assert len(events) == expected


def test_step_of_counts_up_and_down_presses_and_repeats():
    assert [b.step_of(b.event(k, b.UP)) for k in (b.PRESS, b.REPEAT, b.LONG)] == [1, 1, 0]
    assert [b.step_of(b.event(k, b.DOWN)) for k in (b.PRESS, b.REPEAT)] == [-1, -1]
    assert b.step_of(b.event(b.PRESS, b.OK)) == b.step_of(b.event(b.PRESS, b.BACK)) == 0
