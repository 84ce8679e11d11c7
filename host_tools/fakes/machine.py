"""Desktop stand-in for MicroPython's ``machine`` module.

The firmware uses the real API (Pin, I2C, Timer, WDT, ADC, PWM, lightsleep).
Everything outside the chip, the buttons, the I2C devices, the battery and
the passing of time, is "the world", driven through the ``sim_*`` calls,
which exist only here.
"""

_EIO = 5  # rp2's errno when no device acknowledges its address
_ETIMEDOUT = 110  # and when a transfer outlasts the I2C object's timeout


class _World:
    def __init__(self):
        self.now = 0  # virtual milliseconds since power-on
        self.levels = {}  # pin number -> level the outside world drives
        self.pins = {}  # pin number -> Pin objects made for it
        # bus id * 256 + address -> device with i2c_write / i2c_read_into
        # (an int key: a tuple made at every transfer would be billed to the
        # firmware's allocations in the VM lane)
        self.devices = {}
        self.bus_bytes = {}  # bus id -> payload bytes written
        self.timers = []
        self.wdt = None
        self.adc = {}  # ADC channel -> the 12-bit conversion result the chip holds
        self.tones = []  # (time, frequency) the PWM pins were set to, the last _TONES_KEPT
        self.slept = 0  # ms spent in lightsleep
        self.adc[3] = sim_vsys_raw(4600)  # VSYS/3 on ADC3: three fresh AAA cells
        self.reset_cause = PWRON_RESET
        self.mem32 = {}  # registers poked through machine.mem32
        self.irqs = {}  # pin number -> its _PinIrq (one per GPIO, as on the chip)
        self.irq_off = 0  # disable_irq() depth: edges latch, handlers wait


PWRON_RESET = 1
WDT_RESET = 3


ADC_BITS = 12  # the RP2040's ADC: a conversion is 0..4095


def sim_vsys_raw(millivolts):
    """The 12-bit ADC3 conversion for a VSYS voltage: the Pico divides VSYS
    by 3 and the ADC's full scale is 3.3 V, so 9.9 V would be 4096 steps.
    An ideal ADC gives the step the voltage reaches (4.6 V: 1903)."""
    return millivolts * (1 << ADC_BITS) // 9900


_world = None


def sim_reset(cause=PWRON_RESET):
    """Power-cycle the world: no pins, devices, timers; time back to 0.
    ``cause`` is what machine.reset_cause() will say (WDT_RESET after a
    watchdog reset)."""
    global _world
    _world = _World()
    _world.reset_cause = cause


sim_reset()


def sim_world():
    return _world


def reset_cause():
    return _world.reset_cause


class _Mem32:
    def __getitem__(self, address):
        return _world.mem32.get(address, 0x40000000 if address == 0x40058000 else 0)

    def __setitem__(self, address, value):
        _world.mem32[address] = value & 0xFFFFFFFF


mem32 = _Mem32()


def sim_now():
    return _world.now


def sim_advance(ms):
    """Let ``ms`` milliseconds pass, firing timers that fall due."""
    end = _world.now + ms
    while True:
        due = None
        for t in _world.timers:
            if due is None or t._due < due._due:
                due = t
        if due is None or due._due > end:
            break
        _world.now = due._due
        due._fire()
    _world.now = end
    wdt = _world.wdt
    if wdt is not None and _world.now - wdt._fed > wdt._timeout:
        raise WatchdogReset("watchdog not fed for %d ms" % (_world.now - wdt._fed))


def sim_set_pin(number, level):
    """The outside world drives a pin (a button to GND pulls it to 0)."""
    old = _world.levels.get(number, 1)
    _world.levels[number] = level
    if old != level:
        irq = _world.irqs.get(number)
        if irq is not None:
            irq._edge(Pin.IRQ_RISING if level else Pin.IRQ_FALLING)


def disable_irq():
    """As on the chip: edges still latch, their handlers run at enable_irq()
    (the rp2 firmware writes the flash so, for up to 45 ms a sector)."""
    _world.irq_off += 1
    return _world.irq_off


def enable_irq(state=None):
    _world.irq_off = max(0, _world.irq_off - 1)
    if _world.irq_off == 0:
        for irq in list(_world.irqs.values()):
            irq._run()


