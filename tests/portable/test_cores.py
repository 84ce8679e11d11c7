"""The shared rules cores, checked on both VMs.

Expected values are worked out by hand from the rules texts and docs/design.md's
rulings; each test says where its numbers come from.
"""

from portable.support import Feed, raises
from referee.core.chance import EVIL, GOOD, NEUTRAL, Chance, allegiance_of, deck
from referee.core.ledger import Ledger
from referee.core.ledger_more import undo
from referee.core.match import Match
from referee.core.seats import Table, dealer, default_names, first_player, partnerships
from referee.evil.rules_turns import pass_order, power_calls

# -- chance --------------------------------------------------------------


def test_allegiance_mapping_is_a_quarter_quarter_half():
    # evil-robots.txt, Setup: two flips, both heads Good, both tails Evil,
    # one of each Neutral. Every pair of entropy bytes fed once: a coin uses
    # the low bit of one byte, so the split must be exactly 1/4, 1/4, 1/2.
    counts = {GOOD: 0, EVIL: 0, NEUTRAL: 0}
    for a in range(256):
        for b in range(0, 256, 3):  # every third second byte keeps this quick on the VM
            counts[Chance(Feed([a, b])).allegiance()[2]] += 1
    total = 256 * len(range(0, 256, 3))
    assert counts[GOOD] * 4 == counts[EVIL] * 4 == counts[NEUTRAL] * 2 == total
    assert allegiance_of(True, True) == GOOD and allegiance_of(False, False) == EVIL
    assert allegiance_of(True, False) == allegiance_of(False, True) == NEUTRAL


def test_fisher_yates_gives_every_order_equally_often():
    # 3 cards: j drawn below 3 then below 2. Feed every pair of bytes;
    # rejected draws (value 3 on the 2-bit mask) ask for a third byte.
    counts = {}
    for a in range(256):
        for b in range(256):
            try:
                order = tuple(Chance(Feed([a, b])).shuffle([0, 1, 2]))
            except EOFError:
                continue
            counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 6
    assert len(set(counts.values())) == 1


def test_deals_come_without_replacement():
    chance = Chance(Feed(bytes(range(256)) * 8))
    robots = ["R%d" % i for i in range(18)]  # evil-robots.txt: 18 unique bots
    power = deck([(n, 2) for n in range(1, 10)])  # DESIGN: two each of 1-9
    assert len(power) == 18 and power.count(9) == 2
    hands, rest = chance.deal(robots, 9, 1)
    assert sorted([h[0] for h in hands] + rest) == sorted(robots)
    hands, rest = chance.deal(power, 5, 1)
    assert sorted([h[0] for h in hands] + rest) == sorted(power)
    # robo-factory.txt with DESIGN's ruling: 4 colours over 3 parts = 64 robots
    colours = "RGBY"
    factory = [h + t + g for h in colours for t in colours for g in colours]
    hands, rest = chance.deal(factory, 6, 3)
    dealt = [c for h in hands for c in h]
    assert len(set(dealt)) == 18 and len(rest) == 46 and len(set(factory)) == 64
    try:
        chance.deal(robots, 10, 2)
    except ValueError as e:
        assert "need 20 cards" in str(e)
    else:
        raise AssertionError("dealt more cards than the deck has")


# -- seats and turn order --------------------------------------------------


def test_dealer_moves_left_and_the_next_player_starts():
    # robots-rummy.txt with DESIGN's ruling: the deal moves left each hand,
    # the player left of the dealer starts. 4 players, seat 2 deals first.
    assert [dealer(2, h, 4) for h in range(6)] == [2, 3, 0, 1, 2, 3]
    assert [first_player(dealer(2, h, 4), 4) for h in range(4)] == [3, 0, 1, 2]
    table = Table(default_names(4))
    assert table.clockwise(3) == [3, 0, 1, 2]
    assert table.left_of(3) == 0


def test_two_players_alternate():
    table = Table(["ANN", "BOB"])
    seat = 0
    turns = []
    for _ in range(5):
        turns.append(seat)
        seat = table.left_of(seat)
    assert turns == [0, 1, 0, 1, 0]


