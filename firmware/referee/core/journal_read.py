"""Reading a journal back: after a reset, for a resume, and for the desktop
tools (see journal.py for the format). Loaded for a resume and dropped once
the game is open: appending needs none of this.

- the file is read through one small buffer, a line at a time: memory does
  not grow with the game's length;
- a last line cut short by a power cut is dropped (it was never committed)
  and cut off the file, so the next action appends cleanly;
- any other line that is not intact (a flipped bit, a foreign edit) makes the
  whole file "damaged": it is renamed aside, never overwritten or deleted,
  and the referee says under which name it was kept;
- a header from a newer format is refused and the file left alone;
- an undo line ``{"undo": n}`` takes the game back to its first n actions:
  the actions it took back are not replayed.
A file whose header has no CRC was written by a person: its lines may go
without CRCs (a line that has one must still match it).

The device reads in two passes from a starting point (the header, or a
snapshot: see snapshot.py). The first checks every line and notes the undo
lines (few); the second replays the actions that no later undo took back.
"""

import json
from binascii import crc32, unhexlify
from io import BytesIO

from referee import JOURNAL_FORMAT, SNAPS, keep_alive
from referee.core.errors import RulesError
from referee.core.journal_line import is_hex8, unseal
from referee.core.record import encode

LINE_MAX = 4096  # no line the referee writes comes near it; a longer one is damage
_UNDO = b'{"undo": '


class Saved:
    """What was found on flash: a game to resume, or why there is none."""

    def __init__(self, game=None, setup=None, problem=None, kept_as=None):
        self.game = game
        self.setup = setup
        self.actions = 0  # the game's actions (after every undo)
        self.replayed = 0  # how many were replayed (the rest came from a snapshot)
        self.problem = problem  # a sentence for the screen, or None
        self.kept_as = kept_as  # where a damaged file was moved
        self.dropped = 0  # bytes of a torn last line that were left out


class Lines:
    """The lines of an open file from byte ``start``, through one buffer."""

    def __init__(self, f, start=0):
        f.seek(start)
        self.f = f
        self.buf = bytearray(256)
        self.n = 0  # bytes in buf
        self.i = 0  # where the next line starts in buf
        self.at = start  # file offset of buf[0]
        self.eof = False

    def next(self):
        """(offset, line without its newline, whether it had one), or None
        at the end of the file."""
        while True:
            end = self.buf.find(b"\n", self.i, self.n)
            if end >= 0:
                return self._take(end, True)
            if self.eof:
                return self._take(self.n, False) if self.i < self.n else None
            rest = self.n - self.i
            if self.i:  # move the start of a line to the front
                self.buf[0:rest] = memoryview(self.buf)[self.i : self.n]
                self.at += self.i
                self.i = 0
                self.n = rest
            if self.n == len(self.buf):
                if self.n >= LINE_MAX:
                    raise RulesError("a line is longer than %d bytes" % LINE_MAX)
                bigger = bytearray(2 * self.n)
                bigger[: self.n] = self.buf
                self.buf = bigger
            keep_alive()  # a few hundred bytes at a time: a long read is no hang
            got = self.f.readinto(memoryview(self.buf)[self.n :])
            if got:
                self.n += got
            else:
                self.eof = True

    def _take(self, end, whole):
        line = bytes(memoryview(self.buf)[self.i : end])
        offset = self.at + self.i
        self.i = end + 1 if whole else end
        return offset, line, whole

    def read_into(self, buf):
        """Fill ``buf`` with the bytes that come next (a raw part of a
        snapshot): from the buffer first, then straight from the file.
        Returns how many bytes came."""
        view = memoryview(buf)
        size = len(buf)
        have = min(self.n - self.i, size)
        view[:have] = memoryview(self.buf)[self.i : self.i + have]
        self.i += have
        got = have
        if got < size:
            self.at += self.n  # the buffer is used up; the file reads on
            self.i = self.n = 0
            while got < size:
                keep_alive()
                n = self.f.readinto(view[got:])
                if not n:
                    self.eof = True
                    break
                got += n
                self.at += n
        return got

    @property
    def offset(self):
        """Where the next line starts in the file."""
        return self.at + self.i


