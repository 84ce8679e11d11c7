"""Evil Robots, a round dealt with "v": 3 (issue 33): the device applies
what it dealt. Every outcome below is worked by hand from evil-robots.txt
v0.72; the section is named at each test. Seats 0-4 are P1-P5.
"""

from portable.support import raises
from referee.core.journal_read import replay
from referee.evil import rules as evil
from referee.evil import rules_full as evil_more

G, E, N = evil.GOOD, evil.EVIL, evil.NEUTRAL
HH, TT, HT = [True, True], [False, False], [True, False]


def deal(bots, power, coins, flips=(True, False, True)):
    return {
        "a": "deal",
        "bots": [evil.bot(b) for b in bots],
        "power": power,
        "coins": coins,
        "flips": list(flips),
        "v": 3,
    }


def game(actions, players=5, robot=False):
    return replay(evil, {"players": players, "target": 10, "robot": robot}, actions)


def turn(seat, do, **fields):
    action = {"a": "turn", "seat": seat, "do": do}
    for key in fields:
        action[key] = fields[key]
    return action


def call(level):
    return {"a": "call", "level": level}


def picture(state):
    return repr(
        (state.side, state.acted, state.used, state.shown, state.level, state.lie, state.cheat)
    )


def refused(state, action):
    """The reason ``action`` is refused: one panel line; nothing changed."""
    before = picture(state)
    reason = raises(evil.step, state, action)
    assert picture(state) == before, action
    assert 0 < len(reason) <= 21, reason
    return reason


def told(state, action):
    """What the table is shown of each conversion in ``action``."""
    say = []
    evil_more.turn(state, action, evil.pass_order, say)
    return say


# P1 PushBot 7 Good, P2 SumoBot 3 Evil, P3 RandomBot 5 Neutral,
# P4 GroupBot 2 Good, P5 CopyBot 6 Evil
ROUND = [
    deal(
        ["PushBot", "SumoBot", "RandomBot", "GroupBot", "CopyBot"],
        [7, 3, 5, 2, 6],
        [HH, TT, HT, HH, TT],
    )
]


def test_a_turn_needs_the_power_called():
    # The Turns Phase: each acts when its power is called; "Your Turn": it
    # must prove it can act at that level. P1 (7) cannot take the call at 8.
    state = game(ROUND + [call(8)])
    assert refused(state, turn(0, "pass")) == "P1 can't act at 8"
    state = game(ROUND + [call(7)])
    evil.step(state, turn(0, "pass"))
    assert state.acted == [0] and state.shown[0] == "p"  # it showed its power


def test_plusbot_acts_at_its_chosen_power_and_freebot_at_any():
    # PlusBot: up to three over its card, and it sticks to it; FreeBot: any
    # level, showing its robot card (The Bots).
    bots = ["PlusBot", "FreeBot", "CopyBot", "BadBot", "MiseryBot"]
    first = deal(bots, [5, 3, 6, 2, 8], [HH] * 5)
    state = game([first, {"a": "plus", "seat": 0, "power": 7}, call(7)])
    evil.step(state, turn(0, "pass"))
    state = game([first, {"a": "plus", "seat": 0, "power": 7}, call(5)])
    assert refused(state, turn(0, "pass")) == "P1 can't act at 5"  # its card, not its choice
    state = game([first, call(11)])
    evil.step(state, turn(1, "pass"))
    assert state.shown[1] == "r"  # at 11 it proved the call with its robot, not its power 3


def test_lower_power_converts_higher_and_no_one_says_it_worked():
    # Conversion: it works only if your power is lower than the target's.
    # P3 (5, Neutral) on P1 (7): works, P1 Neutral. P5 (6) on P3 (5): fails
    # even if the journal says "ok": the device decides.
    state = game(ROUND + [call(5), turn(2, "convert", target=0)])
    assert state.side[0] == N
    assert state.shown[0] == "s" and state.shown[2] == "ps"  # new side; side and power
    state = game(ROUND + [call(6), turn(4, "convert", target=2, ok=True)])
    assert state.side[2] == N and state.shown[2] == "p"  # proof: its power


