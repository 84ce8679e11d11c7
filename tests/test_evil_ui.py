"""Evil Robots through the buttons: three rounds of five players, the
secrets shown only while a named player holds OK, and resume after reset."""

from conftest import SCENARIOS, drawn_text, on_stack

from rig import Rig


def hub(rig):
    from referee.screens.evil import EvilGame

    return on_stack(rig, EvilGame)


def test_three_rounds_of_five(flash):
    rig = Rig(seed=1)
    rig.play((SCENARIOS / "evil.txt").read_text())
    state = hub(rig).session.state
    assert state.round == 3
    # round 1 by hand: P3 converted to Good, P5 converted itself to Good,
    # P4 Neutral: Good 4 against no Evil team, so the four Good score 2 and
    # BadBot (P1) gets nothing more, as Evil did not win.
    assert state.ledger.round_scores(1) == [2, 2, 2, 0, 2]
    # every round's points follow the rules from that round's final sides
    from referee.core.journal import Journal
    from referee.core.replay import resume

    saved, rules, replayed = resume(Journal(hub(rig).session.journal.storage))
    assert replayed.ledger.totals == state.ledger.totals


def test_secrets_only_while_a_named_player_holds_ok(flash, monkeypatch):
    """Walk every screen of a round without holding OK on a peek, and record
    everything drawn: no robot's name or ability may appear, and the one
    function that draws secrets runs only while OK is held on a Peek."""
    from referee.games import evil
    from referee.screens import evil_peek

    drawn = drawn_text(monkeypatch)
    secret_calls = []
    original_secret = evil_peek.Peek.draw_secret

    def secret(peek, c):
        secret_calls.append(peek.seat)
        assert rig.app.screen is peek and rig.app.peeking
        return original_secret(peek, c)

    monkeypatch.setattr(evil_peek.Peek, "draw_secret", secret)
    rig = Rig(seed=1)
    script = (SCENARIOS / "evil.txt").read_text()
    no_peeks = script.replace("ok hold 300 snap peek", "wait 100").replace(
        "ok hold 300", "wait 100"
    )
    round_one = no_peeks.split("snap sides")[0]
    rig.play(round_one)
    # back to the hub, then the tools: standings (the last row, UP from
    # the top), then peek again (one up) without holding OK, another player
    rig.play("back\nup\nok\nback\nup\nok\ndown\nback")
    words = set(evil.BOTS) | {line for pair in evil_peek.ABILITY for line in pair}
    assert secret_calls == []
    assert not words & set(drawn)
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
    from referee.screens.evil_turns import Calls

    assert isinstance(again.app.screen, Calls)
