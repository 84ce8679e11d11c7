"""The rules cores, one module a game, imported only when a game is opened.

A rules core is pure: no hardware, time or randomness (chance arrives as a
recorded outcome inside an action). Each module has:

    NAME                 the name journals use (TITLES[NAME]: the name the
                         screen shows)
    setup(config)        a new state from the setup, or RulesError
    step(state, action)  apply one action (a dict with "a", its kind), or
                         raise RulesError and leave the state unchanged;
                         returns the state
    legal(state)         the action kinds allowed now
    headline(state)      where the game stands, in a line of the screen
    summary(state)       a dict of plain values: the final-state export
    score_rows(state)    the per-round score table, header row first
"""

from referee.core.errors import RulesError

GAMES = ("scorepad", "robots", "robber", "evil", "factory", "duel")
# Each game's title, the one place it is written: the resume offer shows it
# before the game's code loads. The rules cores do not read it (this package
# imports them: they do not import it back).
TITLES = {
    "scorepad": "Score pad",
    "robots": "ROBOTS!",
    "robber": "Robber Rummy",
    "evil": "Evil Robots",
    "factory": "Robo Factory",
    "duel": "Robots duel",
}


def rules(name):
    if name == "scorepad":
        from referee.games import scorepad

        return scorepad
    if name == "robots":
        from referee.games import robots

        return robots
    if name == "robber":
        from referee.games import robber

        return robber
    if name == "evil":
        from referee.games import evil

        return evil
    if name == "factory":
        from referee.games import factory

        return factory
    if name == "duel":
        from referee.games import duel

        return duel
    raise RulesError("this referee has no game called %r" % (name,))