def test_equal_power_fails_except_for_sumobot():
    # SumoBot: it succeeds on equal or lower power. P2 SumoBot (3, Evil)
    # on P4 (3 here, Good): works. P3 (5) on P5 (5, Evil): equal, fails.
    bots = ["PushBot", "SumoBot", "RandomBot", "GroupBot", "CopyBot"]
    first = deal(bots, [7, 3, 5, 3, 5], [HH, TT, HT, HH, TT])
    state = game([first, call(3), turn(1, "convert", target=3)])
    assert state.side[3] == E
    state = game([first, call(5), turn(2, "convert", target=4)])
    assert state.side[4] == E
    assert told(game([first, call(5)]), turn(2, "convert", target=4)) == [["failed: P5 power 5"]]


def test_the_faq_chain_with_the_lock_judged_by_the_device():
    # Notes & FAQ, a Reaction chain: Bob asks Alice (LockBot) to convert;
    # her LockBot holds; Calvin's ForceBot forces it; Diego's BlockBot
    # turns it onto Bob. P2 = Bob (3, Evil), P1 = Alice (8, Good), P3 =
    # Calvin (5), P4 = Diego (2). The lock is no longer the table's claim.
    bots = ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"]
    first = deal(bots, [8, 3, 5, 2, 6], [HH, TT, HT, TT, HH])
    asked = [first, call(3)]
    assert told(game(asked), turn(1, "convert", target=0)) == [["failed: P1 LockBot"]]
    chain = [[2, "force"], [3, "back"]]
    assert told(game(asked), turn(1, "convert", target=0, react=chain)) == [
        [
            "failed: P1 LockBot",
            "P3 ForceBot: forces",
            "P1 now EVIL",
            "P4 BlockBot: bounces to P2",
            "P2 now GOOD",
        ]
    ]
    state = game(asked + [turn(1, "convert", target=0, react=chain)])
    assert state.side == [G, G, N, E, G]  # Bob ends on Alice's side, Alice stays
    assert state.used == [2, 3] and state.shown[0] == "rs"  # its LockBot, then the forced side
    # without the bounce the force stands: Alice goes Evil (a reaction
    # defeats the ability it answers)
    state = game(asked + [turn(1, "convert", target=0, react=[[2, "force"]])])
    assert state.side[0] == E


def test_a_false_claim_names_only_the_claimant():
    # Reaction Abilities: a reaction is its holder's, shown as its card.
    # P2 claims ForceBot (P3 holds it): refused, and the refusal names P2
    # alone; the same for a robot's action (P1 says it is RandomBot).
    bots = ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"]
    state = game([deal(bots, [8, 3, 5, 2, 6], [HH, TT, HT, TT, HH]), call(6)])
    why = refused(state, turn(4, "convert", target=1, react=[[1, "force"]]))
    assert why == "P2 is not ForceBot"
    state = game(ROUND + [call(7)])
    why = refused(state, turn(0, "own", bot=evil.bot("RandomBot"), target=1))
    assert why == "P1 is not RandomBot"


def test_forcebot_answers_a_failed_conversion_only():
    # ForceBot: when a conversion fails, force it to succeed. P5 (6) on P2
    # (3) fails by power: P3's ForceBot makes it work (P2 to P5's Good).
    bots = ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"]
    first = [deal(bots, [8, 3, 5, 2, 6], [HH, TT, HT, TT, HH]), call(6)]
    state = game(first + [turn(4, "convert", target=1, react=[[2, "force"]])])
    assert state.side[1] == G
    # P5 on P1 (8): works by power; a force is refused, said on one line
    state = game([deal(bots, [8, 3, 5, 2, 6], [HT, TT, HT, TT, HH]), call(6)])
    assert "needs a failed" in raises(
        evil.step, state, turn(4, "convert", target=0, react=[[2, "force"]])
    )


