"""A correction of a closed hand (ROBOTS!, Robber Rummy) or round (the score
pad), or of a duel's piles. Rare, so its code is in the heap only while one
runs: the games' step() loads it and forgets it.

docs/design.md: a correction re-judges the target at once, as a hand's close
would with the corrected score. It can end the game (a side now alone at
or over the target), reopen one that had ended (the winner fell back, or
now shares the top), or crown another side. A game that has ended can
still have its hands corrected; in a sitting (Robber Rummy's best of
seven) only the hands of the game being played, or the one just won: an
earlier game's result has been played on from.
"""

from referee.core.errors import RulesError


def _side(state, side):
    if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < state.table.sides():
        raise RulesError("there is no side %r" % (side,))
    return side


def fix(state, action):
    """{"a": "fix", "hand": 3, "side": 0, "pts": 45}"""
    hand = action.get("hand")
    first = state.hand - state.hands_this_game  # this game's first hand
    if not isinstance(hand, int) or isinstance(hand, bool) or not first <= hand < state.hand:
        raise RulesError("hand %r is not a closed hand of this game" % (hand,))
    state.ledger.correct(hand, _side(state, action.get("side")), action.get("pts"))
    was = state.winner
    match = state.match
    if match is None:
        state.winner = state.ledger.winner(state.target)
    else:
        state.winner = match.judge(state.ledger, state.target)
    if match is not None and was != state.winner:
        if was is not None:  # that game's win is taken back
            match.wins[was] -= 1
            match.games.pop()
        if state.winner is not None:
            match.record(state.winner)
    if state.winner is not None:
        state.counts = {}  # a hand being counted after the end is never played


def net(state, action):
    """{"a": "count", "seat": 2, "net": -35}: a multiple of 5 (every card
    is), within 2,000 either way (Robber Rummy's best hand is 1,520). Kept
    as counts of no cards, so the deck's checks of the others hold, with
    the score one place past them, where the hand's end reads it."""
    points = action["net"]
    if not isinstance(points, int) or isinstance(points, bool) or points % 5:
        raise RulesError("a net score is a multiple of 5, not %r" % (points,))
    if not -2000 <= points <= 2000:
        raise RulesError("a hand scores -2000 to 2000")
    state.counts[action["seat"]] = [0] * len(state.game.FIELDS) + [points]


def again(state, action):
    """{"a": "again"}: a sitting's next game. The ledger goes on (every
    game's hands are kept); the new game's totals start from 0."""
    if state.match is None or state.winner is None or state.over:
        raise RulesError("there is no next game to start")
    state.match.next_game(state.ledger, state.hand)
    state.winner = None
    state.hands_this_game = 0


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


def counts(state, action, half, colour):
    """{"a": "counts", "supply": [12, 9], "hand": [5, 6]}: a duel's piles as
    the table counts them, when a card drawn or discarded was not told. Each
    discard pile is the rest of its half: the cards not in play (robots and
    the damage under them, of that half's colour). A supply set to 0 loses
    at its player's next draw, as any empty supply does; a loss being
    discarded shrinks to what the defender now holds. ``half``: the cards
    of a half, ``colour``: a card's colour (duel/rules.py's, a module this
    one must not import)."""
    supply = action.get("supply")
    hand = action.get("hand")
    for piles in (supply, hand):
        if not isinstance(piles, list) or len(piles) != 2:
            raise RulesError("counts are given for both players")
        for n in piles:
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise RulesError("a pile holds 0 or more cards, not %r" % (n,))
    out = [half, half]
    for robots in state.robots:
        for robot in robots:
            for card in [robot[0]] + robot[2]:
                out[state.colour.index(colour(card))] -= 1
    for seat in (0, 1):
        if supply[seat] + hand[seat] > out[seat]:
            raise RulesError("%s has %d cards out of play" % (state.table.names[seat], out[seat]))
    for seat in (0, 1):
        state.supply[seat] = supply[seat]
        state.hand[seat] = hand[seat]
        state.discard[seat] = out[seat] - supply[seat] - hand[seat]
    d = state.defender
    state.loss = min(state.loss, state.supply[d] + state.hand[d])  # one being discarded
    state.report = ["counts set as told"]
