"""The Turns phase and the pass phase of an Evil Robots round.

Discussion first: UP/DOWN pick a player, OK records that they pass; a long
OK starts the calls. The device then calls each power level from 12 down to
1 ("is anyone power 7?"); the table answers by picking who acts (UP/DOWN,
OK), one after another while the level holds ties, "nobody: next" to move
on, or "nobody else: end turns" to end the calls at once. The level is in
the journal, so BACK and a reset come back to it. The device shows nobody's
power: players reveal what the rules make them reveal (from their peek).

A turn: convert someone (whom; then what happened: it worked or failed,
and any reactions played on it, in order: OK adds one, a long OK saves),
the robot's action, convert yourself (to which side, and any reaction), or
pass. A long BACK takes back the last step here too.

The robot's action (Ability): the player chose to use it, so its robot is
shown, as the rules ask. Then only what that robot needs: PushBot whom and
to which side (then any reaction, as a conversion), RandomBot whom (the
device flips the coin; the new side is seen only in that player's peek),
GroupBot up to two players (OK marks, a long OK goes on; the device
reflips GroupBot's own side, seen only in its peek), GandalfBot nothing,
CopyBot which robot that acted to copy, then that robot's questions.
JudasBot pretends to pass (a plain pass here): its switch is made in its
own peek. A robot with nothing to record says so in the same words for all.

The pass phase lists the passers in their acting order (the lowest sitting
out unless only one passed); before the first pass turn, PassBot's holder
may claim the first place and FreeBot's holder choose a level.
"""

from micropython import const

from referee.evil import rules as evil
from referee.hw.buzzer import TURN
from referee.screens import STEP, Screen, keep_visible
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_BACK_LONG = const(7)

# The robots whose action asks something (evil.BOTS' order)
_COPYBOT = const(3)
_GANDALFBOT = const(7)
_GROUPBOT = const(8)
_PUSHBOT = const(14)
_RANDOMBOT = const(15)
_SIDES = ("good", "evil", "neutral")
# The robots with an action of their own, as a player claims one (evil.BOTS' order)
_CLAIMS = (_COPYBOT, _GANDALFBOT, _GROUPBOT, _PUSHBOT, _RANDOMBOT)

# What happened to a conversion, as the table tells it, and the reactions
# (the robot whose holder plays it; its word in the journal)
_WORKED = ("it worked", "it failed")
_REACTIONS = (
    ("BlockBot: fails", 1, "fail"),
    ("BlockBot: bounces", 1, "back"),
    ("ForceBot: forces", 6, "force"),
    ("LockBot: refuses", 10, "lock"),
    ("DoOverBot: pulls", 4, "over"),
)


def _list_choice(c, labels, index, first_row=2, rows=5):
    top = keep_visible(0, index, rows)
    for i in range(top, min(len(labels), top + rows)):
        row = first_row + i - top
        c.text(labels[i], 8, row)
        if i == index:
            c.invert_rows(row)
    scroll_bar(c, top, rows, len(labels), first_row, rows)


def react(app, session, action, title, pulls=1):
    """Open the reactions on the conversion(s) of ``action`` (a judged
    round), or say on one line why the turn is refused."""
    from referee.core.errors import RulesError
    from referee.evil.react import React

    try:
        screen = React(app, session, action, title, pulls)
    except RulesError as e:
        return str(e)
    app.push(screen)
    return None


class Turns(Screen):
    """What the turn screens share: a long BACK undoes (public steps only)."""

    def back(self, ev):
        if ev == _BACK_LONG:
            from referee.evil.rules_full import undo  # the full rules' undo

            self.message = undo(self.session) or "last step undone"
            self.undone()
            return True
        return Screen.back(self, ev)

    def undone(self):
        pass


def _load_turn_rules():
    import referee.evil.rules_full  # noqa: F401


