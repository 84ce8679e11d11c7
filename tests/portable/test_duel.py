"""Robots duel, derived by hand from kitkat-robots.txt (the clean text from
"CARD GAME FOR TWO PLAYERS" on) and docs/design.md's ruling on destroyed robots.

ANN sits in seat 0 and BOB in seat 1; ANN holds black in duel 1 unless told.
Every count below is worked out in its comment from the rules.
"""

from portable.support import raises
from referee.core.journal_read import replay
from referee.duel import rules as duel

ANN, BOB = 0, 1
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def c(text):
    """A card from its name: "QS" is rank 12 * 4 + suit 1; BJ/RJ the jokers."""
    if text == "BJ":
        return 56
    if text == "RJ":
        return 58
    return (RANKS.index(text[:-1]) + 1) * 4 + "CSHD".index(text[-1])


def cards(*names):
    return [c(n) for n in names]


def snap(s):
    """Everything a state holds, as text: equal snaps are equal states."""
    return repr(
        [
            s.colour,
            s.supply,
            s.hand,
            s.discard,
            s.robots,
            s.active,
            s.turn,
            s.phase,
            s.built,
            s.attackers,
            s.blocks,
            s.unblocked,
            s.loss,
            s.recovering,
            s.report,
            s.duel,
            s.match.wins,
            s.match.games,
            s.duel_winner,
            s.winner,
        ]
    )


class Game:
    """A duel played action by action, keeping the actions and each state's
    snap so a prefix can be replayed."""

    def __init__(self, **config):
        self.setup = {"players": ["ANN", "BOB"]}
        self.setup.update(config)
        self.state = duel.setup(self.setup)
        self.actions = []  # type: list
        self.snaps = [snap(self.state)]

    def do(self, kind, **fields):
        action = {"a": kind}
        action.update(fields)
        duel.step(self.state, action)
        self.actions.append(action)
        self.snaps.append(snap(self.state))
        return self.state

    def refuse(self, kind, **fields):
        """The refusal's message; the state must not have moved."""
        action = {"a": kind}
        action.update(fields)
        before = snap(self.state)
        message = raises(duel.step, self.state, action)
        assert snap(self.state) == before, message
        return message

    def build(self, a, b):
        return self.do("build", cards=cards(a, b))

    def pass_turn(self):
        """Decline everything optional until the turn (or the duel) ends."""
        turn = self.state.turn
        while self.state.turn == turn and self.state.phase != duel.OVER:
            self.do("next")
        return self.state

    def attack(self, *names):
        return self.do("attack", robots=cards(*names))

    def block(self, *pairs):
        return self.do("block", pairs=[cards(a, b) for a, b in pairs])


def test_cards_ranks_suits_colours_values_and_names():
    assert c("AC") == 4 and c("10H") == 42 and c("QS") == 49 and c("KD") == 55
    assert [duel.name(x) for x in cards("AC", "10H", "QS", "KD", "7S")] == [
        "AC",
        "10H",
        "QS",
        "KD",
        "7S",
    ]
    assert duel.name(56) == "JK" and duel.name(58) == "JK"
    assert duel.rank(c("KD")) == 13 and duel.rank(56) == 14
    assert duel.suit(c("5D")) == 3 and duel.suit(56) is None and duel.suit(58) is None
    # clubs and spades black, hearts and diamonds red; each joker its half's
    assert [duel.colour(x) for x in cards("2C", "2S", "2H", "2D")] == [0, 0, 1, 1]
    assert duel.colour(56) == duel.BLACK and duel.colour(58) == duel.RED
    # ace 1, pips, faces and jokers 9
    assert [duel.value(x) for x in cards("AC", "7S", "10H", "JC", "QH", "KD")] == [
        1,
        7,
        10,
        9,
        9,
        9,
    ]
    assert duel.value(56) == 9 and duel.value(58) == 9
    assert duel.is_face(c("JC")) and duel.is_face(58) and not duel.is_face(c("10H"))
    # 4 (AC) to 55 (KD) are the deck; jokers only when used
    assert duel.is_card(4, False) and duel.is_card(55, False) and not duel.is_card(3, False)
    assert not duel.is_card(56, False) and duel.is_card(56, True) and duel.is_card(58, True)
    assert not duel.is_card(57, True) and not duel.is_card(True, True)
    assert not duel.is_card("AC", True)


