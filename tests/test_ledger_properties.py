"""Property checks of the ledger: whatever the sequence of adds, undos and
corrections, the totals equal the sum of the entries."""

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.errors import RulesError
from referee.core.ledger import Ledger
from referee.core.ledger_more import entries, entry, undo

ops = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(1, 5), st.integers(0, 3), st.integers(-200, 200)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("fix"), st.integers(1, 5), st.integers(0, 3), st.integers(-200, 200)),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(ops)
def test_totals_always_equal_the_entries(sequence):
    led = Ledger(4)
    for op in sequence:
        try:
            if op[0] == "add":
                led.add(op[1], op[2], op[3])
            elif op[0] == "undo":
                undo(led)
            else:
                led.correct(op[1], op[2], op[3])
        except RulesError:
            pass
        sums = [0] * 4
        for _round, side, pts, _reason in entries(led):
            sums[side] += pts
        assert led.totals == sums
        winner = led.winner(100)
        if winner is not None:
            assert led.totals[winner] >= 100
            assert all(led.totals[s] < led.totals[winner] for s in range(4) if s != winner)


def corrected(entries, rnd, side, points, reason="corrected"):
    """The correction as a list model: the side's entries of that round
    become one, where the first of them was, or after the round's last
    entry (before the first of a later round) if it had none."""
    kept = [e for e in entries if not (e[0] == rnd and e[1] == side)]
    firsts = [i for i, e in enumerate(entries) if e[0] == rnd and e[1] == side]
    if firsts:
        where = firsts[0]
    else:
        later = [i for i, e in enumerate(kept) if e[0] > rnd]
        where = later[0] if later else len(kept)
    return kept[:where] + [(rnd, side, points, reason)] + kept[where:]


@settings(max_examples=300, deadline=None)
@given(ops)
def test_a_correction_in_place_matches_the_list_model(sequence):
    led = Ledger(4)
    model: list = []
    for op in sequence:
        if op[0] == "add" and model and op[1] < model[-1][0]:
            # entries go in round order: an earlier round than the last
            # entry's is refused (the games score rounds in order)
            try:
                led.add(op[1], op[2], op[3])
                raise AssertionError(f"round {op[1]} scored after round {model[-1][0]}")
            except RulesError:
                pass
        elif op[0] == "add":
            led.add(op[1], op[2], op[3])
            model.append((op[1], op[2], op[3], None))
        elif op[0] == "undo":
            if model:
                undo(led)
                model.pop()
        elif any(e[0] == op[1] for e in model):
            led.correct(op[1], op[2], op[3])
            model = corrected(model, op[1], op[2], op[3])
        else:
            try:
                led.correct(op[1], op[2], op[3])
                raise AssertionError("a round with no scores was corrected")
            except RulesError:
                pass
        assert entries(led) == model
        assert [entry(led, i) for i in range(led.count)] == model
        rounds: list = []
        for e in model:
            if e[0] not in rounds:
                rounds.append(e[0])
        assert led.rounds() == rounds
        for rnd in range(7):
            scores = [sum(e[2] for e in model if e[0] == rnd and e[1] == s) for s in range(4)]
            assert led.round_scores(rnd) == scores


def test_a_round_refuses_a_65536th_entry():
    # A run's length lives in 16 bits; no journal on the flash holds that
    # many actions, but the ledger says no rather than wrapping around.
    led = Ledger(2)
    for k in range(0xFFFF):
        led.add(1, k % 2, 1)
    try:
        led.add(1, 0, 1)
        raise AssertionError("a 65,536th entry in one round was taken")
    except RulesError as e:
        assert "is full" in str(e)
    assert led.count == 0xFFFF and led.totals == [0x8000, 0x7FFF]
    led.add(2, 0, 1)  # the next round has room
    assert led.round_scores(2) == [1, 0] and led.rounds() == [1, 2]


@given(st.lists(st.integers(-30, 30), min_size=1, max_size=9))
def test_standings_run_from_the_highest_total_and_keep_seat_order_on_a_tie(points):
    led = Ledger(len(points))
    for seat, pts in enumerate(points):
        if pts:
            led.add(1, seat, pts)
    order = led.standings()
    assert sorted(order) == list(range(len(points)))  # every side once
    for a, b in zip(order, order[1:], strict=False):
        # a higher total first; on a tie, the lower seat first
        assert points[a] > points[b] or (points[a] == points[b] and a < b)
