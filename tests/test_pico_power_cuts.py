"""Power cuts on the chip's own flash (issue 32), in the emulated Pico.

The desktop lanes cut the power at the storage seam (tests/test_faults.py);
here the cut falls between, or inside, the flash writes LittleFS makes on
the RP2040 (pico.mjs records each erase and program, host_tools/pico/
power_cut.py rebuilds the flash a cut leaves). Three scenarios: a score pad
game with an undo (tests/scenarios/scorepad.txt), a new game that sends the
finished one to the History, and that game deleted from the History
(tests/scenarios/history.txt, played once: its writes up to the new game's
are the second scenario's, the deletion's the third's), each from a flash
whose free blocks hold stale bytes, as after some use (power_cut.used).
Every write of every press that writes is cut after, and during (half of the
bytes it changes changed: a page's commit torn in its middle, half a sector
erased); each cut's flash is booted on a fresh chip and must:

- come up: reach the menu or the resume offer with no chip error, and show
  what the desktop rig shows booting the same files, which is no crash
  screen; no new line in data/errors.log;
- hold every game whole: each game's journal, as the firmware reads it back,
  is as it was before the cut press or as it is after it (a game in the
  History byte for byte), and the History lists what it listed before or
  after;
- carry on as the firmware promises (core/history.py, core/room.py): at the
  next new game (started on the rig, from the files the chip left) the game
  in play and every game the History listed are listed whole, a game moved
  into the History before its record is recorded, and a game deleted on a
  yes does not come back.

"Before" and "after" are the uncut run's flash at the press's bounds, and
the uncut run's steps are checked against the rig's files press by press.
"""

import contextlib
import itertools
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from conftest import SCENARIOS

from host_tools import flash_image
from host_tools.pico import figures, power_cut, run

GAME = "data/game.jnl"
INDEX = "data/games.idx"
ERRORS = "data/errors.log"
SETUP = {"players": ["NEW", "GAME"], "target": 10}  # the next game, for the carry-on check


def is_game(path):
    name = path.rpartition("/")[2]
    return path == GAME or (name.startswith("history-") and name.endswith(".jnl"))


def games(files):
    """{path: bytes} of the game journals among a flash's files."""
    return {path: data for path, data in files.items() if is_game(path)}


def read_back(data):
    """A journal as the firmware reads it back: (header, actions), undo lines
    applied and a torn last line left out; ("damaged", reason) if it does
    not read."""
    from referee.core.errors import RulesError
    from referee.core.journal_read import read

    try:
        header, actions, _dropped = read(data)
    except RulesError as e:
        return "damaged", str(e)
    return header, actions


def listed(files):
    """The History's list as the firmware reads it (core/history.py, on a
    copy of the data folder): [(number, game, night, exported)]."""
    from referee.core import history
    from referee.hw.storage import Storage

    with tempfile.TemporaryDirectory() as tmp:
        folder = put_data(files, Path(tmp) / "data")
        return history.listed(Storage(str(folder)))


def put_data(files, folder):
    folder.mkdir(parents=True, exist_ok=True)
    for path, data in files.items():
        if path.startswith("data/"):
            (folder / path[5:]).write_bytes(data)
    return folder


def data_files(folder):
    return {"data/" + p.name: p.read_bytes() for p in sorted(Path(folder).iterdir())}


# -- the uncut runs and their steps ---------------------------------------------------


@pytest.fixture(scope="module")
def recordings():
    """scorepad.txt and history.txt, once each, every flash write recorded."""
    return power_cut.record(
        {name: (SCENARIOS / f"{name}.txt").read_text() for name in ("scorepad", "history")}
    )