def test_setup_black_draws_five_and_starts_red_draws_seven():
    g = Game()
    s = g.state
    # ANN, black: 5 of 26 drawn, then turn 1's research draws one more:
    # supply 26 - 5 - 1 = 20, hand 6. BOB, red: 7 of 26: supply 19, hand 7.
    assert s.supply == [20, 19] and s.hand == [6, 7] and s.discard == [0, 0]
    assert s.colour == [duel.BLACK, duel.RED] and s.robots == [[], []]
    assert s.active == ANN and s.defender == BOB and s.turn == 1 and s.duel == 1
    # no robots to program: straight to the build phase
    assert s.phase == duel.BUILD and duel.legal(s) == ["build", "next", "counts"]
    # said on the first note (issue 36): the opening hands, then turn 1's draw
    assert s.report == ["ANN starts with 5", "BOB starts with 7", "ANN draws a card"]
    assert duel.headline(s) == "duel 1 turn 1" and not s.over
    assert duel.summary(s) == {
        "game": "duel",
        "players": ["ANN", "BOB"],
        "duel": 1,
        "wins": [0, 0],
        "winner": None,
        "supply": [20, 19],
        "hand": [6, 7],
        "discard": [0, 0],
    }
    assert duel.score_rows(s) == [["duel", "ANN", "BOB"], ["wins", 0, 0]]


def test_black_can_sit_in_either_seat_and_jokers_add_a_card_a_half():
    s = Game(black=1).state
    # BOB black: 20 left after his draw, hand 6; ANN red: 19, hand 7
    assert s.colour == [duel.RED, duel.BLACK] and s.active == BOB
    assert s.supply == [19, 20] and s.hand == [7, 6]
    s = Game(jokers=True).state
    # 27 a half: black 27 - 5 - 1 = 21, red 27 - 7 = 20
    assert s.supply == [21, 20] and s.hand == [6, 7]


def test_setup_refusals():
    setup = duel.setup
    assert "exactly 2" in raises(setup, {"players": ["ANN"]})
    assert "exactly 2" in raises(setup, {"players": ["ANN", "BOB", "CY"]})
    assert "seat 0 or 1" in raises(setup, {"players": ["ANN", "BOB"], "black": 2})
    assert "1 to 9" in raises(setup, {"players": ["ANN", "BOB"], "wins": 0})
    assert "1 to 9" in raises(setup, {"players": ["ANN", "BOB"], "wins": 10})


def test_build_problem_matches_suit_or_value_with_one_non_face():
    bp = duel.build_problem
    assert bp(c("2C"), c("8C")) is None  # same suit
    assert bp(c("5C"), c("5S")) is None  # same value
    assert bp(c("JC"), c("9S")) is None  # J is worth 9: value, not rank
    assert bp(c("KS"), c("3S")) is None  # one face is fine
    assert bp(56, c("9C")) is None  # the joker (9, no suit) with a 9
    assert "face" in bp(c("JC"), c("QC"))  # same suit, but both faces
    assert "face" in bp(c("KS"), c("KC"))  # same value, but both faces
    assert "face" in bp(56, c("JC"))  # a joker is a face
    assert "suit or value" in bp(c("2C"), c("3S"))
    assert "suit or value" in bp(56, c("5C"))  # no suit to share


def test_build_lower_card_is_a_defense_robot_and_higher_is_discarded():
    g = Game()
    s = g.build("8C", "2C")  # same suit, given high first
    # 2C (2) is the robot, in Defense mode; 8C (8) is discarded
    assert s.robots == [[[c("2C"), False, []]], []]
    assert s.hand[ANN] == 4 and s.discard == [1, 0]  # 6 - 2 in hand
    assert duel.robot_value(s.robots[ANN][0]) == 2
    # no robot in Attack mode: combat skipped; ANN (discard 1) may recover
    assert s.phase == duel.RECOVERY and s.recovering == ANN and s.built
    assert g.refuse("build", cards=cards("3S", "4S")) == "one build a turn"


def test_equal_values_make_two_robots_even_a_jack_with_a_nine():
    s = Game().build("5C", "5S")
    assert s.robots[ANN] == [[c("5C"), False, []], [c("5S"), False, []]]
    assert s.discard == [0, 0] and s.hand[ANN] == 4
    # nothing discarded anywhere: both recoveries skipped, the turn ended
    # and BOB researched: supply 19 - 1 = 18, hand 8
    assert s.active == BOB and s.turn == 2 and s.phase == duel.BUILD
    assert s.supply == [20, 18] and s.hand == [4, 8]
    # ANN's robots are new, in Defense: her combat is skipped, and said
    assert s.report == ["ANN: no attacker", "BOB draws a card"]
    s = Game().build("JC", "9S")  # values 9 and 9, suits differ
    assert s.robots[ANN] == [[c("JC"), False, []], [c("9S"), False, []]]


def test_build_refusals():
    g = Game()
    assert g.refuse("build", cards=cards("JC", "QC")) == "one card must not be a face"
    assert g.refuse("build", cards=cards("2C", "3S")) == "no match of suit or value"
    assert g.refuse("build", cards=cards("2H", "3H")) == "2H is not ANN's colour"
    assert g.refuse("build", cards=cards("2C", "2C")) == "build with two different cards"
    assert g.refuse("build", cards=cards("2C")) == "a build takes two cards"
    assert g.refuse("build", cards=[56, c("9C")]) == "JK is not in this deck"  # jokers off
    assert g.refuse("build", cards=[3, c("9C")]) == "3 is not in this deck"
    g.build("2C", "8C")
    g.pass_turn()  # ANN declines recovery; BOB (discard 0) is skipped
    g.pass_turn()  # BOB's turn 2
    g.do("next")  # turn 3: ANN's program, then build
    assert g.refuse("build", cards=cards("2C", "5C")) == "2C is already in play"


