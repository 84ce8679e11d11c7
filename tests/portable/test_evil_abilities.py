"""Evil Robots under the full rules: each robot's card worked by hand from
evil-robots.txt (v0.72, The Bots and Notes & FAQ), the pass phase as
printed, and refusals that leave the round as it was.

Rounds here are dealt with "v": 2 (the full rules). Seats 0-4 are P1-P5.
"""

from portable.support import raises
from referee.core.journal_read import replay
from referee.evil import rules as evil

G, E, N = evil.GOOD, evil.EVIL, evil.NEUTRAL
HH, TT, HT = [True, True], [False, False], [True, False]


def deal(bots, power, coins):
    return {
        "a": "deal",
        "bots": [evil.bot(b) for b in bots],
        "power": power,
        "coins": coins,
        "v": 2,
    }


def game(actions, players=5):
    return replay(evil, {"players": players, "target": 10}, actions)


def turn(seat, do, **fields):
    action = {"a": "turn", "seat": seat, "do": do}
    for key in fields:
        action[key] = fields[key]
    return action


def picture(state):
    return repr(
        (
            state.side,
            state.acted,
            state.passed,
            state.pass_acted,
            state.used,
            state.power,
            state.level,
            state.shown,
            state.must_pass,
            state.claimed,
            state.free_level,
            state.no_pass_phase,
        )
    )


def refused(state, action):
    """The reason ``action`` is refused; the round is exactly as it was."""
    before = picture(state)
    reason = raises(evil.step, state, action)
    assert picture(state) == before, action
    # it fits the panel: one line of 21, or two broken at a space (Canvas.lines)
    cut = reason.rfind(" ", 0, 22) if len(reason) > 21 else len(reason)
    assert 0 < cut <= 21 and len(reason[cut:].strip()) <= 21, reason
    return reason


# P1 PushBot 7 Good, P2 SumoBot 3 Evil, P3 RandomBot 5 Neutral,
# P4 GroupBot 2 Good, P5 CopyBot 6 Evil
ROUND = [
    deal(
        ["PushBot", "SumoBot", "RandomBot", "GroupBot", "CopyBot"],
        [7, 3, 5, 2, 6],
        [HH, TT, HT, HH, TT],
    )
]


def test_pushbot_forces_anyone_to_the_side_it_names():
    # PushBot's card: force any player to whatever allegiance you choose.
    # P1 pushes P2 (Evil) to Good, and could have named Neutral too.
    state = game(ROUND + [turn(0, "own", target=1, to=G)])
    assert state.side == [G, G, N, G, E]
    assert 0 in state.used and 0 in state.acted
    # its one turn is spent; and a robot without an action has none to take
    assert "has had a turn" in refused(state, turn(0, "own", target=2, to=E))
    assert "SumoBot has no action" in refused(state, turn(1, "own", target=2, to=E))


def test_randombot_flips_the_chosen_players_coin():
    # RandomBot's card: pick a player, they flip their coin now. The device
    # flips (recorded as "coin"): heads Good, tails Evil, whatever they were.
    state = game(ROUND + [turn(2, "own", target=4, coin=True)])
    assert state.side[4] == G
    state = game(ROUND + [turn(2, "own", target=0, coin=False)])
    assert state.side[0] == E
    assert "needs the flip" in refused(game(ROUND), turn(2, "own", target=0))


def test_groupbot_pulls_up_to_two_then_reflips_itself():
    # GroupBot's card: force up to two players to your side, then your own
    # side is randomised (the device's flip, tails: Evil) and kept hidden.
    state = game(ROUND + [turn(3, "own", targets=[1, 2], coin=False)])
    assert state.side == [G, G, G, E, E]
    state = game(ROUND + [turn(3, "own", targets=[], coin=True)])
    assert state.side[3] == G  # nobody pulled; heads: Good
    assert "up to 2" in refused(game(ROUND), turn(3, "own", targets=[0, 1, 2], coin=True))


