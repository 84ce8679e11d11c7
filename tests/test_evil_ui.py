"""Evil Robots through the buttons: three rounds of five players, the
secrets shown only while a named player holds OK, and resume after reset."""

import os

import evil_secrets
import pytest
from conftest import SCENARIOS, on_stack

from rig import Rig


def hub(rig):
    from referee.evil.play import EvilGame

    return on_stack(rig, EvilGame)


def test_three_rounds_of_five(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "evil.txt").read_text())
    state = hub(rig).session.state
    assert state.round == 3
    # round 1 by hand: P1 (power 8) cannot convert P3 (7): lower converts
    # higher (evil-robots.txt, Conversion); P5 converted itself to Good, P4
    # Neutral: Good 3 against no Evil team, so the three Good score 2 and
    # BadBot (P1) gets nothing more, as Evil did not win.
    assert state.ledger.round_scores(1) == [2, 2, 0, 0, 2]
    # every round's points follow the rules from that round's final sides
    from referee.core.journal import Journal
    from referee.core.journal_read import resume
    from referee.games import rules as find_rules

    saved, rules, replayed = resume(Journal(hub(rig).session.journal.storage), find_rules)
    assert replayed.ledger.totals == state.ledger.totals


def walk(monkeypatch, script, seed=1):
    """Play ``script``, recording every string drawn (evil_secrets.walk)."""
    return evil_secrets.walk(monkeypatch, script, seed)


def more(monkeypatch, rig, seen, script):
    """Go on with ``rig``, still recording into ``seen`` (a plain
    rig.play after the walk records nothing)."""
    seen += evil_secrets.walk(monkeypatch, script, rig=rig)[1]


leaks = evil_secrets.leaks


def test_secrets_only_while_a_named_player_holds_ok(flash, monkeypatch):
    """Walk every screen of a round without holding OK on a peek, and record
    everything drawn: no robot's name or ability may appear but where its
    owner chose to show it, and the one function that draws secrets runs
    only while OK is held on a Peek."""
    from referee.evil import peek as evil_peek

    secret_calls = []
    original_secret = evil_peek.Peek.draw_secret

    def secret(peek, c):
        secret_calls.append(peek.seat)
        assert peek.app.screen is peek and peek.app.peeking
        return original_secret(peek, c)

    monkeypatch.setattr(evil_peek.Peek, "draw_secret", secret)
    script = (SCENARIOS / "evil.txt").read_text()
    no_peeks = script.replace("ok hold 300 snap peek", "wait 100").replace(
        "ok hold 300", "wait 100"
    )
    round_one = no_peeks.split("snap sides")[0]
    # back to the hub, then the tools: standings (the last row, UP from
    # the top), then peek again (one up) without holding OK, another player
    rig, seen = walk(monkeypatch, round_one + "\nback\nup\nok\nback\nup\nok\ndown\nback")
    assert secret_calls == []
    # P3 used its PushBot: the robot's action screen named it, and only it
    assert ("PushBot", "Ability") in [(e[0], type(e[1]).__name__) for e in seen]
    assert leaks(seen) == []
    # holding OK on a peek does show the secret, for the named player only
    rig.play("ok\nok hold 300")
    assert secret_calls and set(secret_calls) == {0}


def test_a_reset_mid_round_keeps_the_deal_secret_and_the_turns(flash):
    from referee.screens.resume import ResumeOffer

    first = Rig(seed=1)
    script = (SCENARIOS / "evil.txt").read_text().split("snap call")[0]
    first.play(script)
    before = hub(first).session.state
    again = Rig(seed=99)  # other entropy: the deal must come from the journal
    assert isinstance(again.app.screen, ResumeOffer)
    again.play("ok")
    state = hub(again).session.state
    assert state.bots == before.bots and state.power == before.power
    assert state.passed == [1] and state.round == 1
    again.play("ok")  # back into the calls, past the discussion
    from referee.evil.calls import Calls

    assert isinstance(again.app.screen, Calls)


ROUND = (SCENARIOS / "evil_round.txt").read_text()


