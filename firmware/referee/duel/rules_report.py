"""The duel's code used once a game or never on the device: the setup's
checks, the resume offer's line, the export's summary and score table.
duel/rules.py loads it when asked and forgets it after, so it stays out of
the heap while a duel is played (duel/rules.py is the largest code a game
keeps, and every long message in a module is a string in the heap while it
is loaded). It must not import duel/rules.py: the constants it needs are
written out.
"""

from referee.core.errors import RulesError
from referee.core.seats import default_names


def checked(config):
    """(players, black's seat, duels to win) of a setup, or RulesError."""
    players = config.get("players")
    if isinstance(players, int):
        players = default_names(players)
    if not isinstance(players, list) or len(players) != 2:
        raise RulesError("a duel is for exactly 2 players")
    black = config.get("black", 0)
    if not isinstance(black, int) or black not in (0, 1):
        raise RulesError("black is seat 0 or 1, not %r" % (black,))
    wins = config.get("wins", 2)
    if not isinstance(wins, int) or not 1 <= wins <= 9:
        raise RulesError("duels to win run 1 to 9")
    return players, black, wins


def headline(state):
    names = state.table.names
    if state.over:
        return "%s wins the match" % names[state.winner]
    if state.phase == 7:  # duel/rules.py's OVER
        return "%s won duel %d" % (names[state.duel_winner], state.duel)
    return "duel %d turn %d" % (state.duel, state.turn)


def summary(state):
    winner = state.winner
    return {
        "game": "duel",
        "players": state.table.names,
        "duel": state.duel,
        "wins": list(state.match.wins),
        "winner": None if winner is None else state.table.names[winner],
        "supply": list(state.supply),
        "hand": list(state.hand),
        "discard": list(state.discard),
    }


def score_rows(state):
    rows = [["duel"] + state.table.names]
    games = state.match.games
    for i in range(len(games)):
        rows.append([i + 1, 1 - games[i], games[i]])
    rows.append(["wins"] + list(state.match.wins))
    return rows
