"""Settings: whether the panel is flipped (turned to face across the
table), brightness, when it dims and goes dark, and the buzzer. OK steps
the chosen line to its next value, which takes effect at once and is saved
once the panel shows it (a file written before the frame made the press
30 ms on the chip); a flash that refuses the file takes the value back and
says so. BACK leaves."""

from micropython import const

from referee.screens import STEP, Screen
from referee.settings import CHOICES, apply, save

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)

_LINES = ("flip", "bright", "dim", "off", "sound")
_LABELS = ("Flip the panel", "Bright", "Dim after", "Dark after", "Sound")
_BATTERY = const(6)  # row of the battery line
_LEFT = const(4)  # the labels' margin, as History's rows have


def _shown(name, value):
    """The value as the row shows it, a space after it: a margin at the
    panel's right edge, as the labels have one at its left (_LEFT)."""
    if name == "flip":
        return "yes " if value else "no "
    if name == "sound":
        return "on " if value else "off "
    if name == "bright":
        return "%d of 4 " % value
    if value == 0:
        return "never "
    return "%d s " % value if value < 60 else "%d min " % (value // 60)


class Settings(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self._saved = app.settings  # the values the flash holds

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.move(step, len(_LINES))
        elif ev == _OK_PRESS:
            self._next()
        else:
            self.back(ev)

    def _next(self):
        app = self.app
        name = _LINES[self.index]
        choices = CHOICES[name]
        values = dict(app.settings)
        values[name] = choices[(choices.index(values[name]) + 1) % len(choices)]
        self.message = None
        before = app.settings
        app.settings = values
        apply(app, before)
        app.later(self._save)

    def _save(self):
        app = self.app
        try:
            save(app.storage, app.settings)
        except OSError:
            values = app.settings
            app.settings = self._saved
            apply(app, values)
            self.message = "not saved: flash full"
            return
        self._saved = app.settings

    def draw(self, c):
        c.centre("SETTINGS", 0)
        c.invert_rows(0)
        values = self.app.settings
        for i in range(len(_LINES)):
            c.text(_LABELS[i], _LEFT, 1 + i)
            c.right(_shown(_LINES[i], values[_LINES[i]]), 1 + i)
            if i == self.index:
                c.invert_rows(1 + i)
        if self.message is not None:
            c.centre(self.message, _BATTERY)
        elif self.app.millivolts:
            c.text("Battery", _LEFT, _BATTERY)
            mv = self.app.millivolts
            c.right("%d.%02d V " % (mv // 1000, mv % 1000 // 10), _BATTERY)
        else:
            c.centre("on USB power", _BATTERY)
        c.centre("UP/DOWN  OK:change", 7)  # the message is on the battery's row
