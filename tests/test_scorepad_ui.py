"""The score pad through the buttons: setup, scoring, rounds, undo, and
nothing lost on a reset or a refusing flash."""

import errno
import os
from pathlib import Path

import pytest
from conftest import SCENARIOS, on_stack

from rig import Rig


def pad(rig):
    from referee.scorepad.play import ScorePad

    screen = rig.app.screen
    assert isinstance(screen, ScorePad), type(screen).__name__
    return screen


def test_scripted_game_scores_by_hand(rig):
    from referee.scorepad.play import ScorePad
    from referee.screens.rounds import Rounds

    first, rest = (SCENARIOS / "scorepad.txt").read_text().split("snap undone")
    rig.play(first)
    state = pad(rig).session.state
    # by hand from the script: ANN 3 taps, then held: 4 and on by fives to 25; P2 7;
    # target 100 - 50
    assert state.table.names == ["ANN", "P2"]
    assert state.target == 50 and state.ledger.totals == [25, 7]
    assert state.round == 1  # the round's close was undone
    assert pad(rig).message == "last step undone"
    # round 1 closed again, the cursor back on ANN: her 25 more make 50, the
    # target, alone at the top when round 2 closes; OK then opens the rounds
    rig.play(rest)
    state = on_stack(rig, ScorePad).session.state
    assert state.ledger.totals == [50, 7] and state.round == 3
    assert state.over and state.table.name(state.winner) == "ANN"
    assert isinstance(rig.app.screen, Rounds)


def test_a_correction_of_a_closed_round_ends_and_reopens_the_game(rig):
    from referee.scorepad.play import ScorePad
    from referee.screens.rounds import Rounds

    script = (SCENARIOS / "scorepad.txt").read_text().split("snap round2")[0]
    rig.play(script)  # round 1 closed: ANN 25, P2 7, playing to 50; the cursor on ANN
    rig.play("up\nok")  # above her, round to the last row: the round scores
    assert isinstance(rig.app.screen, Rounds) and rig.app.screen.page == 1
    rig.play("ok\nok\nup hold 940\nok")  # ANN's round 1, held: 26, then 30 ... 50
    state = on_stack(rig, ScorePad).session.state
    # 50 to 7: ANN alone at or over 50 wins at once, before round 2 is scored
    assert state.ledger.totals == [50, 7] and state.table.name(state.winner) == "ANN"
    rig.play("back\nback")
    assert pad(rig).session.state.over
    rig.play("ok\nok\ndown\nok\ndown x6\nok")  # the end's OK: the rounds; P2's 7 -> 1
    # 50 to 1 still ends it; now ANN's 50 -> 44: under 50, the game reopens
    state = on_stack(rig, ScorePad).session.state
    assert state.ledger.totals == [50, 1] and state.winner is not None
    rig.play("up\nok\ndown x6\nok\nback\nback")
    state = pad(rig).session.state
    assert state.ledger.totals == [44, 1] and not state.over


def test_a_reset_mid_game_offers_the_game_back(flash):
    from referee.screens.resume import ResumeOffer

    first = Rig(seed=1)
    first.play((SCENARIOS / "scorepad.txt").read_text().split("snap undone")[0])
    first.play("ok long")  # close round 1 again
    again = Rig(seed=2)  # power cut and back: same flash, fresh memory
    assert isinstance(again.app.screen, ResumeOffer)
    again.play("snap offer\nok")
    state = pad(again).session.state
    assert state.ledger.totals == [25, 7] and state.round == 2
    again.play("ok\nup x25\nok\nok long")  # ANN 25 + 25 = 50: at the target, alone
    assert state.over and state.table.name(state.winner) == "ANN"
    # A finished game is not offered again. The power went at once, before
    # the table's pause that writes the finished game's last snapshot
    # (core/session.py), so the boot reads the game to learn it is over:
    # its next step is the menu.
    third = Rig(seed=3)
    third.run_ms(100)
    from referee.screens.menu import Menu

    assert isinstance(third.app.screen, Menu)


def test_a_finished_games_last_snapshot_waits_for_the_pause_and_then_skips_the_reading(flash):
    from referee.screens.menu import Menu

    first = Rig(seed=1)
    # two players to 10 (the history scenario's game): P1 10, round closed
    first.play((SCENARIOS / "history.txt").read_text().split("back            # to the menu")[0])
    snap = Path("data/game.jnl.snap")
    assert not snap.exists()  # not in the finishing press (a flash erase or two)
    first.run_ms(1500)  # the table's pause
    assert b'"over": 1' in snap.read_bytes()
    second = Rig(seed=2)  # the boot sees it in the snapshot: no offer, not even for a step
    assert isinstance(second.app.screen, Menu)


