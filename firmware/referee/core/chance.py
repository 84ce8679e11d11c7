"""Fair chance from raw entropy bytes.

``entropy(n)`` returns n random bytes: os.urandom on the Pico (its ring
oscillator), seeded bytes in tests. An integer below n is drawn by masking
the bytes to the next power of two and drawing again while the value is n or
more (rejection), so every outcome is exactly equally likely; taking a
remainder instead would favour the low values. Everything else here (coins,
dice, shuffles, deals) is built on that one draw.

The cores never call this module: the screen draws, then records the outcome
in the game's action ("rolled 4"), so replaying the journal is exact.
"""

GOOD = "good"
EVIL = "evil"
NEUTRAL = "neutral"


_POOL = 16  # entropy bytes fetched at a time


class Chance:
    def __init__(self, entropy):
        self._entropy = entropy
        # Bytes are fetched _POOL at a time and used in order, so the draws
        # are the same as fetching each alone; a fetch is a new bytes object
        # (os.urandom), and an Evil Robots deal draws some 70 times.
        self._pool = b""
        self._used = 0

    def _byte(self):
        if self._used >= len(self._pool):
            self._pool = self._entropy(_POOL)
            self._used = 0
        self._used += 1
        return self._pool[self._used - 1]

    def below(self, n):
        """A uniform integer in 0..n-1 (n from 1 to 2**24)."""
        if n < 1 or n > 1 << 24:
            raise ValueError("range must be 1..16777216")
        bits = 0
        while (1 << bits) < n:
            bits += 1
        mask = (1 << bits) - 1
        size = (bits + 7) >> 3
        while True:
            value = 0
            for _ in range(size):
                value = value << 8 | self._byte()
            value &= mask
            if value < n:
                return value

    def coin(self):
        """True for heads."""
        return self.below(2) == 1

    def roll(self, sides):
        """One die with faces 1..sides."""
        return 1 + self.below(sides)

    def dice(self, count, sides):
        """``count`` dice of ``sides`` faces, in the order thrown."""
        values = []
        for _ in range(count):
            values.append(1 + self.below(sides))
        return values

    def allegiance(self):
        """Two coin flips, as Evil Robots starts a round: two heads Good, two
        tails Evil, one of each Neutral. Returns (first, second, allegiance)."""
        first = self.coin()
        second = self.coin()
        return first, second, allegiance_of(first, second)

    def shuffle(self, cards):
        """Fisher-Yates, in place: every order equally likely."""
        for i in range(len(cards) - 1, 0, -1):
            j = self.below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def deal(self, deck, hands, each):
        """Shuffle a copy of ``deck`` and deal ``each`` cards to each of
        ``hands`` hands, one at a time round the table, without replacement.
        Returns (hands, rest of the deck)."""
        if hands * each > len(deck):
            raise ValueError(
                "%d hands of %d need %d cards; the deck has %d"
                % (hands, each, hands * each, len(deck))
            )
        cards = self.shuffle(list(deck))
        dealt = [[] for _ in range(hands)]  # type: list
        for k in range(hands * each):
            dealt[k % hands].append(cards[k])
        return dealt, cards[hands * each :]


def allegiance_of(first, second):
    if first and second:
        return GOOD
    if not first and not second:
        return EVIL
    return NEUTRAL


def deck(spec):
    """A deck from its description: [(card, copies), ...] -> list of cards."""
    cards = []
    for card, copies in spec:
        for _ in range(copies):
            cards.append(card)
    return cards
