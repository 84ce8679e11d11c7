"""Remembered tables (issue 36): a game's setup opens on the last setup
started for it, "SAME TABLE?", so a regular group sets a game up again in
a few presses. Nothing is written for it: the setup is read back from the
newest journal of that game (the game in play's, or History's), its sealed
first line."""

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


def _shown(rig, module, cls):
    """The screen shown, checked to be ``cls`` of referee.screens.``module``:
    imported now: the menu drops the setup's modules (a test may pass it)."""
    import importlib

    found = getattr(importlib.import_module("referee.screens." + module), cls)
    assert isinstance(rig.app.screen, found), rig.app.screen
    return rig.app.screen


def _setup_in_play():
    """The setup the journal's header line holds (the game's first line)."""
    import json

    with open("data/game.jnl", "rb") as f:
        line = f.readline()
    return json.loads(line[: line.rfind(b" ")])["setup"]


def _to_row(rig, row):
    """The menu's cursor moved from where it is to ``row``."""
    now = rig.app.screen.index
    if row > now:
        rig.play(f"down x{row - now}")
    elif row < now:
        rig.play(f"up x{now - row}")


# The score pad's game of the first evening played to its end (P1 10 of
# 10, as tests/scenarios/history.txt): a game in play is resumed from its
# row, not set up again, so the evening's last game is a finished one.
FINISH = "ok\nup x10\nok\nok long"


def _first_evening():
    """Every game of presses.SECOND_EVENING set up once, one after the
    other, each started game set aside by the next (into History), the
    score pad last and finished; the setups as the games' journals hold
    them."""
    from referee.screens.menu import Menu

    rig = Rig(seed=1)
    setups = {}
    evening = sorted(presses.SECOND_EVENING, key=lambda game: game[0] == "scorepad")
    for name, _row, first, _again in evening:
        _to_row(rig, 0)  # the scripts start from the menu's top
        rig.play(first)
        on_stack(rig, _screen_class(name))  # started
        setups[name] = _setup_in_play()
        if name == "scorepad":
            rig.play(FINISH)
            assert rig.app.screen.session.state.over
        rig.play("back")  # the game's screen: the menu
        assert isinstance(rig.app.screen, Menu), name
    return setups


def _power_on(seed):
    """The device switched off and on again: a game in play is offered
    back, and BACK declines it: the menu."""
    from referee.screens.menu import Menu

    rig = Rig(seed=seed)
    rig.play("wait 1000\nback")
    assert isinstance(rig.app.screen, Menu)
    return rig


def test_a_second_evening_sets_each_game_up_again_in_a_few_presses(flash):
    """make bench counts the second evening's presses from the game's row
    in the menu (presses.SECOND_EVENING, budget 4): here they reach the
    game's own screen with the first evening's players and answers, each
    read back from its journal in History (the score pad's, finished, from
    the journal it was played in) and each set up anew."""
    setups = _first_evening()
    for name, row, _first, again in presses.SECOND_EVENING:
        rig = _power_on(2)
        _to_row(rig, row)
        rig.play(again)
        screen = rig.app.screen
        assert isinstance(screen, _screen_class(name)), name
        assert screen.session.journal.count == 0, name  # a new game, not one resumed
        got = _setup_in_play()
        want = dict(setups[name])
        for key in ("dealer", "first", "black"):  # who goes first: asked again
            got.pop(key, None)
            want.pop(key, None)
        assert got == want, name
        assert len(again.split("\n")) <= presses.SECOND_EVENING_BUDGET


def test_the_setup_opens_on_the_table_last_started_and_can_change_it(flash):
    """ROBOTS!: three players, to 300, P1 renamed Q1 (UP on its first
    letter: P -> Q). The next setup of ROBOTS! opens on that table; UP or
    DOWN changes it from the first question, the answers as they were."""
    rig = Rig(seed=1)
    # players 4 -> 3, 250 -> 300 (steps of 10), rename P1, start, P1 deals
    rig.play("down x4\nok\ndown\nok\nup x5\nok\nok\nup\nok long\nok long\nok")
    rig.play("back")
    _to_row(rig, 1)
    rig.play(SCORE_PAD)  # a score pad game: ROBOTS! into History
    rig = _power_on(2)
    _to_row(rig, 4)
    rig.play("ok")
    setup = _shown(rig, "setup", "GameSetup")
    assert setup.page == -1  # SAME TABLE?
    assert setup.names == ["Q1", "P2", "P3"] and setup.values["target"] == 300
    rig.play("down")  # change it: the first question, on 3 players
    assert setup.page == 0 and setup.values["players"] == 3
    rig.play("ok")  # the target, at 300
    assert setup.page == 1 and setup.values["target"] == 300
    rig.play("back\nback")  # out of the setup: nothing started
    assert _setup_in_play()["players"] == ["P1", "P2", "P3", "P4"]  # the score pad's


