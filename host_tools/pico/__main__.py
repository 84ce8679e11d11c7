"""Button scripts on the emulated Pico (MicroPython v1.27.0 in rp2040js, emulated time).

    python -m host_tools.pico --script tests/scenarios/dice_2d6.txt
    python -m host_tools.pico --script S.txt --flash-dir build/sim-flash --screenshots out/
    python -m host_tools.pico --all --press-ms 150 --gap-ms 250     # every scenario
    python -m host_tools.pico --uf2 build/referee.uf2 --script S.txt  # firmware + filesystem
    make pico ARGS="--all"

Prints boot to menu, press to panel (UP/DOWN from the press, OK/BACK from
the release: median and p90), which snaps equal their golden image
(tests/golden/<script>-<snap>.pbm), and the emulator's speed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from host_tools import cli, flash_image, paths
from host_tools.pico import figures, lane

GOLDEN = paths.ROOT / "tests" / "golden"
SCENARIOS = paths.ROOT / "tests" / "scenarios"


def report(results: dict[str, lane.Played], wall_s: float, say=print) -> int:
    """Print the figures; returns the number of snaps that differ from golden."""
    compared = differ = 0
    for name in sorted(results):
        played = results[name]
        n, bad = lane.golden_mismatches(played, GOLDEN)
        compared += n
        differ += len(bad)
        boot = played.boot_ms
        line = f"{name:16} boot {boot:7.1f} ms" if boot else f"{name:16} boot    -     "
        line += f"  golden {n - len(bad)}/{n}"
        if bad:
            line += ": differ " + ", ".join(bad)
        if played.chip.error:
            line += "  ERROR " + played.chip.error
        say(line)
    figs = figures.summary(list(results.values()))
    for label, key in (("UP/DOWN press", "up_down"), ("OK/BACK release", "ok_back")):
        if figs[key + "_ms"]:
            median, p90 = figs[key + "_ms"]
            count = figs[key + "_presses"]
            say(f"{label} to panel: median {median:.1f}, p90 {p90:.1f} ms ({count} presses)")
    say(f"short presses with no panel update: {figs['no_update']}")
    say(f"presses whose frame waited for a flash sector erase: {figs['erasing']}")
    say(f"golden snaps equal: {compared - differ} of {compared}")
    say(f"emulated {figs['emulated_s']:.1f} s in {wall_s:.1f} s wall")
    return differ


def print_heap(results: dict[str, lane.Played], say=print) -> None:
    """Heap samples: used, free and the largest free block, in bytes."""
    for name in sorted(results):
        chip = results[name].chip
        ready = chip.ready_us or 0.0
        for label, samples in (("at", chip.heap), ("after gc at", chip.gc)):
            for at_us, used, free, largest in samples:
                say(
                    f"{name:16} heap {label} {(at_us - ready) / 1000:9.1f} ms: "
                    f"used {used:7,} free {free:7,} largest free {largest:7,}"
                )


def write_screenshots(results: dict[str, lane.Played], folder: Path) -> None:
    from host_tools.sim import screenshot

    folder.mkdir(parents=True, exist_ok=True)
    for played in results.values():
        for snap, image in played.snaps.items():
            stem = folder / f"{played.name}-{snap}"
            screenshot(image, stem.with_suffix(".png"))
            stem.with_suffix(".pbm").write_text(figures.to_pbm(image))


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("pico", "host_tools.pico", description=__doc__.split("\n")[0])
    what = ap.add_mutually_exclusive_group(required=True)
    what.add_argument("--script", type=Path, action="append", help="a button script (repeatable)")
    what.add_argument("--all", action="store_true", help="every script in tests/scenarios")
    ap.add_argument("--flash-dir", type=Path, help="files to add to the flash, e.g. data/game.jnl")
    ap.add_argument(
        "--uf2",
        type=Path,
        help="boot exactly this .uf2 (MicroPython and the referee's filesystem in one file)",
    )
    ap.add_argument("--press-ms", type=int, default=50, help="how long a finger stays down")
    ap.add_argument("--gap-ms", type=int, default=50, help="and off before the next press")
    ap.add_argument(
        "--settle-ms",
        type=int,
        default=0,
        help="pause this long before each snap line (default 0: snap at the presses' pace)",
    )
    ap.add_argument("--seed", type=int, default=1, help="entropy seed (the goldens use 1)")
    ap.add_argument("--usb", action="store_true", help="USB power (VBUS high): no lightsleep")
    ap.add_argument("--screenshots", type=Path, help="write each snap as PNG and PBM here")
    ap.add_argument(
        "--heap-at",
        help="ms after ready, comma-separated: print the heap (read from SRAM) then, "
        "and after every garbage collection",
    )
    args = ap.parse_args(argv)
    paths.use_firmware()
    files = sorted(SCENARIOS.glob("*.txt")) if args.all else args.script
    scripts = {path.stem: cli.button_script("make pico", path) for path in files}
    if args.uf2 and args.flash_dir:
        ap.error("--flash-dir adds to the referee's image; a --uf2 brings its own")
    options: dict = {"seed": args.seed, "usb": args.usb}
    if args.heap_at:
        options["heap_at"] = [int(ms) for ms in args.heap_at.split(",")]
    if args.uf2:
        options.update(image=b"", firmware=args.uf2.resolve())
    else:
        extra = flash_image.folder_files(args.flash_dir) if args.flash_dir else {}
        options.update(image=flash_image.referee_image(extra))
    start = time.monotonic()
    results = lane.play_all(
        scripts, args.press_ms, args.gap_ms, settle_ms=args.settle_ms, **options
    )
    wall = time.monotonic() - start
    report(results, wall)
    if args.heap_at:
        print_heap(results)
    if args.screenshots:
        write_screenshots(results, args.screenshots)
    return 1 if any(p.chip.error for p in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
