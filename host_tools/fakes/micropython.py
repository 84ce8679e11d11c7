"""CPython stand-in for MicroPython's micropython module."""

import builtins


def const(value):
    return value


def native(func):
    """MicroPython compiles the function to machine code; CPython runs it as is."""
    return func


viper = native

# Viper's pointer casts are names its compiler knows, not imports: CPython
# finds them among the builtins. A bytearray (or memoryview) already reads
# and writes bytes by index, as a viper ptr8 does.
builtins.ptr8 = lambda buf: buf  # type: ignore[attr-defined]


def mem_info(*args):
    pass


def alloc_emergency_exception_buf(size):
    pass


def schedule(func, arg):
    func(arg)
