"""Evil Robots under the full rules: the robots' abilities, the reactions
on a conversion, reveals, hidden steps and the pass phase as printed
(evil-robots.txt v0.72; the rulings are in docs/design.md).

Loaded only for a round dealt with ``"v": 2`` or ``3`` once its first turn
or other step comes, so a game that is only resumed and shown keeps it out
of the heap. Under 3 the device judges: a turn needs the power for the call,
a robot's action and each reaction are claims checked against the deal,
conversions are decided in evil/rules_judge.py, the chance actions take the
deal's flips, and what each player was made to show is kept (``shown``).
Every function checks everything first and changes the state last: a
refused step (RulesError, one short line for the panel) changes nothing.
"""

from referee.core.chance import EVIL, GOOD, NEUTRAL
from referee.core.errors import RulesError

# evil.py's, as numbers (importing it back would make an import circle)
BOTS = (
    "BadBot",
    "BlockBot",
    "CheatBot",
    "CopyBot",
    "DoOverBot",
    "FreeBot",
    "ForceBot",
    "GandalfBot",
    "GroupBot",
    "JudasBot",
    "LockBot",
    "MiseryBot",
    "PassBot",
    "PlusBot",
    "PushBot",
    "RandomBot",
    "ScaredyBot",
    "SumoBot",
)
SIDES = (GOOD, EVIL, NEUTRAL)
TURNS = 1
PASSING = 2
PLUS = 3
BLOCKBOT = 1
FREEBOT = 5
CHEATBOT = 2
COPYBOT = 3
DOOVERBOT = 4
FORCEBOT = 6
GANDALFBOT = 7
GROUPBOT = 8
JUDASBOT = 9
LOCKBOT = 10
PASSBOT = 12
PLUSBOT = 13
PUSHBOT = 14
RANDOMBOT = 15

# Robots with an action of their own (the rest are permanent or reactions)
ACTIONS = (COPYBOT, GANDALFBOT, GROUPBOT, PUSHBOT, RANDOMBOT)
# A reaction's word in the journal -> the robot that may play it
REACTIONS = {
    "lock": LOCKBOT,
    "force": FORCEBOT,
    "fail": BLOCKBOT,
    "back": BLOCKBOT,
    "over": DOOVERBOT,
}


def _name(state, seat):
    return state.table.name(seat)


def _target(state, seat, target):
    state.table.check_seat(target, robot_ok=True)
    if target == seat:
        raise RulesError("that is yourself")


def _coin_side(coin):
    return GOOD if coin else EVIL


def _set(state, seat, side):
    if state.side[seat] != side:
        state.was[seat] = state.side[seat]
        state.side[seat] = side


def _force(state, seat, side):
    old = state.side[seat]
    if seat < len(state.bots) and state.bots[seat] == LOCKBOT and old in (GOOD, EVIL):
        return  # LockBot: its side cannot change from Good or Evil
    _set(state, seat, side)


def _check_turn(state, seat, pass_order):
    """May ``seat`` take a turn now? Returns True in the pass phase."""
    names = state.table.names
    pass_phase = state.phase == PASSING
    if pass_phase:
        if seat in state.pass_acted:
            raise RulesError("%s has had a turn" % names[seat])
        groups, skipped = pass_order(state)
        for group in groups:
            waiting = [s for s in group if s not in state.pass_acted]
            if waiting:
                if seat not in waiting:
                    raise RulesError("%s does not act yet" % names[seat])
                return True
        raise RulesError("%s gets no turn in the pass phase" % names[seat])
    if seat in state.acted:
        raise RulesError("%s has had a turn" % names[seat])
    if seat in state.passed:
        raise RulesError("%s waits for the pass phase" % names[seat])
    if state.level == 0:
        raise RulesError("the calls are over")
    if state.rules == 3 and state.bots[seat] != FREEBOT and state.power[seat] != state.level:
        # the power card (PlusBot: its chosen power) must match the call
        raise RulesError("%s can't act at %d" % (names[seat], state.level))
    return False


def may_act(state, seat, pass_order):
    """Why ``seat`` cannot take a turn now (one line), or None: the calls
    ask before a turn is entered."""
    try:
        _check_turn(state, seat, pass_order)
    except RulesError as e:
        return str(e)
    return None


def claim(state, seat, bot):
    """A player claims robot ``bot`` for its action: refused (naming only
    the claimant) unless the deal gave it that robot."""
    if not isinstance(bot, int) or not 0 <= bot < len(BOTS):
        raise RulesError("there is no robot %r" % (bot,))
    if state.bots[seat] != bot:
        raise RulesError("%s is not %s" % (_name(state, seat), BOTS[bot]))


