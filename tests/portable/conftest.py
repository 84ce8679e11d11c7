"""These tests also run, unchanged, inside the MicroPython VM (test_mpvm_lane.py):
plain functions and asserts in the subset both VMs share. Here each runs in
an empty folder that stands for the flash."""

import os

import pytest


@pytest.fixture(autouse=True)
def _in_empty_flash(tmp_path):
    old = os.getcwd()
    os.chdir(tmp_path)
    yield
    os.chdir(old)
