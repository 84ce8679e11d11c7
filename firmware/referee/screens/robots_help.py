"""ROBOTS! helpers: a reminder of each power card, and the Tractor Beam's
count (half the Scrap Heap, not counting the beam, rounded up)."""

from micropython import const

from referee.games.robots import tractor_beam
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_BACK_PRESS = const(3)
_BACK_LONG = const(7)

# A few words on each power card, for the table's reminder.
POWERS = (
    ("Extra Parts", "draw 2 from the Factory,", "then discard 2"),
    ("Tractor Beam", "bottom half of the Heap", "goes under the Factory"),
    ("Recycle", "take any one other card", "from the Scrap Heap"),
    ("Force Field", "next player may not take", "from the Heap or laser you"),
    ("Laser Beam", "this and one card of a", "rival's spread go under"),
    ("Star (variant)", "star and a rival's card", "go under the Factory"),
)


class Powers(Screen):
    def __init__(self, app):
        self.app = app
        self.index = 0

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.index = (self.index - step) % len(POWERS)
        elif ev <= _BACK_PRESS:  # OK or BACK pressed
            self.app.pop()

    def draw(self, c):
        name, line1, line2 = POWERS[self.index]
        c.centre(name, 0)
        c.invert_rows(0)
        c.centre(line1, 2)
        c.centre(line2, 3)
        c.number(self.index + 1, c.text("card ", 40, 5), 5)
        c.number(len(POWERS), c.text(" of ", 76, 5), 5)
        self.hint(c, "UP/DOWN  any key:back")


class TractorBeam(Screen):
    def __init__(self, app):
        self.app = app
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
        c.text("Scrap Heap", 2, 1)
        c.number_right(self.heap, c.width - 4, 1, scale=1)
        c.centre("(without the beam)", 2)
        c.centre("moves", 3)
        c.big_number_centre(tractor_beam(self.heap), 4)
