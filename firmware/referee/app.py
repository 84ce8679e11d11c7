"""The referee's main loop: buttons in, one screen at a time, panel out.

Screens form a stack (menu, then a game, then its sub-screens). A screen
has ``on_event(ev)`` and ``draw(canvas)`` (the protocol, and what a screen
may call here: referee/screens/__init__.py); after any event the top screen
is redrawn and the panel sends only the pages that changed. With no event the
loop only samples the buttons: nothing is drawn and nothing allocated.

What stays loaded is decided in one place, ``_RESIDENT`` below: the loop,
the board's drivers, drawing, the menu and the games' registry. Every other
module (a game's rules and screens, History, Settings, the boot's own)
loads when first needed and stays until the menu is back on top, when
``unload_games`` drops them all. With the code in the ROMFS partition a
loaded module costs only its names and objects, so nothing is dropped
sooner: loading one again would cost a screen's worth of time (dropping
the readers of a game after its resume made OK to the game 20 ms slower,
and a 5,000-action Robber Rummy game's undo ran out of a 96 KB heap).
"""

import gc
import sys

from micropython import const

from referee import JOURNAL, forget
from referee.core.chance import Chance
from referee.hw.battery import EMPTY_MV, LOW_MV, level
from referee.hw.buttons import OK
from referee.hw.buzzer import TONES
from referee.ui.canvas import Canvas

_TYPE_CHECKING = const(False)
if _TYPE_CHECKING:  # read by mypy only: MicroPython compiles the block away
    from collections.abc import Callable

    from referee.core.session import Session

POLL_MS = const(10)
BATTERY_MS = const(5000)  # how often VSYS is read
_SURE = const(3)  # readings in a row before the battery is called low or empty
_TICKS_MASK = const(0x3FFFFFFF)
_TIDY_MS = const(1000)  # untouched this long after any activity: one garbage collection
_AWAKE_MS = const(1000)  # after a touch, the naps wait awake: see nap()
# The registry entry's fields (referee.games' GAME_*, as numbers in the code)
_GAME_NAME = const(0)


