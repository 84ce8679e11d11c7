"""The history's index (issue 20): the past games kept on the flash, and
how a game moves in among them.

A game that a new one replaces stays on the flash as history-NNN.jnl, NNN
counting up and never given twice, so the lowest number is the oldest
game. INDEX lists them oldest first, one record of fixed width a game: its
number, its game's name, its night, and whether `make export` copied it
(core/room.py marks that). The History screen reads the count from the
index's size and only the records it shows, a seek each, and looks up no
other file: on LittleFS each lookup of a name among the history's files
(or of a missing one) walks them, about 0.2 ms a game on the chip. So
History opens as quickly with 300 games as with 3, and the index's name
sorts before theirs.

A night: the device has no clock, so each game's header carries the
number of the night it was played on. The first new game after a power-on
opens the next night (app.night_begun); a restart after a hang (the
watchdog's) is no power-on. A game resumed keeps the night it began on.

What a reset at any point leaves, and why nothing is lost:
- the new game's file is written beside the old one before the old one
  moves, so a flash too full for it refuses it first, and nothing moves;
- a game's file is renamed into the history before its record is
  appended: a reset between leaves the next number's file with no record,
  or part of a record; the next start finds it (one lookup) and records
  it before anything else;
- deletions (core/room.py) write the shorter index first, whole. When
  the newest game is deleted its number stays held by a last record that
  lists no game (its mark is "#"), so the next game gets the number after
  it, and a file that a reset left behind the deletion is never taken for
  a game moved in without its record. The next game's record replaces it.

Loaded as a game starts and while History is open.
"""

import os

from micropython import const

from referee import keep_alive
from referee.core.journal_line import first_line

INDEX = "games.idx"  # before "history-" in LittleFS's order: found first
PREFIX = "history-"
RECORD = const(22)  # b"00012 scorepad 0003 x\n": number, game, night, exported
# A record's mark: exported ("x"), not yet ("-"), or no game, its number held ("#")
_MARKS = {True: "x", False: "-", None: "#"}


def name_of(number):
    return "history-%03d.jnl" % number


def number_of(name):
    return int(name[len(PREFIX) : -4])


def encode(number, game, night, exported):
    """One record; ``exported`` None: no game, the number held (see above)."""
    if len(game) > 8 or len(game.encode()) != len(game):
        game = ""  # not a name this referee gives: its row says "damaged"
    mark = _MARKS[None if exported is None else bool(exported)]
    return ("%05d %-8s %04d %s\n" % (number, game, min(night, 9999), mark)).encode()


def parse(raw):
    """(number, game, night, exported) of one record, exported None for a
    held number; ValueError if it is not one."""
    if len(raw) != RECORD or raw[5:6] != b" " or raw[14:15] != b" " or raw[19:20] != b" ":
        raise ValueError
    mark = raw[20:21]
    exported = None if mark == b"#" else mark == b"x"
    return int(raw[:5]), raw[6:14].decode().strip(), int(raw[15:19]), exported


def header_of(storage, name):
    """(game, night) from a journal's first line; ("", 0) when it does not
    read. A night is in the header from this referee on: 0 for older files.
    The line's seal is not checked: a damaged header makes a row that says
    so, and a replay finds the rest."""
    import json

    f = storage.open_read(name)
    if f is None:
        return "", 0
    try:
        line = first_line(f)
        found = json.loads(line[: line.rfind(b" ")].decode())
        game, night = found["game"], found.get("night", 0)
        if isinstance(game, str) and isinstance(night, int):
            return game, night
    except Exception:  # noqa: BLE001 - any damage: unread, said in the row
        pass
    finally:
        f.close()
    return "", 0


def _size(storage):
    """The index's size in bytes (a missing index is built first)."""
    try:
        return storage.size(INDEX)
    except OSError:  # a referee from before the index, or one lost
        return rebuild(storage)


def count(storage):
    """How many games the index lists (part of a record is not counted,
    nor a held number)."""
    n = _size(storage) // RECORD
    return n - 1 if n and _read(storage, n - 1)[3] is None else n


def record(storage, i):
    """(number, game, night, exported) of the index's game ``i``, oldest
    first; (0, "", 0, False) when it does not read."""
    found = _read(storage, i)
    return found if found[3] is not None else (0, "", 0, False)


def _read(storage, i):
    """The index's record ``i`` as parse() gives it; (0, "", 0, False) when
    it does not read."""
    f = storage.open_read(INDEX)
    if f is None:
        return 0, "", 0, False
    try:
        f.seek(i * RECORD)
        return parse(f.read(RECORD))
    except (OSError, ValueError):
        return 0, "", 0, False
    finally:
        f.close()


def _settle(storage):
    """(the number the next game will get, the newest game's night or 0),
    once what a reset mid-move left is put right: part of a record written
    over, a file moved in without its record recorded (one lookup: as a
    game starts only)."""
    size = _size(storage)
    n = size // RECORD
    number, _game, night, _out = _read(storage, n - 1) if n else (0, "", 0, False)
    number += 1  # one more than the newest, held or not: never a number given before
    if n * RECORD != size:  # part of a record: a reset mid-append
        storage.write(INDEX, storage.read(INDEX)[: n * RECORD])
    while storage.exists(name_of(number)):  # moved, then a reset before its record
        game, night = header_of(storage, name_of(number))
        _add(storage, encode(number, game, night, False))
        number += 1
    return number, night


