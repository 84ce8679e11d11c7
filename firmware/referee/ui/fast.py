"""The canvas's two byte loops as machine code (MicroPython's viper emitter).

On the Pico every character of text is six byte copies and every highlight
bar 128 byte flips; as bytecode they cost about 20 us a character and 0.4 ms
a bar, a third of a full redraw. Viper compiles them to Thumb code that runs
some twenty times faster, and a viper call keeps its frame off the heap.

Where no viper emitter exists (the WebAssembly VM of the tests, an .mpy
built for another architecture) importing this module fails and the canvas
takes the same loops from ui/slow.py; CPython runs this file as plain Python
(host_tools/fakes/micropython.py makes ptr8 a plain view). The two are
checked byte for byte against each other (tests/test_canvas_loops.py), and
the chip lane's golden frames check the machine code.
"""

import micropython


@micropython.viper
def copy_cells(buf, at: int, cells, codes, n: int, flip: int):
    """Copy the 6-byte cell of each of the first ``n`` codes to ``buf`` from
    ``at``, each byte XORed with ``flip`` (0xFF: lit and dark swapped)."""
    frame = ptr8(buf)  # noqa: F821 - viper's pointer type
    font = ptr8(cells)  # noqa: F821
    code = ptr8(codes)  # noqa: F821
    i = 0
    while i < n:
        g = code[i] * 6
        frame[at] = font[g] ^ flip
        frame[at + 1] = font[g + 1] ^ flip
        frame[at + 2] = font[g + 2] ^ flip
        frame[at + 3] = font[g + 3] ^ flip
        frame[at + 4] = font[g + 4] ^ flip
        frame[at + 5] = font[g + 5] ^ flip
        at += 6
        i += 1


@micropython.viper
def copy_cells_double(buf, at: int, cells, codes, n: int, flip: int, stride: int, spread):
    """copy_cells at twice the size: each cell 12 columns wide and two
    pages tall (the second ``stride`` bytes on), each glyph row doubled
    through ``spread`` (a nibble with each bit doubled)."""
    frame = ptr8(buf)  # noqa: F821
    font = ptr8(cells)  # noqa: F821
    code = ptr8(codes)  # noqa: F821
    twice = ptr8(spread)  # noqa: F821
    i = 0
    while i < n:
        g = code[i] * 6
        col = 0
        while col < 6:
            bits = font[g + col]
            high = twice[bits & 15] ^ flip
            low = twice[bits >> 4] ^ flip
            frame[at] = high
            frame[at + 1] = high
            frame[at + stride] = low
            frame[at + stride + 1] = low
            at += 2
            col += 1
        i += 1


@micropython.viper
def flip_bytes(buf, start: int, end: int):
    """Flip every bit of ``buf[start:end]``."""
    frame = ptr8(buf)  # noqa: F821
    while start < end:
        frame[start] = frame[start] ^ 0xFF
        start += 1


@micropython.viper
def copy_glyph(buf, at: int, font, start: int, width: int, pages: int, stride: int):
    """Copy a glyph ``pages`` pages tall and ``width`` wide, stored page after
    page in ``font`` from ``start``, to ``buf`` from ``at``, a page every
    ``stride`` bytes (the panel's width)."""
    frame = ptr8(buf)  # noqa: F821
    glyph = ptr8(font)  # noqa: F821
    while pages > 0:
        i = 0
        while i < width:
            frame[at + i] = glyph[start + i]
            i += 1
        at += stride
        start += width
        pages -= 1


@micropython.viper
def changed_span(a, b, start: int, n: int) -> int:
    """Where ``a`` and ``b`` differ in ``[start, start + n)``: the first and
    last offsets from ``start`` as ``first << 8 | last``, or -1 for nowhere."""
    # Two plain scans, from each end to the first difference: a page that
    # did not change is one pass of a compare a byte, and one that did stops
    # early from both ends. (One pass that kept first and last in step took
    # 0.68 ms of a full redraw's 6 ms on the chip: viper keeps few locals in
    # registers on the M0+.)
    x = ptr8(a)  # noqa: F821 - viper's pointer type
    y = ptr8(b)  # noqa: F821
    end = start + n
    first = start
    while first < end and x[first] == y[first]:
        first += 1
    if first == end:
        return -1
    last = end - 1
    while x[last] == y[last]:
        last -= 1
    return ((first - start) << 8) | (last - start)
