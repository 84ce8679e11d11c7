"""Evil Robots, a round dealt with ``"v": 3``: the device judges each
conversion from what it dealt (evil-robots.txt v0.72, "Conversion", The
Bots, Notes & FAQ; docs/design.md's rulings).

The attempt works if the instigator's power is lower than the target's
(SumoBot: equal or lower), or if a robot forces it (PushBot, GroupBot);
converting yourself is your choice and works. A LockBot on Good or Evil
holds, whoever asks. Then the reactions the table claims, in the order
played, each defeating what came before: BlockBot makes it fail or turns
it on the instigator (who takes the target's side, or the side a PushBot
named; a LockBot instigator holds again), ForceBot makes a failed one
work, DoOverBot pulls the player to its own side. A claim is checked
against the deal here; a wrong one is refused naming only the claimant.

CheatBot that chose to lie (its hidden "lie" step) is shown to the table
the other way round at the attempt: a conversion that worked "failed",
proved by the side it shows (its old one), and one that failed "worked".
The device keeps the truth; the reactions answer what the table saw.
CheatBot as the instigator converts to the side it shows (its hidden
"cheat" step): evil/rules_full.py passes that side in as ``to``.

Loaded with evil/rules_full.py's turn of such a round; pure, like it: a refusal
is a RulesError of one short line, and nothing here changes the state.
"""

from referee.core.chance import EVIL, GOOD
from referee.core.errors import RulesError

# evil.BOTS' numbers (importing rules.py or rules_full.py here would be a circle)
_BLOCKBOT = 1
_CHEATBOT = 2
_DOOVERBOT = 4
_FORCEBOT = 6
_LOCKBOT = 10
_SUMOBOT = 17
# a claimed reaction's word in the journal -> (the robot, what the table is told)
_REACTIONS = {
    "fail": (_BLOCKBOT, "BlockBot: fails"),
    "back": (_BLOCKBOT, "BlockBot: bounces to "),
    "force": (_FORCEBOT, "ForceBot: forces"),
    "over": (_DOOVERBOT, "DoOverBot: pulls"),
}
_ROBOT_NAME = {_BLOCKBOT: "BlockBot", _FORCEBOT: "ForceBot", _DOOVERBOT: "DoOverBot"}


def _bot(state, seat):
    return state.bots[seat] if seat < len(state.bots) else -1  # the robot seat has none


def locked(state, seat, to):
    """A LockBot on Good or Evil asked to change side: it holds."""
    side = state.side[seat]
    return _bot(state, seat) == _LOCKBOT and side in (GOOD, EVIL) and side != to


def attempt(state, seat, target, to, forced, bounced, chain, reactors, reveals, say=None):
    """A conversion of ``target`` to ``to`` by ``seat`` and the reactions
    ``chain`` ([[seat, how], ...]) claimed on it. Returns (who changes or
    -1, to which side). Appends each reactor to ``reactors`` (checked
    against those already there), what it made each player show to
    ``reveals`` as (seat, "p" / "s" / "r"), and, given ``say``, what the
    table is told, a line a step."""
    table = state.table
    if forced or target == seat:
        worked = True
    else:
        mine = state.power[seat]
        theirs = state.seat_power(target)
        worked = mine < theirs or (mine == theirs and _bot(state, seat) == _SUMOBOT)
    lock = locked(state, target, to)
    worked = worked and not lock
    lying = target != seat and _bot(state, target) == _CHEATBOT and state.lie
    shown = worked != lying
    subject = target
    # the target proves the outcome: its new side, or why it held
    if shown or lying:
        reveals.append((target, "s"))
    else:
        reveals.append((target, "r" if lock else "p"))
    if say is not None:
        if shown:
            say.append("%s now %s" % (table.name(target), to.upper()))
        elif lock:
            say.append("failed: %s LockBot" % table.name(target))
        elif lying:
            say.append("failed: %s shows %s" % (table.name(target), state.side[target].upper()))
        else:
            say.append("failed: %s power %d" % (table.name(target), state.seat_power(target)))
    if not isinstance(chain, list):
        raise RulesError("reactions come as a list")
    for entry in chain:
        if not isinstance(entry, list) or len(entry) != 2:
            raise RulesError("a reaction is [seat, how]")
        r, how = entry
        table.check_seat(r)
        if how not in _REACTIONS:
            raise RulesError("no reaction %r" % (how,))
        bot, told = _REACTIONS[how]
        name = table.name(r)
        if state.bots[r] != bot:
            raise RulesError("%s is not %s" % (name, _ROBOT_NAME[bot]))
        if r == seat:
            raise RulesError("you chose your action: no reaction")
        if r in state.used or r in reactors:
            raise RulesError("%s reacted already" % name)
        if (r in state.acted and r not in state.passed) or r in state.pass_acted:
            raise RulesError("%s had a turn: no reaction" % name)
        reactors.append(r)
        reveals.append((r, "r"))
        if how == "force":
            if shown:
                raise RulesError("ForceBot needs a failed conversion")
            worked = True
        elif how == "fail":
            worked = False
        elif how == "back":
            if target == seat:
                raise RulesError("a self-conversion can only fail")
            subject, to = seat, bounced
            lock = locked(state, seat, to)
            worked = not lock
            told += table.name(seat)
        else:  # DoOverBot: that player goes to its side, which it shows
            to, worked = state.side[r], True
            reveals.append((r, "s"))
        shown = worked
        if worked:
            reveals.append((subject, "s"))
        elif lock:
            reveals.append((subject, "r"))
        if say is not None:
            say.append("%s %s" % (name, told))
            if worked:
                say.append("%s now %s" % (table.name(subject), to.upper()))
            elif lock:
                say.append("failed: %s LockBot" % table.name(subject))
            else:  # BlockBot's "fails": the line above it said it worked
                say.append("failed: %s stays" % table.name(subject))
    return (subject if worked else -1), to