class Calls(Turns):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        state = session.state
        # after a resume mid-turns: the calls, at the level the journal holds
        self.discussion = not state.acted and state.level == 12
        self.index = 0
        # The full rules load with the round's first turn: loaded here, once
        # the calls show, that press is not the one that waits 22 ms for them.
        app.later(_load_turn_rules)

    def _waiting(self, k=-1):
        """Players who may still answer a call (not yet acted, not passed):
        how many, or the seat of the k-th of them. Counted, not listed: a
        list would be garbage at every press."""
        state = self.session.state
        n = 0
        for seat in range(state.table.players):
            if seat not in state.acted and seat not in state.passed:
                if n == k:
                    return seat
                n += 1
        return n

    def undone(self):
        state = self.session.state
        self.index = 0
        if state.phase != evil.TURNS:
            self.app.pop()

    def on_event(self, ev):
        state = self.session.state
        step = STEP[ev]
        self.message = None
        if self.discussion:
            players = state.table.players
            if step:
                self.move(step, players + 1)  # the row that starts the calls, then the players
            elif ev == _OK_PRESS and self.index:
                self.message = self.session.act({"a": "pass", "seat": self.index - 1})
            elif ev == _OK_PRESS or ev == _OK_LONG:
                self.discussion = False
                self.index = 0
            else:
                self.back(ev)
            return
        waiting = self._waiting()
        if step:
            self.move(step, waiting + 2)
        elif ev == _OK_PRESS:
            if self.index > waiting:  # nobody else: end the turns
                self.call(0)
            elif self.index == 0:  # nobody (more) at this level
                self.call(state.level - 1)
            else:
                seat = self._waiting(self.index - 1)
                if state.rules == 3:  # the device knows the powers: no turn off the call
                    from referee.evil.rules_full import may_act

                    self.message = may_act(state, seat, evil.pass_order)
                    if self.message is not None:
                        return
                self.app.push(TurnRecord(self.app, self.session, seat))
                self.index = 0
        else:
            self.back(ev)

    def call(self, level):
        self.index = 0
        state = self.session.state
        level = max(0, level)
        if level < state.level:  # at 0 already (an undo took back what came after): finish
            self.message = self.session.act({"a": "call", "level": level})
            if self.message is not None:
                return
        if level > 0:
            return
        self.app.pop()
        if state.no_pass_phase or not state.passed:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.evil.round_end import RoundEnd

            self.app.push(RoundEnd(self.app, self.session))
            return
        self.message = self.session.act({"a": "passes"})
        if self.message is None and state.phase == evil.PASSING:
            self.app.push(PassPhase(self.app, self.session))

    def draw(self, c):
        state = self.session.state
        names = state.table.names
        if self.discussion:
            c.centre("DISCUSSION", 0)
            c.invert_rows(0)
            c.centre("who passes now?", 1)
            labels = ["> the calls"]  # first: most rounds, nobody passes
            for seat in range(state.table.players):
                labels.append(names[seat] + (" passes" if seat in state.passed else ""))
            _list_choice(c, labels, self.index)
            self.hint(c, "OK:pass" if self.index else "OK:start the calls")
            return
        c.text("IS ANYONE POWER", 2, 0)
        c.number(max(1, state.level), 104, 0)
        c.invert_rows(0)
        # "nobody: next", the players still waiting, "nobody else: end":
        # drawn row by row, as a list of labels would be garbage at each press
        top = keep_visible(0, self.index, 6)
        i = 0  # the row's place in the whole list
        for seat in range(-1, state.table.players + 1):
            if 0 <= seat < state.table.players:
                if seat in state.acted or seat in state.passed:
                    continue
                label = names[seat]
            else:
                label = "nobody: next" if seat < 0 else "nobody else: end"
            if top <= i < top + 6:
                row = 1 + i - top
                c.text(label, 8, row)
                if i == self.index:
                    c.invert_rows(row)
            i += 1
        scroll_bar(c, top, 6, i)
        self.hint(c, "OK: this one acts")


