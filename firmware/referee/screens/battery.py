"""Cells spent: a calm last screen. Every step of the game is on flash
already; this screen takes no input, so nothing new is written while the
supply sags. New cells restart the referee; USB power brings the game back
at once."""

from referee.screens import Screen


def warn(app):
    # once a battery, if ever: not kept in the heap beside the app
    from referee.screens.notice import Notice

    app.push(Notice(app, "BATTERY LOW", ("change the batteries", "soon; every step", "is saved")))


class BatteryEmpty(Screen):
    def __init__(self, app):
        self.app = app

    def on_event(self, ev):
        pass  # no input: nothing is written while the supply sags

    def draw(self, c):
        c.centre("BATTERY", 0, scale=2)
        c.centre("EMPTY", 2, scale=2)
        c.centre("your game is saved", 5)
        c.centre("fit new batteries", 6)
        c.centre("or plug in USB", 7)
