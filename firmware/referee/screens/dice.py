"""Dice & coins: flip a coin or throw NdM dice, the result drawn big.

UP/DOWN pick what to throw, OK throws, a long OK opens the dice editor
(1-9 dice of 2-100 sides), BACK returns to the menu. The choice survives a
reset. A throw counter in the corner shows a new throw happened even when
the value is the same as before.
"""

from micropython import const

from referee.hw.buzzer import ROLL
from referee.screens import STEP, Screen
from referee.ui.canvas import CELL, COLUMNS, number_width
from referee.ui.die import die

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_OK_LONG = const(6)

COIN = (0, 2)  # (count, sides); no dice means a coin
CHOICES = (COIN, (1, 6), (2, 6), (3, 6), (1, 4), (1, 8), (1, 10), (1, 12), (1, 20), (1, 100))
MAX_COUNT = const(9)
MIN_SIDES = const(2)
MAX_SIDES = const(100)
_SETTINGS = "dice"


def label(choice):
    count, sides = choice
    return "COIN" if count == 0 else "%dd%d" % (count, sides)


def _parse(data):
    """(count, sides) from the settings file, or None if it is not valid."""
    try:
        count, sides = (int(x) for x in data.split())
    except (ValueError, AttributeError):
        return None
    if count == 0 and sides == 2:
        return COIN
    if 1 <= count <= MAX_COUNT and MIN_SIDES <= sides <= MAX_SIDES:
        return (count, sides)
    return None


class Dice(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.choices = list(CHOICES)
        saved = app.storage.read(_SETTINGS)
        choice = _parse(saved) if saved else None
        self._select(choice if choice is not None else COIN)
        self.values = None  # the last throw: die values, or [1] heads / [0] tails
        self.throws = 0

    @property
    def choice(self):
        return self.choices[self.index]

    def _select(self, choice):
        if choice not in self.choices:
            self.choices.append(choice)
        self.index = self.choices.index(choice)
        self._title = "< %s >" % label(choice)

    def set_choice(self, choice):
        """Called by the editor (no dice, a count of 0, is the coin);
        remembered across resets."""
        self._select(COIN if choice[0] == 0 else choice)
        self.values = None
        self.throws = 0
        self._remember()

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self._move(-step)  # UP goes back up the list
        elif ev == _OK_PRESS:
            self.throw()
        elif ev == _OK_LONG:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.dice_set import DiceSet

            self.app.push(DiceSet(self.app, self, (MAX_COUNT, MIN_SIDES, MAX_SIDES)))
        else:
            self.back(ev)

    def _move(self, step):
        self.move(-step, len(self.choices))  # UP: the next choice
        self._title = "< %s >" % label(self.choice)
        self.values = None
        self.throws = 0  # the count is of this choice's throws: a coin's are not a die's
        self._remember()

    def _remember(self):
        try:
            self.app.storage.write(_SETTINGS, ("%d %d" % self.choice).encode())
        except OSError:
            pass  # a convenience: on a full flash the choice is just not kept

    def throw(self):
        count, sides = self.choice
        chance = self.app.chance
        if count == 0:
            self.values = [1 if chance.coin() else 0]
        else:
            self.values = chance.dice(count, sides)
        self.throws += 1
        self.app.beep(ROLL)

    def draw(self, c):
        count, sides = self.choice
        c.centre(self._title, 0)
        c.invert_rows(0)
        if self.throws:
            x = c.width - 1 - number_width(self.throws) - CELL
            c.number(self.throws, c.text("#", x, 0, invert=True), 0, invert=True)
        values = self.values
        if values is None:
            c.centre("OK to flip" if count == 0 else "OK to roll", 2, scale=2)
            c.centre("UP/DOWN: choose", 5)
            c.centre("hold OK: set dice", 6)
            self.hint(c, "BACK: menu")
        elif count == 0:
            c.centre("HEADS" if values[0] else "TAILS", 3, scale=2)
        elif sides == 6 and count <= 4:
            size = 30 if count < 4 else 28
            gap = 6 if count < 4 else 4
            x = (c.width - count * size - (count - 1) * gap) // 2
            for v in values:
                die(c, x, 10, size, v)
                x += size + gap
            if count > 1:
                total = sum(values)
                x = (c.width - number_width(total, 2) - 2 * 2 * CELL) // 2
                c.number(total, c.text("= ", x, 6, scale=2), 6, scale=2)
        else:
            c.big_number_centre(sum(values), 1 if count > 1 else 2)
            if count > 1:  # the single values; past a line (9d100: 35), broken after a +
                line = "+".join(str(v) for v in values)
                cut = line.rfind("+", 0, COLUMNS) + 1 if len(line) > COLUMNS else len(line)
                c.centre(line[:cut], 6)
                c.centre(line[cut:], 7)