class TurnRecord(Turns):
    """One turn: convert someone, the robot's action, convert self, pass."""

    CHOICES = ("convert someone", "robot's action", "convert self", "pass")

    def __init__(self, app, session, seat, pass_phase=False):
        Screen.__init__(self, app, session)
        self.seat = seat
        self.pass_phase = pass_phase
        self.stage = 0  # 0 what, 1 whom, 2 what happened / which side
        self.index = 0
        self.target = 0
        self.to = None  # a self-conversion's side
        self.chain = []  # type: list  # [seat, how] reactions, in order
        self.worked = None  # the table's word on the conversion

    def _choices(self):
        state = self.session.state
        if self.pass_phase and self.seat in state.must_pass:
            return ("pass",)
        return (
            self.CHOICES if not self.pass_phase else ("convert someone", "robot's action", "pass")
        )

    def _targets(self):
        state = self.session.state
        return [s for s in range(state.table.seats) if s != self.seat]

    def _outcomes(self):
        """The what-happened list: the table's word first, then reactions."""
        labels = [] if self.worked is not None or self.to else list(_WORKED)
        for reaction in _REACTIONS:
            labels.append(reaction[0])
        return labels

    def undone(self):
        self.app.pop()  # the turn may be gone or done: back to the calls

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            if self.stage == 0:
                size = len(self._choices())
            elif self.stage == 1:
                size = len(self._targets()) if self.to is None else 2
            else:
                size = len(self._outcomes())
            self.move(step, size)
        elif ev == _OK_PRESS:
            self._ok()
        elif ev == _OK_LONG and self.stage == 2:
            self._convert()
        elif ev == _BACK_PRESS and self.stage:
            self.stage -= 1
            self.index = 0
            self.chain = []
            self.worked = None
        else:
            self.back(ev)

    def _ok(self):
        if self.stage == 0:
            what = self._choices()[self.index]
            self.index = 0
            self.to = None
            if what == "pass":
                self._save({"do": "pass"})
            elif what == "robot's action":
                self.app.replace(Ability(self.app, self.session, self.seat))
            elif what == "convert someone":
                self.stage = 1
            else:
                self.stage, self.to = 1, "good"
        elif self.stage == 1:
            if self.to is None:
                self.target = self._targets()[self.index]
            else:
                self.to = ("good", "evil")[self.index]
            if self.session.state.rules == 3:  # the device judges: on to the reactions
                action = {"a": "turn", "seat": self.seat}  # type: dict
                if self.to is None:
                    action["do"], action["target"] = "convert", self.target
                else:
                    action["do"], action["to"] = "self", self.to
                title = self.session.state.table.names[self.seat] + "'S TURN"
                self.message = react(self.app, self.session, action, title)
                return
            self.stage, self.index = 2, 0
        else:
            labels = self._outcomes()
            if labels[0] == _WORKED[0]:
                if self.index < 2:
                    self.worked = self.index == 0
                    self.index = 0  # on to the first reaction
                    return
                self.worked = True  # a reaction without a word first: it worked
                self.index -= 2
            _name, bot, how = _REACTIONS[self.index]
            holder = self.session.state.holder(bot)
            if holder < 0:
                self.message = "nobody holds " + _name.split(":")[0]
                return
            for entry in self.chain:
                if entry[0] == holder and how != "lock":
                    self.message = "%s reacted already" % self.session.state.table.names[holder]
                    return
            self.chain.append([holder, how])
            self.index = 0

    def _convert(self):
        action = {"react": self.chain}  # type: dict
        if self.to is not None:
            action["do"] = "self"
            action["to"] = self.to
        else:
            action["do"] = "convert"
            action["target"] = self.target
            action["ok"] = self.worked is not False
        self._save(action)

    def _save(self, fields):
        action = {"a": "turn", "seat": self.seat}
        for key in fields:
            action[key] = fields[key]
        self.message = self.session.act(action)
        if self.message is None:
            self.app.beep(TURN)
            self.app.pop()
        else:
            self.chain = []
            self.worked = None

    def draw(self, c):
        state = self.session.state
        names = state.table.names
        c.centre(names[self.seat] + "'S TURN", 0)
        c.invert_rows(0)
        if self.stage == 0:
            _list_choice(c, self._choices(), self.index, 1, 5)
        elif self.stage == 1 and self.to is None:
            c.centre("convert whom?", 1)
            _list_choice(c, [state.table.name(s) for s in self._targets()], self.index, 2, 4)
        elif self.stage == 1:
            c.centre("to which side?", 1)
            _list_choice(c, ("good", "evil"), self.index)
        else:
            if self.to is not None:
                said = "self to " + self.to
            else:
                said = state.table.name(self.target)
                if self.worked is not None:
                    said += ": worked" if self.worked else ": failed"
            for entry in self.chain:
                said += ">" + names[entry[0]]
            c.text(said[:21], 2, 1)
            _list_choice(c, self._outcomes(), self.index, 2, 4)
        self.hint(c, "OK:add hold OK:save" if self.stage == 2 else "OK:choose BACK:back")


