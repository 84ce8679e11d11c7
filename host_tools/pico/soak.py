"""A soak on the emulated Pico: minutes of seeded random presses, the heap probed.

    python -m host_tools.pico.soak [--seed N] [--minutes M] [--build romfs|stock]
    python -m host_tools.pico.soak --script-out soak.txt     # the script it played
    python -m host_tools.pico.soak --elf E                   # development: what the heap holds

A restless player at the table (issue 32): from the menu it opens an entry
(Dice & coins, each game of the registry, History, Settings, in a shuffled
order so every entry comes round), presses about at random there for a
while (short presses, long ones, UP/DOWN held so they repeat, OK held for a
peek with other buttons pressed under it, and pauses to read), then mashes
BACK until it is surely at the menu again (BACK at the menu puts the cursor
on its first row, so the next entry is a known number of DOWNs away). A
uniform random walk would stay in whichever screen it first fell into.

Every PROBE_EVERY presses it leaves the buttons alone for PROBE_PAUSE_MS: the
firmware's own collection runs a second after the last touch
(referee/app.py, _TIDY_MS), and that collection's used bytes, less the heap
MicroPython held as main.py started (bench.runtime_bytes), is the heap kept.

What it reports comes from the chip's record, never from the script: the
titles the firmware drew on the panel's top row (a game's setup, History,
Settings, Dice & coins, a crash), the error log and journals left on the
flash, and whether the run ended on an error (the watchdog's reset).
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from host_tools import flash_image, paths
from host_tools.pico import bench, figures, run, script

PROBE_EVERY = 250  # presses between two probes of the heap kept
PROBE_PAUSE_MS = 1500  # untouched: the firmware collects after 1 s (app._TIDY_MS)
GAME_BUDGET_BYTES = 48 * 1024  # docs/design.md: the heap a game may keep

# The player's fingers. Base times for the grammar's own presses (peeks);
# every plain press is written with its own hold and gap around these.
PRESS_MS = 150
GAP_MS = 120


@dataclass(frozen=True)
class Entry:
    row: int  # on the menu, from its first row
    name: str  # "dice", a game's journal name, "history", "settings"
    title: re.Pattern  # what the opened screen draws on its top row


def menu_entries() -> list[Entry]:
    """The menu's rows, read from the firmware (screens/menu.py's order:
    Dice & coins, every game of the registry, History, Settings), each
    with the top row its screen draws: a game's setup shows the game's
    title in capitals (screens/setup.py)."""
    paths.use_firmware()
    from referee.games import GAMES

    def exact(text: str) -> re.Pattern:
        return re.compile(r"(^| )" + re.escape(text) + r"( |$)")

    rows = [Entry(0, "dice", re.compile(r"^< \S+ >$"))]  # screens/dice.py: "< 2d6 >"
    for i, game in enumerate(GAMES, 1):
        rows.append(Entry(i, game[0], exact(game[1].upper())))
    rows.append(Entry(len(rows), "history", exact("HISTORY")))
    rows.append(Entry(len(rows), "settings", exact("SETTINGS")))
    return rows


CRASH_TITLE = re.compile(r"^OOPS$")  # screens/crash.py


# --- the script --------------------------------------------------------------------


@dataclass
class Plan:
    """A generated soak: the button script and what it meant to do."""

    text: str
    presses: int
    emulated_ms: int
    visits: list[str]  # the entries it opened, in order
    probes: list[str]  # the snap names of the probes, in order


class _Player:
    def __init__(self, seed: int, entries: list[Entry], end_ms: float):
        self.rng = random.Random(seed)
        self.end_ms = end_ms
        self.entries = entries
        self.lines: list[str] = []
        self.presses = 0
        self.ms = 0
        self.since_probe = 0
        self.probes: list[str] = []
        self.visits: list[str] = []

    # Each line's cost in presses and emulated ms is the timeline builder's
    # own, so the plan's clock is the chip's.
    def line(self, text: str) -> None:
        one = timeline(text)
        self.lines.append(text)
        self.ms += one.end_ms
        self.presses += len(one.presses)
        self.since_probe += len(one.presses)
        if self.since_probe >= PROBE_EVERY:
            self.probe()

    def probe(self) -> None:
        name = f"probe{len(self.probes)}"  # probe0: the menu after boot
        self.lines.append(f"wait {PROBE_PAUSE_MS}")
        self.lines.append("snap " + name)
        self.ms += PROBE_PAUSE_MS
        self.probes.append(name)
        self.since_probe = 0

    def tap(self, button: str, brisk: bool = False) -> None:
        """A short press, held and let go at a finger's own pace (about
        150 ms down, 250 up; BACK mashed faster)."""
        r = self.rng
        hold = r.randint(80, 140) if brisk else r.randint(100, 200)
        self.line(f"{button} hold {hold}")
        self.pause(r.randint(0, 60) if brisk else r.randint(0, 200))

    def pause(self, ms: int) -> None:
        """Longer off the buttons than the grammar's gap after a press."""
        if ms > 0:
            self.line(f"wait {ms}")

    def wander(self, presses: int) -> None:
        """Presses about at random on whatever screen is open."""
        r = self.rng
        start = self.presses
        while self.presses - start < presses and self.ms < self.end_ms:
            roll = r.random()
            if roll < 0.20:
                self.tap("down")
            elif roll < 0.36:
                self.tap("up")
            elif roll < 0.66:
                self.tap("ok")
            elif roll < 0.74:
                self.line(f"ok hold {r.randint(800, 1100)}")  # long: on, start, close
                self.pause(r.randint(0, 120))
            elif roll < 0.80:
                self.tap("back")
            elif roll < 0.82:
                self.line(f"back hold {r.randint(800, 1000)}")  # long: undo
                self.pause(r.randint(0, 120))
            elif roll < 0.87:
                # a peek: OK held while other buttons are pressed under it
                under = [r.choice(("down", "up", "down", "back")) for _ in range(r.randint(1, 4))]
                self.line("peek " + " ".join(under))
                self.pause(r.randint(0, 120))
            elif roll < 0.91:
                self.line(f"ok hold {r.randint(250, 600)}")  # a glance at a secret
                self.pause(r.randint(0, 120))
            elif roll < 0.97:
                # held so it repeats, ended clear of a repeat's moment
                button = r.choice(("up", "down"))
                self.line(f"{button} hold {r.choice((540, 780, 1020))}")
                self.pause(r.randint(0, 120))
            else:
                self.pause(r.randint(400, 1800))  # reading the screen

    def home(self) -> None:
        """BACK until surely at the menu: a setup steps back one question a
        press and a name one letter, so a dozen; at the menu BACK puts the
        cursor on the first row."""
        for _ in range(14):
            self.tap("back", brisk=True)

    def open(self, entry: Entry) -> None:
        """From the menu's first row to ``entry``'s, the short way round, and OK."""
        rows = len(self.entries)
        if entry.row <= rows // 2:
            for _ in range(entry.row):
                self.tap("down", brisk=True)
        else:
            for _ in range(rows - entry.row):
                self.tap("up", brisk=True)
        self.tap("ok")
        self.visits.append(entry.name)


