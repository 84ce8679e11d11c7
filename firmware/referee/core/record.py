"""One journal line: canonical JSON, a space, its CRC-32 in hex, a newline.

    {"a": "score", "pts": 25, "seat": 1} 5d1f0a3c

Keys are written sorted, so the same record is the same bytes on every VM
(MicroPython's dicts do not promise an order). The CRC catches any flipped
bit; a person writing a journal by hand may leave it out (see journal.py).
"""

import json
from binascii import crc32

from referee.core.errors import RulesError


def encode(value):
    """Canonical JSON: sorted keys, the separators json.dumps uses by default."""
    if isinstance(value, dict):
        keys = sorted(value)
        return "{" + ", ".join(json.dumps(k) + ": " + encode(value[k]) for k in keys) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(encode(v) for v in value) + "]"
    if value is None or isinstance(value, (bool, int, str)):
        return json.dumps(value)
    raise RulesError("cannot keep %r in a journal" % (value,))


def seal(value):
    """The bytes of one line, newline included."""
    text = encode(value).encode()
    return text + (" %08x\n" % (crc32(text) & 0xFFFFFFFF)).encode()


def _is_hex8(b):
    if len(b) != 8:
        return False
    for c in b:
        if not (48 <= c <= 57 or 97 <= c <= 102):  # 0-9 a-f
            return False
    return True


def unseal(line, need_crc):
    """(value, had_crc) for one line without its newline, or None if the
    line is not a whole, intact record. A line with a CRC must match it; a
    line without one is accepted only when ``need_crc`` is False."""
    text = line
    cut = line.rfind(b" ")
    had_crc = cut > 0 and _is_hex8(line[cut + 1 :])
    if had_crc:
        text = line[:cut]
        if crc32(text) & 0xFFFFFFFF != int(line[cut + 1 :], 16):
            return None
    elif need_crc:
        return None
    else:
        # Without a CRC, refuse raw control bytes: JSON never has them, and
        # MicroPython's parser stops at a NUL as if the line ended there.
        for c in line:
            if c < 32:
                return None
    try:
        value = json.loads(text.decode())
    except (ValueError, UnicodeError):
        return None
    if not isinstance(value, dict):
        return None
    return value, had_crc
