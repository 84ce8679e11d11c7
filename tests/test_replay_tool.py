"""The desktop replay tool on a hand-written journal and on broken ones."""

import csv
import json
import subprocess
import sys

from conftest import ROOT

HAND_WRITTEN = "# lines that are not JSON are not allowed; this file is only the records\n"

GAME = (
    '{"v": 1, "game": "scorepad", "setup": {"players": ["ANN", "BOB", "CY"], "target": 60}}\n'
    '{"a": "score", "seat": 0, "pts": 20}\n'
    '{"a": "score", "seat": 1, "pts": 35}\n'
    '{"a": "score", "seat": 2, "pts": 5}\n'
    '{"a": "next"}\n'
    '{"a": "score", "seat": 1, "pts": 30}\n'
    '{"a": "score", "seat": 0, "pts": 10}\n'
    '{"a": "next"}\n'
)


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.replay", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_replays_a_hand_written_game_to_json_and_csv(tmp_path):
    journal = tmp_path / "game.jnl"
    journal.write_text(GAME)
    out = tmp_path / "scores.csv"
    proc = run(journal, "--csv", out)
    assert proc.returncode == 0, proc.stderr
    # by hand: ANN 20+10 = 30, BOB 35+30 = 65, CY 5; BOB passes 60 alone
    assert json.loads(proc.stdout) == {
        "game": "scorepad",
        "players": ["ANN", "BOB", "CY"],
        "target": 60,
        "round": 3,
        "totals": [30, 65, 5],
        "over": True,
        "winner": "BOB",
    }
    with out.open() as f:
        rows = list(csv.reader(f))
    assert rows == [
        ["round", "ANN", "BOB", "CY"],
        ["1", "20", "35", "5"],
        ["2", "10", "30", "0"],
        ["total", "30", "65", "5"],
    ]


def test_a_tail_copied_off_a_pico_beside_the_journal_is_replayed_too(tmp_path):
    # the Pico keeps its newest lines in game.jnl.tail until the table pauses
    # (referee/core/tail.py); its first line: the journal's size when it
    # began, and how many bytes of lines follow
    lines = GAME.splitlines(keepends=True)
    head = "".join(lines[:5]).encode()
    rest = "".join(lines[5:]).encode()
    (tmp_path / "game.jnl").write_bytes(head)
    (tmp_path / "game.jnl.tail").write_bytes(b"%010d %03d\n" % (len(head), len(rest)) + rest)
    proc = run(tmp_path / "game.jnl")
    assert proc.returncode == 0, proc.stderr
    # the same hand sums as above: the tail's round 2 counted
    assert json.loads(proc.stdout)["totals"] == [30, 65, 5]
    assert (tmp_path / "game.jnl").read_bytes() == head  # the copies are left as they were


def test_a_bad_action_is_named(tmp_path):
    journal = tmp_path / "game.jnl"
    journal.write_text(GAME.replace('"seat": 2, "pts": 5', '"seat": 4, "pts": 5'))
    proc = run(journal)
    assert proc.returncode == 2
    assert "action 3" in proc.stderr and "no seat 4" in proc.stderr


def test_a_damaged_line_is_named(tmp_path):
    journal = tmp_path / "game.jnl"
    journal.write_text(GAME + HAND_WRITTEN)
    proc = run(journal)
    assert proc.returncode == 2 and "line 9 is damaged" in proc.stderr


def test_a_missing_file_is_a_clear_error(tmp_path):
    proc = run(tmp_path / "nothing.jnl")
    assert proc.returncode == 2 and "cannot read it" in proc.stderr


def test_the_documented_journal_example_reads_back_whole():
    """The example in docs/journal.md is a real journal: every CRC matches."""
    from referee.core.journal_read import read
    from referee.core.record import seal

    text = (ROOT / "docs" / "journal.md").read_text()
    block = text.split("# The game journal", 1)[1].split("```", 2)[1].strip() + "\n"
    header, actions, dropped = read(block.encode())
    assert header["game"] == "scorepad" and dropped == 0
    # BOB's 20 was taken back by the undo line and entered again as 25
    assert actions == [
        {"a": "score", "seat": 0, "pts": 30},
        {"a": "score", "seat": 1, "pts": 25},
        {"a": "next"},
    ]
    lines = [header, actions[0], {"a": "score", "seat": 1, "pts": 20}, {"undo": 1}]
    lines += actions[1:]
    assert "".join(bytes(seal(a)).decode() for a in lines) == block
