"""The SSD1306 panel: adafruit_ssd1306 plus sending only what changed.

The driver's show() always sends the whole 1,024-byte frame (23.5 ms of bus
time at 400 kHz). Most button presses change a line or two, so Panel keeps a
copy of what the glass already holds and sends only the runs of 128-byte
pages that differ, and of those only the columns that differ: the panel's
column window (0x21) takes columns c0..c1 of each page in turn. Each run
is two writes: its six window commands in one command stream (a 0x00
control byte and six bytes, where the driver would send six 2-byte
writes), then 0x40 and the pages' bytes. A whole page is 8 + 128 bytes;
a new screen's text, which leaves the panel's edges dark, some 10% less.
The 0x40 borrows the frame byte before the pages; writevto([b"\x40", pages])
would send the same bytes, but rp2's I2C copies a vector into a new block of
its length every write (VM lane: 150 -> 657 B a dice throw; test_mpvm_lane).
"""

import adafruit_bus_device
from micropython import const

try:  # the Pico: machine code (see ui/fast.py)
    from referee.ui.fast import changed_span, gather
except Exception:  # noqa: BLE001 - a VM without viper (as ui/canvas.py)
    from referee.ui.slow import changed_span, gather

# The driver imports spi_device even for an I2C panel. Naming it first means
# ``from adafruit_bus_device import spi_device`` finds it and that module
# never loads: its code would sit in the heap all evening for nothing.
if not hasattr(adafruit_bus_device, "spi_device"):
    adafruit_bus_device.spi_device = None  # type: ignore[assignment]
from adafruit_ssd1306 import SSD1306_I2C  # noqa: E402

_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_DATA = const(0x40)
_COMMANDS = const(0x00)  # control byte: every byte after it is a command


class Panel(SSD1306_I2C):
    def __init__(self, width, height, i2c, addr=0x3C):
        self._sent = None  # while the driver initialises: see show()
        self._whole = True
        super().__init__(width, height, i2c, addr=addr)
        # The driver's init ends by lighting the glass over whatever its RAM
        # held at power-on. Dark again at once: the first frame lights it.
        self.poweroff()
        self._dark = True
        self._sent = bytearray(self.buffer)
        self._window = bytearray((_COMMANDS, _SET_COL_ADDR, 0, width - 1, _SET_PAGE_ADDR, 0, 7))
        frame = memoryview(self.buffer)
        sent = memoryview(self._sent)
        # The driver's writes go through I2CDevice (a lock that is only a
        # protocol, keyword arguments, a slice adapter): five Python calls a
        # write. The page runs go straight to the bus adapter instead.
        self._bus = self.i2c_device.i2c
        # Views made once: comparing and copying them allocates nothing later.
        self._frame_pages = [frame[1 + p * width : 1 + (p + 1) * width] for p in range(self.pages)]
        self._sent_pages = [sent[1 + p * width : 1 + (p + 1) * width] for p in range(self.pages)]
        # A run's columns gathered side by side, after a 0x40 control byte
        self._gathered = bytearray(1 + width * self.pages)
        self._gathered[0] = _DATA
        self.invalidate()  # the glass holds noise: the first frame goes whole

    def flip(self, upside_down):
        """Turn the picture 180 degrees, e.g. to face across the table."""
        # The driver's rotate(True) is the module's upright setting.
        self.rotate(not upside_down)
        self.invalidate()

    def invalidate(self):
        """Forget what the glass holds, so the next show() sends everything."""
        self._whole = True  # every column too, not only those that differ
        if self._sent is not None:
            # One differing byte per page is enough to mark it for sending.
            for page in range(self.pages):
                self._sent_pages[page][0] = self._frame_pages[page][0] ^ 0xFF

    def show(self):
        if self._sent is None:
            # The driver's blank frame at init: 23 ms of bus time at boot,
            # and the first real frame covers it anyway.
            return
        first = -1
        pages = self.pages
        for page in range(pages):
            if self._frame_pages[page] == self._sent_pages[page]:
                if first >= 0:
                    self._send(first, page - 1)
                    first = -1
            elif first < 0:
                first = page
        if first >= 0:
            self._send(first, pages - 1)
        self._whole = False
        if self._dark:
            self._dark = False
            self.poweron()

    def _send(self, first, last):
        width = self.width
        buf = self.buffer
        sent = self._sent
        lo = 0 if self._whole else width
        hi = width - 1 if self._whole else -1
        for page in range(first, last + 1):
            span = changed_span(buf, sent, 1 + page * width, width)
            if span >= 0:
                lo = min(lo, span >> 8)
                hi = max(hi, span & 255)
        window = self._window
        window[2] = lo
        window[3] = hi
        window[5] = first
        window[6] = last
        self._bus.send(self.addr, window)
        if lo > 0 or hi < width - 1:
            n = gather(self._gathered, buf, first, last, lo, hi, width)
            self._bus.writeto(self.addr, self._gathered, start=0, end=1 + n)
        else:
            self._whole_pages(first, last)
        for page in range(first, last + 1):
            self._sent_pages[page][:] = self._frame_pages[page]

    def _whole_pages(self, first, last):
        width = self.width
        # The data must follow a 0x40 control byte in the same transaction:
        # borrow the byte just before the first page, then put it back.
        buf = self.buffer
        start = first * width
        borrowed = buf[start]
        buf[start] = _DATA
        try:
            # (its start/end path reuses one view of the frame: a slice of a
            # view kept here asked the VM's heap 6 B an event more)
            self._bus.writeto(self.addr, buf, start=start, end=1 + (last + 1) * width)
        finally:
            buf[start] = borrowed
