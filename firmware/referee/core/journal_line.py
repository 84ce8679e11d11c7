"""One journal line (record.py writes them), read: its CRC checked and its
JSON parsed; and the saved game's name from the header line alone. Apart
from the reader (journal_read.py, 6 KB of code with the replay and the
snapshot reader): the resume offer shows the game's name with this alone,
before the reader loads (about 10 ms less to the offer on the chip)."""

import json
from binascii import crc32

from referee import JOURNAL, SNAPS


def is_hex8(b):
    if len(b) != 8:
        return False
    for c in b:
        if not (48 <= c <= 57 or 97 <= c <= 102):  # 0-9 a-f
            return False
    return True


def unseal(line, need_crc):
    """(value, had_crc) for one line without its newline, or None if the
    line is not a whole, intact record. A line with a CRC must match it; a
    line without one is accepted only when ``need_crc`` is False."""
    text = line
    cut = line.rfind(b" ")
    had_crc = cut > 0 and is_hex8(line[cut + 1 :])
    if had_crc:
        text = line[:cut]
        if crc32(text) & 0xFFFFFFFF != int(line[cut + 1 :], 16):
            return None
    elif need_crc:
        return None
    else:
        # Without a CRC, refuse raw control bytes: JSON never has them, and
        # MicroPython's parser stops at a NUL as if the line ended there.
        for c in line:
            if c < 32:
                return None
    try:
        value = json.loads(text.decode())
    except (ValueError, UnicodeError):
        return None
    if not isinstance(value, dict):
        return None
    return value, had_crc


def first_line(f, limit=4096):
    """The line at the file's position, its newline included, up to
    ``limit`` bytes (a file without newlines is not read whole). Read 128
    bytes at a time: MicroPython's readline(n) sets n bytes aside at once,
    and late in a long game the heap may hold no 4 KB in one piece (an
    Evil Robots snapshot after an undo at 511 actions ran out so)."""
    line = f.readline(128)
    while line and len(line) < limit and not line.endswith(b"\n"):
        more = f.readline(128)
        if not more:
            break
        line += more
    return line


def game_of(storage, name=JOURNAL):
    """The saved game's name from its header line alone (no replay), or None
    (a journal's storage and file name: the menu asks without loading the
    journal's code)."""
    f = storage.open_read(name)
    if f is None:
        return None
    try:
        line = first_line(f)
    finally:
        f.close()
    found = unseal(line[:-1] if line.endswith(b"\n") else line, False)
    if found is None or not isinstance(found[0].get("game"), str):
        return None
    return found[0]["game"]


def finished(storage, name=JOURNAL):
    """Whether the saved game ended: its newest snapshot says so and was
    taken at the journal's last line (session.py takes one at the end)."""
    f = storage.open_read(name + SNAPS[0])
    if f is None:
        return False
    try:
        line = f.readline(512)  # the meta line is about 150 bytes
    finally:
        f.close()
    found = unseal(line[:-1], True) if line.endswith(b"\n") else None
    if found is None or found[0].get("over") != 1:
        return False
    return found[0].get("at") == storage.size(name)