def _coin(state, seat, bot, action):
    """The coin of a chance action: the deal's (3: RandomBot's first,
    GroupBot's second, CopyBot's third, whichever it copies), or the one
    recorded in the turn (rounds dealt before)."""
    if state.rules == 3:
        if state.bots[seat] == COPYBOT:
            return state.flips[2]
        return state.flips[0 if bot == RANDOMBOT else 1]
    coin = action.get("coin")
    if not isinstance(coin, bool):
        raise RulesError("%s needs the flip" % BOTS[bot])
    return coin


def _ability(state, seat, bot, action, changes):
    """Check robot ``bot``'s action for ``seat`` and add its side changes
    (seat, side) to ``changes``. Returns what else it does ("gandalf")."""
    if bot == PUSHBOT:
        target = action.get("target")
        _target(state, seat, target)
        to = action.get("to")
        if to not in SIDES:
            raise RulesError("push to good, evil or neutral")
        changes.append((target, to))
    elif bot == RANDOMBOT:
        target = action.get("target")
        _target(state, seat, target)
        changes.append((target, _coin_side(_coin(state, seat, bot, action))))
    elif bot == GROUPBOT:
        targets = action.get("targets")
        if not isinstance(targets, list) or len(targets) > 2:
            raise RulesError("GroupBot takes up to 2 players")
        if len(targets) == 2 and targets[0] == targets[1]:
            raise RulesError("two different players")
        coin = _coin(state, seat, bot, action)
        for target in targets:
            _target(state, seat, target)
            changes.append((target, state.side[seat]))
        changes.append((seat, _coin_side(coin)))  # reflipped and hidden
    elif bot == GANDALFBOT:
        return "gandalf"
    elif bot == COPYBOT:
        raise RulesError("CopyBot cannot copy itself")
    else:
        raise RulesError("%s has no action to take" % BOTS[bot])
    return None


def _chain(state, seat, action, target, to, bounced):
    """A conversion of ``target`` to ``to`` by ``seat`` (or PushBot's push)
    and the reactions played on it, in order. Returns (who changes or -1,
    to which side, the reactors). Bounced by BlockBot, the instigator
    takes ``bounced``: a conversion's target's side, or the side a PushBot
    pushed to."""
    worked = action.get("ok", True) is True
    subject = target
    reactors = []
    chain = action.get("react", [])
    if not isinstance(chain, list):
        raise RulesError("reactions come as a list")
    for entry in chain:
        if not isinstance(entry, list) or len(entry) != 2:
            raise RulesError("a reaction is [seat, how]")
        r, how = entry
        state.table.check_seat(r)
        bot = REACTIONS.get(how)
        if bot is None:
            raise RulesError("no reaction %r" % (how,))
        name = _name(state, r)
        if state.bots[r] != bot:
            raise RulesError("%s is not %s" % (name, BOTS[bot]))
        if how == "lock":  # permanent: the instigator's too, once bounced onto it
            if r != subject or state.side[r] not in (GOOD, EVIL):
                raise RulesError("LockBot locks only its own side")
            worked = False
            continue
        if r == seat:
            raise RulesError("you chose your action: no reaction")
        if r in state.used or r in reactors:
            raise RulesError("%s reacted already" % name)
        if (r in state.acted and r not in state.passed) or r in state.pass_acted:
            raise RulesError("%s had a turn: no reaction" % name)
        reactors.append(r)
        if how == "force":
            if worked:
                raise RulesError("ForceBot needs a failed conversion")
            worked = True
        elif how == "fail":
            worked = False
        elif how == "back":
            if target == seat:
                raise RulesError("a self-conversion can only fail")
            subject, to, worked = seat, bounced, True
        else:  # DoOverBot: that player goes to its side
            to, worked = state.side[r], True
    return (subject if worked else -1), to, reactors


def _judged(state, seat, do, bot, action, changes, reactors, reveals, say):
    """(3) The conversions of a turn, judged by the device (evil/rules_judge.py):
    ``changes`` becomes what they change. ``say`` gets, per conversion,
    the lines the table is told."""
    from referee.evil.rules_judge import (
        attempt,  # loaded with a judged round's first conversion
    )

    chains = action.get("react", [])
    if do == "own" and bot == GROUPBOT:
        pulls = changes[:-1]  # the reflip last, after the pulls and their reactions
        if chains == []:
            chains = [[] for _ in pulls]
        if not isinstance(chains, list) or len(chains) != len(pulls):
            raise RulesError("one reaction list a player pulled")
    else:
        pulls = changes[:1] if do == "own" else [None]
        chains = [chains]
    out = []
    for k in range(len(pulls)):
        if do == "own":
            target, to = pulls[k]
            bounced = to if bot == PUSHBOT else state.side[target]
        elif do == "self":
            target, to, bounced = seat, action.get("to"), None
        else:
            target = action.get("target")
            _target(state, seat, target)
            # the side it shows: CheatBot's chosen one (Notes & FAQ), else its own
            shown = state.cheat if state.bots[seat] == CHEATBOT else None
            to, bounced = shown or state.side[seat], state.side[target]
        told = None if say is None else []  # type: list | None
        subject, to = attempt(
            state, seat, target, to, do == "own", bounced, chains[k], reactors, reveals, told
        )
        if say is not None:
            say.append(told)
        if subject >= 0:
            out.append((subject, to))
    if do == "own" and bot == GROUPBOT:
        out.append(changes[-1])
    changes[:] = out


