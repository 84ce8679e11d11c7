"""Presses per Evil Robots round (issues 17 and 33): the four scripted
five-player rounds, a conversion with one reaction and a reaction chain of
two stay within the budgets written in host_tools/bench/presses.py, and the
count is the presses a player makes."""

import os

from conftest import SCENARIOS

from host_tools.bench import presses
from rig import Rig


def test_the_count_is_each_press_once():
    # by hand: down x2 (2), ok long (1), a peek with UP and DOWN under OK
    # (3), down hold 850 (1); nothing before "snap a" or after "snap b"
    script = "ok\nsnap a\ndown x2\nok long\nwait 300\npeek up down\ndown hold 850\nsnap b\nok"
    assert presses.presses(script, "a", "b") == 7


def test_every_round_is_within_its_budget():
    figures = presses.figures()
    assert len(figures) == len(presses.BUDGETS) == 6
    for what, count, budget in figures:
        assert 0 < count <= budget, what
    quiet = dict((w, c) for w, c, _ in figures)["evil_quiet.txt, round to end"]
    assert quiet <= 8  # docs/design.md: a quiet round after the deal


def test_each_counted_round_is_whole(flash):
    # the stretch counted starts at the discussion and ends on the hub with
    # the round scored: nothing is left out of the count
    from referee.evil.calls import Calls
    from referee.evil.play import EvilGame

    for name, rounds in (("evil_quiet", 1), ("evil_typical", 1), ("evil_reactions", 1)):
        (flash / name).mkdir()
        os.chdir(flash / name)  # a flash of its own: no saved game offered
        before, after = (SCENARIOS / (name + ".txt")).read_text().split("\nsnap round\n")
        rig = Rig(seed=1)
        rig.play(before)
        assert isinstance(rig.app.screen, Calls) and rig.app.screen.discussion, name
        rig.play(after)
        assert isinstance(rig.app.screen, EvilGame), name
        state = rig.app.screen.session.state
        assert state.round == rounds and state.last_result is not None, name
