"""Press, long press, auto-repeat and first-edge debouncing, on a hand-driven clock.

Timings by hand from referee.hw.buttons. The pins are the machine fake's,
whose interrupt latches each edge with its tick, as the chip's does. A
button's first edge counts at once; further edges in the next DEBOUNCE_MS
(20) are chatter, and the level it settled at counts at the first poll after
that window. OK/BACK give PRESS on release before LONG_MS (700) and one LONG
at 700 ms of hold; UP/DOWN give PRESS on the down edge, then a REPEAT at 350
ms and every 120 ms after (eight of those), then every 40 ms. A repeat due at
the very moment of a release is not sent: the button was no longer held.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import machine
from referee.hw import buttons as b

PINS = (10, 11, 12, 13)


class Clock:
    """The fake world's milliseconds, without wrapping (one test wraps)."""

    def ticks_ms(self):
        return machine.sim_now()

    def ticks_diff(self, later, earlier):
        return later - earlier


class PolledPin:
    """A pin without interrupts: the buttons fall back to reading levels."""

    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


@pytest.fixture(autouse=True)
def world():
    machine.sim_reset()


def make():
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in PINS]
    return b.Buttons(pins, Clock())


def press(button, down=True):
    machine.sim_set_pin(PINS[button], 0 if down else 1)


def release(button):
    press(button, False)


