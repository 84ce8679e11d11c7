"""docs/adding-a-game.md, followed step by step on a copy of the firmware:
the score pad copied as a game called "tally", registered, and played
through every screen its hub reaches. Shared screens ask a rules core what
it has (rounds or hands, a sitting, ways a hand ends); none knows a game by
name, so the copy works without touching them."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from host_tools import paths
from host_tools.import_graph import screen_files

ROOT = Path(__file__).resolve().parent.parent


def replace_once(path, old, new):
    text = path.read_text()
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new))


def copy_the_score_pad(firmware):
    """The doc's steps 1-3, as a maintainer would type them."""
    referee = firmware / "referee"
    # 1. the game's folder copied: its rules core, its NAME changed
    folder = referee / "tally"
    shutil.copytree(referee / "scorepad", folder)
    rules = folder / "rules.py"
    replace_once(rules, 'NAME = "scorepad"', 'NAME = "tally"')
    # 2. one line in the registry, after the last game
    registry = referee / "games" / "__init__.py"
    last = re.findall(r"^    _game\(.*\),$", registry.read_text(), re.M)[-1]
    replace_once(registry, last, last + '\n    _game("tally", "Tally", "tally", "tally", "Tally"),')
    # 3. the screen that plays it (the folder's play.py), renamed, and its
    # setup questions
    replace_once(folder / "play.py", "class ScorePad(Screen):", "class Tally(Screen):")
    replace_once(
        referee / "screens" / "setup.py",
        "QUESTIONS = {  # type: dict\n",
        "QUESTIONS = {  # type: dict\n"
        '    "tally": (\n'
        "        (\n"
        '            ("players", "players", 2, 9, 1, 4, 0),\n'
        '            ("target", "play to (0: no end)", 0, 5000, 10, 100, 0),\n'
        "        ),\n"
        "        None,\n"
        "    ),\n",
    )


# Runs in a fresh interpreter over the copied firmware: every press's
# screen, by class name, and what the flash holds at the end.
PLAY = r"""
import json, os, sys
sys.path[:0] = json.loads(sys.argv[1])
os.chdir(sys.argv[2])
from rig import Rig
from referee.screens.menu import ROWS, label

rig = Rig(seed=1)
seen = []

def press(script):
    rig.play(script)
    seen.append(type(rig.app.screen).__name__)

rows = [label(row) for row in range(ROWS)]

def choose_tally():
    downs = (rows.index("Tally") - rig.app.screen.index) % ROWS
    press("down x%d\nok" % downs if downs else "ok")

choose_tally()                                     # the setup
press("ok long\nok long\nok long")                 # players, target, names: defaults
press("ok")                                        # a score for the first player
press("up x3\nok")                                 # 3 points, saved
press("ok long")                                   # the round closed
press("up\nok")                                    # "round scores"
press("ok")                                        # a side picked
press("ok")                                        # its score opened to correct
press("up\nok")                                    # corrected to 4
press("back")                                      # the sides
press("back")                                      # the hub again
press("back long")                                 # undo the correction
press("back")                                      # the menu
choose_tally()                                     # resumed from the menu
state = rig.app.screen.session.state
print(json.dumps({
    "seen": seen,
    "totals": list(state.ledger.totals),
    "round": state.round,
    "errors_log": os.path.exists("data/errors.log"),
}))
"""


def test_a_copy_of_the_score_pad_plays_every_screen_its_hub_opens(tmp_path):
    firmware = tmp_path / "firmware"
    shutil.copytree(paths.FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    copy_the_score_pad(firmware)
    flash = tmp_path / "flash"
    flash.mkdir()
    search = [str(paths.FAKES), str(firmware), str(paths.DEVICE_LIB)]
    out = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(search), str(flash)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["seen"] == [
        "GameSetup",
        "Tally",
        "NumberEntry",
        "Tally",
        "Tally",
        "Rounds",
        "Rounds",
        "NumberEntry",
        "Rounds",
        "Rounds",
        "Tally",
        "Tally",
        "Menu",
        "Tally",
    ]
    # By hand: the first player scored 3 in round 1, corrected to 4, the
    # correction undone: 3 again; round 1 closed, so round 2 is open.
    assert result["totals"][0] == 3
    assert result["totals"][1:] == [0, 0, 0]
    assert result["round"] == 2
    assert not result["errors_log"]


def test_no_screen_branches_on_a_games_name():
    """A screen may look a game up in the registry by its NAME (the router,
    the resume offer's title); it never compares it or keys its own table
    with it: that is what broke the copy above."""
    found = []
    for path in sorted(screen_files().values()):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"NAME\s*[!=]=|[!=]=\s*\w+\.NAME\b|\[\w+(\.\w+)*\.NAME\]", line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []
