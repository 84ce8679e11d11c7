"""The referee in a browser page (issue 21): the firmware's own App on the
desktop's fakes at the hardware seam (machine's pins and I2C, the virtual
SSD1306), inside the same MicroPython VM the tests use. A page must never
block, so the page's timers step the App instead of app.run()'s loop: each
step is given the real milliseconds since the last, and the App's nap only
says how long the page should wait before the next."""

import board
import machine
from virtual_ssd1306 import VirtualSSD1306


class WebClock:
    """The fake world's milliseconds, which the page moves on in real time.
    A sleep moves them on at once (code that waits in a loop would never
    see time pass otherwise) and is remembered: the page waits that long
    before the next step, and counts it as passed."""

    def __init__(self):
        self.nap = 10
        self.slept = 0

    def ticks_ms(self):
        return machine.sim_now() & 0x3FFFFFFF

    def ticks_diff(self, later, earlier):
        half = 1 << 29
        return ((later - earlier + half) & 0x3FFFFFFF) - half

    def sleep_ms(self, ms):
        machine.sim_advance(ms)
        self.slept += ms
        self.nap = ms


class Entropy:
    """The page's crypto.getRandomValues, as os.urandom."""

    def __call__(self, n):
        import js

        values = js.crypto.getRandomValues(js.Uint8Array.new(n))
        return bytes(values[i] for i in range(n))


class Mirrored:
    """The board's Storage, each change also handed to the page, which
    keeps the folder in IndexedDB: the browser's flash. Writes to the VM's
    own files first, as on the chip; the page's copy follows."""

    def __init__(self, storage):
        import js

        self._storage = storage
        self._kept = js.referee_keep  # (path, bytes or None)

    def __getattr__(self, name):
        return getattr(self._storage, name)

    def _keep(self, name):
        from binascii import hexlify

        data = self._storage.read(name)
        kept = None if data is None else hexlify(data).decode()
        self._kept(self._storage.root + "/" + name, kept)

    def append(self, name, data):
        try:
            self._storage.append(name, data)
        finally:
            self._keep(name)

    def write_with(self, name, produce):
        self._storage.write_with(name, produce)
        self._keep(name)

    def write(self, name, data):
        self.write_with(name, lambda f: f.write(data))

    def rename(self, old, new):
        self._storage.rename(old, new)
        self._keep(old)
        self._keep(new)

    def remove(self, name):
        self._storage.remove(name)
        self._keep(name)


class WebDevice:
    def __init__(self):
        machine.sim_reset()
        machine.sim_set_pin(board.VBUS_SENSE, 1)  # on USB: a nap waits, no lightsleep
        self.panel = VirtualSSD1306()
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, self.panel)
        self.clock = WebClock()
        self.shown = -1
        from referee.app import App

        hw = board.hardware(clock=self.clock, entropy=Entropy(), data_dir="/data")
        hw.storage = Mirrored(hw.storage)
        self.app = App(hw)

    def step(self, elapsed_ms):
        """One turn of the loop after ``elapsed_ms`` of real time; the
        frame as hex when the panel changed (else ""), and the nap."""
        clock = self.clock
        if elapsed_ms > clock.slept:
            machine.sim_advance(elapsed_ms - clock.slept)
        clock.slept = 0
        self.app.step()
        self.app.nap()
        frame = ""
        if self.panel.data_writes != self.shown:
            self.shown = self.panel.data_writes
            frame = bytes(self.panel.pixels()).hex()
        return frame

    def button(self, index, down):
        machine.sim_set_pin(board.BUTTON_PINS[index], 0 if down else 1)


device = WebDevice()
