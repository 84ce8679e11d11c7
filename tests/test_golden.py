"""Scenario scripts drive the real firmware; the glass must match the golden
images in tests/golden/ (plain PBM, one 0/1 per pixel, viewable and diffable).

After a deliberate change of a screen, look at the new pictures
(make sim ARGS="--script tests/scenarios/X.txt --screenshot x.png") and
rewrite the goldens with UPDATE_GOLDEN=1 make pytest.
"""

import os

import pytest
from conftest import GOLDEN, SCENARIOS

from rig import Rig

SCRIPTS = sorted(p.stem for p in SCENARIOS.glob("*.txt"))


def to_pbm(image):
    rows = []
    for y in range(64):
        rows.append(" ".join(str(image[(y >> 3) * 128 + x] >> (y & 7) & 1) for x in range(128)))
    return "P1\n128 64\n" + "\n".join(rows) + "\n"


def from_pbm(text):
    lines = text.split("\n")
    assert lines[0] == "P1" and lines[1] == "128 64"
    image = bytearray(1024)
    for y, line in enumerate(lines[2:66]):
        for x, bit in enumerate(line.split()):
            if bit == "1":
                image[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(image)


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
        assert from_pbm(path.read_text()) == image, f"{path.name} differs"


def test_pbm_round_trip():
    image = bytes(range(256)) * 4
    assert from_pbm(to_pbm(image)) == image