def _check_header(header):
    version = header.get("v")
    if version not in (1, JOURNAL_FORMAT):  # format 1 is format 2 without undo lines
        # Only a higher format number is a newer referee's (and left alone);
        # anything else there is damage, kept aside like any other.
        if isinstance(version, int) and not isinstance(version, bool) and version > JOURNAL_FORMAT:
            raise RulesError("format %d; this one reads %d" % (version, JOURNAL_FORMAT))
        raise RulesError("the header's format is unknown")
    if not isinstance(header.get("game"), str) or not isinstance(header.get("setup"), dict):
        raise RulesError("the header names no game and setup")


def _line(line, whole, sealed, number):
    """The record on one line, or None for a torn last line; raises
    RulesError for a damaged one."""
    found = unseal(line, sealed is not False)
    if found is None:
        if whole:
            raise RulesError("line %d is damaged" % number)
        if unseal(line[:-1], sealed is not False) is not None:
            # A whole record and then a wrong byte: no power cut does that.
            raise RulesError("line %d is damaged" % number)
        return None
    return found


def _undo_of(value, count, number):
    """The action count an undo line goes back to; RulesError if it goes
    forward or below nothing."""
    back = value.get("undo")
    if not isinstance(back, int) or isinstance(back, bool) or not 0 <= back < count:
        raise RulesError("line %d undoes to %r of %d actions" % (number, back, count))
    return back


def header_of(f):
    """(header, sealed, offset after it or None if it has no newline, its
    last 8 bytes) of an open journal; RulesError if its first line is
    damaged or not this referee's; None if the file holds no whole header
    (only a torn one, or nothing)."""
    lines = Lines(f)
    got = lines.next()
    if got is None:
        return None
    # Without its newline the header is whole only with its CRC: the
    # device writes one, and a cut before it leaves JSON that still parses.
    found = unseal(got[1], not got[2])
    if found is None:
        if got[2] or unseal(got[1][:-1], True) is not None:
            raise RulesError("line 1 is damaged")
        return None  # torn while the game began
    _check_header(found[0])
    head = got[1][-8:].decode()
    if not got[2]:
        return found[0], found[1], None, head  # whole, but the newline never landed
    return found[0], found[1], lines.offset, head


class Survey:
    """The first pass over a journal from a starting point: every line
    checked, the undo lines noted."""

    def __init__(self, f, start, count, sealed, first_number, at=None):
        # ``at``: a one-item list that learns where each line starts, so
        # that after a damaged line the caller knows where the good part ends
        self.start = start
        self.first_number = first_number
        self.start_count = count
        self.lowest = count  # the fewest actions any undo went back to
        self.undo_at = []  # type: list # file offsets of the undo lines
        self.undo_to = []  # type: list # and the counts they went back to
        lines = Lines(f, start)
        number = first_number
        self.torn_at = None  # offset of a torn last line
        self.no_newline = False
        self.end = start
        self.lines = 0
        while True:
            got = lines.next()
            if got is None:
                break
            number += 1
            offset, line, whole = got
            if at is not None:
                at[0] = offset
            found = _sealed_line(line, whole, sealed, number)
            if found is not None and found[0] is not True and _is_undo(found[0]):
                count = _undo_of(found[0], count, number)
                self.undo_at.append(offset)
                self.undo_to.append(count)
                if count < self.lowest:
                    self.lowest = count
            elif found is not None:
                count += 1
            if found is None:
                self.torn_at = offset
                break
            self.lines += 1
            self.end = lines.offset
            self.no_newline = not whole  # a whole record: only its newline is missing
        self.count = count


def _is_undo(value):
    return "undo" in value and "a" not in value


def _sealed_line(line, whole, sealed, number):
    """Check a line in the first pass: (True, True) for an action whose CRC
    matches (its JSON is parsed in the second pass, and only if it is
    replayed), else what _line finds. The device writes an undo line with
    sorted keys, so its start tells it; a hand-written one is parsed."""
    if sealed and not line.startswith(_UNDO):
        cut = len(line) - 9
        if cut > 0 and line[cut] == 32 and line[0] == 123 and is_hex8(line[cut + 1 :]):
            if crc32(memoryview(line)[:cut]) & 0xFFFFFFFF == int(line[cut + 1 :], 16):
                return True, True
    return _line(line, whole, sealed, number)


