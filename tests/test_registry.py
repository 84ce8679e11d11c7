"""The game registry (referee/games/__init__.py) is the one list of games:
every entry is reached from the menu, the resume offer, the desktop replay
and the export, each checked here for every entry, so a new entry that
misses one of those paths fails; a name it does not hold is a clear error."""

import re
import shutil
from pathlib import Path

import pytest

from host_tools import export
from host_tools.replay import replay_file
from referee.core.errors import RulesError
from referee.games import GAMES, entry, rules, title
from referee.screens.menu import Menu
from rig import Rig

NAMES = [game[0] for game in GAMES]
SETUP_STEPS = 12  # long OKs: more pages than any game's setup asks


def play_class(name):
    """The screen class the registry says plays ``name``."""
    from referee.screens import screens_of  # the router's own lookup

    game = entry(name)
    return getattr(screens_of(game), game[4])


def choose_in_menu(rig, name):
    """Move the menu to the row showing the game's title and press OK."""
    from referee.screens.menu import ROWS, Menu, label

    assert isinstance(rig.app.screen, Menu)
    rows = [label(row) for row in range(ROWS)]
    assert rows.count(title(name)) == 1, rows
    row = rows.index(title(name))
    steps = (row - rig.app.screen.index) % ROWS  # from where the cursor is
    rig.play(f"down x{steps}\nok" if steps else "ok")


def start_from_menu(name):
    """A new game of ``name``, set up from its menu row with every answer
    left at its default (a long OK goes on from any setup page); the rig
    with the game's own screen on top. The journal is in data/game.jnl."""
    from referee.screens.setup import GameSetup

    rig = Rig(seed=1)
    choose_in_menu(rig, name)
    setup = rig.app.screen
    assert isinstance(setup, GameSetup), type(setup).__name__
    assert setup.title == title(name).upper()
    for _ in range(SETUP_STEPS):
        if not isinstance(rig.app.screen, GameSetup):
            break
        rig.play("ok long")
    assert isinstance(rig.app.screen, play_class(name)), type(rig.app.screen).__name__
    return rig


@pytest.fixture(params=NAMES)
def saved(request, flash):
    """(name, journal path) of a game started from the menu, then left (the
    power cut at once: nothing after the start is played)."""
    name = request.param
    start_from_menu(name)
    return name, flash / "data" / "game.jnl"


def test_the_registry_names_each_game_once():
    assert len(set(NAMES)) == len(NAMES)
    assert len({game[1] for game in GAMES}) == len(GAMES)  # the menu tells them apart


def test_every_module_reads_an_entry_by_the_registrys_field_numbers():
    """A module that reads registry entries names the fields it reads as
    private constants (numbers in its code, no heap). Each must be the
    field's place in an entry, by hand from referee/games/__init__.py's
    (name, title, rules, screens, play); no module indexes an entry by a
    bare number."""
    import referee.games as registry

    fields = {"NAME": 0, "TITLE": 1, "RULES": 2, "SCREENS": 3, "PLAY": 4}
    entry = registry.GAMES[0]  # the score pad's: every field's value differs
    assert entry == ("scorepad", "Score pad", "scorepad", "scorepad", "ScorePad")
    seen = 0
    for path in sorted(Path(registry.__file__).parents[1].rglob("*.py")):
        text = path.read_text()
        for field, number in re.findall(r"^_GAME_([A-Z]+) = const\((\d+)\)", text, re.M):
            assert int(number) == fields[field], (path.name, field)
            seen += 1
        assert not re.search(r"\b(game|GAMES\[[^]]+\])\[\d\]", text), path.name
    assert seen == 9  # counted by hand: games 1, app 1, menu 2, setup 3, games.py 1, screens 1