class PassPhase(Turns):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.index = 0
        self.claim = 0  # 1: who claims PassBot's place, 2: who is FreeBot, 3: FreeBot's level
        self.who = 0
        self.level = 1

    def _order(self):
        """The passers who act, in order and not yet done."""
        state = self.session.state
        groups, skipped = evil.pass_order(state)
        out = []
        for group in groups:
            for seat in group:
                if seat not in state.pass_acted:
                    out.append(seat)
        return out, skipped

    def _rows(self, order):
        """The list: the passers in order, then (before the first pass turn)
        the claims any passer may make."""
        state = self.session.state
        rows = list(order)
        if state.strict and not state.pass_acted:
            rows += [-1, -2]
        return rows

    def undone(self):
        self.index = 0
        self.claim = 0
        if self.session.state.phase != evil.PASSING:
            self.app.pop()

    def on_event(self, ev):
        step = STEP[ev]
        state = self.session.state
        order, _ = self._order()
        rows = self._rows(order)
        self.message = None
        if self.claim == 3:
            if step:
                self.level = (self.level - 1 + step) % 12 + 1
            elif ev == _OK_PRESS:
                self.message = self.session.act(
                    {"a": "level", "seat": self.who, "level": self.level}
                )
                self.claim = 0
            elif ev == _BACK_PRESS:
                self.claim = 0
            return
        if self.claim:
            passers = state.passed
            if step:
                self.move(step, len(passers))
            elif ev == _OK_PRESS:
                self.who = passers[self.index]
                if self.claim == 1:
                    self.message = self.session.act({"a": "first", "seat": self.who})
                    self.claim = 0
                else:
                    self.claim = 3
                self.index = 0
            elif ev == _BACK_PRESS:
                self.claim = 0
            return
        if step and rows:
            self.move(step, len(rows))
        elif ev == _OK_PRESS:
            if not rows:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.evil.round_end import RoundEnd

                self.app.replace(RoundEnd(self.app, self.session))
            elif rows[self.index] < 0:
                self.claim = -rows[self.index]
                self.index = 0
            else:
                self.app.push(TurnRecord(self.app, self.session, rows[self.index], True))
                self.index = 0
        else:
            self.back(ev)

    def draw(self, c):
        state = self.session.state
        names = state.table.names
        c.centre("PASS PHASE", 0)
        c.invert_rows(0)
        if self.claim == 3:
            c.centre(names[self.who] + ": FreeBot at", 2)
            c.big_number_centre(self.level, 3)
            self.hint(c, "OK:keep BACK:back")
            return
        if self.claim:
            c.centre("who claims PassBot?" if self.claim == 1 else "who is FreeBot?", 1)
            _list_choice(c, [names[s] for s in state.passed], self.index, 2, 5)
            self.hint(c, "OK:choose BACK:back")
            return
        order, skipped = self._order()
        rows = self._rows(order)
        labels = []
        for seat in rows:
            labels.append(
                names[seat] if seat >= 0 else ("PassBot: first", "FreeBot: level")[-seat - 1]
            )
        if rows:
            _list_choice(c, labels, self.index, 1, 4)
        else:
            c.centre("all passers done", 2)
        if skipped:
            c.text("sits out:", 2, 5)
            c.text(" ".join(state.table.names[s] for s in skipped)[:21], 2, 6)
        self.hint(c, "OK: their turn" if order else "OK: end the round")