def test_the_chance_actions_take_the_deals_flips():
    # RandomBot: the player flips now; GroupBot: randomise your own side.
    # The flips were drawn with the deal: [True, False, True] here.
    state = game(ROUND + [call(5), turn(2, "own", bot=15, target=4, coin=False)])
    assert state.side[4] == G  # the deal's first flip (heads), not the turn's "coin"
    state = game(ROUND + [call(2), turn(3, "own", bot=8, targets=[1])])
    assert state.side[1] == G and state.side[3] == E  # pulled to Good; reflip tails
    # CopyBot (6) copies PushBot after it acted, then RandomBot (5) flips
    # P1: the flips are per robot, so RandomBot's stays the first (heads)
    state = game(
        ROUND
        + [
            call(7),
            turn(0, "own", bot=14, target=1, to=N),
            call(6),
            turn(4, "own", bot=3, copy=14, target=2, to=E),
            call(5),
            turn(2, "own", bot=15, target=0),
        ]
    )
    assert state.side[:3] == [G, N, E]  # P2 pushed Neutral, P3 pushed Evil, P1 heads: Good
    # CopyBot copying RandomBot takes the third flip: P3 RandomBot (7)
    # flips P1 with the first (heads: Good); P5 CopyBot (6) copies it on P2
    # with the third (tails: Evil)
    bots = ["PushBot", "SumoBot", "RandomBot", "GroupBot", "CopyBot"]
    first = deal(bots, [5, 3, 7, 2, 6], [TT, HH, HT, HH, TT], (True, True, False))
    state = game(
        [first, call(7), turn(2, "own", bot=15, target=0), call(6)]
        + [turn(4, "own", bot=3, copy=15, target=1)]
    )
    assert state.side[:2] == [G, E]


def test_groupbots_pulls_are_conversions_with_reactions():
    # GroupBot forces up to two to its side: each pull is a conversion, so a
    # BlockBot may answer it (Notes & FAQ, reactions answer any conversion).
    # P1 GroupBot (Good, 2) pulls P2 (Evil) and P3 (Neutral); P4's BlockBot
    # makes the pull of P3 fail; the reflip (tails) makes P1 Evil.
    bots = ["GroupBot", "SumoBot", "CopyBot", "BlockBot", "MiseryBot"]
    first = [deal(bots, [2, 3, 6, 5, 8], [HH, TT, HT, TT, HH], (True, False, True)), call(2)]
    action = turn(0, "own", bot=8, targets=[1, 2], react=[[], [[3, "fail"]]])
    # the pull of P3 is told as it happens, BlockBot's answer, then its end:
    # P3 keeps its side (Neutral, unshown: "stays")
    assert told(game(first), action) == [
        ["P2 now GOOD"],
        ["P3 now GOOD", "P4 BlockBot: fails", "failed: P3 stays"],
    ]
    state = game(first + [action])
    assert state.side[:3] == [E, G, N] and 3 in state.used
    assert "one reaction list" in raises(
        evil.step, game(first), turn(0, "own", bot=8, targets=[1, 2], react=[[]])
    )


