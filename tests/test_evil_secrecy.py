"""Evil Robots keeps its secrets and its chance (issue 33).

- Whoever holds a reaction or an action robot, the frames before a claim
  are the same: the device lists, the table claims (the leak of issue 33:
  picking "BlockBot: fails" drew its holder's name).
- A walk of seeded random presses through 9-player rounds (every robot
  dealt over the rounds), with undos, resets and false claims among them,
  draws no robot, side or power beside a name that was not shown
  (tests/evil_secrets.py says what may be drawn).
- Undoing a chance action and doing it again gives the same coin: the
  coins were drawn with the deal (hypothesis, over random rounds).
"""

import json
import os
import random
import tempfile

import evil_secrets
from hypothesis import given, settings
from hypothesis import strategies as st

from rig import Rig

FIVE = {"players": 5, "robot": False, "target": 10}


def journal(bots, power):
    """A judged round dealt by hand, every player's peek passed on."""
    from referee.evil import rules as evil

    deal = {
        "a": "deal",
        "bots": [evil.bot(b) for b in bots],
        "power": power,
        "coins": [[True, True], [True, True], [True, False], [True, False], [False, False]],
        "flips": [True, False, True],
        "v": 3,
    }
    lines = [{"game": "evil", "setup": FIVE, "v": 2}, deal]
    lines += [{"a": "seen", "seat": s} for s in range(5)]
    return "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)


def frames(flash, name, bots, script):
    """Resume the hand-made round and play ``script``: every frame's pixels."""
    folder = flash / name
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "game.jnl").write_text(journal(bots, [8, 2, 7, 1, 3]))
    os.chdir(folder)
    rig = Rig(seed=1)
    rig.play("ok\nok\nok long\nok x4")  # resume, the calls, nobody at 12-9
    shots = []
    for line in script.splitlines():
        rig.play(line)
        shots.append(bytes(rig.panel.pixels()))
    os.chdir(flash)
    return shots


def test_before_a_claim_the_frames_do_not_depend_on_who_holds_the_robot(flash):
    # P1 (8) converts P3 (7) and the table opens "BlockBot: fails": the
    # list of claimants is the same whether P4 or P5 holds BlockBot; so is
    # "robot's action" for P1, whether P3 or P5 is PushBot
    a = ["BadBot", "CheatBot", "PushBot", "FreeBot", "BlockBot"]
    b = ["BadBot", "CheatBot", "BlockBot", "FreeBot", "PushBot"]
    c = ["BadBot", "CheatBot", "PushBot", "BlockBot", "FreeBot"]
    script = "down\nok\nok\ndown\nok\nok\ndown\ndown\n"  # P1 converts P3; BlockBot: fails; who?
    script += "back\nback\nback\nback\ndown\nok\ndown\nok\ndown x3"  # back out; robot's action
    first = frames(flash, "a", a, script)
    assert frames(flash, "b", b, script) == first
    assert frames(flash, "c", c, script) == first


def test_a_walk_of_random_presses_shows_nothing_unshown(flash, monkeypatch):
    """Seeded random presses over 9-player rounds: undos, resets, peeks
    left unheld, hidden choices in peeks (CheatBot's lie and shown side
    among them), claims true and false; no frame tells a secret."""
    from referee.core.journal import Journal
    from referee.evil import rules_full as evil_more
    from referee.evil.peek import Peek
    from referee.evil.play import EvilGame

    hidden = set()  # the hidden steps made (the journal keeps only the last game's)
    other = evil_more.other

    def counted(state, kind, action):
        other(state, kind, action)
        hidden.add(kind)

    monkeypatch.setattr(evil_more, "other", counted)
    chooser = random.Random(36)  # a walk that reaches every kind checked below
    # OK and DOWN most (on through the peeks, the calls, the turns), the
    # rest now and then: UP, a long OK (save, next), BACK (a step back), a
    # long BACK (undo), OK held (a peek, or a long OK)
    keys = ["down"] * 4 + ["ok"] * 5 + ["up", "ok long", "ok long", "back", "back long"]
    keys += ["ok hold 300"]
    # and on a peek, often, its hidden choices: BACK on the full view
    # (PlusBot, JudasBot, CheatBot's lie) and on the side view (CheatBot's
    # shown side, which its conversions then take)
    choices = ["peek back", "peek up up back"]
    setup = "down x2\nok\nup x4\nok\nok\nok\nok long\n"  # Evil Robots, 9 players
    rig, seen = evil_secrets.walk(monkeypatch, setup)
    robots = set()
    for step in range(1, 3001):
        stack = rig.app._stack
        if step % 300 == 0 or not any(isinstance(s, EvilGame) for s in stack):
            # a reset (or the walk left the game): the round comes back from the journal
            rig, more = evil_secrets.walk(monkeypatch, "ok", rig=Rig(seed=step))
            seen += more
        key = chooser.choice(keys)
        if isinstance(rig.app.screen, Peek) and chooser.random() < 0.3:
            key = chooser.choice(choices)
        if key == "back" and isinstance(rig.app.screen, EvilGame):
            key = "ok"  # stay in the game
        rig, more = evil_secrets.walk(monkeypatch, key, rig=rig)
        seen += more
        for screen in rig.app._stack:
            if isinstance(screen, EvilGame):
                robots.update(screen.session.state.bots)
    assert evil_secrets.leaks(seen) == []
    actions = []
    Journal(rig.app.storage).load(lambda h: None, actions.append)  # the game's journal
    kinds = {a.get("a") for a in actions} | {a.get("do") for a in actions}
    # the walk did reach the turns, claims and undos it is meant to check
    assert {"deal", "call", "turn", "end", "convert", "pass"} <= kinds, kinds
    assert len(robots) >= 16, robots  # most of the 18 were dealt at some point
    drawn = {type(e[1]).__name__ for e in seen}
    assert {"Peek", "Calls", "TurnRecord", "React", "Ability", "RoundEnd"} <= drawn, drawn
    refusals = {e[0] for e in seen if evil_secrets.REFUSED.match(e[0])}
    assert refusals, "no false claim was tried"
    assert "last step undone" in {e[0] for e in seen}  # undos were made
    assert {"lie", "cheat"} <= hidden, hidden  # CheatBot's hidden choices were made


