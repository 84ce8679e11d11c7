"""Robots duel at the table: the clerk of a two-player duel.

The top rows show both players (B or R for their half, then supply, hand
and discard counts) with the player whose turn it is marked. Below, the
phase and its choices: UP/DOWN pick one, OK does it. What the device works
out by itself (the research draw, the aftermath, a loss on an empty
supply) is said on a note: a short one over the counts, gone at the next
press (which acts as usual), a longer one (the aftermath, a duel's end)
on a screen of its own. A long BACK takes back the last step; BACK
returns to the menu (the duel stays saved).
"""

from micropython import const

from referee.duel import rules as duel
from referee.screens import STEP, Screen, keep_visible
from referee.ui.canvas import text_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)

_VISIBLE = const(3)  # choice rows 4..6
# A side's row of counts: its name, then supply, hand and discard in columns
_NAME_X = const(20)
_SUPPLY_X = const(62)
_HAND_X = const(84)
_DISCARD_X = const(104)
_WINS_X = const(104)  # the duels won, "1-0", at the right of the title row
_COLOURS = ("B", "R")


class Duel(Screen):
    undoes = True

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.picked = []  # type: list  # attackers chosen so far
        self.blocks = {}  # type: dict  # attacker -> blocker chosen so far
        self.split = 0  # cards the defender takes from the supply
        self.note = None  # type: list | None  # what the device did by itself, till a press
        self._rows = None  # type: list | None  # made once an event, not at each use
        if session.state.turn == 1 and session.state.report:
            self.note = list(session.state.report)  # a new duel: the opening hands, the draw

    def rows(self):
        if self._rows is None:
            self._rows = self.choices()
        return self._rows

    def choices(self):
        """The choices of this phase: (text, what, card or None)."""
        state = self.session.state
        phase = state.phase
        mine = state.robots[state.active]
        out = []
        if phase == duel.PROGRAM:  # most turns program nothing: on to build first
            out.append(("> on to build", "next", None))
            for robot in mine:
                out.append((_robot(duel, robot), "mode", robot[0]))
        elif phase == duel.BUILD:
            out.append(("> build a robot", "build", None))
            out.append(("> no build", "next", None))
        elif phase == duel.SCRAP:
            for robot in mine:
                out.append(("scrap " + _robot(duel, robot), "scrap", robot[0]))
        elif phase == duel.COMBAT:
            for robot in mine:
                if robot[1]:
                    mark = "[x] " if robot[0] in self.picked else "[ ] "
                    out.append((mark + _robot(duel, robot), "pick", robot[0]))
            if self.picked:
                out.append(("> attack with %d" % len(self.picked), "attack", None))
            else:
                out.append(("> no attack", "next", None))
        elif phase == duel.BLOCK:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.duel.blocks import block_rows

            block_rows(state, self.blocks, out)
        elif phase == duel.DISCARD:  # UP/DOWN split the loss: its one choice
            out.append(
                ("supply %d  hand %d" % (self.split, state.loss - self.split), "discard", None)
            )
            return out
        elif phase == duel.RECOVERY:
            name = state.table.names[state.recovering]  # most often not: that first
            out.append(("> %s does not" % name, "next", None))
            # two back if the pile has them: never worse than one (no hand limit)
            back = min(2, state.discard[state.recovering])
            out.append(("> a face for %d back" % back, "recover", back))
        elif not state.over:
            out.append(("> next duel", "duel", None))
        out.append(("robots and counts", "look", None))
        return out

    def on_event(self, ev):
        step = STEP[ev]
        self.message = self.note = None
        rows = self.rows()
        if step and self.session.state.phase == duel.DISCARD:  # more or less from the supply
            state = self.session.state  # (only here: an undo below must free the old state)
            most = min(state.loss, state.supply[state.defender])
            least = max(0, state.loss - state.hand[state.defender])
            self.split = max(least, min(most, self.split + step))
            self._rows = None
        elif step and rows:
            self.move(step, len(rows))
        elif ev == _OK_PRESS and rows:
            self.choose(rows[min(self.index, len(rows) - 1)])
            self._rows = None
        elif self.back(ev):  # undone
            self.fresh()
        self.top = keep_visible(self.top, self.index, _VISIBLE)

    def choose(self, row):
        what, card = row[1], row[2]
        state = self.session.state
        if what == "pick":
            if card in self.picked:
                self.picked.remove(card)
            else:
                self.picked.append(card)
        elif what == "block":
            from referee.duel.blocks import next_blocker  # loaded with the phase's rows

            self.blocks[card] = next_blocker(state, self.blocks, card)
            self.index += 1  # on to the next attacker, or "blocks done"
        elif what == "look":
            # loaded when first opened, for the heap (see referee.screens)
            from referee.duel.robots import Robots

            self.app.push(Robots(self))
        elif what == "build":
            # loaded when first opened, for the heap (see referee.screens)
            from referee.duel.cards import CardEntry

            self.app.push(CardEntry(self))
        elif self.act(_action(self, what, card)) is None:
            if what == "mode" and len(state.robots[state.active]) == 1:
                self.act({"a": "next"})  # its one robot set: nothing else to program

    def act(self, action):
        """Do one step; say what the device worked out by itself."""
        before = self.session.state.phase
        self._rows = None
        self.message = self.session.act(action)
        if self.message is not None:
            return self.message
        state = self.session.state
        if state.phase != before or action["a"] in ("scrap", "recover", "counts"):
            self.fresh()  # a new list: the cursor back on its first row
        report = state.report
        if len(report) > 3 or (report and state.duel_winner is not None):
            # loaded when first opened, for the heap (see referee.screens)
            from referee.screens.notice import Notice

            title = "DUEL OVER" if state.duel_winner is not None else "TURN %d" % state.turn
            self.app.push(Notice(self.app, title, list(report[-5:])))
        elif report:  # a short note over the counts, gone at the next press
            self.note = list(report)
        return None

    def fresh(self):
        """A new phase: its choices start from the top."""
        state = self.session.state
        self._rows = None
        self.index = 0
        self.top = 0
        self.picked = []
        self.blocks = {}
        if state.phase == duel.DISCARD:  # as much from the hand as it holds
            self.split = max(0, state.loss - state.hand[state.defender])
        elif state.phase == duel.COMBAT:  # the robots programmed to attack, ready to
            for robot in state.robots[state.active]:
                if robot[1]:
                    self.picked.append(robot[0])
            self.index = len(self.picked)  # "> attack with N": one OK (or untick some)

    def draw(self, c):
        state = self.session.state
        x = c.text("DUEL ", 2, 0)
        x = c.number(state.duel, x, 0)
        c.number(state.turn, c.text(" TURN ", x, 0), 0)
        wins = state.match.wins
        c.number(wins[1], c.text("-", c.number(wins[0], _WINS_X, 0), 0), 0)
        c.invert_rows(0)
        note = self.note
        if note is not None:  # over the counts until the next press, which acts
            for i in range(len(note)):
                c.text(note[i], 2, 1 + i)
            c.invert_rows(1, len(note), 0, 1)  # a bar at the left edge: a note
        else:  # plain pieces, no formatted strings: this is drawn after every press
            for seat in (0, 1):
                row = 1 + seat
                if seat == state.active and state.phase != duel.OVER:
                    c.text(">", 0, row)
                c.text(_COLOURS[state.colour[seat]], 8, row)
                c.text(state.table.names[seat], _NAME_X, row)
                c.number(state.supply[seat], c.text("s", _SUPPLY_X, row), row)
                c.number(state.hand[seat], c.text("h", _HAND_X, row), row)
                c.number(state.discard[seat], c.text("d", _DISCARD_X, row), row)
        name = state.table.names
        if note is not None and len(note) > 2:
            pass  # the note takes the phase's row too
        elif state.phase == duel.OVER:
            winner = state.winner if state.over else state.duel_winner
            c.text(name[winner], 2, 3)
            c.right("WINS THE MATCH " if state.over else "WINS THE DUEL ", 3)
        elif state.phase == duel.DISCARD:
            x = c.text(" LOSES ", c.text(name[state.defender], 2, 3), 3)
            c.number(state.loss, x, 3)
        else:
            who = state.defender if state.phase == duel.BLOCK else state.active
            if state.phase == duel.RECOVERY:
                who = state.recovering
            x = c.text(duel.PHASES[state.phase], 2, 3)
            if state.phase == duel.SCRAP:  # down to the robots a player may keep
                c.number(duel.MOST_ROBOTS, c.text(" TO ", x, 3), 3)
            c.text(name[who], c.width - 2 - text_width(name[who]), 3)
        self._choices(c)

    def _choices(self, c):
        c.hline(0, 25, c.width)  # the counts above, the phase and its choices below
        rows = self.rows()
        for i in range(self.top, min(len(rows), self.top + _VISIBLE)):
            c.text(rows[i][0], 2, 4 + i - self.top)
            if i == self.index:
                c.invert_rows(4 + i - self.top)
        scroll_bar(c, self.top, _VISIBLE, len(rows), 4, _VISIBLE)
        if self.session.state.phase == duel.DISCARD:
            self.hint(c, "UP/DN:split OK:do")
        else:
            self.hint(c, "OK:do  hold BACK:undo")


def _robot(duel, robot):
    return "%s %d %s" % (duel.name(robot[0]), duel.robot_value(robot), "ATK" if robot[1] else "def")


def _action(screen, what, card):
    if what == "mode":
        return {"a": "mode", "robot": card}
    if what == "scrap":
        return {"a": "scrap", "robot": card}
    if what == "attack":
        return {"a": "attack", "robots": list(screen.picked)}
    if what == "blocked":
        from referee.duel.blocks import pairs  # loaded with the phase's rows

        return {"a": "block", "pairs": pairs(screen.blocks)}
    if what == "discard":
        return {"a": "discard", "supply": screen.split}
    if what == "recover":  # which face card changes no count: not asked
        return {"a": "recover", "back": card}
    return {"a": what}  # next, duel
