"""Robot Referee: a pocket referee for five robot card games."""

VERSION = "0.1.0"

# The running game's journal, in the board's data folder (see core/journal.py).
JOURNAL = "game.jnl"
