"""Reading a snapshot back (see snapshot.py for the file): for a resume or
an undo, loaded with the journal reader and dropped with it."""

from binascii import crc32, unhexlify

from referee.core.errors import RulesError
from referee.core.journal import SNAPS
from referee.core.journal_read import Lines, unseal

VERSION = 3  # snapshot.VERSION, the format read here (tests/portable/test_snapshots.py)

# No array a rules state keeps comes near it (the ledger's chunks are
# 1 KB); a bigger one is damage, refused before it is allocated.
RAW_MAX = 16384
# ledger.py's chunks: 512 rounds or points (not imported from there: not
# every game has a ledger, and its code would stay in the heap).
CHUNK_BYTES = 1024


def crc_hex(data):
    """snapshot.crc_hex, without loading the writer."""
    return "%08x" % (crc32(data) & 0xFFFFFFFF)


def _dec(v):
    if isinstance(v, list):
        for x in v:
            if isinstance(x, (list, dict)):
                return [_dec(x) for x in v]
        return v
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


def load(journal, header, head, f, survey_from, rules):
    """(survey, state) from the newest usable snapshot, or None. The
    survey is the journal's first pass from the snapshot on (see
    journal_read.py); journal damage after it raises RulesError."""
    for which in (0, 1):
        snap = journal.storage.open_read(journal.name + SNAPS[which])
        if snap is None:
            continue
        try:
            lines = Lines(snap)
            meta = _meta(lines, header, head, f)
            if meta is None:
                continue
            survey = survey_from(meta["at"], meta["count"], meta["lines"])
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
        end = bytearray(1)
        # A chunk's bytes pass through here on their way into their array:
        # one buffer for every chunk, not a new one each.
        scratch = bytearray(CHUNK_BYTES)
        path = obj = None
        while True:
            got = lines.next()
            found = None if got is None else unseal(got[1], True)
            if found is None:
                return None
            part = found[0]
            if "end" in part:
                return state if part["end"] == parts else None
            if part["k"] != path:  # a chunk is most often its object's second part or later
                path = part["k"]
                obj = state
                for name in path.split(".")[:-1]:  # "" for the state, "ledger." ...
                    obj = getattr(obj, name)
            chunk = part.get("i")
            if chunk is None:
                values = part["v"]
                for name in values:
                    setattr(obj, name, _dec(values[name]))
            if part["raw"]:
                for name, size, crc in part["raw"]:
                    if chunk is None:
                        setattr(obj, name, _raw(lines, size, crc, getattr(obj, name), scratch))
                    else:
                        _chunk(lines, size, crc, obj, name, chunk, scratch)
                if lines.read_into(end) != 1 or end[0] != 10:
                    return None
            parts += 1
    except (RulesError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None  # not whole, or not this game's: the journal is replayed instead


def _chunk(lines, size, crc, obj, name, i, scratch):
    """Chunk ``i`` of the list of arrays ``obj.name``: chunk 0 replaces the
    fresh list (whose one empty array gives the type), the others follow
    it in order."""
    chunks = getattr(obj, name)
    if not isinstance(chunks, list) or not chunks or i != (0 if i == 0 else len(chunks)):
        raise ValueError("chunk")
    value = _raw(lines, size, crc, chunks[0], scratch)
    if i == 0:
        setattr(obj, name, [value])
    else:
        chunks.append(value)


def _raw(lines, size, crc, fresh, scratch):
    if not isinstance(size, int) or not 0 <= size <= RAW_MAX:
        raise ValueError("size")
    if not (isinstance(fresh, bytearray) or type(fresh).__name__ == "array"):
        raise ValueError("not an array here")  # another layout's snapshot
    if isinstance(fresh, bytearray) or size > len(scratch):
        # a bytearray is kept as it is read
        buf = bytearray(size)  # type: bytearray | memoryview
    else:
        buf = memoryview(scratch)[:size]
    if lines.read_into(buf) != size or crc_hex(buf) != crc:
        raise ValueError("damaged")
    if isinstance(fresh, bytearray):
        return buf
    value = fresh[:0]  # an empty array of the same type
    if hasattr(value, "frombytes"):
        value.frombytes(buf)
    else:
        value.extend(buf)  # MicroPython extends an array by raw bytes
    return value