class Scenario:
    """The presses of one recording whose writes are cut, and the uncut
    flash files before and after each."""

    def __init__(self, name, rec, steps):
        self.name = name
        self.rec = rec
        self.steps = steps
        self.before = {s.press: self.files(s.first) for s in steps}
        self.after = {s.press: self.files(s.last + 1) for s in steps}

    def files(self, writes):
        return flash_image.folded(
            flash_image.read_image(power_cut.flash_at(self.rec.image, self.rec.ops, writes))
        )

    def cuts(self):
        return [
            (step, op, during) for step in self.steps for op, during in power_cut.cut_points([step])
        ]


def has_history(files):
    return any(is_game(path) and path != GAME for path in files)


@pytest.fixture(scope="module")
def scenarios(recordings):
    """The three scenarios: the score pad's every writing press; history.txt's
    up to the one that moves the finished game into the History; and the one
    that deletes it (found from the uncut flash, not from press numbers)."""
    pad = recordings["scorepad"]
    hist = recordings["history"]
    hist_steps = power_cut.steps(hist)
    probe = Scenario("history", hist, hist_steps)
    moves = [s for s in hist_steps if has_history(probe.after[s.press])]
    moves = [s for s in moves if not has_history(probe.before[s.press])]
    deletes = [
        s
        for s in hist_steps
        if set(games(probe.before[s.press])) - set(games(probe.after[s.press])) - {GAME}
    ]
    assert len(moves) == 1 and len(deletes) == 1, (moves, deletes)
    upto = hist_steps.index(moves[0]) + 1
    return {
        "scorepad": Scenario("scorepad", pad, power_cut.steps(pad)),
        "new_game": Scenario("new_game", hist, hist_steps[:upto]),
        "deletion": Scenario("deletion", hist, deletes),
    }


def damaged(files):
    """The files with a digit of the journal's second line changed: its CRC
    no longer matches (docs/journal.md: damage, not a power cut)."""
    data = files[GAME]
    at = data.index(b"\n") + data[data.index(b"\n") :].index(b'"pts": ') + 7
    return {**files, GAME: data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]}


@pytest.fixture(scope="module")
def booted(scenarios):
    """Every cut of the three scenarios booted, one chip a flash (two cuts
    that leave the same flash share its run), in one Node process:
    {scenario: [(step, op, during, files the cut left, chip run)]},
    the wall seconds it took, and a control: the score pad's flash after its
    third writing press with a damaged journal, (step, files, chip run)."""
    cuts = [(name, *cut) for name, sc in scenarios.items() for cut in sc.cuts()]
    images = [power_cut.cut_flash(scenarios[name].rec, op, during) for name, _s, op, during in cuts]
    pad = scenarios["scorepad"]
    control_step = pad.steps[2]
    control_files = damaged(pad.after[control_step.press])
    start = time.monotonic()
    runs = power_cut.boot([*images, flash_image.build_image(control_files)])
    wall = time.monotonic() - start
    out = {name: [] for name in scenarios}
    for (name, step, op, during), image, chip in zip(cuts, images, runs[:-1], strict=True):
        files = flash_image.folded(flash_image.read_image(image))
        out[name].append((step, op, during, files, chip))
    return out, wall, (control_step, control_files, runs[-1])


def test_the_checks_see_a_damaged_journal(flash, scenarios, booted):
    """The checks a cut's boot passes are no formality: a journal with a
    damaged line (the referee salvages the lines before it and logs why)
    fails them."""
    step, files, chip = booted[2]
    why = check_cut(scenarios["scorepad"], step, files, chip)
    assert any(w.startswith("errors.log gained") and "damaged" in w for w in why), why
    assert f"{GAME} is neither as before nor as after" in why, why