def test_a_round_with_the_robots_abilities_ends_with_the_sides_right(flash, monkeypatch):
    """scenarios/evil_round.txt, worked by hand from the cards. Dealt: P1
    GroupBot 6 Evil, P2 JudasBot 5 Neutral, P3 PushBot 5 Good, P4 RandomBot
    7 Neutral, P5 BlockBot 2 Neutral; the deal's flips heads, heads, tails.
    At 7 RandomBot (claimed) reflips P1 (the first flip: heads, Good); at 6
    GroupBot pulls P2 and P5 to its side (Good; no reaction to either) and
    its own side is reflipped (the second: heads, Good, unseen); at 5 PushBot
    pushes P4 to Evil and P5's BlockBot bounces it onto P3 (Evil), P4 stays
    Neutral; P2 pretends to pass and switches to Evil in its peek, then
    passes alone in the pass phase. Good {P1 6, P5 2} against Evil {P2 5,
    P3 5}: two each, and Good holds the highest power: P1 and P5 score 2."""
    from referee.evil import rules as evil
    from referee.evil.round_end import RoundEnd

    rig, seen = walk(monkeypatch, ROUND.split("snap sides")[0])
    assert leaks(seen) == []  # RandomBot, GroupBot, PushBot named only on their own action
    state = hub(rig).session.state
    assert [evil.BOTS[b] for b in state.bots] == [
        "GroupBot",
        "JudasBot",
        "PushBot",
        "RandomBot",
        "BlockBot",
    ]
    turns = [a for a in journal_actions(rig) if a.get("a") == "turn" and a.get("do") == "own"]
    # the coins are the deal's, not drawn at the turn (an undo cannot re-flip them)
    assert [t.get("coin") for t in turns] == [None, None, None]
    assert [t["bot"] for t in turns] == [15, 8, 14]  # the robots claimed: checked
    assert state.flips == [True, True, False]
    end = rig.app.screen
    assert isinstance(end, RoundEnd)
    assert end.sides == ["good", "evil", "evil", "neutral", "good"]  # pre-filled, no edit
    rig.play("ok long")
    assert state.ledger.round_scores(1) == [2, 0, 0, 0, 2]


def journal_actions(rig):
    from referee.core.journal import Journal

    actions = []
    Journal(hub(rig).session.journal.storage).load(lambda header: None, actions.append)
    return actions


def test_a_peek_after_a_change_shows_no_dealt_coins(flash, monkeypatch):
    # P1 was dealt TT (Evil) and reflipped to Good: its peek shows the side,
    # not the coins it started with
    script = ROUND.split("snap group")[0] + "ok long\nok long\nok long\nback\nup x2\nok"
    rig, seen = walk(monkeypatch, script)
    mark = len(seen)
    more(monkeypatch, rig, seen, "ok hold 300")
    peeked = [e[0] for e in seen[mark:] if e[2]]
    assert "GOOD" in peeked and "TT" not in peeked and "coins" not in peeked


def test_undo_in_the_calls_and_a_hidden_switch_never_told(flash):
    from referee.evil.calls import Calls

    rig = Rig(seed=1)
    rig.play(ROUND.split("ok x5")[0] + "ok x5")
    calls = rig.app.screen
    assert isinstance(calls, Calls) and calls.session.state.level == 7
    rig.play("back long")  # the last call taken back, from the calls
    assert calls.session.state.level == 8 and calls.message == "last step undone"
    rig.play("ok")
    # on to P2's switch, back in the calls: an undo takes back P2's public
    # pass, and the switch that needed it, in the same words as any undo
    rig.play(ROUND.split("ok x5")[1].split("snap call_kept")[0])
    state = rig.app.screen.session.state
    assert state.side[1] == "evil" and state.hidden == [{"a": "judas", "seat": 1, "to": "evil"}]
    rig.play("back long")
    state = rig.app.screen.session.state
    assert rig.app.screen.message == "last step undone"
    assert 1 not in state.acted and state.side[1] == "good"


