"""Fair draws from raw entropy bytes.

Uniformity is proved by enumeration: feed every possible entropy value once
and count the outcomes the draw accepts. Goodness of fit uses Pearson's
chi-square with critical values at p = 0.001 from standard tables
(df 1: 10.828, df 5: 20.515, df 19: 43.820).
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portable.support import Feed
from referee.core.chance import Chance

CHI2_001 = {1: 10.828, 5: 20.515, 19: 43.820}


def accepted_outcomes(n, width):
    """Every width-byte entropy value fed once: {outcome: how many values give it}."""
    counts = {}
    for value in range(256**width):
        feed = Feed(value.to_bytes(width, "big"))
        try:
            outcome = Chance(feed).below(n)
        except EOFError:
            continue  # rejected: the draw asked for more bytes
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


@pytest.mark.parametrize("n", range(1, 257))
def test_one_byte_draws_are_exactly_uniform(n):
    counts = accepted_outcomes(n, 1 if n > 1 else 0)
    assert sorted(counts) == list(range(n))
    assert len(set(counts.values())) == 1  # every outcome equally often


@pytest.mark.parametrize("n", [257, 1000, 6**5, 65536])
def test_two_byte_draws_are_exactly_uniform(n):
    counts = accepted_outcomes(n, 2)
    assert sorted(counts) == list(range(n))
    assert len(set(counts.values())) == 1


def test_rejection_not_modulo():
    # d6 takes 3 bits: 0b110 and 0b111 must be thrown away, not folded onto 0 and 1.
    assert Chance(Feed([6, 7, 3])).below(6) == 3
    with pytest.raises(EOFError):
        Chance(Feed([0xFE])).below(6)


def test_out_of_range_is_refused():
    for n in (0, -3, (1 << 24) + 1):
        with pytest.raises(ValueError):
            Chance(Feed([])).below(n)


def chi_square(counts, expected):
    return sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))


def test_coin_and_d6_fit_over_100000_draws():
    rng = random.Random(20261122)
    chance = Chance(rng.randbytes)
    n = 100_000
    coins = [0, 0]
    dice = [0] * 6
    for _ in range(n):
        coins[chance.coin()] += 1
        dice[chance.roll(6) - 1] += 1
    assert chi_square(coins, [n / 2] * 2) < CHI2_001[1]
    assert chi_square(dice, [n / 6] * 6) < CHI2_001[5]


def test_d20_fits():
    chance = Chance(random.Random(7).randbytes)
    n = 100_000
    counts = [0] * 20
    for _ in range(n):
        counts[chance.roll(20) - 1] += 1
    assert chi_square(counts, [n / 20] * 20) < CHI2_001[19]


def test_a_biased_draw_would_fail_this_check():
    # The same test applied to modulo on one byte (256 % 6 = 4 favours 1..4)
    # with exact counts: 43 each for faces 1-4, 42 for 5-6, per 256 values.
    counts = [43 * 1000, 43 * 1000, 43 * 1000, 43 * 1000, 42 * 1000, 42 * 1000]
    n = sum(counts)
    assert chi_square(counts, [n / 6] * 6) > CHI2_001[5]


def test_allegiance_fits_a_quarter_quarter_half_over_100000():
    # evil-robots.txt: HH Good, TT Evil, mixed Neutral -> 1/4, 1/4, 1/2.
    # Critical value for df 2 at p = 0.001: 13.816.
    chance = Chance(random.Random(11).randbytes)
    n = 100_000
    counts = {"good": 0, "evil": 0, "neutral": 0}
    for _ in range(n):
        counts[chance.allegiance()[2]] += 1
    observed = [counts["good"], counts["evil"], counts["neutral"]]
    assert chi_square(observed, [n / 4, n / 4, n / 2]) < 13.816


def test_shuffle_puts_each_card_in_each_place_equally_over_100000():
    # Five cards; for every position, each card should land there 1/5 of
    # the time. df 4 at p = 0.0001 (five positions tested): 23.513.
    chance = Chance(random.Random(5).randbytes)
    n = 100_000
    table = [[0] * 5 for _ in range(5)]
    for _ in range(n):
        for position, card in enumerate(chance.shuffle([0, 1, 2, 3, 4])):
            table[position][card] += 1
    for position in range(5):
        assert chi_square(table[position], [n / 5] * 5) < 23.513


def test_deal_fits_over_many_deals():
    # 18 power cards (two each of 1-9) dealt one to each of 6 players:
    # a given player's card is 1..9 with probability 2/18 each. df 8 at
    # p = 0.001: 26.124.
    from referee.core.chance import deck

    chance = Chance(random.Random(3).randbytes)
    power = deck([(v, 2) for v in range(1, 10)])
    n = 30_000
    counts = [0] * 9
    for _ in range(n):
        hands, rest = chance.deal(power, 6, 1)
        counts[hands[0][0] - 1] += 1
        assert len(rest) == 12
    assert chi_square(counts, [n / 9] * 9) < 26.124


@given(
    data=st.binary(min_size=64, max_size=400),
    bounds=st.lists(st.integers(1, 70000), min_size=1, max_size=40),
)
def test_pooled_bytes_draw_as_one_byte_at_a_time(data, bounds):
    """Chance fetches its entropy 16 bytes at a time; the draws must be the
    ones the bytes give read one by one, in order (rejection: the masked
    big-endian value, drawn again while it is n or more)."""
    feed = Feed(data)
    chance = Chance(feed)
    stream = iter(data)
    for n in bounds:
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        expected = None
        try:
            while expected is None:
                value = 0
                for _ in range(size):
                    value = value << 8 | next(stream)
                value &= (1 << bits) - 1
                expected = value if value < n else None
        except StopIteration:
            with pytest.raises(EOFError):
                chance.below(n)
            return
        assert chance.below(n) == expected
