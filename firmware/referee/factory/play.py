"""Robo Factory at the table: the bank, the scorer and, if chosen, the
hidden customer.

The hub shows the turn, the bank and every player's cubes. OK on the top
row takes the next step:

- table customer: the customer's verdict on the first try, then (if nobody
  was right) on the second; OK on a manufacturer's name sells them a data
  tile (one cube to the customer);
- device customer: deal a new order, pass the device round (each player
  holds OK to see their cards, buy a tile and build), then reveal.

UP/DOWN reach the players ("siren": they may still shout Eureka once) and
the standings. A long BACK takes back the
last step; BACK returns to the menu (the game stays saved, secrets and all).
"""

from micropython import const

from referee.factory import rules as factory
from referee.hw.buzzer import ROLL
from referee.screens import STEP, Screen
from referee.ui.canvas import number_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)

_VISIBLE = const(5)


class FactoryGame(Screen):
    undoes = True

    def __init__(self, app, session):
        Screen.__init__(self, app, session)
        self.index = -1  # -1: the next step; 0.. the players, then standings

    def _rows(self):
        return self.session.state.players + 1

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        if step:
            self.move(step, self._rows(), _VISIBLE, -1)
        elif ev == _OK_PRESS:
            state = self.session.state
            if self.index < 0:
                self.next_step()
            elif self.index == state.players:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.screens.standings import Standings

                self.app.push(Standings(self.app, state))
            elif state.device:
                if state.phase in (factory.FIRST, factory.SECOND):  # a player's own peek
                    # loaded when first opened, for the heap (see referee.screens)
                    from referee.factory.peek import Peek

                    self.app.push(Peek(self.app, self.session, self.index, alone=True))
            else:
                self.message = self.session.act({"a": "tile", "seat": self.index}) or (
                    "%s bought a tile" % state.table.names[self.index]
                )
        else:
            self.back(ev)

    def next_step(self):
        state = self.session.state
        if state.over:
            return
        if state.phase == factory.DEAL:
            self.message = self.session.act(deal(self.app.chance, state))
            if self.message is None:
                self.app.beep(ROLL)
                # loaded when first opened, for the heap (see referee.screens)
                from referee.factory.peek import Peek

                self.app.push(Peek(self.app, self.session, 0))
        elif not state.device:
            # loaded when first opened, for the heap (see referee.screens)
            from referee.factory.verdict import Verdict

            self.app.push(Verdict(self.app, self.session))
        else:
            waiting = factory.unbuilt(state)
            if waiting:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.factory.peek import Peek

                self.app.push(Peek(self.app, self.session, waiting[0]))
            else:
                # loaded when first opened, for the heap (see referee.screens)
                from referee.factory.result import Result, reveal

                self.message = reveal(self.app, self.session, None)
                if self.message is None:
                    self.app.push(Result(self.app, self.session))

    def draw(self, c):
        state = self.session.state
        x = c.text("TURN ", 2, 0)
        x = c.number(min(state.turn + 1, state.turns), x, 0)
        c.number(state.turns, c.text("/", x, 0), 0)
        c.right("bank %d " % state.bank(), 0)
        c.invert_rows(0)
        c.text(_next_text(state, factory), 2, 1)
        if self.index == -1:
            c.invert_rows(1)
        names = state.table.names
        customer = state.customer
        for i in range(self.top, min(self._rows(), self.top + _VISIBLE)):
            row = 2 + i - self.top
            if i < state.players:
                c.text(names[i], 8, row)
                if i == customer and not state.over:
                    c.text("cust", 50, row)
                elif state.siren[i]:
                    c.text("siren", 50, row)  # a Eureka still to shout
                cubes = state.cubes(i)
                c.number(cubes, c.width - 4 - number_width(cubes), row)
            else:
                c.text("standings", 8, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _VISIBLE, self._rows(), 2, _VISIBLE)
        if 0 <= self.index < state.players and not (state.device or state.over):
            self.hint(c, "OK:buy hold BACK:undo")  # a data tile, from the customer
        elif self.index == state.players:
            self.hint(c, "OK:open")
        else:
            self.hint(c, "OK:on  hold BACK:undo")


def _next_text(state, factory):
    if state.over:
        names = [state.table.names[s] for s in state.winners]
        return ("%s wins!" if len(names) == 1 else "%s share!") % " ".join(names)
    if state.phase == factory.DEAL:
        return "> deal order %d" % (state.turn + 1)
    if not state.device:
        return "> verdict: %s try" % ("1st" if state.phase == factory.FIRST else "2nd")
    waiting = factory.unbuilt(state)
    if len(waiting) == 1:
        return "> %s to build" % state.table.names[waiting[0]]
    if waiting:
        return "> builds: %d to go" % len(waiting)
    return "> reveal the robots"


def deal(chance, state):
    """A new order: the order card, three board robots and three cards for
    every player, dealt from one shuffled deck of the 64 robots. The
    outcome goes into the action, so the journal replays the same turn."""
    cards = chance.shuffle(list(range(64)))
    n = state.players
    return {
        "a": "order",
        "order": cards[0],
        "board": cards[1:4],
        "hands": [cards[4 + 3 * s : 7 + 3 * s] for s in range(n)],
    }
