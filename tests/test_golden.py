"""Scenario scripts drive the real firmware; the glass must match the golden
images in tests/golden/ (plain PBM, one 0/1 per pixel, viewable and diffable).

After a deliberate change of a screen, look at the new pictures
(make sim ARGS="--script tests/scenarios/X.txt --screenshot x.png") and
rewrite the goldens with UPDATE_GOLDEN=1 make pytest.
"""

import os

import pytest
from conftest import GOLDEN, SCENARIOS
from PIL import Image

from host_tools import golden_diff
from host_tools.pbm import from_pbm, to_pbm
from rig import Rig

SCRIPTS = sorted(p.stem for p in SCENARIOS.glob("*.txt"))


@pytest.mark.parametrize("name", SCRIPTS)
def test_scenario_matches_golden_images(flash, name):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / f"{name}.txt").read_text())
    assert rig.snaps, f"{name}.txt takes no snap"
    assert rig.panel.unknown == []
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    for snap, image in rig.snaps.items():
        path = GOLDEN / f"{name}-{snap}.pbm"
        if update:
            path.write_text(to_pbm(image))
            continue
        assert path.exists(), (
            f"no golden {path.name}: run UPDATE_GOLDEN=1 make pytest and look at it"
        )
        golden = from_pbm(path.read_text())
        if golden != image:
            pytest.fail(golden_diff.explain(path.stem, image, golden))


def test_a_mismatch_writes_the_drawn_frame_and_a_diff_and_names_them(tmp_path):
    golden = bytearray(1024)
    golden[0] = 0b00000011  # pixels (0, 0) and (0, 1)
    drawn = bytearray(1024)
    drawn[0] = 0b00000010  # (0, 1) kept, (0, 0) lost
    drawn[128 + 5] = 0b00000001  # (5, 8) appeared
    message = golden_diff.explain("menu-x", bytes(drawn), bytes(golden), out=tmp_path)
    drawn_png = tmp_path / "menu-x.drawn.png"
    diff_png = tmp_path / "menu-x.diff.png"
    assert str(drawn_png) in message and str(diff_png) in message
    assert "1 pixels only in the golden" in message and "1 only in the drawn" in message
    assert from_pbm((tmp_path / "menu-x.drawn.pbm").read_text()) == bytes(drawn)
    diff = Image.open(diff_png).convert("RGB")
    scale = golden_diff.SCALE
    assert diff.size == (128 * scale, 64 * scale)
    assert diff.getpixel((0, 0)) == golden_diff.ONLY_GOLDEN
    assert diff.getpixel((0, 1 * scale)) == golden_diff.BOTH
    assert diff.getpixel((5 * scale + scale - 1, 8 * scale)) == golden_diff.ONLY_DRAWN
    assert diff.getpixel((1 * scale, 0)) == golden_diff.NEITHER
    assert Image.open(drawn_png).size[0] > 128  # a scaled-up picture of the glass


def test_pbm_round_trip():
    image = bytes(range(256)) * 4
    assert from_pbm(to_pbm(image)) == image