@pytest.mark.parametrize("name", NAMES)
def test_each_entry_names_a_rules_core_and_screens_that_exist(name):
    core = rules(name)
    assert core.NAME == name  # what its journals say
    assert isinstance(play_class(name), type)
    # and its setup questions, each a (key, label, lowest, highest, step,
    # default, only) whose default lies within its range; each answer but
    # the count has its words on the "same table?" page, with the number
    # where the answer is one (a yes/no's word shows when yes)
    from referee.screens.same_table import _SAID
    from referee.screens.setup import QUESTIONS

    fields, _first = QUESTIONS[name]
    for key, label, low, high, step, default, _only in fields:
        assert isinstance(key, str) and isinstance(label, str) and step > 0
        assert low <= default <= high, (name, key)
        if key != "players":
            assert ("%d" in _SAID[key]) == (high > 1), (name, key)


def test_every_setup_question_belongs_to_a_game_in_the_registry():
    from referee.screens.setup import QUESTIONS

    assert set(QUESTIONS) == set(NAMES)


def test_a_games_setup_shows_before_its_rules_and_screens_load(flash):
    """The setup needs only its questions: the game's code loads in the step
    after it shows (on the chip a game's two big modules were most of an
    open's 100 ms), before the game starts."""
    import sys

    rig = Rig(seed=1)
    for name in NAMES:
        game = entry(name)
        modules = (f"referee.{game[2]}.rules", f"referee.{game[3]}.play")
        for module in modules:
            sys.modules.pop(module, None)
        from referee.screens.games import new_game

        setup = new_game(rig.app, name)
        assert setup.title == game[1].upper()
        assert not any(module in sys.modules for module in modules)
        rig.app.push(setup)
        rig.step()  # the frame that shows the setup
        rig.step()  # the step after it: the rules
        assert modules[0] in sys.modules
        rig.step()  # and its screens
        assert all(module in sys.modules for module in modules)
        rig.app.pop()


def test_the_menu_lists_the_tools_and_every_game_in_registry_order():
    from referee.screens.menu import ROWS, label

    labels = [label(row) for row in range(ROWS)]
    assert labels == ["Dice & coins"] + [game[1] for game in GAMES] + ["History", "Settings"]


def test_a_saved_game_of_each_kind_is_offered_and_resumes(saved):
    from referee.screens.resume import ResumeOffer

    name, _ = saved
    rig = Rig(seed=2)  # a reset: the same flash
    offer = rig.app.screen
    assert isinstance(offer, ResumeOffer)
    assert offer.title == title(name)
    rig.step()  # the loop's second step reads the game back
    assert offer.session is not None and offer.session.rules is rules(name)
    rig.play("ok")
    assert isinstance(rig.app.screen, play_class(name))


def test_back_from_a_game_resumed_at_boot_lands_on_its_menu_row(saved):
    """The menu a resumed game goes back to was never opened on the game's
    row: it is put there, so OK opens the game again (not Dice & coins)."""
    from referee.screens.menu import Menu, label

    name, _ = saved
    rig = Rig(seed=2)
    rig.play("ok\nback")  # the offer taken, then back from the game
    menu = rig.app.screen
    assert isinstance(menu, Menu)
    assert label(menu.index) == title(name)
    rig.play("ok")
    assert isinstance(rig.app.screen, play_class(name))


def test_the_menu_row_of_each_game_reopens_its_saved_game(saved):
    name, _ = saved
    rig = Rig(seed=2)
    rig.play("back")  # no to the offer: the menu, the game still saved
    from referee.screens.menu import label

    assert label(rig.app.screen.index) == title(name)  # on its row: OK resumes it
    # issue 36: the decline says where the game is, on the hint line, until a press
    assert rig.app.screen.message == "saved: OK resumes it"
    choose_in_menu(rig, name)
    assert rig.app.screen.message is None or not isinstance(rig.app.screen, Menu)
    screen = rig.app.screen
    assert isinstance(screen, play_class(name)), type(screen).__name__
    assert screen.session.rules is rules(name)


