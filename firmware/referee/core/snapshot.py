"""Snapshots: a game's state at one of its actions, in a file beside the
journal, so that a resume or an undo replays only the actions after it.

``game.jnl.snap`` (the newest) and ``game.jnl.snap1`` (the one before it,
so an undo just past the newest still starts near) hold:

    {"at": 20311, "count": 448, "game": "robots", "head": "8c7e3b21",
     "last": "5d1f0a3c", "lines": 449, "v": 1} 0c1d2e3f
    {"k": "", "raw": [["end_how", 90, "1f2e3d4c"], ...], "v": {"hand": 91, ...}} 4a5b6c7d
    ...the raw bytes of each array or bytearray named, then a newline...
    {"k": "ledger.", "raw": [], "v": {"count": 4000, ...}} 9e8d7c6b
    {"i": 0, "k": "ledger.", "raw": [["_points", 512, "..."], ...]} 1a2b3c4d
    ...the raw bytes of chunk 0 of each list named, then a newline...
    {"i": 1, "k": "ledger.", ...} ...      chunk 1, and so on
    {"end": 20} 5a6b7c8d                how many parts: the file is whole

One line for the rules state and one for each object in it (the ledger,
the table, a match): its plain attributes as JSON, and its arrays as raw
bytes after the line. An attribute that is a list of arrays (the ledger's
chunks) goes one chunk a part, chunk i of every such list of the object
together, so no part's bytes grow with the game's length.

A snapshot is a cache; the journal alone is the game and its history. One
is used only when every CRC matches, it belongs to this journal (the
header's CRC, and the journal line that ends at byte ``at`` ends with
``last``) and no undo since went below its ``count``; otherwise the other
one is tried, and in the end the journal is replayed from its start (slow
for a long game, never wrong).

The state is kept generically: every attribute of the rules state and of
the objects in it (ledger, table, match), laid over a fresh
``rules.setup(setup)``, so a rules core needs no code for it. Arrays go as
raw bytes: written from the array itself and read straight into a buffer
of their size, so a long game's ledger costs no text.

This module writes them (loaded for each snapshot, then dropped);
snapshot_read.py reads them back for a resume or an undo.
"""

import json
from binascii import crc32, hexlify
from struct import pack_into

from referee.core.errors import RulesError
from referee.core.journal import SNAPS
from referee.core.journal_line import first_line

# 3: the ledger keeps rounds as runs; 2: lists of arrays go one chunk a
# part (1 wrote the ledger's arrays whole). snapshot_read.py has its own
# copy (and of crc_hex): loading this module's code to read a snapshot
# back would take 2 KB of a long game's resume.
VERSION = 3
_PLAIN = (bool, int, str)


_HEX = b"0123456789abcdef"
_CRC = bytearray(4)
_END = bytearray(b" 00000000\n")

try:  # MicroPython: a str lends its UTF-8 bytes like any buffer (to crc32, to a file)
    crc32("")
    _STR_IS_BUFFER = True
except TypeError:  # CPython: a str must be encoded first
    _STR_IS_BUFFER = False


def _crc_end(data):
    """What ends a sealed line after ``data`` (record.seal's ending): a
    space, the CRC-32 in hex, a newline, with no big int shifted."""
    pack_into(">I", _CRC, 0, crc32(data))
    for i in range(4):
        _END[1 + 2 * i] = _HEX[_CRC[i] >> 4]
        _END[2 + 2 * i] = _HEX[_CRC[i] & 15]
    return _END


def crc_hex(data):
    return "%08x" % (crc32(data) & 0xFFFFFFFF)


def _is_object(value):
    return hasattr(value, "__dict__") and not isinstance(value, type)


def _key(k):
    return (0, k, "") if isinstance(k, int) else (1, 0, str(k))


