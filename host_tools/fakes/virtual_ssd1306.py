"""A virtual SSD1306: decodes the I2C command stream into the pixels on the glass.

Each I2C write starts with a control byte: bit 7 (Co) set means one byte
follows and then another control byte; clear means every remaining byte has
the same kind. Bit 6 (D/C) tells data (GDDRAM) from commands. Commands that
take arguments may span writes (adafruit_ssd1306 sends each byte on its own),
so the decoder keeps the half-read command between writes.

The glass is modelled as the common 128x64 modules are wired: with segment
remap on (0xA1) and COM scan reversed (0xC8), both of which the driver sets
at start, frame buffer pixel (x, y) lights glass pixel (x, y).
"""

_ARGS = {
    0x20: 1,
    0x21: 2,
    0x22: 2,
    0x26: 6,
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0x81: 1,
    0x8D: 1,
    0xA3: 2,
    0xA8: 1,
    0xAD: 1,
    0xD3: 1,
    0xD5: 1,
    0xD6: 1,
    0xD9: 1,
    0xDA: 1,
    0xDB: 1,
}

HORIZONTAL = 0
VERTICAL = 1
PAGE = 2


class VirtualSSD1306:
    WIDTH = 128
    HEIGHT = 64

    def __init__(self):
        self.ram = bytearray(1024)  # GDDRAM: 8 pages x 128 columns, bit 0 on top
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.mode = PAGE  # the chip's reset state
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.charge_pump = False
        self.scrolling = False
        self._cmd = None  # command waiting for arguments
        self._args = []
        # What crossed the bus, for the budgets and the lane comparison.
        self.writes = 0
        self.data_writes = 0
        self.data_bytes = 0
        self.unknown = []  # command bytes the decoder did not know

    # -- the I2C side -----------------------------------------------------
    def i2c_write(self, data):
        self.writes += 1
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            is_data = control & 0x40
            if control & 0x80:  # Co: exactly one byte, then a new control byte
                if i < n:
                    self._byte(data[i], is_data)
                    i += 1
            else:
                if is_data and i < n:
                    self.data_writes += 1
                while i < n:
                    self._byte(data[i], is_data)
                    i += 1

    def i2c_read_into(self, buf):
        # Status byte: bit 6 set while the display is off.
        for k in range(len(buf)):
            buf[k] = 0 if self.on else 0x40

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # -- commands ---------------------------------------------------------
    def _command_byte(self, b):
        if self._cmd is not None:
            self._args.append(b)
            if len(self._args) == _ARGS[self._cmd]:
                cmd = self._cmd
                self._cmd = None
                self._command(cmd, self._args)
            return
        if b in _ARGS:
            self._cmd = b
            self._args = []
            return
        self._command(b, ())

    def _command(self, cmd, args):
        if cmd == 0xAE or cmd == 0xAF:
            self.on = cmd == 0xAF
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0xA4 or cmd == 0xA5:
            self.entire_on = cmd == 0xA5
        elif cmd == 0xA6 or cmd == 0xA7:
            self.inverted = cmd == 0xA7
        elif cmd == 0xA0 or cmd == 0xA1:
            self.seg_remap = cmd == 0xA1
        elif cmd == 0xC0 or cmd == 0xC8:
            self.com_reversed = cmd == 0xC8
        elif 0x40 <= cmd <= 0x7F:
            self.start_line = cmd - 0x40
        elif cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_start, self.col_end = args[0] & 127, args[1] & 127
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start, self.page_end = args[0] & 7, args[1] & 7
            self.page = self.page_start
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x07) << 4)
        elif cmd == 0xA8:
            self.mux = args[0] & 63
        elif cmd == 0xD3:
            self.offset = args[0] & 63
        elif cmd == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif cmd == 0x2E or cmd == 0x2F:
            self.scrolling = cmd == 0x2F
        elif cmd in _ARGS or cmd == 0xE3:
            pass  # timing, wiring and scroll setup: no effect on the picture here
        else:
            self.unknown.append(cmd)

    # -- GDDRAM -----------------------------------------------------------
    def _data(self, b):
        self.data_bytes += 1
        self.ram[self.page * 128 + self.col] = b
        if self.mode == HORIZONTAL:
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == VERTICAL:
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page addressing: the column wraps within the page
            self.col = 0 if self.col >= 127 else self.col + 1

    # -- the glass --------------------------------------------------------
    def lit(self):
        """True if the panel shows anything at all (on, charge pump running)."""
        return self.on

    def pixels(self):
        """The glass as 1,024 bytes in the panel's own layout (MONO_VLSB, bit 0
        on top), after on/off, all-on, invert, remap, scan direction and
        start line."""
        if not self.on:
            return bytearray(1024)
        if self.entire_on:
            return bytearray(b"\xff" * 1024)
        if self.seg_remap and self.com_reversed and not (self.start_line or self.offset):
            out = bytearray(self.ram)
        else:
            out = bytearray(1024)
            ram = self.ram
            for y in range(64):
                row = y if self.com_reversed else 63 - y
                row = (row + self.start_line + self.offset) & 63
                src_page = (row >> 3) * 128
                src_bit = row & 7
                dst_page = (y >> 3) * 128
                dst_bit = 1 << (y & 7)
                for x in range(128):
                    col = x if self.seg_remap else 127 - x
                    if ram[src_page + col] >> src_bit & 1:
                        out[dst_page + x] |= dst_bit
        if self.inverted:
            for i in range(1024):
                out[i] ^= 0xFF
        return out

    def pixel(self, x, y, image=None):
        img = image if image is not None else self.pixels()
        return img[(y >> 3) * 128 + x] >> (y & 7) & 1


class ByteCounter:
    """A device on the fake bus that only counts the bytes written to it:
    where the panel's decoding must not be billed to the firmware's
    allocations (the VM's measurements)."""

    def __init__(self):
        self.n = 0

    def i2c_write(self, buf):
        self.n += len(buf)

    def i2c_read_into(self, buf):
        pass
