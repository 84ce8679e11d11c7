"""A short message: any button goes back."""

from referee.screens import Screen
from referee.ui.canvas import COLUMNS


class Notice(Screen):
    def __init__(self, app, title, lines):
        Screen.__init__(self, app)
        self.title = title
        self.lines = lines

    def on_event(self, ev):
        self.app.pop()

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        row = 2
        for line in self.lines:
            c.centre(line, row)
            row += 1
        self.hint(c, "any key: back")


def wrap(text, most):
    """``text`` in lines of the panel's width, broken at spaces, at most
    ``most`` of them (the rest is cut)."""
    lines = []
    words = text.split(" ")
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > COLUMNS:
            lines.append(line)
            line = ""
        line = (line + " " + word if line else word)[:COLUMNS]
    if line:
        lines.append(line)
    return lines[:most]


def not_saved(app):
    """The flash refused the step the panel shows (app.py saves after the
    frame): the screens may have moved on from it, so start again from what
    is on flash, and say so first."""
    app.restart()
    app.push(
        Notice(
            app,
            "NOT SAVED",
            ("The flash refused", "the last step. Play", "on from the step", "before it."),
        )
    )