def test_copybot_copies_a_robot_that_acted_with_its_own_targets():
    # CopyBot's card: do the action of any robot that acted this round,
    # choosing your own targets. Before PushBot acts there is nothing to copy.
    assert "copy a robot that acted" in refused(
        game(ROUND), turn(4, "own", copy=evil.bot("PushBot"), target=1, to=N)
    )
    state = game(ROUND + [turn(0, "own", target=1, to=G)])
    state = evil.step(state, turn(4, "own", copy=evil.bot("PushBot"), target=0, to=N))
    assert state.side == [N, G, N, G, E]


def test_judasbot_pretends_to_pass_switches_in_secret_and_passes_again():
    # JudasBot's card: on your turn pretend to pass, change your side in
    # secret, then pass again in the pass round.
    bots = ["JudasBot", "SumoBot", "CopyBot", "BadBot", "MiseryBot"]
    state = game([deal(bots, [4, 5, 6, 7, 8], [HH, TT, HT, HH, TT])])
    assert "after its pass" in refused(state, {"a": "judas", "seat": 0, "to": E})
    evil.step(state, turn(0, "pass"))  # what the table sees: a pass
    evil.step(state, {"a": "judas", "seat": 0, "to": E})  # hidden
    assert state.side[0] == E and state.hidden == [{"a": "judas", "seat": 0, "to": E}]
    assert "switched already" in refused(state, {"a": "judas", "seat": 0, "to": G})
    # the switch is no public action: CopyBot cannot copy it
    assert "copy a robot" in refused(state, turn(2, "own", copy=evil.bot("JudasBot")))
    # in the pass phase it must pass again: P1 (9) and P2 (5) passed; P2
    # is the lowest and sits out, P1 acts, but only to pass
    state = game([deal(bots, [9, 5, 6, 7, 8], [HH, TT, HT, HH, TT]), turn(0, "pass")])
    evil.step(state, {"a": "judas", "seat": 0, "to": N})
    evil.step(state, turn(1, "pass"))
    evil.step(state, {"a": "passes"})
    assert evil.pass_order(state) == ([[0]], [1])
    assert "must pass" in refused(state, turn(0, "convert", target=2, ok=True))
    evil.step(state, turn(0, "pass"))


# The reactions. P1 LockBot 8 Good, P2 SumoBot 3 Evil, P3 ForceBot 5
# Neutral, P4 BlockBot 2 Evil, P5 DoOverBot 6 Good.
REACT = [
    deal(
        ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"],
        [8, 3, 5, 2, 6],
        [HH, TT, HT, TT, HH],
    )
]


def test_the_faq_reaction_chain_lock_force_block():
    # Notes & FAQ: Bob asks Alice (LockBot) to convert; her LockBot refuses;
    # Calvin's ForceBot makes it work after all; Diego's BlockBot then turns
    # it onto Bob, the instigator. Here Bob is P2 (Evil), Alice P1 (Good),
    # Calvin P3, Diego P4: Alice stays Good and Bob ends on her side, Good.
    chain = [[0, "lock"], [2, "force"], [3, "back"]]
    state = game(REACT + [turn(1, "convert", target=0, ok=True, react=chain)])
    assert state.side == [G, G, N, E, G]
    # a reaction is the reactor's turn for the round
    assert state.used == [2, 3] and sorted(state.acted) == [1, 2, 3]
    # the chain stopped after the lock and the force: Alice goes Evil
    state = game(REACT + [turn(1, "convert", target=0, ok=True, react=[[0, "lock"], [2, "force"]])])
    assert state.side[0] == E


def test_a_lockbot_instigator_bounced_onto_itself_still_refuses():
    # LockBot is permanent. P1 LockBot (Good, 2) converts P2 (Evil, 3): it
    # works; P4's BlockBot bounces it onto P1, who would go Evil; P1's
    # LockBot refuses, so nothing changes at all.
    bots = ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"]
    first = [deal(bots, [2, 3, 5, 4, 6], [HH, TT, HT, TT, HH])]
    chain = [[3, "back"], [0, "lock"]]
    state = game(first + [turn(0, "convert", target=1, ok=True, react=chain)])
    assert state.side[:2] == [G, E] and state.used == [3]