@functools.cache
def _fingers() -> tuple[dict[str, int], int]:
    """({button: GPIO}, the firmware's long-press time)."""
    buttons, _board = run.board_pins()
    from referee.hw.buttons import LONG_MS

    return buttons, LONG_MS


def timeline(text: str) -> script.Timeline:
    """A soak script's timeline at the player's base pace."""
    buttons, long_ms = _fingers()
    return script.timeline(text, buttons, PRESS_MS, GAP_MS, long_ms)


def soak_script(seed: int = 1, minutes: float = 10.0) -> Plan:
    """The script of a ``minutes``-long soak: every entry opened in a
    shuffled order, then again in a new order, until the time is up; a
    heap probe at the menu after boot, every PROBE_EVERY presses, and at
    the menu at the end."""
    entries = menu_entries()
    end_ms = minutes * 60_000
    player = _Player(seed, entries, end_ms)
    player.probe()  # the menu after boot, untouched: what the probes grow from
    while player.ms < end_ms:
        order = list(entries)
        player.rng.shuffle(order)
        for entry in order:
            if player.ms >= end_ms:
                break
            player.open(entry)
            light = entry.name in ("dice", "history", "settings")
            player.wander(player.rng.randint(15, 40) if light else player.rng.randint(40, 110))
            player.home()
    # Each visit ends at the menu, the last one too: the last probe is what
    # the evening leaves behind it
    player.probe()
    return Plan(
        "\n".join(player.lines) + "\n",
        player.presses,
        player.ms,
        player.visits,
        player.probes,
    )