def test_a_cut_during_a_write_leaves_half_the_bytes_it_changes_changed():
    """As pico.mjs's cut: in address order, half of the bytes the write
    changes, however many it leaves as they were (0xFF programmed, or a
    byte erased that already reads 0xFF)."""
    image = bytes([0xF0]) * 4096 + b"\xff" * 4000 + bytes(96)
    fs = flash_image.FS_OFFSET
    ops = [
        ["P", fs, 8, 0.0, "0fff0f0fff0fff0f"],  # changes bytes 0, 2, 3, 5, 7 (0xF0 & 0x0F = 0)
        ["E", fs + 4096, 4096, 1.0, ""],  # changes the last 96 bytes only
    ]
    assert power_cut.flash_at(image, ops, 1)[:8] == bytes([0, 240, 0, 0, 240, 0, 240, 0])
    # 5 bytes change: the first 2 of them, bytes 0 and 2
    assert power_cut.flash_at(image, ops, 1, half=True)[:8] == bytes([0, 240, 0, 240] + [240] * 4)
    erased = power_cut.flash_at(image, ops, 2, half=True)
    assert erased[4096:8144] == b"\xff" * 4048 and erased[8144:] == bytes(48)
    assert power_cut.flash_at(image, ops, 2)[4096:] == b"\xff" * 4096
    with pytest.raises(ValueError, match="outside the filesystem"):
        power_cut.flash_at(image, [["E", 0x60000, 4096, 0.0, ""]], 1)


def test_the_chip_stopped_at_a_cut_left_what_the_host_rebuilds(recordings, scenarios):
    """The claim the rebuild stands on: a fixed script writes the same bytes
    on every run. history.txt played again, on chips stopped by pico.mjs
    itself (during the sector erase of the new game's press; during the
    deletion's last write): each made the recorded writes up to its cut, at
    the same moments, and left the flash the host rebuilds from them."""
    hist = recordings["history"]
    erase = next(op for op in scenarios["new_game"].steps[-1].ops if hist.ops[op][0] == "E")
    last = len(hist.ops) - 1
    jobs = [
        (hist.timeline, hist.image, {"keep_filesystem": True, "cut": (op, True)})
        for op in (erase, last)
    ]
    for op, chip in zip((erase, last), run.run_batch(jobs), strict=True):
        assert chip.error is None and chip.cut_us == hist.ops[op][3]
        assert chip.flash_ops == hist.ops[: op + 1], f"the writes up to {op} differ"
        assert chip.filesystem == power_cut.cut_flash(hist, op, True), f"write {op}"
        # the cut is no no-op: the flash is neither as before the write nor after it
        assert chip.filesystem not in (
            power_cut.flash_at(hist.image, hist.ops, op),
            power_cut.flash_at(hist.image, hist.ops, op + 1),
        )


def steps_on_the_rig(script):
    """{press index: the data folder's files after it} on the desktop rig."""
    from button_script import commands
    from rig import Rig

    rig = Rig(seed=1)
    after = {}
    presses = 0
    for step in commands(script):
        if step[0] == "wait":
            rig.play(f"wait {step[1]}")
        elif step[0] == "hold":
            _, button, kind, ms, _snap = step
            rig.play({"press": button, "long": f"{button} long"}.get(kind, f"{button} hold {ms}"))
            after[presses] = data_files("data")
            presses += 1
        else:
            assert step[0] == "snap", step  # no peeks in these scripts
    return after


def test_the_uncut_runs_steps_are_the_rigs(flash, recordings, scenarios):
    """The expected states come from the uncut chip run; the desktop rig,
    playing the same script, has the same journals and index after every
    press that writes, and before it."""
    for name, rec in recordings.items():
        on_rig = steps_on_the_rig((SCENARIOS / f"{name}.txt").read_text())
        shutil.rmtree("data")
        sc = Scenario(name, rec, power_cut.steps(rec))
        assert rec.chip.error is None
        assert rec.chip.filesystem == power_cut.flash_at(rec.image, rec.ops, len(rec.ops))
        for step in sc.steps:

            def kept(files):
                return {p: d for p, d in files.items() if is_game(p) or p == INDEX}

            assert kept(sc.after[step.press]) == kept(on_rig[step.press]), (name, step)
            assert kept(sc.before[step.press]) == kept(on_rig.get(step.press - 1, {})), (name, step)
        # every write belongs to a press
        assert sum(len(s.ops) for s in sc.steps) == len(rec.ops) > 0


