"""The boot menu: the tools and the five games.

Each entry imports its screen only when chosen, so one game's code is in
memory at a time.
"""

from micropython import const

from referee.hw.battery import level
from referee.hw.buttons import BACK, OK, button_of, step_of
from referee.ui.canvas import keep_visible

_VISIBLE = const(6)  # rows 1..6; row 0 is the title, row 7 the hint


def _dice(app):
    from referee.screens.dice import Dice

    return Dice(app)


def _open(app, name):
    """The saved game of that kind if one is unfinished, else a new one."""
    from referee import JOURNAL

    if app.storage.exists(JOURNAL):
        from referee.core.journal import Journal

        # Replay only a journal of this game (or one whose header does not
        # read, to say it is damaged): another game's is left as it is.
        if Journal(app.storage).game() in (name, None):
            from referee.screens.games import done, open_game, saved_game, tell_problem

            saved, session = saved_game(app)
            if saved.problem is not None:
                tell_problem(app, saved)
                return None
            if session is not None and not session.state.over and saved.game == name:
                return done(open_game(app, session))
    from referee.screens.games import done, new_game

    return done(new_game(app, name))


def _settings(app):
    from referee.screens.settings import Settings

    return Settings(app)


def _scorepad(app):
    return _open(app, "scorepad")


def _robots(app):
    return _open(app, "robots")


def _robber(app):
    return _open(app, "robber")


def _evil(app):
    return _open(app, "evil")


def _factory(app):
    return _open(app, "factory")


def _duel(app):
    return _open(app, "duel")


# (label, screen factory)
ENTRIES = (
    ("Dice & coins", _dice),
    ("Score pad", _scorepad),
    ("Evil Robots", _evil),
    ("Robo Factory", _factory),
    ("ROBOTS!", _robots),
    ("Robber Rummy", _robber),
    ("Robots duel", _duel),
    ("Settings", _settings),
)


class Menu:
    def __init__(self, app):
        self.app = app
        self.index = 0
        self.top = 0

    def on_event(self, ev):
        button = button_of(ev)
        step = step_of(ev)
        if step:
            self.index = (self.index - step) % len(ENTRIES)
        elif button == OK:
            screen = ENTRIES[self.index][1](self.app)
            if screen is not None:
                self.app.push(screen)
        elif button == BACK:
            self.index = 0
        self.top = keep_visible(self.top, self.index, _VISIBLE)

    def draw(self, c):
        c.centre("ROBOT REFEREE", 0)
        if self.app.millivolts:
            gauge(c, level(self.app.millivolts))
        c.invert_rows(0)
        for i in range(self.top, min(len(ENTRIES), self.top + _VISIBLE)):
            row = 1 + i - self.top
            c.text(ENTRIES[i][0], 6, row)
            if i == self.index:
                c.invert_rows(row)
        c.centre("UP/DOWN  OK:open", 7)


def gauge(c, bars):
    """A battery of four bars at the right of the title row."""
    c.fill_rect(111, 1, 15, 6, 1)
    c.fill_rect(112, 2, 13, 4, 0)
    c.fill_rect(126, 3, 2, 2, 1)
    for i in range(bars):
        c.fill_rect(113 + 3 * i, 3, 2, 2, 1)