def test_jokers_build_only_by_value_and_serve_as_face_cards():
    g = Game(jokers=True)
    s = g.build("BJ", "9C")  # both worth 9: two robots
    assert s.robots[ANN] == [[56, False, []], [c("9C"), False, []]]
    # no discards: the turn ended; BOB (red, 20 after setup) drew: 19, hand 8
    assert s.active == BOB and s.supply == [21, 19] and s.hand == [4, 8]
    assert g.refuse("build", cards=[58, c("5H")]) == "no match of suit or value"
    assert g.refuse("build", cards=[58, c("JH")]) == "one card must not be a face"
    assert g.refuse("build", cards=[56, c("9H")]) == "JK is not BOB's colour"
    g.build("2H", "3H")  # 2H a robot, 3H discarded: BOB discard 1, hand 6
    assert g.state.recovering == BOB
    assert g.refuse("recover", face=56, back=1) == "JK is not BOB's colour"
    s = g.do("recover", face=58, back=1)  # his own joker is a face card
    # one card back for the joker: hand 6 - 1 + 1 = 6, discard 1 + 1 - 1 = 1
    assert s.hand[BOB] == 6 and s.discard[BOB] == 1


def test_the_discard_table_as_printed():
    # 5 or less: that many; exactly 6: eight; 7 or more: five
    assert [duel.loss_for(t) for t in range(10)] == [0, 1, 2, 3, 4, 5, 8, 5, 5, 5]


def lone_attack(card):
    """ANN builds ``card`` (with 10C, discarded) on turn 1 and attacks alone
    with it on turn 3; BOB has no robot to block with."""
    g = Game()
    g.build(card, "10C")
    g.pass_turn()
    g.pass_turn()
    g.do("mode", robot=c(card))
    g.do("next")
    g.do("next")
    return g.attack(card)


def test_the_discard_table_through_real_attacks():
    # one unblocked robot of value 1..9; BOB holds 18 + 8, so nothing caps it
    expected = [1, 2, 3, 4, 5, 8, 5, 5, 5]
    for v in range(1, 10):
        s = lone_attack(RANKS[v - 1] + "C")
        assert s.unblocked == v and s.loss == expected[v - 1], v
        assert s.phase == duel.DISCARD and s.report == ["BOB must discard %d" % s.loss]
    # total 0 (everything blocked) is in test_equal_robots_both_go


def test_program_modes_and_phase_refusals():
    g = Game()
    g.build("6C", "7C")
    assert g.refuse("mode", robot=c("6C")) == "no mode now: recovery phase"
    g.pass_turn()
    assert g.refuse("mode", robot=c("6H")) == "no mode now: build phase"
    g.pass_turn()
    s = g.state  # turn 3: ANN has a robot, so the program phase comes first
    assert s.phase == duel.PROGRAM and duel.legal(s) == ["mode", "next", "counts"]
    g.do("mode", robot=c("6C"))
    assert s.robots[ANN] == [[c("6C"), True, []]]
    g.do("mode", robot=c("6C"))  # and back to Defense
    assert s.robots[ANN] == [[c("6C"), False, []]]
    assert g.refuse("mode", robot=c("7C")) == "ANN has no robot 7C"
    assert g.refuse("attack", robots=cards("6C")) == "no attack now: program phase"
    assert g.refuse("duel") == "finish this duel first"
    assert g.refuse("fly") == "a duel has no action 'fly'"
    g.do("next")
    g.do("next")
    # no robot in Attack mode: combat skipped, ANN (discard 1) may recover
    assert s.phase == duel.RECOVERY and duel.legal(s) == ["recover", "next", "counts"]


