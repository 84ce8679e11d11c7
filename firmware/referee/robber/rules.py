"""Robber Rummy (two 52-card packs): hands scored from the melds a player
owns at the end and the cards left in hand.

Values (robber-rummy.txt, with docs/design.md's rulings): in set melds an ace
scores 15, K-Q-J-10 score 10, 9-2 score 5; in sequence melds every card
scores double, an ace high 30 and an ace low 10. Cards in hand count
against the holder, never doubled, an ace always 15. A renege scores -100
for the hand, whatever else the player held. Two packs: 8 of each rank.
"""

import sys

from referee.core.errors import RulesError
from referee.rummy import rules as rummy
from referee.rummy.rules import closed, fix, headline, legal, score_rows, step, summary  # noqa: F401

NAME = "robber"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
TARGET = 400
TEAMS = True
SITTING = True
ENDINGS = ("rummy", "stock")
RENEGE = -100
GRAIN = 5  # every card scores 5, 10, 15 or double that, and a renege -100

FIELDS = (
    ("seq 2-9", 10, 64),
    ("seq 10-K", 20, 32),
    ("set 2-9", 5, 64),
    ("set 10-K", 10, 32),
    ("hand 2-9", -5, 64),
    ("hand 10-K", -10, 32),
    ("hand aces", -15, 8),
    ("set aces", 15, 8),
    ("seq ace high", 30, 8),
    ("seq ace low", 10, 8),
    ("reneged", 0, 1),
)
_SEQ_LOW, _SEQ_TENS, _SET_LOW, _SET_TENS = 0, 1, 2, 3
_HAND_ACES, _SET_ACES, _ACE_HIGH, _ACE_LOW, _RENEGE = 6, 7, 8, 9, 10

# For the shared screens (rummy/hand.py): a hand's count lines in
# the order the cards lie, indices into FIELDS, and the line where the
# player's hand starts. 0xFF is the whole-sequence line, most often used,
# on top: it adds a sequence's cards to SEQUENCE_FIELDS (2-9, 10-K, ace
# high, ace low). The aces sit beside their melds, the sets before the
# sequences' counts. Bytes, not tuples: on the ROMFS build a bytes constant
# stays in flash, where a tuple is built in the heap as the module loads
# (two of them left the heap too split for a 5,000-action game's resume at
# 96 KB: measured).
PERIOD = "HAND"
LAYOUT = b"\xff\x02\x03\x07\x00\x01\x08\x09\x04\x05\x06\x0a"
HAND_AT = 8
SEQUENCE_FIELDS = b"\x00\x01\x08\x09"  # _SEQ_LOW, _SEQ_TENS, _ACE_HIGH, _ACE_LOW
POWER_CARDS = False


def score(n):
    if n[_RENEGE]:
        return RENEGE
    total = 0
    for i in range(_RENEGE):
        total += FIELDS[i][1] * n[i]
    return total


def check_player(n):
    if n[_RENEGE] and any(n[i] for i in range(_RENEGE)):
        raise RulesError("a renege scores -100 alone: clear the other counts")
    for i in (_SET_LOW, _SET_TENS, _SET_ACES):
        if 0 < n[i] < 3:
            raise RulesError("%s: a set has 3 cards or more" % FIELDS[i][0])
    seq = n[_SEQ_LOW] + n[_SEQ_TENS]  # most hands have none: one test then
    if 0 < seq < 3 and seq + n[_ACE_HIGH] + n[_ACE_LOW] < 3:  # (aces need 2-3 or Q-K)
        raise RulesError("a sequence has 3 cards or more")
    if n[_ACE_HIGH] * 2 > n[_SEQ_TENS]:
        raise RulesError("an ace high needs Q and K in its sequence")
    if n[_ACE_LOW] * 2 > n[_SEQ_LOW]:
        raise RulesError("an ace low needs 2 and 3 in its sequence")


def check_table(counts, seat, new):
    """The whole table's cards for the hand (``new`` in for ``seat``) must
    fit in two packs."""
    aces = tens = low = 0
    for n in rummy.other_counts(counts, seat, new):
        aces += n[_HAND_ACES] + n[_SET_ACES] + n[_ACE_HIGH] + n[_ACE_LOW]
        tens += n[_SEQ_TENS] + n[_SET_TENS] + n[5]
        low += n[_SEQ_LOW] + n[_SET_LOW] + n[4]
    for label, cards, most in (("aces", aces, 8), ("10-K", tens, 32), ("2-9", low, 64)):
        if cards > most:
            raise RulesError("two packs hold %d %s, not %d" % (most, label, cards))
    if aces + tens + low > 104:
        raise RulesError("two packs hold 104 cards, not %d" % (aces + tens + low))


def setup(config):
    return rummy.setup(sys.modules[__name__], config)
