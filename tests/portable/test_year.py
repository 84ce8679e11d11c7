"""A year of game nights in both VMs (issue 20, item 5): the short year of
tests/test_year.py, here at the storage seam so that it runs in the
MicroPython VM too. The flash is a real folder with a flash's size (whole
4 KB blocks, two of them the filesystem's; a write past it refused), and
the power goes at random before a file operation or in the middle of an
append. Room is made before each start as the setup does (the table saying
yes), and each evening's export marks the history. After every game:

- no game is lost: each one is the game in play, in the history, or was
  deleted to make room (and only once no exported game was left);
- the game in play reads back whole;
- the index lists exactly the history's files, oldest first;
- no start is refused while there is history to delete."""

import json
import os

from referee.core import history, room
from referee.core.journal import Journal
from referee.core.journal_read import resume
from referee.core.session import Session
from referee.games import rules
from referee.games import rules as find_rules
from referee.hw.storage import Storage
from referee.screens.setup import ROOM

BLOCK = 4096
SIZE = 60 * BLOCK  # 240 KB: a game takes a block or two, 64 KB kept free
GAMES = 100
EVENING = 6


class PowerCut(Exception):
    pass


class Flash(Storage):
    def __init__(self, root):
        Storage.__init__(self, root)
        self.cut_in = None  # file operations until the power goes
        self.refuse = False  # the next write: an error

    def used(self):
        blocks = 2
        for name in os.listdir(self.root):
            blocks += (os.stat(self.root + "/" + name)[6] + BLOCK - 1) // BLOCK
        return blocks * BLOCK

    def _operation(self):
        if self.cut_in is not None:
            self.cut_in -= 1
            if self.cut_in < 0:
                self.cut_in = None
                raise PowerCut()

    def _room(self, name, more):
        try:
            had = (self.size(name) + BLOCK - 1) // BLOCK * BLOCK
        except OSError:
            had = 0
        if self.refuse:
            self.refuse = False
            raise OSError(5)
        if self.used() - had + more > SIZE:
            raise OSError(28)

    def append(self, name, data):
        self._room(name, 0)
        try:
            old = self.size(name)
        except OSError:
            old = 0
        if (
            self.used()
            + (old + len(data) + BLOCK - 1) // BLOCK * BLOCK
            - (old + BLOCK - 1) // BLOCK * BLOCK
            > SIZE
        ):
            raise OSError(28)
        if self.cut_in == 0:  # the power goes half way through the line
            Storage.append(self, name, data[: len(data) // 2])
        self._operation()
        Storage.append(self, name, data)

    def write_with(self, name, produce):
        pieces = []

        class Collect:
            def write(self, data):  # MicroPython's files take a str too
                pieces.append(data.encode() if isinstance(data, str) else bytes(data))

        produce(Collect())
        data = b"".join(pieces)
        self._room("", (len(data) + BLOCK - 1) // BLOCK * BLOCK)  # beside the old
        self._operation()
        Storage.write_with(self, name, lambda f: f.write(data))

    def rename(self, old, new):
        self._operation()
        Storage.rename(self, old, new)

    def remove(self, name):
        self._operation()
        Storage.remove(self, name)


class Numbers:
    """A linear congruential generator: the same in both VMs."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def _who(storage, name):
    """The first player of a journal's header: the game's number here."""
    f = storage.open_read(name)
    try:
        line = f.readline()
    finally:
        f.close()
    return json.loads(line[: line.rfind(b" ")].decode())["setup"]["players"][0]


def _reboot(storage):
    """(the game in play or None, its actions), read as the boot reads it."""
    journal = Journal(storage)
    saved, game, state = resume(journal, find_rules)
    assert saved.problem is None, saved.problem
    return (Session(journal, game, state) if state is not None else None), saved.actions


def _start(storage, me, deleted):
    exported, others = room.plan(storage, ROOM)
    if others:  # a game never exported goes only once no exported one is left
        for r in history.listed(storage):
            assert not r[3] or history.name_of(r[0]) in exported, r
    for name in exported + others:
        deleted.append(_who(storage, name))
    room.clear(storage, exported + others)
    return Session.start(storage, rules("scorepad"), {"players": [me, "Z"], "target": 60})


def test_a_short_year_with_power_cuts():
    storage = Flash("data-year")
    real_free = room.free
    room.free = lambda s: (BLOCK, SIZE - storage.used())
    numbers = Numbers(2026)
    deleted = []
    cuts = kept = 0
    try:
        for game in range(GAMES):
            me = "G%d" % game
            session = None
            for attempt in range(3):
                if attempt == 0 and numbers.below(5) == 0:
                    storage.cut_in = numbers.below(12)
                try:
                    session = _start(storage, me, deleted)
                    break
                except PowerCut:
                    cuts += 1
                    _reboot(storage)
                finally:
                    storage.cut_in = None
            assert session is not None, "a new game refused with history to delete"
            saved = 0
            for _round in range(1 + numbers.below(4)):
                for action in (
                    {"a": "score", "seat": 0, "pts": numbers.below(30)},
                    {"a": "score", "seat": 1, "pts": numbers.below(30)},
                    {"a": "next"},
                ):
                    if session is None or session.state.over:
                        break
                    if numbers.below(15) == 0:
                        storage.cut_in = numbers.below(3)
                    elif numbers.below(25) == 0:
                        storage.refuse = True
                    try:
                        if session.act(action) is None:
                            saved += 1
                    except PowerCut:
                        cuts += 1
                        session, actions = _reboot(storage)
                        assert actions in (saved, saved + 1), (actions, saved)
                        saved = actions
                    storage.cut_in = None
                    storage.refuse = False
            _session, actions = _reboot(storage)
            assert actions == saved
            past = history.files(storage)
            here = [_who(storage, name) for name in past]
            if storage.exists("game.jnl"):  # (a cut mid-start can leave none)
                here.append(_who(storage, "game.jnl"))
            for g in range(game + 1):
                assert "G%d" % g in here or "G%d" % g in deleted, ("G%d" % g, "lost")
            listed = [history.record(storage, i)[0] for i in range(history.count(storage))]
            # every file is listed, but one that a cut left moved in without
            # its record (the next start records it), or one whose deletion
            # a cut left half done (the next plan removes it)
            files = [int(name[8:-4]) for name in past]
            after = (listed[-1] if listed else 0) + 1
            for name in past:
                number = int(name[8:-4])
                assert number in listed or number == after or _who(storage, name) in deleted
            for number in listed:  # and no record without its file
                assert number in files, number
            played = [int(_who(storage, name)[1:]) for name in past]
            assert played == sorted(played), played
            if game % EVENING == EVENING - 1:
                room.mark_exported(storage, listed)
            kept = max(kept, len(past))
    finally:
        room.free = real_free
    assert cuts > 5 and len(deleted) > 20, (cuts, len(deleted))
    print(
        "short year:",
        GAMES,
        "games,",
        cuts,
        "cuts,",
        len(deleted),
        "deleted,",
        kept,
        "kept at most",
    )
