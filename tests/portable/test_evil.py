"""Evil Robots, derived by hand from evil-robots.txt (v0.72) and docs/design.md.

Seats 0-4 are five players; BOTS indices name the robots dealt.
"""

from portable.support import raises
from referee.core.journal_read import replay
from referee.evil import rules as evil

G, E, N = evil.GOOD, evil.EVIL, evil.NEUTRAL
HH, TT, HT = [True, True], [False, False], [True, False]


def deal(bots, power, coins):
    return {"a": "deal", "bots": [evil.bot(b) for b in bots], "power": power, "coins": coins}


FIVE = ["BadBot", "MiseryBot", "ScaredyBot", "SumoBot", "LockBot"]


def game(actions, players=5, robot=False, target=10):
    return replay(evil, {"players": players, "robot": robot, "target": target}, actions)


def end(sides, scaredy=False):
    return {"a": "end", "side": sides, "scaredy": scaredy}


def test_coins_give_the_printed_allegiance():
    # Setup: heads-heads Good, tails-tails Evil, one of each Neutral
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH, TT, HT, [False, True], HH])])
    assert state.side == [G, E, N, N, G]


def test_larger_team_wins_two_each_and_badbot_only_for_evil():
    # Good 3 (seats 1, 2, 3) against Evil 2: Good wins; BadBot (seat 0) is
    # Evil, so it scores nothing; MiseryBot (seat 1) is on the winning side.
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([E, G, G, G, E])])
    assert state.last_result == (G, [0, 2, 2, 2, 0])


def test_evil_win_pays_badbot_even_on_good_and_misery_on_the_losers():
    # Evil 3 (seats 2, 3, 4) beat Good 2 (seats 0, 1). BadBot (seat 0, Good)
    # gets 1; MiseryBot (seat 1) lost and was not Neutral: 2.
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G, G, E, E, E])])
    assert state.last_result == (E, [1, 2, 2, 2, 2])


def test_equal_teams_go_to_the_highest_single_power():
    # Good {0: 9, 3: 2} against Evil {1: 8, 2: 7}: 2 v 2; highest is 9 (Good)
    state = game([deal(FIVE, [9, 8, 7, 2, 5], [HH] * 5), end([G, E, E, G, N])])
    assert state.last_result == (G, [2, 2, 0, 2, 0])  # MiseryBot (1) lost: +2


def test_then_the_highest_total_power():
    # Good {0: 9, 3: 5} = 14 against Evil {1: 9, 2: 4} = 13; top powers tie at 9
    state = game([deal(FIVE, [9, 9, 4, 5, 1], [HH] * 5), end([G, E, E, G, N])])
    assert state.last_result[0] == G


def test_then_nobody():
    # Good {0: 9, 3: 4} and Evil {1: 9, 2: 4}: same top, same total
    state = game([deal(FIVE, [9, 9, 4, 4, 1], [HH] * 5), end([G, E, E, G, N])])
    assert state.last_result == (None, [0, 0, 0, 0, 0])


def test_everyone_on_one_side_or_no_side_scores_nothing():
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G] * 5)])
    assert state.last_result == (None, [0] * 5)
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([N] * 5)])
    assert state.last_result == (None, [0] * 5)


def test_misery_needs_a_losing_team():
    # Good 2 and everyone else Neutral: Good wins, there is no Evil team,
    # and MiseryBot (seat 1, Neutral) gets nothing.
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G, N, N, G, N])])
    assert state.last_result == (G, [2, 0, 0, 2, 0])


def test_scaredybot_scores_one_when_it_kept_its_secrets():
    state = game([deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G, G, N, E, E], scaredy=True)])
    # 2 v 2: top powers Evil 5 > Good 2 -> Evil; BadBot on Good +1; Misery +2
    assert state.last_result == (E, [1, 2, 1, 2, 2])
    assert "nobody has ScaredyBot" in raises(
        evil.step,
        game(
            [
                deal(
                    ["BadBot", "MiseryBot", "FreeBot", "SumoBot", "LockBot"],
                    [1, 1, 2, 2, 3],
                    [HH] * 5,
                )
            ]
        ),
        end([G] * 5, scaredy=True),
    )


def test_the_robot_seat_counts_but_never_scores():
    # Optional rule: the non-player robot starts Neutral at power 5. Three
    # players, Good 1 v Evil 1; the robot converted to Evil makes Evil 2.
    actions = [deal(["BadBot", "FreeBot", "CopyBot"], [9, 3, 1], [HH, TT, HT])]
    state = game(actions, players=3, robot=True)
    assert state.side == [G, E, N, N] and state.seat_power(3) == 5
    state = game(actions + [end([G, E, N, E])], players=3, robot=True)
    assert state.last_result == (E, [1, 2, 0])  # BadBot (0) on Good: +1 for Evil


