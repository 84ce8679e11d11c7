"""Pass the device round (Robo Factory, the device as customer): each
player, named on the screen with the board robots (and, in the second try,
everyone's first robot), holds OK to see their three robot cards, buy a
data tile and build their robot; letting go blanks the screen.

While OK is held, DOWN moves between the three cards, the head, torso and
legs, and the Eureka, then back to the first. On a card UP buys that
card's data tile (one cube to the bank, once a turn; the number of parts
it shares with the order shows beside the card from then on) and BACK
builds that card's robot, a start to change from; on a part UP steps the
colour on and BACK back; on Eureka either toggles the siren. The board
robots stay in view beside the parts. The second try starts from the first
robot, its count beside the siren, the cursor on the head.

Letting go of OK builds the robot shown, once all three parts have a
colour ("let go: build it"): one step however many colours were stepped
through, and in the second try letting go builds the first robot again
as it is. The device then passes on by itself: the next player's name
shows (UP goes back one, the cursor on the robot's head). Without OK, DOWN
passes it on too, and on the last player, with every robot built, reveals
them. BACK held takes back the last step (the last build: a tile or the
deal is final) and shows whose it was. Nothing secret is
drawn unless OK is held on this screen (App.peeking: Screen.draw calls
draw_secret).
"""

from micropython import const

from referee.factory import rules as factory
from referee.screens import STEP, Screen
from referee.ui.canvas import text_width

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)
_BACK_PRESS = const(3)
# A build: the part names at the left, the colour chosen for each in a column
_NAME_X = const(2)
_CHOICE_X = const(44)  # a word's gap after "eureka"; "1st BGB=2" fits after "used"

_PARTS = ("head", "torso", "legs")
_EUREKA = 6  # the cursor's last stop: 0-2 the cards, 3-5 the parts


class Peek(Screen):
    peek = True
    undoes = True  # BACK held on the cover (a build, say: a tile or a deal is final)

    def __init__(self, app, session, seat, alone=False):
        Screen.__init__(self, app, session)
        self.alone = alone  # one player's own peek from the hub
        self.draft = None  # type: list | None  # the parts chosen so far
        self.shout = False
        self.said = None  # an undo's word, for the cover
        self._take(seat)

    def _take(self, seat):
        state = self.session.state
        self.seat = seat
        self.draft = None
        # the cards first, until a robot is built: then its head
        built = state.phase == factory.SECOND or state.built[seat] is not None
        self.cursor = 3 if built else 0
        # Drawn on every redraw: made once, not at each press (a space after
        # each: the margin where the peek draws them at the right edge)
        board = state.board
        self.board = [
            "%s=%d " % (factory.name(card), factory.matches(card, state.order)) for card in board
        ]
        self.board_line = "".join(self.board)[:-1]
        if state.phase == factory.SECOND:  # the first robots were shown: public now
            self.firsts = "1st: " + " ".join([factory.name(r) for r in state.last_built])
        self._hand()

    def _hand(self):
        """The player's cards, 36 px apart, the one a tile was bought on
        with its count (the tile stays in the hand through the turn)."""
        state = self.session.state
        asked = state.asked[self.seat]
        line = ""
        for card in state.hands[self.seat]:
            if card == asked:
                line += "%s=%d " % (factory.name(card), factory.matches(card, state.order))
            else:
                line += factory.name(card) + "   "
        self.hand_line = line

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
        self.message = self.said = None
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
        elif self.back(ev):  # BACK held: undone, back to whose step it was
            self.said = self.message
            undone = self.session.undone
            if undone is not None and "seat" in undone:
                self._take(undone["seat"])

    def _let_go(self):
        # OK let go on a robot not yet built: built, and the device goes on
        # to the next player. Seen at the next event or the redraw that
        # blanks the secret, whichever comes first (App redraws the moment OK
        # goes up).
        robot = self._unbuilt()
        if robot is None:
            return
        action = {"a": "build", "seat": self.seat, "robot": robot, "eureka": self.shout}
        self.message = self.session.act(action)
        if self.message is None and not self.alone:
            if self.seat + 1 < self.session.state.players:
                self._take(self.seat + 1)

    def _unbuilt(self):
        """The robot the peek shows, if it has every part and is not the
        one built (with the same Eureka); else None."""
        draft = self.draft
        if draft is None or None in draft:
            return None
        state = self.session.state
        robot = factory.robot(draft[0], draft[1], draft[2])
        if robot == state.built[self.seat] and self.shout == state.eureka[self.seat]:
            return None
        return robot

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
                self._hand()
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

    def draw_cover(self, c):
        state = self.session.state
        c.centre("PASS THE DEVICE TO", 0)
        c.invert_rows(0)
        c.centre(state.table.names[self.seat], 1, scale=2)
        c.centre(self.board_line, 3)
        if state.phase == factory.SECOND:
            c.centre(self.firsts, 4)
        c.centre("hold OK: your cards", 5)
        if self.said is not None:  # an undo's word: no secret in it
            c.centre(self.said, 6)
        elif state.built[self.seat] is not None:
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
            c.invert_rows(1, 1, x + 4, x + 28)
        passes = not self.alone and seat + 1 < state.players
        draft = self._draft()
        if self._unbuilt() is not None:
            line = "let go: build it"
        elif state.built[seat] is not None:
            line = "built: let go to pass" if passes else "built"
        elif state.phase == factory.FIRST and state.asked[seat] is None:
            line = "UP on a card: tile"
        else:
            line = ""
        c.text(line, 2, 2)
        for part in range(3):
            colour = draft[part]
            c.text(_PARTS[part], _NAME_X, 3 + part)
            c.text("-" if colour is None else factory.COLOURS[colour], _CHOICE_X, 3 + part)
            c.right(self.board[part], 3 + part)  # the board robots, the clues beside
        c.text("eureka", _NAME_X, 6)
        c.text(("yes" if self.shout else "no") if state.siren[seat] else "used", _CHOICE_X, 6)
        if state.phase == factory.SECOND:
            # the first robot's count: in the player's hand through the second
            # try, as a face-down tile is
            first = "1st %s=%d" % (factory.name(state.last_built[seat]), state.hint[seat])
            c.text(first, c.width - 1 - text_width(first), 6)  # a column's margin: 9 fit
        if self.cursor >= 3:
            c.invert_rows(self.cursor, 1, 0, 90)
        if self.cursor < 3:
            keys = "BACK:build DOWN:move"
        elif self.cursor == _EUREKA:
            keys = "UP/BACK: yes or no"
        else:
            keys = "UP/BACK:colour"
        self.hint(c, keys)
