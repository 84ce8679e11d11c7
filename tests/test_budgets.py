"""docs/design.md's budgets, checked on measured figures (host_tools.bench).

Only deterministic figures are asserted here: heap and allocations in the
MicroPython VM, .mpy bytes, bus bytes. Wall-clock figures are printed by
`make bench`, not asserted, because test machines are noisy."""

import pytest

from host_tools import bench, budgets
from host_tools.mpvm import lane


@pytest.fixture(scope="module")
def vm():
    lane.build_mpy()
    return bench.vm_figures()


def test_heap_kept_with_menu_and_a_game(vm):
    assert 0 < vm["MENU_KEPT"] <= vm["GAME_KEPT"] <= budgets.HEAP_KEPT_WITH_GAME


def test_allocation_per_button_event(vm):
    assert 0 < vm["ALLOC_PER_EVENT"] <= budgets.GARBAGE_PER_EVENT
    assert 0 < vm["ALLOC_PER_MENU_EVENT"] <= budgets.GARBAGE_PER_EVENT


def test_idle_loop_allocates_nothing(vm):
    assert vm["ALLOC_IDLE"] == budgets.ALLOC_IDLE


def test_the_code_fits_the_romfs_partition():
    # The referee's code runs in place from the ROMFS partition: its size
    # bounds the flash, not the heap (host_tools/romfs.py).
    from host_tools import romfs

    image = romfs.referee_image()
    assert lane.build_mpy() < len(image) <= budgets.ROMFS_IMAGE


def test_one_game_at_a_time_is_in_memory(vm_scenarios):
    # The VM, like the stock build, holds a module's code in the heap:
    # back at the menu a game's modules go, so no press of any scenario
    # has every module loaded.
    _, record = vm_scenarios
    loaded, _scenario = bench.loaded_mpy_figures(record)
    assert 0 < loaded < lane.build_mpy()


def test_bus_bytes_per_event():
    mean, largest, events = bench.bus_figures()
    assert events > 100
    assert largest <= budgets.BUS_PER_EVENT
    assert mean < budgets.BUS_PER_EVENT / 2  # most events change part of the screen


@pytest.fixture(scope="module")
def cores():
    lane.build_mpy()
    return bench.vm_core_figures()


def test_rules_cores_replay_fast_enough_on_cpython():
    # a 23x margin over the 50,000 a second floor on this machine
    assert bench.cpython_replay_rate() >= budgets.REPLAY_CPYTHON_PER_S


def test_journal_costs_tens_of_bytes_an_action(cores):
    assert 20 <= cores["JOURNAL_BYTES"] / cores["ACTIONS"] <= 64
    assert bench.journal_bytes_per_action() == cores["JOURNAL_BYTES"] / cores["ACTIONS"]


@pytest.fixture(scope="module")
def resumed():
    lane.build_mpy()
    return bench.vm_resume_figures()


def test_a_resumed_500_action_game_fits_the_heap_budget(resumed):
    assert 0 < resumed["RESUMED_KEPT"] <= budgets.HEAP_KEPT_RESUMED


def test_scoring_stays_within_the_allocation_budget(resumed):
    # a round of three scores and its close: four journal lines in ten
    # events (encode, CRC, file write), with their share of the snapshots
    assert 0 < resumed["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] <= budgets.GARBAGE_PER_EVENT


@pytest.fixture(scope="module")
def rummy():
    lane.build_mpy()
    return bench.vm_resume_figures(game="robots")


def test_a_resumed_500_action_robots_game_fits_the_heap_budget(rummy):
    assert 0 < rummy["RESUMED_KEPT"] <= budgets.HEAP_KEPT_RESUMED


def test_scoring_a_robots_hand_stays_within_the_allocation_budget(rummy):
    # a whole hand: who went out, four counts saved, the standings
    assert 0 < rummy["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] <= budgets.GARBAGE_PER_EVENT


@pytest.fixture(scope="module")
def evil_round():
    lane.build_mpy()
    return bench.vm_resume_figures(game="evil")


def test_a_resumed_500_action_evil_robots_game_fits_the_heap_budget(evil_round):
    assert 0 < evil_round["RESUMED_KEPT"] <= budgets.HEAP_KEPT_RESUMED


def test_an_evil_robots_round_stays_within_the_allocation_budget(evil_round):
    # 511 B (483 before the deal drew its round's three chance coins): the
    # deal's entropy fetched 16 bytes at a time, journal lines sealed
    # without big-int CRC shifts or a sorted key list, the round's lists
    # emptied in place, rows drawn without label lists (1,076 before)
    assert 0 < evil_round["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] <= budgets.GARBAGE_PER_EVENT


@pytest.fixture(scope="module", params=["factory", "duel"])
def new_game(request):
    lane.build_mpy()
    return request.param, bench.vm_resume_figures(game=request.param)


def test_a_resumed_500_action_factory_or_duel_fits_the_heap_budget(new_game):
    # Robo Factory: the device as customer, five players; a duel match of
    # several duels (bench.SAMPLES); each resumed from a 500-action journal
    game, figures = new_game
    assert 0 < figures["RESUMED_KEPT"] <= budgets.HEAP_KEPT_RESUMED, game


def test_playing_factory_or_duel_stays_within_the_allocation_budget(new_game):
    game, figures = new_game
    assert 0 < figures["ALLOC_PER_EVENT_WITH_SNAPSHOTS"] <= budgets.GARBAGE_PER_EVENT, game


@pytest.fixture(scope="module", params=sorted(bench.SAMPLES))
def long_game(request):
    lane.build_mpy()
    return request.param, bench.vm_long_game_figures(5000, request.param)


def test_a_5000_action_game_resumes_undoes_and_corrects_in_bounded_memory(long_game):
    # *_PEAK: everything the operation allocated (the VM frees nothing
    # inside one call) on top of what was kept before it: an upper bound
    # of the peak. *_BLOCK: the largest block in the heap afterwards.
    game, figures = long_game
    for op in ("RESUME", "UNDO", "FIX"):
        if op + "_PEAK" not in figures:
            continue  # a game without corrections
        assert 0 < figures[op + "_PEAK"] <= budgets.PEAK_HEAP_LONG_GAME, (game, op)
        assert 0 < figures[op + "_BLOCK"] <= budgets.LARGEST_ALLOCATION, (game, op)
    # the newest snapshot served: only the lines after it were replayed
    from referee.core.journal import SNAPSHOT_EVERY

    assert figures["RESUME_REPLAYED"] == 5000 % SNAPSHOT_EVERY, game
    assert figures["RESUME_KEPT"] <= budgets.HEAP_KEPT_RESUMED, game
