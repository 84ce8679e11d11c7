"""Pictures for the README: every ``snap`` of every scenario script as a PNG.

    make screenshots     # writes host_tools/screens/<script>-<snap>.png

tests/test_screenshots.py checks that these pictures still show what the
firmware draws, so the README cannot drift from the device.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path

from host_tools import paths

OUT = paths.ROOT / "host_tools" / "screens"
SCENARIOS = paths.ROOT / "tests" / "scenarios"


def snaps() -> dict[str, bytes]:
    from rig import Rig

    found = {}
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        for script in sorted(SCENARIOS.glob("*.txt")):
            rig = Rig(seed=1, data_dir="flash-" + script.stem)
            rig.play(script.read_text())
            for name, image in rig.snaps.items():
                found[f"{script.stem}-{name}"] = image
    return found


def export_example() -> None:
    """docs/export.md's chart: the ROBOTS! script's journal, exported
    as `make export FROM=...` would."""
    from host_tools import export
    from rig import Rig

    with tempfile.TemporaryDirectory() as flash:
        with contextlib.chdir(flash):
            Rig(seed=1).play((SCENARIOS / "robots.txt").read_text())
        journals = Path(flash) / "journals"
        journals.mkdir()
        (Path(flash) / "data" / "game.jnl").rename(journals / "robots.jnl")
        export.export(journals, OUT / "export")


def main() -> int:
    paths.use_firmware()
    from host_tools.sim import screenshot

    OUT.mkdir(exist_ok=True)
    for name, image in snaps().items():
        screenshot(image, OUT / f"{name}.png")
    export_example()
    print(f"wrote {len(list(OUT.glob('*.png')))} pictures to {OUT.relative_to(paths.ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