# -- the cuts ---------------------------------------------------------------------------


def pairs(before, after):
    """The games of one step, each as (its form before, its form after): a
    form is (path, bytes) or None (not on the flash). A game moved keeps its
    bytes under a new name; a game.jnl whose game moved away holds a new one."""
    out = []
    claimed = set()
    for path, data in before.items():
        moved = [p for p in after if p not in before and after[p] == data and p not in claimed]
        if moved:
            claimed.add(moved[0])
            out.append(((path, data), (moved[0], data)))
            if path in after:
                claimed.add(path)
                out.append((None, (path, after[path])))
        elif path in after:
            claimed.add(path)
            out.append(((path, data), (path, after[path])))
        else:
            out.append(((path, data), None))
    out += [(None, (p, d)) for p, d in after.items() if p not in claimed]
    return out


def holds(found, form):
    """Whether the flash's game files hold ``form``: a journal in the History
    byte for byte, the game in play as the firmware reads it back."""
    path, data = form
    if path not in found:
        return False
    if path == GAME:
        return read_back(found[path]) == read_back(data) and read_back(data)[0] != "damaged"
    return found[path] == data


def whole_games(found, step_pairs):
    """None if each game is in its form before or its form after, and each
    game file on the flash is one of them; else why not."""
    options = []
    for b, a in step_pairs:
        mine = [
            None if form is None else form[0]
            for form in (b, a)
            if form is None or holds(found, form)
        ]
        if not mine:
            return f"{(b or a)[0]} is neither as before nor as after"
        options.append(mine)
    for choice in itertools.product(*options):
        paths = [p for p in choice if p is not None]
        if len(set(paths)) == len(paths) and set(paths) == set(found):
            return None
    return f"game files {sorted(found)} are not the games before or after"


def carry_on(files, step_pairs):
    """The next new game, started on the rig from ``files`` (what the chip
    left after its boot): None if the History then lists what the firmware
    promises, else why not. Listed: what the History listed, then a game
    moved in before its record (core/history.py records it), then the game
    in play; not a game deleted on a yes (core/room.py: its file may stay)."""
    from referee.core.session import Session
    from referee.games import rules
    from rig import Rig

    gone = {b[0] for b, a in step_pairs if b is not None and a is None}
    moved_in = {a[0] for b, a in step_pairs if a is not None and a[0] != GAME and b != a}
    shown = [f"data/history-{r[0]:03d}.jnl" for r in listed(files)]
    expected = [files[p] for p in shown if p in files]
    expected += [files[p] for p in sorted(files) if p in moved_in and p not in shown]
    if GAME in files and read_back(files[GAME])[0] not in (None, "damaged"):
        expected.append(files[GAME])
    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):
        put_data(files, Path("data"))
        rig = Rig(seed=1)
        Session.start(rig.app.storage, rules("scorepad"), SETUP, rig.app)
        now = data_files("data")
    got = [now.get(f"data/history-{r[0]:03d}.jnl") for r in listed(now)]
    if got != expected:

        def named(data):
            path = next((p for p, d in files.items() if d == data and is_game(p)), "a new file")
            return path + (" (deleted on a yes)" if path in gone else "")

        return (
            f"after the next new game the History lists {[named(d) for d in got]}, "
            f"not {[named(d) for d in expected]}"
        )
    return None


def rig_boot(files):
    """(the glass, whether a crash screen is up, the data files after) of
    the desktop rig booted from ``files``, once its saved game is read back."""
    from referee.screens.crash import Crash
    from rig import Rig

    with tempfile.TemporaryDirectory() as tmp, contextlib.chdir(tmp):
        put_data(files, Path("data"))
        rig = Rig(seed=1)
        rig.play("wait 1000")
        crashed = any(isinstance(s, Crash) for s in rig.app._stack)
        return bytes(rig.panel.pixels()), crashed, data_files("data")