def turn(state, action, pass_order, say=None):
    """Check a turn and make it. Given ``say`` (a list), only check it:
    for a judged round (3) ``say`` gets, per conversion in the turn, the
    lines the table would be told; nothing changes."""
    seat = action.get("seat")
    state.table.check_seat(seat)
    do = action.get("do")
    pass_phase = _check_turn(state, seat, pass_order)
    judged = state.rules == 3
    changes = []  # type: list  # (seat, side), applied once all is checked
    reactors = []  # type: list
    reveals = []  # type: list  # (seat, "p" / "s" / "r"): what the turn made each show
    gandalf = None
    copied = None
    bot = state.bots[seat]
    if pass_phase and seat in state.must_pass and do != "pass":
        raise RulesError("%s must pass this turn" % _name(state, seat))
    if judged and do != "skip":
        # acting proves the call: the power card, or FreeBot's card off its power
        free = bot == FREEBOT and (state.free_level if pass_phase else state.level) not in (
            0,
            state.power[seat],
        )
        reveals.append((seat, "r" if free else "p"))
    if do == "own":
        if judged:
            claim(state, seat, action.get("bot"))
        if seat in state.used:
            raise RulesError("%s used its robot" % _name(state, seat))
        if bot == COPYBOT:
            copied = action.get("copy")
            if copied not in state.acted_bots:
                raise RulesError("copy a robot that acted")
            bot = copied
        gandalf = _ability(state, seat, bot, action, changes)
        reveals.append((seat, "r"))
        if judged and bot in (PUSHBOT, GROUPBOT):  # a push and a pull are conversions
            _judged(state, seat, do, bot, action, changes, reactors, reveals, say)
        elif bot == PUSHBOT and action.get("react"):  # a push is a conversion too (Notes & FAQ)
            to = changes[0][1]
            subject, to, reactors = _chain(state, seat, action, changes[0][0], to, to)
            changes = [(subject, to)] if subject >= 0 else []
    elif do == "convert" or do == "self":
        if do == "self":
            if pass_phase:
                raise RulesError("no converting yourself: pass phase")
            to = action.get("to")
            if to not in (GOOD, EVIL):
                raise RulesError("convert yourself to good or evil")
            target = seat
        else:
            target = action.get("target")
            _target(state, seat, target)
            to = state.side[seat]
        reveals.append((seat, "s"))  # a conversion shows the instigator's side and power
        reveals.append((seat, "p"))
        if judged:
            _judged(state, seat, do, bot, action, changes, reactors, reveals, say)
        else:
            subject, to, reactors = _chain(state, seat, action, target, to, state.side[target])
            if subject >= 0:
                changes.append((subject, to))
    elif do != "pass" and do != "skip":
        raise RulesError("no such turn")
    if say is not None:
        return
    # all checked: now the changes
    for who, side in changes:
        if who == seat or do != "own" or (judged and bot in (PUSHBOT, GROUPBOT)):
            _set(state, who, side)  # its own reflip, or a conversion (LockBot refused in the chain)
        else:
            _force(state, who, side)
    for who, letter in reveals:
        if who < state.table.players:
            _shows(state, who, letter)
    for r in reactors:
        state.used.append(r)
        if state.phase == PASSING:
            if r in state.passed and r not in state.must_pass:
                state.must_pass.append(r)  # the order stands; its turn is a pass
        else:
            if r in state.passed:
                state.passed.remove(r)  # a reaction takes a passer out of the pass round
            if r not in state.acted:
                state.acted.append(r)  # its one turn of the round
    if do == "own":
        state.used.append(seat)
        if state.bots[seat] not in state.acted_bots:
            state.acted_bots.append(state.bots[seat])
        if copied is not None and copied not in state.acted_bots:
            state.acted_bots.append(copied)
        if gandalf:
            state.no_pass_phase = True
    if pass_phase:
        state.pass_acted.append(seat)
    else:
        state.acted.append(seat)
        if do == "pass" and seat not in state.passed:
            state.passed.append(seat)


