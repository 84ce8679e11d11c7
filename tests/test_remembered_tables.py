"""Remembered tables (issue 36): a game's setup opens on the last setup
started for it, "SAME TABLE?", so a regular group sets a game up again in
a few presses; the memory is a sealed file of its own (data/tables) with
the settings' damage handling."""

import os

import pytest
from conftest import on_stack

from host_tools.bench import presses
from rig import Rig


def _screen_class(name):
    from referee.games import entry
    from referee.screens import screens_of

    game = entry(name)
    return getattr(screens_of(game), game[4])


def _setup_in_play():
    """The setup the journal's header line holds (the game's first line)."""
    import json

    with open("data/game.jnl", "rb") as f:
        line = f.readline()
    return json.loads(line[: line.rfind(b" ")])["setup"]


def _next_evening(seed):
    """The game of the night before over and gone (a finished game's journal
    moves into History when the next one starts; here it is simply
    removed), and the device switched on again: the menu."""
    os.remove("data/game.jnl")
    return Rig(seed=seed)


@pytest.mark.parametrize("name,row,first,again", presses.SECOND_EVENING, ids=lambda v: str(v)[:8])
def test_a_second_evening_sets_each_game_up_again_in_a_few_presses(flash, name, row, first, again):
    """make bench counts the second evening's presses from the game's row
    in the menu (presses.SECOND_EVENING, budget 4): here they reach the
    game's own screen with the first evening's players and answers."""
    rig = Rig(seed=1)
    rig.play(first)
    on_stack(rig, _screen_class(name))  # started
    setup = _setup_in_play()
    rig = _next_evening(2)
    rig.play(f"down x{row}")  # not counted: the menu's row, not the setup
    rig.play(again)
    assert isinstance(rig.app.screen, _screen_class(name))
    assert _setup_in_play() == setup


def test_the_setup_opens_on_the_table_last_started_and_can_change_it(flash):
    """ROBOTS!: three players, to 300, P1 renamed Q1 (UP on its first
    letter: P -> Q). The next setup of ROBOTS! opens on that table; UP or
    DOWN changes it from the first question, the answers as they were."""
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    # players 4 -> 3, 250 -> 300 (steps of 10), rename P1, start, P1 deals
    rig.play("down x4\nok\ndown\nok\nup x5\nok\nok\nup\nok long\nok long\nok")
    rig = _next_evening(2)
    rig.play("down x4\nok")
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.page == -1  # SAME TABLE?
    assert setup.names == ["Q1", "P2", "P3"] and setup.values["target"] == 300
    rig.play("down")  # change it: the first question, on 3 players
    assert setup.page == 0 and setup.values["players"] == 3
    rig.play("ok")  # the target, at 300
    assert setup.page == 1 and setup.values["target"] == 300
    rig.play("back\nback")  # out of the setup: nothing started
    assert not os.path.exists("data/game.jnl")


def test_a_damaged_tables_file_is_kept_aside_and_the_setup_starts_plain(flash):
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nup\nok\nok long\nok")  # ROBOTS! to 260: remembered
    with open("data/tables", "r+b") as f:  # one byte flipped in the sealed line
        f.seek(5)
        byte = f.read(1)
        f.seek(5)
        f.write(bytes([byte[0] ^ 1]))
    rig = _next_evening(2)
    rig.play("down x4\nok")
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.page == 0  # the questions, plain
    assert setup.message == "remembered tables lost"
    assert os.path.exists("data/tables.bad1") and not os.path.exists("data/tables")
    rig.play("ok\nup\nok\nok long\nok")  # to 260 again: remembered anew
    assert os.path.exists("data/tables")


def test_a_remembered_answer_out_of_range_is_not_taken(flash):
    """A table the setup could not have made (a hand-edited file, an older
    firmware's question) opens the plain questions."""
    from referee.core.record import seal
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    os.makedirs("data", exist_ok=True)
    for known in (
        {"v": {"players": 4, "target": 255}, "n": ["P1", "P2", "P3", "P4"]},  # off the 10s
        {"v": {"players": 4, "target": 250}, "n": ["P1", "P2", "P3"]},  # a name short
        {"v": {"players": 2, "target": 250}, "n": ["ANN", "ANN"]},  # a name twice
        {"v": {"players": 2, "target": 250}, "n": ["ann", "BOB"]},  # not the editor's letters
    ):
        with open("data/tables", "wb") as f:
            f.write(seal({"robots": known}))
        rig.play("down x4\nok")
        setup = rig.app.screen
        assert isinstance(setup, GameSetup) and setup.page == 0, known
        rig.play("back")  # the menu, on ROBOTS!
        rig.play("up x4")