# --- reading the glass ------------------------------------------------------------


def _cells() -> dict[bytes, str]:
    """{the six column bytes a character takes on the panel: the character}
    (ui/font_small.py: five glyph columns and a dark one)."""
    paths.use_firmware()
    from referee.ui import font_small

    out = {}
    for code in range(font_small.FIRST, font_small.LAST + 1):
        at = (code - font_small.FIRST) * font_small.WIDTH
        out.setdefault(bytes(font_small.GLYPHS[at : at + font_small.WIDTH]) + b"\0", chr(code))
    return out


def page_texts(page: bytes, cells: dict[bytes, str]) -> list[str]:
    """What one 128-column page of the panel's RAM says, read at each of the
    six column phases a text may start at, plain and inverted (a title
    row is drawn inverted); unknown cells read as '\\x00'. The RAM, not the
    glass: a flipped panel shows the same RAM turned."""
    out = []
    for data in (page, bytes(b ^ 0xFF for b in page)):
        for phase in range(6):
            chars = []
            for x in range(phase, 128 - 5, 6):
                chars.append(cells.get(bytes(data[x : x + 6]), "\0"))
            out.append("".join(chars).strip(" "))
    return out


def titles(chip: run.ChipRun) -> list[tuple[float, list[str]]]:
    """[(emulated us, the top row's readings)] each time the firmware
    changed the panel's top row."""
    cells = _cells()
    panel = figures.new_panel()
    last = None
    out = []
    for _start, end, data in figures.panel_writes(chip):
        panel.i2c_write(data)
        top = bytes(panel.ram[:128])
        if top != last:
            last = top
            out.append((end, page_texts(top, cells)))
    return out


def best_reading(readings: list[str]) -> str:
    """The reading with the most characters known, unknown cells left out
    (for a person to read: the menu's battery gauge is no character)."""
    best = max(readings, key=lambda s: sum(c not in "\0 " for c in s) - 2 * s.count("\0"))
    return best.replace("\0", "").strip()


# --- the run ------------------------------------------------------------------------


@dataclass
class Probe:
    name: str
    presses: int  # before it
    at_s: float  # emulated, after ready
    kept: int | None  # bytes used after the firmware's collection, less the runtime's
    largest_free: int | None
    screen: str  # the top row then


@dataclass
class Soak:
    seed: int
    minutes: float
    build: str
    plan: Plan
    chip: run.ChipRun
    probes: list[Probe]
    reached: dict[str, float]  # entry -> first time (emulated s after ready) its title showed
    crash_screens: int  # times the crash screen came up
    errors_log: bytes | None
    journals: dict[str, str]  # data file -> the game its header names
    runtime_bytes: int
    wall_s: float = 0.0
    dumps: list = field(default_factory=list)  # development: (probe, heap_dump.Heap)

    @property
    def missed(self) -> list[str]:
        return [e.name for e in menu_entries() if e.name not in self.reached]


