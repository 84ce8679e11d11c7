"""The Turns phase and the pass phase of an Evil Robots round.

Discussion first: UP/DOWN pick a player, OK records that they pass; a long
OK starts the calls. The device then calls each power level from 12 down to
1 ("is anyone power 7?"); the table answers by picking who acts (UP/DOWN,
OK), one after another while the level holds ties, or "nobody" to move on.
The device shows nobody's power: players reveal what the rules make them
reveal. Each turn is recorded quickly: own action, convert someone (who,
and did it work), convert yourself (to which side), or pass.

The pass phase lists the passers in their acting order (PassBot first, the
lowest sitting out unless only one passed) and records their turns.
"""

from micropython import const

from referee.games import evil
from referee.hw.buzzer import TURN
from referee.screens import STEP, Screen
from referee.ui.canvas import keep_visible

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

# The printed rule, the same for everyone: which robots are in play is secret.
_HINT = (
    "lower power converts;",
    "SumoBot: equal too;",
    "LockBot cannot turn;",
    "ForceBot, BlockBot,",
    "DoOverBot may react",
)


def _list_choice(c, labels, index, first_row=2, rows=5):
    top = keep_visible(0, index, rows)
    for i in range(top, min(len(labels), top + rows)):
        row = first_row + i - top
        c.text(labels[i], 8, row)
        if i == index:
            c.invert_rows(row)


class Calls(Screen):
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.discussion = not session.state.acted  # after a resume mid-turns: the calls
        self.level = 12
        self.index = 0
        self.message = None

    def _waiting(self):
        """Players who may still answer a call: not yet acted, not passed."""
        state = self.session.state
        out = []
        for seat in range(state.table.players):
            if seat not in state.acted and seat not in state.passed:
                out.append(seat)
        return out

    def on_event(self, ev):
        state = self.session.state
        step = STEP[ev]
        self.message = None
        if self.discussion:
            players = state.table.players
            if step:
                self.index = (self.index - step) % players
            elif ev == _OK_PRESS:
                self.message = self.session.act({"a": "pass", "seat": self.index})
            elif ev == _OK_LONG:
                self.discussion = False
                self.index = 0
            else:
                self.back(ev)
            return
        waiting = self._waiting()
        if step:
            self.index = (self.index - step) % (len(waiting) + 1)
        elif ev == _OK_PRESS:
            if self.index == 0 or not waiting:  # nobody (more) at this level
                self.next_level()
            else:
                self.app.push(TurnRecord(self.app, self.session, waiting[self.index - 1]))
                self.index = 0
        else:
            self.back(ev)

    def next_level(self):
        self.index = 0
        if self.level > 1:
            self.level -= 1
            return
        state = self.session.state
        self.app.pop()
        if state.no_pass_phase or not state.passed:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.evil_end import RoundEnd

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
            labels = []
            for seat in range(state.table.players):
                labels.append(names[seat] + (" passes" if seat in state.passed else ""))
            _list_choice(c, labels, self.index)
            self.hint(c, "OK:pass hold OK:calls")
            return
        c.text("IS ANYONE POWER", 2, 0)
        c.number(self.level, 104, 0)
        c.invert_rows(0)
        labels = ["nobody: next"]
        for seat in self._waiting():
            labels.append(names[seat])
        _list_choice(c, labels, self.index, 1, 6)
        self.hint(c, "OK: this one acts")


class TurnRecord(Screen):
    """One turn: own action, convert someone, convert self, pass."""

    CHOICES = ("own action", "convert someone", "convert self", "pass")

    def __init__(self, app, session, seat, pass_phase=False):
        self.app = app
        self.session = session
        self.seat = seat
        self.pass_phase = pass_phase
        self.stage = 0  # 0 what, 1 whom, 2 did it work / which side
        self.index = 0
        self.target = 0
        self.message = None

    def _choices(self):
        return self.CHOICES if not self.pass_phase else ("own action", "convert someone", "pass")

    def _targets(self):
        state = self.session.state
        return [s for s in range(state.table.seats) if s != self.seat]

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            size = (len(self._choices()), len(self._targets()), 2)[self.stage]
            self.index = (self.index - step) % size
        elif ev == _OK_PRESS:
            self._ok()
        elif ev == _BACK_PRESS:
            if self.stage:
                self.stage -= 1
                self.index = 0
            else:
                self.app.pop()

    def _ok(self):
        choice = self._choices()
        if self.stage == 0:
            what = choice[self.index]
            if what == "own action":
                self._save({"do": "own"})
            elif what == "pass":
                self._save({"do": "pass"})
            elif what == "convert someone":
                self.stage, self.index = 1, 0
            else:
                self.stage, self.index = 2, 0
                self.target = -1
        elif self.stage == 1:
            self.target = self._targets()[self.index]
            self.stage, self.index = 2, 0
        elif self.target < 0:
            self._save({"do": "self", "to": ("good", "evil")[self.index]})
        else:
            self._save({"do": "convert", "target": self.target, "ok": self.index == 0})

    def _save(self, fields):
        action = {"a": "turn", "seat": self.seat}
        for key in fields:
            action[key] = fields[key]
        self.message = self.session.act(action)
        if self.message is None:
            self.app.beep(TURN)
            self.app.pop()

    def draw(self, c):
        state = self.session.state
        c.centre(state.table.names[self.seat] + "'S TURN", 0)
        c.invert_rows(0)
        if self.stage == 0:
            _list_choice(c, self._choices(), self.index, 1, 5)
        elif self.stage == 1:
            c.centre("convert whom?", 1)
            _list_choice(c, [state.table.name(s) for s in self._targets()], self.index, 2, 4)
        elif self.target < 0:
            c.centre("to which side?", 1)
            _list_choice(c, ("good", "evil"), self.index)
        else:
            c.text("did it work?", 2, 1)
            c.right(" yes " if self.index == 0 else " no ", 1, invert=True)
            for i in range(len(_HINT)):
                c.centre(_HINT[i], 2 + i)
        self.hint(c, "OK:choose BACK:back")


class PassPhase(Screen):
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.index = 0
        self.message = None

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

    def on_event(self, ev):
        step = STEP[ev]
        order, _ = self._order()
        self.message = None
        if step and order:
            self.index = (self.index - step) % len(order)
        elif ev == _OK_PRESS:
            if order:
                self.app.push(TurnRecord(self.app, self.session, order[self.index], True))
                self.index = 0
            else:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.screens.evil_end import RoundEnd

                self.app.replace(RoundEnd(self.app, self.session))
        else:
            self.back(ev)

    def draw(self, c):
        state = self.session.state
        order, skipped = self._order()
        c.centre("PASS PHASE", 0)
        c.invert_rows(0)
        if order:
            _list_choice(c, [state.table.names[s] for s in order], self.index, 1, 4)
        else:
            c.centre("all passers done", 2)
        if skipped:
            c.text("sits out:", 2, 5)
            c.text(" ".join(state.table.names[s] for s in skipped)[:21], 2, 6)
        self.hint(c, "OK: their turn" if order else "OK: end the round")
