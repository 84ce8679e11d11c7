"""The game-night export, on journals the simulator wrote by playing the
scenario scripts through the buttons."""

import contextlib
import csv
import shutil
from pathlib import Path

import pytest
from conftest import SCENARIOS
from PIL import Image

from host_tools import export
from host_tools.night import running_totals
from rig import Rig


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A folder of journals from three games played on the simulator."""
    root = tmp_path_factory.mktemp("night")
    journals = root / "journals"
    journals.mkdir()
    for name in ("robots", "robber", "evil"):
        work = root / name
        work.mkdir()
        with contextlib.chdir(work):
            Rig(seed=1).play((SCENARIOS / f"{name}.txt").read_text())
        shutil.copy(work / "data" / "game.jnl", journals / f"{name}.jnl")
    out = root / "export"
    return journals, out, export.export(journals, out)


def test_one_csv_and_chart_per_game(night):
    journals, out, games = night
    assert [g["name"] for g in games] == ["evil", "robber", "robots"]
    with (out / "robots.csv").open() as f:
        rows = list(csv.reader(f))
    # the robots script's hands, by hand (see tests/scenarios/robots.txt)
    assert rows[1][:5] == ["1", "45", "50", "-5", "-35"]
    assert rows[-1][:5] == ["total", "25", "30", "70", "280"]
    for game in games:
        image = Image.open(out / f"{game['name']}.png")
        assert image.size == (600, 350)


def test_a_round_being_played_is_not_exported_as_a_row_of_zeros(night):
    """The Evil Robots night cut just after its third deal: rounds 1 and 2
    are scored, round 3 is dealt and not yet scored. Its table has rows for
    1 and 2 only, as the whole game's (tests/scenarios/evil.txt), and the
    totals are theirs."""
    from referee.core.journal_read import read, replay
    from referee.games import rules

    journals, _out, _games = night
    lines = (journals / "evil.jnl").read_bytes().splitlines(keepends=True)
    deals = [i for i, line in enumerate(lines) if line.startswith(b'{"a": "deal"')]
    assert len(deals) == 3
    header, actions, _dropped = read(b"".join(lines[: deals[2] + 1]))
    game = rules(header["game"])
    cut = game.score_rows(replay(game, header["setup"], actions))
    header, actions, _dropped = read(b"".join(lines))
    whole = game.score_rows(replay(game, header["setup"], actions))
    assert [row[0] for row in cut] == ["round", 1, 2, "total"]
    assert cut[1:3] == whole[1:3]
    assert cut[3][1:] == [a + b for a, b in zip(whole[1][1:], whole[2][1:], strict=True)]


def test_running_totals_add_up():
    rows = [
        ["hand", "A", "B", "ended"],
        [1, 10, -5, "out A"],
        [2, 5, 20, "out B"],
        ["total", 15, 15, ""],
    ]
    assert running_totals(rows) == (["A", "B"], [0, 1, 2], [[0, 10, 15], [0, -5, 15]])


def test_running_totals_start_from_a_starting_row_and_skip_any_summary_word():
    # Robo Factory: cubes at the start, a row a turn, "cubes" the totals
    factory = [["turn", "A", "B"], ["start", 3, 2], [1, 1, -1], [2, 0, 2], ["cubes", 4, 3]]
    assert running_totals(factory) == (["A", "B"], [0, 1, 2], [[3, 4, 4], [2, 1, 3]])
    # a duel match: a row a duel, 1 for its winner; "wins" the match's count
    duel = [["duel", "ANN", "BOB"], [1, 1, 0], [2, 0, 1], [3, 1, 0], ["wins", 2, 1]]
    assert running_totals(duel) == (
        ["ANN", "BOB"],
        [0, 1, 2, 3],
        [[0, 1, 1, 2], [0, 0, 1, 1]],
    )


def test_the_night_page_names_every_game_and_winner(night):
    journals, out, games = night
    page = (out / "night.html").read_text()
    assert "Game night: 3 games" in page
    # each game was played on a simulator switched on for it: night 1 each
    assert "ROBOTS!: robots on night 1" in page and "P4 won" in page
    assert "Robber Rummy: robber on night 1" in page and "P2+P4 won" in page
    assert "<img src='evil.png'" in page


def test_a_damaged_journal_is_reported_not_fatal(tmp_path):
    (tmp_path / "bad.jnl").write_bytes(b"not a journal\n")
    games = export.export(tmp_path, tmp_path / "out")
    assert games == [{"name": "bad", "problem": "line 1 is damaged"}]
    assert "not readable: line 1 is damaged" in (tmp_path / "out" / "night.html").read_text()


def test_pulling_from_the_board_uses_mpremote():
    listing = "ls :data\n         412 game.jnl\n        1003 history-001.jnl\n          12 dice\n"
    names = export.journals_on_board(listing)
    assert names == ["game.jnl", "history-001.jnl"]
    commands = export.pull_commands("/dev/ttyACM0", names, Path("/tmp/x"))
    assert commands[0][1:] == ["connect", "/dev/ttyACM0", "cp", ":data/game.jnl", "/tmp/x/game.jnl"]
    assert Path(commands[0][0]).name == "mpremote"


def test_an_export_marks_the_history_it_copied_whole(tmp_path, night):
    """`make export FROM=...`: each finished game of the history it copied
    is marked exported in the device's index (the device deletes those
    first for room); the game being played and a damaged journal are not."""
    from referee.core import history
    from referee.hw.storage import Storage

    journals, _out, _games = night
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(journals / "robots.jnl", data / "history-001.jnl")
    shutil.copy(journals / "robber.jnl", data / "history-002.jnl")
    shutil.copy(journals / "evil.jnl", data / "game.jnl")
    (data / "history-003.jnl").write_bytes(b"not a journal\n")
    assert export.main(["--from", str(data), "--out", str(tmp_path / "out")]) == 0
    # the index was built from the files (none had one), then marked
    marked = [(r[0], r[1], r[3]) for r in history.listed(Storage(str(data)))]
    assert marked == [(1, "robots", True), (2, "robber", True), (3, "", False)]


def test_an_export_from_the_board_marks_with_the_boards_own_code():
    """On a board the marking is the firmware's own mark_exported, run with
    `mpremote exec`; here that code runs in the MicroPython VM on a data
    folder whose index lists games 4 and 5."""
    from host_tools.mpvm import lane

    lane.build_mpy()  # the firmware as the board has it
    games = [{"name": "game"}, {"name": "history-004"}, {"name": "history-005", "problem": "x"}]
    numbers = export.exported_history(games)
    assert numbers == [4]
    command = export.mark_command("/dev/ttyACM0", numbers)
    assert command[1:4] == ["connect", "/dev/ttyACM0", "exec"]
    assert Path(command[0]).name == "mpremote"
    index = b"00004 robots   0002 -\n00005 duel     0002 -\n"
    printed = lane.run(
        [command[4], "print(open('data/games.idx').read())"], files={"games.idx": index}
    )
    assert "00004 robots   0002 x\n00005 duel     0002 -" in printed


def test_the_night_page_names_games_in_words_in_the_order_played(tmp_path, night):
    # the history's games by number (2 before 10), the game in play last;
    # headings say which game and night, not the file's name
    journals, _out, _games = night
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(journals / "robots.jnl", data / "history-002.jnl")
    shutil.copy(journals / "robber.jnl", data / "history-010.jnl")
    shutil.copy(journals / "evil.jnl", data / "game.jnl")
    games = export.export(data, tmp_path / "out")
    assert [g["name"] for g in games] == ["history-002", "history-010", "game"]
    page = (tmp_path / "out" / "night.html").read_text()
    headings = [line for line in page.splitlines() if line.startswith("<h2>")]
    assert headings == [
        "<h2>ROBOTS!: game 2 on night 1</h2>",
        "<h2>Robber Rummy: game 10 on night 1</h2>",
        "<h2>Evil Robots: the latest game on night 1</h2>",
    ]
    assert "history-0" not in "".join(headings)


def test_the_robber_rummy_chart_counts_hands_as_its_table_does(tmp_path, night, monkeypatch):
    journals, _out, _games = night
    labels = []
    import matplotlib.axes

    real = matplotlib.axes.Axes.set_xlabel
    monkeypatch.setattr(
        matplotlib.axes.Axes,
        "set_xlabel",
        lambda ax, text, **k: labels.append(text) or real(ax, text, **k),
    )
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(journals / "robber.jnl", data / "robber.jnl")
    export.export(data, tmp_path / "out")
    with (tmp_path / "out" / "robber.csv").open() as f:
        header = next(csv.reader(f))
    assert header[0] == "hand" and labels == ["hand"]


def test_a_tail_pulled_from_the_board_joins_the_latest_game(tmp_path, night):
    # On the Pico the newest lines of game.jnl wait in game.jnl.tail until
    # the table pauses (referee/core/tail.py): a board unplugged before
    # that still exports them. The tail is made as the chip makes it: its
    # first line is the journal's size when it began and how many bytes of
    # lines follow.
    listing = "ls :data\n  412 game.jnl\n   61 game.jnl.tail\n  1003 history-001.jnl\n"
    assert export.journals_on_board(listing) == ["game.jnl", "game.jnl.tail", "history-001.jnl"]
    journals, _out, _games = night
    whole = (journals / "robots.jnl").read_bytes()
    cut = whole.rindex(b"\n", 0, len(whole) - 1) + 1  # the last line goes to the tail
    last = whole[cut:]
    (tmp_path / "game.jnl").write_bytes(whole[:cut])
    (tmp_path / "game.jnl.tail").write_bytes(b"%010d %03d\n" % (cut, len(last)) + last)
    games = export.export(tmp_path, tmp_path / "out")
    assert (tmp_path / "game.jnl").read_bytes() == whole
    assert not (tmp_path / "game.jnl.tail").exists()
    shutil.copy(journals / "robots.jnl", tmp_path / "whole.jnl")
    exported = {g["name"]: g for g in export.export(tmp_path, tmp_path / "again")}
    latest = [g for g in games if g["name"] == "game"][0]
    assert latest["rows"] == exported["whole"]["rows"]
    # and the tail's line counted: the journal without it ends otherwise
    short = tmp_path / "short"
    short.mkdir()
    (short / "short.jnl").write_bytes(whole[:cut])
    assert export.export(short, short / "out")[0]["rows"] != latest["rows"]
