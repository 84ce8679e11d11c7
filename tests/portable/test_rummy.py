"""ROBOTS! and Robber Rummy scoring, derived by hand from the rules texts.

robber-rummy.txt prints four worked examples; each is checked here with the
cards sorted into the device's count fields. ROBOTS! values come from
robots-rummy.txt (2-9 five, 10-14 ten, stars fifteen, wilds zero, a built
robot +50, cards in hand against the holder) and docs/design.md's rulings.
"""

from portable.support import raises
from referee.core.journal_read import replay
from referee.robber import rules as robber
from referee.robots import rules as robots


def rob(**k):
    """Robber Rummy counts by field name."""
    keys = {
        "seq_low": 0,
        "seq_tens": 1,
        "set_low": 2,
        "set_tens": 3,
        "hand_low": 4,
        "hand_tens": 5,
        "hand_aces": 6,
        "set_aces": 7,
        "ace_high": 8,
        "ace_low": 9,
        "renege": 10,
    }
    n = [0] * len(robber.FIELDS)
    for key in k:
        n[keys[key]] = k[key]
    return n


def bot(**k):
    keys = {
        "low": 0,
        "high": 1,
        "h_low": 2,
        "h_high": 3,
        "star": 4,
        "h_star": 5,
        "bots": 6,
        "wild": 7,
        "h_wild": 8,
    }
    n = [0] * len(robots.FIELDS)
    for key in k:
        n[keys[key]] = k[key]
    return n


# -- Robber Rummy: the printed examples ---------------------------------------


def test_set_of_three_fours_is_15():
    # "4-Hearts, 4-Spades, 4-Clubs ... 5 + 5 + 5 = +15"
    assert robber.score(rob(set_low=3)) == 15


def test_sequence_nine_to_ace_is_120():
    # "9-10-J-Q-K-A ... (5 + 10 + 10 + 10 + 10 + 15) x 2 = +120"
    assert robber.score(rob(seq_low=1, seq_tens=4, ace_high=1)) == 120


def test_hand_penalty_is_minus_45():
    # "2, 3, 4, 5, Jack, Ace in hand ... -45": aces in hand count high
    assert robber.score(rob(hand_low=4, hand_tens=1, hand_aces=1)) == -45


def test_meld_and_hand_together_is_minus_5():
    # "9-10-J of Hearts +50; in hand 2-D, A-S, Q-K-A of Clubs -55; -5 in all"
    assert robber.score(rob(seq_low=1, seq_tens=2)) == 50
    assert robber.score(rob(hand_low=1, hand_aces=2, hand_tens=2)) == -55
    assert robber.score(rob(seq_low=1, seq_tens=2, hand_low=1, hand_aces=2, hand_tens=2)) == -5


def test_ace_low_and_high_and_a_set_of_aces():
    # A-2-3 low: (5 + 5 + 5) x 2 = 30 (DESIGN: an ace low is 5, doubled 10)
    assert robber.score(rob(ace_low=1, seq_low=2)) == 30
    # Q-K-A high: (10 + 10 + 15) x 2 = 70; three aces as a set: 45
    assert robber.score(rob(ace_high=1, seq_tens=2)) == 70
    assert robber.score(rob(set_aces=3)) == 45


def test_renege_is_minus_100_and_nothing_else():
    assert robber.score(rob(renege=1)) == -100
    assert "-100 alone" in raises(robber.check_player, rob(renege=1, set_low=3))


def test_melds_that_cannot_exist_are_refused():
    assert "3 cards or more" in raises(robber.check_player, rob(set_low=2))
    # two aces high need two Q-K pairs; three 10-K hold only one
    assert "needs Q and K" in raises(robber.check_player, rob(ace_high=2, seq_tens=3))
    assert "needs 2 and 3" in raises(robber.check_player, rob(ace_low=2, seq_low=3))


def test_a_sequence_has_three_cards_or_more():
    # robber-rummy.txt: a sequence meld is three or more cards of one suit
    # in order; the counts can hold several, but never one or two cards.
    for short in (rob(seq_low=1), rob(seq_low=2), rob(seq_tens=2), rob(seq_tens=1, ace_high=1)):
        assert "a sequence has 3 cards or more" in raises(robber.check_player, short)
    robber.check_player(rob(seq_low=3))  # 4-5-6
    robber.check_player(rob(seq_tens=2, ace_high=1))  # Q-K-A: 2 x 20 + 30 = 70
    assert robber.score(rob(seq_tens=2, ace_high=1)) == 70
    robber.check_player(rob(seq_low=2, ace_low=1))  # A-2-3: 10 + 2 x 10 = 30
    assert robber.score(rob(seq_low=2, ace_low=1)) == 30


