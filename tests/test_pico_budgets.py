"""Issue 15's budgets on the emulated Pico (MicroPython v1.27.0 rp2 in rp2040js).

Every figure is in emulated time or counted on the chip, so it is the same
on every run (host_tools/pico/bench.py says how each is measured). The
scenarios at 50/50 are the lane's own runs (conftest's ``brisk``); each
game runs twice, from a saved 500-action game (normal heap) and from a
5,000-action game in a heap cut to 128 KB.
"""

import pytest

from host_tools.pico import bench, figures

GAMES = bench.GAMES


@pytest.fixture(scope="session")
def games():
    return bench.run_games()


def test_boot_to_the_menu_frame(brisk):
    boots = [p.boot_ms for p in brisk.values()]
    assert None not in boots
    assert max(boots) <= bench.BOOT_MS


def test_press_to_panel_median_and_p90(brisk):
    presses = [ms for p in brisk.values() for ms in p.latencies.up_down + p.latencies.ok_back]
    assert len(presses) > 500  # every short press of every scenario
    median, p90 = figures.median_p90(presses)
    assert median <= bench.PRESS_MEDIAN_MS
    assert p90 <= bench.PRESS_P90_MS


def test_allocation_per_button_event(brisk):
    per_event = bench.event_allocations(brisk)
    assert len(per_event) > 500
    assert 0 < bench.mean(per_event) <= bench.ALLOC_PER_EVENT


def test_heap_kept_at_the_menu():
    kept, _chip = bench.menu_kept()
    assert 0 < kept <= bench.MENU_KEPT


@pytest.mark.parametrize("game", GAMES)
def test_a_500_action_game_resumes_within_budget(games, game):
    g = games[(game, 500)]
    assert g.chip.error is None
    assert g.frames_match, "the chip's frames differ from the desktop rig's"
    assert g.reset_to_game_ms is not None and g.reset_to_game_ms <= bench.RESET_TO_GAME_MS
    assert g.kept_bytes is not None and g.kept_bytes <= bench.GAME_KEPT
    assert g.idle_bytes == bench.ALLOC_IDLE


@pytest.mark.parametrize("game", GAMES)
def test_a_5000_action_game_resumes_undoes_and_corrects_in_128_kb(games, game):
    g = games[(game, 5000)]
    assert g.chip.error is None
    assert g.memory_errors == [] and g.errors_log is None
    assert g.frames_match, "the chip's frames differ from the desktop rig's"
    assert g.undo_works
    assert g.reset_to_game_ms is not None and g.reset_to_game_ms <= bench.RESET_TO_GAME_MS
    assert g.undo_ms is not None and g.undo_ms <= bench.UNDO_MS
    assert g.largest_alloc <= bench.LARGEST_ALLOC


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