def check_cut(sc, step, files, chip):
    """Why the boot after this cut is wrong, or []."""
    why = []
    if chip.error is not None:
        why.append(f"chip: {chip.error}")
    if figures.boot_ms(chip) is None:
        why.append("no menu or offer drawn")
    if chip.filesystem is None:
        return why + ["no flash after the boot"]
    left = flash_image.folded(flash_image.read_image(chip.filesystem))
    glass, crashed, rig_left = rig_boot(files)
    if crashed:
        why.append("the rig shows the crash screen for these files")
    if power_cut.glass(chip) != glass:
        why.append("the chip's screen is not the rig's")
    logged, had = left.get(ERRORS, b""), files.get(ERRORS, b"")
    if logged != had:
        why.append(f"errors.log gained {logged[len(had) :].decode(errors='replace')!r}")
    if games(left) != games(rig_left) or left.get(INDEX) != rig_left.get(INDEX):
        why.append("the chip's boot left other journals than the rig's")
    before, after = sc.before[step.press], sc.after[step.press]
    step_pairs = pairs(games(before), games(after))
    torn = whole_games(games(left), step_pairs)
    if torn:
        why.append(torn)
    if listed(left) not in (listed(before), listed(after)):
        why.append(f"History lists {listed(left)}")
    promised = carry_on(left, step_pairs)
    if promised:
        why.append(promised)
    return why


def test_the_scenarios_cut_every_write_of_their_scripts(recordings, scenarios):
    """The score pad's cuts cover all its script's writes; the new game's
    and the deletion's, between them, all of history.txt's (opening the
    History and reading a game back write nothing)."""

    def writes(name):
        return [op for step in scenarios[name].steps for op in step.ops]

    assert writes("scorepad") == list(range(len(recordings["scorepad"].ops)))
    assert writes("new_game") + writes("deletion") == list(range(len(recordings["history"].ops)))


@pytest.mark.parametrize("name", ["scorepad", "new_game", "deletion"])
def test_every_cut_boots_to_whole_games(flash, scenarios, booted, name, record_property):
    sc = scenarios[name]
    runs, wall = booted[0][name], booted[1]
    writes = [op for step in sc.steps for op in step.ops]
    # Two cuts a write (after it, and during it) of every press that writes.
    assert len(runs) == 2 * len(writes) > 0
    assert sorted((op, d) for _s, op, d, _f, _c in runs) == sorted(
        (op, d) for op in writes for d in (False, True)
    )
    failures = []
    for step, op, during, files, chip in runs:
        for why in check_cut(sc, step, files, chip):
            kind, offset = sc.rec.ops[op][:2]
            at = "during" if during else "after"
            failures.append(f"{at} write {op} ({kind} {offset:#x}) of press {step.press}: {why}")
    # A cut during a write that changes one byte or none leaves the flash
    # of a cut beside it; count those that leave one of their own.
    rec = sc.rec
    torn = sum(
        power_cut.cut_flash(rec, op, True)
        not in (power_cut.flash_at(rec.image, rec.ops, op), power_cut.cut_flash(rec, op, False))
        for op in writes
    )
    erases = sum(rec.ops[op][0] == "E" for op in writes)
    bad = len({f.split(":")[0] for f in failures})
    every = [chip for cuts in booted[0].values() for *_cut, chip in cuts]
    record_property("cut_points", len(runs))
    print(
        f"\n{name}: {len(sc.steps)} presses write, {len(writes)} writes ({erases} erases), "
        f"{torn} of them torn by the cut during them: {len(runs)} cuts booted, "
        f"{len(runs) - bad} came up whole; the {len(every)} cuts of all three scenarios "
        f"({len({id(chip) for chip in every})} flashes, each booted once) took {wall:.0f} s"
    )
    assert failures == [], "\n".join(failures)
