"""Issue 15's budgets on the emulated Pico (MicroPython v1.27.0 rp2 in rp2040js).

Every figure is in emulated time or counted on the chip, so it is the same
on every run (host_tools/pico/bench.py says how each is measured). The
scenarios at 50/50 are the lane's own runs (conftest's ``brisk``); each
game runs twice, from a saved 500-action game (normal heap) and from a
5,000-action game in a heap cut to 128 KB.

Some budgets are not met yet (issue 15 stays open on them). Each of those
is checked against DESIGN.md's number all the same, marked ``over_budget``
(an expected failure that turns into a failure the day it holds, so the
mark must go), and beside it a ratchet holds today's figure so that
nothing gets slower or hungrier meanwhile. The ratchets are today's
measurements with a little room, not budgets.
"""

import pytest

from host_tools.pico import bench, figures

GAMES = bench.GAMES


def over_budget(what):
    return pytest.mark.xfail(strict=True, reason="over DESIGN.md's budget today: " + what)


@pytest.fixture(scope="session")
def games():
    return bench.run_games()


def boots(brisk):
    found = [p.boot_ms for p in brisk.values()]
    assert None not in found
    return found


def press_figures(brisk):
    presses = [ms for p in brisk.values() for ms in p.latencies.up_down + p.latencies.ok_back]
    assert len(presses) > 500  # every short press of every scenario
    return figures.median_p90(presses)


def test_boot_to_the_menu_frame(brisk):
    assert max(boots(brisk)) <= bench.BOOT_MS


def test_press_to_panel_median(brisk):
    median, _p90 = press_figures(brisk)
    assert median <= bench.PRESS_MEDIAN_MS


@over_budget(
    "the p90 of the scenarios' presses, 42.0 ms over 976: issue 18 took out 106 quick "
    "ones (UP steps through cards and colours), issue 20's History added 38 slower ones"
)
def test_press_to_panel_p90(brisk):
    _median, p90 = press_figures(brisk)
    # 31.7 ms over 1,106 presses since the canvas's byte loops run as
    # machine code (ui/fast.py); 39.5 before, 56.0 before saves waited for
    # the frame. A full frame alone is 23.1 ms of bus at 400 kHz.
    assert p90 <= bench.PRESS_P90_MS


def test_press_to_panel_p90_is_no_slower_than_today(brisk):
    _median, p90 = press_figures(brisk)
    # ratchet: 42.0 ms over 976 presses today; 40.7 over 978 before a
    # game's start wrote the history's index (issue 20: one more file, so
    # LittleFS's erases fall on other presses: the slowest press of four
    # scenarios went from 86-142 ms to 184-200 ms, the medians stayed);
    # 37.4 over 941 before the History scenario (issue 20: a third of its
    # 38 presses take 40-190 ms: a screen's module loaded, a game read
    # back, a deletion's index written), 33.1 over 1,047 before issue 18 made the
    # plays shorter. A scenario's own presses move by a few ms either way
    # when files are added to the flash image (LittleFS places the journal's
    # blocks, and so its erases, elsewhere); the tenth above 35 ms are
    # screens opening (a module loaded, a full frame: 23.1 ms of bus alone)
    # and journal lines.
    assert 0 < p90 <= 42.5


@over_budget(
    "a press asks about 5.6 KB of the heap: call frames (rp2 build) and a LittleFS file "
    "object with its 1 KB cache for each journal line"
)
def test_allocation_per_button_event(brisk):
    assert 0 < bench.mean(bench.event_allocations(brisk)) <= bench.ALLOC_PER_EVENT


def test_garbage_per_button_event_is_no_more_than_today(brisk):
    left = bench.event_left(brisk)
    assert len(left) > 500
    # ratchet: bytes left for the collector (2,083 today: a game's start
    # loads the history's index code, core/history.py, and drops it, some
    # 3.7 KB a start; 2,000 before, with the History scenario's lists and
    # read-backs; 1,874 before it; 1,770 before
    # issue 18 took out cheap presses: the same scenarios leave 3% less
    # garbage in all, 2.04 MB, over 9% fewer events; 1,404 before the Evil Robots
    # rounds of issue 17 joined, whose deals and pass-on lines cost more;
    # some 200 B of each is app.plug_holes()' tuples, garbage bought for
    # speed at each event)
    assert 0 < bench.mean(left) <= 2120


def played_as_on_the_desktop(g):
    """A saved game's run on the chip: no error, no MemoryError, nothing
    logged, the desktop rig's frames, and an undo that changed the panel."""
    assert g.chip.error is None
    assert g.memory_errors == [] and g.errors_log is None
    assert g.frames_match, "the chip's frames differ from the desktop rig's"
    assert g.undo_works


def test_heap_kept_at_the_menu():
    kept, _chip = bench.menu_kept()
    assert 0 < kept <= bench.MENU_KEPT