def _journal_games(files: dict[str, bytes]) -> dict[str, str]:
    """{data file: game} of every journal on the flash (the current game and
    those the history keeps), from each header line (docs/journal.md)."""
    out = {}
    for path, data in sorted(files.items()):
        if not path.startswith("data/") or not path.endswith(".jnl"):
            continue
        first = data.split(b"\n", 1)[0]
        try:
            header = json.loads(first[: first.rindex(b"}") + 1])
        except ValueError:
            out[path] = "?"
            continue
        out[path] = str(header.get("game", "?"))
    return out


def play(
    seed: int = 1,
    minutes: float = 10.0,
    build: run.Build = run.ROMFS,
    dump_elf: Path | None = None,
    plan: Plan | None = None,
) -> Soak:
    """Play a soak on a fresh chip of ``build`` and read what it did."""
    plan = plan or soak_script(seed, minutes)
    played = timeline(plan.text)
    moments = dict(played.snaps)
    options: dict = {}
    if dump_elf is not None:  # after the collection each probe waits for
        options["heap_dump_windows"] = [
            (moments[p] - PROBE_PAUSE_MS, moments[p]) for p in plan.probes
        ]
    image = flash_image.referee_image(in_rom=build.in_rom)
    started = time.monotonic()
    chip = run.run_chip(played, image, build=build, keep_filesystem=True, tail_ms=100, **options)
    wall = time.monotonic() - started
    runtime = bench.runtime_bytes(chip)
    ready = chip.ready_us or 0.0
    top_rows = titles(chip)

    probes = []
    for name, ms in sorted(played.snaps, key=lambda s: s[1]):
        start_us = ready + (ms - PROBE_PAUSE_MS) * 1000
        end_us = ready + ms * 1000
        after = [g for g in chip.gc if start_us <= g[0] <= end_us]
        shown = [r for t, r in top_rows if t <= end_us]
        probes.append(
            Probe(
                name,
                sum(p.up_ms <= ms for p in played.presses),
                ms / 1000,
                after[-1][1] - runtime if after else None,
                after[-1][3] if after else None,
                best_reading(shown[-1]) if shown else "",
            )
        )

    reached: dict[str, float] = {}
    crashes = 0
    for at, readings in top_rows:
        for entry in menu_entries():
            if entry.name not in reached and any(entry.title.search(r) for r in readings):
                reached[entry.name] = (at - ready) / 1e6
        crashes += any(CRASH_TITLE.search(r) for r in readings)

    files = flash_image.read_image(chip.filesystem) if chip.filesystem else {}
    soak = Soak(
        seed,
        minutes,
        build.name,
        plan,
        chip,
        probes,
        reached,
        crashes,
        files.get("data/errors.log"),
        _journal_games(files),
        runtime,
        wall,
    )
    if dump_elf is not None:
        soak.dumps = _heaps(chip, dump_elf, build, probes)
    return soak


def _heaps(chip: run.ChipRun, elf: Path, build: run.Build, probes: list[Probe]) -> list:
    """(probe, Heap) for the last heap copy in each probe's pause."""
    from host_tools import romfs
    from host_tools.pico import heap_dump

    types, by_name = heap_dump.elf_symbols(elf)
    pools = [by_name[n] for n in heap_dump.CONST_POOLS]
    flash = heap_dump.flash_of(build.firmware, romfs.referee_image() if build.in_rom else b"")
    ready = chip.ready_us or 0.0
    out = []
    for probe in probes:
        start = ready + (probe.at_s * 1e3 - PROBE_PAUSE_MS) * 1e3
        end = ready + probe.at_s * 1e6
        copies = [d for d in chip.heap_dumps if start <= d["us"] <= end]
        if copies:
            out.append((probe, heap_dump.Heap(copies[-1], flash, types, pools)))
    return out


# --- printing -------------------------------------------------------------------------


