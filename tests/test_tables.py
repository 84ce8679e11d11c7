"""The tables the referee remembers (issue 36): a game played before opens
on its last setup, a player's name is picked from the names played lately,
the letter editor moves on to the next seat and runs a letter group at a
time when held; all of it in data/tables, whose damage is survived.

Expected values are worked out by hand from the setup's questions
(screens/setup.py's QUESTIONS) and the presses of each script."""

import pytest
from conftest import on_stack
from test_text_fits import Fit

from rig import Rig

# The score pad from the menu's first row: 2 players, target 100 -> 10,
# P1 named ANN (P back to A, then N twice), P2 as it is; started, ANN +10
# in round 1, the round closed: ANN alone at the target wins.
FIRST_EVENING = (
    "down\nok\ndown x2\nok\ndown x9\nok"
    "\nok\ndown x15\nok\ndown x14\nok\nok long"  # ANN; the cursor moves on to P2
    "\nok long\nwait 1100"  # start; the table's first pause writes the setup down
    "\nok\nup x10\nok\nok\nok\nok long"  # ANN 10, P2 0, the round closed
)


def write_tables(value):
    from referee.core.record import seal
    from referee.hw.storage import Storage

    Storage("data").write("tables", bytes(seal(value)))


def setup_screen(rig):
    from referee.screens.setup import GameSetup

    assert isinstance(rig.app.screen, GameSetup), type(rig.app.screen).__name__
    return rig.app.screen


def test_a_second_evening_starts_the_score_pad_in_three_presses(flash):
    from referee.scorepad.play import ScorePad

    rig = Rig(seed=1)
    rig.play(FIRST_EVENING)
    state = on_stack(rig, ScorePad).session.state
    assert state.over and state.table.names == ["ANN", "P2"] and state.target == 10
    # a week later: the finished game read (the menu then shows), DOWN to
    # the score pad, OK, and OK on the last setup
    rig = Rig(seed=1)
    rig.play("wait 1000\ndown\nok")
    assert setup_screen(rig).page == -1
    rig.play("ok")
    pad = rig.app.screen
    assert isinstance(pad, ScorePad)
    assert pad.session.state.table.names == ["ANN", "P2"]
    assert pad.session.state.target == 10 and not pad.session.state.over


def test_the_last_setup_can_be_changed_question_by_question(flash):
    write_tables({"scorepad": {"players": ["ANN", "BOB", "CAT"], "target": 200}})
    rig = Rig(seed=1)
    rig.play("down\nok\ndown")  # DOWN: the questions, each on its last answer
    screen = setup_screen(rig)
    assert screen.page == 0 and screen.values["players"] == 3
    rig.play("ok\nup x2\nok")  # the target: 200 -> 220; the names as they were
    assert screen.values["target"] == 220 and screen.names == ["ANN", "BOB", "CAT"]
    rig.play("ok long")
    assert rig.app.screen.session.state.target == 220


@pytest.mark.parametrize(
    "last",
    [
        {"players": ["ANN"], "target": 100},  # one player: the score pad seats 2 to 9
        {"players": ["ANN", "BOB"], "target": 5010},  # over the highest target, 5000
        {"players": ["ANN", "bob"], "target": 100},  # a name no seat may have
        {"players": ["ANN", "ANN"], "target": 100},  # one name twice
        {"players": "ANN BOB", "target": 100},
        {"players": ["ANN", "BOB"], "target": "100"},
    ],
)
def test_a_last_setup_that_does_not_fit_gives_the_questions(flash, last):
    write_tables({"scorepad": last})
    rig = Rig(seed=1)
    rig.play("down\nok")
    screen = setup_screen(rig)
    assert screen.page == 0 and screen.values == {"players": 4, "target": 100}


def test_the_last_setup_keeps_who_deals_first(flash):
    # ROBOTS! asks who deals first (True in QUESTIONS): CAT, the third
    write_tables({"robots": {"players": ["ANN", "BOB", "CAT"], "target": 300, "dealer": 2}})
    rig = Rig(seed=1)
    rig.play("down x4\nok")
    screen = setup_screen(rig)
    # "target: 300  dealer: CAT" would be 24 characters: a row holds 20
    assert screen.again == ["ANN BOB CAT", "target: 300", "dealer: CAT"]
    rig.play("ok")
    state = rig.app.screen.session.state
    assert state.table.names == ["ANN", "BOB", "CAT"] and state.target == 300
    assert state.first_dealer == 2


def test_names_are_remembered_most_recent_first_twelve_at_most(flash):
    from referee.hw.storage import Storage
    from referee.tables import remember, tables

    storage = Storage("data")
    remember(
        storage, tables(storage)[0], "scorepad", {"players": ["ANN", "BOB", "P3"], "target": 100}
    )
    # P3 is a seat's number, not a player's: not a name to offer
    assert tables(storage)[0]["names"] == ["ANN", "BOB"]
    many = ["A" + c for c in "BCDEFGHIJKLM"]  # AB ... AM: twelve
    remember(
        storage, tables(storage)[0], "evil", {"players": many[:6], "robot": False, "target": 10}
    )
    remember(storage, tables(storage)[0], "robber", {"players": ["BOB"] + many[6:], "target": 400})
    # the last table first (BOB, AG .. AM), then the one before (AB .. AF),
    # then ANN, if there were room: 1 + 6 + 6 = 13 names, the 13th (ANN) dropped
    assert tables(storage)[0]["names"] == ["BOB"] + many[6:] + many[:5]
    assert tables(storage)[0]["scorepad"] == {"players": ["ANN", "BOB", "P3"], "target": 100}


