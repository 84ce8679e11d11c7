"""Saved games that must not stop a boot, as data: the journal's bytes and
the reason the referee has to give for setting it aside.

Every lane runs the same cases (tests/portable/test_boot.py on CPython and
in the MicroPython VM; the emulated Pico can write the same bytes into its
flash image): put ``journal_bytes(case)`` (or ``write_journal``, which never
holds the whole file) at data/game.jnl, boot, and expect

- a NOT RESUMED notice whose lines, joined by spaces, are the reason, then
  "kept as" and "game.jnl.bad1"; any key, and the menu as a clean boot
  draws it;
- data/errors.log holding exactly ``log_line(case)``;
- the file kept, byte for byte, as data/game.jnl.bad1, and no game.jnl.

A case is (name, pieces, reason): ``pieces`` are (bytes, times) written in
turn, so a journal bigger than any heap is a few bytes of data. The
headers carry no CRC: a file without one was written by a person, which is
how a journal gets such contents.
"""

JOURNAL = "game.jnl"
KEPT_AS = "game.jnl.bad1"


def _header(game, setup, version="1"):
    text = '{"v": %s, "game": %s, "setup": %s}\n' % (version, game, setup)
    return ((text.encode(), 1),)


def scorepad_header(setup):
    return _header('"scorepad"', setup)


# Player names that are not text: the referee once raised TypeError here.
NAMES = [
    ("name_null", scorepad_header('{"players": ["ANN", null]}'), "a name must be text, not null"),
    (
        "name_number",
        scorepad_header('{"players": [7, "BOB"]}'),
        "a name must be text, not a number",
    ),
    (
        "name_list",
        scorepad_header('{"players": ["ANN", ["BOB"]]}'),
        "a name must be text, not a list",
    ),
    (
        "name_object",
        scorepad_header('{"players": ["ANN", {"n": "BOB"}]}'),
        "a name must be text, not an object",
    ),
    (
        "name_true",
        _header('"robots"', '{"players": [true, "BOB"]}'),
        "a name must be text, not true/false",
    ),
]

_NO_GAME = "the header names no game and setup"

# The game's own name, and the setup itself, of the wrong type.
HEADERS = [
    ("game_null", _header("null", '{"players": 2}'), _NO_GAME),
    ("game_number", _header("3", '{"players": 2}'), _NO_GAME),
    ("game_list", _header('["scorepad"]', '{"players": 2}'), _NO_GAME),
    ("game_object", _header('{"g": "scorepad"}', '{"players": 2}'), _NO_GAME),
    ("setup_list", _header('"scorepad"', "[2]"), _NO_GAME),
    ("setup_null", _header('"scorepad"', "null"), _NO_GAME),
    # a name the registry (referee/games/__init__.py) does not hold
    (
        "game_unknown",
        _header('"chess"', '{"players": 2}'),
        "this referee has no game called 'chess'",
    ),
    (
        "version_text",
        _header('"scorepad"', '{"players": 2}', '"1"'),
        "the header's format is unknown",
    ),
    (
        "version_null",
        _header('"scorepad"', '{"players": 2}', "null"),
        "the header's format is unknown",
    ),
]

# A count no table seats: building 10**9 names once hung the boot.
COUNTS = [
    (
        "count_billion",
        scorepad_header('{"players": 1000000000}'),
        "a table has 2 to 9 players, not 1000000000",
    ),
    (
        "count_billion_duel",
        _header('"duel"', '{"players": 1000000000}'),
        "a table has 2 to 9 players, not 1000000000",
    ),
    ("count_negative", _header('"evil"', '{"players": -5}'), "a table has 2 to 9 players, not -5"),
]

# Wrong types elsewhere in a setup, one game each.
SETUPS = [
    (
        "target_text",
        scorepad_header('{"players": 2, "target": "100"}'),
        "the target runs 0 to 10000, not '100'",
    ),
    ("players_text", scorepad_header('{"players": "ANN BOB"}'), "setup needs the players' names"),
    (
        "dealer_list",
        _header('"robots"', '{"players": 3, "dealer": [0]}'),
        "the first dealer must be one of the players",
    ),
    ("first_text", _header('"factory"', '{"players": 3, "first": "x"}'), "there is no seat 'x'"),
    ("wins_null", _header('"duel"', '{"players": 2, "wins": null}'), "duels to win run 1 to 9"),
    (
        "evil_target_float",
        _header('"evil"', '{"players": 3, "target": 2.5}'),
        "the target runs 1 to 100, not 2.5",
    ),
]

# 600 KB on one line: more than the VM's 512 KB heap and the Pico's 246 KB
# could hold, and no reader can parse a line it has not read whole. The
# rest of the header is a good score pad's, so memory is the only fault.
TOO_BIG = (
    "too_big",
    (
        (b'{"v": 1, "game": "scorepad", "setup": {"players": 2, "note": "', 1),
        (b"x" * 1024, 600),
        (b'"}}\n', 1),
    ),
    "too big for memory",
)

CASES = NAMES + HEADERS + COUNTS + SETUPS + [TOO_BIG]


def journal_bytes(case):
    """The whole file (for a host that builds a flash image)."""
    return b"".join(data * times for data, times in case[1])


def write_journal(path, case):
    """Write the case's file a piece at a time: fits any heap."""
    with open(path, "wb") as f:
        for data, times in case[1]:
            for _ in range(times):
                f.write(data)


def journal_size(case):
    return sum(len(data) * times for data, times in case[1])


def log_line(case):
    """What data/errors.log must hold after the boot, and nothing else."""
    return "saved game damaged: %s (%s)\n" % (case[2], KEPT_AS)
