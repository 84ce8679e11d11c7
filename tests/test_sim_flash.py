"""The simulator's --flash with --script: a scripted game left on a flash
folder, to export or replay (issue 19)."""

from conftest import SCENARIOS

from host_tools import sim
from referee.core.journal_line import game_of
from referee.hw.storage import Storage


def test_a_script_leaves_its_game_in_the_named_flash(flash):
    keep = flash / "night"
    assert (
        sim.main(["--script", str(SCENARIOS / "scorepad.txt"), "--flash", str(keep), "--quiet"])
        == 0
    )
    assert game_of(Storage(str(keep / "data"))) == "scorepad"


def test_without_a_flash_a_script_leaves_nothing(flash):
    assert sim.main(["--script", str(SCENARIOS / "scorepad.txt"), "--quiet"]) == 0
    assert list(flash.iterdir()) == []  # it ran in a folder of its own, now gone
