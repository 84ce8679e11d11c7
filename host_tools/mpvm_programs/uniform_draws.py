"""Chance.below(n) for every n from 1 to 256, fed every possible byte: each
outcome must come from the same number of bytes (the rest are refused and
redrawn). Prints the n that are not exactly uniform: "BAD []" if none."""

from referee.core.chance import Chance


def outcomes(n):
    """{outcome: how many of the 256 one-byte draws give it}."""
    counts = {}  # type: dict
    for value in range(256):
        fed = [bytes([value])]

        def source(k, fed=fed):
            if not fed:
                raise EOFError  # a refused byte asks for another: none left
            return fed.pop()[:k]

        try:
            outcome = Chance(source).below(n)
        except EOFError:
            continue
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


bad = []
for n in range(1, 257):
    counts = outcomes(n)
    if sorted(counts) != list(range(n)) or len(set(counts.values())) != 1:
        bad.append(n)
print("BAD", bad)
