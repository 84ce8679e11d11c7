"""A whole evening: the panel dims and goes dark when idle, the press that
wakes it does nothing else, the chip lightsleeps on batteries, the battery
is watched, a hang reboots into the resume offer, and a crashing screen
leaves a working referee, a log line and the game on flash."""

import re

import pytest
from conftest import drawn_text, on_stack

import board
import machine
from rig import Rig, VirtualClock

# DESIGN/issue numbers the defaults are held to
DIM_S, OFF_S = 30, 120


def texts(rig):
    """Every string drawn by one full redraw of the top screen."""
    with pytest.MonkeyPatch.context() as patch:
        drawn = drawn_text(patch)
        rig.app.dirty = True
        rig.step()
    return drawn


def menu(rig):
    from referee.screens.menu import Menu

    return on_stack(rig, Menu)


def test_the_panel_dims_at_30_s_and_goes_dark_at_2_min(rig):
    full = rig.panel.contrast
    assert rig.panel.on and full == 0xFF  # brightness 4 of 4 by default
    rig.run_ms(DIM_S * 1000 - 500)
    assert rig.panel.contrast == full
    rig.run_ms(1000)
    assert rig.panel.on and rig.panel.contrast == 1
    rig.run_ms((OFF_S - DIM_S) * 1000 - 1000)
    assert rig.panel.on
    rig.run_ms(1000)
    assert not rig.panel.on and not any(rig.panel.pixels())


def test_the_press_that_wakes_a_dark_panel_does_nothing_else(rig):
    rig.run_ms(OFF_S * 1000 + 100)
    rig.play("down")
    assert rig.panel.on and rig.panel.contrast == 0xFF
    assert menu(rig).index == 0  # woke, did not move
    rig.play("down")
    assert menu(rig).index == 1  # now it acts


def test_a_dimmed_panel_acts_on_the_first_press(rig):
    # still readable when dimmed, so a press there means what it says
    rig.run_ms(DIM_S * 1000 + 100)
    rig.play("down")
    assert menu(rig).index == 1 and rig.panel.contrast == 0xFF


def test_the_waking_ok_never_opens_a_peek(rig):
    class Secret:
        peek = True

        def on_event(self, ev):
            pass

        def draw(self, c):
            c.text("SECRET" if rig.app.peeking else "hold OK", 0, 0)

    rig.app.push(Secret())
    rig.run_ms(OFF_S * 1000 + 100)
    pin = board.BUTTON_PINS[2]
    machine.sim_set_pin(pin, 0)
    rig.run_ms(500)  # held: the panel is back, the secret is not
    assert rig.panel.on and not rig.app.peeking and "SECRET" not in texts(rig)
    machine.sim_set_pin(pin, 1)
    rig.run_ms(100)
    machine.sim_set_pin(pin, 0)
    rig.run_ms(100)
    assert rig.app.peeking and "SECRET" in texts(rig)  # a fresh hold peeks


def test_never_means_never(rig):
    before = dict(rig.app.settings)
    rig.app.settings.update(dim=0, off=0)
    from referee.settings import apply

    apply(rig.app, before)
    rig.run_ms(10 * 60 * 1000)
    assert rig.panel.on and rig.panel.contrast == 0xFF


def test_on_batteries_it_lightsleeps_between_polls_and_longer_when_dark(flash):
    rig = Rig()
    rig.run_ms(60_000)
    world = machine.sim_world()
    assert world.slept >= 59_000  # every poll of an idle minute slept
    steps = rig.steps
    rig.run_ms(OFF_S * 1000)  # past the 2 minutes: dark
    dark_steps = rig.steps
    rig.run_ms(10_000)
    assert rig.steps - dark_steps == 10_000 // 100  # 100 ms naps when dark
    assert dark_steps - steps > 100 * 60  # 10 ms naps before
    usb = Rig(usb=True, data_dir="usb")
    usb.run_ms(1000)
    assert machine.sim_world().slept == 0  # on USB it only waits


