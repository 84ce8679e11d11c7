"""The screens, and the screen protocol: every screen is a ``Screen``.

What App (referee/app.py) uses, on the screen on top of its stack only:

- ``on_event(ev)``, once per button event. ``ev`` is one small int,
  ``kind << 2 | button`` (referee/hw/buttons.py), so a screen compares it
  with the events it takes and reads ``STEP[ev]`` for UP/DOWN: a compare and
  an index, no call and nothing allocated, at every press.
- ``draw(c)``, after every event and whenever ``app.dirty`` is set: the
  whole screen on a cleared canvas (the panel sends only what changed).
- ``peek``: True on a screen that shows a player's secret. App then redraws
  the moment OK goes down or up, and ``app.peeking`` is True only while OK
  is held on it (judged at each event's own time). Such a screen does not
  write ``draw``: it writes ``draw_cover(c)``, what anyone may see, and
  ``draw_secret(c)``, which Screen.draw calls only while OK is held. While
  OK is held, UP and DOWN are the secret's input, and nothing else happens.

``Screen.__init__(self, app, session=None)`` keeps the App as
``self.app`` and a game's Session (its rules, state and journal) as
``self.session``; a screen's own ``__init__`` calls it first. From the App
a screen may use: ``push(screen)``, ``pop()``, ``replace(screen)`` (the stack; popping
down to the menu unloads the game's code), ``beep(tone)`` (hw/buzzer.py's
ROLL or TURN), ``later(job)`` (a slow step once the panel shows the
screen), ``restart()``; and read ``peeking``, ``storage``, ``chance``,
``settings``, ``millivolts``, ``screen`` (the top one). A screen that
raises does not stop the referee: App logs it and shows screens/crash.py.

The hint line, the panel's last row: ``self.hint(c, keys)`` shows the
screen's ``message`` (why the last event was refused, what an undo took
back), else ``keys``, the key hint; a message too long for the row takes
two (Canvas.hint). A screen sets ``message`` and clears it at the next
event. A screen that shows its message elsewhere, or a peek screen's
cover (a message may tell a secret), draws its keys itself.

A list, as a screen keeps one: ``index`` is its cursor and ``top`` the
first entry its rows show; ``self.move(step, count, visible, first)``
moves the cursor for UP/DOWN, round past either end, and scrolls it into
sight (``visible`` rows; ``first=-1`` for a hub's "next step" line above
its list). No screen does that arithmetic itself.

BACK, as most screens take it: ``self.back(ev)``, from the last branch of
on_event, so UP, DOWN and OK pay no call: pressed, the screen goes; held,
on a screen that ``undoes`` (a game's hub, with a ``session``), the
session's last step is taken back and the message says so.

The events. Each screen module names the ones it takes as private
constants (``_OK_PRESS = const(2)``): the compiler puts the number in the
code, so they cost no heap and no lookup, where names imported from here
cost about 600 bytes of heap with a game open (the VM lane's measure);
tests/test_screen_protocol.py checks every one against hw/buttons.py.

    UP_PRESS 0  DOWN_PRESS 1  OK_PRESS 2  BACK_PRESS 3    (kind PRESS 0)
    OK_LONG 6   BACK_LONG 7                               (LONG 1: held)
    UP_REPEAT 8 DOWN_REPEAT 9                             (REPEAT 2)

UP and DOWN act when they go down, and repeat while held; OK and BACK act
when let go, or once (LONG) when held past LONG_MS. So ``ev <= _BACK_PRESS``
is any key pressed, ``ev >= _UP_REPEAT`` a repeat.

Imports: a screen imports its game's rules core at the top (loaded anyway
while the game is open; an import inside a function ran at every draw). It
imports another screen inside the function that opens it, so code that may
never run stays out of the heap: on the chip the menu keeps 45.6 of its
48 KB and a resumed duel about 72.7 of 72 KB.
"""

from micropython import const

_BACK_PRESS = const(3)
_BACK_LONG = const(7)
# The registry entry's fields (referee.games' GAME_*, as numbers in the code)
_GAME_SCREENS = const(3)
# +1 for UP, -1 for DOWN (a press or a repeat), 0 for any other event:
# what a screen that counts or moves a cursor wants (``step = STEP[ev]``).
STEP = (1, -1, 0, 0, 0, 0, 0, 0, 1, -1, 0, 0)


class Screen:
    peek = False  # a secret's screen: see above
    undoes = False  # BACK held takes back the session's last step (back())
    message = None  # type: str | None  # over the key hint on the hint line
    # A screen that is a list: its cursor, the entry UP/DOWN move over
    # (move()), and the first entry its rows show. A screen has one list.
    index = 0
    top = 0

    def __init__(self, app, session=None):
        self.app = app
        self.session = session

    def draw(self, c):
        # A peek screen's; every other screen writes its own. The one place
        # that decides whether a secret is drawn.
        if self.app.peeking:
            self.draw_secret(c)
        else:
            self.draw_cover(c)

    def draw_secret(self, c):
        """A peek screen's secret, drawn only while OK is held on it."""

    def draw_cover(self, c):
        """A peek screen's face: what anyone at the table may see."""

    def hint(self, c, keys):
        c.hint(self.message or keys)

    def move(self, step, count, visible=0, first=0):
        """UP (``step`` 1) or DOWN (-1) on the list of entries ``first`` ..
        ``count - 1``: the cursor goes round past either end, and a list
        that shows ``visible`` rows scrolls to keep it in sight (an entry
        before 0, a hub's "next step" line above its list, shows the top)."""
        self.index = (self.index - first - step) % (count - first) + first
        if visible:
            self.top = keep_visible(self.top, max(0, self.index), visible)

    def back(self, ev):
        """BACK pressed: pop. BACK held, on a screen that undoes: undo, and
        True (the screen may redo what it made from the state)."""
        if ev == _BACK_PRESS:
            self.app.pop()
        elif ev == _BACK_LONG and self.undoes:
            self.message = self.session.undo() or "last step undone"
            return True
        return False


def screens_of(game):
    """The module of a registry entry's main screen (its folder's play.py),
    loaded now if it is not yet."""
    # a fromlist makes __import__ return the module itself, not "referee"
    return __import__("referee." + game[_GAME_SCREENS] + ".play", None, None, ("_",))


def keep_visible(top, index, visible, tall=0, scale=1):
    """The first entry to show so that entry ``index`` is within the
    ``visible`` rows of a scrolling list that started at ``top``. Entries
    before ``tall`` take ``scale`` rows (double-size players above
    single-row tools), the others one."""
    if index < top:
        return index
    used = 0
    for i in range(index, top - 1, -1):  # from the cursor up, until the rows run out
        used += scale if i < tall else 1
        if used > visible:
            return i + 1
    return top