def _enc(v):
    if v is None or isinstance(v, _PLAIN):
        return v
    if isinstance(v, list):
        for x in v:
            if not (x is None or isinstance(x, _PLAIN)):
                return [_enc(x) for x in v]
        return v  # plain values: JSON as it is
    if isinstance(v, tuple):
        return {"t": [_enc(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[_enc(k), _enc(v[k])] for k in sorted(v, key=_key)]}
    if isinstance(v, bytearray):
        return {"b": hexlify(bytes(v)).decode()}
    raise RulesError("a snapshot cannot keep %r" % (v,))


def _is_raw(v):
    # An array from the array module, or a bytearray: both have the buffer
    # protocol and no place in JSON.
    return isinstance(v, bytearray) or type(v).__name__ == "array"


def _is_chunks(v):
    if not isinstance(v, list) or not v:
        return False
    for x in v:
        if not _is_raw(x):
            return False
    return True


def _write_object(f, obj, path, parts):
    """One line for an object: its plain attributes, and the size and CRC
    of each array, whose raw bytes follow the line (then a newline); then
    its lists of arrays, a part for each chunk; then the objects it holds,
    each the same way."""
    attrs = obj.__dict__
    names = sorted(attrs)
    plain = {}
    raw = []
    chunked = []
    objects = []
    for name in names:
        value = attrs[name]
        if type(value).__name__ == "module":
            continue  # rummy's rules module: setup gives it back
        if _is_object(value):
            objects.append(name)
        elif _is_raw(value):
            raw.append([name, _nbytes(value), crc_hex(value)])
        elif _is_chunks(value):
            chunked.append(name)
        else:
            plain[name] = _enc(value)
    _put_raw(f, {"k": path, "v": plain, "raw": raw}, attrs, raw)
    parts[0] += 1
    most = 0
    for name in chunked:
        most = max(most, len(attrs[name]))
    for i in range(most):
        raw = []
        for name in chunked:
            if i < len(attrs[name]):
                chunk = attrs[name][i]
                raw.append([name, _nbytes(chunk), crc_hex(chunk)])
        _put_raw(f, {"k": path, "i": i, "raw": raw}, attrs, raw)
        parts[0] += 1
    for name in objects:
        _write_object(f, attrs[name], path + name + ".", parts)


def _put_raw(f, part, attrs, raw):
    """A part's line, then the raw bytes it names and a newline."""
    _put(f, part)
    if raw:
        i = part.get("i")
        for name, _, _ in raw:
            f.write(attrs[name] if i is None else attrs[name][i])
        f.write(b"\n")


def _put(f, part):
    """One sealed line, as record.seal writes them, but through the C json
    module: MicroPython gives most Python calls a heap frame, and a
    snapshot's values are many."""
    text = json.dumps(part)
    # (on MicroPython the text goes out as it is: no copy)
    data = text if _STR_IS_BUFFER else text.encode()
    f.write(data)
    f.write(_crc_end(data))


def _nbytes(value):
    """An array's or bytearray's size in bytes. MicroPython's arrays know
    neither itemsize nor nbytes: the bytes of one item tell it."""
    if isinstance(value, bytearray) or not len(value):
        return len(value)
    return len(value) * len(bytes(value[:1]))


def _ends(storage, name, size):
    """The last 8 bytes of the journal's header line and of the line that
    ends at byte ``size``: what ties a snapshot to its journal."""
    f = storage.open_read(name)
    if f is None:
        return None
    try:
        header = first_line(f)
        f.seek(size - 9)
        last = f.read(9)
    finally:
        f.close()
    if not header.endswith(b"\n") or len(last) != 9 or last[8] != 10:
        return None
    return header[-9:-1].decode(), last[:8].decode()


def write(journal, rules, state):
    """Write a snapshot of ``state``, the game after ``journal.count``
    actions; the newest one so far becomes the one before. A failure
    leaves no snapshot or the old ones: nothing is lost but time."""
    if journal.size is None or journal.size < 9:
        return False
    storage = journal.storage
    newest, before = journal.name + SNAPS[0], journal.name + SNAPS[1]
    crcs = journal.crcs
    if crcs is not None:
        ends = bytes(crcs[:8]).decode(), bytes(crcs[8:]).decode()
    else:  # a resumed game: read back from the journal
        ends = _ends(storage, journal.name, journal.size)
    if ends is None:
        return False
    meta = {
        "v": VERSION,
        "at": journal.size,
        "count": journal.count,
        "lines": journal.lines,
        "head": ends[0],
        "last": ends[1],
        "game": rules.NAME,
        # A finished game's last snapshot says so: the boot then offers
        # nothing without reading the game (screens/resume.py).
        "over": 1 if state.over else 0,
    }

    def produce(f):
        _put(f, meta)
        parts = [0]
        _write_object(f, state, "", parts)
        _put(f, {"end": parts[0]})

    journal.lines_since = 0  # after a failure too: try again later, not every press
    try:
        if journal.snaps[0] >= 0:
            storage.rename(newest, before)
            journal.snaps[1] = journal.snaps[0]
        journal.snaps[0] = -1
        storage.write_with(newest, produce)
    except (OSError, RulesError):
        storage.remove(newest)
        return False
    journal.snaps[0] = journal.count
    return True
