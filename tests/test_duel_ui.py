"""Robots duel through the buttons: a whole duel to a win, the tally and the
next duel, undo, a refused build, and resume after a reset."""

from conftest import SCENARIOS, on_stack

from rig import Rig


def hub(rig):
    from referee.duel.play import Duel

    return on_stack(rig, Duel)


def test_a_whole_duel_to_a_win_then_the_next(flash):
    rig = Rig(seed=1)
    script = (SCENARIOS / "duel.txt").read_text()
    rig.play(script.split("snap lost")[0])
    state = hub(rig).session.state
    # By hand from kitkat-robots.txt (the clean half) and DESIGN's rulings:
    # setup: black P1 draws 5 of 26 (supply 21), red P2 draws 7 (19).
    # T1 P1 draws (20, hand 6), builds 6C + 6S: equal values, both robots (hand 4).
    # T2 P2 draws (18, 8), builds 5H + 9H: 5H a robot, 9H discarded (hand 6, discard 1).
    # T3 P1 draws (19, 5); 6C attacks unblocked: a total of exactly 6 costs 8;
    #    P2 takes all 8 from the supply (10; discard 9).
    # T4 P2 draws (9, 7); 5H attacks, 6S blocks: 6 beats 5, so 5H goes under
    #    6S as damage (6S is worth 6 - 5 = 1). P2 trades QH for two cards from
    #    the discard pile: hand 7 - 1 + 2 = 8, discard 9 + 1 - 2 = 8.
    # T5 P1 draws (18, 6); 6C attacks, P2 has no robot to block: 8 more, all
    #    from the supply (1; discard 16).
    # T6 P2 draws its last card (0, 9).
    # T7 P1 draws (17, 7); 6C attacks: 8 from P2's hand (1; discard 24).
    # T8 P2 must draw from an empty supply: P1 wins the duel.
    assert state.supply == [17, 0] and state.hand == [7, 1] and state.discard == [0, 24]
    assert state.duel_winner == 0 and state.match.wins == [1, 0] and not state.over
    mine = {robot[0]: robot for robot in state.robots[0]}
    six_c, six_s, five_h = 6 * 4 + 0, 6 * 4 + 1, 5 * 4 + 2
    assert sorted(mine) == [six_c, six_s] and mine[six_s][2] == [five_h]
    assert state.robots[1] == []
    # every card of both halves is somewhere: P2's 5H sits under P1's 6S
    assert 17 + 7 + 0 + 2 == 26 and 0 + 1 + 24 + 1 == 26
    rig.play("snap lost" + script.split("snap lost")[1])
    state = hub(rig).session.state
    # the next duel: the colours swap, so P2 is black, draws 5 and starts (20, 6)
    assert state.duel == 2 and state.colour == [1, 0] and state.active == 1
    assert state.supply == [19, 20] and state.hand == [7, 6]


def test_a_refused_build_says_why_and_changes_nothing(flash):
    rig = Rig(seed=1)
    rig.play("down x6\nok\nok\nok\nok long\nok")  # P1 black, to build
    before = hub(rig).session.journal.count
    # ranks run ace to king and round: DOWN x3 from the ace is the jack; the
    # black half's suits are clubs (first) and spades; the second card
    # starts as the first
    rig.play("ok\ndown x3\nok\nok\nup x2\nok\nup")  # JC + KS: two face cards
    entry = rig.app.screen
    rig.play("ok")
    assert rig.app.screen is entry and entry.message  # still choosing, told why
    assert hub(rig).session.journal.count == before
    rig.play("back\ndown x3\nok\nok")  # JC + 10S: neither suit nor value (9, 10)
    assert rig.app.screen is entry and hub(rig).session.journal.count == before
    # back to the first card's suit: JS + 10S, both spades
    rig.play("back\nback\nup\nok\nok\nok")
    assert rig.app.screen is not entry
    state = hub(rig).session.state
    # JS is worth 9, 10S 10: the lower is the robot, the higher discarded
    assert [r[0] for r in state.robots[0]] == [11 * 4 + 1] and state.discard[0] == 1