def test_a_new_game_says_that_the_unfinished_one_went_to_the_history(flash):
    """Issue 36: a game left unfinished (its offer declined) went to the
    history without a word when another game started; now the new game's
    hint line says so."""
    start_from_menu("duel")  # started, not finished
    rig = Rig(seed=2)
    rig.play("back")  # no to the offer
    choose_in_menu(rig, "scorepad")
    from referee.screens.setup import GameSetup

    while isinstance(rig.app.screen, GameSetup):  # every answer as it opens
        rig.play("ok long")
    hub = rig.app.screen
    assert isinstance(hub, play_class("scorepad")), type(hub).__name__
    assert hub.message == "old game: in History"
    rig.play("down")
    assert hub.message is None  # gone at the next press


def test_the_desktop_replays_a_journal_of_each_game(saved):
    name, journal = saved
    core, state = replay_file(journal)
    assert core is rules(name)
    assert core.summary(state)  # the tool prints it
    assert core.score_rows(state)[0]  # and writes the table's header row


def test_the_export_takes_a_journal_of_each_game(saved, tmp_path):
    name, journal = saved
    night = tmp_path / "night"
    night.mkdir()
    shutil.copy(journal, night / f"{name}.jnl")
    games = export.export(night, tmp_path / "out")
    assert [(g["name"], g.get("title"), g.get("problem")) for g in games] == [
        (name, title(name), None)
    ]
    assert (tmp_path / "out" / f"{name}.csv").read_text().strip()
    assert (tmp_path / "out" / f"{name}.png").stat().st_size > 0


def test_one_night_of_every_game_and_a_damaged_journal_exports_whole(flash, tmp_path):
    # A game night's data/ folder: a journal of each game, and one whose
    # second line lost a character (its checksum no longer matches). The
    # damaged one is listed with why; every other game is exported.
    night = tmp_path / "night"
    night.mkdir()
    for name in NAMES:
        start_from_menu(name)
        shutil.copy(flash / "data" / "game.jnl", night / f"{name}.jnl")
        shutil.rmtree(flash / "data")  # the next boot comes to the menu, not an offer
    lines = (night / "scorepad.jnl").read_bytes().split(b"\n")
    (night / "broken.jnl").write_bytes(lines[0] + b"\n" + lines[0][:-3] + b"\n")
    games = export.export(night, tmp_path / "out")
    by_name = {g["name"]: g for g in games}
    assert set(by_name) == {*NAMES, "broken"}
    assert by_name["broken"]["problem"]
    for name in NAMES:
        assert by_name[name].get("problem") is None, name
        assert (tmp_path / "out" / f"{name}.csv").read_text().strip()
    page = (tmp_path / "out" / "night.html").read_text()
    assert all(title(name) in page for name in NAMES) and "broken" in page


def test_an_unknown_name_is_a_clear_error_everywhere(flash, tmp_path):
    said = "this referee has no game called 'chess'"
    for lookup in (entry, title, rules):
        with pytest.raises(RulesError) as caught:
            lookup("chess")
        assert str(caught.value) == said
    # the router refuses it rather than opening another game's screens
    from referee.screens.games import new_game

    rig = Rig(seed=1)
    with pytest.raises(RulesError) as caught:
        new_game(rig.app, "chess")
    assert str(caught.value) == said
    # a hand-edited journal: the desktop tools say so
    night = tmp_path / "night"
    night.mkdir()
    (night / "chess.jnl").write_text('{"v": 1, "game": "chess", "setup": {"players": 2}}\n')
    with pytest.raises(RulesError) as caught:
        replay_file(night / "chess.jnl")
    assert str(caught.value) == said
    assert export.export(night, tmp_path / "out") == [{"name": "chess", "problem": said}]


def test_the_chip_bench_measures_every_game_in_the_registry():
    # A game without a sample game (tests/portable/samples.py) would go
    # unmeasured on the emulated Pico: its heap and time budgets unproved.
    from host_tools.pico import bench

    assert sorted(bench.GAMES) == sorted(NAMES)
