"""Issue 32's soak on the emulated Pico (host_tools/pico/soak.py): ten
emulated minutes of seeded random presses on the ROMFS build, wandering
through every menu entry as a restless player does, the heap kept probed
every 250 presses.

Everything asserted is read from the chip's record, not from the script:
the titles the firmware drew, the flash it left, the collector's table.
Seed 1 writes 1,358 presses (short and long presses, UP/DOWN held to
repeat, OK held for peeks with presses under it, pauses), 605 emulated
seconds; the run takes about 5 minutes of wall time on a 2-core machine.
"""

import contextlib
import tempfile

import pytest

from host_tools.pico import soak

SEED = 1
MINUTES = 10
PRESSES = 1358  # what soak_script(SEED, MINUTES) writes: the run below plays all of them
PROBES = 7  # the menu after boot, every 250 presses, and the end


@pytest.fixture(scope="module")
def soaked():
    return soak.play(SEED, MINUTES)


def test_the_soak_plays_the_issues_size(soaked):
    assert soaked.plan.presses == PRESSES
    assert soaked.plan.emulated_ms >= MINUTES * 60_000
    # the chip ran to the script's end: a run cut short would leave presses unplayed
    assert soaked.chip.ready_us is not None
    ready_s = soaked.chip.ready_us / 1e6
    assert soaked.chip.end_us / 1e6 - ready_s >= soaked.plan.emulated_ms / 1000


def test_no_watchdog_reset_nor_any_chip_error(soaked):
    assert soaked.chip.error is None


def test_no_crash_screen_and_nothing_in_the_error_log(soaked):
    assert soaked.crash_screens == 0
    assert soaked.errors_log is None


def test_the_presses_reached_every_game_history_and_settings(soaked):
    # each entry's own top row on the panel: a game's setup title, HISTORY,
    # SETTINGS, the dice's "< COIN >"
    assert soaked.missed == []


def test_every_game_was_started_not_only_opened(soaked):
    # a started game leaves its journal (the current one, or one the history keeps)
    games = {e.name for e in soak.menu_entries()} - {"dice", "history", "settings"}
    assert set(soaked.journals.values()) == games, soaked.journals


def kept(soaked):
    found = [p.kept for p in soaked.probes]
    assert len(found) == PROBES
    assert None not in found  # each probe's pause saw the firmware's own collection
    return found


@pytest.mark.xfail(
    strict=True,
    reason="issue 32, over docs/design.md's 48 KB today: 55,008 B at probe 4 (ROBOTS! setup, "
    "a name), 54,432 B at probe 5 (Evil Robots' setup), 51,776 B at probe 2 (score pad); "
    "the evening's interned names are never freed: past 1,260 MicroPython adds a pool of "
    "1,280 slots (7.7 KB) and an evening reaches 1,434 (docs/testing.md)",
)
def test_every_probe_keeps_the_heap_within_the_game_budget(soaked):
    assert max(kept(soaked)) <= soak.GAME_BUDGET_BYTES


def test_no_probe_keeps_more_heap_than_today(soaked):
    # ratchet, not a budget: 55,472 B until 2026-12-06 (seed 1's probe 4: a setup holds
    # the game's code and a session's, loaded while the table reads it), the
    # menu's 29,456 B after boot. It was 54,256 B
    # before the journal's tail (core/tail.py): its hooks in the resident
    # Storage cost about 450 B at every probe, traded for the slowest press
    # (167.8 ms to 92.7) and four of five flash erases. One folder per game
    # (issue 34) added 160 B: a game's package is a module while it is open.
    # 55,008 B since the six small parts of issue 36 and changed_span's two
    # scans (its machine code 48 B longer, for 0.6 ms off every redraw).
    # 55,472 B since a list's cursor moved into the screens' base
    # (Screen.move, keep_visible), the duel's notes and History's resume.
    # 55,488 B since the rows that move on by a tap (issue 36: under the
    # setup's names, above the discussion's players) sent the walk elsewhere:
    # the heaviest probe is now probe 5, Evil Robots' setup, 592 B over the
    # same screen before (64 more names the walk interned, 256 B, and a
    # 336 B block the heap reader files under a memoryview, not traced);
    # the probe in a game started from its setup went 3 KB down (the
    # setup's and the letter editor's code dropped at the start).
    # 59,136 B since the remembered tables (issue 36), at probe 4, in a
    # ROBOTS! game started from its setup: the setup's module is kept
    # through such a game again (2.7 KB; dropped at the start it put the
    # scenarios over the garbage budget, docs/figures.md), and the walk
    # met the table's pages on its way. Probe 5, Evil Robots' setup, is
    # 736 B over the same screen before: the setup's larger module (+240
    # B) and the names it interned.
    # 57,808 B since held UP/DOWN repeat from 350 ms and the rummies'
    # standings took the players out of the cursor's way (issue 36): the
    # walk's presses land elsewhere (1,358 of them in the ten minutes, the
    # holds 50 ms shorter). The heaviest probe is probe 4, a Robber Rummy
    # game's hand scores in a game started from its setup; probe 5, Evil
    # Robots' setup, is 56,064 B. The change itself first cost 80 B (a
    # module-level function and its name, now worked out inside draw).
    found = kept(soaked)
    assert max(found) <= 57_808
    # the evening's growth is names (bounded: the code holds so many), not
    # games left loaded: back at the menu, within 14.5 KB of the boot's
    assert soaked.probes[0].screen == soaked.probes[-1].screen == "ROBOT REFEREE"
    assert found[-1] - found[0] <= 14_500


# --- the soak's own tools, on the desktop ---------------------------------------------


def test_the_script_opens_every_entry_and_mixes_every_kind_of_press():
    plan = soak.soak_script(SEED, MINUTES)
    names = {e.name for e in soak.menu_entries()}
    assert set(plan.visits) == names
    lines = plan.text.splitlines()
    holds = [(line.split()[0], int(line.split()[2])) for line in lines if " hold " in line]
    assert any(line.startswith("peek ") for line in lines)
    assert any(button in ("ok", "back") and ms >= 800 for button, ms in holds)  # long
    assert any(button in ("up", "down") and ms > 350 for button, ms in holds)  # repeats
    assert soak.soak_script(SEED, MINUTES).text == plan.text  # seeded: the same every time


def test_the_glass_reader_finds_a_title_only_where_the_firmware_drew_it():
    from rig import Rig

    settings = next(e for e in soak.menu_entries() if e.name == "settings")
    cells = soak._cells()
    with tempfile.TemporaryDirectory() as flash, contextlib.chdir(flash):
        rig = Rig(seed=1)
        menu = soak.page_texts(bytes(rig.panel.ram[:128]), cells)
        assert soak.best_reading(menu) == "ROBOT REFEREE"
        assert not any(settings.title.search(r) for r in menu)
        rig.play("up\nok\n")  # the menu wraps round to its last row: Settings
        opened = soak.page_texts(bytes(rig.panel.ram[:128]), cells)
        assert any(settings.title.search(r) for r in opened)