def sim_attach_i2c(bus_id, address, device):
    _world.devices[bus_id * 256 + address] = device


def sim_detach_i2c(bus_id, address):
    """A loose wire: the device no longer answers (writes raise EIO)."""
    _world.devices.pop(bus_id * 256 + address, None)


def sim_bus_bytes(bus_id=0):
    return _world.bus_bytes.get(bus_id, 0)


def sim_set_adc(channel, raw):
    """The ADC's next conversions on ``channel``: a 12-bit value, as the
    chip's ADC gives (the fake refuses what the chip cannot say)."""
    if not 0 <= raw < 1 << ADC_BITS:
        raise ValueError("the RP2040 ADC converts to 12 bits, not %r" % (raw,))
    _world.adc[channel] = raw


_TONES_KEPT = 16


def sim_tones():
    return _world.tones


_UNSET = object()  # Pin.irq() called without a handler argument


class WatchdogReset(BaseException):
    """The chip resets: not an Exception, so no firmware handler catches it."""


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._mode = mode
        self._out = 0
        if pull == Pin.PULL_UP and id not in _world.levels:
            _world.levels[id] = 1
        if value is not None:
            self._out = 1 if value else 0
        _world.pins.setdefault(id, []).append(self)

    def init(self, mode=-1, pull=-1, value=None):
        self._mode = mode
        if value is not None:
            self._out = 1 if value else 0

    def value(self, v=None):
        if v is None:
            if self._mode == Pin.OUT:
                return self._out
            return _world.levels.get(self.id, 0)
        self._out = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self._out = 1

    def off(self):
        self._out = 0

    high = on
    low = off

    def irq(self, handler=_UNSET, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        """rp2's Pin.irq(handler=None, trigger=IRQ_FALLING | IRQ_RISING,
        hard=False); called with no argument it only returns the pin's irq
        object (whose flags() say which edges raised the last interrupt).
        No allocation on that path: a hard handler calls it."""
        irq = _world.irqs.get(self.id)
        if irq is None:
            irq = _world.irqs[self.id] = _PinIrq()
        if handler is not _UNSET:
            irq._set(self, handler, trigger)
        return irq


class _PinIrq:
    """One GPIO's interrupt, as ports/rp2/machine_pin.c keeps it: the
    latched edges are acknowledged when the handler is entered, ``flags``
    holds the ones that raised it, and a handler that raises is switched off."""

    def __init__(self):
        self._pin = None
        self._handler = None
        self._trigger = 0
        self._flags = 0
        self._latched = 0

    def _set(self, pin, handler, trigger):
        self._pin = pin
        self._handler = handler
        self._trigger = trigger if handler is not None else 0
        self._flags = 0
        self._latched = 0

    def flags(self):
        return self._flags

    def trigger(self, new=None):
        old = self._trigger
        if new is not None:
            self._trigger = new
            self._flags = 0
        return old

    def _edge(self, edge):
        self._latched |= edge
        if _world.irq_off == 0:
            self._run()

    def _run(self):
        latched = self._latched & self._trigger
        self._latched = 0
        if not latched or self._handler is None:
            return
        self._flags = latched
        try:
            self._handler(self._pin)
        except Exception as e:  # noqa: BLE001 - the chip prints it and stops calling
            print("Uncaught exception in IRQ callback handler")
            print(repr(e))
            self._handler = None
            self._trigger = 0


class I2C:
    def __init__(self, id=0, *, scl=None, sda=None, freq=400_000, timeout=50_000):
        self.id = id
        self.freq = freq
        self.timeout = timeout  # microseconds for a whole transfer, as on rp2
        # SCL periods that fit in the timeout, worked out once in small ints
        # (a bigint per transfer would count as the firmware's allocation)
        self._periods = timeout * (freq // 1000) // 1000

    def _wire_time(self, n):
        """rp2's machine.I2C hands each transfer to pico-sdk's
        i2c_write/read_timeout_us with one deadline for all of it: the
        address and ``n`` bytes, 9 SCL periods each (8 bits and the ACK).
        A transfer that would outlast the timeout fails as the chip's does.
        The fake's clock does not move: only the deadline is modelled.
        A zero-length write is bit-banged (a probe) and has no such limit."""
        if n and (n + 1) * 9 > self._periods:
            raise OSError(_ETIMEDOUT)

    def scan(self):
        return sorted(key & 255 for key in _world.devices if key >> 8 == self.id)

    def _device(self, addr):
        dev = _world.devices.get(self.id * 256 + addr)
        if dev is None:
            raise OSError(_EIO)
        return dev

    def writeto(self, addr, buf, stop=True):
        dev = self._device(addr)
        # No copy: a benchmark of the firmware's allocations must not count ours.
        n = len(buf)
        self._wire_time(n)
        _world.bus_bytes[self.id] = _world.bus_bytes.get(self.id, 0) + n
        dev.i2c_write(buf)
        return n

    def writevto(self, addr, vector, stop=True):
        """As rp2's hardware I2C (v1.27, extmod mp_machine_i2c_transfer_adaptor):
        empty buffers are skipped; one left goes as it is; two or more are
        copied into one new block of their total length (m_new), sent as one
        transfer and freed. That block is the chip's allocation, so the fake
        makes the same one and copies without allocating anything else."""
        total = 0
        last = None
        count = 0
        for buf in vector:
            if len(buf):
                total += len(buf)
                last = buf
                count += 1
        if count <= 1:
            return self.writeto(addr, b"" if last is None else last, stop)
        data = bytearray(total)
        at = 0
        for buf in vector:
            for i in range(len(buf)):
                data[at + i] = buf[i]
            at += len(buf)
        return self.writeto(addr, data, stop)

    def readfrom_into(self, addr, buf, stop=True):
        dev = self._device(addr)
        self._wire_time(len(buf))
        dev.i2c_read_into(buf)

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, *, mode=PERIODIC, period=-1, freq=-1, callback=None):
        self._callback = None
        if callback is not None:
            self.init(mode=mode, period=period, freq=freq, callback=callback)

    def init(self, *, mode=PERIODIC, period=-1, freq=-1, callback=None):
        if freq > 0:
            period = 1000 // freq
        self._mode = mode
        self._period = max(1, period)
        self._callback = callback
        self._due = _world.now + self._period
        if self not in _world.timers:
            _world.timers.append(self)

    def deinit(self):
        if self in _world.timers:
            _world.timers.remove(self)

    def _fire(self):
        if self._mode == Timer.PERIODIC:
            self._due += self._period
        else:
            self.deinit()
        if self._callback is not None:
            self._callback(self)


class WDT:
    def __init__(self, id=0, timeout=5000):
        self._timeout = timeout
        self._fed = _world.now
        _world.wdt = self

    def feed(self):
        self._fed = _world.now


class ADC:
    CORE_TEMP = 4

    def __init__(self, pin):
        # rp2 accepts a channel number 0-4 or a Pin on GP26..GP29
        self.channel = pin - 26 if isinstance(pin, int) and pin >= 26 else pin
        if isinstance(pin, Pin):
            self.channel = pin.id - 26

    def read_u16(self):
        # MicroPython v1.27 ports/rp2/machine_adc.c scales the 12-bit result
        # to 16 bits by repeating its top bits: raw << 4 | raw >> 8.
        raw = _world.adc.get(self.channel, 0)
        return raw << (16 - ADC_BITS) | raw >> (2 * ADC_BITS - 16)


class PWM:
    def __init__(self, pin, freq=1000, duty_u16=0):
        self._pin = pin
        self._freq = freq
        self._duty = duty_u16

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value
        tones = _world.tones
        if len(tones) == _TONES_KEPT:  # a storm sounds thousands: keep the fake's memory flat
            tones.pop(0)
        tones.append((_world.now, value))
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value
        return None

    def deinit(self):
        self._duty = 0


def lightsleep(ms=None):
    _world.slept += ms or 0
    sim_advance(ms or 0)


def idle():
    sim_advance(1)


def freq(hz=None):
    return 125_000_000


def unique_id():
    return b"\xe6\x61\x38\x30\x87\x2a\x5f\x2c"


def reset():
    raise SystemExit("machine.reset()")


def soft_reset():
    raise SystemExit("machine.soft_reset()")
