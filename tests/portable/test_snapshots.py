"""Snapshots beside the journal (core/snapshot.py): a game resumed from its
newest snapshot is the game replayed from its start, for every game, at
every length; undo across a snapshot is right; a snapshot that is damaged,
stale or another game's is never used."""

import io

from portable.samples import SAMPLES
from referee.core import snapshot
from referee.core.journal import FILE, SNAPSHOT_EVERY, Journal
from referee.core.journal_read import replay, resume
from referee.core.session import Session
from referee.games import rules
from referee.games import rules as find_rules
from referee.hw.storage import Storage


def picture(state):
    """Every attribute of a state, in the snapshot's canonical form: two
    states with the same picture are the same game."""
    f = io.BytesIO()
    snapshot._write_object(f, state, "", [0])
    return f.getvalue()


def played(game, count, folder="data"):
    setup, sample = SAMPLES[game]
    actions = sample(count)
    session = Session.start(Storage(folder), rules(game), setup)
    for action in actions:
        assert session.act(action) is None, action
    return session, actions


def from_start(game, actions):
    return replay(rules(game), SAMPLES[game][0], actions)


def test_a_resume_from_a_snapshot_equals_a_replay_from_the_start():
    for game in sorted(SAMPLES):
        for count in (SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 77, 150):
            folder = "%s-%d" % (game, count)
            session, actions = played(game, count, folder)
            saved, game_rules, state = resume(Journal(Storage(folder)), find_rules)
            assert saved.problem is None and saved.actions == count, (game, count)
            # the lines after the newest snapshot, never the whole game
            assert saved.replayed == count % SNAPSHOT_EVERY, (game, count, saved.replayed)
            expected = from_start(game, actions)
            assert picture(state) == picture(expected), (game, count)
            assert picture(session.state) == picture(expected), (game, count)
            assert game_rules.summary(state) == game_rules.summary(expected)
            assert game_rules.score_rows(state) == game_rules.score_rows(expected)
            # and without snapshots the journal alone gives the same game
            full = resume(Journal(Storage(folder)), find_rules, snapshots=False)
            assert full[0].replayed == count and picture(full[2]) == picture(expected)


def test_undo_across_snapshots_gives_the_game_without_its_last_actions():
    for game in sorted(SAMPLES):
        folder = "undo-" + game
        count = 2 * SNAPSHOT_EVERY + 3
        session, actions = played(game, count, folder)
        for back in range(1, SNAPSHOT_EVERY + 8):  # past the newest snapshot and on
            message = session.undo()
            if message is not None:  # a step the rules made final (a deal seen)
                assert message.startswith("no undo: "), message
                break
            expected = picture(from_start(game, actions[: count - back]))
            assert picture(session.state) == expected, (game, back)
            saved, _, state = resume(Journal(Storage(folder)), find_rules)
            assert saved.actions == count - back and picture(state) == expected, (game, back)
            # a resume never replays more than the lines since the snapshot before
            assert saved.replayed <= 2 * SNAPSHOT_EVERY + back, (game, back)
        # and the game goes on from there
        again = session.journal.count
        assert session.act(actions[again]) is None
        expected = picture(from_start(game, actions[: again + 1]))
        assert picture(resume(Journal(Storage(folder)), find_rules)[2]) == expected


def test_undo_redo_churn_keeps_resumes_short():
    # Undo and redo the same action over and over: every line counts
    # towards the next snapshot, so a resume never replays the churn.
    session, actions = played("scorepad", SNAPSHOT_EVERY + 5)
    for _ in range(3 * SNAPSHOT_EVERY):
        assert session.undo() is None
        assert session.act(actions[-1]) is None
    saved, _, state = resume(Journal(Storage("data")), find_rules)
    assert saved.actions == len(actions) and saved.replayed <= SNAPSHOT_EVERY
    assert picture(state) == picture(from_start("scorepad", actions))


