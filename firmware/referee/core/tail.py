"""The journal's tail: how the Pico appends a line without erasing a block.

On littlefs, a write after a flush to a file that does not end on a block
boundary copies the file's last block into a freshly erased one: every
journal line cost a 4 KB erase (45 ms on the chip, interrupts off), and two
when the folder's metadata was compacted in the same save, so a press that
came meanwhile waited up to 100 ms. A file of at most 512 bytes is kept in
its folder's metadata instead, where an append is a commit of a page or two.

So on the Pico (hw/storage.py) the journal's lines go to ``game.jnl.tail``
and are folded into ``game.jnl`` when the tail would pass ``MAX`` bytes,
when the table pauses, and before anything reads, sizes, renames or
replaces the journal. Every line is on flash once its append returns.

The tail's first 15 bytes say where it belongs: the journal's size when it
began (10 digits), a space, how many bytes of lines follow (3 digits), a
newline. A fold appends those lines to the journal, then sets the count to
0 in place: the file is rewritten from its start, not made anew, so no new
file object (a kilobyte for the collector) comes with each fold; bytes past
the count are left over from before and mean nothing. A reset between a
fold's append and the count's reset leaves lines that are in the journal
already: the journal's size says how many, and only the rest is appended.
"""

import os

from micropython import const

HEAD = const(15)
# littlefs keeps a file of up to 512 B in the metadata (its inline limit at
# rp2's 4 KB blocks); the tail, its head included, stays below that
MAX = const(448)
LINE = const(MAX - HEAD)  # a longer line goes to the journal itself


class Tail:
    def __init__(self, path, journal_path):
        self.path = path
        self.journal_path = journal_path
        self.lines = bytearray(LINE)  # what the tail holds, as written
        self.count = 0
        self.head = bytearray(b"0000000000 000\n")
        self.f = None  # the tail, open between appends
        self.journal = None  # the journal, open for folds until the pause
        self.size = -1  # the journal's size (from its first fold on)

    def takes(self, data):
        """Whether a line fits in a tail at all (a longer one goes to the
        journal itself)."""
        return len(data) <= LINE

    def append(self, data):
        """Add one line (at most LINE bytes) and flush it."""
        n = len(data)
        if self.count + n > LINE:
            self.fold()
        f = self.f
        if f is None:
            f = self.f = self._open()
        count = self.count
        self.lines[count : count + n] = data
        f.seek(HEAD + count)
        f.write(data)
        self._count(f, count + n)
        f.flush()  # the line and its count, in one littlefs commit
        self.count = count + n

    def _open(self):
        """The tail file, begun at the journal's present size."""
        if self.size < 0:
            self.size = os.stat(self.journal_path)[6]
        _digits(self.head, 0, 10, self.size)
        self.count = 0
        return open(self.path, "wb")

    def _count(self, f, count):
        _digits(self.head, 11, 3, count)
        f.seek(0)
        f.write(self.head)

    def fold(self):
        """The tail's lines into the journal; the tail is then empty."""
        count = self.count
        if not count:
            return
        journal = self.journal
        if journal is None:
            journal = self.journal = open(self.journal_path, "ab")
        journal.write(memoryview(self.lines)[:count])
        journal.flush()
        self.size += count
        self.count = 0
        f = self.f
        if f is not None:  # (a count is kept only while the tail is open)
            _digits(self.head, 0, 10, self.size)
            self._count(f, 0)
            f.flush()

    def close(self):
        """Close both files; the tail file is removed once empty (the
        table's pause: the next line begins a new one)."""
        if self.f is not None:
            self.fold()
            self.f.close()
            self.f = None
            os.remove(self.path)
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        self.size = -1

    def drop(self):
        """Close both files after a failed write, keeping what the tail file
        holds for the next fold to read back."""
        for f in (self.f, self.journal):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
        self.f = self.journal = None


def _digits(buf, at, width, value):
    """Write ``value`` in decimal into ``buf[at:at + width]``, zero-padded,
    without making a string."""
    for i in range(at + width - 1, at - 1, -1):
        buf[i] = 48 + value % 10
        value //= 10


def leftover(path, journal_path):
    """Fold a tail a reset left (the boot after a power cut): the lines the
    journal lacks are appended, then the tail goes. A tail that does not
    fit the journal is kept as ``.badN``, never folded into the wrong game.
    Returns whether there was one."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return False
    if len(data) < HEAD:  # begun, but its first line never committed
        os.remove(path)
        return True
    try:
        start = int(data[:10])
        count = int(data[11:14])
    except ValueError:
        start = count = -1
    body = memoryview(data)[HEAD : HEAD + count] if count >= 0 else memoryview(b"")
    try:
        size = os.stat(journal_path)[6]
    except OSError:
        size = -1
    if 0 <= start <= size <= start + len(body) and len(body) == count:
        if size < start + count:  # none or part of it went in before the reset
            with open(journal_path, "ab") as f:
                f.write(body[size - start :])
        os.remove(path)
    else:  # kept beside the others, under the first free number
        n = 1
        while _exists(path + ".bad%d" % n):
            n += 1
        os.rename(path, path + ".bad%d" % n)
    return True


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False
