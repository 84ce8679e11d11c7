"""Pass the device round (Robo Factory, the device as customer): each
player, named on the screen, holds OK to see their three robot cards, buy a
data tile and build their robot; letting go blanks the screen.

While OK is held, DOWN moves between the three cards, the head, torso and
legs, and the Eureka. On a card UP buys that card's data tile (one cube to
the bank, once a turn; the number of parts it shares with the order shows
beside it) and BACK builds that card's robot, a start to change from; on a
part UP steps the colour on and BACK back; on Eureka either toggles the
siren. The robot counts once all three parts have a colour. The second try
starts from the first robot, its count beside it, the cursor on the head.

Letting go of OK after building passes the device on by itself: the next
player's name shows (UP goes back one). Without OK, DOWN passes it on too,
and on the last player, with every robot built, reveals them; UP goes back
one player. Nothing secret is drawn unless OK is held on this screen
(App.peeking: Screen.draw calls draw_secret).
"""

from micropython import const

from referee.games import factory
from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)
_BACK_PRESS = const(3)

_PARTS = ("head", "torso", "legs")
_EUREKA = 6  # the cursor's last stop: 0-2 the cards, 3-5 the parts


class Peek(Screen):
    peek = True

    def __init__(self, app, session, seat, alone=False):
        self.app = app
        self.session = session
        self.alone = alone  # one player's own peek from the hub
        self.draft = None  # type: list | None  # the parts chosen so far
        self.shout = False
        self.message = None
        self.acted = False  # a build made while OK is held: letting go passes on
        self._take(seat)

    def _take(self, seat):
        state = self.session.state
        self.seat = seat
        self.draft = None
        self.cursor = 0 if state.phase == factory.FIRST else 3  # the cards too
        # Drawn on every redraw: made once, not at each press
        board = state.board
        self.board_line = "%s=%d %s=%d %s=%d" % (
            factory.name(board[0]),
            factory.matches(board[0], state.order),
            factory.name(board[1]),
            factory.matches(board[1], state.order),
            factory.name(board[2]),
            factory.matches(board[2], state.order),
        )
        hand = state.hands[seat]
        self.hand_line = "%s   %s   %s" % (
            factory.name(hand[0]),
            factory.name(hand[1]),
            factory.name(hand[2]),
        )

    def _draft(self):
        if self.draft is None:
            state = self.session.state
            built = state.built[self.seat]
            if built is None and state.phase == factory.SECOND:
                built = state.last_built[self.seat]  # the second try starts from the first
            self.draft = [None] * 3 if built is None else list(factory.parts(built))
            self.shout = state.eureka[self.seat]
        return self.draft

    def on_event(self, ev):
        self.message = None
        if self.app.peeking:
            step = STEP[ev]
            if step < 0:
                low = 0 if self.session.state.phase == factory.FIRST else 3
                self.cursor = low if self.cursor == _EUREKA else self.cursor + 1
            elif step > 0 or ev == _BACK_PRESS:
                self._change(step or -1)
            return  # nothing else happens while a secret is showing
        self._let_go()
        state = self.session.state
        if ev == _DOWN_PRESS:
            if self.alone or self.seat + 1 == state.players:
                self.app.pop()
                if not (self.alone or factory.unbuilt(state)):
                    self.app.screen.next_step()  # the hub's: reveal the robots
            else:
                self._take(self.seat + 1)
        elif ev == _UP_PRESS and not self.alone and self.seat > 0:
            self._take(self.seat - 1)
        else:
            self.back(ev)

    def _let_go(self):
        # OK let go after a build: the device goes on to the next player. Seen
        # at the next event or the redraw that blanks the secret, whichever
        # comes first (App redraws the moment OK goes up).
        if self.acted:
            self.acted = False
            if not self.alone and self.seat + 1 < self.session.state.players:
                self._take(self.seat + 1)

    def draw(self, c):
        if not self.app.peeking:
            self._let_go()
        Screen.draw(self, c)

    def _change(self, way):
        state = self.session.state
        seat = self.seat
        cursor = self.cursor
        draft = self._draft()
        if cursor < 3:
            card = state.hands[seat][cursor]
            if way > 0:
                self.message = self.session.act({"a": "tile", "seat": seat, "card": card})
                return
            draft = self.draft = list(factory.parts(card))  # a robot to start from
            self.cursor = 3
        elif cursor == _EUREKA:
            if not state.siren[seat]:
                self.message = "your siren is used"
                return
            self.shout = not self.shout
        else:
            colour = draft[cursor - 3]
            if colour is None:  # unset: UP starts at the first colour, BACK at the last
                colour = -1 if way > 0 else 0
            draft[cursor - 3] = (colour + way) % 4
        if None not in draft:
            robot = factory.robot(draft[0], draft[1], draft[2])
            action = {"a": "build", "seat": seat, "robot": robot, "eureka": self.shout}
            self.message = self.session.act(action)
            self.acted = self.message is None

    def draw_cover(self, c):
        state = self.session.state
        c.centre("PASS THE DEVICE TO", 0)
        c.invert_rows(0)
        c.centre(state.table.names[self.seat], 1, scale=2)
        c.centre("board robots:", 3)
        c.centre(self.board_line, 4)
        c.centre("hold OK: your cards", 5)
        if state.built[self.seat] is not None:
            c.centre("(robot built)", 6)
        # the keys only: a message (a refused tile or build) may tell a secret
        if self.alone:
            c.centre("BACK: done", 7)
        elif self.seat + 1 == state.players and not factory.unbuilt(state):
            c.centre("DOWN: reveal robots", 7)
        else:
            c.centre("DOWN: pass it on", 7)

    def draw_secret(self, c):
        """The one place a player's cards, tile and robot are drawn:
        Screen.draw calls it only while OK is held."""
        state = self.session.state
        seat = self.seat
        c.text(state.table.names[seat], 2, 0)
        c.right("%d cubes " % state.cubes(seat), 0)
        c.invert_rows(0)
        c.text(self.hand_line, 8, 1)  # the cards 36 px apart
        if self.cursor < 3:
            x = 36 * self.cursor
            c.invert_rows(1, 1, x + 4, x + 30)
        asked = state.asked[seat]
        if asked is not None:
            tile = "%s=%d" % (factory.name(asked), factory.matches(asked, state.order))
        if state.phase == factory.SECOND:
            # the first robot's count, and the tile bought before it: both stay
            # in the player's hand through the second try, as face-down tiles do
            line = "1st %s=%d" % (factory.name(state.last_built[seat]), state.hint[seat])
            if asked is not None:
                line += " tile " + tile
        elif asked is not None:
            line = "tile: " + tile
        else:
            line = "UP on a card: tile"
        c.text(line, 2, 2)
        draft = self._draft()
        for part in range(3):
            colour = draft[part]
            c.text(_PARTS[part], 8, 3 + part)
            c.text("-" if colour is None else factory.COLOURS[colour], 50, 3 + part)
        c.text("eureka", 8, 6)
        c.text(("yes" if self.shout else "no") if state.siren[seat] else "used", 50, 6)
        if state.built[seat] is not None:
            c.right("built ", 3)
        if self.cursor >= 3:
            c.invert_rows(self.cursor)
        if self.acted and not self.alone and seat + 1 < state.players:
            keys = "let go: pass it on"
        elif self.cursor < 3:
            keys = "BACK:build DOWN:move"
        elif self.cursor == _EUREKA:
            keys = "UP/BACK: yes or no"
        else:
            keys = "UP/BACK:colour"
        self.hint(c, keys)
