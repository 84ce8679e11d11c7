"""ROBOTS! helpers: a reminder of each power card, and the Tractor Beam's
count (half the Scrap Heap, not counting the beam, rounded up)."""

from referee.hw.buttons import BACK, PRESS, button_of, kind_of, step_of

# A few words on each power card, for the table's reminder.
POWERS = (
    ("Extra Parts", "draw 2 from the Factory,", "then discard 2"),
    ("Tractor Beam", "bottom half of the Heap", "goes under the Factory"),
    ("Recycle", "take any one other card", "from the Scrap Heap"),
    ("Force Field", "next player may not take", "from the Heap or laser you"),
    ("Laser Beam", "this and one card of a", "rival's spread go under"),
    ("Star (variant)", "star and a rival's card", "go under the Factory"),
)


class Powers:
    def __init__(self, app):
        self.app = app
        self.index = 0

    def on_event(self, ev):
        step = step_of(ev)
        if step:
            self.index = (self.index - step) % len(POWERS)
        elif kind_of(ev) == PRESS:
            self.app.pop()

    def draw(self, c):
        name, line1, line2 = POWERS[self.index]
        c.centre(name, 0)
        c.invert_rows(0)
        c.centre(line1, 2)
        c.centre(line2, 3)
        c.number(self.index + 1, c.text("card ", 40, 5), 5)
        c.number(len(POWERS), c.text(" of ", 76, 5), 5)
        c.centre("UP/DOWN  any key:back", 7)


class TractorBeam:
    def __init__(self, app):
        self.app = app
        self.heap = 0

    def on_event(self, ev):
        step = step_of(ev)
        if step:
            self.heap = min(108, max(0, self.heap + step))
        elif button_of(ev) == BACK or kind_of(ev) == PRESS:
            self.app.pop()

    def draw(self, c):
        from referee.games.robots import tractor_beam

        c.centre("TRACTOR BEAM", 0)
        c.invert_rows(0)
        c.text("Scrap Heap", 2, 1)
        c.number_right(self.heap, c.width - 4, 1, scale=1)
        c.centre("(without the beam)", 2)
        c.centre("moves", 3)
        c.big_number_centre(tractor_beam(self.heap), 4)
