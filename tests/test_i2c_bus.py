"""The machine.I2C adapter gives adafruit_bus_device what it calls."""

from referee.hw.i2c_bus import I2CBus


class Recorder:
    def __init__(self):
        self.calls = []

    def writeto(self, addr, buf, stop=True):
        self.calls.append(("w", addr, buf, stop))

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0xA0 + i
        self.calls.append(("r", addr, len(buf)))


def test_whole_buffer_passes_through_without_a_copy():
    rec = Recorder()
    buf = bytearray(b"\x80\xaf")
    I2CBus(rec).writeto(0x3C, buf)
    assert rec.calls[0][2] is buf


def test_start_and_end_select_a_window():
    rec = Recorder()
    I2CBus(rec).writeto(0x3C, b"abcdef", start=1, end=4)
    assert bytes(rec.calls[0][2]) == b"bcd"


def test_zero_length_probe_and_read_pass_through():
    rec = Recorder()
    bus = I2CBus(rec)
    bus.writeto(0x3C, b"")
    buf = bytearray(3)
    bus.readfrom_into(0x3C, buf, start=1)
    assert rec.calls[0][2] == b"" and rec.calls[1] == ("r", 0x3C, 2)
    assert buf == bytearray([0, 0xA0, 0xA1])


def test_write_then_read_uses_a_repeated_start():
    rec = Recorder()
    out = bytearray(2)
    I2CBus(rec).writeto_then_readfrom(0x3C, b"\x00", out)
    assert rec.calls[0][3] is False and rec.calls[1] == ("r", 0x3C, 2)


def test_lock_always_granted():
    bus = I2CBus(Recorder())
    assert bus.try_lock() is True
    bus.unlock()