class App:
    def __init__(self, hw):
        self.hw = hw
        self.buttons = hw.buttons
        self.clock = hw.clock
        self.storage = hw.storage
        self.power = hw.power
        self.canvas = Canvas(hw.display)
        self.chance = Chance(hw.entropy)
        self._stack = []  # type: list
        self.dirty = True
        self.events = 0  # button events handled since boot
        # True while OK is held on a peek screen: the only time a secret may be drawn.
        self.peeking = False
        self._waking = False  # the press that woke the panel: swallowed
        self.millivolts = 0  # last battery reading; 0 until the first
        self.low = 0  # readings in a row below LOW_MV
        self.empty = 0  # and below EMPTY_MV
        self.warned = False
        self.spent = False  # the battery-empty screen is up
        self._battery_due = self.clock.ticks_ms()
        self._touched = self._battery_due  # when a finger was last on a button
        # ... and the same, but no finger at power-on: the naps wait awake
        # for a second after a touch only (nap())
        self._awake_from = (self._battery_due - _AWAKE_MS) & _TICKS_MASK
        self._untidy = True  # garbage may have piled up since the last collection
        self.settings = {}  # type: dict # filled in by settings.boot()
        # (annotations: MicroPython drops them when it compiles)
        self._later: Callable[[], object] | None = None  # one job for after the redraw
        self.unsaved: Session | None = None  # whose last action waits for the redraw
        self.snapshot_due: Session | None = None  # whose snapshot waits for a pause
        # A game started since power-on (core/history.py: nights); a restart
        # after a hang is no power-on: the night goes on
        self.night_begun = hw.watchdog_reset
        # The menu's place: None until it is needed (see menu_back), so a
        # resume offer at boot does not wait for the menu's code to load.
        self._stack.append(None)
        from referee.settings import boot

        note = boot(self)
        if note is not None:
            from referee.screens.notice import Notice  # a problem to tell only: 0.9 KB (VM)

            self.push(Notice(self, "NOTE", note))
        if self._stack[-1] is None:  # nothing offered: the menu
            self.menu_back()

    @property
    def screen(self):
        return self._stack[-1]

    def push(self, screen):
        self._stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self._stack) > 1:
            screen = self._stack.pop()
            if len(self._stack) == 1:
                unload_games()
                self.menu_back(screen)
        self.dirty = True

    def menu_back(self, screen=None):
        """The menu at the bottom of the stack, made if it was never needed
        (a resume offer at boot comes first), its cursor then on the game of
        ``screen``, the one that went back to it: a game resumed at boot, or
        the offer's, so OK opens it again. A menu that exists already is
        left as it is: its cursor is on the row the game was opened from
        (no lookup in the press that goes back to it)."""
        if self._stack[0] is not None:
            return  # opened from the menu: its cursor is on the game already
        from referee.screens.menu import Menu  # not before a resume offer at boot

        menu = self._stack[0] = Menu(self)
        session = getattr(screen, "session", None)
        name = session.rules.NAME if session is not None else getattr(screen, "game", None)
        if name is not None:
            from referee.games import GAMES  # the menu's: loaded with it

            for i in range(len(GAMES)):
                if GAMES[i][_GAME_NAME] == name:
                    menu.index = i + 1  # row 0 is Dice & coins

    def replace(self, screen):
        self._stack[-1] = screen
        self.dirty = True

    def restart(self):
        """Back to the menu with nothing open, offering the saved game."""
        del self._stack[1:]
        unload_games()
        self.menu_back()
        self.dirty = True
        self.offer_saved_game()

    def offer_saved_game(self, saved=None):
        """The resume offer if a journal is on flash (``saved``: already
        known to be there or not, as at boot)."""
        if saved is None:
            saved = self.storage.exists(JOURNAL)
        if saved:  # the resume code loads only when needed
            from referee.screens.resume import offer  # 2.2 KB (VM) a fresh start never loads

            offer(self)

    def beep(self, tone):
        """A short tone (hw/buzzer.py: ROLL or TURN) unless muted (silent without a piezo)."""
        if self.settings["sound"]:
            hz, ms = TONES[tone]
            self.hw.buzzer.tone(hz, ms)

    # Each method the idle loop runs keeps its state (locals, value stack,
    # try blocks) within 11 words: MicroPython's rp2 build puts a larger
    # call frame on the heap, and frees it on return, at every call. So
    # step() holds no try block (each costs 3 words): handing an event to
    # the screen and the redraw are methods of their own.
    def later(self, job):
        """Run ``job()`` in a step of its own once the panel shows the
        screen as it is now (so the boot's first frame and first nap come
        before a slow job, and a press meanwhile is kept for after it)."""
        self._later = job

    def step(self):
        """Sample the buttons once, handle what they say, redraw if needed."""
        job = self._later
        if job is not None and not self.dirty:
            self._run_later(job)
        now = self.clock.ticks_ms()
        buttons = self.buttons
        buttons.poll(now)
        ev = buttons.get()
        if ev >= 0 or buttons.touched():
            self._touched = self._awake_from = now
            self._untidy = True
            if self.power.touch(now):
                self._waking = True  # the panel was off: this press only wakes it
                self.dirty = True
        else:
            self.power.idle(now)
            if self._untidy and self.clock.ticks_diff(now, self._touched) >= _TIDY_MS:
                # Once a pause, not at every step: what stays is the live
                # data (the bench reads the heap kept here), and the next
                # burst of presses starts from a tidy heap, not a collection.
                self._untidy = False
                self._tidy()
        while ev >= 0:
            if not self._waking:
                self.events += 1
                # A peek screen takes UP/DOWN as secret input only while OK
                # was held: judged at each event's own time, as a batch that
                # waited out a busy spell may hold OK's press and release.
                self.peeking = buttons.held_then(OK) and self._peeks()
                self._act(ev)
                self.dirty = True
            ev = buttons.get()
        if self._waking and not buttons.touched():
            self._waking = False
        # A peek screen shows its secret only while OK is held: redraw the
        # moment the button goes down or up, not at the next event.
        held = not self._waking and buttons.held(OK) and self._peeks()
        if held != self.peeking:
            self.peeking = held
            self.dirty = True
        if self.hw.buzzer.sounding:
            self.hw.buzzer.poll(now)
        if self.clock.ticks_diff(now, self._battery_due) >= 0:
            self._battery_due = (now + BATTERY_MS) & _TICKS_MASK
            self.check_battery()
        if self.dirty:
            plug_holes()
            self._redraw()
        session = self.unsaved
        if session is not None:
            self._save(session)

    def _tidy(self):
        """The table paused: the snapshot a game put off (core/session.py),
        the journal closed (its file object and cache are a kilobyte: the
        next append opens it) and its tail folded in (core/tail.py), then one
        garbage collection."""
        session = self.snapshot_due
        if session is not None:
            self.snapshot_due = None
            session.snapshot_if_due()
        self.storage.settle()
        gc.collect()

    def _run_later(self, job):
        self._later = None
        top = self._stack[-1]
        try:
            job()
        except Exception as e:  # noqa: BLE001
            self.crashed(e)
        if self._stack[-1] is not top:
            # The job put up another screen (the resume offer turned into a
            # notice that the game cannot be read): a press made meanwhile
            # was meant for the one it replaced, and must not dismiss it.
            self.buttons.swallow()

    def _save(self, session):
        """The action the panel now shows goes to flash (core/session.py:
        the append may wait ~45 ms for a sector erase, after the frame)."""
        self.unsaved = None
        # (no crash handling: a save fails as a whole, and when the rebuild
        # after a refused write fails too, run() logs it and the watchdog
        # restarts the chip onto what the flash holds)
        if session.save() is not None:
            from referee.screens.notice import not_saved  # a refused write only

            not_saved(self)

    def _peeks(self):
        return getattr(self._stack[-1], "peek", False)

    def _act(self, ev):
        try:
            self._stack[-1].on_event(ev)
        except Exception as e:  # noqa: BLE001 - no screen may stop the referee
            self.crashed(e)

    def _redraw(self):
        self.dirty = False
        canvas = self.canvas
        canvas.clear()
        try:
            self._stack[-1].draw(canvas)
        except Exception as e:  # noqa: BLE001
            self.crashed(e)
            canvas.clear()
            self._stack[-1].draw(canvas)
        canvas.show()

    def nap(self):
        """Between two steps: feed the watchdog and sleep until the next
        poll (longer while the battery-empty screen waits for new cells).
        A button edge latched while this step was busy is served at once:
        the interrupt that woke no sleep has already run. For a second after
        a touch the chip waits awake and the next press ends the wait: from
        lightsleep a press waited 2.1 ms on the chip for its step, its
        interrupt handler running on the sleeping 12 MHz clock."""
        buttons = self.buttons
        if buttons.pending():
            self.power.nap(0, True)
            return
        ms = 1000 if self.spent else POLL_MS
        if self.clock.ticks_diff(self.clock.ticks_ms(), self._awake_from) < _AWAKE_MS:
            self.power.wait(ms, buttons)
        else:
            self.power.nap(ms, self.hw.buzzer.sounding)

    def check_battery(self):
        # On USB there is nothing to watch: no gauge, and never low.
        battery = self.power.on_battery()
        mv = self.hw.battery.millivolts() if battery else 0
        if level(mv) != level(self.millivolts):
            self.dirty = True  # the gauge changes
        self.millivolts = mv
        self.low = self.low + 1 if battery and mv < LOW_MV else 0
        self.empty = self.empty + 1 if battery and mv < EMPTY_MV else 0
        if self.low == _SURE or self.empty == _SURE or (self.spent and self.low == 0):
            from referee.screens.battery import judge  # a battery near its end only

            judge(self)

    def crashed(self, e):
        """A screen raised: keep the device alive (see screens/crash.py)."""
        del self._stack[1:]  # first, as it frees memory after a MemoryError
        unload_games()  # the menu comes back when the crash screen goes
        from referee.screens.crash import crashed  # a crash only: 2.1 KB (VM)

        crashed(self, e)