def test_a_game_never_played_opens_on_the_plain_questions(flash):
    """Another game's journal is no table for this one: Robber Rummy after
    ROBOTS! asks its questions from their defaults."""
    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nup\nok\nok long\nok")  # ROBOTS! to 260
    rig = _power_on(2)
    _to_row(rig, 5)
    rig.play("ok")
    setup = _shown(rig, "setup", "GameSetup")
    assert setup.page == 0
    assert setup.values["players"] == 4 and setup.values["target"] == 400  # defaults


SCORE_PAD = "ok\nok\nok\nok long"  # from its row: 4 players to 100, started


def _journal_with(setup, game="robots"):
    """A game in play whose sealed header holds ``setup`` (as a journal a
    hand-edit or an older firmware could leave), and nothing after it."""
    from referee.core.record import seal

    os.makedirs("data", exist_ok=True)
    with open("data/game.jnl", "wb") as f:
        f.write(seal({"v": 2, "game": game, "setup": setup}))


def _history_with(setup, game):
    """History's only game a journal whose header holds ``setup``."""
    from referee.core import history
    from referee.core.record import seal

    os.makedirs("data", exist_ok=True)
    with open("data/" + history.name_of(1), "wb") as f:
        f.write(seal({"v": 2, "game": game, "setup": setup}))
    with open("data/" + history.INDEX, "ab") as f:
        f.write(history.encode(1, game, 1, False))


@pytest.mark.parametrize(
    "setup",
    [
        {"players": ["P1", "P2", "P3", "P4"], "target": 255},  # off the 10s
        {"players": ["P1", "P2", "P3", "P4"], "target": 40},  # under the lowest
        {"players": ["P1"], "target": 250},  # one player: under the count
        {"players": ["ANN", "ANN"], "target": 250},  # a name twice
        {"players": ["ann", "BOB"], "target": 250},  # not the editor's letters
        {"players": "ANN BOB", "target": 250},  # not a list
        {"players": ["ANN", "BOB"], "target": "250"},  # a number as text
    ],
    ids=lambda s: str(s)[:40],
)
def test_a_setup_the_questions_could_not_give_is_not_taken(flash, setup):
    """A header's setup the questions could not have made opens the plain
    questions, not a table nobody sat at."""
    from referee.core.tables import last_setup
    from referee.screens.setup import GameSetup

    _journal_with(setup)
    rig = Rig(seed=1)
    assert last_setup(rig.app.storage, "robots") == setup  # read, then refused
    screen = GameSetup(rig.app, "robots")
    assert screen.page == 0 and screen.values["players"] == 4 and screen.names == []


def test_a_damaged_header_remembers_nothing(flash):
    """One byte of the sealed first line flipped: its CRC fails, and the
    setup is read from no other game's journal."""
    from referee.core.tables import last_setup

    _journal_with({"players": ["ANN", "BOB"], "target": 300})
    with open("data/game.jnl", "r+b") as f:
        f.seek(30)
        byte = f.read(1)
        f.seek(30)
        f.write(bytes([byte[0] ^ 1]))
    rig = Rig(seed=1)
    assert last_setup(rig.app.storage, "robots") is None


def test_the_newest_game_of_its_kind_in_history_is_the_table(flash):
    """ROBOTS! twice, a score pad game after each, then Robber Rummy, each
    start moving the game before into History: ROBOTS!'s table is its
    second (to 270), found from the index's end past the score pad's."""
    from referee.core.tables import last_setup

    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nup\nok\nok long\nok")  # ROBOTS! to 260
    rig.play("back")
    _to_row(rig, 1)
    rig.play(SCORE_PAD)
    rig.play("back")
    _to_row(rig, 4)
    rig.play("ok\ndown\nok\nup\nok\nok long\nok")  # same table? DOWN: 260 -> 270
    rig.play("back")
    _to_row(rig, 1)
    rig.play("ok\nok")  # the score pad again: same table? OK: started
    rig.play("back")
    _to_row(rig, 0)
    rig.play("down x5\nok\nok\nok\nok\nok long\nok")  # Robber Rummy, plain
    storage = rig.app.storage
    assert last_setup(storage, "robots")["target"] == 270
    assert last_setup(storage, "scorepad")["target"] == 100
    assert last_setup(storage, "duel") is None
    assert len([n for n in os.listdir("data") if n.startswith("history-")]) == 4