def report(soak: Soak, say=print) -> None:
    chip = soak.chip
    say(
        f"soak seed {soak.seed}, {soak.minutes:g} emulated min, {soak.build} build: "
        f"{soak.plan.presses:,} presses, {len(soak.plan.visits)} entries opened"
    )
    for p in soak.probes:
        kept = f"{p.kept:7,} B" if p.kept is not None else "   none  "
        largest = f"{p.largest_free:7,}" if p.largest_free is not None else "   -   "
        over = "  OVER the game budget" if p.kept is not None and p.kept > GAME_BUDGET_BYTES else ""
        say(
            f"  {p.name:8} after {p.presses:5,} presses at {p.at_s:6.1f} s: heap kept {kept}, "
            f"largest free {largest} B, screen {p.screen!r}{over}"
        )
    for name, at in sorted(soak.reached.items(), key=lambda kv: kv[1]):
        say(f"  reached {name:9} at {at:6.1f} s")
    if soak.missed:
        say("  NOT reached: " + ", ".join(soak.missed))
    say("  journals on the flash: " + (", ".join(soak.journals.values()) or "none"))
    say(f"  crash screens: {soak.crash_screens}")
    if soak.errors_log:
        for line in soak.errors_log.decode(errors="replace").splitlines():
            say("  errors.log: " + line)
    say(f"  chip error: {chip.error}" if chip.error else "  no chip error (no watchdog reset)")
    say(f"  emulated {chip.end_us / 1e6:.1f} s in {soak.wall_s:.1f} s wall")
    if soak.dumps:
        _print_heaps(soak.dumps, say)


def _print_heaps(dumps: list, say) -> None:
    """Each probe's heap beside the first one's (the menu after boot): what
    grew, by kind of block, and the modules alive that were not then."""
    from host_tools.pico import heap_dump

    _first, base = dumps[0]
    base_kinds, base_modules = heap_dump.by_kind(base), heap_dump.modules(base)
    say(f"\nat the menu after boot: {heap_dump.heap_qstrs(base)}")
    for name, size in sorted(base_modules.items(), key=lambda kv: -kv[1]):
        say(f"  {size:8,} B  {name}")
    for probe, heap in dumps[1:]:
        kinds, modules = heap_dump.by_kind(heap), heap_dump.modules(heap)
        grown = sum(heap.blocks.values()) - sum(base.blocks.values())
        say(f"\n{probe.name} ({probe.screen!r}): {grown:+,} B in use beside the first probe")
        change = {k: kinds[k] - base_kinds[k] for k in kinds.keys() | base_kinds.keys()}
        for kind in sorted(change, key=lambda k: -change[k]):
            if abs(change[kind]) >= 64:
                say(f"  {change[kind]:+8,} B  {kind}")
        say(f"  names: {heap_dump.heap_qstrs(heap)}")
        grew = {m: modules[m] - base_modules.get(m, 0) for m in modules}
        for module in sorted(grew, key=lambda m: -grew[m]):
            if grew[module]:
                say(f"  {grew[module]:+8,} B  module {module}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="the presses' seed")
    ap.add_argument("--minutes", type=float, default=10.0, help="emulated minutes")
    ap.add_argument("--build", choices=sorted(run.BUILDS), default=run.ROMFS.name)
    ap.add_argument("--script-out", type=Path, help="write the button script here")
    ap.add_argument(
        "--elf",
        type=Path,
        help="development: the firmware's .elf; prints what the heap holds at each probe",
    )
    ap.add_argument("--names-out", type=Path, help="with --elf: the names interned at the end")
    args = ap.parse_args(argv)
    plan = soak_script(args.seed, args.minutes)
    if args.script_out:
        args.script_out.write_text(plan.text)
    soak = play(args.seed, args.minutes, run.BUILDS[args.build], args.elf, plan)
    report(soak)
    if args.names_out and soak.dumps:
        from host_tools.pico import heap_dump

        args.names_out.write_text("\n".join(heap_dump.heap_names(soak.dumps[-1][1])) + "\n")
    bad = (
        soak.chip.error
        or soak.errors_log
        or soak.crash_screens
        or soak.missed
        or any(p.kept is None or p.kept > GAME_BUDGET_BYTES for p in soak.probes)
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
