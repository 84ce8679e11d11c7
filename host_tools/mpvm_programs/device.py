"""The referee on the desktop's fake board inside the VM, driven press by
press, with the heap each step allocates counted (host_tools/bench)."""

import gc

import board
import machine
import rig
from virtual_ssd1306 import ByteCounter, VirtualSSD1306

UP, DOWN, OK = board.BUTTON_PINS[0], board.BUTTON_PINS[1], board.BUTTON_PINS[2]
STEP_MS = 10


class Device:
    def __init__(self):
        machine.sim_reset()
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, VirtualSSD1306())
        self.clock = rig.VirtualClock()
        self.entropy = rig.SeededEntropy(1)

    def boot(self):
        from referee.app import App

        hw = board.hardware(clock=self.clock, entropy=self.entropy, data_dir="data")
        self.app = App(hw)
        self.steps(3)

    def unplug_panel(self):
        """From here on the bus bytes are only counted (the panel's decoding
        is not billed to the firmware)."""
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, ByteCounter())

    def steps(self, n):
        for _ in range(n):
            self.app.step()
            self.clock.sleep_ms(STEP_MS)

    def measured_steps(self, n):
        """Bytes the app's steps allocated, and only theirs."""
        total = 0
        for _ in range(n):
            before = gc.mem_alloc()
            self.app.step()
            total += gc.mem_alloc() - before
            self.clock.sleep_ms(STEP_MS)
        return total

    def press(self, pin, n=6):
        machine.sim_set_pin(pin, 0)
        self.steps(n)
        machine.sim_set_pin(pin, 1)
        self.steps(n)

    def measured_presses(self, presses, times):
        """Bytes allocated by ``times`` rounds of ``presses``, (pin, steps
        held down) each, every press released for 6 steps."""
        total = 0
        for _ in range(times):
            for pin, held in presses:
                machine.sim_set_pin(pin, 0)
                total += self.measured_steps(held)
                machine.sim_set_pin(pin, 1)
                total += self.measured_steps(6)
        return total


device = Device()
