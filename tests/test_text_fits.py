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
