"""The README's pictures (host_tools/screens/) still show what the firmware draws."""

import pytest
from conftest import GOLDEN
from PIL import Image

from host_tools import screenshots
from host_tools.pbm import from_pbm
from host_tools.sim import SCALE

PICTURES = sorted(screenshots.OUT.glob("*.png"))


def test_every_snap_has_a_picture():
    goldens = {p.stem for p in GOLDEN.glob("*.pbm")}
    assert {p.stem for p in PICTURES} == goldens


@pytest.mark.parametrize("picture", PICTURES, ids=lambda p: p.stem)
def test_picture_shows_the_golden_pixels(picture):
    golden = from_pbm((GOLDEN / f"{picture.stem}.pbm").read_text())
    img = Image.open(picture).convert("RGB")
    border = 4 * SCALE
    for y in range(64):
        for x in range(128):
            r, g, b = img.getpixel((border + x * SCALE + 1, border + y * SCALE + 1))
            on = golden[(y >> 3) * 128 + x] >> (y & 7) & 1
            assert (b > 100) == bool(on), f"{picture.name} pixel {x},{y}"
