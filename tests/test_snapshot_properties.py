"""Property checks of a game kept through its journal and snapshots: any
sequence of actions, undos, resumes and torn appends leaves the game equal
to its actions replayed from the start, with snapshots every few lines so
that every undo and resume meets them."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from portable.test_snapshots import picture
from referee.core import session as session_module
from referee.core.journal import Journal
from referee.core.journal_read import replay, resume
from referee.core.session import Session
from referee.games import rules
from referee.games import rules as find_rules
from referee.hw.storage import Storage

SETUP = {"players": ["ANN", "BOB", "CY"], "target": 0}

steps = st.lists(
    st.one_of(
        st.tuples(st.just("score"), st.integers(0, 2), st.integers(-20, 60)),
        st.tuples(st.just("next")),
        st.tuples(st.just("fix"), st.integers(1, 6), st.integers(0, 2), st.integers(-20, 60)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("resume")),
    ),
    max_size=80,
)

_folders = itertools.count()


@settings(max_examples=150, deadline=None)
@given(steps, st.integers(2, 6))
def test_any_play_equals_its_actions_replayed(tmp_path_factory, sequence, every):
    folder = str(tmp_path_factory.getbasetemp() / f"game{next(_folders)}")
    old_every = session_module.SNAPSHOT_EVERY
    session_module.SNAPSHOT_EVERY = every  # snapshots everywhere in a short game
    try:
        scorepad = rules("scorepad")
        session = Session.start(Storage(folder), scorepad, SETUP)
        model: list = []  # the actions the game is made of
        for step in sequence:
            if step[0] == "undo":
                if session.undo() is None:
                    model.pop()
                else:
                    assert not model
            elif step[0] == "resume":
                journal = Journal(Storage(folder))
                saved, game_rules, state = resume(journal, find_rules)
                assert saved.problem is None and saved.actions == len(model)
                assert saved.replayed <= 2 * every + len(sequence)
                session = Session(journal, game_rules, state)
            else:
                action = {"a": step[0]}
                if step[0] == "score":
                    action.update(seat=step[1], pts=step[2])
                elif step[0] == "fix":
                    action.update(round=step[1], seat=step[2], pts=step[3])
                if session.act(action) is None:
                    model.append(action)
            assert picture(session.state) == picture(replay(scorepad, SETUP, model))
        saved, _, state = resume(Journal(Storage(folder)), find_rules)
        assert picture(state) == picture(replay(scorepad, SETUP, model))
    finally:
        session_module.SNAPSHOT_EVERY = old_every