def test_for_a_second_after_a_touch_it_waits_awake_for_the_next_press(flash):
    # From lightsleep a press's interrupt handler runs on the 12 MHz sleep
    # clock and the clocks take time to come back: on the emulated chip a
    # press waited 2.1 ms for its step. So for a second after a touch the
    # naps wait awake (1 ms at a time, ended by the next edge), then sleep.
    rig = Rig()
    rig.run_ms(100)
    world = machine.sim_world()
    slept = world.slept
    rig.run_ms(500)
    assert world.slept - slept >= 490  # untouched since power-on: it sleeps
    rig.play("down")
    slept = world.slept
    rig.run_ms(900)
    assert world.slept == slept  # awake in the second after the press
    rig.run_ms(600)
    assert world.slept - slept >= 490  # asleep again after it


def gauge_pixels(rig):
    image = rig.panel.pixels()
    # title row (page 0), the gauge's columns
    return sum(bin(image[x]).count("1") for x in range(111, 128))


def test_the_menu_shows_a_battery_gauge_and_warns_once_when_low(flash):
    rig = Rig()
    # Fresh cells, 4.6 V: the ADC converts 1903 (12 bits), read_u16 gives
    # 1903 << 4 | 1903 >> 8 = 30455, and 30455 * 9900 // 65535 = 4600 mV,
    # what the chip shows (4.60 V), not the 4,599 a 16-bit fake gave.
    assert rig.app.millivolts == 4600
    full = gauge_pixels(rig)
    # 3.4 V: (3400 - 3000) * 3 // 1500 = 0, so one bar of four left
    machine.sim_set_adc(3, machine.sim_vsys_raw(3400))
    rig.run_ms(5_000)
    one_bar = gauge_pixels(rig)
    # 3400 * 4096 // 9900 = 1406; 1406 << 4 | 1406 >> 8 = 22501; * 9900 // 65535 = 3399
    assert one_bar != full and rig.app.millivolts == 3399  # 4 - 1 bars, 8 px each
    assert abs(full - one_bar) == 3 * 4
    # 3.2 V: below 3.3 V three readings in a row (5 s apart) before warning
    machine.sim_set_adc(3, machine.sim_vsys_raw(3200))
    rig.run_ms(10_000)
    assert "BATTERY LOW" not in texts(rig)
    rig.run_ms(5_000)
    assert "BATTERY LOW" in texts(rig)
    rig.play("ok")
    rig.run_ms(30_000)
    assert "BATTERY LOW" not in texts(rig)  # once is enough
    usb = Rig(usb=True, data_dir="usb")
    assert usb.app.millivolts == 0 and gauge_pixels(usb) == 8 * 17  # a plain title bar


def test_an_empty_battery_stops_input_and_comes_back_on_usb(flash):
    from referee.screens.battery import BatteryEmpty

    rig = Rig()
    rig.play("down\nok\nok\nok\nok long")  # Score pad: a game of 4
    before = rig.app.storage.read("game.jnl")
    machine.sim_set_adc(3, machine.sim_vsys_raw(2900))
    rig.run_ms(16_000)
    assert isinstance(rig.app.screen, BatteryEmpty)
    assert "EMPTY" in texts(rig)
    steps = rig.steps
    rig.play("ok\nup\nok long\nback long")
    assert isinstance(rig.app.screen, BatteryEmpty)
    assert rig.app.storage.read("game.jnl") == before  # nothing written
    assert rig.steps - steps < 20  # one poll a second while it waits
    machine.sim_set_adc(3, machine.sim_vsys_raw(3100))  # the cells recover a little
    rig.run_ms(30_000)
    assert isinstance(rig.app.screen, BatteryEmpty)  # not enough: under 3.3 V
    machine.sim_set_pin(board.VBUS_SENSE, 1)  # USB plugged in
    rig.run_ms(6_000)
    assert not isinstance(rig.app.screen, BatteryEmpty)
    assert rig.app.storage.read("game.jnl") == before
    machine.sim_set_pin(board.VBUS_SENSE, 0)  # unplugged again: 3.1 V is low, not empty
    rig.run_ms(16_000)
    assert "BATTERY LOW" in texts(rig)
    rig.play("ok")
    machine.sim_set_adc(3, machine.sim_vsys_raw(2900))
    rig.run_ms(16_000)
    assert isinstance(rig.app.screen, BatteryEmpty)  # and empty again


