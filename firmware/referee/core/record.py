"""One journal line: canonical JSON, a space, its CRC-32 in hex, a newline.

    {"a": "score", "pts": 25, "seat": 1} 5d1f0a3c

Keys are written sorted, so the same record is the same bytes on every VM
(MicroPython's dicts do not promise an order). The CRC catches any flipped
bit; a person writing a journal by hand may leave it out (see journal.py).
"""

import json
from binascii import crc32
from struct import pack_into

from referee.core.errors import RulesError


def _plain(text):
    """True if the string needs no JSON escapes (printable ASCII, no quote
    or backslash): then it is written as is, without json.dumps' buffers."""
    for ch in text:
        if not " " <= ch <= "~" or ch == '"' or ch == "\\":
            return False
    return True


def encode(value):
    """Canonical JSON text of a value: sorted keys, the separators
    json.dumps uses by default."""
    return bytes(_write(value)).decode()


def seal(value):
    """One journal line, newline included, as a view of a buffer that the
    next call reuses: write it out before sealing again. An action is
    sealed on every button press that changes a game, so this builds the
    line byte by byte in that buffer instead of joining strings."""
    _writer.n = 0
    _writer.value(value)
    n = _writer.n
    _writer.reserve(10)  # room for the CRC before any view of the buffer exists
    # Three CRCs in four pass 2**30, a big int on MicroPython, where every
    # shift or mask of one is a new object (about 450 B a line): its four
    # bytes, unpacked into a kept buffer, are small ints.
    pack_into(">I", _CRC, 0, crc32(_writer.view[:n]))
    _writer.byte(32)
    for i in range(4):
        _writer.byte(_HEX[_CRC[i] >> 4])
        _writer.byte(_HEX[_CRC[i] & 15])
    _writer.byte(10)
    return _writer.view[: n + 10]


def keep_crc(crcs, line, at):
    """Copy a sealed line's CRC into ``crcs`` at ``at`` (0: the header's,
    8: the last line's), byte by byte: the line is a view of a buffer the
    next seal reuses, and a slice would be garbage at every press."""
    end = len(line) - 9
    for i in range(8):
        crcs[at + i] = line[end + i]


_HEX = b"0123456789abcdef"
_CRC = bytearray(4)


class _Writer:
    def __init__(self):
        self.buf = bytearray(160)
        self.view = memoryview(self.buf)  # kept: a slice of it is one object, not two
        self.n = 0

    def reserve(self, more):
        if self.n + more > len(self.buf):
            # A new buffer, not a resize: a view of the old one may still be in use.
            bigger = bytearray(2 * len(self.buf) + more)
            bigger[: self.n] = self.buf[: self.n]
            self.buf = bigger
            self.view = memoryview(bigger)

    def byte(self, b):
        if self.n == len(self.buf):
            self.reserve(1)  # rare: a long setup line
        self.buf[self.n] = b
        self.n += 1

    def text(self, s):
        for i in range(len(s)):  # by index: a str's iterator is a heap object
            self.byte(ord(s[i]))

    def number(self, v):
        if v < 0:
            self.byte(45)  # -
            v = -v
        place = 1
        while place * 10 <= v:
            place *= 10
        while place:
            self.byte(48 + v // place % 10)
            place //= 10

    def value(self, v):
        if v is True:
            self.text("true")
        elif v is False:
            self.text("false")
        elif v is None:
            self.text("null")
        elif isinstance(v, int):
            self.number(v)
        elif isinstance(v, str):
            if _plain(v):
                self.byte(34)
                self.text(v)
                self.byte(34)
            else:
                self.text(json.dumps(v))
        elif isinstance(v, dict):
            self.byte(123)  # {
            # The keys in sorted order, each the least one after the last
            # written: an action has a handful, and sorted() would make a
            # list of them at every press.
            key = None
            for _ in range(len(v)):
                after = key
                key = None
                for k in v:
                    if not isinstance(k, str):
                        raise RulesError("journal keys are strings, not %r" % (k,))
                    if (after is None or k > after) and (key is None or k < key):
                        key = k
                if after is not None:
                    self.text(", ")
                self.value(key)
                self.text(": ")
                self.value(v[key])
            self.byte(125)  # }
        elif isinstance(v, (list, tuple)):
            self.byte(91)  # [
            for i in range(len(v)):
                if i:
                    self.text(", ")
                self.value(v[i])
            self.byte(93)  # ]
        else:
            raise RulesError("cannot keep %r in a journal" % (v,))


_writer = _Writer()


def _write(value):
    """Canonical JSON of ``value`` into the shared buffer; a view of it."""
    _writer.n = 0
    _writer.value(value)
    return _writer.view[: _writer.n]