def test_cheatbot_lies_in_either_phase_and_the_device_keeps_the_truth():
    # CheatBot: it may lie about whether it was converted and cheat when
    # showing its side. P1 CheatBot (8, Good) chose to lie; P2 (3, Evil)
    # converts it: it worked (3 < 8), the table is told it failed, proved
    # by the side P1 shows (Good); P1 is Evil in truth.
    bots = ["CheatBot", "SumoBot", "CopyBot", "ScaredyBot", "MiseryBot"]
    first = [deal(bots, [8, 3, 6, 2, 9], [HH, TT, HT, HH, TT]), {"a": "lie", "seat": 0, "on": True}]
    assert told(game(first + [call(3)]), turn(1, "convert", target=0)) == [
        ["failed: P1 shows GOOD"]
    ]
    state = game(first + [call(3), turn(1, "convert", target=0)])
    assert state.side[0] == E and state.hidden == []
    # the pass phase: P1 passed; it turns its lie on only now
    passing = [
        deal(bots, [8, 3, 6, 2, 9], [HH, TT, HT, HH, TT]),
        {"a": "pass", "seat": 0},
        {"a": "pass", "seat": 2},
        {"a": "pass", "seat": 3},
        call(0),
        {"a": "passes"},
    ]
    state = game(passing + [{"a": "lie", "seat": 0, "on": True}])
    assert state.lie and state.hidden == [{"a": "lie", "seat": 0, "on": True}]
    # P4 (2) sits out; P3 (6) then P1 (8) act: P3 converts P1 (6 < 8)
    assert told(state, turn(2, "convert", target=0)) == [["failed: P1 shows GOOD"]]
    assert "only CheatBot" in refused(game(passing), {"a": "lie", "seat": 1, "on": True})


# P1 CheatBot 4 Good, P2 ForceBot 3 Evil, P3 CopyBot 6 Neutral,
# P4 ScaredyBot 2 Good, P5 MiseryBot 9 Evil
CHEAT = [
    deal(
        ["CheatBot", "ForceBot", "CopyBot", "ScaredyBot", "MiseryBot"],
        [4, 3, 6, 2, 9],
        [HH, TT, HT, HH, TT],
    )
]


def cheat(side):
    return {"a": "cheat", "seat": 0, "as": side}


def test_cheatbot_converts_to_the_side_it_shows():
    # Notes & FAQ: "Can CheatBot convert someone to the opposite team? Yes,
    # because they can choose to convert, then reveal a false Allegiance";
    # "Your Turn" 2: a converted player goes to the instigator's allegiance.
    # P1 CheatBot (4, Good) chose to show Evil; at 4 it converts P3 (6,
    # Neutral): 4 < 6 works, and P3 goes to the side shown, Evil. P1 is
    # still Good in truth, and showed its side and power (Conversion).
    state = game(CHEAT + [cheat(E)])
    assert state.cheat == E and state.hidden == [cheat(E)]  # a hidden step
    evil.step(state, call(4))
    assert told(state, turn(0, "convert", target=2)) == [["P3 now EVIL"]]
    evil.step(state, turn(0, "convert", target=2))
    assert state.side[:3] == [G, E, E] and state.shown[0] == "ps" and state.shown[2] == "s"
    # written before this change (no cheat step): its own side, as before
    state = game(CHEAT + [call(4), turn(0, "convert", target=2)])
    assert state.side[:3] == [G, E, G] and state.cheat is None
    # Notes & FAQ: "If I'm Neutral or I'm CheatBot or PushBot, can I choose
    # to convert another player back to Neutral on my turn? Yes": P5 (9, Evil)
    state = game(CHEAT + [cheat(N), call(4)])
    assert told(state, turn(0, "convert", target=4)) == [["P5 now NEUTRAL"]]
    # converting itself is its own choice of side: the shown one plays no part
    state = game(CHEAT + [cheat(N), call(4), turn(0, "self", to=E)])
    assert state.side[0] == E


def test_cheatbots_shown_side_in_a_failure_and_in_the_pass_phase():
    # Conversion: P1 (4) on P4 (2) fails; ForceBot ("When any conversion
    # fails ... force it to succeed") makes it work: P4 goes to the side
    # P1 showed, Neutral.
    state = game(CHEAT + [cheat(N), call(4)])
    assert told(state, turn(0, "convert", target=3)) == [["failed: P4 power 2"]]
    action = turn(0, "convert", target=3, react=[[1, "force"]])
    assert told(state, action) == [["failed: P4 power 2", "P2 ForceBot: forces", "P4 now NEUTRAL"]]
    evil.step(state, action)
    assert state.side[:4] == [G, E, N, N]
    # The Pass Phase: P1 and P4 passed; P4 (2) is the lowest and sits out,
    # P1 acts. It chooses its shown side now, Evil, and converts P3 (6).
    passing = CHEAT + [{"a": "pass", "seat": 0}, {"a": "pass", "seat": 3}, call(0)]
    state = game(passing + [{"a": "passes"}, cheat(E), turn(0, "convert", target=2)])
    assert state.side[:3] == [G, E, E] and state.pass_acted == [0]
    # another player's conversion takes its own side, whatever CheatBot chose
    state = game(CHEAT + [cheat(N), call(3), turn(1, "convert", target=2)])
    assert state.side[2] == E