class Ability(Screen):
    """A robot's own action on its turn: the player chose to use it, so its
    robot is shown, as the rules ask; then only what that robot needs."""

    def __init__(self, app, session, seat):
        Screen.__init__(self, app, session)
        self.seat = seat
        state = session.state
        self.judged = state.rules == 3
        self.bot = state.bots[seat]
        self.copy = None  # CopyBot: the robot copied
        if self.judged:  # the table says which robot: a claim the device checks
            self.stage = "claim"
        elif self.bot == _COPYBOT:
            self.stage = "copy"
        else:
            self.stage = self._first(self.bot)
        self.index = 0
        self.target = 0
        self.marked = []  # type: list  # GroupBot's players
        self.to = "good"  # PushBot's side
        self.chain = []  # type: list  # reactions to a push, in order

    def _first(self, bot):
        if bot in (_PUSHBOT, _RANDOMBOT):
            return "whom"
        if bot == _GROUPBOT:
            return "group"
        return "say"  # GandalfBot's confirmation, or why there is nothing to do

    def _doing(self):
        return self.copy if self.copy is not None else self.bot

    def _copyable(self):
        return [b for b in self.session.state.acted_bots if b != _COPYBOT]

    def _targets(self):
        state = self.session.state
        return [s for s in range(state.table.seats) if s != self.seat]

    def _rows(self):
        stage = self.stage
        if stage == "claim":
            return len(_CLAIMS)
        if stage == "copy":
            return len(self._copyable())
        if stage in ("whom", "group"):
            return len(self._targets())
        if stage == "side":
            return 3
        if stage == "react":
            return len(_REACTIONS)
        return 1

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        rows = self._rows()
        if step and rows:
            self.move(step, rows)
        elif ev == _OK_PRESS:
            self._ok()
        elif ev == _OK_LONG and self.stage == "group":
            if not self.judged:
                self._save({"targets": self.marked, "coin": self.app.chance.coin()})
            elif self.marked:  # each pull is a conversion: reactions may answer it
                self._react({"targets": self.marked}, len(self.marked))
            else:
                self._save({"targets": []})
        elif ev == _OK_LONG and self.stage == "react":
            self._save({"target": self.target, "to": self.to, "react": self.chain})
        elif ev == _BACK_PRESS:
            self.app.pop()

    def _ok(self):
        stage = self.stage
        doing = self._doing()
        if stage == "claim":
            from referee.core.errors import RulesError
            from referee.evil.rules_full import claim

            bot = _CLAIMS[self.index]
            try:
                claim(self.session.state, self.seat, bot)
            except RulesError as e:
                self.message = str(e)  # the claimant alone is named
                return
            self.bot = bot
            self.stage = "copy" if bot == _COPYBOT else self._first(bot)
            self.index = 0
        elif stage == "copy":
            robots = self._copyable()
            if not robots:
                self.app.pop()
                return
            self.copy = robots[self.index]
            self.stage, self.index = self._first(self.copy), 0
        elif stage == "whom":
            self.target = self._targets()[self.index]
            if doing == _PUSHBOT:
                self.stage, self.index = "side", 0
            elif self.judged:  # the coin was drawn with the deal
                self._save({"target": self.target})
            else:
                self._save({"target": self.target, "coin": self.app.chance.coin()})
        elif stage == "side":
            self.to = _SIDES[self.index]
            if self.judged:
                self._react({"target": self.target, "to": self.to})
            else:
                self.stage, self.index = "react", 0
        elif stage == "react":  # a push is a conversion: reactions may answer it
            bot, how = _REACTIONS[self.index][1:]
            holder = self.session.state.holder(bot)
            if holder < 0:
                self.message = "nobody holds " + evil.BOTS[bot]
            else:
                self.chain.append([holder, how])
        elif stage == "group":
            target = self._targets()[self.index]
            if target in self.marked:
                self.marked.remove(target)
            elif len(self.marked) < 2:
                self.marked.append(target)
        elif doing == _GANDALFBOT:
            self._save({})
        else:
            self.app.pop()  # nothing to record: the table goes on

    def _action(self, fields):
        action = {"a": "turn", "seat": self.seat, "do": "own"}  # type: dict
        for key in fields:
            action[key] = fields[key]
        if self.copy is not None:
            action["copy"] = self.copy
        if self.judged:
            action["bot"] = self.bot  # the robot claimed (and checked)
        return action

    def _react(self, fields, pulls=1):
        title = self._title()
        self.message = react(self.app, self.session, self._action(fields), title, pulls)

    def _save(self, fields):
        self.message = self.session.act(self._action(fields))
        if self.message is None:
            self.app.beep(TURN)
            self.app.pop()
            # the calls come back unchanged after a hidden result (RandomBot's
            # coin): say the turn was kept, and nothing of what it did
            self.app.screen.message = self.session.state.table.names[self.seat] + ": turn saved"

    def _title(self):
        if self.stage == "claim" or (self.stage == "say" and self._doing() != _GANDALFBOT):
            # Not claimed yet, or nothing to record: the same words for every
            # such robot, so a wrong press names none (JudasBot's pretence above all)
            return "ROBOT'S ACTION"
        if self.copy is not None:
            return "Copy" + evil.BOTS[self.copy]
        return evil.BOTS[self.bot]

    def draw(self, c):
        state = self.session.state
        table = state.table
        stage = self.stage
        doing = self._doing()
        c.centre(self._title(), 0)
        c.invert_rows(0)
        labels = []
        if stage == "claim":
            ask = "which robot acts?"
            labels = [evil.BOTS[b] for b in _CLAIMS]
        elif stage == "copy":
            ask = "copy which robot?"
            labels = [evil.BOTS[b] for b in self._copyable()] or ["none acted yet"]
        elif stage in ("whom", "group"):
            ask = "force whom?" if doing == _PUSHBOT else "reflip whom?"
            if stage == "group":
                ask = "up to 2 to your side"
            for s in self._targets():
                mark = ("*" if s in self.marked else " ") if stage == "group" else ""
                labels.append(mark + table.name(s))
        elif stage == "side":
            ask = table.name(self.target) + " to which side?"
            labels = list(_SIDES)
        elif stage == "react":
            ask = table.name(self.target) + " to " + self.to
            for entry in self.chain:
                ask += ">" + table.names[entry[0]]
            labels = [r[0] for r in _REACTIONS]
        elif doing == _GANDALFBOT:
            ask = "no pass phase"
            labels = ["OK: so be it"]
        else:
            ask = "none to record here:"
            labels = ["a pass is a pass;", "the rest is in", "your peek. OK: back"]
        c.centre(ask[:21], 1)
        top = keep_visible(0, self.index, 5)
        for i in range(top, min(len(labels), top + 5)):
            c.text(labels[i], 8, 2 + i - top)
            if i == self.index and stage != "say":
                c.invert_rows(2 + i - top)
        scroll_bar(c, top, 5, len(labels), 2, 5)
        if stage == "group":
            self.hint(c, "OK:mark hold OK:done")
        elif stage == "react":
            self.hint(c, "OK:add hold OK:save")
        else:
            self.hint(c, "OK:choose BACK:back")
