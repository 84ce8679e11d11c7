"""The referee in a browser page (issue 21): the firmware's own App on the
desktop's fakes at the hardware seam (machine's pins and I2C, the virtual
SSD1306), inside the same MicroPython VM the tests use.

A page must never block, so the page's timers step the App instead of
app.run()'s loop. The fake world's milliseconds follow the page's clock
(performance.now), LAG_MS behind it: a button changes at the very
millisecond the browser stamped its event, so a hold lasts on the referee
exactly as long as the finger held, even when the page was busy for a
moment when the event came. (On the chip the pin's interrupt stamps the
edge; a page has no interrupts, only events it handles when it can.)
"""

import board
import machine
from virtual_clock import VirtualClock
from virtual_ssd1306 import VirtualSSD1306

LAG_MS = 40  # an event handled up to this late still lands at its stamp
# A page opened again within this long of its last press goes on with the
# same game night (a reload is no new evening; the device's power-on is)
NIGHT_GAP_MS = 6 * 3600 * 1000
# A step lets at most this much time pass: a tab the browser put to sleep
# pauses the referee (as a frozen chip would not) instead of starving the
# watchdog and then dimming the panel at once.
MAX_GAP_MS = 1000


class WebClock(VirtualClock):
    """The fake world's ticks. A sleep moves them on at once (code that waits
    in a loop would never see time pass otherwise), except the loop's nap
    between two steps: that is the page's wait before the next step, in
    which the page's events come."""

    def __init__(self):
        self.nap = 10
        self.napping = False

    def sleep_ms(self, ms):
        if self.napping:
            self.nap = ms
        else:
            machine.sim_advance(ms)


class Entropy:
    """The page's crypto.getRandomValues, as os.urandom."""

    def __call__(self, n):
        import js

        values = js.crypto.getRandomValues(js.Uint8Array.new(n))
        return bytes(values[i] for i in range(n))


class Mirrored:
    """The board's Storage, each change also handed to the page, which
    copies the file from the VM's file system into IndexedDB: the browser's
    flash. The VM's own file is written first, as on the chip; the page's
    copy follows (a missing file is deleted there too)."""

    def __init__(self, storage, keep):
        self._storage = storage
        self._keep = keep  # js: (path in the VM)

    def __getattr__(self, name):
        return getattr(self._storage, name)

    def _kept(self, name):
        self._keep(self._storage.root + "/" + name)

    def append(self, name, data):
        try:
            self._storage.append(name, data)
        finally:  # a failed append may have written part
            self._kept(name)

    def write_with(self, name, produce):
        try:
            self._storage.write_with(name, produce)
        finally:
            self._kept(name)

    def write(self, name, data):
        self.write_with(name, lambda f: f.write(data))

    def rename(self, old, new):
        self._storage.rename(old, new)
        self._kept(old)
        self._kept(new)

    def remove(self, name):
        self._storage.remove(name)
        self._kept(name)


