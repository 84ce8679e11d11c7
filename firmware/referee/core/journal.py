"""The game journal: a game is its setup plus the actions taken, on flash.

The file ``game.jnl`` holds one header line, then one line per action (see
record.py):

    {"game": "scorepad", "setup": {...}, "v": 1} 8c7e3b21
    {"a": "score", "pts": 25, "seat": 0} 5d1f0a3c

An action is appended and flushed before the screen shows its result. Undo
rewrites the file without its last line: the new file is written under a
temporary name and renamed over the old one, which littlefs does atomically.

Reading it back after a reset lives in journal_read.py, which loads for a
resume and is dropped once the game is open.
"""

from referee import JOURNAL
from referee.core.errors import RulesError
from referee.core.record import seal, unseal

VERSION = 1
FILE = JOURNAL


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
            from referee.core.journal_read import scan, skip, tidy

            old = self.storage.read(self.name)
            tidy(self, old, scan(old, skip, skip))
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
        """Read the saved game after a reset (see journal_read.load)."""
        from referee.core.journal_read import load

        return load(self, on_header, on_action)

    def _move(self, pattern):
        """Rename the file to the first free name of ``pattern`` (never
        over another file); returns that name."""
        n = 1
        while self.storage.exists(pattern % n):
            n += 1
        self.storage.rename(self.name, pattern % n)
        return pattern % n

    def archive(self):
        """Move the game file into the history (a game night's export reads it)."""
        self.count = 0
        return self._move("history-%03d.jnl")