def test_a_damaged_snapshot_is_passed_over_never_trusted():
    session, actions = played("robots", 3 * SNAPSHOT_EVERY + 4)
    storage = Storage("data")
    expected = picture(from_start("robots", actions))
    newest = storage.read(FILE + ".snap")
    for where in (10, len(newest) // 2, len(newest) - 5):
        flipped = bytearray(newest)
        flipped[where] ^= 0x04
        storage.write(FILE + ".snap", bytes(flipped))
        saved, _, state = resume(Journal(storage), find_rules)
        assert saved.problem is None and picture(state) == expected, where
        # the snapshot before it served: the lines since then were replayed
        assert saved.replayed == SNAPSHOT_EVERY + 4, where
    storage.write(FILE + ".snap", newest[: len(newest) // 2])  # cut short
    assert picture(resume(Journal(storage), find_rules)[2]) == expected
    assert storage.read(FILE) is not None  # the journal itself is untouched


def test_a_snapshot_of_another_game_or_another_journal_is_ignored():
    played("scorepad", SNAPSHOT_EVERY + 1)
    storage = Storage("data")
    old = storage.read(FILE + ".snap")
    # a new game: its old snapshots go with the old journal into the history
    session = Session.start(storage, rules("scorepad"), {"players": ["ANN", "BOB"], "target": 0})
    assert storage.read(FILE + ".snap") is None and storage.read(FILE + ".snap1") is None
    for k in range(2 * SNAPSHOT_EVERY + 1):
        assert session.act({"a": "score", "seat": k % 2, "pts": 1}) is None
    storage.write(FILE + ".snap", old)  # the old game's, put back by hand
    saved, _, state = resume(Journal(storage), find_rules)
    # seat 0 scored a point on each even step 0..2E, seat 1 on each odd one
    assert saved.problem is None
    assert state.ledger.totals == [SNAPSHOT_EVERY + 1, SNAPSHOT_EVERY]
    # from the new game's snapshot before, not the old game's
    assert saved.replayed == SNAPSHOT_EVERY + 1


def test_a_torn_line_after_the_snapshot_is_dropped_as_ever():
    session, actions = played("duel", SNAPSHOT_EVERY + 3)
    storage = Storage("data")
    from referee.core.record import seal

    storage.append(FILE, bytes(seal({"a": "next"}))[:-6])
    saved, _, state = resume(Journal(storage), find_rules)
    assert saved.problem is None and saved.actions == len(actions) and saved.dropped > 0
    assert picture(state) == picture(from_start("duel", actions))
    assert storage.read(FILE).endswith(b"\n")  # cut off, so the next append is clean


def test_a_snapshot_write_that_fails_loses_nothing():
    class FullFlash(Storage):
        def write_with(self, name, produce):
            if ".snap" in name:
                raise OSError(28)  # no room for a snapshot
            Storage.write_with(self, name, produce)

    storage = FullFlash("data")
    session = Session.start(storage, rules("scorepad"), SAMPLES["scorepad"][0])
    actions = SAMPLES["scorepad"][1](SNAPSHOT_EVERY + 2)
    for action in actions:
        assert session.act(action) is None  # the game goes on without snapshots
    assert storage.read(FILE + ".snap") is None
    saved, _, state = resume(Journal(Storage("data")), find_rules)
    assert saved.replayed == len(actions)
    assert picture(state) == picture(from_start("scorepad", actions))


def test_the_reader_reads_the_format_the_writer_writes():
    # The reader (journal_read.py) keeps its own copy of the format number
    # and of the CRC (so a resume does not load the writer): the copies must
    # agree, and a snapshot of another format number is passed over.
    from referee.core import journal_read

    assert journal_read.SNAPSHOT_VERSION == snapshot.VERSION
    data = bytearray(b"\x00\x01chunk")
    assert journal_read.crc_hex(data) == snapshot.crc_hex(data)
    session = Session.start(Storage("data"), rules("scorepad"), {"players": 2, "target": 0})
    for k in range(10):  # fewer than SNAPSHOT_EVERY: the only snapshot is the one below
        assert session.act({"a": "score", "seat": k % 2, "pts": 1}) is None
    real = snapshot.VERSION
    snapshot.VERSION = real - 1  # as an older referee wrote it
    try:
        assert snapshot.write(session.journal, rules("scorepad"), session.state)
    finally:
        snapshot.VERSION = real
    saved, _, state = resume(Journal(Storage("data")), find_rules)
    # the older snapshot is not used: the whole journal is replayed
    assert saved.problem is None and saved.replayed == 10
    assert state.ledger.totals == [5, 5]


def test_a_rummy_past_one_chunk_of_hands_keeps_every_ending():
    # The sample Robber Rummy game closes hand h+1 (h from 0) with player
    # h % 3 going out by "rummy", four actions a hand (samples.py). 2,100
    # actions are 525 hands: past the first chunk of 512 hand-end bytes.
    session, actions = played("robber", 2100, "robber-chunks")
    hands = 2100 // 4
    state = session.state
    assert state.closed_hands() == hands
    for hand in (1, 512, 513, hands):
        assert state.ending(hand) == ("rummy", (hand - 1) % 3), hand
    assert len(state.end_out) == 2 and len(state.end_out[0]) == 512  # two chunks
    saved, _rules, resumed = resume(Journal(Storage("robber-chunks")), find_rules)
    assert saved.replayed < SNAPSHOT_EVERY  # from a snapshot, not the whole game
    assert picture(resumed) == picture(from_start("robber", actions))
    assert resumed.ending(513) == ("rummy", 512 % 3)