def test_blockbot_fails_or_turns_a_conversion_on_its_instigator():
    # BlockBot's card: when a conversion happens, make it fail or apply it
    # to the instigator instead. P5 (Good, power 6) converts P3 (Neutral,
    # 5): lower converts higher, so the table says it failed anyway; take P2
    # (Evil, 3) converting P1 (Good, 8) instead: it works...
    state = game(REACT + [turn(1, "convert", target=2, ok=True, react=[[3, "fail"]])])
    assert state.side[2] == N  # ...unless BlockBot makes it fail
    state = game(REACT + [turn(1, "convert", target=2, ok=True, react=[[3, "back"]])])
    assert state.side[1] == N and state.side[2] == N  # P2 takes P3's side instead
    # a self-conversion can be blocked, not turned (it is the instigator)
    state = game(REACT + [turn(4, "self", to=E, react=[[3, "fail"]])])
    assert state.side[4] == G
    assert "can only fail" in refused(game(REACT), turn(4, "self", to=E, react=[[3, "back"]]))


def test_a_push_is_a_conversion_that_blockbot_can_answer():
    # Notes & FAQ call PushBot's push a conversion, so BlockBot may answer
    # it. P1 PushBot (Good) pushes P2 (Evil) to Neutral; P4 BlockBot
    # bounces it: P1 ends Neutral, P2 stays Evil. Or makes it fail.
    bots = ["PushBot", "SumoBot", "CopyBot", "BlockBot", "MiseryBot"]
    first = [deal(bots, [5, 3, 6, 2, 8], [HH, TT, HT, TT, HH])]
    state = game(first + [turn(0, "own", target=1, to=N, react=[[3, "back"]])])
    assert state.side[:2] == [N, E] and 3 in state.used
    state = game(first + [turn(0, "own", target=1, to=N, react=[[3, "fail"]])])
    assert state.side[:2] == [G, E]


def test_forcebot_makes_a_failed_conversion_work_once():
    # ForceBot's card: once a round, when a conversion fails, force it to
    # succeed. P5 (Good, 6) fails to convert P2 (Evil, 3); P3 forces it.
    state = game(REACT + [turn(4, "convert", target=1, ok=False, react=[[2, "force"]])])
    assert state.side[1] == G
    assert "needs a failed" in refused(
        game(REACT), turn(4, "convert", target=1, ok=True, react=[[2, "force"]])
    )
    # once only: a second force in the round is refused
    assert "reacted already" in refused(
        state, turn(0, "convert", target=3, ok=False, react=[[2, "force"]])
    )


def test_doover_pulls_the_target_to_its_side_after_any_attempt():
    # DoOverBot's card: after any conversion attempt, worked or not, force
    # that player to your side. P2 (Evil) fails on P3 (Neutral); P5 (Good)
    # pulls P3 to Good.
    state = game(REACT + [turn(1, "convert", target=2, ok=False, react=[[4, "over"]])])
    assert state.side[2] == G and 4 in state.used


def test_lockbot_cannot_be_forced_off_a_side_and_reactions_are_checked():
    # LockBot's card: its side cannot change from Good or Evil. A PushBot
    # push leaves it; a Neutral LockBot moves like anyone.
    bots = ["LockBot", "PushBot", "CopyBot", "BadBot", "MiseryBot"]
    state = game(
        [deal(bots, [1, 2, 3, 4, 5], [HH, TT, HT, HH, TT]), turn(1, "own", target=0, to=E)]
    )
    assert state.side[0] == G
    state = game(
        [deal(bots, [1, 2, 3, 4, 5], [HT, TT, HT, HH, TT]), turn(1, "own", target=0, to=E)]
    )
    assert state.side[0] == E
    # the wrong robot, and a reaction to your own action, are refused
    assert "is not ForceBot" in refused(
        game(REACT), turn(4, "convert", target=1, ok=False, react=[[1, "force"]])
    )
    assert "no reaction" in refused(game(REACT), turn(3, "self", to=G, react=[[3, "fail"]]))
    # a reactor who took a normal turn has no reaction left
    state = game(REACT + [turn(3, "self", to=G)])
    assert "had a turn" in refused(
        state, turn(1, "convert", target=2, ok=True, react=[[3, "fail"]])
    )


