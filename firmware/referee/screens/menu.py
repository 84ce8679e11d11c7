"""The boot menu: the tools and the games of the registry (referee.games).

Each row imports its screen only when chosen, so one game's code is in
memory at a time.
"""

from micropython import const

from referee.games import GAMES
from referee.hw.battery import level
from referee.screens import STEP, Screen, keep_visible

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_BACK_LONG = const(7)

_VISIBLE = const(6)  # rows 1..6; row 0 is the title, row 7 the hint
# The registry entry's fields (referee.games' GAME_*, as numbers in the code)
_GAME_NAME = const(0)
_GAME_TITLE = const(1)


# The rows: Dice & coins, then every game in the registry, History, Settings.
ROWS = len(GAMES) + 3


def label(row):
    if row == 0:
        return "Dice & coins"
    if row <= len(GAMES):
        return GAMES[row - 1][_GAME_TITLE]
    return "History" if row == len(GAMES) + 1 else "Settings"


def chosen(app, row):
    """The screen row ``row`` opens (None if a notice went up instead)."""
    if row == 0:
        # each row's code loads when chosen: one game in memory at a time
        from referee.screens.dice import Dice

        return Dice(app)
    if row == len(GAMES) + 1:
        # as a game's: loaded when chosen, gone when the menu is back
        from referee.screens.history import History

        return History(app)
    if row > len(GAMES):
        from referee.screens.settings import Settings

        return Settings(app)
    # the games' loader stays out of the resident menu
    from referee.screens.games import open_or_start

    return open_or_start(app, GAMES[row - 1][_GAME_NAME])


class Menu(Screen):
    def on_event(self, ev):
        self.message = None  # a declined resume offer's word: read by now
        step = STEP[ev]
        if step:
            self.move(step, ROWS)
        elif ev == _OK_PRESS or ev == _OK_LONG:
            screen = chosen(self.app, self.index)
            if screen is not None:
                self.app.push(screen)
        elif ev == _BACK_PRESS or ev == _BACK_LONG:  # nowhere to go back to: the top
            self.index = 0

    def draw(self, c):
        # here, not at the top: a resume offer covers the menu until the
        # game is back, and the offer is sooner without it (see ui/lists.py)
        from referee.ui.lists import scroll_bar

        self.top = keep_visible(self.top, self.index, _VISIBLE)
        c.centre("ROBOT REFEREE", 0)
        if self.app.millivolts:
            gauge(c, level(self.app.millivolts))
        c.invert_rows(0)
        for i in range(self.top, min(ROWS, self.top + _VISIBLE)):
            row = 1 + i - self.top
            c.text(label(i), 6, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _VISIBLE, ROWS)  # Settings and the duel sit below
        self.hint(c, "UP/DOWN  OK:open")


def gauge(c, bars):
    """A battery of four bars at the right of the title row."""
    c.fill_rect(111, 1, 15, 6, 1)
    c.fill_rect(112, 2, 13, 4, 0)
    c.fill_rect(126, 3, 2, 2, 1)
    for i in range(bars):
        c.fill_rect(113 + 3 * i, 3, 2, 2, 1)
