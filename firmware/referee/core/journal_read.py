"""Reading a journal back: after a reset, for a resume, and for the desktop
tools (see journal.py for the format). Loaded for a resume and dropped once
the game is open: appending needs none of this.

- a last line cut short by a power cut is dropped (it was never committed)
  and cut off the file, so the next action appends cleanly;
- any other line that is not intact (a flipped bit, a foreign edit) makes the
  whole file "damaged": it is renamed aside, never overwritten or deleted,
  and the referee says under which name it was kept;
- a header from a newer format is refused and the file left alone.
A file whose header has no CRC was written by a person: its lines may go
without CRCs (a line that has one must still match it).
"""

from referee.core.errors import RulesError
from referee.core.journal import VERSION
from referee.core.record import unseal


class Saved:
    """What was found on flash: a game to resume, or why there is none."""

    def __init__(self, game=None, setup=None, problem=None, kept_as=None):
        self.game = game
        self.setup = setup
        self.actions = 0  # how many actions were replayed
        self.problem = problem  # a sentence for the screen, or None
        self.kept_as = kept_as  # where a damaged file was moved
        self.dropped = 0  # bytes of a torn last line that were left out


def scan(data, on_header, on_action):
    """Walk journal bytes line by line, without splitting the whole file:
    on_header(header) once, then on_action(action) for each action. Returns
    how many bytes of a torn last line were dropped; raises RulesError if a
    line is damaged or the format is not this referee's."""
    pos = 0
    size = len(data)
    number = 0
    sealed = None  # decided by the header: True when it carries a CRC
    while pos < size:
        number += 1
        end = data.find(b"\n", pos)
        if end < 0:  # the last line has no newline: whole, torn, or damaged
            tail = data[pos:]
            found = unseal(tail, sealed is not False)
            if found is None:
                if unseal(tail[:-1], sealed is not False) is not None:
                    # A whole record and then a wrong byte: no power cut does that.
                    raise RulesError("line %d is damaged" % number)
                return size - pos
        else:
            found = unseal(data[pos:end], sealed is True)
            if found is None:
                raise RulesError("line %d is damaged" % number)
        pos = size if end < 0 else end + 1
        if sealed is None:
            sealed = found[1]
            _check_header(found[0])
            on_header(found[0])
        else:
            on_action(found[0])
    return 0


def _check_header(header):
    version = header.get("v")
    if version != VERSION:
        # Only a higher format number is a newer referee's (and left alone);
        # anything else there is damage, kept aside like any other.
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise RulesError("journal format %d; this referee reads format %d" % (version, VERSION))
        raise RulesError("the header's format is unknown")
    if not isinstance(header.get("game"), str) or not isinstance(header.get("setup"), dict):
        raise RulesError("the header names no game and setup")


def skip(value):
    pass


def read(data):
    """(header or None, [actions], dropped bytes) of journal bytes; raises
    RulesError. For the desktop: the device streams with scan()."""
    found = []  # type: list
    actions = []  # type: list
    dropped = scan(data, found.append, actions.append)
    return (found[0] if found else None), actions, dropped


def load(journal, on_header, on_action):
    """Read the saved game after a reset, feeding the header and each
    action to the caller as it goes. Returns a Saved; never raises for
    what is in the file. When Saved.problem is set, drop whatever the
    callbacks built: the game was not resumed."""
    data = journal.storage.read(journal.name)
    if data is None:
        return Saved()
    saved = Saved()

    def header(h):
        saved.game = h["game"]
        saved.setup = h["setup"]
        on_header(h)

    def action(a):
        saved.actions += 1
        on_action(a)

    try:
        saved.dropped = scan(data, header, action)
    except RulesError as e:
        if str(e).startswith("journal format"):
            return Saved(problem="saved game is from a newer referee (%s)" % e)
        return Saved(problem="saved game damaged: %s" % e, kept_as=set_aside(journal))
    if saved.game is None:
        journal.storage.remove(journal.name)  # only a torn header: nothing was saved
        return Saved()
    journal.count = saved.actions
    tidy(journal, data, saved.dropped)
    return saved


def tidy(journal, data, dropped):
    """Leave a clean end: the next action must not land on torn bytes.
    If the flash refuses, the next record() tries again first."""
    journal._torn = not data.endswith(b"\n")
    if journal._torn:
        cut = data.rfind(b"\n") + 1
        try:
            journal.storage.write(journal.name, data[:cut] if dropped else data + b"\n")
            journal._torn = False
        except OSError:
            pass


def set_aside(journal):
    """Keep a damaged file beside the journal as game.jnl.badN."""
    return journal._move(journal.name + ".bad%d")
