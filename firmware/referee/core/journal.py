"""The game journal: a game is its setup plus the actions taken, on flash.

The file ``game.jnl`` holds one header line, then one line per action (see
record.py):

    {"game": "scorepad", "setup": {...}, "v": 2} 8c7e3b21
    {"a": "score", "pts": 25, "seat": 0} 5d1f0a3c
    {"undo": 0} 3b1c33a2

An action is appended and flushed as it is taken: on the device right after
the frame that shows it, before the next press is read (core/session.py).
Undo appends a line too: ``{"undo": n}`` takes the game back to its first n
actions (format 2; format 1 files, which have no undo lines, read the same).
Every write is an append of one short line, whatever the game's length.

Beside the journal, ``game.jnl.snap`` (and the one before it,
``game.jnl.snap1``) hold the game's state at some action (snapshot.py), so
a resume replays only the actions after it. They are a cache: the journal
alone is the game and its history.

Reading it back after a reset lives in journal_read.py, which loads for a
resume and is dropped once the game is open.
"""

from referee import JOURNAL, JOURNAL_FORMAT, SNAPS
from referee.core.errors import RulesError
from referee.core.record import keep_crc, seal

FILE = JOURNAL
# Journal lines between snapshots: a resume replays fewer than this many.
# On the chip a replayed action costs about 3 ms (Robber Rummy's: 2.6 ms
# to replay it, 0.6 to check its line), so 32 keep the resume offer of any
# game within its 400 ms budget (docs/design.md); 64 did not. Fewer would
# bill the presses more: a snapshot is a file written after the frame.
SNAPSHOT_EVERY = 24


class Journal:
    shelved = None  # the unfinished game begin() moved into the history, if any

    def __init__(self, storage, name=FILE):
        self.storage = storage
        self.name = name
        self.count = 0  # actions in the game (undone ones not counted)
        self._torn = False  # a failed append may have left part of a line
        self.bytes_written = 0  # since boot, for the benchmarks
        self.size = None  # bytes of whole lines in the file, when known
        self.lines_since = 0  # lines since the game's last snapshot (or its start)
        # Action counts of the two snapshots (snapshot.py), newest first; -1
        # for none, or one an undo went below.
        self.snaps = [-1, -1]
        self.lines = 0  # whole lines in the file, the header's included
        # The CRCs of the header and of the last line, when this boot wrote
        # both (16 ASCII bytes): they tie a snapshot to the journal
        # (snapshot.py) without reading it back (a file object to read with,
        # and the one appends keep open closed, to be opened again).
        self.crcs = None

    def exists(self):
        return self.storage.exists(self.name)

    def forget_snapshots(self):
        for end in SNAPS:
            self.storage.remove(self.name + end)
        self.snaps = [-1, -1]
        self.lines_since = 0

    def begin(self, game, setup, new_night=False):
        """Start a new game file; the unfinished one goes into the history,
        once the new one is written (core/history.py: a full flash refuses
        the new game before anything moves). ``new_night``: the game opens
        a night of its own."""
        from referee.core import history  # the history's index: as a game starts only

        n = history.begin(self, {"v": JOURNAL_FORMAT, "game": game, "setup": setup}, new_night)
        self.bytes_written += n
        self.size = n
        self.count = 0
        self.lines = 1

    def record(self, action, step=1):
        """Append one action and flush it (session.py: on the device, once the
        panel shows it).
        ``step``: how the game's action count changes (an undo line: -1)."""
        if self._torn:  # tidy the end first, or the new line lands on torn bytes
            from referee.core.journal_read import tidy  # the reader: 6.3 KB (VM) no append needs

            tidy(self)
            if self._torn:
                raise OSError(28)  # ENOSPC: still no room to tidy
        data = seal(action)
        try:
            self.storage.append(self.name, data)
        except OSError:
            self._torn = True
            self.size = None
            self.crcs = None
            raise
        n = len(data)
        self.bytes_written += n
        if self.size is not None:
            self.size += n
        crcs = self.crcs
        if crcs is not None:
            keep_crc(crcs, data, 8)
        self.lines_since += 1
        self.lines += 1
        self.count += step
        return n

    def undo(self):
        """Take back the last action: one appended line saying how many
        actions the game now has."""
        if self.count == 0:
            raise RulesError("there is nothing to undo")
        self.record({"undo": self.count - 1}, -1)
        for which in (0, 1):
            if self.snaps[which] > self.count:
                self.snaps[which] = -1  # it holds a state the game has left

    def load(self, on_header, on_action, start=None):
        """Read the saved game after a reset (see journal_read.load)."""
        from referee.core.journal_read import load  # the reader: 6.3 KB (VM), dropped once resumed

        return load(self, on_header, on_action, start)

    def _move(self, pattern):
        """Rename the file to the first free name of ``pattern`` (never
        over another file); returns that name."""
        n = 1
        while self.storage.exists(pattern % n):
            n += 1
        self.storage.rename(self.name, pattern % n)
        return pattern % n

    def set_aside(self):
        """Keep a damaged file beside the journal as game.jnl.badN; its name."""
        return self._move(self.name + ".bad%d")