def test_only_cheatbot_chooses_a_shown_side_and_only_in_a_judged_round():
    state = game(CHEAT + [cheat(E)])
    assert "only CheatBot" in refused(state, {"a": "cheat", "seat": 1, "as": G})
    assert refused(state, cheat(E)) == "no such cheat"  # chosen already
    assert refused(state, cheat("purple")) == "no such cheat"
    evil.step(state, cheat(G))  # its own side: no cheat again
    assert state.cheat is None
    assert refused(state, cheat(G)) == "no such cheat"
    old = dict(CHEAT[0])
    old["v"] = 2
    del old["flips"]
    assert refused(game([old]), cheat(E)) == "no such cheat"  # rounds dealt before: no such step
    # a new deal forgets it
    sides = [G, E, N, G, E]
    state = game(CHEAT + [cheat(E), {"a": "end", "side": sides}, CHEAT[0]])
    assert state.round == 2 and state.cheat is None


def test_scaredybot_scores_only_if_it_showed_no_more_than_its_power():
    # ScaredyBot: one more point if it ends the round without revealing
    # anything but its power. P4 ScaredyBot (2, Good). Acting at 2 (a pass)
    # shows its power only: the end gives it its point on its own.
    bots = ["CheatBot", "SumoBot", "CopyBot", "ScaredyBot", "MiseryBot"]
    first = [deal(bots, [8, 3, 6, 2, 9], [HH, TT, HT, HH, TT])]
    sides = [G, E, N, G, E]
    state = game(first + [call(2), turn(3, "pass"), {"a": "end", "side": sides}])
    assert state.last_result[1][3] == 1  # Good 2 v Evil 2: Evil's 9 wins; ScaredyBot +1
    # converting itself shows its side: no point, whatever the end says
    state = game(first + [call(2), turn(3, "self", to=E)])
    evil.step(state, {"a": "end", "side": sides, "scaredy": True})
    assert state.last_result[1][3] == 0
    # converted by P2 (3 < ... no: 3 > 2, it fails and P4 proves it by its
    # power): still only its power shown, the point stands
    state = game(first + [call(3), turn(1, "convert", target=3), {"a": "end", "side": sides}])
    assert state.shown[3] == "p" and state.last_result[1][3] == 1


def test_the_robot_seat_is_converted_at_power_five():
    # Optional rule: the non-player robot, Neutral at 5, can be converted.
    first = deal(["BadBot", "SumoBot", "CopyBot"], [4, 5, 6], [HH, TT, HT])
    state = game([first, call(4), turn(0, "convert", target=3)], players=3, robot=True)
    assert state.side[3] == G and state.shown == ["ps", "", ""]
    state = game([first, call(6), turn(2, "convert", target=3)], players=3, robot=True)
    assert state.side[3] == N
    state = game([first, call(5)], players=3, robot=True)
    assert told(state, turn(1, "convert", target=3)) == [["BOT now EVIL"]]  # SumoBot: 5 = 5


def test_rounds_dealt_before_replay_with_the_tables_word():
    # a "v": 2 round (journals on boards): the table's "ok" stands
    old = dict(ROUND[0])
    old["v"] = 2
    del old["flips"]
    state = game([old, turn(4, "convert", target=2, ok=True)])
    assert state.side[2] == E and state.rules == 2
