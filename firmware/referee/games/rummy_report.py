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
    if state.match is not None:
        out["match"] = list(state.match.wins)
    return out


def score_rows(state):
    sides = state.table.sides()
    rows = [["hand"] + [state.table.side_name(s) for s in range(sides)] + ["ended"]]
    for hand in state.ledger.rounds():
        how, out = state.ending(hand)
        who = state.table.names[out] if out >= 0 else ""
        rows.append([hand] + state.ledger.round_scores(hand) + [(how + " " + who).strip()])
    rows.append(["total"] + list(state.ledger.totals) + [""])
    return rows
