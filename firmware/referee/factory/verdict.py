"""The table customer's verdict on one try of the Robo Factory turn.

One row a manufacturer: OK steps their robot through wrong, right, wrong
with Eureka, right with Eureka (the Eureka states only while they still
have their siren). The last row rolls the die for every Eureka and pays
out. BACK returns to the hub with nothing changed.
"""

from micropython import const

from referee.factory import rules as factory
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)

_SAYS = ("wrong", "right", "wrong EUREKA", "right EUREKA")


class Verdict(Screen):
    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        state = session.state
        self.seats = [s for s in range(state.players) if s != state.customer]
        self.verdict = [0] * state.players
        self.index = 0

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        rows = len(self.seats) + 1
        if step:
            self.move(step, rows)
        elif ev == _OK_PRESS:
            if self.index == len(self.seats):
                # loaded when first opened, for the heap (see referee.screens)
                from referee.factory.result import Result, reveal

                self.message = reveal(self.app, self.session, self.verdict)
                if self.message is None:
                    self.app.replace(Result(self.app, self.session))
                return
            seat = self.seats[self.index]
            states = 4 if self.session.state.siren[seat] else 2
            self.verdict[seat] = (self.verdict[seat] + 1) % states
        else:
            self.back(ev)

    def draw(self, c):
        state = self.session.state
        first = state.phase == factory.FIRST
        c.centre("1ST TRY: WHO IS RIGHT" if first else "2ND TRY: WHO IS RIGHT", 0)
        c.invert_rows(0)
        for i in range(len(self.seats)):
            seat = self.seats[i]
            c.text(state.table.names[seat], 4, 1 + i)
            c.text(_SAYS[self.verdict[seat]], 46, 1 + i)
        c.text("> roll & pay", 4, 1 + len(self.seats))
        c.invert_rows(1 + self.index)
        self.hint(c, "OK:change BACK:hub")
