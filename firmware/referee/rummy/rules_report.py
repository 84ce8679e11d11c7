"""The rummy games' reports (the export's summary and score table): asked
for by the desktop tools and the end screens, so they load only then and
stay out of the heap while a game is played."""


def summary(state):
    out = {
        "game": state.game.NAME,
        "players": state.table.names,
        "sides": [state.table.side_name(s) for s in range(state.table.sides())],
        "target": state.target,
        "hand": state.hand,
        "totals": list(state.ledger.totals),
        "dealer": state.table.names[state.dealer],
        "ends": [list(state.ending(h)) for h in range(1, state.closed_hands() + 1)],
        "winner": None if state.winner is None else state.table.side_name(state.winner),
    }
    match = state.match
    if match is not None:
        out["match"] = list(match.wins)
        out["game_number"] = len(match.starts)
        out["totals"] = match.totals(state.ledger)  # this game's
        out["games"] = [state.table.side_name(s) for s in match.games]  # each game's winner
    return out


def score_rows(state):
    """The score table: a row a hand, then the totals. In a sitting every
    game's hands, numbered within their game, and each game's totals."""
    sides = state.table.sides()
    names = [state.table.side_name(s) for s in range(sides)]
    match = state.match
    if match is None:
        rows = [["hand"] + names + ["ended"]]
        for hand in state.ledger.rounds():
            rows.append([hand] + state.ledger.round_scores(hand) + [_ended(state, hand)])
        rows.append(["total"] + list(state.ledger.totals) + [""])
        return rows
    rows = [["game", "hand"] + names + ["ended"]]
    totals = [0] * sides
    game = 1
    for hand in state.ledger.rounds():
        g, h = match.game_of(hand)
        if g != game:  # the game before ended: its totals
            rows.append([game, "total"] + totals + [_won(state, game)])
            totals = [0] * sides
            game = g
        scores = state.ledger.round_scores(hand)
        for s in range(sides):
            totals[s] += scores[s]
        rows.append([g, h] + scores + [_ended(state, hand)])
    rows.append([game, "total"] + totals + [_won(state, game)])
    return rows


def _ended(state, hand):
    how, out = state.ending(hand)
    return (how + " " + state.table.names[out]).strip() if out >= 0 else how


def _won(state, game):
    games = state.match.games
    return "won by " + state.table.side_name(games[game - 1]) if game <= len(games) else ""
