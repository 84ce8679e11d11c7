"""A year of game nights (issue 20, item 5): short score pad games one after
another through the storage seam, on a folder with a flash's size that
refuses writes past it (host_tools/fakes/flash_size.py), with power cuts and
write errors at random points (flash_faults.py). Each start makes room as
the setup does (core/room.py, the table saying yes), and after every
evening an export marks the history. Checked after every game:

- no game is lost: each one started is the game in play, in the history,
  or was deleted to make room (and then only after every exported one);
- the game in play is always reachable: a reboot offers it, with every
  action that was saved;
- a new game is refused only when no history is left to delete.

YEAR_GAMES sets the length: `make test` plays 150 games on a 240 KB flash
(full about every 40 games), `make fuzz` 1,000 on the Pico's 1.4 MB."""

import os
import random

import flash_size
from flash_faults import FlashFaults, PowerCut

SETUP_TARGET = 60
EVENING = 6  # games a night; the export comes after


_NAMES: dict = {}  # a history file's (name, inode, size, mtime) -> its first player


def _header_names(storage, name):
    """The first player's name in a journal's header: the game's number here."""
    from referee.core.journal_line import unseal

    st = os.stat(storage.path(name))
    key = (name, st.st_ino, st.st_size, st.st_mtime_ns)
    if key not in _NAMES or not name.startswith("history-"):
        with open(storage.path(name), "rb") as f:
            found = unseal(f.readline().rstrip(b"\n"), False)
        _NAMES[key] = None if found is None else found[0]["setup"]["players"][0]
    return _NAMES[key]


def _reboot(storage):
    """A reset: the game in play read back as the boot reads it."""
    from referee.core.journal import Journal
    from referee.core.journal_read import resume
    from referee.core.session import Session
    from referee.games import rules as find_rules

    journal = Journal(storage)
    saved, rules, state = resume(journal, find_rules)
    assert saved.problem is None, saved.problem
    return Session(journal, rules, state) if state is not None else None, saved.actions


def _start(storage, me, deleted, figures):
    """The setup's start: room first (the table says yes), then the game."""
    from referee.core import history, room
    from referee.core.session import Session
    from referee.games import rules
    from referee.screens.setup import ROOM

    exported, others = room.plan(storage, ROOM)
    if others:  # a game never exported goes only once no exported one is left
        left = [
            r for r in history.listed(storage) if r[3] and history.name_of(r[0]) not in exported
        ]
        assert left == [], left
    for name in exported + others:
        deleted.add(_header_names(storage, name))
    room.clear(storage, exported + others)
    figures["deleted"] += len(exported) + len(others)
    return Session.start(storage, rules("scorepad"), {"players": [me, "B"], "target": SETUP_TARGET})


def _check_index(storage, figures):
    """The index lists exactly the history's files, and their numbers give
    the order the games were played in (the lowest, the oldest)."""
    from referee.core import history

    listed = [history.record(storage, i)[0] for i in range(history.count(storage))]
    files = history.files(storage)
    assert listed == [int(name[len("history-") : -4]) for name in files]
    played = [int(_header_names(storage, name)[1:]) for name in files]
    assert played == sorted(played), played
    # History's first page: the index's size, then a record a row; the
    # same at 3 games and at 300
    opened = []
    for method in ("open_read", "exists", "size"):
        real = getattr(storage, method)
        setattr(storage, method, lambda name, real=real: opened.append(name) or real(name))
    try:
        for i in range(min(6, history.count(storage))):
            history.record(storage, i)
    finally:
        for method in ("open_read", "exists", "size"):
            delattr(storage, method)
    figures["history_reads"] = max(figures["history_reads"], len(opened))


def play_year(games, size, seed, monkeypatch):
    from referee.core import history, room
    from referee.hw.storage import Storage

    rng = random.Random(seed)
    os.makedirs("data", exist_ok=True)
    flash_size.install("data", size)
    faults = FlashFaults(monkeypatch)
    faults.capacity = lambda: flash_size.free_bytes("data")
    storage = Storage("data")
    deleted = set()  # games deleted to make room
    refused = 0
    figures = {"cuts": 0, "errors": 0, "deleted": 0, "most_kept": 0, "most_used": 0}
    figures["history_reads"] = 0
    for game in range(games):
        me = f"G{game}"
        session = None
        for attempt in range(3):
            # now and then a fault while room is made or the game starts
            injected = attempt == 0 and rng.randrange(6) == 0
            if injected and rng.randrange(2):
                faults.cut_after = rng.randrange(0, 80)
            elif injected:
                faults.fail_next = 5
            try:
                session = _start(storage, me, deleted, figures)
                break
            except PowerCut:
                figures["cuts"] += 1
                _reboot(storage)  # whatever the cut left reads back
            except OSError:
                if not injected:  # refused for room alone
                    assert history.files(storage) == [], "a new game refused with history to delete"
                    refused += 1
                    break
                figures["errors"] += 1
            finally:
                faults.cut_after = faults.fail_next = None
        if session is None:
            continue
        saved = 0
        rounds = rng.randrange(1, 6)  # some games end, some are left unfinished
        for _round in range(rounds):
            for action in (
                {"a": "score", "seat": 0, "pts": rng.randrange(0, 30)},
                {"a": "score", "seat": 1, "pts": rng.randrange(0, 30)},
                {"a": "next"},
            ):
                if session is None or session.state.over:
                    break
                fault = rng.randrange(40)
                if fault == 0:
                    faults.cut_after = rng.randrange(0, 40)
                elif fault == 1:
                    faults.fail_next = 5
                try:
                    message = session.act(action)
                    if message is None:
                        saved += 1
                    else:
                        figures["errors"] += 1
                except PowerCut:
                    figures["cuts"] += 1
                    session, actions = _reboot(storage)
                    # the action in flight is on flash whole, or not at all
                    assert actions in (saved, saved + 1), (actions, saved)
                    saved = actions
                faults.cut_after = faults.fail_next = None
        # the game in play is reachable: a reboot reads back what was saved
        _session, actions = _reboot(storage)
        assert actions == saved
        # no game lost: every game started is here, or was deleted for room
        here = {_header_names(storage, name) for name in history.files(storage)}
        here.add(_header_names(storage, "game.jnl"))
        for past in range(game + 1):
            name = f"G{past}"
            assert name in here or name in deleted, (name, "lost")
        if game % EVENING == EVENING - 1:  # the evening's export marks the history
            room.mark_exported(storage, [r[0] for r in history.listed(storage)])
        _check_index(storage, figures)
        kept = len(history.files(storage))
        figures["most_kept"] = max(figures["most_kept"], kept)
        figures["most_used"] = max(figures["most_used"], size - flash_size.free_bytes("data"))
    figures["refused"] = refused
    return figures


def test_a_year_of_game_nights(flash, monkeypatch):
    games = int(os.environ.get("YEAR_GAMES", "150"))
    size = flash_size.SIZE if games >= 1000 else 240 * 1024
    figures = play_year(games, size, seed=2026, monkeypatch=monkeypatch)
    # the flash filled and was made room on, faults came and were lived through
    assert figures["deleted"] > 0 and figures["cuts"] > 0 and figures["errors"] > 0
    assert figures["refused"] == 0
    # History's first page read the index alone all year: its size, its last
    # record (a held number is no game: core/history.py), six records
    assert figures["history_reads"] == 1 + 1 + 6
    print("year:", games, "games", figures)
