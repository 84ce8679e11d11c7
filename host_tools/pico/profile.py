"""Where the chip's time goes: a development profile of one run (not a test).

    python -m host_tools.pico.profile --elf micropython-v1.27.0-RPI_PICO.elf  # the build's .elf
    python -m host_tools.pico.profile --elf E --game robots --actions 500 --to-ms 1200

Runs the referee on the emulated Pico from power-on (with a saved game if
asked), counts cycles by PC from ``--from-ms`` to ``--to-ms`` after power-on,
and prints the C functions that took them (symbols from the stock firmware's
.elf, which the project does not vendor), and the inclusive time of a few
functions that say what the interpreter was doing (importing, mounting,
fetching LittleFS metadata, interning names).
"""

from __future__ import annotations

import argparse
import bisect
import subprocess
from collections import Counter
from pathlib import Path

from host_tools import flash_image, paths
from host_tools.pico import lane, run

INCLUSIVE = (
    "mp_builtin___import__",
    "mp_import_stat",
    "mp_vfs_import_stat",
    "mp_raw_code_load",
    "mp_raw_code_load_file",
    "lfs2_dir_fetchmatch",
    "lfs2_dir_find",
    "lfs2_file_opencfg",
    "lfs2_bd_read",
    "lfs2_crc",
    "qstr_from_strn",
    "qstr_find_strn",
    "gc_collect",
    "gc_alloc",
    "mp_hal_delay_ms",
    "mp_call_function_n_kw",
    "mp_execute_bytecode",
    "mp_obj_new_exception_msg_varg",
    "nlr_jump",
)


def symbols(elf: Path) -> tuple[list[int], list[str], dict[str, int]]:
    """Function starts (sorted) and their names, and {name: address}."""
    out = subprocess.run(["nm", "-n", str(elf)], capture_output=True, text=True, check=True)
    starts, names, by_name = [], [], {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW" and not parts[2].startswith("$"):
            address = int(parts[0], 16) & ~1
            starts.append(address)
            names.append(parts[2])
            by_name.setdefault(parts[2], int(parts[0], 16))
    return starts, names, by_name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--elf", type=Path, required=True, help="the firmware's .elf (symbols)")
    ap.add_argument("--game", help="a saved game of this kind on the flash (bench's samples)")
    ap.add_argument("--actions", type=int, default=500)
    ap.add_argument(
        "--script", default="wait 100\n", help="button script after ready, or a file holding one"
    )
    ap.add_argument("--from-ms", type=float, default=0.0)
    ap.add_argument("--to-ms", type=float, default=600.0)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--callers", nargs="*", default=[], help="count calls to these by caller")
    ap.add_argument("--paths", action="store_true", help="print each path an import stats")
    args = ap.parse_args(argv)
    paths.use_firmware()

    extra = {}
    if args.game:
        from host_tools import bench

        files = bench.saved_files(args.actions, args.game)
        extra = {"data/" + name: data for name, data in files.items()}
    image = flash_image.referee_image(extra)
    starts, names, by_name = symbols(args.elf)
    watched = [by_name[n] for n in INCLUSIVE if n in by_name]
    script = args.script
    if Path(script).is_file():
        script = Path(script).read_text()
    timeline = lane.timeline_for(script, 50, 50)
    chip = run.run_chip(
        timeline,
        image,
        profile_ms=(args.from_ms, args.to_ms),
        profile_inclusive=watched,
        profile_strings=[by_name["mp_vfs_import_stat"]] if args.paths else [],
        profile_callers=[by_name[n] for n in args.callers],
    )
    for ms, _entry, text in chip.profile.get("strings", []):
        print(f"{ms:9.2f} ms stat {text}")
    if chip.error:
        print("run:", chip.error)
    if chip.ready_us:
        print(f"ready at {chip.ready_us / 1000:.1f} ms after power-on")
    by_function: Counter[str] = Counter()
    for pc, cycles in chip.profile.get("flat", []):
        i = bisect.bisect_right(starts, pc) - 1
        by_function[names[i] if i >= 0 else hex(pc)] += cycles
    total = sum(by_function.values())
    mhz = 125.0
    print(f"{total / mhz / 1000:.1f} ms of CPU from {args.from_ms} to {args.to_ms} ms")
    for name, cycles in by_function.most_common(args.top):
        print(f"  {cycles / mhz / 1000:8.2f} ms {100 * cycles / total:5.1f}%  {name}")
    print("inclusive (first entry to its return, recursion counted once):")
    by_address = {a & ~1: n for n, a in by_name.items()}
    for address, (cycles, calls) in sorted(
        chip.profile.get("inclusive", []), key=lambda e: -e[1][0]
    ):
        name = by_address.get(address, hex(address))
        print(
            f"  {cycles / mhz / 1000:8.2f} ms {100 * cycles / total:5.1f}%  {calls:7} calls  {name}"
        )
    for key, calls in sorted(chip.profile.get("callers", []), key=lambda e: -e[1])[: args.top]:
        entry, lr = (int(x) for x in key.split())
        i = bisect.bisect_right(starts, lr) - 1
        print(f"  {calls:7} calls of {by_address.get(entry, hex(entry))} from {names[i]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
