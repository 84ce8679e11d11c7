"""History (issue 20, screens/history.py): the games kept on the flash,
listed without being read, read back one at a time, and deleted only after
a confirmation that names what goes. A past game shows what its end showed
the table, never a secret."""

import os

import pytest
from conftest import SCENARIOS, on_stack

from rig import Rig


def test_a_finished_game_is_listed_read_back_and_deleted_on_a_yes(flash):
    from referee.screens.confirm import Confirm
    from referee.screens.history import History, PastGame
    from referee.screens.menu import Menu

    rig = Rig(seed=1)
    script = (SCENARIOS / "history.txt").read_text()
    rig.play(script.split("snap list")[0])
    # the first game (P1 10 of 10, P2 0) went to the history when the next began
    assert sorted(os.listdir("data")) == ["game.jnl", "games.idx", "history-001.jnl", "tables"]
    screen = rig.app.screen
    assert isinstance(screen, History) and screen.row(0)[1] == "1 Score pad"
    rig.play("ok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame)
    # the game's own end: P1 won, 10 to 0 (scored by hand in the script)
    assert past.line == "P1 won" and past.sides == [("P1", 10), ("P2", 0)]
    rig.play("ok long")
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.lines[:2] == ["1 Score pad", "NOT exported"]
    rig.play("back")  # kept
    assert os.path.exists("data/history-001.jnl") and isinstance(rig.app.screen, History)
    rig.play("ok\nwait 500\nok long\nok")  # again, and yes
    # the game in play stays, and the remembered tables
    assert sorted(os.listdir("data")) == ["game.jnl", "games.idx", "tables"]
    assert rig.app.screen.count == 0 and rig.app.screen.message == "deleted"
    rig.play("back")
    assert isinstance(rig.app.screen, Menu)


def test_delete_all_counts_what_was_never_exported(flash):
    from referee.core import room
    from referee.hw.storage import Storage
    from referee.screens.confirm import Confirm

    rig = Rig(seed=1)
    os.makedirs("data", exist_ok=True)
    for n in (1, 2, 3):  # three unreadable "games": listed, as damaged
        with open(f"data/history-00{n}.jnl", "wb") as f:
            f.write(b"not a journal\n")
    room.mark_exported(Storage("data"), [2])  # builds the index: it had none
    rig.play("down x7\nok")  # History, after the six games
    labels = [rig.app.screen.row(i)[1] for i in range(3)]
    assert labels == ["1 damaged", "2 damaged", "3 damaged"]
    rig.play("up\nok")  # round to the last row: delete all
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.lines[:2] == ["all 3 games", "2 NOT exported"]
    rig.play("ok")
    assert os.listdir("data") == ["games.idx"]  # and it lists none


def test_a_past_evil_robots_game_shows_only_what_the_table_saw(flash, monkeypatch):
    """Evil Robots' sides and robots are secrets: a past game read back
    shows its round and the points, as its standings did, nothing more."""
    from referee.evil import rules as evil
    from referee.evil.play import EvilGame
    from referee.ui.canvas import Canvas

    rig = Rig(seed=1)
    rig.play((SCENARIOS / "evil_quiet.txt").read_text())
    state = on_stack(rig, EvilGame).session.state
    public = list(state.ledger.totals)
    secrets = [evil.BOTS[b] for b in state.bots] + ["good", "Good", "evil", "Evil", "neutral"]
    drawn = []
    original = Canvas.text

    def text(self, s, *args, **kwargs):
        drawn.append(s)
        return original(self, s, *args, **kwargs)

    # the menu; a score pad started: the Evil game goes to the history
    rig.play("back\nup\nok\nok\nok\nok long\nback\ndown x6\nok")
    monkeypatch.setattr(Canvas, "text", text)
    rig.play("ok\nwait 1000")
    past = rig.app.screen
    assert past.line == "round 1"  # one round was played
    assert sorted(t for _n, t in past.sides) == sorted(public)
    for s in drawn:
        for secret in secrets:
            assert secret not in s or s == "1 Evil Robots", (secret, s)


# Each started, then the table's first pause (a second untouched), when the
# setup is written down for the next time (settings.remember)
SCORE_PAD = "down\nok\nok\nok\nok long\nwait 1100"  # from the menu's top: 4 players to 100
EVIL = "down x2\nok\nok\nok\nok\nok long\nwait 1100"  # 5 players to 10
# a game played before opens on its last setup: OK plays it as it was
SCORE_PAD_AGAIN = "down\nok\nok\nwait 1100"
EVIL_AGAIN = "down x2\nok\nok\nwait 1100"


def to_row(rig, row):
    """The presses from the menu's cursor to its ``row`` (0 Dice & coins,
    1 Score pad, 2 Evil Robots ... 7 History): DOWN steps down, round."""
    from referee.screens.menu import ROWS

    return f"down x{(row - rig.app.screen.index) % ROWS}\n"


def test_each_power_on_that_starts_a_game_is_a_new_night(flash):
    """The device has no clock: a night is what one power-on plays. A game
    resumed keeps its own night; a restart after a hang (the watchdog's)
    is no power-on. History names the highlighted game's night."""
    import machine
    from referee.core import history
    from referee.evil.play import EvilGame
    from referee.hw.storage import Storage
    from referee.screens.history import History
    from referee.screens.menu import Menu

    storage = Storage("data")
    Rig(seed=1).play(SCORE_PAD)  # night 1
    rig = Rig(seed=2)  # switched on again: BACK past the offer, a new game
    rig.play("back")
    # the offer declined: the menu says the game is kept, its row under the cursor
    menu = rig.app.screen
    assert isinstance(menu, Menu) and menu.index == 1 and menu.message == "kept: OK resumes it"
    rig.play(to_row(rig, 0) + EVIL)  # night 2; the score pad goes to the history
    assert isinstance(rig.app.screen, EvilGame)
    rig = Rig(seed=3)  # the next evening: OK resumes the Evil game (night 2) ...
    rig.play("wait 500\nok\nwait 500")
    assert isinstance(rig.app.screen, EvilGame)
    rig.play("back")  # the menu, on the game's row (Evil Robots: 2), as if opened there
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 2
    rig.play(to_row(rig, 0) + SCORE_PAD_AGAIN)  # ... and a new game opens night 3
    assert history.listed(storage) == [(1, "scorepad", 1, False), (2, "evil", 2, False)]
    assert history.header_of(storage, "game.jnl") == ("scorepad", 3)
    rig.play("back")  # the menu, where it was left
    rig.play(to_row(rig, 7) + "ok")
    assert isinstance(rig.app.screen, History)
    assert rig.app.screen.row(1)[1:] == ("2 Evil Robots", False, 2)
    # a hang restarts the chip (the watchdog): the night goes on
    rig = Rig(seed=4, reset_cause=machine.WDT_RESET)
    rig.play("wait 500\nback\nback")  # the note of the hang, the offer
    rig.play(to_row(rig, 0) + EVIL_AGAIN)
    assert history.header_of(storage, "game.jnl") == ("evil", 3)


def test_a_past_game_set_aside_unfinished_says_so(flash):
    """A game a new one set aside is not a result: its page says "not
    finished" above the totals it had. The new game's setup said where it
    would go."""
    from referee.screens.history import PastGame

    Rig(seed=1).play(EVIL)  # Evil Robots started, nothing played
    rig = Rig(seed=2)
    rig.play("back")  # the offer declined: the menu on Evil Robots
    rig.play(to_row(rig, 0) + "down\nok")  # a score pad's setup
    assert rig.app.screen.message == "Evil Robots in play goes to History"
    rig.play("ok\nok\nok long\nwait 1100\nback")  # started: the Evil game goes to the history
    rig.play(to_row(rig, 7) + "ok\nok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame) and past.label == "1 Evil Robots"
    assert past.line == "round 1" and past.first == 3  # "not finished" on row 2
    assert len(past.sides) == 5  # five players at 0: rows 3-6 and a scroll
    rig.play("down")
    assert past.top == 1


def test_an_unfinished_game_in_history_is_resumed_after_a_yes(flash):
    """OK on a game left unfinished puts it back in play; the game in play,
    unfinished too, goes to the history in its place, but only after a
    yes that names it. The resumed game survives a power cut as any game."""
    from referee.core import history
    from referee.evil.play import EvilGame
    from referee.hw.storage import Storage
    from referee.screens.confirm import Confirm
    from referee.screens.history import PastGame
    from referee.screens.menu import Menu

    storage = Storage("data")
    Rig(seed=1).play(EVIL + "\nok")  # 5 players; the first OK of round 1
    rig = Rig(seed=2)
    rig.play("back")  # declined: the score pad next, which sets the Evil game aside
    rig.play(to_row(rig, 1) + "ok\nok\nok\nok long\nwait 1100\nback")
    assert history.listed(storage) == [(1, "evil", 1, False)]
    rig.play(to_row(rig, 7) + "ok\nok\nwait 500")  # History, its game
    past = rig.app.screen
    assert isinstance(past, PastGame) and past.game == "evil" and past.first == 3
    rig.play("ok")  # resume: the score pad in play is unfinished, so first a question
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.title == "RESUME?"
    assert confirm.lines == ["1 Evil Robots", "", "Score pad in play", "goes to History"]
    rig.play("back")  # no: nothing moved
    assert rig.app.screen is past and history.listed(storage) == [(1, "evil", 1, False)]
    assert history.header_of(storage, "game.jnl")[0] == "scorepad"
    rig.play("ok\nok\nwait 500")  # yes
    game = rig.app.screen
    assert isinstance(game, EvilGame) and len(game.session.state.table.names) == 5
    # the Evil game is in play again, on its own night; the score pad
    # (night 2, the second power-on's) is the history's only game, number 2
    assert history.header_of(storage, "game.jnl") == ("evil", 1)
    assert history.listed(storage) == [(2, "scorepad", 2, False)]
    assert sorted(os.listdir("data")) == ["game.jnl", "games.idx", "history-002.jnl", "tables"]
    rig.play("back")  # the menu, its cursor on the game resumed
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 2
    rig = Rig(seed=3)  # switched off and on: offered as any game in play
    rig.play("wait 500\nok\nwait 500")
    assert isinstance(rig.app.screen, EvilGame)


def test_with_no_game_in_play_an_unfinished_game_resumes_at_once(flash):
    """A finished game in play is no loss: OK on the unfinished one resumes
    it without a question (the finished one goes to the history)."""
    from referee.core import history
    from referee.evil.play import EvilGame
    from referee.hw.storage import Storage

    storage = Storage("data")
    Rig(seed=1).play(EVIL)
    rig = Rig(seed=2)
    rig.play("back")
    # a 2-player score pad to 10: P1 scores 10, the round closes, P1 has won
    rig.play(to_row(rig, 1) + "ok\ndown x2\nok\ndown x9\nok\nok long\nwait 1100")
    rig.play("ok\nup x10\nok\nok\nok\nok long\nwait 1100\nback")
    assert rig.app.screen.index == 1  # the menu, on the score pad's row
    rig.play(to_row(rig, 7) + "ok\nok\nwait 500\nok\nwait 500")  # History, the Evil game, OK
    assert isinstance(rig.app.screen, EvilGame)
    assert history.listed(storage) == [(2, "scorepad", 2, False)]


def test_a_reset_between_the_move_and_the_index_leaves_the_game_in_play(flash, monkeypatch):
    """core/history.py unshelve: the game file is renamed into play before
    the index is written without it. Power lost between the two leaves the
    game in play (offered at the next power-on) and a row for a file no
    longer there, which History reads as "not found" and deletes on a yes."""
    from referee.core import history
    from referee.evil.play import EvilGame
    from referee.hw.storage import Storage
    from referee.screens.history import PastGame

    class PowerCut(BaseException):
        """Not an Exception: nothing in the referee catches it, as nothing
        runs after the power goes."""

    storage = Storage("data")
    Rig(seed=1).play(EVIL)
    rig = Rig(seed=2)
    rig.play("back")
    rig.play(to_row(rig, 1) + "ok\nok\nok\nok long\nwait 1100\nback")  # Evil to the history
    rig.play(to_row(rig, 7) + "ok\nok\nwait 500\nok")  # the Evil game; RESUME? asked

    def cut(*_args):
        raise PowerCut

    monkeypatch.setattr(history, "write", cut)
    with pytest.raises(PowerCut):
        rig.play("ok\nwait 500")
    monkeypatch.undo()
    # moved: the score pad into the history as number 2, the Evil game into play
    assert history.header_of(storage, "game.jnl")[0] == "evil"
    assert [r[:2] for r in history.listed(storage)] == [(1, "evil"), (2, "scorepad")]
    rig = Rig(seed=3)
    rig.play("wait 500\nok\nwait 500")  # offered and resumed
    assert isinstance(rig.app.screen, EvilGame)
    rig.play("back")
    rig.play(to_row(rig, 7) + "ok\nok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame) and past.label == "1 Evil Robots"
    assert past.line == "not found" and past.game is None
    rig.play("ok long\nok")  # delete the row: the game in play stays
    assert history.listed(storage) == [(2, "scorepad", 2, False)]
    assert history.header_of(storage, "game.jnl")[0] == "evil"
