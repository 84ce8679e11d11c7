"""Fonts: the firmware modules match their ASCII-art sources, and text drawn
through the real driver lands on the glass exactly as the art shows."""

import pytest

from host_tools import fontgen


def art(path, char):
    _, _, glyphs = fontgen.parse(fontgen.FONTS / path)
    return glyphs[char]


def glass_block(rig, x0, y0, w, h):
    img = rig.panel.pixels()
    return [
        "".join("#" if rig.panel.pixel(x, y, img) else "." for x in range(x0, x0 + w))
        for y in range(y0, y0 + h)
    ]


def draw(rig, fn):
    c = rig.app.canvas
    c.clear()
    fn(c)
    c.show()


def test_generated_modules_are_current():
    assert fontgen.main(["--check"]) == 0


def test_small_font_covers_printable_ascii():
    _, _, glyphs = fontgen.parse(fontgen.FONTS / "small.txt")
    assert "".join(glyphs) == "".join(chr(c) for c in range(32, 127))


@pytest.mark.parametrize("char", ["A", "g", "0", "O", "&", "?"])
def test_small_glyph_on_glass_matches_art(rig, char):
    draw(rig, lambda c: c.text(char, 10, 3))
    assert glass_block(rig, 10, 24, 5, 8) == art("small.txt", char)
    assert glass_block(rig, 15, 24, 1, 8) == ["."] * 8  # the blank spacing column


def test_scale_two_doubles_every_pixel(rig):
    draw(rig, lambda c: c.text("R", 0, 2, scale=2))
    rows = art("small.txt", "R")
    expected = ["".join(ch * 2 for ch in row) for row in rows for _ in range(2)]
    assert glass_block(rig, 0, 16, 10, 16) == expected


@pytest.mark.parametrize("char", list("0123456789+-d"))
def test_big_glyph_on_glass_matches_art(rig, char):
    draw(rig, lambda c: c.big(char, 40, 2))
    assert glass_block(rig, 40, 16, 16, 32) == art("big.txt", char)


def test_inverted_text_is_the_negative(rig):
    draw(rig, lambda c: c.text("H", 0, 0, invert=True))
    flipped = ["".join("." if p == "#" else "#" for p in row) for row in art("small.txt", "H")]
    assert glass_block(rig, 0, 0, 5, 8) == flipped


def test_text_is_clipped_at_the_right_edge_and_unknown_chars_show_query(rig):
    draw(rig, lambda c: c.text("\u00e9XYZ", 120, 0))
    assert glass_block(rig, 120, 0, 5, 8) == art("small.txt", "?")


def test_sixteen_columns_and_six_lines_fit():
    from referee.ui import canvas

    assert canvas.COLUMNS >= 16 and canvas.ROWS >= 6
    assert canvas.text_width("x" * canvas.COLUMNS) <= 128


def test_die_faces_have_the_right_number_of_pips(rig):
    def pips(value):
        from referee.ui.die import die

        draw(rig, lambda c: die(c, 0, 0, 30, value))
        img = rig.panel.pixels()
        # pips are 5x5 squares inside the border; count their top-left corners
        inside = {(x, y) for y in range(2, 28) for x in range(2, 28) if rig.panel.pixel(x, y, img)}
        return sum(1 for (x, y) in inside if (x - 1, y) not in inside and (x, y - 1) not in inside)

    assert [pips(v) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]


class _Frame:
    """Just what Canvas needs of a display: a buffer with its control byte."""

    width = 128

    def __init__(self):
        self.buffer = bytearray(b"\x40" + b"\xaa" * 1024)


def test_text_copies_whole_glyphs_and_clips_cells_at_both_edges():
    """Every character at every x where any of it shows, over a patterned
    frame: glyph columns x..x+4 take the font's bytes, column x+5 goes dark,
    only columns 0..127 of that page change, and byte 0 stays the control byte."""
    from referee.ui import font_small
    from referee.ui.canvas import Canvas

    for code in range(font_small.FIRST, font_small.LAST + 1):
        glyph = font_small.GLYPHS[(code - font_small.FIRST) * 5 :][:5] + b"\x00"
        for x in range(-6, 129):
            frame = _Frame()
            expected = bytearray(frame.buffer)
            for col in range(6):
                if 0 <= x + col < 128:
                    expected[1 + 3 * 128 + x + col] = glyph[col]
            end = Canvas(frame).text(chr(code), x, 3)
            assert end == x + 6
            assert frame.buffer == expected, (chr(code), x)


