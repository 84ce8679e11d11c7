"""The game journal on real files, with a power cut at every byte and every
single flipped bit: recovery never raises and gives back exactly the actions
that were committed, or keeps the file aside and says so."""

from portable.support import raises
from referee.core.journal import FILE, Journal
from referee.core.journal_line import unseal
from referee.core.journal_read import read, replay
from referee.core.record import encode, seal
from referee.games import rules
from referee.hw.storage import Storage

SETUP = {"players": ["ANN", "BOB", "CY"], "target": 100}
ACTIONS = [
    {"a": "score", "seat": 0, "pts": 25},
    {"a": "score", "seat": 1, "pts": -10},
    {"a": "score", "seat": 2, "pts": 40},
    {"a": "next"},
    {"a": "score", "seat": 0, "pts": 80},
    {"a": "next"},
]


def load_all(storage):
    """Load the journal in ``storage``: (Saved, the actions it replayed)."""
    actions = []
    saved = Journal(storage).load(lambda header: None, actions.append)
    return saved, actions


def written(folder="data"):
    """A journal written the way the device writes one; returns its bytes
    and the byte offset where each record (header first) ends its CRC."""
    journal = Journal(Storage(folder))
    journal.begin("scorepad", SETUP)
    for action in ACTIONS:
        journal.record(action)
    data = Storage(folder).read(FILE)
    ends = []
    pos = 0
    for line in data.split(b"\n")[:-1]:
        pos += len(line)
        ends.append(pos)
        pos += 1
    return data, ends


def test_records_are_canonical_and_sealed():
    assert encode({"b": [1, "x"], "a": None, "c": True}) == '{"a": null, "b": [1, "x"], "c": true}'
    line = bytes(seal({"seat": 1, "a": "score"}))
    assert line.endswith(b"\n") and line.startswith(b'{"a": "score", "seat": 1} ')
    assert unseal(line[:-1], True) == ({"a": "score", "seat": 1}, True)
    assert unseal(b'{"a": "next"}', True) is None  # no CRC where one is needed
    assert unseal(b'{"a": "next"}', False) == ({"a": "next"}, False)


def test_every_power_cut_keeps_exactly_the_committed_actions():
    data, ends = written()
    storage = Storage("cut")
    for size in range(len(data) + 1):
        storage.write(FILE, data[:size])
        saved, actions = load_all(storage)
        committed = sum(1 for end in ends if end <= size)
        assert saved.problem is None, (size, saved.problem)
        if committed == 0:
            assert saved.game is None and storage.read(FILE) is None
        else:
            assert saved.game == "scorepad" and saved.setup == SETUP
            assert actions == ACTIONS[: committed - 1], size
            assert saved.actions == committed - 1
            # a torn tail is cut off the file so the next action appends cleanly
            assert storage.read(FILE) == data[: ends[committed - 1] + 1]


def test_every_flipped_bit_is_caught_or_harmless():
    data, ends = written()
    storage = Storage("flip")
    kept_names = set()
    for byte in range(len(data)):
        for bit in range(8):
            bad = bytearray(data)
            bad[byte] ^= 1 << bit
            storage.write(FILE, bytes(bad))
            saved, _ = load_all(storage)
            if saved.kept_as is not None:
                assert saved.problem.startswith("saved game damaged")
                assert storage.read(saved.kept_as) == bytes(bad)  # kept, not overwritten
                kept_names.add(saved.kept_as)
                storage.remove(saved.kept_as)
            else:
                # the only harmless flip: none; every flip must be caught
                raise AssertionError("flip at byte %d bit %d not caught" % (byte, bit))
    assert kept_names == {FILE + ".bad1"}


def test_damaged_files_are_never_overwritten():
    storage = Storage("data")
    storage.write(FILE, b"garbage\n")
    first, _ = load_all(storage)
    storage.write(FILE, b"more garbage\n")
    second, _ = load_all(storage)
    assert (first.kept_as, second.kept_as) == (FILE + ".bad1", FILE + ".bad2")
    assert storage.read(FILE + ".bad1") == b"garbage\n"
    assert "line 1 is damaged" in second.problem


def test_a_newer_format_is_refused_once_and_its_bytes_kept_whole():
    storage = Storage("data")
    data = bytes(seal({"v": 3, "game": "scorepad", "setup": SETUP}))
    storage.write(FILE, data)
    saved, _ = load_all(storage)
    assert saved.game is None and "newer referee" in saved.problem and "format 3" in saved.problem
    # kept whole beside the journal, for that referee; not read again
    assert saved.kept_as == FILE + ".newer1" and storage.read(FILE + ".newer1") == data
    assert not storage.exists(FILE)
    again, _ = load_all(storage)
    assert again.problem is None and again.game is None


def test_a_hand_written_journal_replays():
    text = (
        '{"v": 1, "game": "scorepad", "setup": {"players": ["ANN", "BOB"], "target": 50}}\n'
        '{"a": "score", "seat": 0, "pts": 30}\n'
        '{"a": "score", "seat": 1, "pts": 20}\n'
        '{"a": "next"}\n'
        '{"a": "score", "seat": 0, "pts": 25}\n'
        '{"a": "next"}\n'
    )
    header, actions, dropped = read(text.encode())
    state = replay(rules(header["game"]), header["setup"], actions)
    # ANN 30 + 25 = 55 >= 50 and leads BOB's 20 alone: ANN wins after round 2
    assert state.ledger.totals == [55, 20] and state.table.name(state.winner) == "ANN"
    assert dropped == 0


