"""Files on the flash filesystem (littlefs on the Pico, a folder on the desktop).

Whole-file writes go to a temporary name and are renamed over the old file:
littlefs renames are atomic, so a reset mid-write leaves the old file whole.

Appends keep their file open for the next one: a game's journal gets a line
at most presses, and opening it each time left a file object with its
1 KB cache for the garbage collector at every one. Each append is flushed
(littlefs commits it: a reset after the flush keeps the line); any other
use of the files closes it first, and so does the loop when the table
pauses (referee/app.py).

On the Pico the journal's lines go through a tail kept in the folder's
metadata, folded into the journal at the pause (core/tail.py says why:
littlefs erases a block at every append otherwise). Every reader of the
journal folds it first, so none of them knows it is there.
"""

import os
import sys

from referee import JOURNAL


class Storage:
    def __init__(self, root, tail=None):
        """``tail``: whether the journal's lines go through its tail (by
        default on the Pico, whose filesystem is littlefs)."""
        self.root = root
        self._name = self._path = None  # the last path made, kept for the next
        self._appending = None  # the file the last append left open
        self._appending_name = None
        self._tailing = sys.platform == "rp2" if tail is None else tail
        self._tail = None  # a core/tail.Tail while lines wait in one
        self._tail_checked = False  # whether one a reset left was looked for
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there

    def path(self, name):
        # The journal's path is asked at every append: made once, not twice
        # a press (two new strings each time).
        if name != self._name:
            self._name = name
            self._path = self.root + "/" + name
        return self._path

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False

    def size(self, name):
        """The file's length in bytes; OSError if there is none."""
        if name == JOURNAL:
            self.fold()
        return os.stat(self.path(name))[6]

    def close(self):
        """Close the file appends keep open, if any."""
        f = self._appending
        if f is not None:
            self._appending = self._appending_name = None
            f.close()

    def settle(self):
        """The table paused: close the open files, the tail this boot keeps
        folded (nothing more: an idle loop asks no heap)."""
        self.close()
        if self._tail is not None:
            self.fold()

    def fold(self):
        """The journal's tail into the journal (core/tail.py): the one this
        boot keeps, or one a reset left."""
        tail = self._tail
        if tail is not None:
            self._tail = None
            try:
                tail.close()
            except OSError:
                self._tail_checked = False  # its file folds as a reset's leftover
        if not self._tail_checked:
            self._tail_checked = True
            path = self.path(JOURNAL) + ".tail"
            try:
                os.stat(path)
            except OSError:
                return  # none: the usual case, without loading core/tail.py
            from referee.core.tail import leftover

            leftover(path, self.path(JOURNAL))

    def read(self, name):
        """The file's bytes, or None when there is no such file."""
        self.close()
        if name == JOURNAL:
            self.fold()
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def open_read(self, name):
        """The file open for reading (the caller closes it), or None."""
        self.close()
        if name == JOURNAL:
            self.fold()
        try:
            return open(self.path(name), "rb")
        except OSError:
            return None

    def open_head(self, name):
        """The file open for reading its first line (the caller closes it),
        or None; as open_read, but nothing is folded or closed first: a
        journal's first line is written whole as its game begins, and its
        tail holds only lines after it. A setup reads the header of the
        game in play so, without the tail's writes (core/tables.py)."""
        try:
            return open(self.path(name), "rb")
        except OSError:
            return None

    def write_with(self, name, produce):
        """Write a file by pieces: ``produce(f)`` writes to it; the new file
        replaces the old one only when it is whole (as ``write``)."""
        self.close()
        if name == JOURNAL:
            self.fold()  # the tail belongs to the file being replaced
        final = self.path(name)
        temp = final + ".tmp"
        try:
            with open(temp, "wb") as f:
                produce(f)
            os.rename(temp, final)
        except OSError:
            self.remove(name + ".tmp")
            raise

    def write(self, name, data):
        self.write_with(name, lambda f: f.write(data))

    def append(self, name, data):
        """Add ``data`` at the end of the file and flush it to the flash."""
        if name == JOURNAL and self._tailing and self._append_tail(data):
            return
        f = self._appending
        if f is None or name != self._appending_name:
            self.close()
            f = open(self.path(name), "ab")
            self._appending = f
            self._appending_name = name
        try:
            f.write(data)
            f.flush()
        except OSError:
            self.close()  # the next append opens it afresh, at its true end
            raise

    def _append_tail(self, data):
        """Append a journal line to its tail; False for one too long for it
        (the tail is folded first, so the line follows its lines)."""
        tail = self._tail
        if tail is None:
            self.fold()  # one a reset left goes in first
            from referee.core.tail import Tail

            path = self.path(JOURNAL)
            tail = self._tail = Tail(path + ".tail", path)
        if not tail.takes(data):
            self.fold()
            return False
        try:
            tail.append(data)
        except OSError:
            # What the tail file holds is known only to the file now: the
            # next use of the journal folds it as a reset's leftover.
            self._tail = None
            self._tail_checked = False
            tail.drop()
            raise
        return True

    def rename(self, old, new):
        self.close()
        if JOURNAL in (old, new):
            self.fold()
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        self.close()
        if name == JOURNAL:
            self.fold()  # its lines go with it, but never into another game
        try:
            os.remove(self.path(name))
        except OSError:
            pass