def test_four_robots_at_most_scrap_the_rest():
    g = Game()
    g.build("2C", "2S")  # two robots, no discard: the turn ends by itself
    g.build("5H", "5D")  # BOB's two; again nothing to recover: turn 3
    s = g.state
    # ANN 6 - 2 + 1 = 5 in hand, BOB 8 - 2 = 6
    assert s.turn == 3 and s.supply == [19, 18] and s.hand == [5, 6]
    g.do("mode", robot=c("2C"))
    g.do("next")
    g.build("3C", "3S")  # exactly four robots: no scrap
    assert len(s.robots[ANN]) == 4 and s.phase == duel.COMBAT
    g.attack("2C")
    g.block(("2C", "5H"))  # 2 < 5: 2C under 5H, which is now worth 3
    assert s.robots[BOB][0] == [c("5H"), False, [c("2C")]]
    # discards still 0, so the recoveries were skipped: BOB's turn 4
    assert s.turn == 4 and s.phase == duel.PROGRAM
    g.do("next")
    g.build("6H", "6D")  # BOB at four: 5H, 5D, 6H, 6D; nothing to recover
    assert s.turn == 5 and len(s.robots[BOB]) == 4
    g.pass_turn()  # ANN's turn 5
    g.do("next")
    s = g.build("7H", "7D")  # turn 6: six robots
    assert s.phase == duel.SCRAP and duel.legal(s) == ["scrap", "counts"]
    assert g.refuse("next") == "finish the scrap phase first"
    assert g.refuse("attack", robots=cards("6H")) == "no attack now: scrap phase"
    assert g.refuse("scrap", robot=c("2S")) == "BOB has no robot 2S"
    ann = s.discard[ANN]
    # 5H to BOB's pile; its damage 2C is a black card: back to ANN's pile
    g.do("scrap", robot=c("5H"))
    assert s.discard[BOB] == 1 and s.discard[ANN] == ann + 1
    assert s.phase == duel.SCRAP  # five left
    g.do("scrap", robot=c("5D"))  # BOB's discard 2, four left: on to combat
    assert s.robots[BOB] == [[c(n), False, []] for n in ("6H", "6D", "7H", "7D")]
    # no Attack robot: combat skipped. BOB's hand: 7, one drawn on each of
    # turns 2, 4 and 6, less three builds of two: 4. With a discard pile of
    # 2 he is the pending seat.
    assert s.discard[BOB] == 2 and s.hand[BOB] == 4
    assert s.phase == duel.RECOVERY and s.recovering == BOB


def test_a_recovery_needs_no_face_card_named():
    """The clerk does not ask which face card a player trades (issue 36):
    it changes no count. The zine's recovery: one face card from the hand to
    the discard pile, one or two non-face cards from that pile back."""
    g = Game()
    g.build("6C", "7C")  # ANN: 6C a robot, 7C discarded: ANN discard 1
    # no robot attacks: ANN, with a card in her pile, may recover
    s = g.state
    assert s.phase == duel.RECOVERY and s.recovering == ANN
    assert g.refuse("recover", back=3) == "take back 1 or 2 cards"
    assert g.refuse("recover", back=2) == "the discard pile has only 1"
    hand = s.hand[ANN]
    s = g.do("recover", back=1)
    # the face card goes down, one card comes back: the hand as it was,
    # the discard pile 1 + 1 - 1 = 1
    assert s.hand[ANN] == hand and s.discard[ANN] == 1


def test_equal_robots_both_go():
    g = Game()
    g.build("6C", "7C")  # ANN: 6C, discard 1, hand 4
    g.pass_turn()
    g.build("6H", "7H")  # BOB: 6H, discard 1
    g.pass_turn()
    g.do("mode", robot=c("6C"))
    g.do("next")
    g.do("next")
    s = g.attack("6C")
    assert (
        s.phase == duel.BLOCK and duel.legal(s) == ["block", "counts"] and s.attackers == [c("6C")]
    )
    assert g.refuse("next") == "finish the block phase first"
    s = g.block(("6C", "6H"))
    # everything blocked: total 0, loss 0, no discard phase; 6 = 6: both go
    assert s.unblocked == 0 and s.loss == 0
    assert s.robots == [[], []] and s.discard == [2, 2]
    assert s.report == ["6C and 6H both out"]
    assert s.phase == duel.RECOVERY and s.recovering == ANN


def test_greater_takes_the_lesser_as_damage_and_its_damage_is_discarded():
    g = Game()
    g.build("AC", "10C")  # ANN: AC, discard 1
    g.pass_turn()
    g.build("4H", "10H")  # BOB: 4H, discard 1
    g.pass_turn()
    g.do("mode", robot=c("AC"))
    g.do("next")
    g.build("8C", "9C")  # 8C (Defense), 9C discarded: ANN discard 2
    s = g.attack("AC")
    s = g.block(("AC", "4H"))  # 1 < 4: AC goes under 4H
    assert s.robots == [[[c("8C"), False, []]], [[c("4H"), False, [c("AC")]]]]
    assert duel.robot_value(s.robots[BOB][0]) == 3  # 4 - 1
    assert s.discard == [2, 1] and s.report == ["4H beats AC"]
    g.pass_turn()
    g.do("next")  # BOB's turn 4: program, then build
    assert g.refuse("build", cards=cards("4H", "5H")) == "4H is already in play"
    g.pass_turn()
    g.do("mode", robot=c("8C"))
    g.do("next")
    # AC sits under BOB's robot: it is in play, not in ANN's hand
    assert g.refuse("build", cards=cards("AC", "2C")) == "AC is already in play"
    g.do("next")
    g.attack("8C")
    s = g.block(("8C", "4H"))
    # 8 against 4H's 3: 4H is the lesser; its damage AC is ANN's (black)
    # card, so back to her pile (2 + 1 = 3), and 4H goes under 8C, now
    # worth 8 - 4 = 4; BOB's pile stays 1
    assert s.robots == [[[c("8C"), True, [c("4H")]]], []]
    assert duel.robot_value(s.robots[ANN][0]) == 4
    assert s.discard == [3, 1] and s.report == ["8C beats 4H"]


