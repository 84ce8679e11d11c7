"""where() in the VM, which has no __traceback__ (it reads
sys.print_exception): the raise below, in the code the VM runs as "<stdin>",
and an error raised inside a firmware .mpy, whose line numbers must survive."""

from referee.hw.buttons import Buttons
from referee.screens.crash import chain, where


def boom():
    raise ValueError("x")  # WHERE: this line


try:
    boom()
except ValueError as e:
    print("WHERE", where(e))
    print("CHAIN", " ".join(chain(e)))
try:
    Buttons([], None)  # no clock: the constructor fails inside buttons.mpy
except AttributeError as e:
    print("WHERE2", where(e))