def test_two_packs_limit_the_whole_table():
    # 8 aces at most across all the players of a hand
    assert "8 aces, not 9" in raises(robber.check_table, {0: rob(set_aces=5)}, 1, rob(hand_aces=4))
    robber.check_table({0: rob(set_aces=4)}, 1, rob(hand_aces=4))
    # the seat being counted again replaces its old counts
    robber.check_table({0: rob(set_aces=4), 1: rob(hand_aces=4)}, 1, rob(hand_aces=4))
    assert "32 10-K, not 33" in raises(
        robber.check_table, {0: rob(set_tens=32)}, 1, rob(hand_tens=1)
    )


def hand(counts, out=0, how="rummy"):
    actions = [{"a": "count", "seat": s, "n": counts[s]} for s in range(len(counts))]
    return actions + [{"a": "end", "out": out, "how": how}]


def test_partners_score_together():
    # robber-rummy.txt, partnerships: partners total their points, and a
    # partner's cards in hand count against the pair when the other goes out.
    setup = {"players": ["ANN", "BOB", "CY", "DEE"], "teams": True}
    state = replay(
        robber,
        setup,
        hand([rob(set_low=3), rob(seq_low=3), rob(hand_tens=2), rob(hand_low=1)]),
    )
    # ANN + CY: 15 - 20 = -5; BOB + DEE: 30 - 5 = 25
    assert state.ledger.totals == [-5, 25]
    assert state.table.side_name(1) == "BOB+DEE"


def test_race_to_400_with_a_tie_at_the_top_playing_on():
    setup = {"players": ["ANN", "BOB"], "target": 400}
    big = rob(seq_low=8, seq_tens=16)  # 80 + 320 = 400
    state = replay(robber, setup, hand([big, big], out=0))
    assert state.ledger.totals == [400, 400] and state.winner is None
    state = replay(robber, setup, hand([big, big]) + hand([rob(set_low=3), rob()], out=0))
    assert state.table.name(state.winner) == "ANN" and state.ending(2) == ("rummy", 0)


def test_best_of_seven_sitting():
    setup = {"players": ["ANN", "BOB"], "target": 50, "sitting": True}
    win_ann = hand([rob(seq_low=5), rob()])  # ANN 50
    actions = []
    for _ in range(3):
        actions += win_ann + [{"a": "again"}]
    state = replay(robber, setup, actions + win_ann)
    assert state.match.wins == [4, 0] and state.over
    assert "no next game" in raises(robber.step, state, {"a": "again"})


def test_the_deal_moves_left_each_hand():
    setup = {"players": ["ANN", "BOB", "CY"], "dealer": 2}
    state = replay(robber, setup, hand([rob(), rob(), rob()], out=-1, how="stock"))
    # CY dealt hand 1 (ANN started); hand 2 is ANN's deal, BOB starts
    assert state.table.names[state.dealer] == "ANN" and state.table.names[state.starter] == "BOB"


def test_bad_hands_change_nothing():
    state = replay(robber, {"players": 2}, [{"a": "count", "seat": 0, "n": rob(set_low=3)}])
    assert "still to count: P2" in raises(
        robber.step, state, {"a": "end", "out": 0, "how": "rummy"}
    )
    assert "not 0 to 1" in raises(robber.step, state, {"a": "count", "seat": 1, "n": rob(renege=2)})
    assert "nobody going out" in raises(
        robber.step,
        replay(robber, {"players": 2}, hand([rob(), rob()])[:2]),
        {"a": "end", "out": 0, "how": "stock"},
    )
    assert "ends by rummy or stock" in raises(
        robber.step,
        replay(robber, {"players": 2}, hand([rob(), rob()])[:2]),
        {"a": "end", "how": "x"},
    )
    assert state.counts == {0: rob(set_low=3)} and state.hand == 1
    assert "for 2 to 5 players" in raises(robber.setup, {"players": 6})
    assert "partnerships are for four" in raises(robber.setup, {"players": 3, "teams": True})


# -- ROBOTS! ----------------------------------------------------------------


