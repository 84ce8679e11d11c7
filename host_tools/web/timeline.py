"""A button script (tests/scenarios/*.txt) as the page's timeline: JSON of
button changes [ms, button 0-3, 1 down / 0 up] and snaps [name, ms], at
the pace given (host_tools/pico/script.py, as the chip lane plays them).

    python -m host_tools.web.timeline SCRIPT [--press-ms 80 --gap-ms 80 --settle-ms 200]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from host_tools import paths


def timeline(text: str, press_ms: int, gap_ms: int, settle_ms: int) -> dict:
    paths.use_firmware()
    from host_tools.pico import script
    from referee.hw.buttons import LONG_MS

    pins = {"up": 0, "down": 1, "ok": 2, "back": 3}
    tl = script.timeline(text, pins, press_ms, gap_ms, LONG_MS, settle_ms)
    return {
        "changes": [[t, pin, 1 - level] for t, pin, level in tl.changes],
        "snaps": [[name, t] for name, t in tl.snaps],
        "end": tl.end_ms,
        "skip": tl.entropy_skip,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("script", type=Path)
    ap.add_argument("--press-ms", type=int, default=80)
    ap.add_argument("--gap-ms", type=int, default=80)
    ap.add_argument("--settle-ms", type=int, default=200)
    args = ap.parse_args(argv)
    text = args.script.read_text()
    print(json.dumps(timeline(text, args.press_ms, args.gap_ms, args.settle_ms)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
