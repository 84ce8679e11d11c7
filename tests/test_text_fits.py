"""Nothing drawn runs off the 128x64 panel, is cut, or lands on other
text: every character cell (small, double, big digits) of every frame that
any scenario or tool screen draws lies inside the panel and clear of the
other text of its frame, no letter lights the panel's first or last pixel
column (the margin every screen keeps, issue 36), and a message broken
over two lines loses nothing.

The rule the screens follow for long text (docs/architecture.md): a name
is shortened by the screen that shows it, a message breaks at a space over
the two bottom lines (Canvas.hint), and anything longer is reworded until
it fits; nothing is left for the panel's edge to cut.
"""

import pytest
from conftest import SCENARIOS

from rig import Rig

WIDTH, HEIGHT_ROWS = 128, 8


class Fit:
    """Watches a Canvas: ``problems`` lists every cell off the panel, every
    overlap of two drawn texts in one frame, and every cut message."""

    def __init__(self, monkeypatch):
        from referee.ui import canvas, font_big

        self.problems = []
        self.items = []  # this frame's (x0, x1, row0, row1, what)
        c = canvas.Canvas
        text_by_char, draw_codes, big_char = c._text_by_char, c._draw_codes, c._big_char
        clear, fill_rect, lines = c.clear, c.fill_rect, c.lines
        fit = self

        def _draw_codes(self, n, x, row, scale, invert):
            what = bytes(self._codes[:n]).decode()
            fit.cell_run(x, n * canvas.CELL * scale - scale, row, scale, what)
            return draw_codes(self, n, x, row, scale, invert)

        def _text_by_char(self, s, x, row, scale, invert):
            fit.cell_run(x, len(s) * canvas.CELL * scale - scale, row, scale, s)
            return text_by_char(self, s, x, row, scale, invert)

        def _big_char(self, index, x, row):
            fit.cell_run(x, font_big.WIDTH, row, font_big.PAGES, font_big.CHARS[index])
            return big_char(self, index, x, row)

        def _clear(self):
            del fit.items[:]
            return clear(self)

        def _fill_rect(self, x, y, w, h, colour=1):
            if colour == 0:  # text under a cleared box is gone (Canvas.hint's message)
                fit.items = [
                    i
                    for i in fit.items
                    if not (i[0] < x + w and x <= i[1] and i[2] * 8 < y + h and y < (i[3] + 1) * 8)
                ]
            return fill_rect(self, x, y, w, h, colour)

        def _lines(self, s, row):
            if len(s) > canvas.COLUMNS:
                cut = s.rfind(" ", 0, canvas.COLUMNS + 1)
                rest = s[cut:].strip() if cut > 0 else ""
                if cut <= 0 or len(rest) > canvas.COLUMNS:
                    fit.problems.append(("cut", s))
            return lines(self, s, row)

        monkeypatch.setattr(c, "_draw_codes", _draw_codes)
        monkeypatch.setattr(c, "_text_by_char", _text_by_char)
        monkeypatch.setattr(c, "_big_char", _big_char)
        monkeypatch.setattr(c, "clear", _clear)
        monkeypatch.setattr(c, "fill_rect", _fill_rect)
        monkeypatch.setattr(c, "lines", _lines)

    def report(self):
        """Each problem once, a line each."""
        seen = []
        for p in self.problems:
            if p not in seen:
                seen.append(p)
        return "\n".join(repr(p) for p in seen)

    def cell_run(self, x, width, row, rows, what):
        """``width`` lit columns from x (a cell's blank column not counted)
        on page rows row .. row + rows - 1."""
        if not what:
            return
        x1, row1 = x + width - 1, row + rows - 1
        if x < 0 or x1 >= WIDTH or row < 0 or row1 >= HEIGHT_ROWS:
            self.problems.append(("off the panel", what, x, row))
        elif rows <= 2 and touches_an_edge(what, x, rows):
            self.problems.append(("no margin", what, x, row))
        for i in self.items:
            if i[0] <= x1 and x <= i[1] and i[2] <= row1 and row <= i[3]:
                self.problems.append(("overlaps", what, i[4], x, row))
        self.items.append((x, x1, row, row1, what))


def touches_an_edge(text, x, scale):
    """True when ``text`` drawn in the small font at ``x`` (``scale`` 1 or
    2) lights the panel's first or last pixel column, where the screens
    keep a margin (a title bar's inverted row included: its letters are
    the dark pixels then)."""
    from referee.ui import font_small

    def lit(char):
        glyph = (ord(char) - font_small.FIRST) * font_small.WIDTH
        return [col for col in range(font_small.WIDTH) if font_small.GLYPHS[glyph + col]]

    cell = 6 * scale
    for i, char in enumerate(text):
        columns = lit(char)
        if columns:
            left = x + i * cell + columns[0] * scale
            right = x + i * cell + (columns[-1] + 1) * scale - 1
            if left == 0 or right == WIDTH - 1:
                return True
    return False


def six_letter_names(players):
    """Names as long as the name editor allows (MAX_NAME): the widest a
    table can make them (the small font is monospaced)."""
    return ["ABCDE" + "FGHIJKLMN"[i] for i in range(players)]


SCRIPTS = sorted(SCENARIOS.glob("*.txt")) + sorted((SCENARIOS.parent / "plays").glob("*.txt"))


@pytest.mark.parametrize("names", ["P1 P2", "six letters"])
@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_text_runs_off_the_panel(flash, monkeypatch, path, names):
    if names == "six letters":
        from referee.screens import setup

        monkeypatch.setattr(setup, "default_names", six_letter_names)
    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    rig.play(path.read_text())
    assert fit.problems == [], fit.report()


