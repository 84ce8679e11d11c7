"""History (issue 20, screens/history.py): the games kept on the flash,
listed without being read, read back one at a time, and deleted only after
a confirmation that names what goes. A past game shows what its end showed
the table, never a secret."""

import os

from conftest import SCENARIOS, on_stack

from rig import Rig


def test_a_finished_game_is_listed_read_back_and_deleted_on_a_yes(flash):
    from referee.screens.history import Confirm, History, PastGame
    from referee.screens.menu import Menu

    rig = Rig(seed=1)
    script = (SCENARIOS / "history.txt").read_text()
    rig.play(script.split("snap list")[0])
    # the first game (P1 10 of 10, P2 0) went to the history when the next began
    assert sorted(os.listdir("data")) == ["game.jnl", "history-001.jnl"]
    screen = rig.app.screen
    assert isinstance(screen, History) and [screen.row(0)] == ["1 Score pad"]
    rig.play("ok\nwait 500")
    past = rig.app.screen
    assert isinstance(past, PastGame)
    # the game's own end: P1 won, 10 to 0 (scored by hand in the script)
    assert past.line == "P1 won" and past.sides == [("P1", 10), ("P2", 0)]
    rig.play("ok long")
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.lines == ["1 Score pad", "NOT exported"]
    rig.play("back")  # kept
    assert os.path.exists("data/history-001.jnl") and isinstance(rig.app.screen, History)
    rig.play("ok\nwait 500\nok long\nok")  # again, and yes
    assert sorted(os.listdir("data")) == ["game.jnl"]  # the game in play stays
    assert rig.app.screen.games == [] and rig.app.screen.message == "deleted"
    rig.play("back")
    assert isinstance(rig.app.screen, Menu)


def test_delete_all_counts_what_was_never_exported(flash):
    from referee.screens.history import Confirm

    rig = Rig(seed=1)
    os.makedirs("data", exist_ok=True)
    for n in (1, 2, 3):  # three unreadable "games": listed, as damaged
        with open(f"data/history-00{n}.jnl", "wb") as f:
            f.write(b"not a journal\n")
    open("data/history-002.jnl.out", "wb").close()
    rig.play("down x7\nok")  # History, after the six games
    assert [rig.app.screen.row(i) for i in range(3)] == ["1 damaged", "2 damaged", "3 damaged"]
    rig.play("up\nok")  # round to the last row: delete all
    confirm = rig.app.screen
    assert isinstance(confirm, Confirm) and confirm.lines == ["all 3 games", "2 NOT exported"]
    rig.play("ok")
    assert os.listdir("data") == []


def test_a_past_evil_robots_game_shows_only_what_the_table_saw(flash, monkeypatch):
    """Evil Robots' sides and robots are secrets: a past game read back
    shows its round and the points, as its standings did, nothing more."""
    from referee.games import evil
    from referee.screens.evil import EvilGame
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