def test_a_damaged_lesser_can_destroy_the_greater():
    g = Game()
    g.build("3C", "10C")  # ANN: 3C, discard 1
    g.pass_turn()
    g.build("8H", "10H")  # BOB: 8H, discard 1
    g.pass_turn()
    g.do("mode", robot=c("3C"))
    g.do("next")
    g.build("6C", "7C")  # ANN: 6C, discard 2
    g.attack("3C")
    g.block(("3C", "8H"))  # 3 < 8: 3C under 8H, worth 5 now
    g.pass_turn()
    g.pass_turn()
    g.do("mode", robot=c("6C"))
    g.do("next")
    g.do("next")
    g.attack("6C")
    s = g.block(("6C", "8H"))
    # 6 beats 8H's 5: 8H's damage 3C is ANN's card, back to her pile (2 + 1).
    # 8H goes under 6C with its card value 8: 6 - 8 = -2, so 6C is destroyed
    # (docs/design.md's ruling): 6C to ANN's pile (3 + 1 = 4), 8H to BOB's (1 + 1)
    assert s.robots == [[], []] and s.discard == [4, 2]
    assert s.report == ["6C beats 8H", "6C destroyed"]


def test_block_and_attack_refusals_and_unblocked_totals():
    g = Game()
    g.build("2C", "2S")  # both robots; no discards: on to BOB
    g.build("5H", "5D")  # BOB's two; on to turn 3
    g.do("mode", robot=c("2C"))
    g.do("mode", robot=c("2S"))
    g.do("next")
    g.do("next")
    assert g.refuse("attack", robots=[]) == "attack with at least one robot"
    assert g.refuse("attack", robots=cards("2C", "2C")) == "2C can attack only once"
    assert g.refuse("attack", robots=cards("5H")) == "ANN has no robot 5H"
    g.attack("2C", "2S")
    assert g.refuse("block", pairs=[cards("2C", "5H"), cards("2C", "5D")]) == (
        "2C is blocked once only"
    )
    assert g.refuse("block", pairs=[cards("2C", "5H"), cards("2S", "5H")]) == (
        "5H can block only once"
    )
    assert g.refuse("block", pairs=[cards("3C", "5H")]) == "3C is not attacking"
    assert g.refuse("block", pairs=[cards("2C", "2S")]) == "BOB has no robot 2S"
    assert g.refuse("block", pairs=[c("2C")]) == "blocks are [attacker, blocker] pairs"
    # an undo's rebuild: no blocks at all, 2 + 2 = 4 unblocked, lose 4
    other = replay(duel, g.setup, g.actions)
    duel.step(other, {"a": "block", "pairs": []})
    assert other.unblocked == 4 and other.loss == 4
    s = g.block(("2C", "5H"))  # 2S alone unblocked: lose 2
    assert s.unblocked == 2 and s.loss == 2 and s.phase == duel.DISCARD
    assert s.supply[BOB] == 18 and s.hand[BOB] == 6  # 19 - 1; 7 + 1 - 2 built
    g.do("discard", supply=1)  # 1 from the supply, 1 from the hand
    assert s.supply[BOB] == 17 and s.hand[BOB] == 5 and s.discard[BOB] == 2
    assert s.robots[BOB][0] == [c("5H"), False, [c("2C")]] and s.report == ["5H beats 2C"]
    # ANN has nothing in her pile: BOB recovers first
    assert s.recovering == BOB
    g.pass_turn()
    g.do("mode", robot=c("5D"))  # BOB's turn 4: 5D to Attack, no attack
    g.pass_turn()
    g.do("next")  # turn 5: 2S still in Attack mode
    g.do("next")
    g.attack("2S")
    assert g.refuse("block", pairs=[cards("2S", "5D")]) == "5D is in Attack mode"
    s = g.block(("2S", "5H"))  # 2 < 3: 2S under 5H: 5 - 2 - 2 = 1
    assert s.robots[BOB][0] == [c("5H"), False, [c("2C"), c("2S")]]
    assert duel.robot_value(s.robots[BOB][0]) == 1 and s.robots[ANN] == []


