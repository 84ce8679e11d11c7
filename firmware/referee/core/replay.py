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


def resume(journal, snapshots=True):
    """Rebuild the game saved in ``journal`` as its file is read (no list of
    actions is kept), from its newest usable snapshot when there is one.
    Returns (saved, rules, state); rules and state are None unless a game
    was resumed. A journal whose actions do not replay is damaged like any
    other: it is kept aside and saved.problem says why."""
    # Imported here, not at the top: loaded with replay.py, they left the
    # chip's heap too split to resume a 5,000-action Robber Rummy game in
    # 128 KB (measured).
    from referee.games import rules as find_rules

    box = [None, None, 0]  # type: list # rules module, state, actions applied

    def header(h):
        box[0] = find_rules(h["game"])
        box[1] = box[0].setup(h["setup"])

    def start(h, head, f, survey_from):
        from referee.core.snapshot_read import load  # as find_rules, above

        game_rules = find_rules(h["game"])
        found = load(journal, h, head, f, survey_from, game_rules)
        if found is None:
            return None
        box[0], box[1], box[2] = game_rules, found[1], found[0].start_count
        return found[0]

    def action(a):
        try:
            box[1] = box[0].step(box[1], a)
        except RulesError as e:
            raise RulesError("action %d refused: %s" % (box[2] + 1, e)) from None
        box[2] += 1

    saved = journal.load(header, action, start if snapshots else None)
    if saved.problem is not None or saved.game is None:
        return saved, None, None
    return saved, box[0], box[1]
