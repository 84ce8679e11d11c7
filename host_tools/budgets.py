"""docs/design.md's budgets, as numbers the benchmarks are held to."""

KB = 1024

HEAP_KEPT_WITH_GAME = 48 * KB  # heap kept after boot with the menu and one game loaded
HEAP_KEPT_RESUMED = 72 * KB  # docs/design.md: heap kept, any game resumed at 500 actions
PEAK_HEAP_LONG_GAME = 128 * KB  # resume, undo or correction of a 5,000-action game
LARGEST_ALLOCATION = 16 * KB  # no single allocation larger (the heap fragments)
# heap left for the collector per button event: in the VM, which keeps call
# frames off the heap, what a press allocates in steady state is that
GARBAGE_PER_EVENT = 768
ALLOC_IDLE = 0  # none in the idle loop
ROMFS_IMAGE = 256 * KB  # everything make deploy installs but main.py: the ROMFS partition
BUS_PER_EVENT = 1037  # at most one full frame on the I2C bus per button event
BOOT_CPYTHON_S = 1.0  # fake-hardware boot to the menu on CPython
REPLAY_CPYTHON_PER_S = 50000  # rules cores on CPython: actions replayed per second