def test_a_hang_is_reset_by_the_watchdog_into_the_resume_offer(flash):
    from referee.screens.notice import Notice
    from referee.screens.resume import ResumeOffer

    rig = Rig()
    rig.play("down\nok\nok\nok\nok long\nok\nup\nok")  # a score pad game with a score in it

    class Hang:
        def on_event(self, ev):
            while True:  # a loop that never returns to the main loop
                rig.clock.sleep_ms(100)

        def draw(self, c):
            pass

    rig.app.push(Hang())
    start = machine.sim_now()
    with pytest.raises(machine.WatchdogReset):
        rig.play("ok")
    assert 8000 <= machine.sim_now() - start <= 8000 + 500  # the RP2040's longest timeout
    again = Rig(reset_cause=machine.WDT_RESET)
    assert isinstance(again.app.screen, Notice)
    assert "restarted after a hang" in texts(again)
    again.play("ok")
    assert isinstance(again.app.screen, ResumeOffer)
    assert b"watchdog reset" in again.app.storage.read("errors.log")


def test_ctrl_c_stops_the_watchdog_so_deploy_can_work(flash, monkeypatch):
    from referee.app import run
    from virtual_ssd1306 import VirtualSSD1306

    machine.sim_reset()
    machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, VirtualSSD1306())

    def interrupted(ms=0):
        raise KeyboardInterrupt

    monkeypatch.setattr(machine, "lightsleep", interrupted)
    hw = board.hardware()
    with pytest.raises(KeyboardInterrupt):
        run(hw)
    # RP2040 datasheet: WATCHDOG CTRL at 0x40058000, ENABLE is bit 30
    assert machine.mem32[0x40058000] & (1 << 30) == 0


def test_a_failure_outside_any_screen_is_logged_before_the_watchdog_resets(flash, monkeypatch):
    from referee.app import run
    from referee.hw.battery import Battery
    from virtual_ssd1306 import VirtualSSD1306

    machine.sim_reset()
    machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, VirtualSSD1306())
    hw = board.hardware(clock=VirtualClock())

    def broken(self):
        raise OSError(5, "ADC")

    monkeypatch.setattr(Battery, "millivolts", broken)
    with pytest.raises(OSError):
        run(hw)
    line = broken.__code__.co_firstlineno + 1
    logged = hw.storage.read("errors.log").decode()
    # the chain from the loop down to the failing call, innermost last
    assert " OSError at app.py:" in logged and f" > test_power.py:{line}: " in logged, logged
    assert machine.sim_world().wdt is not None  # still running: it will reset the chip


class Boom:
    def __init__(self, where):
        self.where = where

    def on_event(self, ev):
        if self.where == "event":
            raise ZeroDivisionError("boom")

    def draw(self, c):
        if self.where == "draw":
            raise KeyError("boom")
        c.text("boom", 0, 0)


def test_a_screen_that_raises_gives_a_calm_screen_and_a_log_line(flash):
    from referee.screens.crash import Crash
    from referee.screens.resume import ResumeOffer

    rig = Rig()
    rig.play("down\nok\nok\nok\nok long\nok\nup\nok")  # a score pad game, saved
    journal = rig.app.storage.read("game.jnl")
    rig.app.push(Boom("event"))
    rig.play("ok")
    assert isinstance(rig.app.screen, Crash)
    shown = texts(rig)
    line = Boom.on_event.__code__.co_firstlineno + 2  # the raise
    assert "ZeroDivisionError" in shown and f"test_power.py:{line}" in shown
    log = rig.app.storage.read("errors.log").decode()
    # the chain of calls, innermost last: the app's step, then the screen's raise
    assert re.search(rf"ZeroDivisionError at app\.py:\d+ > .*test_power\.py:{line}: boom\n", log)
    assert rig.app.storage.read("game.jnl") == journal  # untouched
    rig.play("ok")
    assert isinstance(rig.app.screen, ResumeOffer)  # carry on with the game
    rig.app.push(Boom("draw"))
    rig.step()
    assert isinstance(rig.app.screen, Crash) and "KeyError" in texts(rig)
    rig.play("back")
    assert len(rig.app._stack) == 1  # the menu


