"""Cells spent: a calm last screen. Every step of the game is on flash
already; this screen takes no input, so nothing new is written while the
supply sags. New cells restart the referee; USB power brings the game back
at once."""

from micropython import const

from referee.screens import Screen

_SURE = const(3)  # app.py's: readings in a row before the battery is called low or empty


def judge(app):
    """app.check_battery found the battery low or empty three readings in a
    row, or back from empty: the screen for it, once each."""
    if app.empty == _SURE and not app.spent:
        # Every action is on flash already; this screen takes no input,
        # so no write can start on a sagging supply.
        app.spent = True
        app.push(BatteryEmpty(app))
    elif app.spent and app.low == 0:  # USB, or well above empty again
        app.spent = False
        app.warned = False
        app.pop()
    elif app.low == _SURE and not app.warned:
        app.warned = True
        warn(app)


def warn(app):
    # once a battery, if ever: not kept in the heap beside the app
    from referee.screens.notice import Notice

    app.push(Notice(app, "BATTERY LOW", ("change the batteries", "soon; every step", "is saved")))


class BatteryEmpty(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)

    def on_event(self, ev):
        pass  # no input: nothing is written while the supply sags

    def draw(self, c):
        c.centre("BATTERY", 0, scale=2)
        c.centre("EMPTY", 2, scale=2)
        c.centre("your game is saved", 5)
        c.centre("fit new batteries", 6)
        c.centre("or plug in USB", 7)
