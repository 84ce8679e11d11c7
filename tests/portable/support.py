"""Helpers for the tests that run on both VMs."""

from referee.core.errors import RulesError


def raises(fn, *args):
    """The RulesError message fn(*args) raises (fails if it raises none)."""
    try:
        fn(*args)
    except RulesError as e:
        return str(e)
    raise AssertionError("no RulesError from %r" % (fn,))


class Feed:
    """Entropy that hands out the given bytes in order, then runs dry."""

    def __init__(self, data):
        self.data = bytes(data)
        self.pos = 0

    def __call__(self, n):
        # What is left when that is less than asked (Chance fetches a pool
        # of bytes at a time and uses them in order); dry: EOFError.
        out = self.data[self.pos : self.pos + n]
        if not out:
            raise EOFError
        self.pos += len(out)
        return out
