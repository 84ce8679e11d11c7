"""A long saved game resumed, undone and corrected from an empty heap, each
timed and followed by the heap in use and micropython.mem_info() (its "max
blk sz" is the largest allocation so far): host_tools/bench."""

import gc
import time

import micropython


def peak(name, empty):
    """The heap in use since ``empty``: inside one call the VM frees nothing,
    so at the end of an operation this bounds its peak."""
    print(name + "_PEAK", gc.mem_alloc() - empty)
    micropython.mem_info()


def resume_saved():
    """(journal, rules, state) of the game in data/, timed and described."""
    from referee.core.journal import Journal
    from referee.core.journal_read import resume
    from referee.games import rules as find_rules
    from referee.hw.storage import Storage

    journal = Journal(Storage("data"))
    t = time.ticks_us()
    saved, game_rules, state = resume(journal, find_rules)
    print("RESUME_US", time.ticks_diff(time.ticks_us(), t))
    print("RESUMED", saved.actions, saved.problem)
    print("RESUME_REPLAYED", getattr(saved, "replayed", saved.actions))
    return journal, game_rules, state


def kept_session(journal, game_rules, state):
    """What the app keeps of a resume: the session, not the modules that
    read the file."""
    from referee import forget
    from referee.core.session import Session

    session = Session(journal, game_rules, state)
    for name in ("journal_read", "snapshot"):
        forget("referee.core." + name)
    return session


def timed_undo(session):
    t = time.ticks_us()
    print("UNDO", session.undo())
    print("UNDO_US", time.ticks_diff(time.ticks_us(), t))


def timed_fix(session, correction):
    t = time.ticks_us()
    print("FIX", session.act(correction))
    print("FIX_US", time.ticks_diff(time.ticks_us(), t))
