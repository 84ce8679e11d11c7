"""The game journal: a game is its setup plus the actions taken, on flash.

The file ``game.jnl`` holds one header line, then one line per action (see
record.py):

    {"game": "scorepad", "setup": {...}, "v": 1} 8c7e3b21
    {"a": "score", "pts": 25, "seat": 0} 5d1f0a3c

An action is appended and flushed before the screen shows its result. Undo
rewrites the file without its last line: the new file is written under a
temporary name and renamed over the old one, which littlefs does atomically.

Reading it back after a reset:
- a last line cut short by a power cut is dropped (it was never committed);
- any other line that is not intact (a flipped bit, a foreign edit) makes the
  whole file "damaged": it is renamed aside, never overwritten or deleted,
  and the referee says under which name it was kept;
- a header from a newer format is refused and the file left alone.
A file whose header has no CRC was written by a person: its lines may go
without CRCs (a line that has one must still match it).
"""

from referee import JOURNAL
from referee.core.errors import RulesError
from referee.core.record import seal, unseal

VERSION = 1
FILE = JOURNAL


class Saved:
    """What was found on flash: a game to resume, or why there is none."""

    def __init__(self, game=None, setup=None, problem=None, kept_as=None):
        self.game = game
        self.setup = setup
        self.actions = 0  # how many actions were replayed
        self.problem = problem  # a sentence for the screen, or None
        self.kept_as = kept_as  # where a damaged file was moved
        self.dropped = 0  # bytes of a torn last line that were left out


def scan(data, on_header, on_action):
    """Walk journal bytes line by line, without splitting the whole file:
    on_header(header) once, then on_action(action) for each action. Returns
    how many bytes of a torn last line were dropped; raises RulesError if a
    line is damaged or the format is not this referee's."""
    pos = 0
    size = len(data)
    number = 0
    sealed = None  # decided by the header: True when it carries a CRC
    while pos < size:
        number += 1
        end = data.find(b"\n", pos)
        if end < 0:  # the last line has no newline: whole, torn, or damaged
            tail = data[pos:]
            found = unseal(tail, sealed is not False)
            if found is None:
                if unseal(tail[:-1], sealed is not False) is not None:
                    # A whole record and then a wrong byte: no power cut does that.
                    raise RulesError("line %d is damaged" % number)
                return size - pos
        else:
            found = unseal(data[pos:end], sealed is True)
            if found is None:
                raise RulesError("line %d is damaged" % number)
        pos = size if end < 0 else end + 1
        if sealed is None:
            sealed = found[1]
            _check_header(found[0])
            on_header(found[0])
        else:
            on_action(found[0])
    return 0


def _check_header(header):
    version = header.get("v")
    if version != VERSION:
        raise RulesError("journal format %r; this referee reads format %d" % (version, VERSION))
    if not isinstance(header.get("game"), str) or not isinstance(header.get("setup"), dict):
        raise RulesError("the header names no game and setup")


def _skip(value):
    pass


def read(data):
    """(header or None, [actions], dropped bytes) of journal bytes; raises
    RulesError. For the desktop: the device streams with scan()."""
    found = []  # type: list
    actions = []  # type: list
    dropped = scan(data, found.append, actions.append)
    return (found[0] if found else None), actions, dropped


class Journal:
    def __init__(self, storage, name=FILE):
        self.storage = storage
        self.name = name
        self.count = 0  # actions in the file
        self._torn = False  # a failed append may have left part of a line
        self.bytes_written = 0  # since boot, for the benchmarks

    def exists(self):
        return self.storage.exists(self.name)

    def game(self):
        """The saved game's name from its header alone (no replay), or None."""
        data = self.storage.read(self.name)
        if not data:
            return None
        end = data.find(b"\n")
        found = unseal(data[: end if end >= 0 else len(data)], False)
        if found is None or not isinstance(found[0].get("game"), str):
            return None
        return found[0]["game"]

    def begin(self, game, setup):
        """Start a new game file (an unfinished one is archived first)."""
        if self.exists():
            self.archive()
        data = seal({"v": VERSION, "game": game, "setup": setup})
        self.storage.write(self.name, data)
        self.bytes_written += len(data)
        self.count = 0

    def record(self, action):
        """Append one action and flush it; only then may the screen show it."""
        data = seal(action)
        if self._torn:  # tidy the end first, or the new line lands on torn bytes
            old = self.storage.read(self.name)
            self._tidy(old, scan(old, _skip, _skip))
            if self._torn:
                raise OSError(28)  # ENOSPC: still no room to tidy
        try:
            self.storage.append(self.name, data)
        except OSError:
            self._torn = True
            raise
        self.bytes_written += len(data)
        self.count += 1
        return len(data)

    def undo(self):
        """Drop the last action: the file without its last line, written
        under a temporary name and renamed over the old one."""
        if self.count == 0:
            raise RulesError("there is nothing to undo")
        data = self.storage.read(self.name)
        cut = data.rfind(b"\n", 0, len(data) - 1) + 1
        self.storage.write(self.name, data[:cut])
        self.bytes_written += cut
        self.count -= 1

    def load(self, on_header, on_action):
        """Read the saved game after a reset, feeding the header and each
        action to the caller as it goes. Returns a Saved; never raises for
        what is in the file. When Saved.problem is set, drop whatever the
        callbacks built: the game was not resumed."""
        data = self.storage.read(self.name)
        if data is None:
            return Saved()
        saved = Saved()

        def header(h):
            saved.game = h["game"]
            saved.setup = h["setup"]
            on_header(h)

        def action(a):
            saved.actions += 1
            on_action(a)

        try:
            saved.dropped = scan(data, header, action)
        except RulesError as e:
            if str(e).startswith("journal format"):
                return Saved(problem="saved game is from a newer referee (%s)" % e)
            return Saved(problem="saved game damaged: %s" % e, kept_as=self.set_aside())
        if saved.game is None:
            self.storage.remove(self.name)  # only a torn header: nothing was saved
            return Saved()
        self.count = saved.actions
        self._tidy(data, saved.dropped)
        return saved

    def _tidy(self, data, dropped):
        """Leave a clean end: the next action must not land on torn bytes.
        If the flash refuses, the next record() tries again first."""
        self._torn = not data.endswith(b"\n")
        if self._torn:
            cut = data.rfind(b"\n") + 1
            try:
                self.storage.write(self.name, data[:cut] if dropped else data + b"\n")
                self._torn = False
            except OSError:
                pass

    def _move(self, pattern):
        """Rename the file to the first free name of ``pattern`` (never
        over another file); returns that name."""
        n = 1
        while self.storage.exists(pattern % n):
            n += 1
        self.storage.rename(self.name, pattern % n)
        return pattern % n

    def set_aside(self):
        """Keep a damaged file beside the journal as game.jnl.badN."""
        return self._move(self.name + ".bad%d")

    def archive(self):
        """Move the game file into the history (a game night's export reads it)."""
        self.count = 0
        return self._move("history-%03d.jnl")
