"""CPython stand-in for MicroPython's micropython module."""


def const(value):
    return value


def native(func):
    raise RuntimeError("@micropython.native does not load in the MicroPython VM lane")


viper = native


def mem_info(*args):
    pass


def alloc_emergency_exception_buf(size):
    pass


def schedule(func, arg):
    func(arg)