def test_cheatbot_alone_may_show_a_false_side_and_deny_a_conversion():
    # CheatBot's card: it may cheat when showing its side and lie about
    # being converted. P1 CheatBot (Good) shows Evil; P2 may not.
    bots = ["CheatBot", "SumoBot", "CopyBot", "ScaredyBot", "MiseryBot"]
    state = game([deal(bots, [5, 3, 6, 2, 8], [HH, TT, HT, HH, TT])])
    evil.step(state, {"a": "show", "seat": 0, "what": "side", "as": E})
    assert state.side[0] == G and state.shown[0] == "s"
    assert "only CheatBot" in refused(state, {"a": "show", "seat": 1, "what": "side", "as": G})
    # P2 (Evil, 3) converts P1 (5); the table sees it work, but P1 lied:
    evil.step(state, turn(1, "convert", target=0, ok=True))
    assert state.side[0] == E
    evil.step(state, {"a": "truth", "seat": 0})  # hidden, in its peek
    assert state.side[0] == G
    assert "no conversion to deny" in refused(state, {"a": "truth", "seat": 0})
    assert "only CheatBot" in refused(state, {"a": "truth", "seat": 1})
    # ScaredyBot (P4) showed only its power: the end can suggest its bonus
    evil.step(state, {"a": "show", "seat": 3, "what": "power"})
    assert state.shown[3] == "p"


def test_plusbot_chooses_once_before_it_acts_and_at_most_three_more():
    # PlusBot's card: up to three above the card, and you stick with it.
    bots = ["PlusBot", "SumoBot", "CopyBot", "BadBot", "MiseryBot"]
    first = [deal(bots, [5, 3, 6, 2, 8], [HH, TT, HT, HH, TT])]
    assert "runs 5 to 8" in refused(game(first), {"a": "plus", "seat": 0, "power": 9})
    assert "only PlusBot" in refused(game(first), {"a": "plus", "seat": 1, "power": 4})
    state = game(first + [{"a": "plus", "seat": 0, "power": 7}])
    assert state.power[0] == 7
    assert "chose already" in refused(state, {"a": "plus", "seat": 0, "power": 8})
    state = game(first + [turn(0, "pass")])
    assert "too late" in refused(state, {"a": "plus", "seat": 0, "power": 8})
    state = game(first + [turn(1, "pass"), {"a": "passes"}])
    assert "too late" in refused(state, {"a": "plus", "seat": 0, "power": 8})


def test_the_pass_phase_as_printed():
    # The Pass Phase, PassBot and FreeBot. Passers: P1 PassBot 2, P2 FreeBot
    # 4, P3 SumoBot 6, P4 BadBot 6; P5 MiseryBot takes its turn.
    bots = ["PassBot", "FreeBot", "SumoBot", "BadBot", "MiseryBot"]
    first = [deal(bots, [2, 4, 6, 6, 8], [HH, TT, HT, HH, TT])]
    first += [{"a": "pass", "seat": s} for s in (0, 1, 2, 3)] + [turn(4, "skip"), {"a": "passes"}]
    state = game(first)
    # PassBot has not claimed: it is the lowest and sits out; 4, then the 6s
    assert evil.pass_order(state) == ([[1], [2, 3]], [0])
    # claimed: first, and never the lowest (FreeBot, 4, sits out now)
    claimed = game(first + [{"a": "first", "seat": 0}])
    assert evil.pass_order(claimed) == ([[0], [2, 3]], [1])
    assert "is not PassBot" in refused(state, {"a": "first", "seat": 1})
    # FreeBot picks its level: at 9 it acts last, and PassBot (2, no
    # claim) is the lowest again
    free = game(first + [{"a": "level", "seat": 1, "level": 9}])
    assert evil.pass_order(free) == ([[2, 3], [1]], [0])
    # ties: either 6 first (the previous player orders them), FreeBot after
    assert "does not act yet" in refused(free, turn(1, "pass"))
    evil.step(free, turn(3, "pass"))
    assert "only as the pass phase starts" in refused(free, {"a": "level", "seat": 1, "level": 1})
    # no converting yourself in the pass phase
    assert "no converting yourself" in refused(free, turn(2, "self", to=E))


