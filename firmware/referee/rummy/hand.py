"""Scoring one hand: each player's cards, then (only when the cards leave it
open) who went out.

Counting a player: the lines follow the cards as they lie, what is on the
table first, then what is left in the hand. UP adds a card to the marked
line (hold to run), BACK takes one off, DOWN moves to the next line (round
from the last to the first), and OK ends the part: on the table lines it
moves to the hand, on the hand lines it keeps the player's counts (lines
not reached stay 0) and opens the next player. Every move on is a tap (a
long press is kept for what must not happen by accident, issue 36): a
long OK does what OK does, and BACK held leaves the count unkept. BACK on
a line at 0 goes back a line. The player's score for the hand shows at
the top as you count.

Above the first line sits the net score, for tables that add up
themselves: BACK from the first line at 0 reaches it; there UP and DOWN
count by 5 (hold to run), OK keeps it and BACK goes back to the cards. Robber
Rummy has a sequence line too: UP on it enters a whole sequence by its
length and top card.

Who went out: the one player left with an empty hand (or, in Robber
Rummy, nobody when every hand holds cards: the stock ran out). Only when
the counts leave that open (net scores, or two empty hands) is it asked.
"""

from micropython import const

from referee.hw.buzzer import TURN
from referee.screens import STEP, Screen
from referee.ui.canvas import COLUMNS, number_width, text_width
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_UP_PRESS = const(0)
_DOWN_PRESS = const(1)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_BACK_LONG = const(7)
_UP_REPEAT = const(8)
_DOWN_REPEAT = const(9)

_LINES = const(5)  # count lines on screen, rows 1..5
_NET = const(-1)  # the net-score line, above the first card line
_SEQUENCE = const(0xFF)  # in a game's LAYOUT: the whole-sequence line (robber/rules.py)

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # rank 1 .. 14


def next_count(main):
    """Open the count of the next player not yet counted, from the dealer's
    left; after the last one, close the hand (``main``: the game's hub)."""
    state = main.session.state
    left = [seat for seat in state.table.clockwise(state.starter) if seat not in state.counts]
    if left:
        if main._entry is None:
            main._entry = CountEntry(main.app, main)
        main._entry.start(left[0])
        main.app.push(main._entry)
        if len(left) == 1:  # the last count: the standings' code loads while it is made
            main.app.later(_load_standings)
        return
    out = went_out(main.session)
    if out is None:  # the counts leave it open: asked
        if main._picker is None:
            main._picker = OutPicker(main.app, main)
        main._picker.index = likeliest(main.session)
        main.app.push(main._picker)
    else:
        close_hand(main, out)


def _load_standings():
    import referee.screens.standings  # noqa: F401


def went_out(session):
    """Who went out, as the counts tell it: the one player whose hand is
    empty, or -1 (Robber Rummy: the stock ran out) when every hand holds
    cards; None when a net score or two empty hands leave it open."""
    state = session.state
    fields = session.rules.FIELDS
    out = -1
    for seat in range(state.table.players):
        counts = state.counts[seat]
        if len(counts) > len(fields):  # a net score tells nothing of the hand
            return None
        if hand_is_empty(fields, counts):
            if out >= 0:
                return None
            out = seat
    if out < 0 and "stock" not in session.rules.ENDINGS:
        return None  # ROBOTS!: somebody went out
    return out


def likeliest(session):
    """Where the picker of who went out starts: the first player whose
    counted hand is empty, else the best score of the hand (going out
    leaves no card counting against a player)."""
    state = session.state
    rules = session.rules
    fields = rules.FIELDS
    best = top = None
    for seat in range(state.table.players):
        counts = state.counts[seat]
        if len(counts) > len(fields):
            points = counts[-1]  # a net score
        elif hand_is_empty(fields, counts):
            return seat
        else:
            points = rules.score(counts)
        if top is None or points > top:
            best, top = seat, points
    return best


def close_hand(main, out):
    rules = main.session.rules
    how = "stock" if out < 0 else rules.ENDINGS[0]
    main.message = main.session.act({"a": "end", "out": out, "how": how})
    if main.message is None:
        main.app.beep(TURN)
        # loaded when first opened, for the heap (see referee.screens)
        from referee.screens.standings import Standings

        main.app.push(Standings(main.app, main.session.state))


