"""Files on the flash filesystem (littlefs on the Pico, a folder on the desktop).

Whole-file writes go to a temporary name and are renamed over the old file:
littlefs renames are atomic, so a reset mid-write leaves the old file whole.

Appends keep their file open for the next one: a game's journal gets a line
at most presses, and opening it each time left a file object with its
1 KB cache for the garbage collector at every one. Each append is flushed
(littlefs commits it: a reset after the flush keeps the line); any other
use of the files closes it first, and so does the loop when the table
pauses (referee/app.py).
"""

import os


class Storage:
    def __init__(self, root):
        self.root = root
        self._name = self._path = None  # the last path made, kept for the next
        self._appending = None  # the file the last append left open
        self._appending_name = None
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
        return os.stat(self.path(name))[6]

    def close(self):
        """Close the file appends keep open, if any."""
        f = self._appending
        if f is not None:
            self._appending = self._appending_name = None
            f.close()

    def read(self, name):
        """The file's bytes, or None when there is no such file."""
        self.close()
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def open_read(self, name):
        """The file open for reading (the caller closes it), or None."""
        self.close()
        try:
            return open(self.path(name), "rb")
        except OSError:
            return None

    def write_with(self, name, produce):
        """Write a file by pieces: ``produce(f)`` writes to it; the new file
        replaces the old one only when it is whole (as ``write``)."""
        self.close()
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

    def rename(self, old, new):
        self.close()
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        self.close()
        try:
            os.remove(self.path(name))
        except OSError:
            pass
