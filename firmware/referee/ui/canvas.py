"""Drawing on the panel: text in the project's fonts, big digits, die faces.

Text sits on the panel's 8-pixel pages (``row`` 0..7), so a glyph column is
one byte of the frame buffer and drawing a character is a few byte copies:
fast in MicroPython and identical on every VM. Shapes go through the
driver's framebuf methods.
"""

import sys
from struct import pack_into

from micropython import const

from referee.ui import font_big

try:  # the Pico: machine code (see ui/fast.py)
    from referee.ui.fast import copy_cells, copy_cells_double, copy_glyph, flip_bytes
except Exception:  # noqa: BLE001 - a VM without viper: SyntaxError, ValueError, RuntimeError
    from referee.ui.slow import copy_cells, copy_cells_double, copy_glyph, flip_bytes

CELL = const(6)  # small glyph 5 wide + 1 blank column
COLUMNS = const(21)
ROWS = const(8)
BIG_CELL = const(18)  # big digit 16 wide + 2 blank columns
_BIG_PLUS = const(10)  # places of + and - in font_big.CHARS, after the digits
_BIG_MINUS = const(11)
_FIRST = const(32)  # font_small.FIRST and LAST, folded here (test_fonts checks)
_LAST = const(126)
_GLYPH_COUNT = const(95)
_CODES = const(64)  # longest string text() copies; 21 characters fill a row
_CODES_FIELD = "64s"

try:  # MicroPython: a str lends its UTF-8 bytes like any buffer
    pack_into("1s", bytearray(1), 0, "a")
    _STR_IS_BUFFER = True
except Exception:  # noqa: BLE001 - CPython's struct.error: a str must be encoded first
    _STR_IS_BUFFER = False

# A nibble with each bit doubled: how one glyph row becomes two at scale 2.
_SPREAD = bytes(sum(3 << (2 * i) for i in range(4) if n >> i & 1) for n in range(16))


