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
_BIG_PLUS = const(10)  # places of + and - in font_big.CHARS, after the digits
_BIG_MINUS = const(11)

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
        flip = 0xFF if invert else 0
        for ch in s:
            x = self._char(ord(ch), x, row, scale, flip)
        return x

    def number(self, value, x, row, scale=1, invert=False, sign=False):
        """Draw an integer without making a string of it (no allocation:
        scores are redrawn on every button press). ``sign`` adds + to
        positive numbers. Returns the x after the last cell."""
        flip = 0xFF if invert else 0
        if value < 0:
            x = self._char(45, x, row, scale, flip)  # -
            value = -value
        elif sign and value > 0:
            x = self._char(43, x, row, scale, flip)  # +
        place = 1
        while place * 10 <= value:
            place *= 10
        while place:
            x = self._char(48 + value // place % 10, x, row, scale, flip)
            place //= 10
        return x

    def number_right(self, value, right, row, scale=1, invert=False, sign=False):
        """A number whose last cell ends at pixel column ``right``."""
        x = right - number_width(value, scale, sign)
        return self.number(value, x, row, scale, invert, sign)

    def _char(self, code, x, row, scale, flip):
        buf = self._buf
        width = self.width
        if code < font_small.FIRST or code > font_small.LAST:
            code = 63  # '?'
        g = (code - font_small.FIRST) * font_small.WIDTH
        glyphs = font_small.GLYPHS
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

    def hint(self, s):
        """The bottom line: a key hint or a message. A message too long for
        one line (a rule's refusal) takes the two bottom lines, over
        whatever was there, broken at a space."""
        if len(s) <= COLUMNS:
            self.centre(s, 7)
            return
        cut = s.rfind(" ", 0, COLUMNS + 1)
        if cut <= 0:
            cut = COLUMNS
        self.fill_rect(0, 48, self.width, 16, 0)
        self.centre(s[:cut], 6)
        self.centre(s[cut:].strip()[:COLUMNS], 7)

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


def keep_visible(top, index, visible):
    """The first row to show so that row ``index`` is among the ``visible``
    rows of a scrolling list that started at ``top``."""
    if index < top:
        return index
    if index >= top + visible:
        return index - visible + 1
    return top


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
