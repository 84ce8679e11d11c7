"""The tables the referee remembers: each game's last setup and the names
played lately (the most recent first), one sealed line in data/tables,
damage handled as the settings' (settings.read_sealed: a file that does
not read is kept aside as tables.bad1, ...).

A file of its own, read when a setup opens and written at the table's
first pause after a game starts: held in app.settings the tables would
cost every game's heap all evening, and saving a setting would have to
carry them. Loaded by the setup only.
"""

from referee.settings import read_sealed

TABLES = "tables"
NAMES_KEPT = 12  # remembered names, the most recent first


def tables(storage):
    """(the remembered tables, problem): {game: its last setup, "names":
    [names, the most recent first]}, as written; the setup checks what it
    takes from them."""
    return read_sealed(storage, TABLES)


def remember(storage, known, game, setup):
    """Keep ``setup`` as ``game``'s last and its players first among the
    names, in ``known`` (the tables as read) and on flash; a flash that
    refuses leaves the file as it was (the game has started all the same)."""
    from referee.core.record import seal

    players = [n for n in setup["players"] if not _numbered(n)]
    names = known.get("names")
    names = [n for n in names if n not in players] if isinstance(names, list) else []
    names = (players + names)[:NAMES_KEPT]
    if known.get(game) == setup and known.get("names") == names:
        return  # the same table as last time: no flash write
    known["names"] = names
    known[game] = setup
    try:
        storage.write(TABLES, seal(known))
    except OSError:
        pass


def _numbered(name):
    """A name the setup gave (P1, P2...): a seat's number, not a player's."""
    return name[0] == "P" and name[1:].isdigit()