class WebDevice:
    """The referee on the page: ``seed`` (tests only) makes its dice and coins
    the rig's seeded stream, ``skip`` bytes in, so a scenario's golden
    images hold; otherwise the browser's crypto is the dice."""

    def __init__(
        self, keep, seed=0, skip=0, cause=machine.PWRON_RESET, idle_ms=None, data_dir="/data"
    ):
        self._keep, self._seed, self._skip = keep, seed, skip
        machine.sim_reset(cause)
        machine.sim_set_pin(board.VBUS_SENSE, 1)  # on USB: a nap waits, no lightsleep
        self.panel = VirtualSSD1306()
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, self.panel)
        self.clock = WebClock()
        self.origin = None  # the page's ms at the world's 0
        self.wake = 0  # the world's ms of the App's next step
        self.wait = 0
        self.changes = []  # (page ms, pin, level) not yet come to pass
        self.late = []  # ms each change came to pass after its stamp, in order
        self.shown = -1
        self.tone = ""  # "hz ms" when the buzzer starts, for the page's WebAudio
        self._tones = None
        if seed:
            from rig import SeededEntropy

            entropy = SeededEntropy(seed)
            entropy(skip)
        else:
            entropy = Entropy()
        from referee.app import App

        hw = board.hardware(clock=self.clock, entropy=entropy, data_dir=data_dir)
        hw.storage = Mirrored(hw.storage, keep)
        self.app = App(hw)
        # ``idle_ms``: since the page's last press, if it was ever used
        if idle_ms is not None and idle_ms < NIGHT_GAP_MS:
            self.app.night_begun = True

    def in_play(self):
        """Whether a game is being played (its journal holds its secrets)."""
        return self.app.hw.storage.exists("game.jnl")

    def _world_ms(self, stamp):
        """The world's ms at the page's time stamp ``stamp``."""
        return round(stamp) - self.origin

    def _changes_until(self, world_ms):
        """The button changes stamped up to ``world_ms``, each at its own ms."""
        changes = self.changes
        while changes and self._world_ms(changes[0][0]) <= world_ms:
            at, pin, level = changes.pop(0)
            at = self._world_ms(at)
            if at > machine.sim_now():
                machine.sim_advance(at - machine.sim_now())
            if len(self.late) < 1000:  # for the tests: the first thousand
                self.late.append(machine.sim_now() - at)
            machine.sim_set_pin(pin, level)

    def step(self, page_ms):
        """Run the referee's loop up to the page's ``page_ms``, LAG_MS behind:
        a step of the App at each moment its last nap asked for, as on the
        chip, and each button change at the moment stamped on its event. The
        new frame as hex when the panel changed (else ""); ``wait`` is the
        page's ms to the next step."""
        sim_now = machine.sim_now
        if self.origin is None:  # the boot may have slept: the world is ahead
            self.origin = round(page_ms) - LAG_MS - sim_now()
            self.wake = sim_now()
        now = self._world_ms(page_ms - LAG_MS)
        slept = now - max(sim_now(), self.wake) - MAX_GAP_MS
        if slept > 0:  # the page slept: so did the referee
            self.origin += slept
            now -= slept
        while self.wake <= now:
            self._changes_until(self.wake)
            if self.wake > sim_now():
                machine.sim_advance(self.wake - sim_now())
            self.app.step()
            self.clock.napping = True
            try:
                self.app.nap()
            finally:
                self.clock.napping = False
            self.wake = sim_now() + self.clock.nap
        self._changes_until(now)
        if now > sim_now():
            machine.sim_advance(now - sim_now())
        self.wait = self.wake - now
        self._listen()
        if self.panel.data_writes == self.shown:
            return ""
        self.shown = self.panel.data_writes
        return bytes(self.panel.pixels()).hex()

    def _listen(self):
        """A tone the buzzer started since the last step (the PWM's frequency
        set, its duty on), as "hz ms"; the page plays it."""
        tones = machine.sim_tones()
        newest = tones[-1] if tones else None
        if newest is not self._tones:
            self._tones = newest
            buzzer = self.app.hw.buzzer
            if buzzer.sounding:
                ms = self.clock.ticks_diff(buzzer._until, newest[0] & 0x3FFFFFFF)
                self.tone = "%d %d" % (newest[1], ms)

    def take_tone(self):
        tone, self.tone = self.tone, ""
        return tone

    def button(self, index, down, page_ms):
        """A button pressed or let go at the page's ``page_ms`` (the event's
        own time stamp): it comes to pass when the world's time reaches it."""
        changes = self.changes
        i = len(changes)
        while i and changes[i - 1][0] > page_ms:  # after any of the same ms
            i -= 1
        changes.insert(i, (page_ms, board.BUTTON_PINS[index], 0 if down else 1))

    def download(self, path="/referee-night.zip"):
        """The night as a zip (download.py), written to ``path`` in the VM
        for the page to hand out. The history it holds whole is marked
        exported, as `make export` marks it."""
        import download

        from referee.core import room

        storage = self.app.hw.storage
        files, numbers = download.night_files(storage)
        with open(path, "wb") as f:
            f.write(download.zip_bytes(files))
        room.mark_exported(storage, numbers)
        return path


def boot(keep, seed=0, skip=0, idle_ms=None, cause=machine.PWRON_RESET):
    global device
    device = WebDevice(keep, seed, skip, cause, idle_ms)
    return device


def step(page_ms):
    """The page's timer: a step, and after a watchdog reset a new boot with
    the flash as it was, as the chip would."""
    try:
        return device.step(page_ms)
    except machine.WatchdogReset:
        boot(device._keep, device._seed, device._skip, None, machine.WDT_RESET)  # the night goes on
        return device.step(page_ms)


device = None
