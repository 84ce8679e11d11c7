"""The ledger's entries in chunks (core/ledger.py): every operation gives
the same answers on either side of a chunk boundary, and a snapshot keeps
a ledger of several chunks whole. Checked against a plain list of
(round, side, points, reason) kept alongside, by hand."""

import io
import json
from array import array

from portable.support import raises
from referee.core import snapshot
from referee.core.journal import FILE, SNAPSHOT_EVERY, Journal
from referee.core.journal_read import resume
from referee.core.ledger import CHUNK, Ledger
from referee.core.ledger_more import entries, entry, undo
from referee.core.session import Session
from referee.games import rules
from referee.games import rules as find_rules
from referee.hw.storage import Storage


def filled(n, sides=3):
    """A ledger of n entries, three a round: entry k is side k % 3's
    k % 11 points in round k // 3 + 1."""
    led = Ledger(sides)
    for k in range(n):
        led.add(k // 3 + 1, k % 3, k % 11)
    return led


def expected_entries(n):
    return [(k // 3 + 1, k % 3, k % 11, None) for k in range(n)]


def expected_totals(entries, sides=3):
    totals = [0] * sides
    for _, side, points, _ in entries:
        totals[side] += points
    return totals


def test_entries_either_side_of_a_chunk_boundary():
    for n in (CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 1):
        led = filled(n)
        want = expected_entries(n)
        assert led.count == n and entries(led) == want, n
        assert led.totals == expected_totals(want), n
        # every chunk but the last is full: no more chunks than needed
        assert len(led._side) == (n + CHUNK - 1) // CHUNK, n
        assert len(led._side[-1]) == n - (len(led._side) - 1) * CHUNK, n
        assert led.runs == (n + 2) // 3, n  # a run a round, three entries a run
        assert entry(led, n - 1) == want[-1] and "no entry" in raises(entry, led, n)
        last_round = (n - 1) // 3 + 1
        assert led.rounds() == list(range(1, last_round + 1)), n
        scores = [0, 0, 0]
        for rnd, side, points, _ in want:
            if rnd == last_round:
                scores[side] += points
        assert led.round_scores(last_round) == scores, n


def test_undo_across_a_chunk_boundary_and_scoring_again():
    led = filled(CHUNK + 2)
    want = expected_entries(CHUNK + 2)
    for _ in range(4):  # back over the boundary: CHUNK - 2 left
        assert undo(led) == want.pop()
    assert entries(led) == want and led.totals == expected_totals(want)
    # the freed slots are used again, in both chunks, and no chunk is added
    for points in (7, 8, 9, 10):
        led.add(999, 1, points)
        want.append((999, 1, points, None))
    assert entries(led) == want and led.totals == expected_totals(want)
    assert len(led._side) == 2 and len(led._side[-1]) == 2
    led.add(999, 2, 1)  # one past the slots the chunks had: grows the last chunk
    want.append((999, 2, 1, None))
    assert entries(led) == want and len(led._side[-1]) == 3


def test_a_round_of_more_than_255_entries():
    # A round that long (a score pad's many scores) counts, corrects and
    # undoes the same on either side of 255: a run's length is no byte.
    led = Ledger(2)
    want = []
    for k in range(300):  # round 1: 150 ones for each side, alternating
        led.add(1, k % 2, 1)
        want.append((1, k % 2, 1, None))
    for side in (0, 1):
        led.add(2, side, 5)
        want.append((2, side, 5, None))
    assert entries(led) == want and led.rounds() == [1, 2]
    assert led.round_scores(1) == [150, 150] and led.round_scores(2) == [5, 5]
    assert entry(led, 299) == (1, 1, 1, None) and entry(led, 300) == (2, 0, 5, None)
    # side 0's 150 entries become one, where its first was: 151 left in round 1
    led.correct(1, 0, 7)
    want = [(1, 0, 7, "corrected")] + [(1, 1, 1, None)] * 150 + want[300:]
    assert entries(led) == want and led.totals == [7 + 5, 150 + 5]
    assert led.round_scores(1) == [7, 150] and led.count == 153
    for _ in range(2):  # round 2 undone: round 1 is the last again
        assert undo(led) == want.pop()
    assert led.rounds() == [1]
    for _ in range(110):  # and grows past 255 once more
        led.add(1, 0, 2)
        want.append((1, 0, 2, None))
    assert entries(led) == want and led.round_scores(1) == [7 + 220, 150]
    assert led.count == 261 and led.rounds() == [1]


def test_rounds_are_scored_in_order():
    led = Ledger(2)
    led.add(3, 0, 1)
    assert "round 2 is before round 3" in raises(led.add, 2, 1, 4)
    assert entries(led) == [(3, 0, 1, None)] and led.totals == [1, 0]
    led.add(3, 1, 4)  # the same round goes on
    led.add(5, 0, 2)  # a round may be skipped
    assert led.rounds() == [3, 5] and led.round_scores(4) == [0, 0]


def test_a_correction_in_an_old_chunk():
    n = 2 * CHUNK + 5
    led = filled(n)
    want = expected_entries(n)
    # round 2 is entries 3, 4, 5 (sides 0, 1, 2), in the first chunk
    led.correct(2, 1, 40)
    want[4] = (2, 1, 40, "corrected")
    assert entries(led) == want and led.totals == expected_totals(want)
    # the round whose entries straddle the first boundary: its side 0
    # entry is in chunk 0, and taking it out moves every later entry down
    # across the boundary before the corrected one goes back in its place
    rnd = (CHUNK - 1) // 3 + 1
    first = 3 * (rnd - 1)
    assert first < CHUNK <= first + 2
    led.correct(rnd, 0, -5)
    want[first] = (rnd, 0, -5, "corrected")
    assert entries(led) == want and led.totals == expected_totals(want)
    assert led.round_scores(rnd) == [-5, want[first + 1][2], want[first + 2][2]]
    assert entry(led, 4) == (2, 1, 40, "corrected")  # the first correction's reason stays


def test_a_correction_that_adds_an_entry_opens_a_new_chunk():
    # A round the side did not score in gains an entry: with every slot in
    # use and the last chunk full, the ledger grows by a chunk.
    led = Ledger(3)
    want = []
    for k in range(CHUNK):
        led.add(k // 2 + 1, k % 2, 1)  # sides 0 and 1 only, two a round
        want.append((k // 2 + 1, k % 2, 1, None))
    led.correct(1, 2, 9)  # side 2 in round 1: after round 1's entries
    want.insert(2, (1, 2, 9, "corrected"))
    assert len(led._side) == 2 and led.count == CHUNK + 1
    assert entries(led) == want and led.totals == [CHUNK // 2, CHUNK // 2, 9]
    assert undo(led) == want.pop()


def snapshot_bytes(obj):
    f = io.BytesIO()
    snapshot._write_object(f, obj, "", [0])
    return f.getvalue()


def snapshot_parts(data):
    """(line length, raw bytes after it) of each part of a snapshot file."""
    parts = []
    at = 0
    while at < len(data):
        end = data.index(b"\n", at)
        line = data[at:end]
        part = json.loads(line[: line.rindex(b" ")].decode())
        raw = 0
        for _, size, _ in part.get("raw", []):
            raw += size
        parts.append((len(line), raw))
        at = end + 1 + (raw + 1 if raw else 0)
    return parts


def test_a_snapshot_keeps_several_chunks_in_bounded_parts():
    # A score pad of three players, a round closed after every third
    # score: 4 actions a round, 3 entries; just over two chunks of entries.
    rounds = 2 * CHUNK // 3 + 30
    session = Session.start(
        Storage("data"), rules("scorepad"), {"players": ["ANN", "BOB", "CY"], "target": 0}
    )
    for r in range(rounds):
        for seat in range(3):
            assert session.act({"a": "score", "seat": seat, "pts": (r + seat) % 7}) is None
        assert session.act({"a": "next"}) is None
    assert session.act({"a": "fix", "round": 2, "seat": 0, "pts": 50}) is None
    count = 4 * rounds + 1
    assert len(session.state.ledger._side) == 3
    saved, _, state = resume(Journal(Storage("data")), find_rules)
    assert saved.problem is None and saved.actions == count
    assert saved.replayed == count % SNAPSHOT_EVERY  # the snapshot served
    assert snapshot_bytes(state) == snapshot_bytes(session.state)
    assert entries(state.ledger) == entries(session.state.ledger)
    assert entry(state.ledger, 3) == (2, 0, 50, "corrected")
    # the newest snapshot came before the fix: every part of it holds one
    # chunk of each array at most (1 + 2 bytes an entry, 2 + 2 a round's
    # run), never an array whole
    parts = snapshot_parts(Storage("data").read(FILE + ".snap"))
    chunks = 0
    for length, raw in parts:
        assert length <= 300 and raw <= 7 * CHUNK, (length, raw)
        if raw >= 3 * CHUNK:
            chunks += 1
    assert chunks == 2  # the two full chunks of entries; the third is partly filled


def test_a_snapshot_of_another_layout_is_passed_over():
    # A snapshot whose ledger arrays are whole (the first snapshot format's
    # layout), under this format's number: the reader must not lay a flat
    # array where a list of chunks belongs, but use the snapshot before.
    session = Session.start(Storage("data"), rules("scorepad"), {"players": 2, "target": 0})
    count = 2 * SNAPSHOT_EVERY + 3
    for k in range(count):
        assert session.act({"a": "score", "seat": k % 2, "pts": 2}) is None
    ledger = session.state.ledger
    kept = (ledger._rounds, ledger._lens, ledger._side, ledger._points)
    flat_points = array("h")
    for i in range(ledger.count):
        flat_points.append(entry(ledger, i)[2])
    # the game is one chunk long, and one round
    flat = (array("H", [1]), bytearray(ledger._lens[0]), bytearray(ledger._side[0]), flat_points)
    ledger._rounds, ledger._lens, ledger._side, ledger._points = flat
    assert snapshot.write(session.journal, rules("scorepad"), session.state)
    ledger._rounds, ledger._lens, ledger._side, ledger._points = kept
    saved, _, state = resume(Journal(Storage("data")), find_rules)
    # the one before it served (at 2 * SNAPSHOT_EVERY actions): 3 replayed
    assert saved.problem is None and saved.actions == count and saved.replayed == 3
    assert state.ledger.totals == [count + 1, count - 1]  # seat 0 scored 2 * (count + 1) / 2
    assert entries(state.ledger) == entries(ledger)


def test_an_undo_lets_the_old_game_go_before_rebuilding():
    # On the chip a 5,000-action game's undo ran out of memory holding the
    # old state and the rebuilt one at once: the rebuild must start with
    # the session holding no state, and end with the undone game.
    from referee.core import journal_read

    session = Session.start(Storage("data"), rules("scorepad"), {"players": 2, "target": 0})
    for k in range(5):
        assert session.act({"a": "score", "seat": k % 2, "pts": 10 + k}) is None
    held = []
    real = journal_read.resume

    def spy(journal, snapshots=True):
        held.append(session.state)
        return real(journal, snapshots)

    journal_read.resume = spy
    try:
        assert session.undo() is None
    finally:
        journal_read.resume = real
    assert held == [None]
    # seat 0 scored 10, 12 and 14, seat 1 11 and 13; the undo took back the 14
    assert session.state.ledger.totals == [10 + 12, 11 + 13]