def test_a_name_is_picked_from_the_names_played_lately(flash):
    from referee.screens.name_pick import NamePick

    write_tables({"names": ["ANN", "BOB", "CAT", "DAN"]})
    rig = Rig(seed=1)
    rig.play("down\nok\nok\nok")  # a new score pad: 4 players, target 100, the names
    rig.play("ok")
    pick = rig.app.screen
    assert isinstance(pick, NamePick) and pick.names == ["ANN", "BOB", "CAT", "DAN"]
    rig.play("down\nok")  # BOB for P1; the cursor moves on to P2
    rig.play("ok")  # BOB is seated: ANN, CAT, DAN are offered
    assert rig.app.screen.names == ["ANN", "CAT", "DAN"]
    rig.play("ok")  # ANN for P2
    screen = setup_screen(rig)
    assert screen.names == ["BOB", "ANN", "P3", "P4"] and screen.index == 2
    # the last row types a new name: the letter editor, on the seat's name
    rig.play("ok\nup\nok")
    from referee.screens.name_edit import NameEdit

    assert isinstance(rig.app.screen, NameEdit)
    assert bytes(rig.app.screen.letters) == b"P3"


def test_the_letter_editor_moves_on_and_runs_a_group_at_a_time(flash):
    rig = Rig(seed=1)
    rig.play("down\nok\nok\nok\nok")  # the score pad's names; P1 in the editor
    # held DOWN from P: the press goes to O, then each repeat (400 ms, then
    # every 120 ms: three by 650 ms) to a group's first letter: K, F, A
    rig.play("down hold 650")
    assert bytes(rig.app.screen.letters) == b"A1"
    rig.play("ok\nup hold 530")  # '1': the press to 2, repeats at 400 and 520: 5, then '-'
    assert bytes(rig.app.screen.letters) == b"A-"
    rig.play("ok long")
    screen = setup_screen(rig)
    assert screen.names[0] == "A-" and screen.index == 1  # on to P2


def test_a_damaged_tables_file_is_kept_aside_and_said_once(flash):
    from referee.hw.storage import Storage

    Storage("data").write("tables", b'{"names": ["ANN"]} 0badc0de\n')
    rig = Rig(seed=1)
    rig.play("down\nok")
    screen = setup_screen(rig)
    assert screen.message == "tables file damaged" and screen.page == 0
    assert Storage("data").read("tables.bad1") == b'{"names": ["ANN"]} 0badc0de\n'
    rig.play("ok")
    assert screen.message is None
    rig.play("ok\nok long\nwait 1100")  # started: at the pause the tables are written anew
    from referee.tables import tables

    assert tables(Storage("data")) == (
        {"names": [], "scorepad": {"players": ["P1", "P2", "P3", "P4"], "target": 100}},
        None,
    )


def test_a_last_setup_and_the_name_list_fit_the_panel(flash, monkeypatch):
    """Nine six-letter names and every yes: the longest a summary gets."""
    from referee.screens.setup import QUESTIONS

    names = ["ABCDE" + c for c in "FGHIJKLMN"]
    for game, (fields, _first) in QUESTIONS.items():
        last = {
            "players": names[: min(9, fields[0][3])] if fields[0][0] == "players" else names[:2]
        }
        for field in fields[1:] if fields[0][0] == "players" else fields:
            last[field[0]] = bool(field[3] == 1) or field[3]
        write_tables({game: last, "names": names + ["ZZZZZZ", "YYYYYY", "XXXXXX"]})
        fit = Fit(monkeypatch)
        rig = Rig(seed=1)
        row = [g for g in QUESTIONS].index(game) + 1  # the menu: Dice & coins, then the games
        rig.play("down\n" * row + "ok")
        assert setup_screen(rig).page == -1, game
        assert fit.problems == [], (game, fit.report())


def test_twelve_six_letter_names_fit_the_name_list(flash, monkeypatch):
    names = ["ABCDE" + c for c in "FGHIJKLMNOPQ"]
    write_tables({"names": names})
    fit = Fit(monkeypatch)
    rig = Rig(seed=1)
    rig.play("down\nok\nok\nok\nok")  # the score pad's names: P1's list
    rig.play("up")  # to its last row, "type a new one", the list scrolled
    assert rig.app.screen.index == 12 and rig.app.screen.top == 7
    assert fit.problems == [], fit.report()


def test_a_second_evening_sets_up_every_game_in_two_presses(flash):
    """tests/plays/second_evening.txt: each game of the second evening
    starts with the first evening's table, two presses from its menu row
    (OK on the row, OK on the last setup; the budget is 4), a new game at
    its first step."""
    from host_tools.bench import presses

    script = (presses.PLAYS / "second_evening.txt").read_text()
    rig = Rig(seed=1)
    started = {}
    for chunk in script.split("\nsnap "):  # played up to each snap in turn
        snap, _, presses_after = chunk.partition("\n")
        if snap.endswith("_play"):
            state = rig.app.screen.session.state
            started[snap[:-5]] = (state.table.names, rig.app.screen.session.journal.count)
        rig.play(presses_after)
    four = ["ANN", "BOB", "CAT", "DAN"]
    assert started == {game: (four if game != "duel" else four[:2], 0) for game in presses.EVENING}
    for game in presses.EVENING:
        assert presses.presses(script, game + "_menu", game + "_play") == 2
