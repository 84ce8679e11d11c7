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

from referee.core.errors import RulesError
from referee.core.record import seal, unseal

VERSION = 1
FILE = "game.jnl"


class Saved:
    """What was found on flash: a game to resume, or why there is none."""

    def __init__(self, game=None, setup=None, actions=None, problem=None, kept_as=None):
        self.game = game
        self.setup = setup
        self.actions = actions if actions is not None else []
        self.problem = problem  # a sentence for the screen, or None
        self.kept_as = kept_as  # where a damaged file was moved
        self.dropped = 0  # bytes of a torn last line that were dropped


def read(data):
    """Parse journal bytes: (header, actions, dropped bytes) or raise
    RulesError saying what is wrong. Never touches the flash."""
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: empty, or a torn line
    records = []
    sealed = None
    for number, line in enumerate(lines, 1):
        found = unseal(line, sealed is True)
        if found is None:
            raise RulesError("line %d is damaged" % number)
        if sealed is None:
            sealed = found[1]
        records.append(found[0])
    dropped = 0
    if tail:
        found = unseal(tail, sealed is True if sealed is not None else False)
        if found is not None and (sealed is not None or found[1]):
            records.append(found[0])  # whole and intact: only its newline is missing
            if sealed is None:
                sealed = found[1]
        elif unseal(tail[:-1], sealed is not False) is not None:
            # A whole record followed by a wrong byte: no power cut does that.
            raise RulesError("line %d is damaged" % (len(lines) + 1))
        else:
            dropped = len(tail)
    if not records:
        return None, [], dropped
    header = records[0]
    version = header.get("v")
    if version != VERSION:
        raise RulesError("journal format %r; this referee reads format %d" % (version, VERSION))
    if not isinstance(header.get("game"), str) or not isinstance(header.get("setup"), dict):
        raise RulesError("the header names no game and setup")
    return header, records[1:], dropped


class Journal:
    def __init__(self, storage, name=FILE):
        self.storage = storage
        self.name = name
        self.count = 0  # actions in the file
        self.bytes_written = 0  # since boot, for the benchmarks

    def exists(self):
        return self.storage.read(self.name) is not None

    def begin(self, game, setup):
        """Start a new game file (an unfinished one is archived first)."""
        if self.exists():
            self.archive()
        data = seal({"v": VERSION, "game": game, "setup": setup})
        self.storage.write(self.name, data)
        self.bytes_written += len(data)
        self.count = 0

    def record(self, action):
        data = seal(action)
        self.storage.append(self.name, data)
        self.bytes_written += len(data)
        self.count += 1
        return len(data)

    def rewrite(self, game, setup, actions):
        """Compaction: the whole file anew, renamed over the old one."""
        parts = [seal({"v": VERSION, "game": game, "setup": setup})]
        for action in actions:
            parts.append(seal(action))
        data = b"".join(parts)
        self.storage.write(self.name, data)
        self.bytes_written += len(data)
        self.count = len(actions)

    def load(self):
        """Read the saved game after a reset. Returns a Saved; never raises
        for what is in the file."""
        data = self.storage.read(self.name)
        if data is None:
            return Saved()
        try:
            header, actions, dropped = read(data)
        except RulesError as e:
            if str(e).startswith("journal format"):
                return Saved(problem="saved game is from a newer referee (%s)" % e)
            kept = self.set_aside()
            return Saved(problem="saved game damaged: %s" % e, kept_as=kept)
        if header is None:
            self.storage.remove(self.name)  # only a torn header: nothing was saved
            return Saved()
        saved = Saved(header["game"], header["setup"], actions)
        saved.dropped = dropped
        self.count = len(actions)
        if dropped or not data.endswith(b"\n"):
            # Leave a clean end: the next action must not land on torn bytes.
            self.rewrite(saved.game, saved.setup, actions)
        return saved

    def set_aside(self):
        """Rename the file to a free name beside it; returns that name."""
        n = 1
        while True:
            kept = "%s.bad%d" % (self.name, n)
            if self.storage.read(kept) is None:
                break
            n += 1
        self.storage.rename(self.name, kept)
        return kept

    def archive(self):
        """Move the game file into the history (game night export reads it)."""
        n = 1
        while self.storage.read("history-%03d.jnl" % n) is not None:
            n += 1
        kept = "history-%03d.jnl" % n
        self.storage.rename(self.name, kept)
        self.count = 0
        return kept
