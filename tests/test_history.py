"""History (issue 20, screens/history.py): the games kept on the flash,
listed without being read, read back one at a time, and deleted only after
a confirmation that names what goes. A past game shows what its end showed
the table, never a secret."""

import os

from conftest import SCENARIOS, drawn_text, on_stack

from rig import Rig


def test_a_finished_game_is_listed_read_back_and_deleted_on_a_yes(flash):
    from referee.screens.confirm import Confirm
    from referee.screens.history import History, PastGame
    from referee.screens.menu import Menu

    rig = Rig(seed=1)
    script = (SCENARIOS / "history.txt").read_text()
    rig.play(script.split("snap list")[0])
    # the first game (P1 10 of 10, P2 0) went to the history when the next began
    assert sorted(os.listdir("data")) == ["game.jnl", "games.idx", "history-001.jnl"]
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
    assert sorted(os.listdir("data")) == ["game.jnl", "games.idx"]  # the game in play stays
    assert rig.app.screen.count == 0 and rig.app.screen.message == "deleted"
    rig.play("back")
    assert isinstance(rig.app.screen, Menu)


def test_delete_all_counts_what_was_never_exported(flash, monkeypatch):
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
    # the key line says it of the highlighted game in words (it read "out"
    # at the row's end, issue 36)
    drawn = drawn_text(monkeypatch)
    rig.play("down")  # on 2, the exported one
    assert "exported  OK:open" in drawn and "out " not in drawn
    del drawn[:]
    rig.play("down")  # on 3
    assert "OK:open  BACK:menu" in drawn and "exported  OK:open" not in drawn
    rig.play("up x3\nok")  # round to the last row: delete all
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


SCORE_PAD = "down\nok\nok\nok\nok long"  # from the menu's top: 4 players to 100, started
EVIL = "down x2\nok\nok\nok\nok\nok long"  # 5 players to 10, started


def test_power_on_after_a_finished_game_puts_the_menu_on_that_game(flash):
    """Nothing to resume: the menu opens on the game last played, so OK
    sets it up again (it opened on Dice & coins)."""
    from referee.screens.menu import Menu

    script = (SCENARIOS / "history.txt").read_text().split("back            # to the menu")[0]
    Rig(seed=1).play(script + "\nwait 3000")  # a score pad game played to its end, saved
    rig = Rig(seed=2)
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 1  # Score pad


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
    rig.play("back")  # the menu, on the declined game's row (the score pad's)
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 1
    rig.play("up\n" + EVIL)  # night 2; the score pad goes to the history
    assert isinstance(rig.app.screen, EvilGame)
    rig = Rig(seed=3)  # the next evening: OK resumes the Evil game (night 2) ...
    rig.play("wait 500\nok\nwait 500")
    assert isinstance(rig.app.screen, EvilGame)
    rig.play("back")  # the menu, on the Evil game's row
    assert isinstance(rig.app.screen, Menu) and rig.app.screen.index == 2
    # ... and a new game opens night 3: the score pad's setup opens on the
    # table of night 1 (read back from History), and OK takes it
    rig.play("up\nok\nok")
    assert history.listed(storage) == [(1, "scorepad", 1, False), (2, "evil", 2, False)]
    assert history.header_of(storage, "game.jnl") == ("scorepad", 3)
    rig.play("back")  # the menu, where it was left: History is its row 7
    rig.play(f"down x{7 - rig.app.screen.index}\nok")
    assert isinstance(rig.app.screen, History)
    assert rig.app.screen.row(1)[1:] == ("2 Evil Robots", False, 2)
    # a hang restarts the chip (the watchdog): the night goes on
    rig = Rig(seed=4, reset_cause=machine.WDT_RESET)
    rig.play("wait 500\nback\nback")  # the note of the hang, the offer: its row
    assert rig.app.screen.index == 1
    rig.play("up\n" + EVIL)
    assert history.header_of(storage, "game.jnl") == ("evil", 3)


