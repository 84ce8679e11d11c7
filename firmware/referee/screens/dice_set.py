"""Set the dice: how many (1-9) and how many sides (2-100).

UP/DOWN change the underlined number (hold to run), OK moves on and then
confirms, BACK cancels. Coin is chosen by going below one die.
"""

from micropython import const

from referee.screens import STEP, Screen
from referee.ui.canvas import BIG_CELL, big_width

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


class DiceSet(Screen):
    """Edits ``dice.choice``, a (count, sides) pair whose count 0 is the
    coin, within ``limits`` (most dice, fewest and most sides: the dice
    screen's, which checks a saved choice against them too); OK hands the
    pair to ``dice.set_choice``."""

    def __init__(self, app, dice, limits):
        Screen.__init__(self, app)
        self.dice = dice
        self.max_count, self.min_sides, self.max_sides = limits
        count, sides = dice.choice
        if count == 0:  # from the coin, the editor starts at one ordinary die
            count, sides = 1, 6
        self.count = count
        self.sides = sides
        self.field = 0  # 0 the count, 1 the sides

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            if self.field == 0:
                self.count = min(self.max_count, max(0, self.count + step))
            else:
                self.sides = min(self.max_sides, max(self.min_sides, self.sides + step))
        elif ev == _OK_PRESS:
            if self.field == 0 and self.count > 0:
                self.field = 1
            else:
                self.dice.set_choice((self.count, self.sides))
                self.app.pop()
        elif ev == _BACK_PRESS:
            if self.field == 1:
                self.field = 0
            else:
                self.app.pop()

    def draw(self, c):
        c.centre("SET DICE", 0)
        c.invert_rows(0)
        if self.count == 0:
            c.centre("COIN", 2, scale=2)
        else:
            count = str(self.count)
            text = count + "d" + str(self.sides)
            x = (c.width - big_width(text)) // 2
            c.big(text, x, 1)
            # underline the number being changed
            if self.field == 0:
                c.fill_rect(x, 42, len(count) * BIG_CELL - 2, 2)
            else:
                start = x + (len(count) + 1) * BIG_CELL
                c.fill_rect(start, 42, len(str(self.sides)) * BIG_CELL - 2, 2)
        c.centre("how many?" if self.field == 0 else "how many sides?", 6)
        self.hint(c, "OK:next  BACK:cancel" if self.field == 0 else "OK:done  BACK:back")
