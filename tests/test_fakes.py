"""The machine fake behaves like MicroPython's machine where firmware will lean on it."""

import pytest

import machine


@pytest.fixture(autouse=True)
def world():
    machine.sim_reset()


def test_pin_pull_up_reads_high_until_pressed_and_fires_irqs():
    pin = machine.Pin(12, machine.Pin.IN, machine.Pin.PULL_UP)
    seen = []
    pin.irq(lambda p: seen.append(p.value()), machine.Pin.IRQ_FALLING)
    assert pin.value() == 1
    machine.sim_set_pin(12, 0)
    machine.sim_set_pin(12, 0)  # no edge, no second call
    machine.sim_set_pin(12, 1)  # rising edge: not asked for
    assert seen == [0]


def test_output_pin_keeps_its_own_level():
    pin = machine.Pin(25, machine.Pin.OUT, value=1)
    assert pin.value() == 1
    pin.off()
    assert pin() == 0


def test_periodic_and_one_shot_timers_fire_on_virtual_time():
    ticks = []
    machine.Timer(period=100, callback=lambda t: ticks.append(machine.sim_now()))
    once = []
    machine.Timer(mode=machine.Timer.ONE_SHOT, period=250, callback=lambda t: once.append(1))
    machine.sim_advance(1000)
    assert ticks == [100 * k for k in range(1, 11)]
    assert once == [1]


def test_watchdog_resets_when_not_fed():
    wdt = machine.WDT(timeout=500)
    machine.sim_advance(400)
    wdt.feed()
    machine.sim_advance(400)
    with pytest.raises(machine.WatchdogReset):
        machine.sim_advance(200)


def test_adc_reads_what_the_world_sets_and_lightsleep_passes_time():
    # 1903 = 0x76F: shifted up four bits, 0x76F0 = 30448, its top four bits
    # (0x7) fill the low end as the rp2 port does: 30455.
    machine.sim_set_adc(3, 1903)
    assert machine.ADC(29).read_u16() == 30455
    assert machine.ADC(machine.Pin(29)).read_u16() == 30455
    machine.lightsleep(250)
    assert machine.sim_now() == 250


def test_adc_says_only_what_a_12_bit_adc_can():
    machine.sim_set_adc(3, 4095)
    assert machine.ADC(29).read_u16() == 65535  # full scale stays full scale
    machine.sim_set_adc(3, 0)
    assert machine.ADC(29).read_u16() == 0
    with pytest.raises(ValueError):
        machine.sim_set_adc(3, 4096)
    # 4.6 V of VSYS is 1.5333 V at the pin: 1.5333 / 3.3 * 4096 = 1903.2 steps
    assert machine.sim_vsys_raw(4600) == 1903


def test_i2c_scan_and_missing_device():
    class Dev:
        def i2c_write(self, buf):
            self.last = bytes(buf)

    dev = Dev()
    machine.sim_attach_i2c(0, 0x3C, dev)
    bus = machine.I2C(0)
    assert bus.scan() == [0x3C]
    assert bus.writeto(0x3C, b"\x80\xaf") == 2 and dev.last == b"\x80\xaf"
    assert machine.sim_bus_bytes(0) == 2
    with pytest.raises(OSError):
        bus.writeto(0x3D, b"\x00")


def test_i2c_writevto_sends_the_buffers_as_one_transfer():
    class Dev:
        def __init__(self):
            self.writes = []

        def i2c_write(self, buf):
            self.writes.append(bytes(buf))

    dev = Dev()
    machine.sim_attach_i2c(0, 0x3C, dev)
    bus = machine.I2C(0)
    pages = bytearray(range(1, 129))
    # the control byte and a page in one transaction: 1 + 128 bytes
    assert bus.writevto(0x3C, [b"\x40", memoryview(pages)]) == 129
    assert dev.writes == [b"\x40" + bytes(pages)]
    assert machine.sim_bus_bytes(0) == 129
    # one buffer goes through untouched, empty ones are skipped
    assert bus.writevto(0x3C, (b"", b"\x00\xaf", b"")) == 2
    assert dev.writes[-1] == b"\x00\xaf"
    # one transfer, one deadline: 50 ms at 400 kHz is 20,000 SCL periods,
    # which hold the address and n bytes, (n + 1) * 9, up to n = 2,221
    with pytest.raises(OSError):
        bus.writevto(0x3C, [b"\x40", bytes(2221)])  # 2,222 bytes in all
    assert bus.writevto(0x3C, [b"\x40", bytes(2220)]) == 2221


def test_pwm_records_tones():
    pwm = machine.PWM(machine.Pin(15))
    pwm.freq(440)
    pwm.duty_u16(32768)
    assert machine.sim_tones() == [(0, 440)] and pwm.duty_u16() == 32768