@pytest.mark.parametrize("game", GAMES)
def test_a_500_action_game_resumes_on_the_chip_as_on_the_desktop(games, game):
    g = games[(game, 500)]
    played_as_on_the_desktop(g)
    assert g.kept_bytes is not None and 0 < g.kept_bytes <= bench.GAME_KEPT


@pytest.mark.parametrize("game", GAMES)
def test_the_idle_loop_leaves_no_garbage(games, game):
    # Heap call frames (any function whose state passes 11 words) are
    # freed on return; nothing is left for the collector.
    assert games[(game, 500)].idle_left == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_idle_loop_allocates_nothing(games, game):
    # Every function a loop step calls keeps its state within the 11 words
    # the rp2 build holds on the C stack (tests/test_frame_sizes.py).
    assert games[(game, 500)].idle_bytes == bench.ALLOC_IDLE


@pytest.mark.parametrize("game", GAMES)
def test_an_idle_loop_step_is_awake_no_longer_than_today(games, game):
    # No budget in DESIGN.md; it sets the evening's battery life. About
    # 0.38 ms of it is lightsleep's own clock switching.
    assert 0 < games[(game, 500)].idle_awake_us_per_step <= 900  # ratchet, us


@pytest.mark.parametrize("actions", bench.LENGTHS)
@pytest.mark.parametrize("game", GAMES)
def test_reset_to_the_resumed_game(games, game, actions):
    # Power-on to the offer, plus OK's release to the game, OK pressed
    # bench.READ_MS after the offer shows (the game is read back meanwhile).
    took = games[(game, actions)].reset_to_game_ms
    assert took is not None and took <= bench.RESET_TO_GAME_MS


@pytest.mark.parametrize("actions", bench.LENGTHS)
@pytest.mark.parametrize("game", GAMES)
def test_the_game_is_read_back_while_the_offer_is_read(games, game, actions):
    # So OK's release to the game frame is the game screen's own time, not
    # the rest of a rebuild: the offer is complete (headline, steps) before
    # the table's OK, and it first showed well before that.
    g = games[(game, actions)]
    assert g.boot_ms is not None and g.read_ms is not None
    assert g.boot_ms < g.read_ms < g.chip.ready_us / 1000 + bench.READ_MS


# Robber Rummy's 5,000 actions are 1,250 hands, 3 players: its undo needs
# more heap than any other game's (the VM's peak: 109 KB against ROBOTS!'
# 105 KB). In 128 KB it holds since the line reader (unseal, now in core/journal_read.py) left
# the game's resident code, with little room: the largest free block falls
# to about 1.2 KB and the undo takes 299.7 of its 300 ms.
LONG_GAMES = GAMES


@pytest.mark.parametrize("game", LONG_GAMES)
def test_a_5000_action_game_resumes_undoes_and_corrects_in_128_kb(games, game):
    g = games[(game, 5000)]
    played_as_on_the_desktop(g)
    assert g.undo_ms is not None and g.undo_ms <= bench.UNDO_MS
    assert 0 < g.largest_alloc <= bench.LARGEST_ALLOC


def test_settle_time_runs_from_the_act_to_the_last_transfer_begun_before_the_next():
    from host_tools.pico.run import ChipRun

    # ready at 1 ms; writes at 11-12 ms and 15-19 ms after ready, and one
    # beginning at 30 ms: acting at 10 ms with the next act at 30 ms, the
    # panel settles 19 - 10 = 9 ms later.
    chip = ChipRun(
        ready_us=1000,
        end_us=50_000,
        i2c=[
            [12_000, 13_000, 0x3C, 0, "40ff"],
            [16_000, 20_000, 0x3C, 0, "40ff"],
            [31_000, 32_000, 0x3C, 0, "40ff"],
        ],
    )
    assert bench.settle_ms(chip, 10, 30) == pytest.approx(9.0)
    assert bench.settle_ms(chip, 25, 29) is None


def test_history_opens_as_quickly_with_250_past_games_as_with_10():
    """Issue 20: History reads its index, never the folder (core/room.py).
    Before the index it took 129 ms with 10 past games and 367 ms with 250;
    flat means no more than a LittleFS lookup's worth (10 ms) apart."""
    few, many = bench.history_open_ms(10), bench.history_open_ms(250)
    assert few is not None and many is not None
    assert many <= few + 10, (few, many)


def test_a_game_starts_with_250_past_games_within_the_resumes_budget():
    """Issue 20: a start looks up one file among the history's, not one
    per number from 1 (with 250 games that took past the watchdog's 8 s).
    DESIGN.md has no budget for a start; the resume's 500 ms, its nearest
    kin, is the bound."""
    ms = bench.start_ms(250)
    assert ms is not None and ms <= bench.RESET_TO_GAME_MS, ms