def test_back_keeps_the_game_and_the_menu_reopens_it(rig):
    rig.play("down\nok\nok\nok\nok long\nok\nup x4\nok\nback")
    from referee.screens.menu import Menu

    assert isinstance(rig.app.screen, Menu)
    rig.play("ok")  # menu still on Score pad
    assert pad(rig).session.state.ledger.totals == [4, 0, 0, 0]


def test_a_refusing_flash_changes_nothing_and_says_so(rig, monkeypatch):
    from referee.hw.storage import Storage

    rig.play("down\nok\nok\nok\nok long\nok\nup x4\nok")  # P1 4

    def full(self, name, data):
        raise OSError(errno.ENOSPC, "no space")

    monkeypatch.setattr(Storage, "append", full)
    rig.play("ok\nup x9\nok")  # try to save P1 +9: shown, then refused by the flash
    from referee.screens.notice import Notice

    notice = rig.app.screen
    assert isinstance(notice, Notice) and notice.title == "NOT SAVED"
    monkeypatch.undo()
    rig.play("ok\nok")  # dismiss; resume the game as the flash holds it
    assert pad(rig).session.state.ledger.totals == [4, 0, 0, 0]
    rig.play("ok\nup x9\nok")  # the same entry again, saved this time
    assert pad(rig).session.state.ledger.totals == [13, 0, 0, 0]


def pad_state(rig):
    return rig.app._stack[-2].session.state


def test_damaged_journal_is_kept_aside_and_reported(flash):
    from referee.screens.notice import Notice

    os.mkdir("data")
    with open("data/game.jnl", "wb") as f:
        f.write(b'{"v": 1, "game": "scorepad", "setup": {"players": 2}} 00000000\n')
    rig = Rig(seed=1)
    assert isinstance(rig.app.screen, Notice)
    assert rig.app.screen.title == "NOT RESUMED"
    assert rig.app.screen.lines == ["line 1 is damaged", "kept as", "game.jnl.bad1"]
    assert sorted(os.listdir("data")) == ["errors.log", "game.jnl.bad1"]
    log = rig.app.storage.read("errors.log")
    assert log == b"saved game damaged: line 1 is damaged (game.jnl.bad1)\n"
    rig.play("back")
    from referee.screens.menu import Menu

    assert isinstance(rig.app.screen, Menu)


@pytest.mark.parametrize("undos", [1, 3])
def test_undo_walks_back_one_step_at_a_time(rig, undos):
    # P1 scores 1 three times (after each score the cursor moves on: UP back to P1)
    rig.play("down\nok\ndown x2\nok\nok\nok long\n" + "ok\nup\nok\n" + "up\nok\nup\nok\n" * 2)
    rig.play("back long\n" * undos)
    assert pad(rig).session.state.ledger.totals == [3 - undos, 0]
    rig.play("back long\n" * 5)
    assert pad(rig).message == "nothing to undo"


def test_names_must_differ(rig, monkeypatch):
    from conftest import drawn_text

    from referee.screens.name_edit import NameEdit

    drawn = drawn_text(monkeypatch)
    rig.play("down\nok\ndown x2\nok\nok\nok\nok\nup\nok long")  # P1 -> P2: taken
    assert isinstance(rig.app.screen, NameEdit) and rig.app.screen.message == "P2 is taken"
    # the refusal's frame does not offer the refused OK again (a play-test
    # found "OK: keep the name" under it, and OK doing nothing)
    refused = drawn[drawn.index("P2 is taken") :]
    assert "hold OK: keep name" not in refused and "UP/DOWN: change it" in refused
    rig.play("up\nok long\nok long")  # P3 is free; start
    assert pad(rig).session.state.table.names == ["P3", "P2"]


def test_a_name_refused_at_its_end_says_how_to_mend_it(rig, monkeypatch):
    from conftest import drawn_text

    drawn = drawn_text(monkeypatch)
    # P1's name: UP on its "1" makes P2, OK to the blank that ends it, and
    # OK there is refused (the editor's cursor on the blank, not a letter)
    rig.play("down\nok\ndown x2\nok\nok\nok\nok\nup\nok\nok")
    refused = drawn[drawn.index("P2 is taken") :]
    assert "OK: keep the name" not in refused and "BACK: change a letter" in refused
    rig.play("back\nup\nok\nok")  # BACK to the 2, UP to 3, OK to the end, OK keeps
    rig.play("ok long")  # start
    assert pad(rig).session.state.table.names == ["P3", "P2"]