def hand_is_empty(fields, counts):
    """True when ``counts`` (a list) show no card left in the hand, and no
    renege (a line worth nothing, as a card counted against nobody)."""
    for i in range(len(fields)):
        if fields[i][1] <= 0 and counts[i]:
            return False
    return True


class OutPicker(Screen):
    """Who went out (ROBOTS!: who discarded last; Robber Rummy: who went
    rummy, or nobody when the stock ran out), asked only when the counts
    leave it open; the cursor starts on the likeliest."""

    def __init__(self, app, main):
        Screen.__init__(self, app)
        self.main = main
        state = main.session.state
        # the players, then "nobody" where the stock can end a hand
        self.players = state.table.players
        self.choices = self.players + (1 if "stock" in main.session.rules.ENDINGS else 0)
        self.index = 0  # set to the likeliest as it opens (next_count)

    def _out(self):
        return self.index if self.index < self.players else -1

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            self.move(step, self.choices)
        elif ev == _OK_PRESS:
            self.app.pop()
            close_hand(self.main, self._out())
        else:
            self.back(ev)

    def draw(self, c):
        state = self.main.session.state
        c.centre("HAND OVER", 0)
        c.invert_rows(0)
        c.centre("who went out?", 1)
        out = self._out()
        c.centre(state.table.names[out] if out >= 0 else "nobody", 3, scale=2)
        if out < 0:
            c.centre("the stock ran out", 5)
        self.hint(c, "UP/DOWN  OK:this one")


class CountEntry(Screen):
    def __init__(self, app, main):
        Screen.__init__(self, app)
        self.main = main
        rules = main.session.rules
        self.fields = rules.FIELDS
        self.order, self.hand_at = rules.LAYOUT, rules.HAND_AT
        self.seat = -1
        self.counts = []  # type: list
        self.net = 0
        self.line = 0  # a place in self.order; _NET: the net line above it

    def start(self, seat):
        """Count ``seat``'s cards next (its earlier counts, if any, shown)."""
        self.seat = seat
        known = self.main.session.state.counts.get(seat)
        width = len(self.fields)
        net = known is not None and len(known) > width  # a net score: past the fields
        self.net = known[width] if net else 0
        self.counts = list(known[:width]) if known else [0] * width
        self.line = _NET if net else 0
        self.message = None

    def on_event(self, ev):
        self.message = None
        line = self.line
        if line == _NET and ev != _BACK_LONG and ev != _OK_PRESS and ev != _OK_LONG:
            if ev == _BACK_PRESS:
                self.line = 0  # back to the cards
            else:
                step = 5 * STEP[ev]
                self.net = max(-2000, min(2000, self.net + step))
        elif ev == _DOWN_PRESS or ev == _DOWN_REPEAT:  # on to the next line
            self.line = (line + 1) % len(self.order)
        elif ev == _OK_PRESS or ev == _OK_LONG:  # the part done
            if 0 <= line < self.hand_at:
                self.line = self.hand_at
            else:
                self.save()
        elif ev == _BACK_LONG:
            self.app.pop()  # the count left unkept
        elif self.order[line] == _SEQUENCE:
            if ev == _UP_PRESS:
                self.app.push(SequenceEntry(self.app, self))
            elif ev == _BACK_PRESS:
                self.line = line - 1 if line else _NET
        else:
            field = self.order[line]
            count = self.counts[field]
            if ev == _UP_PRESS or ev == _UP_REPEAT:
                self.counts[field] = min(self.fields[field][2], count + 1)
            elif ev == _BACK_PRESS:
                if count:
                    self.counts[field] = count - 1
                else:  # nothing to take off: a line back
                    self.line = line - 1 if line else _NET

    def save(self):
        if self.line == _NET:
            action = {"a": "count", "seat": self.seat, "net": self.net}
        else:
            action = {"a": "count", "seat": self.seat, "n": self.counts}
        self.message = self.main.session.act(action)
        if self.message is None:
            self.app.pop()
            next_count(self.main)

    def score(self):
        return self.net if self.line == _NET else self.main.session.rules.score(self.counts)

    def draw(self, c):
        state = self.main.session.state
        c.text(state.table.names[self.seat], 2, 0)
        score = self.score()
        c.number(score, c.width - 2 - number_width(score, 1, True), 0, sign=True)
        c.invert_rows(0)
        order = self.order
        first = max(_NET, min(self.line - 2, len(order) - _LINES))
        for i in range(first, first + _LINES):
            row = 1 + i - first
            if i == _NET:
                c.text("net score", 4, row)
                if self.line == _NET:
                    c.number(
                        self.net, c.width - 4 - number_width(self.net, 1, True), row, sign=True
                    )
            elif order[i] == _SEQUENCE:
                c.text("+ a sequence (UP)", 4, row)
            else:
                value = self.counts[order[i]]
                c.text(self.fields[order[i]][0], 4, row)
                c.number(value, c.width - 4 - number_width(value), row)
            if i == self.line:
                c.invert_rows(row)
        scroll_bar(c, first + 1, _LINES, len(order) + 1, 1, _LINES)  # the net line is one more
        message = self.message
        if message is not None and len(message) > COLUMNS:
            c.hint(message)  # over the two key lines, until the next press
            return
        line = self.line
        if line == _NET:
            c.centre(message or "UP/DOWN:5s  OK:keep", 6)
            c.centre("BACK:cards hold:leave", 7)
            return
        # The same two key lines on every card line: a frame that moves to
        # the hand or to the next player sends no page for them (each page
        # is 2.9 ms of the bus). BACK at 0 goes back a line, up to the net
        # score, which the list shows above the first card line.
        c.centre(message or "UP:add  BACK:take off", 6)
        c.centre("DOWN:next  OK:done", 7)


