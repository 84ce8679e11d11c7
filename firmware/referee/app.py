"""The referee's main loop: buttons in, one screen at a time, panel out.

Screens form a stack (menu, then a game, then its sub-screens). A screen
has ``on_event(ev)`` and ``draw(canvas)``; after any event the top screen is
redrawn and the panel sends only the pages that changed. With no event the
loop only samples the buttons: nothing is drawn and nothing allocated.
"""

from micropython import const

from referee import JOURNAL
from referee.core.chance import Chance
from referee.hw.buttons import OK
from referee.ui.canvas import Canvas

POLL_MS = const(10)


class App:
    def __init__(self, hw):
        self.hw = hw
        self.buttons = hw.buttons
        self.clock = hw.clock
        self.storage = hw.storage
        self.canvas = Canvas(hw.display)
        self.chance = Chance(hw.entropy)
        self._stack = []
        self.dirty = True
        self.events = 0  # button events handled since boot
        self._peeking = False
        from referee.screens.menu import Menu

        self.push(Menu(self))
        if self.storage.exists(JOURNAL):  # the resume code loads only when needed
            from referee.screens.resume import offer

            offer(self)

    @property
    def screen(self):
        return self._stack[-1]

    def push(self, screen):
        self._stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self._stack) > 1:
            self._stack.pop()
            if len(self._stack) == 1:
                unload_games()
        self.dirty = True

    def replace(self, screen):
        self._stack[-1] = screen
        self.dirty = True

    @property
    def peeking(self):
        """True while OK is held on a peek screen: the only time a secret
        may be drawn."""
        return self._peeking

    def step(self):
        """Sample the buttons once, handle what they say, redraw if needed."""
        self.buttons.poll(self.clock.ticks_ms())
        ev = self.buttons.get()
        while ev >= 0:
            self.events += 1
            self._stack[-1].on_event(ev)
            self.dirty = True
            ev = self.buttons.get()
        # A peek screen shows its secret only while OK is held: redraw the
        # moment the button goes down or up, not at the next event.
        held = self.buttons.held(OK) and getattr(self._stack[-1], "peek", False)
        if held != self._peeking:
            self._peeking = held
            self.dirty = True
        if self.dirty:
            self.dirty = False
            canvas = self.canvas
            canvas.clear()
            self._stack[-1].draw(canvas)
            canvas.show()


# Modules that stay loaded; every other referee module belongs to a game or a
# tool and is dropped when the menu is back on top.
_RESIDENT = (
    "referee",
    "referee.app",
    "referee.core",
    "referee.core.chance",
    "referee.screens",
    "referee.screens.menu",
)


def unload_games():
    """Back at the menu: forget the modules of the game that was open, so
    an evening of switching games never holds more than one game's code
    (on MicroPython, where a module's code lives in the heap; CPython keeps
    them, as tests hold their classes)."""
    import sys

    if sys.implementation.name != "micropython":
        return
    for name in list(sys.modules):
        if name.startswith("referee.") and name not in _RESIDENT:
            if not name.startswith(("referee.hw", "referee.ui")):
                forget_module(name)
    import gc

    gc.collect()


def forget_module(name):
    """Drop a module that will not be needed again, so the garbage collector
    can take its code: out of sys.modules and off its package."""
    import sys

    sys.modules.pop(name, None)
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and leaf in dir(parent):
        delattr(parent, leaf)


def run(hw):
    app = App(hw)
    while True:
        app.step()
        hw.clock.sleep_ms(POLL_MS)