def other(state, kind, action):
    """Every step of the full rules but a turn."""
    if kind == "call":
        level = action.get("level")
        if state.phase != TURNS:
            raise RulesError("the calls are over")
        if not isinstance(level, int) or not 0 <= level < state.level:
            raise RulesError("the calls only go down")
        state.level = level
        return
    seat = action.get("seat")
    state.table.check_seat(seat)
    bot = state.bots[seat]
    name = _name(state, seat)
    if kind == "show":
        what = action.get("what")
        if what not in ("power", "side", "robot", "all"):
            raise RulesError("show power, side, robot or all")
        shown_as = action.get("as")
        if shown_as is not None:
            if shown_as not in SIDES:
                raise RulesError("a side is good, evil or neutral")
            if bot != CHEATBOT and shown_as != state.side[seat]:
                raise RulesError("only CheatBot shows a false side")
        letters = {"power": "p", "side": "s", "robot": "r", "all": "psr"}[what]
        had = state.shown[seat]
        for letter in letters:
            if letter not in had:
                had += letter
        state.shown[seat] = had
    elif kind == "plus":
        if bot != PLUSBOT:
            raise RulesError("only PlusBot can raise its power")
        power = action.get("power")
        card = state.card_power[seat]
        if not isinstance(power, int) or not card <= power <= card + PLUS:
            raise RulesError("PlusBot's power runs %d to %d" % (card, card + PLUS))
        if state.plus_set:
            raise RulesError("PlusBot chose already")
        if state.phase != TURNS or seat in state.acted or seat in state.passed:
            raise RulesError("too late: PlusBot acted")
        state.power[seat] = power
        state.plus_set = True
    elif kind == "judas":
        to = action.get("to")
        if bot != JUDASBOT:
            raise RulesError("only JudasBot switches so")
        if seat in state.used:
            raise RulesError("JudasBot switched already")
        if state.phase != TURNS or seat not in state.acted or seat not in state.passed:
            raise RulesError("JudasBot switches after its pass")
        if to not in SIDES or to == state.side[seat]:
            raise RulesError("switch to another side")
        _set(state, seat, to)
        state.used.append(seat)
        state.must_pass.append(seat)
    elif kind == "truth":
        if bot != CHEATBOT:
            raise RulesError("only CheatBot lies so")
        if state.rules == 3:
            raise RulesError("CheatBot lies beforehand")
        if state.was[seat] == state.side[seat]:
            raise RulesError("no conversion to deny")
        state.side[seat] = state.was[seat]
    elif kind == "lie":
        on = action.get("on")
        if bot != CHEATBOT:
            raise RulesError("only CheatBot lies so")
        if state.rules != 3 or not isinstance(on, bool) or on == state.lie:
            raise RulesError("no such lie")
        state.lie = on
    elif kind == "cheat":
        shown = action.get("as")
        if bot != CHEATBOT:
            raise RulesError("only CheatBot cheats")
        if shown == state.side[seat]:
            shown = None  # its own side: no cheat
        if state.rules != 3 or shown not in SIDES + (None,) or shown == state.cheat:
            raise RulesError("no such cheat")
        state.cheat = shown
    elif kind == "first":
        if bot != PASSBOT:
            raise RulesError("%s is not PassBot" % name)
        _pass_phase_start(state, seat)
        state.claimed = True
        _shows(state, seat, "r")
    elif kind == "level":
        level = action.get("level")
        if bot != FREEBOT:
            raise RulesError("%s is not FreeBot" % name)
        if not isinstance(level, int) or not 1 <= level <= 12:
            raise RulesError("a level runs 1 to 12")
        _pass_phase_start(state, seat)
        state.free_level = level
        _shows(state, seat, "r")


def _shows(state, seat, letter):
    """(3) ``seat`` showed the table its power, side or robot."""
    if state.rules == 3 and letter not in state.shown[seat]:
        state.shown[seat] += letter


def _pass_phase_start(state, seat):
    if state.phase != PASSING or state.pass_acted:
        raise RulesError("only as the pass phase starts")
    if seat not in state.passed:
        raise RulesError("%s did not pass" % _name(state, seat))


def undo(session):
    """Take back the last public step, keeping the hidden steps recorded
    after it (plus, judas, truth, lie, cheat). Returns None or why not; the message is
    the same whether or not a hidden step was there."""
    state = session.state
    hidden = list(getattr(state, "hidden", ()))
    if not hidden:
        return session.undo()
    if state.final:
        return "no undo: %s" % state.final
    try:
        for _ in hidden:
            session.journal.undo()
    except OSError:
        session._rebuild()
        return "not undone: the flash refused it"
    message = session.undo()
    for action in hidden:
        session.act(action)  # one its public step made possible is refused and dropped
    return message
