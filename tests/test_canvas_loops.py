"""The canvas's byte loops: ui/fast.py (viper machine code on the Pico, plain
Python here) and ui/slow.py (the bytecode twin the WebAssembly VM runs) must
write the same bytes. The chip lane's golden frames check the machine code;
this checks that the two sources agree, on any codes and any span."""

from hypothesis import given
from hypothesis import strategies as st

from referee.ui import fast, slow
from referee.ui.canvas import CELL

FRAME = 1 + 128 * 8  # the driver's buffer: a control byte, then the pixels


@given(
    frame=st.binary(min_size=FRAME, max_size=FRAME),
    codes=st.lists(st.integers(0, 127), max_size=21),  # text() passes ASCII only
    at=st.integers(1, FRAME - 21 * CELL),
    font=st.binary(min_size=128 * CELL, max_size=128 * CELL),
)
def test_copy_cells_agree(frame, codes, at, font):
    a, b = bytearray(frame), bytearray(frame)
    padded = bytearray(codes) + bytearray(64 - len(codes))
    fast.copy_cells(a, at, font, padded, len(codes), 0)
    slow.copy_cells(b, at, font, padded, len(codes), 0)
    assert a == b
    # and each cell is the font's six bytes for its code, nothing else moved
    for i, code in enumerate(codes):
        assert a[at + i * CELL : at + (i + 1) * CELL] == font[code * CELL : (code + 1) * CELL]
    # inverted: the same cells, lit and dark swapped
    fast.copy_cells(a, at, font, padded, len(codes), 0xFF)
    slow.copy_cells(b, at, font, padded, len(codes), 0xFF)
    assert a == b
    for i, code in enumerate(codes):
        cell = font[code * CELL : (code + 1) * CELL]
        assert a[at + i * CELL : at + (i + 1) * CELL] == bytes(255 - v for v in cell)
    end = at + len(codes) * CELL
    assert a[:at] == frame[:at] and a[end:] == frame[end:]


@given(
    frame=st.binary(min_size=FRAME, max_size=FRAME),
    start=st.integers(0, FRAME),
    length=st.integers(0, 130),
)
def test_flip_bytes_agree(frame, start, length):
    end = min(FRAME, start + length)
    a, b = bytearray(frame), bytearray(frame)
    fast.flip_bytes(a, start, end)
    slow.flip_bytes(b, start, end)
    assert a == b
    assert a[start:end] == bytes(255 - x for x in frame[start:end])
    assert a[:start] == frame[:start] and a[end:] == frame[end:]


@given(
    frame=st.binary(min_size=FRAME, max_size=FRAME),
    font=st.binary(min_size=4 * 64, max_size=4 * 64),
    glyph=st.integers(0, 3),
    width=st.integers(1, 16),
    pages=st.integers(1, 4),
    x=st.integers(0, 112),
    row=st.integers(0, 4),
)
def test_copy_glyph_agree(frame, font, glyph, width, pages, x, row):
    a, b = bytearray(frame), bytearray(frame)
    at, start = 1 + row * 128 + x, glyph * 64
    fast.copy_glyph(a, at, font, start, width, pages, 128)
    slow.copy_glyph(b, at, font, start, width, pages, 128)
    assert a == b
    # page p of the glyph lands p rows (128 bytes) further down, and only it
    expected = bytearray(frame)
    for p in range(pages):
        page = font[start + p * width : start + (p + 1) * width]
        expected[at + p * 128 : at + p * 128 + width] = page
    assert a == expected


@given(
    a=st.binary(min_size=FRAME, max_size=FRAME),
    flips=st.sets(st.integers(0, 127), max_size=6),
    page=st.integers(0, 7),
)
def test_changed_span_agree(a, flips, page):
    b = bytearray(a)
    start = 1 + page * 128
    for col in flips:
        b[start + col] ^= 0x5A
    want = -1 if not flips else min(flips) << 8 | max(flips)
    assert fast.changed_span(a, b, start, 128) == slow.changed_span(a, b, start, 128) == want


@given(
    frame=st.binary(min_size=FRAME, max_size=FRAME),
    codes=st.lists(st.integers(0, 127), max_size=10),
    x=st.integers(0, 128 - 10 * 2 * CELL),
    row=st.integers(0, 6),
    flip=st.sampled_from([0, 0xFF]),
    font=st.binary(min_size=128 * CELL, max_size=128 * CELL),
)
def test_copy_cells_double_agree(frame, codes, x, row, flip, font):
    from referee.ui.canvas import _SPREAD

    a, b = bytearray(frame), bytearray(frame)
    padded = bytearray(codes) + bytearray(64 - len(codes))
    at = 1 + row * 128 + x
    fast.copy_cells_double(a, at, font, padded, len(codes), flip, 128, _SPREAD)
    slow.copy_cells_double(b, at, font, padded, len(codes), flip, 128, _SPREAD)
    assert a == b

    # each glyph column twice as wide, its top nibble's bits doubled on this
    # page and its bottom nibble's on the next (by hand: bit k -> bits 2k, 2k+1)
    def doubled(nibble):
        return sum(3 << (2 * k) for k in range(4) if nibble >> k & 1)

    for i, code in enumerate(codes):
        for col in range(CELL):
            bits = font[code * CELL + col]
            for half in range(2):
                top = at + (2 * i * CELL) + 2 * col + half
                assert a[top] == doubled(bits & 15) ^ flip
                assert a[top + 128] == doubled(bits >> 4) ^ flip