def run(btns, ms, step=10):
    """The main loop: ``ms`` of time, a poll every ``step`` ms."""
    for _ in range(ms // step):
        machine.sim_advance(step)
        btns.poll(machine.sim_now())


def busy(ms):
    """The CPU does something else for ``ms``: nobody polls."""
    machine.sim_advance(ms)


def drain(btns):
    out = []
    while (ev := btns.get()) >= 0:
        out.append((b.NAMES[b.button_of(ev)], b.KIND_NAMES[b.kind_of(ev)]))
    return out


def test_short_ok_press_reports_on_release():
    btns = make()
    press(b.OK)
    run(btns, 100)
    assert drain(btns) == []  # still held: could become a long press
    assert btns.held(b.OK)
    release(b.OK)
    btns.poll(machine.sim_now())  # the same millisecond: no debounce wait
    assert drain(btns) == [("OK", "press")]
    assert not btns.any_held()


def test_up_acts_on_its_first_edge():
    btns = make()
    press(b.UP)
    btns.poll(machine.sim_now())
    assert drain(btns) == [("UP", "press")]
    assert btns.held(b.UP)


def test_contact_chatter_inside_the_window_is_one_press():
    btns = make()
    # Down at 0; chatter 3 ms up, 2 down, 4 up, settling down at 12 ms.
    for ms, level in ((3, 1), (2, 0), (4, 1), (3, 0)):
        press(b.BACK)
        machine.sim_advance(ms)
        machine.sim_set_pin(PINS[b.BACK], level)
        btns.poll(machine.sim_now())
    run(btns, 100)
    assert drain(btns) == []  # BACK: a press is sent on release
    assert btns.held(b.BACK)
    # The release chatters too: up at 0, down 2 ms later, up again at 6 ms.
    release(b.BACK)
    btns.poll(machine.sim_now())
    machine.sim_advance(2)
    press(b.BACK)
    btns.poll(machine.sim_now())
    machine.sim_advance(4)
    release(b.BACK)
    run(btns, 100)
    assert drain(btns) == [("BACK", "press")]


def test_a_glitch_shorter_than_the_window_is_a_whole_press():
    # Down and up 5 ms apart: the down counts at once, the up is chatter
    # until 20 ms after the down; the first poll after that sees it up.
    btns = make()
    press(b.OK)
    busy(5)
    release(b.OK)
    btns.poll(machine.sim_now())  # at 5 ms
    assert drain(btns) == []
    assert btns.held(b.OK)
    run(btns, 20)  # polls at 15 (inside the window) and 25 ms
    assert drain(btns) == [("OK", "press")]
    assert not btns.touched()


def test_presses_while_the_cpu_is_busy_are_all_seen():
    # 10 presses a second: 50 ms down, 50 ms up, while a screen opens for
    # 400 ms without a poll. Two UP and two OK presses, in order.
    btns = make()
    for button in (b.UP, b.OK, b.UP, b.OK):
        press(button)
        busy(50)
        release(button)
        busy(50)
    btns.poll(machine.sim_now())
    assert drain(btns) == [("UP", "press"), ("OK", "press")] * 2
    assert btns.lost_edges == 0


def test_a_press_while_interrupts_are_off_is_recovered_from_the_flags():
    # A flash erase keeps interrupts off for about 45 ms; a 30 ms press
    # inside it latches both edges, and one interrupt says FALLING|RISING.
    btns = make()
    machine.disable_irq()
    busy(5)
    press(b.DOWN)
    busy(30)
    release(b.DOWN)
    busy(10)
    machine.enable_irq()
    btns.poll(machine.sim_now())
    assert drain(btns) == [("DOWN", "press")]
    assert btns.held(b.DOWN)  # both edges got the same tick: the up waits out the window
    run(btns, 30)
    assert not btns.held(b.DOWN)
    assert drain(btns) == []


def test_a_release_then_press_while_interrupts_are_off_keeps_the_button_down():
    btns = make()
    press(b.OK)
    run(btns, 100)
    machine.disable_irq()
    release(b.OK)
    busy(20)
    press(b.OK)
    busy(20)
    machine.enable_irq()
    run(btns, 50)
    # Up then down at the same tick: the up is a release (a PRESS), the
    # down inside its window is chatter, and the level, still down, is a
    # new press once the window is over.
    assert drain(btns) == [("OK", "press")]
    assert btns.held(b.OK)
    release(b.OK)
    run(btns, 30)
    assert drain(btns) == [("OK", "press")]


def test_a_press_stamped_late_by_an_erase_and_the_next_before_a_poll_are_two():
    # Found on the emulated Pico (factory_table at ten presses a second): OK
    # goes down during a flash erase (interrupts off 45 ms), so its edge is
    # stamped when they come back on; the release 8 ms after that stamp is
    # inside the 20 ms window (chatter, by the stamps), and the loop, busy
    # saving, polls only once the next press is down again. The release
    # took effect at the window's end (stamp + 20), whatever the pin says
    # at the poll: two presses, not one long-held OK.
    btns = make()
    machine.disable_irq()
    busy(3)
    press(b.OK)  # at 3 ms, stamped at 45
    busy(42)
    machine.enable_irq()
    busy(8)
    release(b.OK)  # at 53: 8 ms after the stamp
    busy(50)
    press(b.OK)  # at 103, the next press
    busy(40)
    btns.poll(machine.sim_now())  # at 143: the first poll since
    assert drain(btns) == [("OK", "press")]
    assert btns.held(b.OK)
    release(b.OK)
    run(btns, 30)
    assert drain(btns) == [("OK", "press")]


def test_long_press_fires_once_while_held_and_no_press_on_release():
    btns = make()
    press(b.OK)
    run(btns, 690)  # long due at 700 ms
    assert drain(btns) == []
    run(btns, 10)
    assert drain(btns) == [("OK", "long")]
    run(btns, 2000)
    release(b.OK)
    run(btns, 50)
    assert drain(btns) == []


def test_a_hold_past_the_long_time_while_busy_is_a_long_press():
    # OK down at 0 and up at 800 ms, no poll in between: the long press fell
    # due at 700 ms, while it was still held.
    btns = make()
    press(b.OK)
    busy(800)
    release(b.OK)
    busy(100)
    btns.poll(machine.sim_now())
    assert drain(btns) == [("OK", "long")]


def test_up_repeats_while_held():
    btns = make()
    press(b.UP)
    # PRESS at 0; repeats due at 350, 470, 590, 710, 830 and 950 ms: the
    # poll at 950 ms still finds UP down, so six of them.
    run(btns, 950)
    events = drain(btns)
    assert events[0] == ("UP", "press")
    assert events[1:] == [("UP", "repeat")] * 6


def test_a_repeat_due_at_the_release_is_not_sent():
    btns = make()
    press(b.UP)
    run(btns, 940)
    release(b.UP)
    machine.sim_advance(10)  # released at 950 ms, the sixth repeat's time
    btns.poll(machine.sim_now())
    assert drain(btns) == [("UP", "press")] + [("UP", "repeat")] * 5


def test_repeat_speeds_up_after_eight():
    btns = make()
    press(b.DOWN)
    # PRESS at 0; slow repeats at 350 + 120k, k = 0..8 (the last at 1310),
    # then every 40 ms from 1350: (2000 - 1350) // 40 + 1 = 17 by 2000 ms.
    events = []
    for _ in range(200):
        run(btns, 10)
        events += drain(btns)
    assert events[0] == ("DOWN", "press")
    assert len(events) - 1 == 9 + 17


def test_queue_keeps_the_oldest_and_counts_the_dropped():
    btns = make()
    for _ in range(20):
        press(b.DOWN)
        run(btns, 40)
        release(b.DOWN)
        run(btns, 40)
    assert len(drain(btns)) == 16
    assert btns.dropped == 4


def test_edges_beyond_the_ring_are_counted_and_the_level_still_counts():
    # The ring holds 31 edges; 20 whole presses without a poll make 40.
    btns = make()
    for _ in range(20):
        press(b.OK)
        busy(30)
        release(b.OK)
        busy(30)
    press(b.OK)  # and the finger is down when the poll comes
    busy(30)
    btns.poll(machine.sim_now())
    assert btns.lost_edges == 41 - 31
    assert len(drain(btns)) == 15  # the 31 kept edges: 16 downs, 15 ups
    assert btns.held(b.OK)


def test_pins_without_interrupts_are_polled_with_first_edge_timing():
    pins = [PolledPin() for _ in range(4)]
    btns = b.Buttons(pins, Clock())
    pins[b.UP].level = 0
    run(btns, 10)
    assert drain(btns) == [("UP", "press")]
    pins[b.UP].level = 1
    run(btns, 10)  # 10 ms after the press: inside the window
    assert btns.held(b.UP)
    run(btns, 10)
    assert not btns.held(b.UP)


def test_ticks_wrap_does_not_confuse_timing():
    period = 1 << 30
    machine.sim_advance(period - 100)
    clock = Clock()
    clock.ticks_ms = lambda: machine.sim_now() % period
    clock.ticks_diff = lambda a, c: ((a - c + period // 2) % period) - period // 2
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in PINS]
    btns = b.Buttons(pins, clock)
    press(b.OK)
    for _ in range(75):  # 750 ms across the wrap, 100 ms before it
        machine.sim_advance(10)
        btns.poll(clock.ticks_ms())
    assert drain(btns) == [("OK", "long")]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(20, 120), st.integers(20, 120), st.integers(0, 3)),
        min_size=1,
        max_size=12,
    ),
    st.lists(st.integers(1, 300), min_size=1, max_size=8),
)
def test_no_press_is_lost_however_busy_the_loop(presses, gaps):
    """Presses whose down and up each last at least the debounce time, and
    a loop that polls every 1 to 300 ms: every press gives exactly one
    event, UP/DOWN a PRESS (before any repeat, which a hold of 120 ms or
    less never reaches) and OK/BACK a PRESS (no hold reaches 700 ms)."""
    btns = make()
    timeline = []  # (ms from start, button, down)
    t = 0
    for down_ms, up_ms, button in presses:
        timeline.append((t, button, True))
        timeline.append((t + down_ms, button, False))
        t += down_ms + up_ms
    polls = []
    at = 0
    while at <= t + 300:
        at += gaps[len(polls) % len(gaps)]
        polls.append(at)
    events = []
    now = 0
    for when, button, down in timeline:
        while polls and polls[0] <= when:
            busy(polls[0] - now)
            now = polls.pop(0)
            btns.poll(now)
            events += drain(btns)
        busy(when - now)
        now = when
        press(button, down)
    for when in polls:
        busy(when - now)
        now = when
        btns.poll(now)
        events += drain(btns)
    assert events == [(b.NAMES[button], "press") for _, _, button in presses]
    assert btns.lost_edges == 0 and btns.dropped == 0


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(50, 120), st.integers(50, 120), st.integers(0, 3)),
        min_size=1,
        max_size=10,
    ),
    st.lists(st.tuples(st.integers(5, 200), st.integers(1, 45)), min_size=1, max_size=6),
    st.lists(st.integers(1, 300), min_size=1, max_size=8),
)
def test_no_press_is_lost_when_erases_hold_interrupts_off(presses, erases, gaps):
    """Presses at ten a second or slower (each level held 50 ms or more),
    flash erases that hold interrupts off for up to 45 ms at any moment
    (a latched edge is stamped when they come back on), and a loop that
    polls every 1 to 300 ms, never inside an erase: every press is one
    event, in order."""
    btns = make()
    moments = []  # (ms, order at the same ms, what)
    t = 0
    for down_ms, up_ms, button in presses:
        moments.append((t, 2, ("pin", button, True)))
        moments.append((t + down_ms, 2, ("pin", button, False)))
        t += down_ms + up_ms
    off, at = [], 0
    while at <= t:
        for gap, length in erases:
            at += gap
            off.append((at, at + length))
            moments.append((at, 0, ("off",)))
            moments.append((at + length, 1, ("on",)))
            at += length
    at = 0
    while at <= t + 300:
        at += gaps[len(moments) % len(gaps)]
        if not any(start <= at < end for start, end in off):
            moments.append((at, 3, ("poll",)))
    moments.sort(key=lambda m: (m[0], m[1]))
    events = []
    now = 0
    for when, _order, what in moments:
        busy(when - now)
        now = when
        if what[0] == "pin":
            press(what[1], what[2])
        elif what[0] == "off":
            machine.disable_irq()
        elif what[0] == "on":
            machine.enable_irq()
        else:
            btns.poll(now)
            events += drain(btns)
    run(btns, 300)
    events += drain(btns)
    assert events == [(b.NAMES[button], "press") for _, _, button in presses]


