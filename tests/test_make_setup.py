"""The setup traps a newcomer meets before anything runs (issue 19)."""

import re
import shutil
import subprocess

from conftest import ROOT


def test_an_old_python_is_refused_with_what_to_do(tmp_path):
    # A stand-in interpreter that calls itself 3.10 and fails any code: the
    # Makefile's own check, in a copy of the project's setup, must stop
    # before it builds a .venv that would keep failing.
    for name in (
        "Makefile",
        "requirements.txt",
        "requirements-device.txt",
        "requirements-stubs.txt",
    ):
        shutil.copy(ROOT / name, tmp_path / name)
    python = tmp_path / "python3.10"
    python.write_text(
        '#!/bin/sh\n[ "$1" = --version ] && echo "Python 3.10.12" && exit 0\nexit 1\n'
    )
    python.chmod(0o755)
    done = subprocess.run(
        ["make", f"PYTHON={python}", "sim"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "needs Python 3.11 or newer" in done.stderr and "Python 3.10.12" in done.stderr
    assert "make PYTHON=python3.11" in done.stderr
    assert not (tmp_path / ".venv").exists()


def test_the_simulator_needs_no_npm():
    text = (ROOT / "Makefile").read_text()
    prerequisites = re.search(r"^sim:(.*)$", text, re.M).group(1).split()
    assert prerequisites == ["$(READY)"]  # the Python setup only, not node_modules


def test_a_new_venv_each_setup():
    # one left by another Python would keep its interpreter
    recipe = re.search(r"^\$\(READY\):.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    lines = recipe.group(1)
    assert lines.index("rm -rf $(VENV)") < lines.index("-m venv $(VENV)")


def test_make_hardware_and_make_fonts_say_what_they_did(capsys):
    # they used to print nothing when every file was current
    from host_tools import fontgen, hardware

    assert hardware.main([]) == 0 and fontgen.main([]) == 0
    said = capsys.readouterr().out
    assert "up to date: wiring.svg, breadboard.svg, diagram.json, wokwi.toml" in said
    assert "up to date: font_small.py, font_big.py" in said
