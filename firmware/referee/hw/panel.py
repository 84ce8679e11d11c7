"""The SSD1306 panel: adafruit_ssd1306 plus sending only what changed.

The driver's show() always sends the whole 1,024-byte frame (23.5 ms of bus
time at 400 kHz). Most button presses change a few characters, so Panel
keeps a copy of what the glass already holds and sends, of each 128-byte
page that differs, only the columns from its first change to its last (the
panel's column window, 0x21); pages that changed from edge to edge go
together, as one run. Each piece is two writes: its six window commands in
one command stream (a 0x00 control byte and six bytes, where the driver
would send six 2-byte writes), then 0x40 and the bytes: 8 + 1 for a page's
single changed column, 8 + 1,024 for a new screen. Over the scenarios that
is 31% fewer bytes than whole pages.
The 0x40 borrows the frame byte before the piece; writevto([b"\x40", piece])
would send the same bytes, but rp2's I2C copies a vector into a new block of
its length every write (VM lane: 150 -> 657 B a dice throw; test_mpvm_lane).
"""

import adafruit_bus_device
from micropython import const

try:  # the Pico: machine code (see ui/fast.py)
    from referee.ui.fast import changed_span
except Exception:  # noqa: BLE001 - a VM without viper (as ui/canvas.py)
    from referee.ui.slow import changed_span

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
# What a piece costs besides its pixels, in bytes of bus time: its bytes
# (1 + 7 for the window, then 1 + 1) and the Python calls that send it,
# about 0.3 ms on the chip, as long as 13 bytes take at 400 kHz
_PIECE = const(23)


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
        # write. The pieces go straight to the bus adapter instead.
        self._bus = self.i2c_device.i2c
        # Views made once: copying them allocates nothing later.
        self._frame_pages = [frame[1 + p * width : 1 + (p + 1) * width] for p in range(self.pages)]
        self._sent_pages = [sent[1 + p * width : 1 + (p + 1) * width] for p in range(self.pages)]
        self._spans = [-1] * self.pages  # each page's changed columns: changed_span()
        self.invalidate()  # the glass holds noise: the first frame goes whole

    def flip(self, upside_down):
        """Turn the picture 180 degrees, e.g. to face across the table."""
        # The driver's rotate(True) is the module's upright setting.
        self.rotate(not upside_down)
        self.invalidate()

    def invalidate(self):
        """Forget what the glass holds, so the next show() sends everything."""
        self._whole = True

    def show(self):
        if self._sent is None:
            # The driver's blank frame at init: 23 ms of bus time at boot,
            # and the first real frame covers it anyway.
            return
        width = self.width
        pages = self.pages
        spans = self._spans
        for page in range(pages):
            span = changed_span(self.buffer, self._sent, 1 + page * width, width)
            spans[page] = (width - 1) if self._whole else span
        if self._pieces_cost() > self._run_cost():
            self._whole_run()
        else:
            self._pieces()
        self._whole = False
        if self._dark:
            self._dark = False
            self.poweron()

    def _pieces_cost(self):
        """What the pieces cost, in bytes of bus time (see _PIECE); whole
        pages side by side go as one piece."""
        width = self.width
        cost = 0
        whole_before = False
        for span in self._spans:
            if span == width - 1:  # from column 0 to the last
                cost += width if whole_before else _PIECE + width
                whole_before = True
            else:
                whole_before = False
                if span >= 0:
                    cost += _PIECE + (span & 255) - (span >> 8) + 1
        return cost

    def _run_cost(self):
        """Bytes of one run of whole pages from the first changed to the last."""
        first = last = -1
        for page in range(self.pages):
            if self._spans[page] >= 0:
                last = page
                if first < 0:
                    first = page
        return _PIECE + (last - first + 1) * self.width if first >= 0 else 0

    def _whole_run(self):
        """Every page from the first changed to the last, whole, in one run:
        never more bytes than a full frame (pieces scattered over the panel
        could take more)."""
        spans = self._spans
        first = 0
        while spans[first] < 0:
            first += 1
        last = self.pages - 1
        while spans[last] < 0:
            last -= 1
        self._send(first, last, 0, self.width - 1)

    def _pieces(self):
        width = self.width
        pages = self.pages
        spans = self._spans
        page = 0
        while page < pages:
            span = spans[page]
            if span < 0:
                page += 1
            elif span == width - 1:  # from column 0 to the last: a run of whole pages
                last = page
                while last + 1 < pages and spans[last + 1] == width - 1:
                    last += 1
                self._send(page, last, 0, width - 1)
                page = last + 1
            else:
                self._send(page, page, span >> 8, span & 255)
                page += 1

    def _send(self, first, last, c0, c1):
        """Columns c0..c1 of pages first..last (whole pages if more than one)."""
        width = self.width
        window = self._window
        window[2] = c0
        window[3] = c1
        window[5] = first
        window[6] = last
        self._bus.send(self.addr, window)
        # The data must follow a 0x40 control byte in the same transaction:
        # borrow the byte just before the piece, then put it back.
        buf = self.buffer
        start = first * width + c0
        borrowed = buf[start]
        buf[start] = _DATA
        try:
            # (its start/end path reuses one view of the frame: a slice of a
            # view kept here asked the VM's heap 6 B an event more)
            self._bus.writeto(self.addr, buf, start=start, end=1 + last * width + c1 + 1)
        finally:
            buf[start] = borrowed
        for page in range(first, last + 1):
            self._sent_pages[page][:] = self._frame_pages[page]
