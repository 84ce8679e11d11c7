"""The score pad rules core: a game of rounds racing to a target.

Numbers by hand: docs/design.md's target rule ("game over when someone is at or
above it and leads alone; a tie at the top plays on"), checked when a round
closes."""

from portable.support import raises
from referee.core.journal_read import replay
from referee.core.ledger_more import entries
from referee.scorepad import rules as scorepad


def play(setup, actions):
    return replay(scorepad, setup, actions)


def score(seat, pts):
    return {"a": "score", "seat": seat, "pts": pts}


NEXT = {"a": "next"}


def test_round_totals_and_the_winner_after_the_round():
    state = play({"players": ["ANN", "BOB"], "target": 100}, [score(0, 60), score(1, 40), NEXT])
    assert state.ledger.totals == [60, 40] and state.round == 2 and not state.over
    scorepad.step(state, score(0, 45))
    assert not state.over  # 105 but the round is still open
    scorepad.step(state, score(1, 20))
    scorepad.step(state, NEXT)
    assert state.ledger.totals == [105, 60] and state.table.name(state.winner) == "ANN"
    assert "the game is over: ANN won" in raises(scorepad.step, state, score(1, 5))
    assert scorepad.legal(state) == ["fix"]  # only a correction, which may reopen it


def test_tie_at_the_top_plays_another_round():
    state = play({"players": 3, "target": 50}, [score(0, 50), score(1, 50), NEXT])
    assert not state.over
    state = play(
        {"players": 3, "target": 50},
        [score(0, 50), score(1, 50), NEXT, score(1, 5), NEXT],
    )
    assert state.table.name(state.winner) == "P2"


def test_corrections_recompute_and_bad_actions_change_nothing():
    state = play({"players": 2, "target": 0}, [score(0, 10), score(1, 7), NEXT, score(0, 1)])
    scorepad.step(state, {"a": "fix", "round": 1, "seat": 1, "pts": 17})
    assert state.ledger.totals == [11, 17]
    before = entries(state.ledger)
    assert "not a closed round" in raises(
        scorepad.step, state, {"a": "fix", "round": 2, "seat": 0, "pts": 1}
    )
    assert "no seat 5" in raises(scorepad.step, state, score(5, 1))
    assert "not a score" in raises(scorepad.step, state, score(0, 12345))
    assert "not a score" in raises(scorepad.step, state, score(0, True))
    assert "no action 'deal'" in raises(scorepad.step, state, {"a": "deal"})
    assert entries(state.ledger) == before and state.round == 2


def test_a_round_needs_a_score_before_it_closes():
    state = play({"players": 2, "target": 0}, [])
    assert "nobody has scored in round 1" in raises(scorepad.step, state, NEXT)
    assert scorepad.legal(state) == ["score"]


def test_bad_setups_are_refused():
    assert "target runs 0 to 10000" in raises(scorepad.setup, {"players": 2, "target": -5})
    assert "players' names" in raises(scorepad.setup, {"target": 5})
    assert "2 to 9 players" in raises(scorepad.setup, {"players": 12})


def test_export_shapes():
    state = play(
        {"players": ["ANN", "BOB"], "target": 30},
        [score(0, 20), score(1, 5), NEXT, score(0, 15), NEXT],
    )
    assert scorepad.summary(state) == {
        "game": "scorepad",
        "players": ["ANN", "BOB"],
        "target": 30,
        "round": 3,
        "totals": [35, 5],
        "over": True,
        "winner": "ANN",
    }
    assert scorepad.score_rows(state) == [
        ["round", "ANN", "BOB"],
        [1, 20, 5],
        [2, 15, 0],
        ["total", 35, 5],
    ]


def fix(rnd, seat, pts):
    return {"a": "fix", "round": rnd, "seat": seat, "pts": pts}


def test_corrections_re_judge_the_target():
    # docs/design.md: a correction judges the target at once, as the round's close would.
    setup = {"players": ["ANN", "BOB"], "target": 100}
    state = play(setup, [score(0, 60), score(1, 40), NEXT])
    scorepad.step(state, fix(1, 0, 100))  # 100 to 40: ANN reached 100 alone
    assert state.table.name(state.winner) == "ANN" and scorepad.legal(state) == ["fix"]
    scorepad.step(state, fix(1, 1, 100))  # 100 to 100: a tie at the top plays on
    assert state.winner is None and scorepad.legal(state) == ["score", "fix"]
    scorepad.step(state, fix(1, 1, 40))  # back to 100 to 40: ANN again
    assert state.table.name(state.winner) == "ANN"
    scorepad.step(state, fix(1, 0, 99))  # 99: under the target, the game reopens
    assert state.winner is None


def test_a_correction_during_a_round_is_judged_when_the_round_closes():
    state = play({"players": ["ANN", "BOB"], "target": 100}, [score(0, 60), NEXT, score(1, 5)])
    scorepad.step(state, fix(1, 0, 120))
    assert state.winner is None  # round 2 is being scored
    scorepad.step(state, NEXT)  # 120 to 5
    assert state.table.name(state.winner) == "ANN"