def replay_from(f, survey, sealed, on_action, at=None):
    """The second pass: feed on_action every action after ``survey.start``
    that no later undo took back, oldest first. Returns how many (``at``:
    as Survey's)."""
    # An action that became action number k is taken back by any later
    # undo to fewer than k: keep, for each undo line, the fewest actions
    # any undo from it on went back to.
    floors = list(survey.undo_to)
    for i in range(len(floors) - 2, -1, -1):
        if floors[i + 1] < floors[i]:
            floors[i] = floors[i + 1]
    lines = Lines(f, survey.start)
    count = survey.start_count
    next_undo = 0
    replayed = 0
    number = survey.first_number
    while lines.offset < survey.end:
        offset, line, _ = lines.next()
        number += 1
        if next_undo < len(floors) and offset == survey.undo_at[next_undo]:
            count = survey.undo_to[next_undo]
            next_undo += 1
            continue
        count += 1
        if next_undo < len(floors) and floors[next_undo] < count:
            continue  # a later undo takes it back
        if at is not None:
            at[0] = offset
        on_action(_record(line, sealed, number))
        replayed += 1
    return replayed


def _record(line, sealed, number):
    """The action on a line the first pass found intact. Its CRC is not
    checked twice: on the chip that was a fifth of a replayed action's
    time (the line made text to parse, a lookup among every interned name)."""
    found = None
    if sealed:
        cut = len(line) - 9  # a space and 8 hex digits: the first pass checked them
        if cut > 0 and line[cut] == 32:
            try:
                found = json.loads(line[:cut])
            except ValueError:
                found = None
    else:
        found = unseal(line, False)
        found = found[0] if found is not None else None
    if not isinstance(found, dict):  # a CRC that matches text that is not a record
        raise RulesError("line %d is damaged" % number)
    return found


def load(journal, on_header, on_action, start=None):
    """Read the saved game after a reset, feeding the header and each
    action to the caller as it goes. Returns a Saved; never raises for
    what is in the file. When Saved.problem is set, drop whatever the
    callbacks built: the game was not resumed.

    ``start(header, head, f, survey_from)`` may start later (from a
    snapshot, having built the state itself): it returns the Survey that
    ``survey_from(offset, count, lines)`` made from there, or None to
    start at the header (then on_header is called)."""
    f = journal.storage.open_read(journal.name)
    if f is None:
        return Saved()
    try:
        return _load(journal, f, on_header, on_action, start)
    finally:
        f.close()


def _load(journal, f, on_header, on_action, start):
    # Where the line being read starts: after a damaged line, the bytes
    # before it are the game's good part (salvage.py keeps them).
    at = [None]
    try:
        found = header_of(f)
        if found is None:
            f.close()
            journal.storage.remove(journal.name)  # only a torn header: nothing was saved
            return Saved()
        header, sealed, after, head = found
        saved = Saved(header["game"], header["setup"])
        survey = None
        if start is not None and after is not None:

            def survey_from(offset, count, lines):
                return Survey(f, offset, count, sealed, lines, at)

            survey = start(header, head, f, survey_from)
        if survey is None:
            on_header(header)
            if after is not None:
                survey = Survey(f, after, 0, sealed, 1, at)
        if survey is not None:
            saved.replayed = replay_from(f, survey, sealed, on_action, at)
    except RulesError as e:
        f.close()
        from referee.core.salvage import refused  # a damaged or newer file only

        saved = Saved()
        refused(journal, e, at[0], saved)
        return saved
    f.close()
    if survey is None:  # a header without its newline: give it one
        saved.actions = 0
        _mend(journal, None, False)
        journal.size = journal.storage.size(journal.name)
        journal.lines = 1
        return saved
    saved.actions = survey.count
    saved.dropped = 0
    journal.count = survey.count
    journal.lines_since = survey.lines
    journal.lines = survey.first_number + survey.lines
    journal.size = survey.end
    if survey.torn_at is not None:
        saved.dropped = journal.storage.size(journal.name) - survey.torn_at
        _mend(journal, survey.torn_at, True)
        journal.size = survey.torn_at
    elif survey.no_newline:
        _mend(journal, None, False)
        journal.size = journal.storage.size(journal.name)
    return saved


def _mend(journal, cut, torn):
    """Leave a clean end: the next action must not land on torn bytes. A
    torn line is cut off (the file copied without it, renamed over it); a
    whole last line without its newline gets one. If the flash refuses, the
    next record() tries again first."""
    try:
        if torn:
            _keep_first(journal.storage, journal.name, cut)
        else:
            journal.storage.append(journal.name, b"\n")
        journal._torn = False
    except OSError:
        journal._torn = True