BOTS18 = list(range(18))  # evil.BOTS: 8 GroupBot, 15 RandomBot, 3 CopyBot


@st.composite
def rounds(draw):
    """A judged round with RandomBot and GroupBot dealt (CopyBot often),
    random powers, coins and flips, and the turns the players try."""
    others = draw(st.permutations([b for b in BOTS18 if b not in (8, 15)]))[:3]
    bots = draw(st.permutations([15, 8] + others))
    cards = draw(st.permutations([p for p in range(1, 10) for _ in (0, 1)]))[:5]
    coins = [[draw(st.booleans()), draw(st.booleans())] for _ in range(5)]
    flips = [draw(st.booleans()) for _ in range(3)]
    tries = [(seat, draw(st.integers(0, 5))) for seat in range(5)]
    tries += draw(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 5)), max_size=10))
    return bots, cards, coins, flips, tries


@settings(max_examples=60, deadline=None)
@given(rounds())
def test_undo_and_redo_of_every_chance_action_keeps_its_result(case):
    """A random judged round: at each level the players take random turns
    (RandomBot and GroupBot acting, CopyBot copying them); after each
    chance action it is undone and done again, and the round must be as it
    was: the same sides, the same journal line."""
    assert undo_redo(case) >= 1  # RandomBot's and GroupBot's turns come at their calls


def undo_redo(case):
    """Play ``case``'s round, undoing and redoing each chance action;
    returns how many there were."""
    from referee.core.session import Session
    from referee.evil import rules as evil
    from referee.evil import rules_full as evil_more
    from referee.hw.storage import Storage

    bots, cards, coins, flips, tries = case
    folder = tempfile.mkdtemp()
    session = Session.start(Storage(folder), evil, FIVE)
    deal = {"a": "deal", "bots": bots, "power": cards, "coins": coins, "flips": flips, "v": 3}
    assert session.act(deal) is None
    chance = 0
    for level in range(12, 0, -1):
        if session.act({"a": "call", "level": level}) is not None:
            continue
        for seat, what in tries:
            state = session.state
            bot = state.bots[seat]
            others = [s for s in range(5) if s != seat]
            action = {"a": "turn", "seat": seat, "do": "own", "bot": bot}
            if bot == evil.bot("RandomBot"):
                action["target"] = others[what % 4]
            elif bot == evil.bot("GroupBot"):
                action["targets"] = others[: what % 3]
            elif bot == evil.bot("CopyBot") and state.acted_bots:
                action["copy"] = state.acted_bots[what % len(state.acted_bots)]
                action["target"] = others[what % 4]
                action["targets"] = others[: what % 3]
                action["to"] = "evil"
            else:
                action = {"a": "turn", "seat": seat, "do": "convert", "target": others[what % 4]}
            if session.act(action) is not None:
                continue
            copied = action.get("copy")
            if bot in (evil.bot("RandomBot"), evil.bot("GroupBot")) or copied in (15, 8):
                chance += 1
                before = (list(session.state.side), session.last)
                assert evil_more.undo(session) is None  # undone (the screens say so)
                assert session.act(action) is None
                assert (session.state.side, session.last) == before
    assert session.state.flips == flips
    return chance


def test_the_property_test_meets_chance_actions():
    # the rounds above do reach chance actions: one dealt by hand, P1
    # RandomBot at 3 and P2 GroupBot at 2, each taken, undone and redone
    case = (
        [15, 8, 0, 1, 2],
        [3, 2, 9, 8, 7],
        [[True, True]] * 5,
        [False, True, False],
        [(0, 1), (1, 2)],
    )
    assert undo_redo(case) == 2
