"""A d6 face on the panel: only Dice & coins and Robo Factory's Eureka draw
one, so its code and pip table load with them, not with every game."""

# Pip centres of each face 1..6 in quarters of its size, a byte a pip:
# the column in the high nibble, the row in the low one (bytes, not tuples
# of tuples: 28 heap objects).
_PIPS = (
    b"",
    b"\x22",
    b"\x11\x33",
    b"\x11\x22\x33",
    b"\x11\x31\x13\x33",
    b"\x11\x31\x22\x13\x33",
    b"\x11\x31\x12\x32\x13\x33",
)


def die(c, x, y, size, value):
    """A d6 face with ``value`` pips, size x size pixels, rounded corners,
    drawn on canvas ``c``."""
    d = c.display
    d.fill_rect(x, y, size, size, 0)
    d.rect(x, y, size, size, 1)
    far = size - 1
    d.pixel(x, y, 0)  # rounded corners
    d.pixel(x + far, y, 0)
    d.pixel(x, y + far, 0)
    d.pixel(x + far, y + far, 0)
    pip = size // 6
    for at in _PIPS[value]:
        px = x + (size * (at >> 4)) // 4 - pip // 2
        py = y + (size * (at & 15)) // 4 - pip // 2
        d.fill_rect(px, py, pip, pip, 1)
