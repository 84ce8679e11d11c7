"""The rules cores and the journal without the app: a sample score pad game
replayed, written, resumed and replayed again, timed (host_tools/bench)."""

import gc  # noqa: F401 - the bench's next calls collect and read the heap
import time

GAME = "scorepad"


def replayed(setup, actions):
    from referee.core.journal_read import replay
    from referee.games import rules

    return replay(rules(GAME), setup, actions)


def journal_bytes(setup, actions):
    """Bytes the journal writes for ``actions`` after its header."""
    from referee.core.journal import Journal
    from referee.hw.storage import Storage

    journal = Journal(Storage("data"))
    journal.begin(GAME, setup)
    header = journal.bytes_written
    for action in actions:
        journal.record(action)
    return journal.bytes_written - header


def resume_us(times, expected, count):
    """Mean microseconds to resume the journal journal_bytes() wrote; the
    state resumed must equal ``expected``, all ``count`` actions read."""
    from referee.core.journal import Journal
    from referee.core.journal_read import resume
    from referee.games import rules as find_rules
    from referee.hw.storage import Storage

    t = time.ticks_us()
    for _ in range(times):
        saved, _rules, state = resume(Journal(Storage("data")), find_rules)
    took = time.ticks_diff(time.ticks_us(), t) / times
    assert state.ledger.totals == expected.ledger.totals and saved.actions == count
    return took


def replay_us(times, setup, actions):
    t = time.ticks_us()
    for _ in range(times):
        replayed(setup, actions)
    return time.ticks_diff(time.ticks_us(), t) / times
