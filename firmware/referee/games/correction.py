"""A correction of a closed hand (ROBOTS!, Robber Rummy) or round (the score
pad). Rare, so its code is in the heap only while one runs: the games'
step() loads it and forgets it.

DESIGN.md: a correction re-judges the target at once, as a hand's close
would with the corrected score. It can end the game (a side now alone at
or over the target), reopen one that had ended (the winner fell back, or
now shares the top), or crown another side. A game that has ended can
still have its hands corrected; in a sitting (Robber Rummy's best of
seven) only the hands of the game being played, or the one just won,
since the next game starts a fresh ledger.
"""

from referee.core.errors import RulesError


def _side(state, side):
    if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < state.table.sides():
        raise RulesError("there is no side %r" % (side,))
    return side


def rummy(state, action):
    """{"a": "fix", "hand": 3, "side": 0, "pts": 45}"""
    hand = action.get("hand")
    first = state.hand - state.hands_this_game  # this game's first hand
    if not isinstance(hand, int) or isinstance(hand, bool) or not first <= hand < state.hand:
        raise RulesError("hand %r is not a closed hand of this game" % (hand,))
    state.ledger.correct(hand, _side(state, action.get("side")), action.get("pts"))
    was = state.winner
    state.winner = state.ledger.winner(state.target)
    match = state.match
    if match is not None and was != state.winner:
        if was is not None:  # that game's win is taken back
            match.wins[was] -= 1
            match.games.pop()
        if state.winner is not None:
            match.record(state.winner)
    if state.winner is not None:
        state.counts = {}  # a hand being counted after the end is never played


def scorepad(state, rnd, seat, pts):
    """{"a": "fix", "round": 2, "seat": 0, "pts": 30}, its seat and points
    checked by the score pad's step()."""
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd < state.round:
        raise RulesError("round %r is not a closed round" % (rnd,))
    state.ledger.correct(rnd, seat, pts)
    # The target is judged as a round closes; a round being scored holds
    # part of its points in the totals, so its close judges them all.
    if state.target and not state.round_scored:
        state.winner = state.ledger.winner(state.target)
