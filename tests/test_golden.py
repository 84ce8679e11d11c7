"""Scenario scripts drive the real firmware; the glass must match the golden
images in tests/golden/ (plain PBM, one 0/1 per pixel, viewable and diffable).

After a deliberate change of a screen, look at the new pictures
(make sim ARGS="--script tests/scenarios/X.txt --screenshot x.png") and
rewrite the goldens with UPDATE_GOLDEN=1 make pytest.
"""

import os

import pytest
from conftest import GOLDEN, SCENARIOS

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
        assert from_pbm(path.read_text()) == image, f"{path.name} differs"


def test_pbm_round_trip():
    image = bytes(range(256)) * 4
    assert from_pbm(to_pbm(image)) == image
