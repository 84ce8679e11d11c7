"""The stock build's lane: MicroPython v1.27.0 as micropython.org ships it
for the Pico (no ROMFS partition), the referee's code on the filesystem, as
`make deploy` installs it there. The shipped build is the ROMFS one
(tests/test_pico_budgets.py); this lane shows a stock install keeps
working: its boot, two scenarios at ten presses a second frame for frame
as the goldens, and a 500-action resume as on the desktop, each figure
against the stock build's own budgets (docs/design.md).
"""

import pytest
from conftest import GOLDEN

from host_tools.pico import bench, lane, run

B = bench.STOCK_BUDGETS


@pytest.fixture(scope="module")
def stock():
    return bench.stock_lane()


def test_the_lane_runs_the_stock_firmware_with_the_code_on_the_filesystem():
    assert B.build is run.STOCK and not B.build.in_rom
    assert B.build.firmware.name == "micropython-v1.27.0-RPI_PICO.bin"


def test_its_scenarios_match_every_golden_image(stock):
    _kept, played, _games = stock
    assert set(played) == set(bench.STOCK_SCENARIOS)
    for name, p in played.items():
        assert p.chip.error is None
        compared, differ = lane.golden_mismatches(p, GOLDEN)
        assert compared > 5 and differ == [], (name, differ)


def test_its_boot_and_presses_keep_the_stock_budgets(stock):
    _kept, played, _games = stock
    assert max(p.boot_ms for p in played.values()) <= B.boot_ms
    median, p90, _slowest, count = bench.press_figures(played)
    assert count > 100
    assert median <= B.press_median_ms and p90 <= B.press_p90_ms


def test_saved_games_resume_as_on_the_desktop(stock):
    _kept, _played, games = stock
    assert set(games) == set(bench.STOCK_GAMES)
    for (game, actions), g in games.items():
        assert g.chip.error is None and g.memory_errors == [] and g.errors_log is None, game
        assert g.frames_match and g.undo_works, game
        assert g.reset_to_game_ms is not None and g.reset_to_game_ms <= B.reset_to_game_ms
        if actions > 500:  # in the whole heap: no MemoryError (above), a quick undo
            assert g.undo_ms is not None and g.undo_ms <= B.undo_ms
            assert 0 < g.largest_alloc <= B.largest_alloc


def test_its_heap_keeps_the_stock_budgets(stock):
    kept, _played, games = stock
    assert 0 < kept <= B.menu_kept
    for (_game, actions), g in games.items():
        if actions == 500:
            assert g.kept_bytes is not None and 0 < g.kept_bytes <= B.game_kept