def test_a_big_loss_is_split_and_a_hand_of_one_skips_the_build():
    g = Game()
    g.pass_turn()  # turn 1: no discards, so no recovery either
    g.build("6H", "7H")  # turn 2, BOB: 6H, discard 1, hand 8 - 2 = 6
    g.pass_turn()
    g.pass_turn()  # turn 3: ANN, supply 19, hand 7
    g.do("mode", robot=c("6H"))
    g.do("next")
    g.do("next")
    s = g.attack("6H")  # ANN has no robot: 6 unblocked, she loses 8
    assert s.loss == 8 and s.phase == duel.DISCARD and duel.legal(s) == ["discard", "counts"]
    assert (s.supply[ANN], s.hand[ANN]) == (19, 7)
    assert g.refuse("next") == "finish the discard phase first"
    assert g.refuse("discard", supply=0) == "the hand has only 7"  # 8 from 7
    assert g.refuse("discard", supply=9) == "take 0 to 8 from the supply"
    assert g.refuse("discard", supply=-1) == "take 0 to 8 from the supply"
    assert g.refuse("discard", supply="1") == "take 0 to 8 from the supply"
    s = g.do("discard", supply=1)  # 1 from the supply and 7 from the hand
    assert s.supply[ANN] == 18 and s.hand[ANN] == 0 and s.discard[ANN] == 8
    g.pass_turn()  # BOB declines; ANN's hand is empty: skipped
    # turn 5: ANN draws (supply 17, hand 1): too few to build, no robots to
    # attack with, so she is already at her recovery
    assert s.turn == 5 and s.supply[ANN] == 17 and s.hand[ANN] == 1
    assert s.phase == duel.RECOVERY and s.recovering == ANN
    # the note says why the build went by (the table sees no build phase),
    # and why the combat did: ANN has no robot at all
    assert s.report[-3:] == ["ANN draws a card", "no build: 1 in hand", "ANN: no attacker"]
    assert g.refuse("build", cards=cards("2C", "3C")) == "a build needs 2 cards in hand"


def test_recovery_active_seat_first_with_its_counts_and_refusals():
    g = Game()
    g.build("9C", "KC")  # both worth 9: two robots, nothing discarded
    g.build("3H", "4H")  # BOB: 3H, 4H discarded; BOB recovers first
    s = g.state
    assert s.turn == 2 and s.recovering == BOB and s.discard == [0, 1]
    g.do("next")  # BOB declines; ANN has an empty pile: turn 3
    assert s.turn == 3 and s.phase == duel.PROGRAM and s.hand[ANN] == 5  # 4 + 1
    g.do("next")
    g.build("2S", "3S")  # 2S a robot, 3S discarded: ANN hand 3, discard 1
    # both seats hold cards and a discard pile: ANN (active) first
    assert s.phase == duel.RECOVERY and s.recovering == ANN
    assert g.refuse("recover", face=c("5C"), back=1) == "5C is not a face card"
    assert g.refuse("recover", face=c("QH"), back=1) == "QH is not ANN's colour"
    assert g.refuse("recover", face=56, back=1) == "JK is not in this deck"
    assert g.refuse("recover", face=c("KC"), back=1) == "KC is already in play"
    assert g.refuse("recover", face=c("QS"), back=3) == "take back 1 or 2 cards"
    assert g.refuse("recover", face=c("QS"), back=True) == "take back 1 or 2 cards"
    assert g.refuse("recover", face=c("QS"), back=2) == "the discard pile has only 1"
    s = g.do("recover", face=c("QS"), back=1)  # QS out, one card back
    assert s.hand[ANN] == 3 and s.discard[ANN] == 1 and s.recovering == BOB
    assert g.refuse("recover", face=c("QS"), back=1) == "QS is not BOB's colour"
    s = g.do("recover", face=c("JD"), back=1)  # then the turn ends
    # turn 4: BOB draws: hand 8 - 2 + 1 = 7, supply 18 - 1 = 17
    assert s.turn == 4 and s.active == BOB and s.hand[BOB] == 7 and s.supply[BOB] == 17
    assert s.recovering is None and s.report == ["BOB draws a card"]


def test_two_cards_back_for_a_face():
    g = Game()
    g.pass_turn()
    g.build("6H", "7H")
    g.pass_turn()
    g.pass_turn()
    g.do("mode", robot=c("6H"))
    g.do("next")
    g.do("next")
    g.attack("6H")
    g.do("discard", supply=8)  # ANN: supply 19 - 8 = 11, hand 7, discard 8
    s = g.do("next")  # BOB declines; ANN is next
    assert s.recovering == ANN and s.active == BOB
    s = g.do("recover", face=c("KS"), back=2)
    # KS to the pile and two back: hand 7 - 1 + 2 = 8, discard 8 + 1 - 2 = 7;
    # that ends turn 4, and on turn 5 ANN draws: hand 9, supply 11 - 1 = 10
    assert s.discard[ANN] == 7 and s.turn == 5
    assert s.hand[ANN] == 9 and s.supply[ANN] == 10


