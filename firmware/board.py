"""The one board file: every pin, bus speed and address of the Robot Referee.

Wiring (see hardware/ and the README):

    SSD1306 128x64 OLED, I2C0   SDA GP4 (pin 6), SCL GP5 (pin 7), 3V3, GND, address 0x3C
    buttons to GND, pull-ups    UP GP10, DOWN GP11, OK GP12, BACK GP13
    piezo buzzer (optional)     GP15, PWM
    battery sense               VSYS/3 on ADC3 (GP29), on the Pico board itself

Change a number here, nowhere else. ``hardware()`` builds the drivers from
``machine``; on the desktop the same function runs against host_tools/fakes.
"""

from micropython import const

I2C_ID = const(0)
I2C_SDA = const(4)
I2C_SCL = const(5)
# Many SSD1306 modules run fine at 1 MHz (9.4 ms a frame instead of 23.5 ms);
# 400 kHz is the rate every module is specified for.
I2C_FREQ = const(400_000)
DISPLAY_ADDR = const(0x3C)
DISPLAY_WIDTH = const(128)
DISPLAY_HEIGHT = const(64)
# Set to True to turn the picture 180 degrees (module mounted upside down).
DISPLAY_FLIP = False

# Button order is the order of the event codes in referee.hw.buttons.
BUTTON_PINS = (10, 11, 12, 13)  # UP, DOWN, OK, BACK
BUZZER_PIN = const(15)
BATTERY_ADC = const(29)
# High while USB powers the board (GP24 on a Pico; a Pico W reads "WL_GPIO2").
VBUS_SENSE = const(24)

# Where games and settings live on the flash filesystem.
# Relative to the working directory: "/" on the Pico, a folder of its own
# (the simulated flash) on the desktop.
DATA_DIR = "data"


class Hardware:
    """What the firmware gets from the board: one attribute per seam."""

    def __init__(self, display, buttons, clock, entropy, storage, power, battery, buzzer):
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.entropy = entropy
        self.storage = storage
        self.power = power
        self.battery = battery
        self.buzzer = buzzer
        self.upside_down = DISPLAY_FLIP  # the settings may turn it once more
        self.watchdog_reset = False  # this boot follows a watchdog reset


# A full frame on the bus: the address, the 0x40 control byte and the
# pixels, 9 SCL periods a byte (8 bits and the ACK): 9,234 at 128x64.
_FRAME_PERIODS = const((DISPLAY_WIDTH * DISPLAY_HEIGHT // 8 + 2) * 9)


def i2c_timeout_us(freq):
    """machine.I2C's limit for one transfer, in microseconds (rp2 gives a
    whole transfer one deadline, 50 ms unless told): twice a full frame's
    wire time, and never below that default. At 400 kHz a frame takes
    23 ms; below about 185 kHz it would outlast 50 ms and fail."""
    # 2 * periods * 1e6 / freq, kept in small ints
    return max(50_000, _FRAME_PERIODS * 20_000 // (freq // 100))


def hardware(clock=None, entropy=None, data_dir=DATA_DIR, freq=I2C_FREQ, watchdog=None):
    """Build the Pico's drivers. The display is made first so its frame
    buffer gets a contiguous block while the heap is still empty.

    ``clock`` and ``entropy`` default to the chip's own (time.ticks_ms and
    the ring oscillator behind os.urandom); the desktop passes a virtual clock
    and seeded bytes so that a scripted run is the same on every machine.
    ``freq`` is the I2C bus speed (a test tries a slow bus). ``watchdog`` is
    the machine.WDT that main.py started before anything else; without one
    the referee starts its own when its loop begins.
    """
    # Here: tools import board for its pins alone; the VM bench's menu heap counts these 19.8 KB
    import machine
    from referee.hw.battery import Battery
    from referee.hw.buttons import Buttons
    from referee.hw.buzzer import Buzzer
    from referee.hw.clock import Clock
    from referee.hw.i2c_bus import I2CBus
    from referee.hw.panel import Panel
    from referee.hw.power import Power
    from referee.hw.storage import Storage

    i2c = machine.I2C(
        I2C_ID,
        sda=machine.Pin(I2C_SDA),
        scl=machine.Pin(I2C_SCL),
        freq=freq,
        timeout=i2c_timeout_us(freq),
    )
    display = Panel(DISPLAY_WIDTH, DISPLAY_HEIGHT, I2CBus(i2c), addr=DISPLAY_ADDR)
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in BUTTON_PINS]
    if clock is None:
        clock = Clock()
    if entropy is None:  # the chip's own: the desktop VM's os has no urandom (it passes entropy)
        from os import urandom as entropy
    usb = machine.Pin(VBUS_SENSE, machine.Pin.IN)
    if watchdog is None:
        make_watchdog = lambda ms: machine.WDT(timeout=ms)  # noqa: E731
    else:
        make_watchdog = lambda ms: watchdog  # noqa: E731
    power = Power(display, clock, machine.lightsleep, usb, make_watchdog)
    battery = Battery(machine.ADC(BATTERY_ADC))
    pwm = machine.PWM(machine.Pin(BUZZER_PIN))
    pwm.duty_u16(0)
    buzzer = Buzzer(pwm, clock)
    buttons = Buttons(pins, clock)
    hw = Hardware(display, buttons, clock, entropy, Storage(data_dir), power, battery, buzzer)
    hw.watchdog_reset = machine.reset_cause() == machine.WDT_RESET
    return hw