def test_a_reset_during_the_deal_goes_on_at_the_next_player_to_peek(flash):
    from referee.evil.peek import Peek

    first = Rig(seed=1)
    first.play(ROUND.split("peek up snap power_only")[0])  # P1-P3 have peeked
    again = Rig(seed=99)
    again.play("ok")  # the resume offer
    again.play("ok")
    assert isinstance(again.app.screen, Peek) and again.app.screen.seat == 3


def test_the_call_level_comes_back_after_a_reset(flash):
    from referee.evil.calls import Calls

    first = Rig(seed=1)
    first.play(ROUND.split("ok x5")[0] + "ok x5")  # the calls at 7
    again = Rig(seed=99)
    again.play("ok\nok")  # the resume offer, then the hub's next step
    calls = again.app.screen
    assert isinstance(calls, Calls) and not calls.discussion
    assert calls.session.state.level == 7


def test_a_false_claim_is_refused_on_the_panel_and_changes_nothing(flash, monkeypatch):
    # evil_reactions.txt's pass phase: P4 (LockBot) says it is FreeBot
    script = (SCENARIOS / "evil_reactions.txt").read_text()
    rig, seen = walk(monkeypatch, script.split("snap pass_phase")[0])
    state = rig.app.screen.session.state
    mark = len(seen)
    more(monkeypatch, rig, seen, "down x2\nok\nok\nup x3\nok")  # FreeBot: level; who: P4; level 4
    assert rig.app.screen.message == "P4 is not FreeBot"
    assert "P4 is not FreeBot" in [e[0] for e in seen[mark:]]  # on the hint line
    assert state.free_level == 0 and state.claimed is False


SETUP_FIVE = "down x2\nok\nok\nok\nok\nok long\n"
PLUS = "entropy 10\n"  # the first deal: P1 FreeBot 9, P2 ForceBot 1, P3 BadBot 5, P4 PlusBot 2
QUIET = "ok\ndown x5\nok\nup\nok\nok long\nok\nok\n"  # evil_quiet.txt's round


def test_cheatbot_shows_a_false_side_from_its_peek(flash, monkeypatch):
    # seed 1, round 1: P2 is CheatBot, Good. Holding OK it goes to the side
    # view (UP twice, past power) and BACK makes it show EVIL
    rig, seen = walk(monkeypatch, SETUP_FIVE + "ok\ndown")
    mark = len(seen)
    more(monkeypatch, rig, seen, "peek up up back\ndown")
    state = rig.app.screen.session.state
    shown = [e[0] for e in seen[mark:] if e[2]]
    assert "EVIL" in shown and state.side[1] == "good"
    assert state.shown[1] == "ps"  # power passed on the way, then the side
    shows = [a for a in journal_actions(rig) if a.get("a") == "show"]
    assert shows[-1] == {"a": "show", "seat": 1, "what": "side", "as": "evil"}


def test_cheatbot_chooses_in_its_peek_the_side_it_converts_to(flash, monkeypatch):
    # evil_cheat.txt: seed 1, P2 CheatBot (2, Good). Holding OK it goes to
    # its side view and BACK makes it show EVIL; passed on, that is a hidden
    # step, and its conversion of P3 (7) at 2 sends P3 to EVIL. The same
    # presses with BACK left out convert P3 to GOOD. Until the device tells
    # the conversion's outcome (which shows the side, as the rules ask),
    # every frame the table sees is the same, pixel for pixel, either way.
    script = (SCENARIOS / "evil_cheat.txt").read_text()
    before, after = script.split("snap converted")
    frames = []
    for folder, peek in (("cheat", "peek up up back"), ("plain", "peek up up")):
        os.makedirs(folder)
        os.chdir(folder)
        rig = Rig(seed=1)
        shots = []
        for line in before.replace("peek up up back", peek).splitlines():
            rig.play(line)
            if not rig.app.peeking:
                shots.append(bytes(rig.panel.pixels()))
        frames.append(shots[:-1])  # the last: the conversion's verdict
        state = rig.app.screen.session.state
        said = rig.app.screen.lines
        if peek.endswith("back"):
            assert state.cheat == "evil" and said == ["P3 now EVIL"]
            assert {"a": "cheat", "seat": 1, "as": "evil"} in journal_actions(rig)
        else:
            assert state.cheat is None and said == ["P3 now GOOD"]
            assert "cheat" not in [a.get("a") for a in journal_actions(rig)]
        rig.play(after)
        assert hub(rig).session.state.side == [
            "good",
            "good",
            "evil" if state.cheat else "good",
        ] + [
            "neutral",
            "evil",
        ]
        os.chdir("..")
    assert frames[0] == frames[1]