def test_black_loses_when_its_supply_runs_out():
    g = Game()
    g.pass_turn()  # turn 1: ANN 20 / 6
    g.build("6H", "7H")  # turn 2: BOB 18 / 8, then 6H and hand 6
    g.pass_turn()
    g.pass_turn()  # turn 3: ANN 19 / 7
    for turn, supply, hand, pay in ((4, 19, 7, 8), (6, 10, 8, 8), (8, 1, 9, 1)):
        s = g.state
        assert s.turn == turn and s.active == BOB
        if turn == 4:
            g.do("mode", robot=c("6H"))
        g.do("next")
        g.do("next")
        g.attack("6H")  # 6 unblocked: lose 8 (never capped: 19 + 7 and up)
        assert s.loss == 8 and (s.supply[ANN], s.hand[ANN]) == (supply, hand)
        if turn == 8:
            assert g.refuse("discard", supply=2) == "the supply has only 1"
            assert g.refuse("discard", supply=True) == "take 0 to 8 from the supply"
        g.do("discard", supply=pay)
        g.pass_turn()
        if turn < 8:
            g.pass_turn()  # ANN draws one on her turn: 19 - 8 - 1 = 10, then 1
    s = g.state
    # turn 9: ANN's supply 1 - 1 = 0 after turn 8, so her research fails
    assert s.turn == 9 and s.phase == duel.OVER and s.duel_winner == BOB
    assert s.supply[ANN] == 0 and s.hand[ANN] == 2 and s.discard[ANN] == 24  # 9 - 7; 3 x 8
    assert s.report == ["ANN cannot draw", "BOB wins the duel"]
    assert s.match.wins == [0, 1] and s.winner is None and not s.over
    assert duel.headline(s) == "BOB won duel 1" and duel.legal(s) == ["duel"]
    assert g.refuse("next") == "the duel is over"
    assert g.refuse("build", cards=cards("2C", "3C")) == "the duel is over"


def test_red_loses_when_its_supply_runs_out_and_a_loss_is_capped():
    g = Game()
    g.build("6C", "7C")  # ANN: 6C
    g.pass_turn()
    g.pass_turn()  # BOB's turn 2: 18 / 8
    # ANN attacks on turns 3, 5, 7, 9; BOB pays (supply, hand) each time
    plan = ((3, 18, 8, 8, 8), (5, 9, 9, 8, 2), (7, 6, 4, 8, 5), (9, 0, 2, 2, 0))
    for turn, supply, hand, loss, pay in plan:
        s = g.state
        assert s.turn == turn and s.active == ANN
        if turn == 3:
            g.do("mode", robot=c("6C"))
        g.do("next")
        g.do("next")
        g.attack("6C")
        assert (s.supply[BOB], s.hand[BOB], s.loss) == (supply, hand, loss)
        # 6 unblocked is 8 due; on turn 9 he holds 2 and the note says so
        capped = ["8 due, only 2 left"] if loss < 8 else []
        assert s.report == ["BOB must discard %d" % loss] + capped
        g.do("discard", supply=pay)
        g.pass_turn()
        if turn < 9:
            g.pass_turn()
    # 18 - 8 = 10 then draws 9; 9 - 2 = 7, hand 9 - 6 = 3, draws: 6 / 4;
    # 6 - 5 = 1, hand 4 - 3 = 1, draws: 0 / 2; on turn 9 he holds only 2,
    # so the 8 is capped to 2, all from his hand. Turn 10: he cannot draw.
    s = g.state
    assert s.turn == 10 and s.phase == duel.OVER and s.duel_winner == ANN
    assert s.supply[BOB] == 0 and s.hand[BOB] == 0 and s.discard[BOB] == 26  # all 26
    assert s.report == ["BOB cannot draw", "ANN wins the duel"]
    assert s.match.wins == [1, 0]


def starve(g, six, seven):
    """The seat holding ``six`` builds it (``seven`` discarded) and attacks
    with it every turn, the other paying from its supply first, until the
    duel ends."""
    s = g.state
    owner = s.colour.index(duel.colour(c(six)))
    while s.phase != duel.OVER:
        if s.active == owner and s.phase == duel.BUILD and not s.robots[owner]:
            g.build(six, seven)
        elif s.active == owner and s.phase == duel.PROGRAM and not s.robots[owner][0][1]:
            g.do("mode", robot=c(six))
        elif s.active == owner and s.phase == duel.COMBAT:
            g.attack(six)
        elif s.phase == duel.DISCARD:
            g.do("discard", supply=min(s.loss, s.supply[s.defender]))
        else:
            g.do("next")
    return s


def test_a_match_of_two_duels_swaps_colours():
    g = Game()
    s = starve(g, "6H", "7H")  # as in the black test above: BOB wins on turn 9
    assert s.turn == 9 and s.duel_winner == BOB
    s = g.do("duel")
    # duel 2: BOB holds black now: 26 - 5 - 1 = 20 / 6; ANN red: 19 / 7
    assert s.duel == 2 and s.colour == [duel.RED, duel.BLACK] and s.active == BOB
    assert s.supply == [19, 20] and s.hand == [7, 6] and s.discard == [0, 0]
    assert s.robots == [[], []] and s.turn == 1 and s.duel_winner is None
    assert duel.headline(s) == "duel 2 turn 1"
    assert s.report == ["ANN starts with 7", "BOB starts with 5", "BOB draws a card"]
    s = starve(g, "6C", "7C")
    # BOB attacks on turns 3, 5, 7: ANN's supply 18 - 8 = 10, draws 9,
    # 9 - 8 = 1, draws 0, then pays from her hand; turn 8 she cannot draw
    assert s.turn == 8 and s.duel_winner == BOB
    assert s.report == ["ANN cannot draw", "BOB wins the duel", "BOB wins the match"]
    assert s.over and s.winner == BOB and duel.legal(s) == []
    assert duel.headline(s) == "BOB wins the match"
    assert duel.score_rows(s) == [["duel", "ANN", "BOB"], [1, 0, 1], [2, 0, 1], ["wins", 0, 2]]
    assert duel.summary(s)["winner"] == "BOB" and duel.summary(s)["wins"] == [0, 2]
    assert g.refuse("duel") == "the match is over"