def test_step_of_counts_up_and_down_presses_and_repeats():
    assert [b.step_of(b.event(k, b.UP)) for k in (b.PRESS, b.REPEAT, b.LONG)] == [1, 1, 0]
    assert [b.step_of(b.event(k, b.DOWN)) for k in (b.PRESS, b.REPEAT)] == [-1, -1]
    assert b.step_of(b.event(b.PRESS, b.OK)) == b.step_of(b.event(b.PRESS, b.BACK)) == 0


def test_the_main_loop_does_not_nap_over_an_edge_it_has_not_seen(rig):
    import board

    rig.run_ms(100)
    rig.app.step()
    machine.sim_set_pin(board.BUTTON_PINS[b.DOWN], 0)  # while that step was busy
    before = machine.sim_now()
    rig.app.nap()
    assert machine.sim_now() == before  # no 10 ms nap: the next step serves it
    rig.app.step()
    assert rig.app.screen.index == 1  # the menu moved down at once
    rig.app.nap()
    assert machine.sim_now() == before + 10  # nothing pending: the usual nap


def test_each_event_knows_which_buttons_were_down_when_it_happened():
    btns = make()
    press(b.OK)
    busy(50)
    press(b.UP)
    busy(50)
    release(b.UP)
    busy(50)
    release(b.OK)
    busy(50)
    press(b.DOWN)
    busy(50)
    btns.poll(machine.sim_now())  # one poll after the whole sequence
    seen = []
    while (ev := btns.get()) >= 0:
        seen.append((b.NAMES[b.button_of(ev)], btns.held_then(b.OK)))
    assert seen == [("UP", True), ("OK", False), ("DOWN", False)]


class _PeekScreen:
    peek = True

    def __init__(self, app):
        self.app = app
        self.seen = []

    def on_event(self, ev):
        self.seen.append((b.NAMES[b.button_of(ev)], self.app.peeking))

    def draw(self, c):
        pass


def test_a_peek_screen_judges_a_late_batch_by_each_events_own_time(rig):
    # OK goes down and UP is pressed under it before the loop gets round to
    # a step (a journal write, say): the UP is secret input all the same.
    import board

    screen = _PeekScreen(rig.app)
    rig.app.push(screen)
    rig.run_ms(20)
    ok, up, down = (board.BUTTON_PINS[k] for k in (b.OK, b.UP, b.DOWN))
    for pin, level in ((ok, 0), (up, 0), (up, 1), (ok, 1), (down, 0), (down, 1)):
        machine.sim_set_pin(pin, level)
        machine.sim_advance(50)
    rig.step()
    assert screen.seen == [("UP", True), ("OK", False), ("DOWN", False)]