class SequenceEntry(Screen):
    """Robber Rummy: a sequence meld by its length and top card, added to
    the counts (its 2-9, its 10-K doubled, its aces high or low)."""

    def __init__(self, app, entry):
        Screen.__init__(self, app)
        self.entry = entry
        self.length = 3
        self.top = 14  # ace high: the sequence's highest card
        self.field = 0  # 0: the length, 1: the top card

    def cards(self):
        """(low, tens, ace high, ace low) of the sequence."""
        start = self.top - self.length + 1
        low = tens = 0
        for rank in range(max(2, start), min(13, self.top) + 1):
            if rank <= 9:
                low += 1
            else:
                tens += 1
        return low, tens, 1 if self.top == 14 else 0, 1 if start == 1 else 0

    def on_event(self, ev):
        step = STEP[ev]
        if step:
            if self.field == 0:
                self.length = max(3, min(13, self.length + step))
            else:
                self.top += step
            # from A-2-3 (an ace low at the bottom) up to Q-K-A (an ace high on top)
            self.top = max(self.length, min(14, self.top))
        elif ev == _OK_PRESS:
            if self.field == 0:
                self.field = 1
            else:
                counts = self.entry.counts
                fields = self.entry.main.session.rules.SEQUENCE_FIELDS
                cards = self.cards()
                for i in range(4):
                    counts[fields[i]] += cards[i]
                self.app.pop()
        elif ev == _BACK_PRESS:
            if self.field:
                self.field = 0
            else:
                self.app.pop()

    def draw(self, c):
        c.centre("A SEQUENCE", 0)
        c.invert_rows(0)
        start = self.top - self.length + 1
        c.text("cards", 4, 2)
        c.number(self.length, c.width - 4 - number_width(self.length), 2)
        c.text("top card", 4, 3)
        top = _RANKS[self.top - 1]
        c.text(top, c.width - 4 - text_width(top), 3)
        c.invert_rows(2 + self.field)
        # what it is and what it scores (doubled: 2-9 10, 10-K 20, A 30 high, 10 low)
        low, tens, high, ace_low = self.cards()
        x = c.text(_RANKS[start - 1], 4, 5)
        x = c.text(" to ", x, 5)
        c.text(_RANKS[self.top - 1], x, 5)
        points = 10 * low + 20 * tens + 30 * high + 10 * ace_low
        c.number(points, c.width - 4 - number_width(points, 1, True), 5, sign=True)
        self.hint(c, "OK:next" if self.field == 0 else "OK:add it  BACK:back")