def test_one_duel_matches_and_split_matches():
    g = Game(wins=1)
    s = starve(g, "6C", "7C")  # ANN (black) starves BOB: the match is hers
    assert s.over and s.winner == ANN and duel.summary(s)["winner"] == "ANN"
    g = Game()
    starve(g, "6C", "7C")  # ANN takes duel 1 with black
    g.do("duel")
    s = starve(g, "6C", "7C")  # BOB takes duel 2 with black
    assert s.match.wins == [1, 1] and not s.over and s.duel_winner == BOB
    assert duel.score_rows(s)[1:] == [[1, 1, 0], [2, 0, 1], ["wins", 1, 1]]


def test_undo_replays_every_prefix_to_the_same_state():
    g = Game()
    g.build("3C", "10C")
    g.pass_turn()
    g.build("8H", "10H")
    g.pass_turn()
    g.do("mode", robot=c("3C"))
    g.do("next")
    g.build("6C", "7C")
    g.attack("3C")
    g.block(("3C", "8H"))
    g.pass_turn()
    g.pass_turn()
    g.do("mode", robot=c("6C"))
    g.do("next")
    g.do("next")
    g.attack("6C")
    g.block(("6C", "8H"))
    g.do("recover", face=c("QS"), back=2)
    for n in range(len(g.actions) + 1):
        assert snap(replay(duel, g.setup, g.actions[:n])) == g.snaps[n], n
    # undo: all but the last action gives the state before it
    undone = replay(duel, g.setup, g.actions[:-1])
    assert undone.recovering == ANN and undone.discard == [4, 2]


def test_adjusted_counts_set_the_piles_and_each_discard_is_the_rest():
    g = Game()
    s = g.build("6C", "7C")  # ANN: 6C a robot, 7C discarded: supply 20, hand 4, discard 1
    # no Attack robot: on to the recovery, ANN first (hand 4, discard 1)
    assert s.phase == duel.RECOVERY and s.recovering == ANN
    # The table finds ANN drew one more than told: supply 19, hand 5. Her
    # half has 26 cards, 6C in play: 25 out of play, so discard 25 - 24 = 1.
    # BOB's is untouched: 26 - 19 - 7 = 0.
    g.do("counts", supply=[19, 19], hand=[5, 7])
    assert s.supply == [19, 19] and s.hand == [5, 7] and s.discard == [1, 0]
    assert s.report == ["counts set as told"] and s.phase == duel.RECOVERY
    # 20 + 6 = 26 cards would need 6C out of play too
    assert g.refuse("counts", supply=[20, 19], hand=[6, 7]) == "ANN has 25 cards out of play"
    assert g.refuse("counts", supply=[19], hand=[5, 7]) == "counts are given for both players"
    assert (
        g.refuse("counts", supply=[19, 19], hand=[-1, 7]) == "a pile holds 0 or more cards, not -1"
    )
    # BOB's supply counted empty (the rest, 26 - 7 = 19, in his discard pile):
    # he loses at his next draw, the research of turn 2
    g.do("counts", supply=[19, 0], hand=[5, 7])
    assert s.discard == [1, 19]
    g.pass_turn()
    assert s.phase == duel.OVER and s.duel_winner == ANN
    assert s.report == ["BOB cannot draw", "ANN wins the duel"]
    assert g.refuse("counts", supply=[19, 0], hand=[5, 7]) == "the duel is over"


def test_adjusted_counts_shrink_a_loss_being_discarded():
    g = Game()
    g.pass_turn()  # turn 1: ANN 20 / 6
    g.build("6H", "7H")  # turn 2: BOB 18 / 8, then 6H and hand 6
    g.pass_turn()
    g.pass_turn()  # turn 3: ANN 19 / 7
    g.do("mode", robot=c("6H"))  # turn 4, BOB
    g.do("next")
    g.do("next")
    s = g.attack("6H")  # 6 unblocked: ANN must discard 8
    assert s.phase == duel.DISCARD and s.loss == 8
    # ANN really holds supply 3 and hand 2: a loss of 8 is capped at 5
    g.do("counts", supply=[3, s.supply[BOB]], hand=[2, s.hand[BOB]])
    assert s.loss == 5 and s.discard[ANN] == 26 - 5 and s.phase == duel.DISCARD
    # nothing left at all: no loss to discard, on to the recovery (no blocks)
    g.do("counts", supply=[0, s.supply[BOB]], hand=[0, s.hand[BOB]])
    assert s.loss == 0 and s.phase == duel.RECOVERY and s.recovering == BOB
