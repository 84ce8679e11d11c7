"""DESIGN.md's budgets, checked on measured figures (host_tools.bench).

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
    assert 0 < vm["ALLOC_PER_EVENT"] <= budgets.ALLOC_PER_EVENT
    assert 0 < vm["ALLOC_PER_MENU_EVENT"] <= budgets.ALLOC_PER_EVENT


def test_idle_loop_allocates_nothing(vm):
    assert vm["ALLOC_IDLE"] == budgets.ALLOC_IDLE


def test_firmware_mpy_size():
    assert 0 < lane.build_mpy() <= budgets.FIRMWARE_MPY


def test_bus_bytes_per_event():
    mean, largest, events = bench.bus_figures()
    assert events > 100
    assert largest <= budgets.BUS_PER_EVENT
    assert mean < budgets.BUS_PER_EVENT / 2  # most events change part of the screen
