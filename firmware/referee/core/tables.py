"""The tables played last (issue 36), read back from the games' journals.

A game's setup (its players' names and its answers) is its journal's first
line, sealed. So the device remembers a table without writing anything for
it: a game's next setup opens on the setup of its newest journal (the game
in play's, or History's newest of that game), and the names typed lately
are those of the newest journals. A file of its own for this, written as a
game started, cost that press 20-30 ms on the chip and left 3 KB to
collect (docs/figures.md); reading a header costs a lookup and 128 bytes.

History's index (core/history.py) lists its games oldest first, a record
of fixed width each, so the newest of a game is found from the end, a
record at a time, without opening any journal that is not its game.
Deleting a game from History forgets its table, as it should: what is
remembered is what the flash still holds.

Loaded when a game's setup opens.
"""

from micropython import const

from referee import JOURNAL
from referee.core.errors import RulesError
from referee.core.journal_line import first_line, unseal
from referee.core.seats import check_name, default_names

# core/history.py's index: its file, a record's width, a record's game
_INDEX = "games.idx"
_RECORD = const(22)
_GAME = const(6)  # the game's name: bytes 6..13, padded with spaces
_LOOK = const(6)  # journals read at most for the names
_NAMES = const(12)  # names offered at most


def _header(storage, name):
    """(game, setup) from a journal's first line, or None when the line
    is not a whole, sealed header (a damaged one remembers nothing)."""
    f = storage.open_head(name)  # the game in play's tail left as it is
    if f is None:
        return None
    try:
        line = first_line(f, 1024)
    except OSError:
        return None
    finally:
        f.close()
    found = unseal(line[:-1] if line.endswith(b"\n") else line, True)
    if found is None:
        return None
    game, setup = found[0].get("game"), found[0].get("setup")
    if not isinstance(game, str) or not isinstance(setup, dict):
        return None
    return game, setup


def _journals(storage, game, most, in_play=JOURNAL):
    """Up to ``most`` journals' names, newest first: the game in play's,
    then History's; ``game``: History's of that game only (its name), or
    None for any. ``in_play``: the game in play's name if known (None:
    there is none), else JOURNAL; when it is known and not ``game`` its
    journal is not read. The index is closed before any journal opens. No journal in
    play (None): no game was ever started here, and nothing is opened
    (each file opened, found or not, leaves its 1 KB cache to collect)."""
    if in_play is None:
        return []
    found = [JOURNAL] if game is None or in_play in (JOURNAL, game) else []
    f = storage.open_head(_INDEX)
    if f is None:
        return found
    try:
        at = f.seek(0, 2) // _RECORD * _RECORD  # part of a record: not one
        want = None if game is None else ("%-8s" % game).encode()
        while at and len(found) < most:
            at -= _RECORD
            f.seek(at)
            raw = f.read(_RECORD)
            if raw[20:21] == b"#":  # a number held, no game (core/history.py)
                continue
            if want is None or raw[_GAME : _GAME + 8] == want:
                try:
                    found.append("history-%03d.jnl" % int(raw[:5]))
                except ValueError:
                    continue
    except OSError:
        pass  # the journals found so far
    finally:
        f.close()
    return found


def last_setup(storage, game, in_play=JOURNAL):
    """The setup of the newest journal of ``game`` (by its name), or None.
    ``in_play``: as _journals() takes it."""
    for name in _journals(storage, game, 2, in_play):
        found = _header(storage, name)
        if found is not None and found[0] == game:
            return found[1]
    return None


def recent_names(storage, in_play=JOURNAL):
    """Up to twelve names of the newest journals' players, newest first,
    each once, from the six newest journals at most (each one read is a
    lookup on the flash); none a plain setup gives (P1, P2...) nor one the
    letter editor could not make. ``in_play``: as _journals() takes it."""
    plain = default_names(9)
    names = []  # type: list
    for name in _journals(storage, None, _LOOK, in_play):
        found = _header(storage, name)
        players = found[1].get("players") if found is not None else None
        if not isinstance(players, list):
            continue
        for player in players:
            if player in names or player in plain:
                continue
            try:
                check_name(player)
            except RulesError:
                continue
            names.append(player)
            if len(names) == _NAMES:
                return names
    return names
