"""The budgets on the emulated Pico: MicroPython v1.27.0's ROMFS build in
rp2040js, the referee's code in its ROMFS partition (docs/design.md).

Every figure is in emulated time or counted on the chip, so it is the same
on every run (host_tools/pico/bench.py says how each is measured). The
scenarios at ten presses a second are the lane's own runs (conftest's
``brisk``); each game runs twice, from a saved 500-action game and from a
5,000-action game in a heap cut to the budget's size. Each test holds its
figure to its budget.
"""

import pytest

from host_tools.pico import bench

B = bench.ROMFS_BUDGETS
GAMES = bench.GAMES


@pytest.fixture(scope="session")
def games():
    return bench.run_games()


def test_reset_to_the_complete_menu_frame(brisk):
    boots = [p.boot_ms for p in brisk.values()]
    assert None not in boots
    assert max(boots) <= B.boot_ms


def test_press_to_panel_median(brisk):
    median, _p90, _slowest, count = bench.press_figures(brisk)
    assert count > 900  # every short press of every scenario
    assert median <= B.press_median_ms


def test_press_to_panel_p90(brisk):
    # a tenth of the presses change most of the screen: a full frame is
    # 23.1 ms of bus at 400 kHz, so each of those has some 7 ms of work
    _median, p90, _slowest, _count = bench.press_figures(brisk)
    assert p90 <= B.press_p90_ms


def test_press_to_panel_slowest(brisk):
    # no press waits for two flash erases (referee/core/tail.py) or a
    # module's loading (loaded while the table reads)
    _median, _p90, slowest, _count = bench.press_figures(brisk)
    assert slowest <= B.press_slowest_ms


def test_garbage_per_button_event(brisk):
    garbage, events = bench.garbage_per_event(brisk)
    assert events > 1000
    assert 0 < garbage <= B.garbage_per_event


def test_heap_kept_at_the_menu():
    kept, _chip = bench.menu_kept()
    assert 0 < kept <= B.menu_kept


def played_as_on_the_desktop(g):
    """A saved game's run on the chip: no error, no MemoryError, nothing
    logged, the desktop rig's frames, and an undo that changed the panel."""
    assert g.chip.error is None
    assert g.memory_errors == [] and g.errors_log is None
    assert g.frames_match, "the chip's frames differ from the desktop rig's"
    assert g.undo_works


@pytest.mark.parametrize("actions", bench.LENGTHS)
@pytest.mark.parametrize("game", GAMES)
def test_a_saved_game_resumes_on_the_chip_as_on_the_desktop(games, game, actions):
    g = games[(game, actions)]
    played_as_on_the_desktop(g)
    if actions > 500:  # in the long-game heap: resume, undo and (ROBOTS!) a correction
        assert 0 < g.largest_alloc <= B.largest_alloc
        assert g.undo_ms is not None and g.undo_ms <= B.undo_ms
    else:
        assert g.kept_bytes is not None and 0 < g.kept_bytes <= B.game_kept


@pytest.mark.parametrize("actions", bench.LENGTHS)
@pytest.mark.parametrize("game", GAMES)
def test_the_resume_offer_is_complete_and_ok_opens_the_game_in_time(games, game, actions):
    # Power-on to the offer with its headline and steps (the game read back
    # while the table reads it), then OK's release to the game's frame.
    g = games[(game, actions)]
    assert g.boot_ms is not None and g.read_ms is not None
    assert g.boot_ms < g.read_ms <= B.offer_ms
    assert g.resume_ms is not None and g.resume_ms <= B.resume_ms


@pytest.mark.parametrize("game", GAMES)
def test_the_idle_loop_asks_nothing_of_the_heap(games, game):
    # Every function a loop step calls keeps its state within the 11 words
    # the rp2 build holds on the C stack (tests/test_frame_sizes.py).
    assert games[(game, 500)].idle_bytes == bench.ALLOC_IDLE


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


def test_garbage_counts_what_the_collections_took_back_from_the_first_press():
    from host_tools.pico import script
    from host_tools.pico.lane import Played
    from host_tools.pico.run import ChipRun

    # Two presses (UP acts at 0 ms, DOWN at 100 ms after ready, ready at
    # 1 ms): the collection at 0.5 ms (the boot's) is before the first
    # press and does not count; those at 50 and 400 ms took 300 + 700 B.
    tl = script.timeline("up\ndown", {"up": 10, "down": 11, "ok": 12, "back": 13}, 50, 50)
    chip = ChipRun(ready_us=1000, end_us=500_000)
    chip.collected = [[500, 9999], [51_000, 300], [401_000, 700]]
    chip.bench = {"windows": [{}, {}, {}]}  # boot, then one window a press
    played = {"s": Played("s", tl, chip, {}, None)}  # type: ignore[arg-type]
    assert bench.garbage_per_event(played) == (500.0, 2)


def test_history_opens_as_quickly_with_250_past_games_as_with_10():
    """History reads its index, never the folder (core/history.py): flat
    means no more than a LittleFS lookup's worth (10 ms) apart."""
    few, many = bench.history_open_ms(10), bench.history_open_ms(250)
    assert few is not None and many is not None
    assert many <= few + 10, (few, many)


def test_a_game_starts_with_250_past_games_within_the_resume_offers_budget():
    """A start looks up one file among the history's, not one per number
    from 1 (with 250 games that took past the watchdog's 8 s). There is no
    budget for a start: the resume offer's, its nearest kin, is the bound."""
    ms = bench.start_ms(250)
    assert ms is not None and ms <= bench.START_MS, ms