def test_cheatbots_shown_side_stands_through_an_undo_and_a_reset(flash, monkeypatch):
    # the choice is kept like the other hidden steps: a long BACK on the
    # hub takes back the last public step (P5's peek passed on) and says
    # the same as without it; a reset resumes with it; a later peek starts
    # its side view on EVIL, and turning it back to GOOD ends the cheat
    script = (SCENARIOS / "evil_cheat.txt").read_text().split("down            # the discussion")[0]
    rig, seen = walk(monkeypatch, script + "down\nback\nback long")
    game = hub(rig)
    assert game.message == "last step undone" and game.session.state.cheat == "evil"
    rig = Rig(seed=1)
    rig.play("ok")  # the round comes back from the journal
    assert hub(rig).session.state.cheat == "evil"
    more(monkeypatch, rig, seen, "down x6\nok\ndown\npeek up up snap x")
    assert [e[0] for e in seen if e[2]][-1] == "EVIL"  # P2's side view: the side it shows
    rig.play("peek back back\nback")  # EVIL, NEUTRAL, GOOD: its own side again
    assert hub(rig).session.state.cheat is None
    assert journal_actions(rig)[-1] == {"a": "cheat", "seat": 1, "as": None}
    assert leaks(seen) == []


def test_plusbot_chooses_once_in_its_peek(flash):
    # the stream 10 bytes in: P4 is PlusBot, card 2
    rig = Rig(seed=1)
    rig.play(PLUS + SETUP_FIVE + "ok\ndown x3")
    state = rig.app.screen.session.state
    assert state.round == 1 and state.bots[3] == 13 and state.card_power[3] == 2
    rig.play("peek back back\ndown")  # +2, saved as the device passes on
    state = rig.app.screen.session.state
    assert state.power[3] == 4 and state.plus_set
    rig.play("up\npeek back\ndown")  # back to P4: its choice is made, BACK does nothing
    assert rig.app.screen.session.state.power[3] == 4


@pytest.mark.parametrize(
    "name", ["evil", "evil_round", "evil_quiet", "evil_typical", "evil_reactions", "evil_cheat"]
)
def test_every_evil_script_draws_secrets_only_where_their_owner_chose(flash, monkeypatch, name):
    rig, seen = walk(monkeypatch, (SCENARIOS / (name + ".txt")).read_text())
    assert len(seen) > 100  # the walk drew its screens
    assert leaks(seen) == []


def test_an_undo_back_out_of_the_pass_phase_can_go_on_again(flash):
    # evil.txt to its pass phase; a long BACK there takes back the start of
    # the pass phase: the hub, the calls (over), and on again to the pass phase
    from referee.evil.calls import PassPhase

    script = (SCENARIOS / "evil.txt").read_text().split("snap pass_phase")[0]
    rig = Rig(seed=1)
    rig.play(script)
    assert isinstance(rig.app.screen, PassPhase)
    rig.play("back long")
    assert hub(rig).session.state.phase == 1  # TURNS again, the calls at 0
    rig.play("ok\nok")  # the hub's next step: the calls, already over; on
    assert isinstance(rig.app.screen, PassPhase)


def test_a_robot_with_nothing_to_record_is_not_named(flash, monkeypatch):
    # seed 1, round 1: P1 (BadBot) picks "robot's action" at 8 by mistake:
    # the screen lists the robots with an action, names none of P1's, and
    # a claim of one is refused naming only P1; BACK goes back to the calls
    from referee.evil.calls import Calls

    script = SETUP_FIVE + "ok\ndown x5\nok long\nok x4\ndown\nok\ndown\nok"
    rig, seen = walk(monkeypatch, script)
    assert "ROBOT'S ACTION" in [e[0] for e in seen[-12:]]
    rig.play("ok")  # it claims CopyBot
    assert rig.app.screen.message == "P1 is not CopyBot"
    assert leaks(seen) == [] and "BadBot" not in [e[0] for e in seen]
    rig.play("back")
    assert isinstance(rig.app.screen, Calls) and rig.app.screen.session.state.acted == []