def test_deleting_a_game_from_history_forgets_its_table(flash):
    """What is remembered is what the flash holds: the index's record of
    the only ROBOTS! game gone, its table is gone with it."""
    from referee.core import history
    from referee.core.tables import last_setup

    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nup\nok\nok long\nok")  # ROBOTS! to 260
    rig.play("back")
    _to_row(rig, 1)
    rig.play(SCORE_PAD)  # ROBOTS! into History
    storage = rig.app.storage
    assert last_setup(storage, "robots")["target"] == 260
    os.remove("data/" + history.name_of(history.record(storage, 0)[0]))
    with open("data/" + history.INDEX, "wb"):
        pass  # an empty index: no game in History
    assert last_setup(storage, "robots") is None


@pytest.mark.parametrize("name,row", [(game[0], game[1]) for game in presses.SECOND_EVENING])
def test_the_same_table_page_fits_the_widest_table(flash, monkeypatch, name, row):
    """The most players a game takes, each name six letters, every yes/no
    answered yes and each number at its widest: nothing runs off the
    panel, overlaps or touches its edge (the text-fit watch)."""
    from test_text_fits import Fit

    from referee.screens.setup import QUESTIONS

    fields, _first = QUESTIONS[name]
    answers = {field[0]: field[3] - (field[3] - field[2]) % field[4] for field in fields}
    if name == "robber":  # partners need four players: the widest of them
        answers["players"] = 4
    players = answers.pop("players", 2)
    yes_no = {field[0] for field in fields if field[3] == 1}  # kept as true/false
    setup = {k: bool(v) if k in yes_no else v for k, v in answers.items()}
    setup["players"] = ["ABCDE" + "FGHIJKLMN"[i] for i in range(players)]
    _history_with(setup, name)
    # and another game in play (no journal in play: no game was ever started)
    if name == "scorepad":
        _journal_with({"players": ["P1", "P2"], "target": 250, "dealer": 0}, "robots")
    else:
        _journal_with({"players": ["P1", "P2"], "target": 100}, "scorepad")
    fit = Fit(monkeypatch)
    rig = _power_on(1)  # the offer of the game in play declined
    _to_row(rig, row)
    rig.play("ok")
    assert _shown(rig, "setup", "GameSetup").page == -1
    assert fit.problems == [], fit.report()


def test_names_used_before_are_offered_before_the_letter_editor(flash):
    """The names typed for one game are offered in the next game's setup,
    newest first, without those already at its table; the list's last row
    types a new one. Score pad: P1 -> A1 (held DOWN from P runs O K F A),
    P2 -> B2 (then UP: B). ROBOTS! next, a game never set up before."""
    rig = Rig(seed=1)
    rig.play("down\nok\ndown x2\nok\nok")  # the score pad, 2 players, on the names
    rig.play("ok\ndown hold 650\nok long")  # A1, and the cursor on P2
    rig.play("ok\ndown hold 650\nup\nok long\nok long")  # B2, and the game starts
    rig.play("back\ndown x3\nok\nok\nok")  # ROBOTS!, 4 players, to 250: the names
    setup = _shown(rig, "setup", "GameSetup")
    assert setup.names == ["P1", "P2", "P3", "P4"]
    rig.play("ok")
    pick = _shown(rig, "name_pick", "NamePick")
    assert pick.names == ["A1", "B2"]
    rig.play("ok long")  # held, as the names page's "go": A1 for P1, the cursor on P2
    assert setup.names[0] == "A1" and setup.index == 1
    rig.play("ok")  # A1 sits at the table already: B2 alone is offered
    assert rig.app.screen.names == ["B2"]
    rig.play("down\nok")  # the last row: type a new name, from P2
    edit = _shown(rig, "name_edit", "NameEdit")
    assert bytes(edit.letters) == b"P2"
    rig.play("back\nok")  # out of the editor; again: B2 taken for P2
    rig.play("ok")
    assert setup.names == ["A1", "B2", "P3", "P4"] and setup.index == 2


def test_names_come_newest_first_from_several_games(flash):
    """Two games in History and one in play: the names come from the
    newest journal first, each once, P1... left out, at most twelve."""
    from referee.core import history
    from referee.core.record import seal
    from referee.screens.setup import GameSetup

    tables = [
        ["ANN", "BOB", "P3"],  # History's first game: the oldest
        ["CY", "DEE", "ANN", "ED", "FAY", "GUS", "HAL", "IVY", "JO"],
        ["KIT", "LEN", "MO", "NED", "BOB"],  # the game in play: the newest
    ]
    os.makedirs("data", exist_ok=True)
    for number, names in enumerate(tables[:2], 1):
        with open("data/" + history.name_of(number), "wb") as f:
            f.write(seal({"v": 2, "game": "scorepad", "setup": {"players": names}}))
        with open("data/" + history.INDEX, "ab") as f:
            f.write(history.encode(number, "scorepad", 1, False))
    _journal_with({"players": tables[2]}, "scorepad")
    rig = Rig(seed=1)
    # by hand: the newest's five (BOB among them), then the second's in
    # order while they are new (ANN is, there), up to twelve: HAL is the
    # twelfth, IVY and JO and the oldest game are not reached
    want = ["KIT", "LEN", "MO", "NED", "BOB", "CY", "DEE", "ANN", "ED", "FAY", "GUS", "HAL"]
    assert GameSetup(rig.app, "evil")._recent() == want


