"""The interactive simulator's keys and screen, without a terminal: a
terminal sends key presses and no releases, so OK can be held only by a
key that latches it (issue 19)."""

from host_tools import sim

UP, DOWN, OK, BACK = 0, 1, 2, 3


def test_a_key_is_a_press_of_a_fixed_length():
    keys = sim.KeyPresses()
    assert keys.on_key("\x1b[A") == [("down", UP), ("wait", sim.TAP_S), ("up", UP)]
    assert keys.on_key("O") == [("down", OK), ("wait", sim.LONG_S), ("up", OK)]
    assert keys.on_key("l") == [] and keys.on_key("b") == [
        ("down", BACK),
        ("wait", sim.LONG_S),
        ("up", BACK),
    ]
    assert keys.on_key("x") == []


def test_h_holds_ok_while_other_buttons_tap():
    # a peek: OK down, UP twice under it, then let go (h again, or Enter)
    keys = sim.KeyPresses()
    assert keys.on_key("h") == [("down", OK)] and "OK held" in keys.status
    assert keys.on_key("k") == [("down", UP), ("wait", sim.TAP_S), ("up", UP)]
    assert "(OK held)" in keys.status
    assert keys.on_key("h") == [("up", OK)]
    keys.on_key("h")
    assert keys.on_key("\r") == [("up", OK)]  # OK's own key lets go too
    assert keys.on_key("\r") == [("down", OK), ("wait", sim.TAP_S), ("up", OK)]


def test_the_screen_fills_the_smallest_terminal_without_scrolling():
    text = sim.screen_text(bytes(1024), "OK press")
    assert text.count("\n") == sim.LINES - 1  # 35 lines, none after the last
    assert max(len(line) for line in text.split("\n")) <= sim.COLUMNS + len("\x1b[K")


def test_a_terminal_too_small_is_told_what_size_it_needs():
    assert sim.too_small(130, 35) is None and sim.too_small(200, 50) is None
    said = sim.too_small(80, 24)
    assert "130x35" in said and "80x24" in said and "--script" in said


def test_a_tap_outlasts_the_dark_panels_poll():
    # a dark referee polls every OFF_POLL_MS: a shorter tap can fall between
    from referee.hw.power import OFF_POLL_MS

    assert sim.TAP_S * 1000 > OFF_POLL_MS


def test_make_fuzz_says_the_storm_size_the_test_runs():
    # STORM_EVENTS=100000: 8 slices of 100,000 // 40 in the VM (tests/test_storm.py)
    from conftest import ROOT

    text = (ROOT / "Makefile").read_text()
    assert "100,000 events a seed on CPython, 20,000 in the VM" in text