def test_an_ok_pressed_while_a_damaged_game_is_read_leaves_the_reason_up(flash):
    # The offer shows before the game is read (its header names it); the
    # reading then finds line 2 damaged. An OK pressed meanwhile was meant
    # for the offer: it must not also dismiss the notice that says why.
    from referee.core.record import seal
    from referee.screens.menu import Menu
    from referee.screens.resume import ResumeOffer

    os.mkdir("data")
    with open("data/game.jnl", "wb") as f:
        f.write(bytes(seal({"v": 2, "game": "scorepad", "setup": {"players": 2}})) + b"\n")
        f.write(b'{"a": "score", "pts": 5, "seat": 0} 00000000\n')  # a wrong CRC
    rig = Rig(seed=1)
    assert isinstance(rig.app.screen, ResumeOffer)  # "reading..."
    rig.play("ok")  # down while the next step reads the game, up after
    # the good part (the header: the game's setup, no step yet) is kept
    assert rig.app.screen.title == "DAMAGED LINE"
    assert rig.app.screen.lines[1] == "back to step 0"
    rig.play("ok")  # a press made for the notice: the offer waits under it
    assert isinstance(rig.app.screen, ResumeOffer) and rig.app.screen.session is not None
    rig.play("back")
    assert isinstance(rig.app.screen, Menu)


def test_the_offer_breaks_a_long_headline_over_two_rows(rig):
    # Six-letter names make "round 11, CARLOS leads": 22 characters, one
    # more than a row of the panel holds (21).
    from types import SimpleNamespace

    from referee.screens.resume import ResumeOffer

    class Rules:
        @staticmethod
        def headline(state):
            return "round 11, CARLOS leads"

    offer = ResumeOffer(rig.app, "scorepad")
    offer.session = SimpleNamespace(rules=Rules, state=None, journal=SimpleNamespace(count=1))
    drawn = []
    canvas = rig.app.canvas
    centre = canvas.centre
    canvas.centre = lambda s, row, **kw: drawn.append((row, s)) or centre(s, row, **kw)
    canvas.clear()
    offer.draw(canvas)
    assert drawn == [
        (0, "RESUME?"),
        (2, "Score pad"),
        (4, "round 11, CARLOS"),
        (5, "leads"),
        (6, "1 step saved"),
        (7, "OK:resume  BACK:menu"),
    ]


def test_a_newer_referees_game_is_told_once_and_kept_whole(flash):
    from referee.core.record import seal
    from referee.screens.menu import Menu
    from referee.screens.notice import Notice

    os.mkdir("data")
    data = bytes(seal({"v": 9, "game": "scorepad", "setup": {"players": 2}}))
    with open("data/game.jnl", "wb") as f:
        f.write(data)
    rig = Rig(seed=1)
    rig.play("ok")  # the offer: resume
    note = rig.app.screen
    assert isinstance(note, Notice) and note.title == "NOT RESUMED"
    # the whole reason in the panel's 21 columns, then where the file went
    assert note.lines == [
        "made by a newer",
        "referee (format 9;",
        "this one reads 2)",
        "kept as",
        "game.jnl.newer1",
    ]
    with open("data/game.jnl.newer1", "rb") as f:
        assert f.read() == data
    rig.play("ok")
    assert isinstance(rig.app.screen, Menu)
    assert isinstance(Rig(seed=1).app.screen, Menu)  # the next boot offers nothing


def test_a_kept_name_moves_the_cursor_on_and_a_held_letter_runs_by_groups(rig):
    """Issue 36: after a name was kept the cursor stayed on it, and P to A
    was fifteen taps. Now the next name is marked, and a held DOWN runs by
    groups of five letters (A F K P U Z 4 9): from P, the press gives O,
    the repeats K, F, A (hw/buttons.py: at 350, 470, 590 ms)."""
    from referee.screens.name_edit import NameEdit
    from referee.screens.setup import GameSetup

    rig.play("down\nok\ndown x2\nok\nok")  # the score pad, 2 players, on the names
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.index == 0
    rig.play("ok\ndown hold 650")  # P1's first letter, held down from P
    edit = rig.app.screen
    assert isinstance(edit, NameEdit) and bytes(edit.letters) == b"A1"
    rig.play("up hold 530\nup")  # A: B at once, then F, K (the groups); a tap: L
    assert bytes(edit.letters) == b"L1"
    rig.play("ok long")  # kept: back on the names, the cursor on P2
    assert setup.names == ["L1", "P2"] and setup.index == 1


