"""Every line any scenario draws fits the 128-pixel panel: nothing is
silently cut at the right edge (21 small characters, 10 at double size)."""

import pytest
from conftest import SCENARIOS

from rig import Rig


@pytest.mark.parametrize("name", sorted(p.stem for p in SCENARIOS.glob("*.txt")))
def test_no_text_runs_off_the_panel(flash, monkeypatch, name):
    from referee.ui.canvas import Canvas, text_width

    too_wide = []
    original = Canvas.text

    def text(self, s, x, row, scale=1, invert=False):
        if x < 0 or x + text_width(s, scale) > self.width:
            too_wide.append((s, x, scale))
        return original(self, s, x, row, scale, invert)

    monkeypatch.setattr(Canvas, "text", text)
    rig = Rig(seed=1)
    rig.play((SCENARIOS / f"{name}.txt").read_text())
    assert too_wide == []


def drawn_lines(monkeypatch, script):
    """Every (row, text) the last frame of ``script`` drew, and what ran off."""
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
    Rig(seed=1).play(script)
    return frame, too_wide


# Refusals longer than a line (found by a play-test: each ran off both edges,
# or broke mid-word), and a message on a full list (it hid the last row).
LONG_MESSAGES = {
    # ROBOTS!, four players: P2 counts 40 cards 2-9, P3 one more: 41 in a deck of 40
    "robots_deck": (
        "down x4\nok\nok\nok\nok long\nok\nok\ndown\nok\nup hold 6000\nok long\nup\nok long",
        ("the deck has 40 cards", "2-9, not 41"),
    ),
    # Robber Rummy, as scenarios/robber.txt to P2's count: a set of two cards
    "robber_set": (
        "down x5\nok\nok\nup\nok\nok\nok long\nok\nok\nok\nok x2\nup x2\nok long",
        ("set 2-9: a set has 3", "cards or more"),
    ),
    # the duel: a build of 6 clubs and 6 spades... then 7 of another suit
    "duel_build": (
        "down x6\nok\nok\nok\nok long\nok\nback long\ndown\nup\nok\nup x10\nok\nup x10\nok\ndown",
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
