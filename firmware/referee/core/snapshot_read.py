"""Reading a snapshot back (see snapshot.py for the file): for a resume or
an undo, loaded with the journal reader and dropped with it."""

from binascii import unhexlify

from referee.core.errors import RulesError
from referee.core.journal import SNAPS
from referee.core.record import unseal
from referee.core.snapshot import VERSION, crc_hex


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
            from referee.core.journal_read import Lines

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
        while True:
            got = lines.next()
            found = None if got is None else unseal(got[1], True)
            if found is None:
                return None
            part = found[0]
            if "end" in part:
                return state if part["end"] == parts else None
            obj = state
            for name in part["k"].split(".")[:-1]:  # "" for the state, "ledger." ...
                obj = getattr(obj, name)
            values = part["v"]
            for name in values:
                setattr(obj, name, _dec(values[name]))
            if part["raw"]:
                for name, size, crc in part["raw"]:
                    setattr(obj, name, _raw(lines, size, crc, getattr(obj, name)))
                end = bytearray(1)
                if lines.read_into(end) != 1 or end[0] != 10:
                    return None
            parts += 1
    except (RulesError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None  # not whole, or not this game's: the journal is replayed instead


def _raw(lines, size, crc, fresh):
    if not isinstance(size, int) or not 0 <= size <= 16384:
        raise ValueError("size")
    buf = bytearray(size)
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