def test_game_ends_at_ten_alone_in_the_lead():
    # Winning not enough: two players reach 10 together, play on
    rounds = []
    for _ in range(5):
        rounds += [deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G, G, N, E, N])]
    state = game(rounds)
    assert state.ledger.totals[:2] == [10, 10] and not state.over
    # Good {0, 2} beat Evil {3}: P1 +2, P3 +2; MiseryBot (P2) is Neutral: 0
    state = game(rounds + [deal(FIVE, [1, 2, 3, 4, 5], [HH] * 5), end([G, N, G, E, N])])
    assert state.ledger.totals[:3] == [12, 10, 2]
    assert state.table.name(state.winner) == "P1"


def test_turn_calls_and_pass_phase():
    # Turns: from 12 down; PlusBot (seat 2) raises 6 to 9 and ties seat 0
    state = game(
        [deal(["BadBot", "PassBot", "PlusBot", "FreeBot", "SumoBot"], [9, 2, 6, 3, 3], [HH] * 5)]
    )
    assert "runs 6 to 9" in raises(evil.step, state, {"a": "plus", "seat": 2, "power": 10})
    evil.step(state, {"a": "plus", "seat": 2, "power": 9})
    evil.step(state, {"a": "pass", "seat": 1})  # PassBot passes in the discussion
    assert state.power == [9, 2, 9, 3, 3] and state.card_power[2] == 6
    assert "waits for the pass phase" in raises(
        evil.step, state, {"a": "turn", "seat": 1, "do": "own"}
    )
    for seat, do in ((0, "own"), (2, "pass"), (3, "pass"), (4, "own")):
        evil.step(state, {"a": "turn", "seat": seat, "do": do})
    evil.step(state, {"a": "passes"})
    # passers: PassBot (2), PlusBot (9), FreeBot (3): PassBot first and
    # never lowest; the lowest of the rest (FreeBot, 3) sits out
    assert evil.pass_order(state) == ([[1], [2]], [3])
    assert "gets no turn" in raises(evil.step, state, {"a": "turn", "seat": 3, "do": "own"})
    assert "no converting yourself" in raises(
        evil.step, state, {"a": "turn", "seat": 1, "do": "self", "to": "evil"}
    )


def test_conversions_are_recorded():
    state = game(
        [
            deal(
                ["LockBot", "SumoBot", "CopyBot", "BadBot", "PushBot"],
                [5, 5, 3, 7, 2],
                [HH, TT, HT, HT, TT],
            )
        ]
    )
    evil.step(state, {"a": "turn", "seat": 2, "do": "convert", "target": 3, "ok": True})
    assert state.side[3] == N  # CopyBot (Neutral) pulled BadBot to Neutral
    evil.step(state, {"a": "turn", "seat": 0, "do": "convert", "target": 1, "ok": False})
    assert state.side[1] == E  # the table said it failed: nothing changes
    evil.step(state, {"a": "turn", "seat": 4, "do": "self", "to": "good"})
    assert state.side[4] == G
    assert "has had a turn" in raises(evil.step, state, {"a": "turn", "seat": 4, "do": "own"})
    assert "convert yourself" in raises(
        evil.step, state, {"a": "turn", "seat": 1, "do": "convert", "target": 1, "ok": True}
    )


def test_gandalfbot_calls_off_the_pass_phase():
    state = game([deal(["GandalfBot", "BadBot", "CopyBot"], [5, 4, 3], [HH] * 3)], players=3)
    evil.step(state, {"a": "turn", "seat": 0, "do": "own"})
    assert "called off the pass phase" in raises(evil.step, state, {"a": "passes"})


def test_bad_deals_are_refused():
    s = game([], players=3)
    assert "unique" in raises(
        evil.step, s, {"a": "deal", "bots": [0, 0, 1], "power": [1, 2, 3], "coins": [HH] * 3}
    )
    assert "two power cards of 4" in raises(
        evil.step, s, {"a": "deal", "bots": [0, 1, 2], "power": [4, 4, 4], "coins": [HH] * 3}
    )
    assert "deal a round first" in raises(evil.step, s, {"a": "pass", "seat": 0})
    assert "3 to 9 players" in raises(evil.setup, {"players": 2})


def test_a_deal_is_final_and_a_turn_is_not():
    # The robots and allegiances were seen at the deal: undoing it would buy
    # the table a new deal, so it is final (see core/session.py); turns are not.
    s = game([deal(FIVE, [9, 8, 7, 6, 5], [HH, TT, HT, HH, TT])])
    assert s.final == "the cards are dealt"
    s = evil.step(s, {"a": "pass", "seat": 0})
    assert s.final is None
