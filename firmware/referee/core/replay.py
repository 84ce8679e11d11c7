"""Rebuild a game from its setup and actions: how a game resumes after a
reset, how undo works (replay all but the last), and how a journal is audited."""

from referee.core.errors import RulesError
from referee.core.record import encode


def replay(rules, setup, actions):
    state = rules.setup(setup)
    for number, action in enumerate(actions, 1):
        try:
            state = rules.step(state, action)
        except RulesError as e:
            raise RulesError("action %d %s: %s" % (number, encode(action), e)) from None
    return state
