"""ROBOTS! (rummy with robot powers): hands scored from the cards counted.

Values (robots-rummy.txt, with docs/design.md's rulings): cards 2-9 score 5,
10-14 score 10, a star 15, a wild 0, in a spread for the player and in hand
against them; each constructed robot (five of one number, no wild) adds 50.
The deck: five colours of 2-14 and a star, so 40 cards of 2-9, 25 of 10-14
and 5 stars (wilds are not counted against the deck; they score nothing).
"""

import sys

from referee.core.errors import RulesError
from referee.rummy import rules as rummy
from referee.rummy.rules import closed, fix, headline, legal, score_rows, step, summary  # noqa: F401

NAME = "robots"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
TARGET = 250
TEAMS = False
SITTING = False
ENDINGS = ("out",)
GRAIN = 5  # cards score 5, 10 or 15, a constructed robot 50: corrections step by 5

# (label, points a card, most one player can have) in entry order
FIELDS = (
    ("spread 2-9", 5, 40),
    ("spread 10-14", 10, 25),
    ("hand 2-9", -5, 40),
    ("hand 10-14", -10, 25),
    ("spread star", 15, 5),
    ("hand star", -15, 5),
    ("robots built", 50, 14),
    ("spread wild", 0, 30),
    ("hand wild", 0, 30),
)
_BOT = 6

# For the shared screens (rummy/hand.py): a hand's count lines in
# the order the cards lie, indices into FIELDS (which keep the journal's
# order), and the line where the player's hand starts; the wild cards
# score nothing and are not counted against the deck, so they have no
# line. Bytes: a constant that stays in flash on the ROMFS build.
PERIOD = "HAND"
LAYOUT = b"\x00\x01\x04\x06\x02\x03\x05"
HAND_AT = 4
POWER_CARDS = True  # the hub offers their reminders and the Tractor Beam's count


def score(n):
    total = 0
    for i in range(len(FIELDS)):
        total += FIELDS[i][1] * n[i]
    return total


def check_player(n):
    if n[_BOT] * 5 > n[0] + n[1] + n[4]:
        # two lines of the panel: "a robot's 5 cards go" / "on the spread lines"
        raise RulesError("a robot's 5 cards go on the spread lines")


def check_table(counts, seat, new):
    """The whole table's cards for the hand (``new`` in for ``seat``) must
    fit in the deck."""
    low = high = stars = bots = 0
    for n in rummy.other_counts(counts, seat, new):
        low += n[0] + n[2]
        high += n[1] + n[3]
        stars += n[4] + n[5]
        bots += n[_BOT]
    for label, cards, most in (("2-9", low, 40), ("10-14", high, 25), ("stars", stars, 5)):
        if cards > most:
            raise RulesError("the deck has %d cards %s, not %d" % (most, label, cards))
    if bots > 14:
        raise RulesError("the deck makes at most 14 robots")


def tractor_beam(scrap_heap):
    """Cards a Tractor Beam moves: half the Scrap Heap without the beam,
    rounded up (docs/design.md)."""
    if scrap_heap < 0:
        raise RulesError("a pile cannot hold %d cards" % scrap_heap)
    return (scrap_heap + 1) // 2


def setup(config):
    return rummy.setup(sys.modules[__name__], config)