def test_robots_card_values():
    # spreads: four 2-9 (20) + three 10-14 (30) + a star (15) + a wild (0) = 65
    assert robots.score(bot(low=4, high=3, star=1, wild=1)) == 65


def test_a_built_robot_adds_50_and_needs_five_natural_cards():
    # five 7s of five colours: 25 + 50
    assert robots.score(bot(low=5, bots=1)) == 75
    # a wild has no line, so the five are natural: counted in the spreads
    message = raises(robots.check_player, bot(low=4, wild=1, bots=1))
    assert message == "a robot's 5 cards go on the spread lines"


def test_cards_in_hand_can_make_a_hand_negative():
    # spread 2-9 x3 = 15; in hand a 12 (-10), a star (-15) and a 4 (-5): -15
    assert robots.score(bot(low=3, h_high=1, h_star=1, h_low=1)) == -15


def test_robots_deck_limits():
    assert "5 cards stars, not 6" in raises(robots.check_table, {0: bot(star=3)}, 1, bot(h_star=3))
    assert "25 cards 10-14, not 26" in raises(
        robots.check_table, {2: bot(high=20)}, 0, bot(h_high=6)
    )


def test_tractor_beam_moves_half_rounded_up():
    # DESIGN: ceil(n / 2), n the Scrap Heap without the beam
    assert [robots.tractor_beam(n) for n in (0, 1, 2, 7, 8)] == [0, 1, 1, 4, 4]


def test_robots_race_to_250():
    setup = {"players": ["ANN", "BOB", "CY"], "dealer": 0}
    strong = bot(low=10, high=10, bots=2)  # 50 + 100 + 100 = 250
    state = replay(robots, setup, hand([strong, bot(h_low=2), bot()], out=0, how="out"))
    assert state.ending(1) == ("out", 0)
    assert state.ledger.totals == [250, -10, 0]
    assert state.table.name(state.winner) == "ANN"
    assert robots.headline(state) == "ANN won"


# -- corrections re-judge the target (docs/design.md: at once, as the hand's
# close would; they can end a game, reopen it, or make a tie) ---------------


def fix(hand, side, pts):
    return {"a": "fix", "hand": hand, "side": side, "pts": pts}


TWO = {"players": ["ANN", "BOB"], "target": 400}
FOUR_HUNDRED = rob(seq_low=8, seq_tens=16)  # 8 x 10 + 16 x 20 = 400


def test_a_correction_over_the_target_ends_the_game_at_once():
    # hand 1: ANN a sequence of three 2-9 (3 x 10 = 30), BOB one 2-9 in hand (-5)
    state = replay(robber, TWO, hand([rob(seq_low=3), rob(hand_low=1)]))
    assert state.ledger.totals == [30, -5] and state.winner is None
    robber.step(state, fix(1, 0, 420))  # ANN really scored 420: alone over 400
    assert state.ledger.totals == [420, -5] and state.table.name(state.winner) == "ANN"
    # the device used to play on: hand 2 would then have named BOB
    assert "over: ANN won" in raises(robber.step, state, {"a": "count", "seat": 0, "n": rob()})
    assert robber.legal(state) == ["fix"]


def test_a_correction_under_the_target_reopens_the_game():
    state = replay(robber, TWO, hand([FOUR_HUNDRED, rob()]))
    assert state.table.name(state.winner) == "ANN"  # 400 of 400
    robber.step(state, fix(1, 0, 395))  # one card was really in hand
    assert state.winner is None and state.ledger.totals == [395, 0]
    robber.step(state, {"a": "count", "seat": 0, "n": rob(set_low=3)})  # hand 2 goes on


def test_a_correction_that_makes_a_tie_at_the_top_plays_on():
    state = replay(robber, TWO, hand([FOUR_HUNDRED, rob()]))
    robber.step(state, fix(1, 1, 400))  # BOB also made 400: tied at the top
    assert state.winner is None and state.ledger.totals == [400, 400]
    state = replay(
        robber, TWO, hand([FOUR_HUNDRED, rob()]) + [fix(1, 1, 400)] + hand([rob(set_low=3), rob()])
    )
    # hand 2: ANN a set of three 2-9 (+15): 415 to 400, alone on top
    assert state.table.name(state.winner) == "ANN" and state.ledger.totals == [415, 400]