def test_a_past_game_set_aside_unfinished_says_so(flash):
    """A game a new one set aside is not a result: its page says "not
    finished" above the totals it had."""
    from referee.screens.history import PastGame

    Rig(seed=1).play(EVIL)  # Evil Robots started, nothing played
    rig = Rig(seed=2)
    rig.play("back\nup x2\n" + SCORE_PAD + "\nback")  # the Evil game goes to the history
    rig.play(f"down x{7 - rig.app.screen.index}\nok\nok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame) and past.label == "1 Evil Robots"
    assert past.line == "round 1" and past.first == 3  # "not finished" on row 2
    assert len(past.sides) == 5  # five players at 0: rows 3-6 and a scroll
    rig.play("down")
    assert past.top == 1


def test_an_unfinished_past_game_is_resumed_and_the_game_in_play_takes_its_place(flash):
    """Issue 36: OK on a game a new one set aside takes it back into play;
    the game in play, not finished, goes into the history in its place
    after a yes that names it. BACK at the yes changes nothing."""
    from referee.core import history
    from referee.evil.play import EvilGame
    from referee.hw.storage import Storage
    from referee.scorepad.play import ScorePad
    from referee.screens.confirm import Confirm
    from referee.screens.history import History, PastGame

    storage = Storage("data")
    Rig(seed=1).play(EVIL)  # Evil Robots started, nothing played
    rig = Rig(seed=2)
    rig.play("back\nup x2\n" + SCORE_PAD)  # the Evil game goes to the history
    assert isinstance(rig.app.screen, ScorePad)
    rig.play("back")  # the menu; then History, its first game
    rig.play(f"down x{7 - rig.app.screen.index}\nok\nok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame) and past.label == "1 Evil Robots" and past.resumable
    rig.play("ok")  # the score pad is in play and not finished: a yes first
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.lines == [
        "Score pad",
        "in play goes to",
        "History",
    ]
    rig.play("back")  # no: nothing moved
    assert rig.app.screen is past
    assert history.listed(storage) == [(1, "evil", 1, False)]
    assert history.header_of(storage, "game.jnl")[0] == "scorepad"
    rig.play("ok\nok")  # yes: the Evil game is in play, the score pad in the history
    game = rig.app.screen
    assert isinstance(game, EvilGame) and game.message == "old game: in History"
    assert history.header_of(storage, "game.jnl") == ("evil", 1)  # its own night
    assert history.listed(storage) == [(2, "scorepad", 2, False)]  # begun on power-on 2
    rig.play("back")  # the menu; History lists the score pad only
    rig.play(f"down x{7 - rig.app.screen.index}\nok")
    assert isinstance(rig.app.screen, History) and rig.app.screen.count == 1
    rig = Rig(seed=3)  # the next power-on offers the Evil game
    rig.play("wait 500\nok\nwait 500")
    assert isinstance(rig.app.screen, EvilGame)


def test_the_game_just_finished_is_not_replayed_to_set_up_the_next(flash, monkeypatch):
    """The score pad played to its end, BACK, then OK on its row at once:
    its snapshot still waits for a pause, so only a replay could tell it
    is over, and the menu has its state (the game just left) instead. On
    the chip that replay made the press 145 ms (docs/figures.md)."""
    from referee.core import journal_read

    script = (SCENARIOS / "history.txt").read_text().split("back            # to the menu")[0]
    rig = Rig(seed=1)
    rig.play(script + "\nback")  # the menu, on the score pad's row, the game over
    assert rig.app.snapshot_due is not None  # its snapshot waits for a pause
    replays = []
    real = journal_read.resume
    monkeypatch.setattr(journal_read, "resume", lambda *a: replays.append(a) or real(*a))
    rig.play("ok")
    from referee.screens.setup import GameSetup  # (the menu drops its module)

    assert isinstance(rig.app.screen, GameSetup) and replays == []


def test_a_game_started_in_the_pause_after_another_ended_is_the_one_its_row_opens(flash):
    """The score pad played to its end, BACK, another score pad set up and
    started before the table paused (its first second), BACK, OK on the
    row: the new game opens, unfinished. The finished game's snapshot,
    still waiting for the pause, must neither stand for the game in play
    nor be written beside the new game's journal."""
    from referee.scorepad.play import ScorePad

    script = (SCENARIOS / "history.txt").read_text().split("back            # to the menu")[0]
    rig = Rig(seed=1)
    rig.play(script)
    assert rig.app.screen.session.state.over
    rig.play("back\nok\nok\nback")  # the same table again, started
    rig.play("ok")
    screen = rig.app.screen
    assert isinstance(screen, ScorePad) and not screen.session.state.over
    rig.play("wait 2000")  # the pause: nothing of the old game is written
    assert not os.path.exists("data/game.jnl.snap")
