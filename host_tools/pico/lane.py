"""Scripts on the emulated Pico: timelines in, snaps and figures out.

Each script runs on a fresh chip in its own Node process; ``play_all`` keeps
``workers`` of them busy at once (the emulator is single-threaded and
CPU-bound, so one per core).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from host_tools import flash_image, golden_diff, romfs
from host_tools.pico import figures, run, script


@dataclass
class Played:
    name: str
    timeline: script.Timeline
    chip: run.ChipRun
    snaps: dict[str, bytes]
    latencies: figures.Latencies

    @property
    def boot_ms(self) -> float | None:
        return figures.boot_ms(self.chip)


def timeline_for(text: str, press_ms: int, gap_ms: int, settle_ms: int = 0) -> script.Timeline:
    buttons, _board = run.board_pins()
    from referee.hw.buttons import LONG_MS

    return script.timeline(text, buttons, press_ms, gap_ms, LONG_MS, settle_ms)


def play_all(
    scripts: dict[str, str],
    press_ms: int = 50,
    gap_ms: int = 50,
    image: bytes | None = None,
    workers: int | None = None,
    settle_ms: int = 0,
    marks=None,
    build: run.Build = run.ROMFS,
    **options,
) -> dict[str, Played]:
    """Play each named script on its own fresh chip of ``build``; {name: Played}.
    ``image`` (the filesystem) defaults to the installed referee's; b""
    writes none (for a ``firmware=`` .uf2 that holds the filesystem too)."""
    if image is None:
        image = flash_image.referee_image(in_rom=build.in_rom)
    if build.in_rom and "firmware" not in options and "rom_image" not in options:
        options["rom_image"] = romfs.referee_image()  # built once, here
    workers = workers or min(2, os.cpu_count() or 1)
    run.seeded_entropy(1, 1)  # imports done here, not in the worker threads
    figures.new_panel()
    timelines = {
        name: timeline_for(text, press_ms, gap_ms, settle_ms) for name, text in scripts.items()
    }
    # Longest first, so the last process to finish is a short one.
    order = sorted(timelines, key=lambda n: -timelines[n].end_ms)

    def one(name: str) -> Played:
        tl = timelines[name]
        # marks(timeline): allocation windows for the bench (host_tools/pico/bench.py)
        extra = {"bench_marks": marks(tl)} if marks else {}
        chip = run.run_chip(tl, image, build=build, **options, **extra)
        return Played(name, tl, chip, figures.snaps(chip, tl), figures.latencies(chip, tl))

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return {p.name: p for p in pool.map(one, order)}


def golden_mismatches(played: Played, golden_dir: Path) -> tuple[int, list[str]]:
    """(snaps compared, "name (why)" for each that differs from or lacks a
    golden: "late N ms" if the golden frame came after the snap, else "wrong",
    and where golden_diff wrote the drawn frame and the diff picture)."""
    bad = []
    moments = dict(played.timeline.snaps)
    for snap, image in played.snaps.items():
        path = golden_dir / f"{played.name}-{snap}.pbm"
        if not path.exists():
            bad.append(f"{snap} (no golden)")
            continue
        golden = figures.from_pbm(path.read_text())
        if golden == image:
            continue
        assert played.chip.ready_us is not None  # there are snaps
        moment = played.chip.ready_us + moments[snap] * 1000
        late = figures.golden_late_ms(played.chip, moment, golden)
        why = "wrong" if late is None else f"late {late:.0f} ms"
        # the frame the chip showed at the snap, beside a picture of the difference
        explained = golden_diff.explain(f"chip-{played.name}-{snap}", image, golden)
        bad.append(f"{snap} ({why}; {explained})")
    return len(played.snaps), bad
