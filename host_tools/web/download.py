"""The browser page's download button: the games in the browser's flash, as
`make export` gives them from a board. One zip holds each journal as it
lies on the flash (data/NAME.jnl), its score table (NAME.csv) and the
night's page (night.html, its charts drawn inline). Runs in the page's
MicroPython, and in CPython for the tests.
"""

import struct
from binascii import crc32

try:
    from host_tools import night
except ImportError:  # the page: host_tools' modules lie in /lib
    import night

from referee.core.errors import RulesError
from referee.core.history import files, header_of
from referee.core.journal_read import read, replay
from referee.games import rules, title


def journals(storage):
    """The past games oldest first, then the game in play."""
    return files(storage) + (["game.jnl"] if storage.exists("game.jnl") else [])


def night_files(storage):
    """([(path in the zip, bytes)], [history numbers exported whole])."""
    files, games, numbers = [], [], []
    for name in journals(storage):
        data = storage.read(name)
        files.append(("data/" + name, data))
        stem = name[:-4]
        try:
            header, actions, _ = read(data)
            if header is None:
                raise RulesError("the journal has no complete header line")
            game = rules(header["game"])
            state = replay(game, header["setup"], actions)
        except RulesError as e:
            games.append({"name": stem, "problem": str(e)})
            continue
        rows = game.score_rows(state)
        files.append((stem + ".csv", night.csv_text(rows).encode()))
        games.append(
            {
                "name": stem,
                "title": title(game.NAME),
                "headline": game.headline(state),
                "rows": rows,
                "night": header_of(storage, name)[1],
            }
        )
        if stem.startswith("history-"):
            numbers.append(int(stem[len("history-") :]))
    page = night.page(games, lambda g: night.svg_chart(g["rows"]))
    files.append(("night.html", page.encode()))
    return files, numbers


# A stored (uncompressed) zip, as PKWARE's APPNOTE lays it out: a local
# header before each file, then the central directory and its end record.
_DOS_DATE = 0x21  # 1980-01-01: the referee has no clock


def zip_bytes(files):
    out = bytearray()
    central = bytearray()
    for path, data in files:
        name = path.encode()
        # what the local header and the central directory's entry both say:
        # flags, method (stored), time, date, CRC, sizes, name's length, no extra
        common = struct.pack(
            "<HHHHIIIHH",
            0,
            0,
            0,
            _DOS_DATE,
            crc32(data) & 0xFFFFFFFF,
            len(data),
            len(data),
            len(name),
            0,
        )
        offset = len(out)
        out += struct.pack("<IH", 0x04034B50, 20) + common + name + data  # version 2.0 needed
        # made by 2.0, needs 2.0; then no comment, disk 0, no attributes, where
        central += struct.pack("<IHH", 0x02014B50, 20, 20) + common
        central += struct.pack("<HHHII", 0, 0, 0, 0, offset) + name
    start = len(out)
    out += central
    out += struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(files), len(files), len(central), start, 0
    )
    return bytes(out)
