"""Drawing on the panel: text in the project's fonts, big digits, die faces.

Text sits on the panel's 8-pixel pages (``row`` 0..7), so a glyph column is
one byte of the frame buffer and drawing a character is a few byte copies:
fast in MicroPython and identical on every VM. Shapes go through the
driver's framebuf methods.
"""

from micropython import const

from referee.ui import font_big, font_small

CELL = const(6)  # small glyph 5 wide + 1 blank column
COLUMNS = const(21)
ROWS = const(8)
BIG_CELL = const(18)  # big digit 16 wide + 2 blank columns

# A nibble with each bit doubled: how one glyph row becomes two at scale 2.
_SPREAD = bytes(sum(3 << (2 * i) for i in range(4) if n >> i & 1) for n in range(16))

# Pip centres of a d6 face in quarters of its size, faces 1..6.
_PIPS = (
    (),
    ((2, 2),),
    ((1, 1), (3, 3)),
    ((1, 1), (2, 2), (3, 3)),
    ((1, 1), (3, 1), (1, 3), (3, 3)),
    ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
    ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)),
)


class Canvas:
    def __init__(self, display):
        self.display = display
        self.width = display.width
        # Byte 0 of the driver's buffer is the I2C control byte, not a pixel.
        self._buf = display.buffer

    def clear(self):
        self.display.fill(0)

    def show(self):
        self.display.show()

    def text(self, s, x, row, scale=1, invert=False):
        """Draw ``s`` with its top-left at pixel column x, page row ``row``;
        scale 2 takes two rows. Returns the x after the last cell."""
        buf = self._buf
        glyphs = font_small.GLYPHS
        width = self.width
        flip = 0xFF if invert else 0
        for ch in s:
            code = ord(ch)
            if code < font_small.FIRST or code > font_small.LAST:
                code = 63  # '?'
            g = (code - font_small.FIRST) * font_small.WIDTH
            for col in range(CELL):
                bits = glyphs[g + col] if col < font_small.WIDTH else 0
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

    def right(self, s, row, scale=1, invert=False):
        return self.text(s, self.width - text_width(s, scale), row, scale, invert)

    def big(self, s, x, row):
        """Big digits (and + - : / d x ?) four rows tall from page row ``row``."""
        buf = self._buf
        width = self.width
        glyphs = font_big.GLYPHS
        size = font_big.WIDTH * font_big.PAGES
        for ch in s:
            index = font_big.CHARS.find(ch)
            if index < 0:
                index = font_big.CHARS.find("?")
            g = index * size
            for page in range(font_big.PAGES):
                base = 1 + (row + page) * width
                for col in range(font_big.WIDTH):
                    if 0 <= x + col < width:
                        buf[base + x + col] = glyphs[g + page * font_big.WIDTH + col]
            x += BIG_CELL
        return x

    def big_centre(self, s, row):
        return self.big(s, (self.width - big_width(s)) // 2, row)

    def invert_rows(self, row, rows=1, x0=0, x1=-1):
        """Swap lit and dark in a band of page rows (a highlight bar)."""
        buf = self._buf
        width = self.width
        if x1 < 0:
            x1 = width
        for r in range(row, row + rows):
            base = 1 + r * width
            for x in range(base + x0, base + x1):
                buf[x] ^= 0xFF

    def hline(self, x, y, w, c=1):
        self.display.hline(x, y, w, c)

    def fill_rect(self, x, y, w, h, c=1):
        self.display.fill_rect(x, y, w, h, c)

    def die(self, x, y, size, value):
        """A d6 face with ``value`` pips, size x size pixels, rounded corners."""
        d = self.display
        d.fill_rect(x, y, size, size, 0)
        d.rect(x, y, size, size, 1)
        far = size - 1
        d.pixel(x, y, 0)  # rounded corners
        d.pixel(x + far, y, 0)
        d.pixel(x, y + far, 0)
        d.pixel(x + far, y + far, 0)
        pip = size // 6
        for qx, qy in _PIPS[value]:
            px = x + (size * qx) // 4 - pip // 2
            py = y + (size * qy) // 4 - pip // 2
            d.fill_rect(px, py, pip, pip, 1)


def text_width(s, scale=1):
    return (len(s) * CELL - 1) * scale if s else 0


def big_width(s):
    return len(s) * BIG_CELL - 2 if s else 0