def test_a_character_outside_the_font_is_drawn_as_a_question_mark():
    from referee.ui.canvas import Canvas

    query, other = _Frame(), _Frame()
    Canvas(query).text("a?b", 40, 2)
    Canvas(other).text("a\u00e9b", 40, 2)
    assert other.buffer == query.buffer


def test_canvas_folds_the_small_fonts_range():
    from referee.ui import canvas, font_small

    assert (canvas._FIRST, canvas._LAST) == (font_small.FIRST, font_small.LAST)
    assert canvas._GLYPH_COUNT == font_small.LAST - font_small.FIRST + 1


def test_text_longer_than_the_code_buffer_is_drawn_and_clipped():
    from referee.ui.canvas import Canvas

    frame = _Frame()
    assert Canvas(frame).text("A" * 70, 0, 0) == 420
    # host_tools/fonts/small.txt draws A as .###. #...# #...# ##### #...# x3,
    # row 0 in bit 0: columns 0 and 4 light rows 1-6, columns 1-3 rows 0 and 3.
    a = b"\x7e\x09\x09\x09\x7e\x00"
    assert frame.buffer[1:129] == (a * 22)[:128]


def _doubled(nibble):
    """A nibble with each bit doubled, worked out bit by bit."""
    out = 0
    for bit in range(4):
        if nibble >> bit & 1:
            out |= 0b11 << (2 * bit)
    return out


def test_scale_two_text_at_every_x_doubles_the_glyph_and_clips():
    from referee.ui import font_small
    from referee.ui.canvas import Canvas

    for code in (ord("g"), ord("R"), ord("7")):
        glyph = font_small.GLYPHS[(code - font_small.FIRST) * 5 :][:5] + b"\x00"
        for x in range(-12, 129):
            for invert in (False, True):
                frame = _Frame()
                expected = bytearray(frame.buffer)
                flip = 0xFF if invert else 0
                for col in range(12):
                    if 0 <= x + col < 128:
                        bits = glyph[col // 2]
                        expected[1 + 2 * 128 + x + col] = _doubled(bits & 15) ^ flip
                        expected[1 + 3 * 128 + x + col] = _doubled(bits >> 4) ^ flip
                assert Canvas(frame).text(chr(code) + "", x, 2, 2, invert) == x + 12
                assert frame.buffer == expected, (chr(code), x, invert)


def test_big_digits_at_every_x_copy_four_pages_and_clip():
    from referee.ui import font_big
    from referee.ui.canvas import Canvas

    for char in "08-?":
        index = font_big.CHARS.index(char)
        for x in range(-18, 129):
            frame = _Frame()
            expected = bytearray(frame.buffer)
            for page in range(4):
                for col in range(16):
                    if 0 <= x + col < 128:
                        expected[1 + (2 + page) * 128 + x + col] = font_big.GLYPHS[
                            index * 64 + page * 16 + col
                        ]
            assert Canvas(frame).big(char, x, 2) == x + 18
            assert frame.buffer == expected, (char, x)


def test_a_number_draws_as_its_decimal_text_at_every_x():
    from referee.ui.canvas import Canvas

    for value, sign, shown in (
        (0, False, "0"),
        (7, True, "+7"),
        (-305, False, "-305"),
        (1234, True, "+1234"),
    ):
        for x in range(-30, 129, 7):
            for scale in (1, 2):
                as_number, as_text = _Frame(), _Frame()
                end = Canvas(as_number).number(value, x, 1, scale, sign=sign)
                assert end == Canvas(as_text).text(shown, x, 1, scale)
                assert as_number.buffer == as_text.buffer, (value, x, scale)