def newest(storage):
    """The newest number given, its game kept or deleted; 0 for none."""
    n = _size(storage) // RECORD
    return _read(storage, n - 1)[0] if n else 0


def _add(storage, data):
    """Append a game's record; one that holds a number goes (the new
    record's number is higher: it holds it now), with the index written
    whole, so a reset leaves one or the other."""
    n = _size(storage) // RECORD
    if n and _read(storage, n - 1)[3] is None:
        storage.write(INDEX, storage.read(INDEX)[: (n - 1) * RECORD] + data)
    else:
        storage.append(INDEX, data)


def shelve(storage, journal, game, night):
    """Move the game file ``journal`` (of ``game``, played on ``night``)
    into the history under the next number, and record it; its new name."""
    name = name_of(_settle(storage)[0])
    storage.rename(journal, name)
    _add(storage, encode(number_of(name), game, night, False))
    return name


def begin(journal, header, new_night):
    """Journal.begin's work: the new game's file written beside the old one
    first (so a full flash says so before anything moves), then the old one
    into the history, then the new one in its place. The header gets the
    game's night: the night of the game before, one more for ``new_night``.
    Returns the bytes written."""
    from referee.core.journal_line import finished
    from referee.core.record import keep_crc, seal

    storage = journal.storage
    had = journal.exists()
    if had:
        old_game, old_night = header_of(storage, journal.name)
        if not finished(storage, journal.name):  # (before its snapshots go, below)
            journal.shelved = old_game  # the new game's screen says where it went
    else:
        old_night = last_night(storage)
    header["night"] = max(1, old_night + 1 if new_night else old_night)
    data = seal(header)
    # Written whole beside the old game first, as its own file: one never
    # read, only renamed once whole (so no temporary and rename of its own)
    fresh = journal.name + ".new"
    storage.remove(fresh)  # what a reset mid-write left
    try:
        storage.append(fresh, data)
    except OSError:
        storage.remove(fresh)
        raise
    journal.forget_snapshots()
    if had:  # a reset from here on leaves the old game in the history
        shelve(storage, journal.name, old_game, old_night)
    storage.rename(fresh, journal.name)
    journal.crcs = crcs = bytearray(16)
    keep_crc(crcs, data, 0)
    keep_crc(crcs, data, 8)
    return len(data)


def take_back(journal, name):
    """A past game back in play (History: resume): the game in the journal,
    if any, into the history first (its snapshots dropped), then file
    ``name`` renamed to the journal, then the index without it. A reset
    before the rename leaves both games in the history; after it, the game
    is in play and the index may list it a moment longer (History then
    reads its row as not readable, and its deletion removes the row)."""
    from referee.core.journal_line import finished

    storage = journal.storage
    if journal.exists():
        game, night = header_of(storage, journal.name)
        if not finished(storage, journal.name):  # as begin(): the screen says where it went
            journal.shelved = game
        journal.forget_snapshots()
        shelve(storage, journal.name, game, night)
    storage.rename(name, journal.name)
    write(storage, [r for r in listed(storage) if name_of(r[0]) != name], newest(storage))


def last_night(storage):
    """The night of the newest game in the history, or 0."""
    return _settle(storage)[1]


def listed(storage):
    """Every game's whole record, oldest first: (number, game, night,
    exported). The index is built again if one does not read (damage, not
    a reset: see above)."""
    data = storage.read(INDEX)
    if data is not None:
        try:
            ends = range(0, len(data) // RECORD * RECORD, RECORD)
            records = [parse(data[i : i + RECORD]) for i in ends]
            return [r for r in records if r[3] is not None]
        except ValueError:
            pass
    rebuild(storage)
    return listed(storage)


def write(storage, records, held=0):
    """The index whole, written beside the old one and renamed over it:
    ``records``, and a record holding number ``held`` when it is above
    theirs (the newest game was deleted: see above)."""
    if held > (records[-1][0] if records else 0):
        records = records + [(held, "", 0, None)]

    def produce(f):
        # 32 records (704 B) a write: a few writes for hundreds of games,
        # and never the whole index in memory at once
        for i in range(0, len(records), 32):
            f.write(b"".join([encode(*r) for r in records[i : i + 32]]))

    storage.write_with(INDEX, produce)
    return len(records) * RECORD


def rebuild(storage):
    """The index from the folder and each file's first line (a damaged
    index): a read a game, once. None is marked exported: the next export
    marks them again. Returns its size."""
    records = []
    for name in files(storage):
        keep_alive()
        game, night = header_of(storage, name)
        records.append((number_of(name), game, night, False))
    return write(storage, records)


def files(storage):
    """The history's journals as the folder has them, oldest first: one
    pass over the folder (History itself reads the index)."""
    try:
        names = os.listdir(storage.root)
    except OSError:
        return []
    found = []
    for name in names:
        if name.startswith(PREFIX) and name.endswith(".jnl"):
            number = name[len(PREFIX) : -4]
            if number.isdigit():  # history-001.jnl ... history-1000.jnl: by number
                found.append((int(number), name))
    found.sort()
    return [name for _n, name in found]