def test_the_error_log_keeps_the_newest_lines_within_its_size(flash):
    from referee.core.error_log import LOG, LOG_BYTES, log
    from referee.hw.storage import Storage

    storage = Storage("data")
    for n in range(300):
        log(storage, f"error number {n:04d} happened here")  # 32 bytes a line
    data = storage.read(LOG)
    assert len(data) <= LOG_BYTES
    lines = data.decode().split("\n")
    assert lines[-2] == "error number 0299 happened here" and lines[-1] == ""
    assert all(line.startswith("error number ") for line in lines[:-1])  # whole lines only
    assert len(lines) - 1 >= LOG_BYTES // 2 // 32  # at least half the log is kept


def test_a_roll_and_a_turn_sound_the_buzzer_unless_muted(flash):
    rig = Rig()
    rig.play("ok\nok")  # Dice & coins: throw
    tones = [hz for _, hz in machine.sim_tones()]
    assert tones == [2093]
    assert rig.hw.buzzer._pwm.duty_u16() == 0  # silent again after 25 ms
    rig.app.settings["sound"] = 0
    rig.play("ok")
    assert len(machine.sim_tones()) == 1


def settings_screen(rig):
    rig.play("up\nok")  # the last menu entry
    from referee.screens.settings import Settings

    assert isinstance(rig.app.screen, Settings)


def test_settings_take_effect_at_once_and_survive_a_reset(flash):
    from referee.settings import CONTRAST

    rig = Rig()
    upright = bytes(rig.panel.pixels())
    settings_screen(rig)
    rig.play("down\nok")  # Bright: 4 -> 1 (the choices wrap)
    assert rig.panel.contrast == CONTRAST[1] == 0x10
    rig.play("up\nok\nback")  # Flip the panel: yes
    turned = rig.panel.pixels()
    # turned 180 degrees: pixel (x, y) is now at (127 - x, 63 - y)
    for x, y in ((0, 0), (30, 4), (64, 20), (100, 40), (127, 63)):
        assert rig.panel.pixel(x, y, turned) == rig.panel.pixel(127 - x, 63 - y, upright)
    again = Rig()
    assert again.app.settings["flip"] == 1 and again.app.settings["bright"] == 1
    assert again.panel.contrast == 0x10
    image = again.panel.pixels()
    for y in range(64):
        for x in range(128):
            assert again.panel.pixel(x, y, image) == rig.panel.pixel(127 - x, 63 - y, upright)


def test_settings_rows_say_flip_the_panel_and_keep_clear_of_the_edges(flash, monkeypatch):
    """Each row's words sit inside a margin: on a plain row the outer four
    pixel columns at each side stay dark, on the chosen (inverted) row they
    stay lit, so no letter touches the panel's edge. The first line names
    what it does in a player's words."""
    rig = Rig()
    drawn = drawn_text(monkeypatch)
    settings_screen(rig)
    assert "Flip the panel" in drawn and "no " in drawn
    assert "Face" not in drawn
    for chosen in range(5):  # each line chosen in turn
        image = rig.panel.pixels()
        for row in range(1, 7):  # the five lines and the battery's
            lit = row == 1 + chosen
            for y in range(row * 8, row * 8 + 8):
                for x in (0, 1, 2, 3, 124, 125, 126, 127):
                    assert rig.panel.pixel(x, y, image) == lit, (chosen, row, x, y)
        rig.play("down")
