"""The hardware pictures as a builder sees them (issue 35): hardware/wiring.svg
and hardware/breadboard.svg drawn by the browser lane's Chromium
(host_tools/svg_layout.mjs), every label's box read back: none cut off at
the picture's edge, none over another, no wire across one.

Needs Chromium and Node's playwright-core, as tests/test_web.py does: `make
test` installs both before its pytest runs. The screenshots it takes are
hardware/wiring.png and hardware/breadboard.png, which hardware/README.md
shows: the pictures as a browser draws them.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import ROOT

PICTURES = ("wiring", "breadboard")
SHOTS = ROOT / "hardware"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    if not shutil.which(CHROMIUM):
        pytest.fail("no chromium: `make browser` installs Debian's chromium package")
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = tmp_path_factory.mktemp("layout") / "layout.json"
    specs = [f"{ROOT / 'hardware' / f'{name}.svg'}:{SHOTS / f'{name}.png'}" for name in PICTURES]
    subprocess.run(
        ["node", str(ROOT / "host_tools" / "svg_layout.mjs"), CHROMIUM, str(out), *specs],
        cwd=ROOT,
        check=True,
        timeout=120,
    )
    found = json.loads(out.read_text())
    return {name: found[str(ROOT / "hardware" / f"{name}.svg")] for name in PICTURES}


def overlap(a, b) -> bool:
    """Two boxes (left, top, right, bottom) share some area (touching is not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name", PICTURES)
def test_every_label_is_inside_the_picture(drawn, name):
    picture = drawn[name]
    assert len(picture["labels"]) > 10  # the labels were read at all
    cut = [
        label["text"]
        for label in picture["labels"]
        if label["box"][0] < 0
        or label["box"][1] < 0
        or label["box"][2] > picture["width"]
        or label["box"][3] > picture["height"]
    ]
    assert cut == [], f"{name}.svg cuts these labels at its edge: {cut}"


@pytest.mark.parametrize("name", PICTURES)
def test_no_label_covers_another(drawn, name):
    labels = drawn[name]["labels"]
    covered = [
        (a["text"], b["text"])
        for i, a in enumerate(labels)
        for b in labels[i + 1 :]
        if overlap(a["box"], b["box"])
    ]
    assert covered == [], f"{name}.svg draws these labels over each other: {covered}"


@pytest.mark.parametrize("name", PICTURES)
def test_no_wire_crosses_a_label(drawn, name):
    picture = drawn[name]
    assert len(picture["wires"]) >= 10  # the wires were read at all
    crossed = []
    for wire in picture["wires"]:
        half = wire["half"]
        for label in picture["labels"]:
            left, top, right, bottom = label["box"]
            if any(
                left - half < x < right + half and top - half < y < bottom + half
                for x, y in wire["points"]
            ):
                crossed.append((wire["name"], label["text"]))
    assert crossed == [], f"{name}.svg runs these wires across labels: {crossed}"


def test_the_checks_catch_what_the_old_pictures_got_wrong():
    # the breadboard's first pin labels, as issue 35 saw them: "GP4 SDA"
    # and "GP5 SCL" a column apart, each wider than the 16-unit column
    gp4, gp5 = (150 - 15, 150, 150 + 15, 158), (166 - 15, 150, 166 + 15, 158)
    assert overlap(gp4, gp5)
    assert not overlap(gp4, (gp4[2], 150, gp4[2] + 10, 158))  # touching is fine
