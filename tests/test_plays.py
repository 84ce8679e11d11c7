"""The realistic plays of issue 18 (tests/plays/*.txt): each plays through
the buttons to what its header says, scored by hand from the rules texts,
and its presses (host_tools/bench/presses.py, printed by `make bench`)
stay within docs/design.md's budget."""

import pytest
from conftest import on_stack

from host_tools.bench import presses
from rig import Rig

COUNTS = {name: count for name, count, _budget in presses.play_figures()}


def play(name):
    rig = Rig(seed=1)
    rig.play((presses.PLAYS / f"{name}.txt").read_text())
    return rig


def count_and_budget(name):
    budget = dict(presses.PLAY_BUDGETS)[name]
    return COUNTS[f"plays/{name}.txt"], budget


def test_the_robots_hand_scores_as_the_header_says(flash):
    from referee.rummy.play import Rummy
    from referee.screens.standings import Standings

    rig = play("robots_hand")
    assert isinstance(rig.app.screen, Standings)  # the count ends on the standings
    state = on_stack(rig, Rummy).session.state
    # P1 -40, P2 +65 (went out), P3 +75, P4 +25: the header's sums by hand
    assert state.ledger.round_scores(1) == [-40, 65, 75, 25]
    assert state.ending(1) == ("out", 1)  # nobody asked: P2's hand alone was empty


def test_the_robber_hand_scores_as_the_header_says(flash):
    from referee.rummy.play import Rummy

    rig = play("robber_hand")
    state = on_stack(rig, Rummy).session.state
    # P1 -40, P2 +135 (9-A: 10 + 80 + 30, three 5s: 15), P3 0
    assert state.ledger.round_scores(1) == [-40, 135, 0]
    assert state.ending(1) == ("rummy", 1)


def test_the_score_pad_round_is_as_the_header_says(flash):
    from referee.scorepad.play import ScorePad

    rig = play("scorepad_round")
    state = on_stack(rig, ScorePad).session.state
    assert state.ledger.round_scores(1) == [25, 10, 0, 40] and state.round == 2


def test_the_duel_and_factory_plays_end_where_their_headers_say(flash, tmp_path):
    import os

    from referee.duel.play import Duel
    from referee.factory.play import FactoryGame

    for name in ("duel_quiet", "duel_busy", "factory_turn"):
        (tmp_path / name).mkdir()
        os.chdir(tmp_path / name)  # a flash of its own
        rig = play(name)
        if name == "factory_turn":
            from referee.factory import rules as factory

            state = on_stack(rig, FactoryGame).session.state
            assert state.turn == 1  # the first customer turn is over, the second not dealt
            # the header's second try: P1 BRB with Eureka and P2 BRB right, P3 GRB wrong
            assert [factory.name(r) for r in state.last_built] == ["BRB", "BRB", "GRB"]
            assert state.last_right == [True, True, False] and state.last_try == 2
            roll = state.last_rolls[0]
            assert roll and state.last_rolls[1:] == [0, 0]
            # 4 cubes each to start; P1 paid 1 for the tile; a second try pays 2
            # (and P1 the die's roll), a wrong one costs 1 (robo-factory.txt 4.ii)
            assert [state.cubes(s) for s in range(3)] == [4 - 1 + 2 + roll, 4 + 2, 4 - 1]
        else:
            state = on_stack(rig, Duel).session.state
            # turn 6 was P2's, turn 4 P2's too: P1's turn next
            assert state.active == 0, name


@pytest.mark.parametrize("name", [name for name, _budget in presses.PLAY_BUDGETS])
def test_the_plays_reworked_are_within_budget(name):
    count, budget = count_and_budget(name)
    assert 0 < count <= budget


def test_a_play_is_timed_at_a_tables_pace():
    """Issue 36's pace, by hand: a tap is 150 ms down and 250 ms before the
    next press (0.4 s), a long press 800 ms down (1.05 s), a hold of 300 ms
    0.55 s: 0.4 + 1.05 + 0.55 = 2.0 s from "snap start" to "snap end"."""
    script = "ok\nsnap start\nok\nok long\nup hold 300\nsnap end\nok\n"
    assert presses.table_seconds(script) == pytest.approx(2.0)
    # The ROBOTS! hand at a table's pace, by hand from its script: 22 taps
    # (8.8 s) and seven holds of UP (650 + 530 + 1,010 + 410 + 530 + 650 +
    # 410 = 4,190 ms held, 7 x 250 ms after): 14.74 s, under issue 36's 15.
    # Each hold ends 60 ms after the count it stops on, the first repeat at
    # 350 ms (hw/buttons.py). Issue 36 measured 20.3 s when eight of its
    # presses were long OKs (on to the hand, the count kept), and it was
    # 15.09 s with the first repeat at 400 ms. Robber Rummy's hand: 17 taps
    # (6.8 s) and six holds (4 x 530 + 650 + 410 = 3,180 ms, 1.5 s after):
    # 11.48 s, under issue 36's 12.
    seconds = dict((what, s) for what, s, _target in presses.play_seconds())
    assert seconds["plays/robots_hand.txt"] == pytest.approx(14.74, abs=0.005)
    assert seconds["plays/robber_hand.txt"] == pytest.approx(11.48, abs=0.005)
    # The busy duel turn: nine taps, 3.6 s (issue 36's target 4). It was
    # 12 taps, 4.8 s, when the recovery asked the face card's rank and suit.
    assert seconds["plays/duel_busy.txt"] == pytest.approx(3.6, abs=0.005)


@pytest.mark.parametrize("name", sorted(presses.SECONDS_TARGETS))
def test_the_plays_are_within_their_seconds_at_a_tables_pace(name):
    """Issue 36's targets, kept as budgets (docs/design.md's table)."""
    script = (presses.PLAYS / (name + ".txt")).read_text()
    assert 0 < presses.table_seconds(script) <= presses.SECONDS_TARGETS[name]


@pytest.mark.parametrize("name", ["robots_hand", "robber_hand"])
def test_moving_on_in_a_hand_takes_a_tap(name):
    """Issue 36: a long press is kept for what must not happen by accident;
    counting a hand, from the hub's OK to the standings, takes none."""
    from host_tools.fakes.button_script import commands

    script = (presses.PLAYS / (name + ".txt")).read_text()
    counted = script.split("\nsnap start")[1].split("\nsnap end")[0]
    kinds = [step[2] for step in commands(counted) if step[0] == "hold"]
    assert kinds and "long" not in kinds, kinds