# Screens the scenarios pass by or never open, each page of them.
WALKS = {
    # ROBOTS!, four players: every power card's reminder, the Tractor Beam at 108
    "robots_tools": "down x4\nok\nok\nok\nok long\nok\nup x2\nok"
    + "\ndown" * 12
    + "\nback\nup\nok\nup hold 8950\nback",
    # Dice & coins: 9d100, rolled
    "dice_9d100": "ok\nok long\nup x8\nok\nup hold 8950\nok\nok",
    # Settings: every row, and the battery
    "settings": "up\nok" + "\ndown" * 12,
}


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_tool_screens_fit(flash, monkeypatch, walk):
    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    rig.play(WALKS[walk])
    assert fit.problems == [], fit.report()


def drawn_lines(monkeypatch, script, rig=None):
    """Every (row, text) the last frame of ``script`` drew (on ``rig``, or a
    new one), and what ran off."""
    from referee.ui.canvas import Canvas, text_width

    frame = []
    too_wide = []
    original_text, original_clear = Canvas.text, Canvas.clear

    def text(self, s, x, row, scale=1, invert=False):
        if x < 0 or x + text_width(s, scale) > self.width:
            too_wide.append(s)
        frame.append((row, s))
        return original_text(self, s, x, row, scale, invert)

    def clear(self):
        del frame[:]
        return original_clear(self)

    monkeypatch.setattr(Canvas, "text", text)
    monkeypatch.setattr(Canvas, "clear", clear)
    (rig or Rig(seed=1)).play(script)
    return frame, too_wide


# Refusals longer than a line (found by a play-test: each ran off both edges,
# or broke mid-word), and a message on a full list (it hid the last row).
LONG_MESSAGES = {
    # ROBOTS!, four players: P2 counts 40 cards 2-9, P3 one more: 41 in a deck of 40
    "robots_deck": (
        "down x4\nok\nok\nok\nok long\nok\nok\nup hold 5950\nok\nok\nup\nok\nok",
        ("the deck has 40 cards", "2-9, not 41"),
    ),
    # Robber Rummy, as scenarios/robber.txt to P2's count: a set of two cards
    "robber_set": (
        "down x5\nok\nok\nup\nok\nok\nok long\nok\nok\ndown\nup x2\nok\nok",
        ("set 2-9: a set has 3", "cards or more"),
    ),
    # the duel: a build of the jack of clubs (ranks round: DOWN x3 from the
    # ace), then the second card from JC down a rank and up a suit: 10S
    "duel_build": (
        "down x6\nok\nok\nok\nok long\nok\nback long\ndown\nup\nok\ndown x3\nok\nok\ndown\nok\nup",
        ("no match of suit or", "value"),
    ),
}


@pytest.mark.parametrize("name", sorted(LONG_MESSAGES))
def test_a_long_message_breaks_at_a_space_on_the_panel(flash, monkeypatch, name):
    script, lines = LONG_MESSAGES[name]
    frame, too_wide = drawn_lines(monkeypatch, script)
    assert too_wide == []
    drawn = [s for _row, s in frame]
    for line in lines:
        assert line in drawn, (line, drawn)


def test_a_two_line_message_on_a_full_score_list_hides_no_row(flash, monkeypatch):
    # Six players fill rows 1-6; closing round 1 with nobody scored is
    # refused in two lines (rows 6 and 7): the list shows five rows then.
    script = "down\nok\nup x10\nok\nok\nok long\nok long"
    frame, too_wide = drawn_lines(monkeypatch, script)
    assert too_wide == []
    assert (6, "nobody has scored in") in frame and (7, "round 1 yet") in frame
    assert [s for row, s in frame if row == 6] == ["nobody has scored in"]


def test_the_watch_sees_what_is_wrong(flash, monkeypatch):
    """The check itself: text past the edge, two texts on one spot, big
    digits off the bottom, and a message too long for two lines."""
    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    c = rig.app.canvas
    c.clear()
    c.text("x" * 22, 0, 0)  # 22 x 6 - 1 = 131 columns
    c.number(12, 120, 1)
    c.text("ab", 2, 2)
    c.text("c", 8, 2)  # on b's cell
    c.text("z", 123, 3)  # lit to column 127: no margin
    c.big_number(5, 120, 4)  # 16 columns from 120
    c.clear()  # a new frame: nothing to overlap
    c.lines("a" * 21 + " " + "b" * 22, 3)
    kinds = [p[0] for p in fit.problems]
    assert kinds == [
        "off the panel",
        "off the panel",
        "overlaps",
        "no margin",
        "off the panel",
        "cut",
    ], kinds


def test_nine_d100_shows_every_single_value_whole(flash, monkeypatch):
    """9d100's values joined by + run to 35 characters: they take two lines,
    broken after a +, and no number is cut (the old line ended at 21)."""
    from referee.screens.dice import Dice

    rig = Rig(seed=1)
    frame, too_wide = drawn_lines(monkeypatch, WALKS["dice_9d100"], rig)
    assert too_wide == []
    assert isinstance(rig.app.screen, Dice)
    values = rig.app.screen.values  # the seed's; 3-digit ones make it wrap
    assert len("+".join(str(v) for v in values)) > 21
    rows = {row: s for row, s in frame if row in (6, 7)}
    assert rows[6] + rows.get(7, "") == "+".join(str(v) for v in values)
    assert len(rows[6]) <= 21 and len(rows.get(7, "")) <= 21