def test_undo_appends_a_line_that_takes_back_the_last_action():
    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    for action in ACTIONS:
        journal.record(action)
    before = storage.read(FILE)
    journal.undo()
    journal.undo()
    # the file is only added to: two short lines, whatever the game's length
    after = storage.read(FILE)
    assert after.startswith(before)
    assert after[len(before) :] == bytes(seal({"undo": 5})) + bytes(seal({"undo": 4}))
    saved, actions = load_all(storage)
    assert actions == ACTIONS[:-2] and saved.actions == 4
    state = replay(rules("scorepad"), saved.setup, actions)
    assert state.round == 2 and state.ledger.totals == [25, -10, 40]
    assert storage.read(FILE + ".tmp") is None
    empty = Journal(Storage("other"))
    empty.begin("scorepad", SETUP)
    assert "nothing to undo" in raises(empty.undo)


def test_a_new_game_archives_the_old_one():
    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    journal.record(ACTIONS[0])
    journal.begin("scorepad", {"players": 2, "target": 0})
    assert storage.read("history-001.jnl").count(b"\n") == 2
    assert load_all(storage)[0].setup == {"players": 2, "target": 0}


def test_bytes_written_per_action():
    data, ends = written("bytes")
    per_action = (len(data) - (ends[0] + 1)) / len(ACTIONS)
    # a score record is about 45 bytes: JSON, a space, 8 hex digits, newline
    assert 25 < per_action < 60


def test_replay_names_the_bad_action_and_stops():
    actions = ACTIONS[:3] + [{"a": "score", "seat": 7, "pts": 1}]
    message = raises(replay, rules("scorepad"), SETUP, actions)
    assert message.startswith('action 4 {"a": "score", "pts": 1, "seat": 7}: ')
    assert "no seat 7" in message
    assert "no game called 'chess'" in raises(rules, "chess")


def test_undone_actions_stay_undone_after_new_ones():
    # score, score, undo, score, next, undo, undo: the game is its first
    # action and then the third (the second and the next were taken back)
    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    journal.record(ACTIONS[0])
    journal.record(ACTIONS[1])
    journal.undo()
    journal.record(ACTIONS[2])
    journal.record(ACTIONS[3])
    journal.undo()
    journal.record(ACTIONS[4])
    journal.undo()
    saved, actions = load_all(storage)
    assert actions == [ACTIONS[0], ACTIONS[2]] and saved.actions == 2
    assert read(storage.read(FILE))[1] == actions  # the desktop reads it the same
    reopened = Journal(storage)
    reopened.load(lambda header: None, lambda action: None)
    assert reopened.count == 2


def test_an_undo_line_that_goes_forward_is_damage():
    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    journal.record(ACTIONS[0])
    storage.append(FILE, bytes(seal({"undo": 1})))  # 1 of 1 action: not back at all
    saved, _ = load_all(storage)
    assert "line 3 undoes to 1 of 1 actions" in saved.problem
    assert saved.kept_as == FILE + ".bad1"


def test_a_format_1_journal_still_resumes_and_takes_undo_lines():
    storage = Storage("data")
    # seal() reuses its buffer: each line is copied out before the next
    lines = [bytes(seal({"v": 1, "game": "scorepad", "setup": SETUP}))]
    lines += [bytes(seal(a)) for a in ACTIONS[:3]]
    storage.write(FILE, b"".join(lines))
    journal = Journal(storage)
    saved = journal.load(lambda header: None, lambda action: None)
    assert saved.problem is None and saved.actions == 3 and journal.count == 3
    journal.undo()
    assert load_all(storage)[1] == ACTIONS[:2]


def test_a_long_line_is_damage_not_a_memory_error():
    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    storage.append(FILE, b'{"a": "' + b"x" * 5000 + b'"}\n')
    saved, _ = load_all(storage)
    assert "longer than 4096 bytes" in saved.problem and saved.kept_as == FILE + ".bad1"


def test_a_hand_written_undo_line_counts_however_it_is_spaced():
    text = (
        '{"v": 2, "game": "scorepad", "setup": {"players": ["ANN", "BOB"], "target": 0}}\n'
        '{"a": "score", "seat": 0, "pts": 30}\n'
        '{"a": "score", "seat": 1, "pts": 20}\n'
        '{"undo":1}\n'
        '{"a": "next"}\n'
    )
    header, actions, dropped = read(text.encode())
    assert actions == [{"a": "score", "seat": 0, "pts": 30}, {"a": "next"}] and dropped == 0


def test_a_new_game_that_cannot_be_written_moves_nothing():
    # Issue 20: the new game's file is written first (as game.jnl.new),
    # so when it cannot be the unfinished one never moves. Here it cannot
    # be made (a folder holds its name, as a full flash would refuse it):
    # begin() raises, and the unfinished game is where it was.
    import os

    storage = Storage("data")
    journal = Journal(storage)
    journal.begin("scorepad", SETUP)
    journal.record(ACTIONS[0])
    before = storage.read(FILE)
    os.mkdir("data/" + FILE + ".new")
    try:
        Journal(storage).begin("robots", {"players": 2})
        raise AssertionError("begin() wrote where it could not")
    except OSError:
        pass
    assert storage.read(FILE) == before
    assert not storage.exists("history-001.jnl")
    os.rmdir("data/" + FILE + ".new")
    Journal(storage).begin("robots", {"players": 2})  # with room: the old one goes to history
    assert storage.read("history-001.jnl") == before
