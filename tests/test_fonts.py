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
        draw(rig, lambda c: c.die(0, 0, 30, value))
        img = rig.panel.pixels()
        # pips are 5x5 squares inside the border; count their top-left corners
        inside = {(x, y) for y in range(2, 28) for x in range(2, 28) if rig.panel.pixel(x, y, img)}
        return sum(1 for (x, y) in inside if (x - 1, y) not in inside and (x, y - 1) not in inside)

    assert [pips(v) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]