# The modules that stay loaded all evening: a name here keeps that module,
# and a package's name ending in a dot keeps all of it. Every other module
# under referee is dropped when the menu is back on top (unload_games).
_RESIDENT = (
    "referee",
    "referee.app",
    "referee.core",
    "referee.core.chance",  # the dice and coins the menu's first entry throws
    "referee.hw.",  # the board's drivers
    "referee.ui",
    "referee.ui.canvas",
    "referee.ui.fast",  # or, where there is no viper, ui/slow.py
    "referee.ui.slow",
    "referee.ui.font_big",
    "referee.games",  # the registry: the menu reads it, every game uses it
    "referee.screens",
    "referee.screens.menu",
)
_MICROPYTHON = sys.implementation.name == "micropython"
# The ports that put a call's frame on the heap when it passes 11 words: the
# Pico's (rp2). The WebAssembly VM of the tests keeps every frame off it.
_HEAP_FRAMES = sys.platform == "rp2"


def plug_holes():
    """Fill the small free holes low in the heap with garbage, so that the
    next large allocation finds room at once. A call whose state passes 11
    words gets its frame from the heap (see step()); the allocator looks
    for room from its lowest free block onwards, one allocation-table byte
    at a time, and a few 1-5 block holes sit among the live objects (left
    by a collection, or by a list or dict that grew and moved): each such
    frame scanned past all of them, and a press makes 30 to 50 frames.
    A one-block object always takes the lowest free block, so a few tuples
    fill the holes; they stop once they land side by side (past the
    holes). They are garbage at once and hold the holes until the next
    collection. Once before each redraw (after the event's own work, which
    leaves holes of its own), never while idle: on the chip the scenarios'
    presses take 11.4 / 32.9 ms (median / p90) with it, 21.7 / 44.4 ms
    without; it leaves some 180 B of tuples a press for the collector; and
    OK to a resumed game takes 50 ms, not 75 (plugged before the event
    instead)."""
    if not _HEAP_FRAMES:
        return  # CPython's allocator works otherwise; the VM keeps frames off the heap
    last = run = 0
    for _ in range(64):
        at = id((run, last))  # a 2-tuple: one 16-byte block
        run = run + 1 if at == last + 16 else 0
        last = at
        if run == 5:
            return