def test_an_undo_on_the_hub_says_nothing_of_plusbots_hidden_choice(flash):
    # the stream 10 bytes in: P4 is PlusBot (card 2). After the pass round, P4
    # raises its power from "peek again" (a hidden step); a long BACK on the
    # hub takes back the last public step (P5's peek passed on) and says the
    # same as it says without the hidden step; the choice stands
    said = []
    for plus in ("peek back\n", ""):
        os.makedirs(str(len(said)))
        os.chdir(str(len(said)))  # a flash of its own each time
        rig = Rig(seed=1)
        rig.play(PLUS + SETUP_FIVE + "ok\ndown x5\nback\nup x2\nok\ndown x3\n" + plus + "back")
        game = hub(rig)
        assert rig.app.screen is game
        rig.play("back long")
        said.append(game.message)
        state = game.session.state
        assert state.peeked == 4 and state.power[3] == (3 if plus else 2)
        os.chdir("..")
    assert said[0] == said[1] == "last step undone"


def test_the_deal_is_chance_deals_one_card_a_hand():
    # the hub deals from the shuffle's first cards: the same robots, power
    # cards and coins as dealing one card a hand with chance.deal, draw for draw
    from referee.core.chance import Chance, deck
    from referee.evil import rules as evil
    from referee.evil.play import deal
    from rig import SeededEntropy

    for seed in range(1, 60):
        for players in (3, 5, 9):
            state = evil.setup({"players": players})
            got = deal(Chance(SeededEntropy(seed)), state)
            chance = Chance(SeededEntropy(seed))
            bots, _ = chance.deal(list(range(18)), players, 1)
            power, _ = chance.deal(deck([(p, 2) for p in range(1, 10)]), players, 1)
            coins = [list(chance.allegiance()[:2]) for _ in range(players)]
            flips = [chance.coin() for _ in range(3)]  # the round's chance actions' coins
            assert got["bots"] == [b[0] for b in bots] and got["power"] == [p[0] for p in power]
            assert got["coins"] == coins and got["flips"] == flips and got["v"] == 3


def test_a_robot_action_with_a_hidden_result_says_the_turn_was_kept(flash, monkeypatch):
    # evil_round.txt: P4's RandomBot reflips P1, whose new side nobody sees.
    # The calls come back with the turn's keeping said, and nothing more.
    from referee.evil.calls import Calls

    rig, seen = walk(monkeypatch, ROUND.split("ok              # nobody else at 7")[0])
    assert isinstance(rig.app.screen, Calls)
    assert rig.app.screen.message == "P4: turn saved"
    assert "P4: turn saved" in [e[0] for e in seen]  # on the hint line
    assert leaks(seen) == []
    more(monkeypatch, rig, seen, "down")
    assert rig.app.screen.message is None  # gone at the next press


def test_the_discussion_goes_on_to_the_calls_by_a_tap_on_their_row(flash, monkeypatch):
    """Issue 36: moving on takes no long press. Above the players of "who
    passes now?" a row starts the calls, and the cursor starts on it: most
    rounds nobody passes (a held OK still starts them too)."""
    from conftest import drawn_text

    from referee.evil.calls import Calls

    script = (SCENARIOS / "evil_quiet.txt").read_text().split("\nsnap round")[0]
    rig, _seen = walk(monkeypatch, script)
    calls = rig.app.screen
    assert isinstance(calls, Calls) and calls.discussion
    drawn = drawn_text(monkeypatch)
    rig.play("down\nok")  # P1 passes
    assert calls.session.state.passed == [0] and "OK:pass" in drawn
    rig.play("up")  # back to the row above the players
    assert "> the calls" in drawn and "OK:start the calls" in drawn
    rig.play("ok")
    assert rig.app.screen is calls and not calls.discussion
    assert calls.session.state.passed == [0]  # the tap on the row passed nobody
