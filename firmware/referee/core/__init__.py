"""The referee's game-independent parts: journal, ledger, seats, chance."""

# The ledger's chunk layout (see ledger.py), here because ledger_more.py
# walks the same chunks and ledger.py imports ledger_more.py: item i is item
# ``i & MASK`` of chunk ``i >> SHIFT``.
SHIFT = 9
CHUNK = 1 << SHIFT  # items a chunk: 1 KB of points or run rounds
MASK = CHUNK - 1
