"""Snapshots: a game's state at one of its actions, in a file beside the
journal, so that a resume or an undo replays only the actions after it.

``game.jnl.snap`` (the newest) and ``game.jnl.snap1`` (the one before it,
so an undo just past the newest still starts near) hold:

    {"at": 20311, "count": 448, "game": "robots", "head": "8c7e3b21",
     "headline": "hand 90, BOB leads", "last": "5d1f0a3c", "lines": 449,
     "over": false, "v": 1} 0c1d2e3f
    {"k": "hand", "v": 91} 4a5b6c7d             a plain attribute
    {"crc": "1f2e3d4c", "k": "ledger._points", "raw": 8000} 9e8d7c6b
    ...8000 raw bytes and a newline...           an array or bytearray
    {"end": 23} 5a6b7c8d                         how many parts: it is whole

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
of their size, so a long game's ledger costs no text and no copies.
"""

import sys
from binascii import crc32, hexlify, unhexlify

from referee.core.errors import RulesError
from referee.core.record import seal, unseal

VERSION = 1
_PLAIN = (bool, int, str)


def _hex(data):
    return "%08x" % (crc32(data) & 0xFFFFFFFF)


def _is_object(value):
    return hasattr(value, "__dict__") and not isinstance(value, type)


def _key(k):
    return (0, k, "") if isinstance(k, int) else (1, 0, str(k))


def _enc(v):
    if v is None or isinstance(v, _PLAIN):
        return v
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if isinstance(v, tuple):
        return {"t": [_enc(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[_enc(k), _enc(v[k])] for k in sorted(v, key=_key)]}
    if isinstance(v, bytearray):
        return {"b": hexlify(bytes(v)).decode()}
    raise RulesError("a snapshot cannot keep %r" % (v,))


def _dec(v):
    if isinstance(v, list):
        return [_dec(x) for x in v]
    if isinstance(v, dict):
        if "t" in v:
            return tuple([_dec(x) for x in v["t"]])
        if "d" in v:
            found = {}
            for k, x in v["d"]:
                found[_dec(k)] = _dec(x)
            return found
        if "b" in v:
            return bytearray(unhexlify(v["b"]))
        raise RulesError("not a snapshot value: %r" % (v,))
    return v


def _is_raw(v):
    # An array from the array module, or a bytearray: both have the buffer
    # protocol and no place in JSON.
    return isinstance(v, bytearray) or type(v).__name__ == "array"


def _write_object(f, obj, prefix, parts):
    attrs = obj.__dict__
    for name in sorted(attrs):
        value = attrs[name]
        if type(value).__name__ == "module":
            continue  # the game's rules module (rummy): setup gives it back
        path = prefix + name
        if _is_object(value):
            _write_object(f, value, path + ".", parts)
            continue
        if _is_raw(value):
            f.write(seal({"k": path, "raw": _nbytes(value), "crc": _hex(value)}))
            f.write(value)
            f.write(b"\n")
        else:
            f.write(seal({"k": path, "v": _enc(value)}))
        parts[0] += 1


def _nbytes(value):
    """An array's or bytearray's size in bytes. MicroPython's arrays know
    neither itemsize nor nbytes: the bytes of one item tell it."""
    if isinstance(value, bytearray) or not len(value):
        return len(value)
    return len(value) * len(bytes(value[:1]))


def write(journal, rules, state):
    """Write a snapshot of ``state``, the game after ``journal.count``
    actions; the newest one so far becomes the one before. A failure
    leaves no snapshot or the old ones: nothing is lost but time."""
    if journal.size is None or journal.head is None or journal.last is None:
        return False
    storage = journal.storage
    newest, before = journal.snap_name(0), journal.snap_name(1)
    meta = {
        "v": VERSION,
        "at": journal.size,
        "count": journal.count,
        "lines": journal.lines,
        "head": journal.head,
        "last": journal.last,
        "game": rules.NAME,
        "headline": rules.headline(state),
        "over": bool(state.over),
    }

    def produce(f):
        f.write(seal(meta))
        parts = [0]
        _write_object(f, state, "", parts)
        f.write(seal({"end": parts[0]}))

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


def load(journal, header, head, f, survey_from, rules):
    """(survey, state) from the newest usable snapshot, or None. The
    survey is the journal's first pass from the snapshot on (see
    journal_read.py); journal damage after it raises RulesError."""
    for which in (0, 1):
        snap = journal.storage.open_read(journal.snap_name(which))
        if snap is None:
            continue
        try:
            from referee.core.journal_read import Lines

            lines = Lines(snap)
            meta = _meta(lines, header, head, f)
            if meta is None:
                continue
            survey = survey_from(meta["at"], meta["count"], meta["lines"], meta["last"])
            if survey.lowest < meta["count"]:
                continue  # an undo went below it
            state = _state(lines, rules, header["setup"])
            if state is None:
                continue
        finally:
            snap.close()
        journal.snaps[which] = meta["count"]
        return survey, state
    return None


def _meta(lines, header, head, f):
    try:
        got = lines.next()
    except RulesError:
        return None
    found = None if got is None else unseal(got[1], True)
    if found is None:
        return None
    meta = found[0]
    if (
        meta.get("v") != VERSION
        or meta.get("head") != head
        or meta.get("game") != header["game"]
        or not isinstance(meta.get("at"), int)
        or not isinstance(meta.get("count"), int)
        or not isinstance(meta.get("lines"), int)
        or not isinstance(meta.get("last"), str)
        or meta["at"] < 9
    ):
        return None
    f.seek(meta["at"] - 9)
    if f.read(9) != meta["last"].encode() + b"\n":
        return None
    return meta


def _state(lines, rules, setup):
    """The state a snapshot file holds (read on from its second line), or
    None if it is not whole."""
    try:
        state = rules.setup(setup)
        parts = 0
        while True:
            got = lines.next()
            found = None if got is None else unseal(got[1], True)
            if found is None:
                return None
            part = found[0]
            if "end" in part:
                return state if part["end"] == parts else None
            obj = state
            names = part["k"].split(".")
            for name in names[:-1]:
                obj = getattr(obj, name)
            if "raw" in part:
                setattr(obj, names[-1], _raw(lines, part, getattr(obj, names[-1])))
            else:
                setattr(obj, names[-1], _dec(part["v"]))
            parts += 1
    except (RulesError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None  # not whole, or not this game's: the journal is replayed instead


def _raw(lines, part, fresh):
    size = part["raw"]
    if not isinstance(size, int) or not 0 <= size <= 16384:
        raise ValueError("size")
    buf = bytearray(size)
    end = bytearray(1)
    if lines.read_into(buf) != size or lines.read_into(end) != 1:
        raise ValueError("short")
    if end[0] != 10 or _hex(buf) != part["crc"]:
        raise ValueError("damaged")
    if isinstance(fresh, bytearray):
        return buf
    value = fresh[:0]  # an empty array of the same type
    if hasattr(value, "frombytes"):
        value.frombytes(buf)
    else:
        value.extend(buf)  # MicroPython extends an array by raw bytes
    return value


def forget():
    """Drop this module from memory: it is needed once every few dozen
    actions, and its code would otherwise stay in the heap."""
    sys.modules.pop(__name__, None)
    package = sys.modules.get("referee.core")
    if package is not None and "snapshot" in dir(package):
        delattr(package, "snapshot")
