"""One journal line: canonical JSON, a space, its CRC-32 in hex, a newline.

    {"a": "score", "pts": 25, "seat": 1} 5d1f0a3c

Keys are written sorted, so the same record is the same bytes on every VM
(MicroPython's dicts do not promise an order). The CRC catches any flipped
bit; a person writing a journal by hand may leave it out (see journal.py).
"""

import json
from binascii import crc32

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
    crc = crc32(memoryview(_writer.buf)[:n]) & 0xFFFFFFFF
    _writer.byte(32)
    for shift in (28, 24, 20, 16, 12, 8, 4, 0):
        _writer.byte(_HEX[(crc >> shift) & 15])
    _writer.byte(10)
    return memoryview(_writer.buf)[: n + 10]


_HEX = b"0123456789abcdef"


class _Writer:
    def __init__(self):
        self.buf = bytearray(160)
        self.n = 0

    def reserve(self, more):
        if self.n + more > len(self.buf):
            # A new buffer, not a resize: a view of the old one may still be in use.
            bigger = bytearray(2 * len(self.buf) + more)
            bigger[: self.n] = self.buf[: self.n]
            self.buf = bigger

    def byte(self, b):
        if self.n == len(self.buf):
            self.reserve(1)  # rare: a long setup line
        self.buf[self.n] = b
        self.n += 1

    def text(self, s):
        for ch in s:
            self.byte(ord(ch))

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
            first = True
            for key in sorted(v):
                if not isinstance(key, str):
                    raise RulesError("journal keys are strings, not %r" % (key,))
                if not first:
                    self.text(", ")
                first = False
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
    return memoryview(_writer.buf)[: _writer.n]
