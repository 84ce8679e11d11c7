"""The games this referee plays: the registry, and the rules cores it names.

Each game is a folder of its own, referee/<game>/ (beside this package,
not in it: docs/architecture.md says why). Its rules core is rules.py and the rules_*.py
files it loads (pure: the games layer); the rest of the folder is its
screens: play.py, the screen the game is played on, and the dialogs and
peeks it opens. What several games share stays shared: correction.py here,
the seats, ledger and journal in core/, and the number entry, standings,
rounds and lists in screens/ and ui/.

GAMES is the one place a game is listed. An entry is a tuple of strings, in
the menu's order:

    (name, title, rules, screens, play)

    name     the name journals use (the rules core's NAME)
    title    the menu's label, the setup's heading, the resume offer's title
    rules    the game's folder, referee/<rules>/: its rules core is
             rules.py there (and the rules_*.py it loads)
    screens  the folder whose play.py holds its main screen: its own, or
             one the game shares (ROBOTS! and Robber Rummy play on rummy/)
    play     the class in that play.py that plays a game: play(app, session)

A game's setup questions are in referee/screens/setup.py (QUESTIONS), so
that opening a game loads neither its rules nor its screens: they load as
it starts.

The menu, the screen router (screens/games.py), the resume offer, replay and
the desktop tools read it; adding a game is an entry here and the game's own
files (docs/adding-a-game.md). Only names are kept: a game's modules load
when it is opened, so the menu holds this table and no game's code.

A rules core is pure: no hardware, time or randomness (chance arrives as a
recorded outcome inside an action). Each module has:

    NAME                 the name journals use (its title: title(NAME); a
                         rules core does not import this package, which
                         imports it)
    setup(config)        a new state from the setup, or RulesError
    step(state, action)  apply one action (a dict with "a", its kind), or
                         raise RulesError and leave the state unchanged;
                         returns the state
    legal(state)         the action kinds allowed now
    headline(state)      where the game stands, in a line of the screen
    summary(state)       a dict of plain values: the final-state export
    score_rows(state)    the per-round score table, header row first

and a game scored in rounds or hands, for the shared screens that ask
instead of naming games: PERIOD, closed(state), fix(period, seat), SITTING
and ENDINGS (screens/rounds.py); the rummies' LAYOUT and POWER_CARDS too
(rummy/hand.py, rummy/play.py).
"""

from micropython import const

# An entry's fields, by name. A module that reads entries names the fields
# it reads the same way, as private constants (``game[_GAME_TITLE]``): numbers
# in its code, no name and no heap (tests/test_registry.py checks each).
_GAME_NAME = const(0)


def _game(name, title, rules, screens, play):
    return (name, title, rules, screens, play)


# Each entry is built by a call, not written as a literal: mpy-cross keeps a
# literal tuple of strings as string objects, about 32 bytes of heap each
# (30 here, loaded at the menu), where a call's short string arguments are
# interned names, a few bytes each and shared with the code using the name.
# Measured in the VM: about 600 bytes less heap kept at the menu and in a game.
GAMES = (
    _game("scorepad", "Score pad", "scorepad", "scorepad", "ScorePad"),
    _game("evil", "Evil Robots", "evil", "evil", "EvilGame"),
    _game("factory", "Robo Factory", "factory", "factory", "FactoryGame"),
    _game("robots", "ROBOTS!", "robots", "rummy", "Rummy"),
    _game("robber", "Robber Rummy", "robber", "rummy", "Rummy"),
    _game("duel", "Robots duel", "duel", "duel", "Duel"),
)
del _game


def entry(name):
    """The registry's entry for game ``name``; RulesError if this referee
    has no such game (a journal edited by hand, a tool given a wrong name)."""
    for game in GAMES:
        if game[_GAME_NAME] == name:
            return game
    from referee.core.errors import RulesError  # the menu keeps this, not errors.py: 0.4 KB (VM)

    raise RulesError("this referee has no game called %r" % (name,))


def title(name):
    return entry(name)[1]


def rules(name):
    """The rules core of game ``name``, loaded now if it is not yet."""
    # A fromlist makes __import__ return the module itself, not "referee".
    return __import__("referee." + entry(name)[2] + ".rules", None, None, ("_",))