def test_names_are_typed_and_the_game_started_without_a_long_press(rig, monkeypatch):
    """Issue 36: a long press is for what must not happen by accident, not
    for moving on. Past a name's last letter the cursor is on a blank, and
    OK there keeps the name; below the names a row starts the game. Two
    players named BO and CY, by taps alone (the letters worked out from
    the editor's order A-Z 0-9 - blank)."""
    from conftest import drawn_text

    from referee.screens.setup import GameSetup

    rig.play("down\nok\ndown x2\nok\nok")  # the score pad, 2 players, on the names
    drawn = drawn_text(monkeypatch)
    rig.play("ok")  # P1: its first letter
    rig.play("down x14")  # P back to B
    rig.play("ok\ndown x13")  # the second letter: 1 back through 0, Z ... O (13 steps)
    rig.play("ok")  # the blank past the end
    assert "OK: keep the name" in drawn
    rig.play("ok")  # kept: BO, the cursor on P2
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.names == ["BO", "P2"] and setup.index == 1
    rig.play("ok\ndown x13\nok\ndown x4\nok\nok")  # P -> C; 2 -> Y (2 1 0 Z Y); keep
    assert setup.names == ["BO", "CY"] and setup.index == 2  # the row below the names
    assert "OK:start  BACK:back" in drawn
    rig.play("ok")
    assert pad(rig).session.state.table.names == ["BO", "CY"]


def test_the_names_row_below_says_next_when_a_question_follows(rig, monkeypatch):
    # ROBOTS! asks who deals after the names: the row goes on to that question
    from conftest import drawn_text

    rig.play("down x4\nok\nok\nok")  # ROBOTS!, 4 players, to 250: the names
    drawn = drawn_text(monkeypatch)
    rig.play("up")  # from P1 round to the row below P4
    assert "OK:next  BACK:back" in drawn and "> next" in drawn
    rig.play("ok")
    assert rig.app.screen.page == len(rig.app.screen.fields) + 1  # who deals first?


def test_only_the_blank_past_the_name_keeps_it_and_the_sixth_letter_does(rig):
    """OK keeps a name on the blank the editor adds past its letters, or on
    a sixth letter. A letter of the name stepped through the blank (9, -,
    blank, A: a newcomer going from 2 to E passes it) moves on as any
    other, and a blank inside is dropped as the name is kept: so a name is
    shortened."""
    from referee.screens.name_edit import NameEdit

    kept = []
    edit = NameEdit(rig.app, "PLAYER", lambda name: kept.append(name))
    rig.app.push(edit)
    rig.play("ok x5")  # on R, the sixth letter: no room for a seventh
    assert edit.cursor == 5 and kept == []
    rig.play("ok")
    assert kept == ["PLAYER"]
    edit = NameEdit(rig.app, "P2", lambda name: kept.append(name))
    rig.app.push(edit)
    rig.play("down x14\nok")  # P back to B; on to the 2
    rig.play("up x9")  # 2 up through 9 and - to the blank (the order: A-Z 0-9 - blank)
    assert edit.letters == bytearray(b"B ")
    rig.play("ok")  # a letter of the name, blanked: on, not kept
    assert kept == ["PLAYER"] and edit.cursor == 2 and edit.letters == bytearray(b"B  ")
    rig.play("back\nup x5\nok")  # back on it, on through A to E; on to the blank past it
    rig.play("up x14\nok")  # blank, A ... N; on: a blank past the end again
    rig.play("ok")
    assert kept == ["PLAYER", "BEN"]
    edit = NameEdit(rig.app, "PLAYER", lambda name: kept.append(name))
    rig.app.push(edit)
    rig.play("ok x2\ndown\nok\ndown x25\nok\ndown x5")  # A, Y blanked; E down to the blank
    rig.play("ok long")  # kept at once: the blanks inside are dropped
    assert kept == ["PLAYER", "BEN", "PLR"]
    edit = NameEdit(rig.app, "P1", lambda name: kept.append(name))
    rig.app.push(edit)
    rig.play("down x16\nok\ndown x28")  # P to the blank; 1 down to the blank
    rig.play("ok long")  # nothing but blanks: no name
    assert edit.message == "a name needs a letter" and kept == ["PLAYER", "BEN", "PLR"]


def test_the_letter_editors_code_is_dropped_once_its_game_starts(rig):
    """The letter editor is done with until the menu: a game started from
    its setup plays without its module (0.6 KB of the chip's heap; the
    names' list too, 0.4). The questions' module stays until the menu
    drops every game's code: dropped at the start it was garbage in the
    start's press, 30 B more a button event (docs/figures.md)."""
    import sys

    rig.play("down\nok\ndown x2\nok\nok")  # the score pad, 2 players, on the names
    assert "referee.screens.setup" in sys.modules
    rig.play("ok\nok long")  # P1's name kept as it is: the editor loaded
    assert "referee.screens.name_edit" in sys.modules
    rig.play("down\nok")  # the row below the names: start
    pad(rig)
    assert "referee.screens.name_edit" not in sys.modules
    assert "referee.screens.setup" in sys.modules  # until the menu
    rig.play("ok\nup x3\nok")  # P1 scores 3: the game plays on without it
    assert pad(rig).session.state.ledger.totals == [3, 0]
