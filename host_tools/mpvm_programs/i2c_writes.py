"""What a full frame's write allocates through the machine fake: as one
buffer (writeto) and as the control byte and the pages (writevto, which on
rp2 copies both into one new block of their total length)."""

import gc

import machine
from virtual_ssd1306 import ByteCounter

panel = ByteCounter()
machine.sim_reset()
machine.sim_attach_i2c(0, 0x3C, panel)
bus = machine.I2C(0)
frame = bytearray(1025)  # the control byte and 1,024 bytes of pixels
vector = [b"\x40", memoryview(frame)[1:]]


def allocated(write, buf):
    before = gc.mem_alloc()
    write(0x3C, buf)
    return gc.mem_alloc() - before


allocated(bus.writeto, frame)  # the first of each makes whatever is made once
allocated(bus.writevto, vector)
print("WRITETO_ALLOC", allocated(bus.writeto, frame))
print("WRITEVTO_ALLOC", allocated(bus.writevto, vector))
print("BUS_BYTES", panel.n)
