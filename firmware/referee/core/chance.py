"""Fair chance from raw entropy bytes.

``entropy(n)`` returns n random bytes: os.urandom on the Pico (its ring
oscillator), seeded bytes in tests. An integer below n is drawn by masking
the bytes to the next power of two and drawing again while the value is n or
more (rejection), so every outcome is exactly equally likely; taking a
remainder instead would favour the low values.
"""


class Chance:
    def __init__(self, entropy):
        self._entropy = entropy

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
            for byte in self._entropy(size):
                value = value << 8 | byte
            value &= mask
            if value < n:
                return value

    def coin(self):
        """True for heads."""
        return self.below(2) == 1

    def roll(self, sides):
        """One die with faces 1..sides."""
        return 1 + self.below(sides)
