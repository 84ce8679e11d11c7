"""machine.I2C dressed as the busio.I2C that adafruit_bus_device expects.

adafruit_ssd1306 talks to its bus through I2CDevice, which locks the bus and
passes ``start``/``end`` instead of slicing. machine.I2C has no lock and no
start/end, so this adapter supplies both. Whole buffers pass through untouched,
so the common case (a 2-byte command, a whole frame) allocates nothing.
"""


class I2CBus:
    def __init__(self, i2c):
        self._i2c = i2c
        self._buffer = None  # the last buffer sliced, and a view of it, reused
        self._view = None

    def try_lock(self):
        # One task owns the bus on this device; the lock is only a protocol.
        return True

    def unlock(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        self._i2c.writeto(address, self._window(buffer, start, end))

    def send(self, address, buffer):
        """One write of a whole buffer (or a memoryview of part of one):
        the panel's own path, past I2CDevice's lock and keyword arguments."""
        self._i2c.writeto(address, buffer)

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._i2c.readfrom_into(address, self._window(buffer, start, end))

    def writeto_then_readfrom(
        self, address, out_buffer, in_buffer, *, out_start=0, out_end=None, in_start=0, in_end=None
    ):
        # A repeated start (no stop) between the write and the read.
        self._i2c.writeto(address, self._window(out_buffer, out_start, out_end), False)
        self._i2c.readfrom_into(address, self._window(in_buffer, in_start, in_end))

    def _window(self, buffer, start, end):
        size = len(buffer)
        if end is None:
            end = size
        if start == 0 and end == size:
            return buffer
        # The panel slices the same frame buffer every time: keep its view.
        view = self._view
        if buffer is not self._buffer or view is None:
            self._buffer = buffer
            view = self._view = memoryview(buffer)
        return view[start:end]
