"""The "same table?" page of a game's setup (screens/setup.py): the last
setup started for the game, read back from its newest journal
(core/tables.py), with its names and answers; OK takes it as it is.

Loaded while the page shows and dropped once the table answers it: the
setup's own questions stay resident through the setup, this page does
not (the chip's heap, docs/figures.md).
"""

from referee.core.errors import RulesError
from referee.core.seats import check_name
from referee.ui.canvas import COLUMNS

# How each answer reads on the page, by its question's key: a number's
# text ("%d"), or a yes/no's word, shown when yes. The count shows as names.
_SAID = {
    "target": "to %d",
    "robot": "robot seat",
    "device": "device customer",
    "rounds": "%d orders",
    "tiebreak": "tie-breaks",
    "teams": "partners",
    "sitting": "best of 7",
    "jokers": "jokers",
    "wins": "%d duels to win",
}


def recall(setup, known):
    """Give ``setup`` (a GameSetup) the answers and names of ``known``, a
    setup a journal began with, if each is one its questions allow; True
    if taken. An answer the setup leaves out (not asked at that count) is
    the question's default."""
    if not isinstance(known, dict):
        return False
    names = known.get("players")
    if not isinstance(names, list):
        return False
    values = dict(setup.values)
    for field in setup.fields:
        key, _, low, high, size, default = field[:6]
        value = len(names) if key == "players" else known.get(key, default)
        if type(value) is bool:  # a yes/no, as the journal keeps it
            value = int(value)
        if type(value) is not int or not low <= value <= high or (value - low) % size:
            return False
        values[key] = value
    if len(names) != values["players"]:  # a two-player game asks no count
        return False
    for name in names:
        try:
            check_name(name)
        except RulesError:
            return False
        if names.count(name) > 1:
            return False
    setup.values = values
    setup.names = list(names)
    return True


def draw(setup, c):
    c.centre("same table?", 1)
    row = _pack(c, setup.names, " ", 2)  # nine names of six letters: three rows
    said = []
    for field in setup.fields:
        text = _SAID.get(field[0])
        if text is None or not setup._only(field[6]):
            continue
        value = setup.values[field[0]]
        if field[3] == 1:  # a yes/no
            if value:
                said.append(text)
        elif field[2] == 0 and not value:  # the score pad's 0: no end
            said.append("no end")
        else:
            said.append(text % value)
    _pack(c, said, ", ", row)
    setup.hint(c, "OK:same  DOWN:change")


def _pack(c, words, sep, row):
    """``words`` joined by ``sep``, as many on a row as fit, each row
    centred from ``row``; the row after the last."""
    line = ""
    mark = sep.strip()  # ends a row the words go on from
    for word in words:
        if line and len(line) + len(sep) + len(word) + len(mark) > COLUMNS:
            c.centre(line + mark, row)
            row += 1
            line = word
        else:
            line = line + sep + word if line else word
    c.centre(line, row)
    return row + 1