def test_tables_teams_and_the_robot_seat():
    table = Table(["ANN", "BOB", "CY", "DEE"], teams=partnerships(4))
    # robber-rummy.txt with DESIGN's ruling: players 1+3 against 2+4
    assert table.teams == [[0, 2], [1, 3]]
    assert [table.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert table.side_name(1) == "BOB+DEE" and table.sides() == 2
    evil = Table(default_names(3), robot="BOT")
    assert evil.seats == 4 and evil.name(3) == "BOT" and evil.players == 3
    assert "no seat" in raises(evil.check_seat, 3)
    evil.check_seat(3, robot_ok=True)


def test_bad_tables_are_refused_with_a_reason():
    assert "2 to 9 players, not 1" in raises(Table, ["ANN"])
    assert "2 to 9 players, not 10" in raises(Table, default_names(9) + ["P10"])
    # a count is refused before a list of names is built for it
    assert raises(default_names, 10**9) == "a table has 2 to 9 players, not 1000000000"
    assert "2 to 9 players, not -1" in raises(default_names, -1)
    assert raises(Table, ["ANN", None]) == "a name must be text, not null"
    assert raises(Table, [7, "BOB"]) == "a name must be text, not a number"
    assert raises(Table, [["ANN"], "BOB"]) == "a name must be text, not a list"
    assert raises(Table, ["ANN", {"n": "B"}]) == "a name must be text, not an object"
    assert raises(Table, ["ANN", True]) == "a name must be text, not true/false"
    assert "two players are called ANN" in raises(Table, ["ANN", "ANN"])
    assert "1 to 6 letters" in raises(Table, ["ANN", "BARTHOLOMEW"])
    assert "every seat exactly once" in raises(Table, default_names(4), [[0, 1], [1, 2]])


def test_power_calls_from_twelve_down_with_ties_grouped():
    # evil-robots.txt, The Turns Phase: highest power first; ties are
    # settled by the table. Seat 3 is a PlusBot at 9 + 3 = 12.
    powers = {0: 9, 1: 5, 2: 5, 3: 12, 4: 1}
    assert power_calls(powers) == [(12, [3]), (9, [0]), (5, [1, 2]), (1, [4])]


def test_freebot_is_offered_at_every_level():
    # evil-robots.txt, FreeBot: may take the turn at any power level.
    calls = power_calls({0: 7, 1: 2}, free=(1,))
    assert [level for level, _ in calls] == list(range(12, 0, -1))
    assert dict(calls)[7] == [0, 1] and dict(calls)[3] == [1]
    assert "powers run 1 to 12" in raises(power_calls, {0: 13})


def test_pass_phase_skips_the_lowest_and_goes_up():
    # evil-robots.txt, The Pass Phase: the lowest passers get no turn, the
    # rest act in ascending power, ties settled by the previous player.
    powers = {0: 3, 1: 7, 2: 7, 3: 9}
    assert pass_order([3, 1, 0, 2], powers) == ([[1, 2], [3]], [0])


def test_a_lone_passer_acts():
    assert pass_order([2], {2: 1}) == ([[2]], [])


def test_tied_lowest_passers_all_sit_out():
    assert pass_order([0, 1], {0: 4, 1: 4}) == ([], [0, 1])


def test_passbot_acts_first_and_is_never_lowest():
    # evil-robots.txt, PassBot: acts first in the pass round, cannot count
    # as the lowest. PassBot (seat 1) at power 2 with passers at 3 and 9.
    powers = {0: 3, 1: 2, 2: 9}
    assert pass_order([0, 1, 2], powers, passbot=1) == ([[1], [2]], [0])
    # with one other passer, that one is the lowest and sits out
    assert pass_order([0, 1], powers, passbot=1) == ([[1]], [0])


# -- ledger ---------------------------------------------------------------


def test_target_needs_a_lone_leader():
    # evil-robots.txt, Winning the Game: first to 10; if several reach it
    # together play on until one leads alone.
    led = Ledger(3)
    led.add(1, 0, 10)
    led.add(1, 1, 10)
    assert led.winner(10) is None and led.lead() == -1
    led.add(2, 1, 2)
    assert led.winner(10) == 1 and led.lead() == 1
    assert led.standings() == [1, 0, 2]


def test_standings_break_ties_by_seat_on_both_vms():
    # MicroPython's sort is not stable: the order must not depend on it
    led = Ledger(6)
    for side, pts in ((0, 5), (1, 9), (2, 5), (3, 9), (4, 5), (5, 0)):
        led.add(1, side, pts)
    assert led.standings() == [1, 3, 0, 2, 4, 5]


def test_negative_totals_undo_and_correction():
    # DESIGN (Robber Rummy): a renege is -100 for the hand.
    led = Ledger(2)
    led.add(1, 0, -100, "renege")
    led.add(1, 1, 45)
    led.add(2, 0, 30)
    led.add(2, 1, 5)
    assert led.totals == [-70, 50]
    assert undo(led) == (2, 1, 5, None)
    assert led.totals == [-70, 45]
    led.correct(1, 0, -50)  # the table finds the renege was half that
    assert led.totals == [-20, 45]
    assert led.round_scores(1) == [-50, 45] and led.rounds() == [1, 2]
    assert "no scores to correct" in raises(led.correct, 7, 0, 1)


def test_bad_scores_change_nothing():
    led = Ledger(2)
    led.add(1, 0, 5)
    assert "no side 2" in raises(led.add, 1, 2, 5)
    assert "not a score" in raises(led.add, 1, 0, "5")
    assert "not a score" in raises(led.add, 1, 0, 10**6)
    assert led.totals == [5, 0] and led.count == 1
    assert "take back" in raises(undo, Ledger(2))


def test_most_cubes_can_share_the_win():
    # robo-factory.txt with DESIGN: most cubes wins, a tie is shared.
    led = Ledger(3)
    for side, cubes in ((0, 14), (1, 14), (2, 9)):
        led.add(1, side, cubes)
    assert led.leaders() == [0, 1]


def test_best_of_seven_sitting():
    # DESIGN (Robber Rummy): two players may play a sitting, first to 4 games.
    match = Match(2)
    for side in (0, 1, 1, 0, 1, 0):
        match.record(side)
    assert match.winner() is None
    match.record(0)
    assert match.winner() == 0 and match.wins == [4, 3]
    assert "already won" in raises(match.record, 1)
