"""Programs that run inside the MicroPython VM (host_tools/mpvm), kept as
real files so they are linted and type-checked against MicroPython's rp2
stubs like the firmware. host_tools.mpvm.lane.program(name) reads one; the
VM runs its text as one call, so the names it defines stay in the VM's
globals for the short calls after it (the VM collects garbage only between
calls, which is why the measurements come in separate calls)."""
