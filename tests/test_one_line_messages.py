"""A mistake on a make target's command line gets one line on stderr, not a
traceback (issue 35): each entry point run as make runs it, in a
subprocess, with the wrong argument a newcomer might give it."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from conftest import ROOT, SCENARIOS


def said(*args: str) -> str:
    """Run ``python -m ARGS`` from the repository, as make does; its one
    line on stderr (asserting it failed, in one line, with no traceback)."""
    done = subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_script_that_is_not_there():
    line = said("host_tools.sim", "--script", "does-not-exist.txt")
    assert line == f"make sim: there is no script does-not-exist.txt (looked for from {ROOT})"


def test_a_script_line_that_does_not_read(tmp_path):
    script = tmp_path / "typo.txt"
    script.write_text("down\nokk\n")
    line = said("host_tools.sim", "--script", str(script))
    assert line.startswith(f"make sim: {script}: script line 2: cannot read 'okk'")
    assert "host_tools/fakes/button_script.py" in line  # where the words are listed


def test_a_folder_given_as_the_script():
    assert (
        said("host_tools.sim", "--script", "tests") == "make sim: tests is a folder, not a script"
    )


@pytest.mark.parametrize(
    ("module", "target"),
    [
        ("host_tools.sim", "sim"),
        ("host_tools.web.build", "web"),
        ("host_tools.export", "export"),
        ("host_tools.deploy", "deploy"),
        ("host_tools.replay", "replay"),
        ("host_tools.uf2", "uf2"),
        ("host_tools.hardware", "hardware"),
        ("host_tools.fontgen", "fonts"),
        ("host_tools.pico", "pico"),
    ],
)
def test_a_misspelt_option(module, target):
    given = ["--all"] if target == "pico" else []  # pico's one required choice
    line = said(module, *given, "--scirpt")
    assert line == (
        f"make {target}: unrecognized arguments: --scirpt "
        f"(python -m {module} --help lists the options)"
    )


def test_a_value_of_the_wrong_kind():
    line = said("host_tools.web.build", "--port", "eighty")
    assert line == (
        "make web: argument --port: invalid int value: 'eighty' "
        "(python -m host_tools.web.build --help lists the options)"
    )


def test_a_screenshot_that_is_not_a_png():
    line = said("host_tools.sim", "--script", str(SCENARIOS / "coin.txt"), "--screenshot", "coin")
    assert line == "make sim: --screenshot writes a PNG: give a name ending in .png, not coin"


def test_a_screenshot_into_a_folder_that_is_not_there():
    line = said(
        "host_tools.sim", "--script", str(SCENARIOS / "coin.txt"), "--screenshot", "no/coin.png"
    )
    assert line == "make sim: --screenshot no/coin.png: there is no folder no"


def test_a_second_make_web_while_one_serves():
    with socket.socket() as taken:  # the first make web's port
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = said("host_tools.web.build", "--serve", "--port", str(port))
    assert line == (
        f"make web: port {port} is already in use (another make web still serving?): stop that "
        f'one, or serve on another port: make web ARGS="--port {port + 1}"'
    )


def test_export_from_a_port_that_is_not_there(tmp_path):
    port = tmp_path / "ttyACM0"
    line = said("host_tools.export", "--port", str(port), "--out", str(tmp_path / "out"))
    assert line.startswith(f"make export: There is no {port}: the board is not plugged in")


def test_export_from_a_folder_that_is_not_there(tmp_path):
    line = said("host_tools.export", "--from", "nowhere", "--out", str(tmp_path))
    assert line == "make export: FROM=nowhere is not there: name the folder the journals are in"


def test_deploy_to_a_port_that_is_not_there(tmp_path):
    port = tmp_path / "ttyACM0"
    assert said("host_tools.deploy", "--port", str(port)).startswith(f"There is no {port}:")


def test_replay_without_a_journal():
    line = said("host_tools.replay")
    assert line == (
        "make replay: name the game's journal: make replay JOURNAL=build/sim-flash/data/game.jnl"
    )


def test_replay_of_a_journal_that_is_not_there():
    assert (
        said("host_tools.replay", "nope.jnl")
        == "nope.jnl: cannot read it: No such file or directory"
    )


def test_pico_with_a_script_that_is_not_there():
    line = said("host_tools.pico", "--script", "nope.txt")
    assert line == f"make pico: there is no script nope.txt (looked for from {ROOT})"


def test_a_screenshot_without_a_folder_goes_in_build():
    # it used to land in the repository's root, among the sources
    name = "test-one-line-coin.png"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "host_tools.sim", "--script", str(SCENARIOS / "coin.txt"),
             "--screenshot", name, "--quiet"],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert f"wrote the screen to build/{name}" in done.stdout
        assert (ROOT / "build" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert not (ROOT / name).exists()
    finally:
        (ROOT / "build" / name).unlink(missing_ok=True)
        (ROOT / name).unlink(missing_ok=True)