class Canvas:
    def __init__(self, display):
        self.display = display
        self.width = display.width
        # Byte 0 of the driver's buffer is the I2C control byte, not a pixel.
        self._buf = display.buffer
        # Every small glyph as a whole 6-column cell (its blank column
        # included), by character code, '?' for codes outside the font: one
        # bytearray, as every object in the heap is one more for each garbage
        # collection to mark.
        from referee.ui import font_small

        cells = bytearray(128 * CELL)
        for code in range(128):
            glyph = code - _FIRST if _FIRST <= code <= _LAST else 63 - _FIRST
            for col in range(font_small.WIDTH):
                cells[code * CELL + col] = font_small.GLYPHS[glyph * font_small.WIDTH + col]
        self._cells = cells  # (its module is not resident: referee/app.py drops it)
        self._codes = bytearray(_CODES)
        # The pixels (all but the control byte) as one row of 8-bit pixels,
        # whose fill is a memset: the panel's 1-bit vertical format fills
        # bit by bit, 8,192 of them, 0.85 ms on the chip at every redraw.
        # Only with MicroPython's C framebuf, the one the driver loaded
        # (looked up, not imported: importing the driver here, before
        # hw/panel.py, loaded its SPI module for nothing, 1 KB of heap);
        # CPython's has no GS8 and draws through the driver.
        fb = getattr(sys.modules.get("adafruit_ssd1306"), "framebuf", None)
        gs8 = getattr(fb, "GS8", None)
        self._blank = (
            None
            if fb is None or gs8 is None
            else fb.FrameBuffer(memoryview(self._buf)[1:], len(self._buf) - 1, 1, gs8)
        )

    def clear(self):
        if self._blank is not None:
            self._blank.fill(0)
        else:
            self.display.fill(0)

    def show(self):
        self.display.show()

    def text(self, s, x, row, scale=1, invert=False):
        """Draw ``s`` with its top-left at pixel column x, page row ``row``;
        scale 2 takes two rows. Returns the x after the last cell."""
        n = len(s)
        if n >= _CODES:
            return self._text_by_char(s, x, row, scale, invert)
        # The characters' codes, copied into a buffer kept for it. Walking
        # the string itself would make a one-character string per step,
        # which MicroPython looks up among every name it has interned (all
        # the loaded modules'): most of the time text used to take.
        codes = self._codes
        pack_into(_CODES_FIELD, codes, 0, s if _STR_IS_BUFFER else s.encode())
        if codes[n]:  # UTF-8 took more bytes than characters: not all ASCII
            return self._text_by_char(s, x, row, scale, invert)
        return self._draw_codes(n, x, row, scale, invert)

    def _draw_codes(self, n, x, row, scale, invert):
        """Draw the first ``n`` codes of the code buffer."""
        codes = self._codes
        flip = 0xFF if invert else 0
        width = self.width
        if x < 0 or x + n * CELL * scale > width or row + scale > ROWS:
            for i in range(n):  # clipped: a cell at a time
                x = self._char(codes[i], x, row, scale, flip)
            return x
        at = 1 + row * width + x
        if scale == 1:
            copy_cells(self._buf, at, self._cells, codes, n, flip)
        else:
            copy_cells_double(self._buf, at, self._cells, codes, n, flip, width, _SPREAD)
        return x + n * CELL * scale

    def _text_by_char(self, s, x, row, scale, invert):
        flip = 0xFF if invert else 0
        for ch in s:
            x = self._char(ord(ch), x, row, scale, flip)
        return x

    def number(self, value, x, row, scale=1, invert=False, sign=False):
        """Draw an integer without making a string of it (no allocation:
        scores are redrawn on every button press). ``sign`` adds + to
        positive numbers. Returns the x after the last cell."""
        codes = self._codes
        n = 0
        if value < 0:
            codes[0] = 45  # -
            n = 1
            value = -value
        elif sign and value > 0:
            codes[0] = 43  # +
            n = 1
        place = 1
        while place * 10 <= value:
            place *= 10
        while place:
            codes[n] = 48 + value // place % 10
            n += 1
            place //= 10
        return self._draw_codes(n, x, row, scale, invert)

    def number_right(self, value, right, row, scale=1, invert=False, sign=False):
        """A number whose last cell ends at pixel column ``right``."""
        x = right - number_width(value, scale, sign)
        return self.number(value, x, row, scale, invert, sign)

    def _char(self, code, x, row, scale, flip):
        buf = self._buf
        width = self.width
        if code < _FIRST or code > _LAST:
            code = 63  # '?'
        cells = self._cells
        g = code * CELL
        if scale == 2 and 0 <= x <= width - 2 * CELL:
            spread = _SPREAD
            top = 1 + row * width + x
            bottom = top + width
            for col in range(g, g + CELL):
                bits = cells[col]
                high = spread[bits & 15] ^ flip
                low = spread[bits >> 4] ^ flip
                buf[top] = high
                buf[top + 1] = high
                buf[bottom] = low
                buf[bottom + 1] = low
                top += 2
                bottom += 2
            return x + 2 * CELL
        for col in range(g, g + CELL):  # clipped, inverted, or outside text()'s copies
            bits = cells[col]
            if scale == 1:
                if 0 <= x < width:
                    buf[1 + row * width + x] = bits ^ flip
                x += 1
            else:
                top = _SPREAD[bits & 15] ^ flip
                bottom = _SPREAD[bits >> 4] ^ flip
                for _ in range(2):
                    if 0 <= x < width:
                        buf[1 + row * width + x] = top
                        buf[1 + (row + 1) * width + x] = bottom
                    x += 1
        return x

    def centre(self, s, row, scale=1, invert=False):
        return self.text(s, (self.width - text_width(s, scale)) // 2, row, scale, invert)

    def hint(self, s):
        """The bottom line: a key hint or a message. A message too long for
        one line (a rule's refusal) takes the two bottom lines, over
        whatever was there, broken at a space."""
        if len(s) <= COLUMNS:
            self.centre(s, 7)
            return
        self.fill_rect(0, 48, self.width, 16, 0)
        self.lines(s, 6)

    def lines(self, s, row):
        """``s`` centred on ``row``; when too long for one line, broken at a
        space and ended on the next row (what is past two lines is cut)."""
        if len(s) <= COLUMNS:
            self.centre(s, row)
            return
        cut = s.rfind(" ", 0, COLUMNS + 1)
        if cut <= 0:
            cut = COLUMNS
        self.centre(s[:cut], row)
        self.centre(s[cut:].strip()[:COLUMNS], row + 1)

    def right(self, s, row, scale=1, invert=False):
        return self.text(s, self.width - text_width(s, scale), row, scale, invert)

    def big(self, s, x, row):
        """Big digits (and + - : / d x ?) four rows tall from page row ``row``."""
        for ch in s:
            index = font_big.CHARS.find(ch)
            x = self._big_char(index if index >= 0 else font_big.CHARS.find("?"), x, row)
        return x

    def big_number(self, value, x, row, sign=False):
        """An integer in big digits, without making a string of it."""
        if value < 0:
            x = self._big_char(_BIG_MINUS, x, row)
            value = -value
        elif sign and value > 0:
            x = self._big_char(_BIG_PLUS, x, row)
        place = 1
        while place * 10 <= value:
            place *= 10
        while place:
            x = self._big_char(value // place % 10, x, row)
            place //= 10
        return x

    def big_number_centre(self, value, row, sign=False):
        cells = number_width(value, 1, sign) // CELL + 1
        return self.big_number(value, (self.width - cells * BIG_CELL + 2) // 2, row, sign)

    def _big_char(self, index, x, row):
        buf = self._buf
        width = self.width
        glyphs = font_big.GLYPHS
        g = index * font_big.WIDTH * font_big.PAGES
        if 0 <= x <= width - font_big.WIDTH:
            copy_glyph(buf, 1 + row * width + x, glyphs, g, font_big.WIDTH, font_big.PAGES, width)
            return x + BIG_CELL
        for page in range(font_big.PAGES):
            base = 1 + (row + page) * width
            for col in range(font_big.WIDTH):
                if 0 <= x + col < width:
                    buf[base + x + col] = glyphs[g + page * font_big.WIDTH + col]
        return x + BIG_CELL

    def big_centre(self, s, row):
        return self.big(s, (self.width - big_width(s)) // 2, row)

    def invert_rows(self, row, rows=1, x0=0, x1=-1):
        """Swap lit and dark in a band of page rows (a highlight bar)."""
        buf = self._buf
        width = self.width
        if x1 < 0:
            x1 = width
        for r in range(row, row + rows):
            start = 1 + r * width + x0
            flip_bytes(buf, start, start + x1 - x0)

    def hline(self, x, y, w, c=1):
        self.display.hline(x, y, w, c)

    def fill_rect(self, x, y, w, h, c=1):
        self.display.fill_rect(x, y, w, h, c)


def text_width(s, scale=1):
    return (len(s) * CELL - 1) * scale if s else 0


def number_width(value, scale=1, sign=False):
    """Pixel width of number(value): its digits, and a sign if drawn."""
    cells = 1 if value < 0 or (sign and value > 0) else 0
    value = -value if value < 0 else value
    cells += 1
    while value >= 10:
        value //= 10
        cells += 1
    return (cells * CELL - 1) * scale


def big_width(s):
    return len(s) * BIG_CELL - 2 if s else 0
