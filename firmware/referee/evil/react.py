"""The reactions on a conversion, in a round the device judges ("v": 3).

The turn's screen has said who converts whom (or PushBot's push, or
GroupBot's pulls, one after the other): this screen shows the table what
the device decided, as the rules make it shown (the target's new side; or
"failed" and the proof: its power, its LockBot, or the side a lying
CheatBot shows), then takes the reactions the table claims, in the order
played: OK on a reaction, then OK on who claims it. The device checks the
claim against the deal; a false one is refused naming only the claimant
("P2 is not ForceBot"), and nothing is added. What each reaction did is
added to the story, a step a line (a long one wraps), the newest three
lines in sight. BACK takes
back the last claim (or goes back to the turn); a long OK saves the turn
(with two pulls, goes on to the second); a long BACK undoes the last step.
"""

from micropython import const

from referee.evil import rules as evil
from referee.hw.buzzer import TURN
from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import COLUMNS
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_BACK_LONG = const(7)
_ROWS = const(3)  # the list's; the story has the three rows above it

# (what the list says, its word in the journal)
_REACTIONS = (
    ("BlockBot: fails", "fail"),
    ("BlockBot: bounces", "back"),
    ("ForceBot: forces", "force"),
    ("DoOverBot: pulls", "over"),
)


def wrap(text):
    """``text`` in lines of the panel's width, broken at spaces."""
    lines = []
    while len(text) > COLUMNS:
        cut = text.rfind(" ", 0, COLUMNS + 1)
        if cut <= 0:
            cut = COLUMNS
        lines.append(text[:cut])
        text = text[cut:].lstrip()
    lines.append(text)
    return lines


class React(Screen):
    def __init__(self, app, session, action, title, pulls=1):
        Screen.__init__(self, app, session)
        self.action = action  # the turn, without its reactions
        self.title = title
        self.chains = []  # type: list  # per conversion, the claims [seat, how]
        for _ in range(pulls):
            self.chains.append([])
        self.k = 0  # the conversion on screen
        self.stage = 0  # 0: which reaction, 1: who claims it
        self.how = ""
        self.index = 0
        self.lines = self.story(self.chains)

    def _turn(self, chains):
        action = {}  # type: dict
        for key in self.action:
            action[key] = self.action[key]
        action["react"] = chains if len(chains) > 1 or "targets" in action else chains[0]
        return action

    def story(self, chains):
        """The lines of conversion ``k`` the table is told; raises
        RulesError for a claim the deal refutes."""
        from referee.evil.rules_full import turn  # loaded already: the turn's rules

        say = []  # type: list
        turn(self.session.state, self._turn(chains), evil.pass_order, say)
        lines = []  # type: list
        for told in say[self.k]:  # each step on a line of its own, ">" after the first
            lines += wrap((">" if lines else "") + told)
        return lines

    def _claimants(self):
        seat = self.action["seat"]
        return [s for s in range(self.session.state.table.players) if s != seat]

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            size = len(_REACTIONS) if self.stage == 0 else len(self._claimants())
            self.move(step, size)
        elif ev == _OK_PRESS:
            if self.stage == 0:
                self.how = _REACTIONS[self.index][1]
                self.stage, self.index = 1, 0
            else:
                self._claim(self._claimants()[self.index])
        elif ev == _OK_LONG and self.stage == 0:
            if self.k + 1 < len(self.chains):
                self.k += 1
                self.index = 0
                self.lines = self.story(self.chains)
            else:
                self._save()
        elif ev == _BACK_PRESS:
            if self.stage:
                self.stage, self.index = 0, 0
            elif self.chains[self.k]:
                self.chains[self.k].pop()
                self.lines = self.story(self.chains)
            elif self.k:
                self.k -= 1
                self.lines = self.story(self.chains)
            else:
                self.app.pop()
        elif ev == _BACK_LONG:
            from referee.evil.rules_full import undo  # the full rules' undo

            self.message = undo(self.session) or "last step undone"
            self.app.pop()  # the turn may be gone or done: back to the calls
            self.app.pop()

    def _claim(self, seat):
        from referee.core.errors import RulesError

        chain = self.chains[self.k]
        chain.append([seat, self.how])
        try:
            self.lines = self.story(self.chains)
        except RulesError as e:
            chain.pop()  # refused: nothing added, and only the claimant named
            self.message = str(e)
        self.stage, self.index = 0, 0

    def _save(self):
        self.message = self.session.act(self._turn(self.chains))
        if self.message is None:
            self.app.beep(TURN)
            self.app.pop()  # this screen and the turn's: back to the calls
            self.app.pop()

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        lines = self.lines
        first = max(0, len(lines) - 3)  # the newest three lines: the story scrolls on
        for i in range(first, len(lines)):
            c.text(lines[i], 2, 1 + i - first)
        if self.stage == 0:
            labels = [r[0] for r in _REACTIONS]
        else:
            names = self.session.state.table.names
            labels = [names[s] + " claims it" for s in self._claimants()]
        top = keep_visible(0, self.index, _ROWS)
        for i in range(top, min(len(labels), top + _ROWS)):
            row = 4 + i - top
            c.text(labels[i], 8, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, top, _ROWS, len(labels), 4, _ROWS)
        if self.stage:
            self.hint(c, "OK:claims BACK:back")
        elif self.k + 1 < len(self.chains):
            self.hint(c, "OK:claim hold OK:next")
        else:
            self.hint(c, "OK:claim hold OK:save")