def test_undo_takes_back_the_last_step(flash):
    rig = Rig(seed=1)
    rig.play("down x6\nok\nok\nok\nok long\nok")
    # P1 builds 6C 6S (six: five up from the ace, clubs; the second card
    # starts as 6C: spades one up); P2's turn (its note inline)
    rig.play("ok\nup x5\nok\nok\nok\nup\nok")
    game = hub(rig)
    assert game.session.state.active == 1 and len(game.session.state.robots[0]) == 2
    rig.play("back long")
    state = game.session.state
    assert state.active == 0 and state.robots[0] == [] and state.hand == [6, 7]


def test_a_reset_mid_duel_resumes_it(flash):
    from referee.screens.resume import ResumeOffer

    first = Rig(seed=1)
    first.play((SCENARIOS / "duel.txt").read_text().split("# turn 5")[0])
    before = hub(first).session.state
    again = Rig(seed=99)
    assert isinstance(again.app.screen, ResumeOffer)
    again.play("ok")
    state = hub(again).session.state
    assert (state.supply, state.hand, state.discard) == (
        before.supply,
        before.hand,
        before.discard,
    )
    assert state.robots == before.robots and state.turn == before.turn == 5


def test_the_notes_say_the_opening_hands_and_a_combat_skipped(flash):
    # issue 36: the first draw and a skipped combat were silent. By hand from
    # the rules: black (P1) takes 5 and red (P2) 7, then P1's turn 1 draws;
    # P1's two new robots stand in Defense, so P1's combat is skipped.
    rig = Rig(seed=1)
    rig.play("down x6\nok\nok\nok\nok long\nok")  # P1 black
    assert hub(rig).note == ["P1 starts with 5", "P2 starts with 7", "P1 draws a card"]
    rig.play("ok\nup x5\nok\nok\nok\nup\nok")  # P1 builds 6C and 6S: two robots
    assert hub(rig).note == ["P1: no attacker", "P2 draws a card"]
    rig.play("up")  # the next press acts as usual, and the note is gone
    assert hub(rig).note is None


def test_the_scrap_phase_is_headed_scrap_to_the_most_robots_kept(flash):
    # The heading's words come from the rules core (PHASES, MOST_ROBOTS):
    # the pixels must be those of the line "SCRAP TO 4" the screen once held.
    from referee.duel import rules as duel

    rig = Rig(seed=1)
    rig.play("down x6\nok\nok\nok\nok long\nok")  # P1 black, in the build phase
    game = hub(rig)
    game.session.state.phase = duel.SCRAP  # no robots: nothing to list below
    game.note = None  # the opening note is gone at the first press
    canvas = rig.app.canvas
    heading = slice(1 + 3 * canvas.width + 2, 1 + 3 * canvas.width + 2 + 10 * 6)
    canvas.clear()
    game.draw(canvas)
    drawn = bytes(canvas._buf[heading])
    canvas.clear()
    canvas.text("SCRAP TO 4", 2, 3)
    canvas.hline(0, 25, canvas.width)  # the rule under the counts, in the same page
    assert drawn == bytes(canvas._buf[heading]) and max(drawn) > 0


def test_adjust_counts_sets_the_piles_in_one_step_that_undoes(flash):
    from referee.duel.counts import Counts

    rig = Rig(seed=1)
    rig.play("down x6\nok\nok\nok\nok long\nok")  # P1 black: supply 20, hand 6; P2 19, 7
    # the build phase's rows: build, no build, robots and counts; UP from
    # the first row rounds to the last; OK on the robots in play: the counts
    rig.play("up\nok\nok")
    entry = rig.app.screen
    assert isinstance(entry, Counts)
    rig.play("up\nok\nok\nok\nok")  # P1's supply 21: with hand 6 that is 27 of 26
    assert rig.app.screen is entry and entry.message == "P1 has 26 cards out of play"
    state = hub(rig).session.state
    assert state.supply == [20, 19] and state.hand == [6, 7]  # nothing changed
    # P1 drew one more than told: supply 19, hand 7 (the message stays on
    # the last field: BACK three times to the first)
    rig.play("back x3\ndown x2\nok\nup\nok\nok\nok")
    assert rig.app.screen is hub(rig)
    assert state.supply == [19, 19] and state.hand == [7, 7] and state.discard == [0, 0]
    assert hub(rig).note == ["counts set as told"]
    rig.play("back long")  # one step: undone whole
    state = hub(rig).session.state
    assert state.supply == [20, 19] and state.hand == [6, 7]