def resident(name):
    """Whether module ``name`` stays loaded all evening (``_RESIDENT``)."""
    for kept in _RESIDENT:
        if name == kept or (kept[-1] == "." and name.startswith(kept)):
            return True
    return False


def unload_games():
    """Back at the menu: drop every module that is not resident, so an
    evening of switching games never holds more than one game's (on
    MicroPython; CPython keeps them, as tests hold their classes)."""
    if not _MICROPYTHON:
        return
    for name in list(sys.modules):
        if name.startswith("referee.") and not resident(name):
            forget(name)
    gc.collect()


def boot(watchdog, **board_args):
    """What main.py does once its watchdog runs: build the board, then run
    the referee. A board that cannot be built (a panel that does not answer,
    a bus too slow for its timeout) is logged, then the chip waits for the
    watchdog to restart it: a boot never dies silently. ``board_args`` go
    to board.hardware() (the desktop's clock, entropy, flash folder)."""
    # Here, not at the top: loaded with app.py, they left the chip's heap too
    # split to resume a 5,000-action Robber Rummy game in 128 KB (measured).
    import board
    import referee

    referee.watchdog = watchdog  # fed by long jobs too (referee.keep_alive)
    try:
        hw = board.hardware(watchdog=watchdog, **board_args)
    except Exception as e:  # noqa: BLE001 - nothing else would ever tell
        from referee.hw.storage import Storage  # at the top the VM bench (rig loads app) misses it
        from referee.screens.crash import log, report  # a failed board only: 2.1 KB (VM)

        line = "board: " + report(e)
        log(Storage(board_args.get("data_dir", board.DATA_DIR)), line)
        print(line)  # for whoever watches the REPL
        clock = board_args.get("clock")
        if clock is None:
            from referee.hw.clock import Clock  # as Storage above

            clock = Clock()
        try:
            while True:  # not fed: the watchdog restarts the chip
                clock.sleep_ms(1000)
        except KeyboardInterrupt:  # Ctrl-C, e.g. make deploy fixing board.py
            from referee.hw.power import stop_watchdog  # as board, above

            stop_watchdog()
            raise
    run(hw)


def run(hw):
    try:
        app = App(hw)  # the resume of a saved game happens in here
        app.power.start_watchdog()
        while True:
            app.step()
            app.nap()
    except KeyboardInterrupt:  # Ctrl-C from the REPL, e.g. make deploy
        hw.power.stop_watchdog()
        raise
    except Exception as e:  # outside any screen: log it; the watchdog restarts the chip
        from referee.screens.crash import log, report  # a crash only: 2.1 KB (VM)

        log(hw.storage, report(e))
        raise