def test_a_table_of_the_defaults_is_not_remembered(flash):
    """The plain setup shows the defaults already: a game set up as them
    writes nothing, and forgets a table remembered before."""
    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nok\nok long\nok")  # ROBOTS!: 4 players to 250, P1-P4
    assert not os.path.exists("data/tables")
    rig = _next_evening(2)
    rig.play("down x4\nok\nok\nup\nok\nok long\nok")  # to 260: remembered
    rig = _next_evening(3)
    rig.play("down x4\nok\ndown\nok\ndown\nok\nok long\nok")  # changed back to 250
    rig = _next_evening(4)
    rig.play("down x4\nok")
    assert rig.app.screen.page == 0  # the plain questions, no "same table?"


def test_power_on_after_a_finished_game_puts_the_menu_on_that_game(flash):
    """Nothing to resume: the menu opens on the game last played, so OK
    sets it up again (it opened on Dice & coins)."""
    from conftest import SCENARIOS

    from referee.screens.menu import Menu

    script = (SCENARIOS / "history.txt").read_text().split("back            # to the menu")[0]
    Rig(seed=1).play(script + "\nwait 3000")  # a score pad game played to its end, saved
    rig = Rig(seed=2)
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 1  # Score pad


@pytest.mark.parametrize("name,row", [(game[0], game[1]) for game in presses.SECOND_EVENING])
def test_the_same_table_page_fits_the_widest_table(flash, monkeypatch, name, row):
    """The most players a game takes, each name six letters, every yes/no
    answered yes and each number at its widest: nothing runs off the
    panel, overlaps or touches its edge (the text-fit watch)."""
    from test_text_fits import Fit

    from referee.core.record import seal
    from referee.screens.setup import QUESTIONS, GameSetup

    fields, _first = QUESTIONS[name]
    answers = {field[0]: field[3] - (field[3] - field[2]) % field[4] for field in fields}
    if name == "robber":  # partners need four players: the widest of them
        answers["players"] = 4
    players = answers.get("players", 2)
    names = ["ABCDE" + "FGHIJKLMN"[i] for i in range(players)]
    os.makedirs("data", exist_ok=True)
    with open("data/tables", "wb") as f:
        f.write(seal({name: {"v": answers, "n": names}}))
    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    rig.play(f"down x{row}\nok")
    assert isinstance(rig.app.screen, GameSetup) and rig.app.screen.page == -1
    assert fit.problems == [], fit.report()


def test_names_used_before_are_offered_before_the_letter_editor(flash):
    """The names typed for one game are offered in the next game's setup,
    newest first, without those already at its table; the list's last row
    types a new one. Score pad: P1 -> A1 (held DOWN from P runs O K F A),
    P2 -> B2 (then UP: B). ROBOTS! next, a game never set up before."""
    from referee.screens.name_edit import NameEdit
    from referee.screens.name_pick import NamePick
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    rig.play("down\nok\ndown x2\nok\nok")  # the score pad, 2 players, on the names
    rig.play("ok\ndown hold 700\nok long")  # A1, and the cursor on P2
    rig.play("ok\ndown hold 700\nup\nok long\nok long")  # B2, and the game starts
    rig.play("back\ndown x3\nok\nok\nok")  # ROBOTS!, 4 players, to 250: the names
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.names == ["P1", "P2", "P3", "P4"]
    rig.play("ok")
    pick = rig.app.screen
    assert isinstance(pick, NamePick) and pick.names == ["A1", "B2"]
    rig.play("ok")  # A1 for P1; the cursor on P2
    assert setup.names[0] == "A1" and setup.index == 1
    rig.play("ok")  # A1 sits at the table already: B2 alone is offered
    assert rig.app.screen.names == ["B2"]
    rig.play("down\nok")  # the last row: type a new name, from P2
    edit = rig.app.screen
    assert isinstance(edit, NameEdit) and bytes(edit.letters) == b"P2"
    rig.play("back\nok")  # out of the editor; again: B2 taken for P2
    rig.play("ok")
    assert setup.names == ["A1", "B2", "P3", "P4"] and setup.index == 2