def test_a_passer_who_reacts_leaves_the_pass_round():
    # Reaction Abilities: a passer who reacts is out of the pass round. P4
    # BlockBot passes, then blocks P2's conversion of P1.
    bots = ["LockBot", "SumoBot", "ForceBot", "BlockBot", "DoOverBot"]
    state = game([deal(bots, [8, 3, 5, 2, 6], [HT, TT, HT, TT, HH]), {"a": "pass", "seat": 3}])
    evil.step(state, {"a": "pass", "seat": 2})
    evil.step(state, turn(1, "convert", target=0, ok=True, react=[[3, "fail"]]))
    assert state.passed == [2] and 3 in state.acted
    # in the pass phase itself the order stands, but its turn is a pass
    state = game([deal(bots, [8, 3, 5, 2, 6], [HT, TT, HT, TT, HH])])
    for seat in (2, 3, 4):
        evil.step(state, {"a": "pass", "seat": seat})
    evil.step(state, turn(0, "skip"))
    evil.step(state, turn(1, "skip"))
    evil.step(state, {"a": "passes"})
    assert evil.pass_order(state) == ([[2], [4]], [3])
    evil.step(state, turn(2, "convert", target=1, ok=False, react=[[4, "over"]]))
    assert state.side[1] == G and 4 in state.must_pass
    assert "must pass" in refused(state, turn(4, "convert", target=0, ok=True))


def test_the_call_level_is_in_the_journal_and_only_goes_down():
    state = game(ROUND + [{"a": "call", "level": 7}])
    assert state.level == 7
    assert "only go down" in refused(state, {"a": "call", "level": 9})
    evil.step(state, turn(0, "own", target=1, to=G))
    evil.step(state, {"a": "call", "level": 0})  # nobody else: the turns end
    assert "calls are over" in refused(state, turn(1, "pass"))


def test_hidden_steps_keep_the_deals_finality_and_are_listed():
    bots = ["PlusBot", "SumoBot", "CopyBot", "BadBot", "MiseryBot"]
    state = game(
        [deal(bots, [5, 3, 6, 2, 8], [HH, TT, HT, HH, TT]), {"a": "plus", "seat": 0, "power": 6}]
    )
    assert state.final == "the cards are dealt"  # as without the hidden step
    assert state.hidden == [{"a": "plus", "seat": 0, "power": 6}]
    evil.step(state, turn(1, "pass"))
    assert state.final is None and state.hidden == []


def test_rounds_dealt_before_the_full_rules_replay_as_they_were():
    # a journal written before: PlusBot raised twice, a permanent robot's
    # "own action" recorded; both replay unchanged
    bots = ["PlusBot", "SumoBot", "CopyBot", "BadBot", "MiseryBot"]
    old = {
        "a": "deal",
        "bots": [evil.bot(b) for b in bots],
        "power": [5, 3, 6, 2, 8],
        "coins": [HH] * 5,
    }
    state = game(
        [
            old,
            {"a": "plus", "seat": 0, "power": 6},
            {"a": "plus", "seat": 0, "power": 8},
            turn(1, "own"),
        ]
    )
    assert state.power[0] == 8 and not state.strict and 1 in state.acted


def test_the_full_rules_name_the_robots_as_the_core_does():
    from referee.evil import rules_full as evil_more

    assert evil_more.BOTS == evil.BOTS
    for name in ("BlockBot", "FreeBot", "LockBot", "PassBot", "PlusBot", "PushBot", "RandomBot"):
        assert getattr(evil_more, name.upper()) == evil.bot(name)
