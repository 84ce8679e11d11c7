"""The button interrupt must allocate nothing (on the chip it runs as a hard
interrupt, with the heap locked). Twenty edges through the machine fake's
Pin.irq, measured against the same calls without an edge; then the poll
must turn them into ten presses."""

import gc

import machine
import rig
from referee.hw.buttons import Buttons

PIN = 11

machine.sim_reset()
pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in (10, 11, 12, 13)]
buttons = Buttons(pins, rig.VirtualClock())


def press(n, down=0, up=1):
    for _ in range(n):
        machine.sim_set_pin(PIN, down)
        machine.sim_advance(30)
        machine.sim_set_pin(PIN, up)
        machine.sim_advance(30)


def measured(down, up):
    before = gc.mem_alloc()
    press(10, down, up)
    return gc.mem_alloc() - before


press(1)  # the first press sets up whatever is made once
buttons.poll(machine.sim_now())
buttons.get()
measured(1, 1)
print("EDGE_ALLOC", measured(0, 1) - measured(1, 1))
buttons.poll(machine.sim_now())
events = 0
while buttons.get() >= 0:
    events += 1
print("PRESSES", events)