def _keep_first(storage, name, length):
    """Replace a file with its first ``length`` bytes, copied through a
    small buffer into a new file renamed over the old (littlefs cannot
    truncate; a cut mid-copy leaves the old file)."""
    buf = bytearray(256)
    view = memoryview(buf)

    def copy(out):
        f = storage.open_read(name)
        try:
            left = length
            while left > 0:
                n = f.readinto(view[: min(left, len(buf))])
                if not n:
                    break
                out.write(view[:n])
                left -= n
        finally:
            f.close()

    storage.write_with(name, copy)


def tidy(journal):
    """After a failed append: find the journal's clean end again (a full
    survey, in flat memory) and cut off what the failed write left."""
    f = journal.storage.open_read(journal.name)
    if f is None:
        journal._torn = False
        return
    try:
        found = header_of(f)
        if found is None or found[2] is None:
            f.close()
            if found is not None:
                _mend(journal, None, False)
            return
        survey = Survey(f, found[2], 0, found[1], 1)
    except RulesError:
        f.close()
        return  # damage is for the next resume to report, not for an append
    f.close()
    if survey.torn_at is not None:
        _mend(journal, survey.torn_at, True)
    elif survey.no_newline:
        _mend(journal, None, False)
    else:
        journal._torn = False
    journal.size = journal.storage.size(journal.name)


def read(data):
    """(header or None, [actions], dropped bytes) of journal bytes, undo
    lines applied; raises RulesError. For the desktop: the device streams."""
    f = BytesIO(data)
    found = header_of(f)
    if found is None:
        return None, [], len(data)
    header, sealed, after, head = found
    if after is None:
        return header, [], 0
    survey = Survey(f, after, 0, sealed, 1)
    actions = []  # type: list
    replay_from(f, survey, sealed, actions.append)
    dropped = 0 if survey.torn_at is None else len(data) - survey.torn_at
    return header, actions, dropped


# Rebuilding a game from its setup and actions: how a game resumes after a
# reset, how undo works (replay all but the last), how a journal is
# audited. Here, not in a module of their own: the reader loads with them
# anyway, and an undo that opened one file more took 9 ms more on the chip.


def replay(rules, setup, actions):
    state = rules.setup(setup)
    for number, action in enumerate(actions, 1):
        try:
            state = rules.step(state, action)
        except RulesError as e:
            raise RulesError("action %d %s: %s" % (number, encode(action), e)) from None
    return state


def resume(journal, find_rules, snapshots=True):
    """Rebuild the game saved in ``journal`` as its file is read (no list of
    actions is kept), from its newest usable snapshot when there is one.
    ``find_rules(name)`` gives the rules core of the game the journal names
    (referee.games.rules: the registry is a layer above this one).
    Returns (saved, rules, state); rules and state are None unless a game
    was resumed. A journal whose actions do not replay is damaged like any
    other: it is kept aside and saved.problem says why."""
    box = [None, None, 0]  # type: list # rules module, state, actions applied

    def header(h):
        box[0] = find_rules(h["game"])
        box[1] = box[0].setup(h["setup"])

    def start(h, head, f, survey_from):
        game_rules = find_rules(h["game"])
        found = load_snapshot(journal, h, head, f, survey_from, game_rules)
        if found is None:
            return None
        box[0], box[1], box[2] = game_rules, found[1], found[0].start_count
        return found[0]

    def action(a):
        try:
            box[1] = box[0].step(box[1], a)
        except RulesError as e:
            raise RulesError("action %d refused: %s" % (box[2] + 1, e)) from None
        box[2] += 1

    saved = journal.load(header, action, start if snapshots else None)
    if saved.problem is not None or saved.game is None:
        return saved, None, None
    return saved, box[0], box[1]


# Reading a snapshot back (written by snapshot.py; see there for its
# format): here with the journal's reader, which it needs, so that a
# resume or an undo opens one module, not two (each a file to find and
# load: about 9 ms on the chip).


SNAPSHOT_VERSION = 3  # snapshot.VERSION, the format read here (tests/portable/test_snapshots.py)

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


def load_snapshot(journal, header, head, f, survey_from, rules):
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
        meta.get("v") != SNAPSHOT_VERSION
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
