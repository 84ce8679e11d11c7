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
    fast.copy_cells(a, at, font, padded, len(codes))
    slow.copy_cells(b, at, font, padded, len(codes))
    assert a == b
    # and each cell is the font's six bytes for its code, nothing else moved
    for i, code in enumerate(codes):
        assert a[at + i * CELL : at + (i + 1) * CELL] == font[code * CELL : (code + 1) * CELL]
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
