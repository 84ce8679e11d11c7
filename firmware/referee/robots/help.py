"""ROBOTS! helpers: a reminder of each power card and of the moments the
cards leave to the rules (Powered Down, the last discard, the ROBOTS!
call), and the Tractor Beam's count (half the Scrap Heap, not counting
the beam, rounded up)."""

from micropython import const

from referee.robots.rules import tractor_beam
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_BACK_PRESS = const(3)
_BACK_LONG = const(7)

# A few words on each power card, then on the moments the cards do not
# explain, for the table's reminder: up to five lines of 21 characters
# (the panel's width; tests/test_text_fits.py pages through them all).
POWERS = (
    (
        "Extra Parts",
        "draw two from the",
        "Factory, discard two:",
        "their powers work.",
        "No spreads after it.",
    ),
    (
        "Tractor Beam",
        "bottom half of the",
        "Heap goes under the",
        "Factory; the beam is",
        "not counted, odd",
        "counts round up",
    ),
    (
        "Recycle",
        "take one other card",
        "from the Heap into",
        "your hand. Not after",
        "a Force Field.",
    ),
    (
        "Force Field",
        "next player draws",
        "from the Factory only",
        "(no Recycle) and may",
        "not laser you. A star",
        "attack still hits.",
    ),
    (
        "Laser Beam",
        "takes one card of a",
        "rival's spread: both",
        "go under the Heap,",
        "laser at the bottom.",
        "Broken spread: hand.",
    ),
    (
        "Star (variant)",
        "it and a rival's",
        "spread card go under",
        "the Factory; a broken",
        "spread's rest goes",
        "under the Heap.",
    ),
    (
        "Powered Down",
        "all cards played, no",
        "discard: next turn",
        "draw from the Factory",
        "and play on. A hand",
        "ends on a discard.",
    ),
    (
        "Last discard",
        "the discard that ends",
        "the hand does nothing",
        "even if it is a power",
    ),
    (
        "ROBOTS!",
        "a playable card on",
        "the Heap? The first",
        "to call ROBOTS! takes",
        "it into a spread.",
    ),
)


class Powers(Screen):
    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.move(step, len(POWERS))
        elif ev <= _BACK_PRESS:  # OK or BACK pressed
            self.app.pop()

    def draw(self, c):
        page = POWERS[self.index]
        c.text(page[0], 2, 0)
        c.number(len(POWERS), c.text("/", c.number(self.index + 1, 110, 0), 0), 0)  # 1/9 .. 9/9
        c.invert_rows(0)
        for i in range(1, len(page)):
            c.text(page[i], 1, i)
        self.hint(c, "UP/DOWN:page OK:back")  # BACK too; UP/DOWN do not leave


class TractorBeam(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.heap = 0

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.heap = min(108, max(0, self.heap + step))
        elif ev <= _BACK_PRESS or ev == _BACK_LONG:  # OK pressed, BACK pressed or held
            self.app.pop()

    def draw(self, c):
        c.centre("TRACTOR BEAM", 0)
        c.invert_rows(0)
        c.text("Heap before beam", 2, 1)
        c.number_right(self.heap, c.width - 4, 1, scale=1)
        c.centre("the beam moves", 2)
        c.big_number_centre(tractor_beam(self.heap), 3)  # rows 3-6
        self.hint(c, "UP/DOWN:heap OK:back")
