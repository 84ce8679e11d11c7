"""A golden-image failure that explains itself: the frame that was drawn and
a picture of how it differs from the golden, written to build/golden-failures/
and named in the failure message.

The diff picture shows every pixel scaled up: white where both frames light
it, red where only the golden does (something went missing), green where only
the drawn frame does (something appeared), black where neither does. The
drawn frame is also written as PBM, ready to become the golden if the change
was deliberate (look at it first).
"""

from __future__ import annotations

from pathlib import Path

from host_tools import paths
from host_tools.pbm import to_pbm

FAILURES = paths.ROOT / "build" / "golden-failures"
SCALE = 4
BOTH = (120, 120, 120)  # dimmer than the marks, so they stand out
ONLY_GOLDEN = (255, 40, 40)
ONLY_DRAWN = (40, 220, 40)
NEITHER = (0, 0, 0)


def lit(image: bytes, x: int, y: int) -> bool:
    """Pixel (x, y) of a frame in the SSD1306's page order."""
    return bool(image[(y >> 3) * 128 + x] >> (y & 7) & 1)


def pixel_counts(drawn: bytes, golden: bytes) -> tuple[int, int]:
    """(pixels lit only in the golden, pixels lit only in the drawn frame)."""
    only_golden = only_drawn = 0
    for y in range(64):
        for x in range(128):
            g, d = lit(golden, x, y), lit(drawn, x, y)
            only_golden += g and not d
            only_drawn += d and not g
    return only_golden, only_drawn


def write_diff_png(drawn: bytes, golden: bytes, path: Path, scale: int = SCALE) -> None:
    from PIL import Image

    img = Image.new("RGB", (128 * scale, 64 * scale), NEITHER)
    px = img.load()
    for y in range(64):
        for x in range(128):
            g, d = lit(golden, x, y), lit(drawn, x, y)
            colour = BOTH if g and d else ONLY_GOLDEN if g else ONLY_DRAWN if d else NEITHER
            if colour == NEITHER:
                continue
            for dy in range(scale):
                for dx in range(scale):
                    px[x * scale + dx, y * scale + dy] = colour
    img.save(path)


def explain(name: str, drawn: bytes, golden: bytes, out: Path = FAILURES) -> str:
    """Write ``name``.drawn.png, ``name``.drawn.pbm and ``name``.diff.png into
    ``out``; return the message that names them and counts the pixels."""
    from host_tools.sim import screenshot

    out.mkdir(parents=True, exist_ok=True)
    drawn_png = out / f"{name}.drawn.png"
    drawn_pbm = out / f"{name}.drawn.pbm"
    diff_png = out / f"{name}.diff.png"
    screenshot(drawn, drawn_png)
    drawn_pbm.write_text(to_pbm(drawn))
    write_diff_png(drawn, golden, diff_png)
    only_golden, only_drawn = pixel_counts(drawn, golden)
    return (
        f"{name} differs from its golden: {only_golden} pixels only in the golden (red), "
        f"{only_drawn} only in the drawn frame (green); drawn: {drawn_png} ({drawn_pbm}), "
        f"diff: {diff_png}"
    )