def test_a_correction_ends_the_game_during_the_next_hands_count():
    state = replay(robber, TWO, hand([rob(seq_low=3), rob()]))
    robber.step(state, {"a": "count", "seat": 0, "n": rob(set_low=3)})
    robber.step(state, fix(1, 1, 450))
    assert state.table.name(state.winner) == "BOB" and state.counts == {}


def test_a_correction_in_a_sitting_moves_the_game_won():
    setup = {"players": ["ANN", "BOB"], "target": 50, "sitting": True}
    # hand 1: ANN a sequence of five 2-9 (5 x 10 = 50): ANN wins game 1
    state = replay(robber, setup, hand([rob(seq_low=5), rob()]))
    assert state.match.wins == [1, 0]
    robber.step(state, fix(1, 0, 0))  # 0 to 0: nobody leads, game 1 plays on
    assert state.winner is None and state.match.wins == [0, 0] and state.match.games == []
    robber.step(state, fix(1, 1, 60))  # BOB had 60: BOB wins game 1
    assert state.match.wins == [0, 1] and state.match.games == [1]
    robber.step(state, {"a": "again"})
    # game 2 has no closed hand; game 1's hands are no longer this game's
    assert "not a closed hand of this game" in raises(robber.step, state, fix(1, 0, 70))
    assert robber.legal(state) == ["count"]


def test_robots_correction_over_250_ends_the_game():
    setup = {"players": ["ANN", "BOB", "CY"], "target": 250}
    # hand 1: ANN four 2-9 in spreads (20), the others nothing
    state = replay(robots, setup, hand([bot(low=4), bot(), bot()], how="out"))
    robots.step(state, fix(1, 2, 260))  # CY's robots were missed: 260
    assert state.table.name(state.winner) == "CY"


# -- a sitting you can see (issue 18): every game's hands kept, numbered
# within their game, each game judged on its own totals -----------------


def test_a_sitting_keeps_every_games_hands():
    from referee.rummy.rules_report import score_rows

    setup = {"players": ["ANN", "BOB"], "target": 50, "sitting": True}
    # game 1, hand 1: ANN a sequence of five 2-9 (5 x 10 = 50): ANN wins game 1
    actions = hand([rob(seq_low=5), rob()], out=0)
    actions += [{"a": "again"}]
    # game 2, hand 1: BOB a set of three 2-9 (15); hand 2: a sequence of
    # four 2-9 (40): BOB 55 of 50, ANN 0: BOB wins game 2
    actions += hand([rob(), rob(set_low=3)], out=1)
    actions += hand([rob(), rob(seq_low=4)], out=1)
    state = replay(robber, setup, actions)
    match = state.match
    assert match.wins == [1, 1] and match.games == [0, 1] and match.starts == [1, 2]
    assert state.ledger.totals == [50, 55]  # the sitting's whole ledger
    assert match.totals(state.ledger) == [0, 55]  # game 2's own
    assert match.game_of(3) == (2, 2) and match.game_of(1) == (1, 1)
    assert score_rows(state) == [
        ["game", "hand", "ANN", "BOB", "ended"],
        [1, 1, 50, 0, "rummy ANN"],
        [1, "total", 50, 0, "won by ANN"],
        [2, 1, 0, 15, "rummy BOB"],
        [2, 2, 0, 40, "rummy BOB"],
        [2, "total", 0, 55, "won by BOB"],
    ]


def test_a_sitting_game_is_judged_on_its_own_totals():
    # game 1: ANN 50 of 50 wins; game 2, hand 1: BOB 30, ANN 0. The sitting's
    # ledger has ANN 50, BOB 30, but game 2 has no winner yet: 0 and 30.
    setup = {"players": ["ANN", "BOB"], "target": 50, "sitting": True}
    actions = hand([rob(seq_low=5), rob()], out=0) + [{"a": "again"}]
    actions += hand([rob(), rob(seq_low=3)], out=1)
    state = replay(robber, setup, actions)
    assert state.winner is None and state.match.wins == [1, 0]
    # a correction of game 2's hand re-judges game 2 alone: BOB 60 wins it
    robber.step(state, {"a": "fix", "hand": 2, "side": 1, "pts": 60})
    assert state.match.wins == [1, 1] and state.table.name(state.winner) == "BOB"
    # game 1's hand is decided: not corrected
    assert "not a closed hand of this game" in raises(
        robber.step, state, {"a": "fix", "hand": 1, "side": 0, "pts": 0}
    )
