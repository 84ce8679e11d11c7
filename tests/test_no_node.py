"""Only `make web` and `make test` (and bench, pico and fuzz, which run the
MicroPython VM or the emulated Pico) need Node (issue 35): the other make
targets are Python only, so a builder with no Node installed can make the
.uf2, deploy, export a night or redraw the hardware pictures."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS

PYTHON_ONLY = (
    "sim",
    "static",
    "fonts",
    "screenshots",
    "replay",
    "export",
    "hardware",
    "deploy",
    "uf2",
)
NEEDS_NODE = ("web", "pytest", "bench", "pico", "fuzz")


@pytest.fixture(scope="module")
def set_up_copy(tmp_path_factory):
    """The Makefile and what its setup reads, with a Python setup already
    done (its stamp newer than the requirements) and no node_modules."""
    copy = tmp_path_factory.mktemp("make")
    for name in (
        "Makefile",
        "requirements.txt",
        "requirements-device.txt",
        "requirements-stubs.txt",
        "package.json",
        "package-lock.json",
    ):
        shutil.copy(ROOT / name, copy / name)
    (copy / ".venv").mkdir()
    (copy / ".venv" / ".ready").touch()
    return copy


def planned(copy, target: str) -> str:
    """What `make TARGET` would run (make -n: nothing runs)."""
    done = subprocess.run(
        ["make", "-n", target, "ARGS=", "PORT=", "JOURNAL=x.jnl"],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("target", PYTHON_ONLY)
def test_a_python_only_target_installs_no_node_packages(set_up_copy, target):
    plan = planned(set_up_copy, target)
    assert "host_tools" in plan or "ruff" in plan  # it runs its own command
    assert "npm" not in plan


@pytest.mark.parametrize("target", NEEDS_NODE)
def test_the_node_targets_install_node_packages_first(set_up_copy, target):
    plan = planned(set_up_copy, target)
    assert "npm ci" in plan


def test_every_make_target_is_sorted_into_one_list():
    phony = re.search(r"^\.PHONY: (.*)$", (ROOT / "Makefile").read_text(), re.M).group(1).split()
    # set-up, made of the others, or (help) printing only
    elsewhere = {"setup", "browser", "socat", "test", "clean", "help"}
    assert set(phony) - elsewhere == set(PYTHON_ONLY) | set(NEEDS_NODE)


@pytest.fixture
def no_node(tmp_path):
    """An environment whose PATH has the project's Python tools and no node or npm."""
    bare = tmp_path / "bin"
    bare.mkdir()
    path = os.pathsep.join([str(bare), str(ROOT / ".venv" / "bin")])
    assert shutil.which("node", path=path) is None and shutil.which("npm", path=path) is None
    return {**os.environ, "PATH": path}


def run(env, *args, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_python_only_entry_points_run_without_node(no_node, tmp_path):
    # a scripted game left on a flash folder, then exported and replayed
    flash = tmp_path / "flash"
    played = run(
        no_node, "-m", "host_tools.sim", "--script", SCENARIOS / "scorepad.txt", "--quiet",
        "--flash", flash,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    journals = sorted((flash / "data").glob("*.jnl"))
    assert journals
    exported = run(
        no_node, "-m", "host_tools.export", "--from", flash / "data", "--out", tmp_path / "night"
    )
    assert exported.returncode == 0, exported.stderr
    assert (tmp_path / "night" / "night.html").exists()
    replayed = run(no_node, "-m", "host_tools.replay", journals[0])
    assert replayed.returncode == 0, replayed.stderr
    # the pictures and fonts checked against their sources, the .uf2 files built
    for module in ("host_tools.hardware", "host_tools.fontgen"):
        checked = run(no_node, "-m", module, "--check")
        assert checked.returncode == 0, checked.stdout + checked.stderr
    built = run(
        no_node, "-m", "host_tools.uf2", "--out", tmp_path / "referee.uf2",
        "--update-out", tmp_path / "update.uf2",
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "referee.uf2").stat().st_size > 500_000
    # deploy gets as far as looking for the board (there is none here)
    deploy = run(no_node, "-m", "host_tools.deploy", "--port", tmp_path / "ttyACM9")
    assert deploy.returncode != 0 and "node" not in deploy.stderr.lower()
    assert "Traceback" not in deploy.stderr