def test_a_device_that_never_started_a_game_opens_no_file_for_a_table(flash, monkeypatch):
    """No journal in play: no game was ever started, and the setup and its
    names open no file (each opened, found or not, leaves a 1 KB cache for
    the collector on the chip); with one, the game in play's header is read
    for the names once a setup, not at each name."""
    from referee.hw.storage import Storage

    opened = []
    real = Storage.open_head

    def counted(self, name):
        opened.append(name)
        return real(self, name)

    monkeypatch.setattr(Storage, "open_head", counted)
    rig = Rig(seed=1)
    rig.play("down x4\nok\nok\nok")  # ROBOTS!, 4 players, to 250: the names
    setup = _shown(rig, "setup", "GameSetup")
    assert setup.page == len(setup.fields)
    rig.play("ok\nback\nok\nback")  # a name's OK twice: the editor, and back
    assert opened == []
    rig.play("ok long\nok\nback")  # started; the menu
    _to_row(rig, 5)
    rig.play("ok")  # Robber Rummy's setup: the game in play is ROBOTS!, known
    assert opened == ["games.idx"]  # History's index: no ROBOTS! header read again
    setup = _shown(rig, "setup", "GameSetup")
    setup.page = len(setup.fields)  # on to its names (the questions as they are)
    setup.names = ["P1", "P2", "P3", "P4"]
    rig.play("ok\nback\nok\nback\ndown\nok\nback")  # a name's OK three times
    assert opened.count("game.jnl") == 1, opened


def test_the_second_evening_play_reads_the_table_back_past_newer_games(flash):
    """tests/plays/second_evening.txt as its header says: the names typed
    for ROBOTS! offered in Evil Robots' setup, then ROBOTS! set up again on
    its own table (found in History behind the score pad's game), BACK
    from its first question keeping it, and started as it was."""
    from referee.rummy.play import Rummy

    script = (presses.PLAYS / "second_evening.txt").read_text()
    lines = script.split("\n")
    rig = Rig(seed=1)
    for line in lines:
        rig.play(line)
        if line.startswith("snap offered"):
            assert _shown(rig, "name_pick", "NamePick").names == ["L1"]
        elif line.startswith("snap same_again"):
            setup = _shown(rig, "setup", "GameSetup")
            assert setup.page == -1
            assert setup.values["players"] == 3 and setup.names == ["L1", "P2", "P3"]
    assert isinstance(rig.app.screen, Rummy)
    got = _setup_in_play()
    assert got["players"] == ["L1", "P2", "P3"] and got["target"] == 260
    assert sorted(n for n in os.listdir("data") if n.startswith("history-")) == [
        "history-001.jnl",  # ROBOTS!, the first time
        "history-002.jnl",  # the score pad
        "history-003.jnl",  # Evil Robots, set aside by the second ROBOTS!
    ]


def test_a_held_button_that_leaves_the_table_changes_no_answer(flash):
    """DOWN held on "same table?" opens the questions; the rest of that
    hold repeats (every 120 ms after 350 ms) and must not count the
    players down (the play-test: 3 players became 2). A new press does."""
    rig = Rig(seed=1)
    rig.play("down x4\nok\ndown\nok\nok\nok long\nok")  # ROBOTS! for 3, to 250, started
    rig.play("back")
    _to_row(rig, 1)
    rig.play(SCORE_PAD)  # ROBOTS! into History
    rig = _power_on(2)
    _to_row(rig, 4)
    rig.play("ok")
    setup = _shown(rig, "setup", "GameSetup")
    assert setup.page == -1
    rig.play("down hold 650")  # a press and three repeats
    assert setup.page == 0 and setup.values["players"] == 3
    rig.play("down")  # a new press: 2 players
    assert setup.values["players"] == 2


def test_a_count_changed_keeps_the_names_and_names_a_new_seat_by_its_number():
    """The names kept as the count changes; a new seat is P and its number,
    or, when a kept name holds that one, the first such name free."""
    from referee.screens.setup import _seated

    assert _seated([], 3) == ["P1", "P2", "P3"]
    assert _seated(["ANA", "BEN", "CY"], 4) == ["ANA", "BEN", "CY", "P4"]
    assert _seated(["ANA", "P4", "CY"], 4) == ["ANA", "P4", "CY", "P1"]  # P4 is taken
    assert _seated(["ANA", "BEN", "CY", "DAN"], 2) == ["ANA", "BEN"]
