"""ui/fast.py's loops as bytecode, for a VM without the viper emitter."""


def copy_cells(buf, at, cells, codes, n, flip):
    # Six stores beat one slice copy: on the chip a slice's call costs about
    # as much as ten bytecodes.
    for i in range(n):
        g = codes[i] * 6
        buf[at] = cells[g] ^ flip
        buf[at + 1] = cells[g + 1] ^ flip
        buf[at + 2] = cells[g + 2] ^ flip
        buf[at + 3] = cells[g + 3] ^ flip
        buf[at + 4] = cells[g + 4] ^ flip
        buf[at + 5] = cells[g + 5] ^ flip
        at += 6


def copy_cells_double(buf, at, cells, codes, n, flip, stride, spread):
    for i in range(n):
        g = codes[i] * 6
        for col in range(g, g + 6):
            bits = cells[col]
            high = spread[bits & 15] ^ flip
            low = spread[bits >> 4] ^ flip
            buf[at] = high
            buf[at + 1] = high
            buf[at + stride] = low
            buf[at + stride + 1] = low
            at += 2


def flip_bytes(buf, start, end):
    # Four bytes a pass: fewer loop bytecodes.
    while start < end - 3:
        buf[start] ^= 0xFF
        buf[start + 1] ^= 0xFF
        buf[start + 2] ^= 0xFF
        buf[start + 3] ^= 0xFF
        start += 4
    while start < end:
        buf[start] ^= 0xFF
        start += 1


def copy_glyph(buf, at, font, start, width, pages, stride):
    for _ in range(pages):
        for i in range(width):
            buf[at + i] = font[start + i]
        at += stride
        start += width


def changed_span(a, b, start, n):
    first = -1
    last = -1
    for i in range(n):
        if a[start + i] != b[start + i]:
            if first < 0:
                first = i
            last = i
    return -1 if first < 0 else (first << 8) | last
