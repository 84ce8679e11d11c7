"""History: the games kept on the flash (issue 20), oldest first by their
number, each with its game's name and "out" once `make export` copied it;
how many in the title. OK on a game reads it back (its journal
replayed: "reading..." meanwhile) and shows where it ended: its headline
and, for a game with totals, each side's; a long OK there deletes it. The
last row deletes them all. Every deletion first names what goes, and says
how many of those were never exported: nothing goes without a yes.

What a past game shows is what its end showed the table: the headline and
the totals, never a secret (an Evil Robots side, a Robo Factory order).
"""

from micropython import const

from referee.screens import STEP, Screen

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

_VISIBLE = const(6)
_SIDES = const(5)  # a past game's totals: rows 2-6


def _number(name):
    return int(name[len("history-") : -4])


class History(Screen):
    def __init__(self, app):
        self.app = app
        self.index = 0
        self.top = 0
        self.message = None
        self.load()

    def load(self):
        """The list, read again (after a deletion)."""
        from referee import forget
        from referee.core import room

        self.games = room.history(self.app.storage)  # [(name, exported)], oldest first
        forget("referee.core.room")
        # Each row's game is read from its file's first line when the row
        # first shows: opening History reads the folder once and six lines,
        # however long the history (each file read is ~13 ms on the chip).
        self.rows = {}  # type: dict # index -> "3 ROBOTS!"
        self.index = min(self.index, len(self.games))

    def row(self, i):
        label = self.rows.get(i)
        if label is None:
            from referee.core.journal import Journal
            from referee.core.journal_line import game_of
            from referee.games import title

            name = self.games[i][0]
            game = game_of(Journal(self.app.storage, name))  # its first line alone
            what = "damaged"
            if game is not None:
                try:
                    what = title(game)
                except Exception:  # noqa: BLE001 - a game this referee has not
                    what = game[:12]
            label = self.rows[i] = "%d %s" % (_number(name), what)
        return label

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        count = len(self.games)
        if step and count:
            self.index = (self.index - step) % (count + 1)  # the games, then "delete all"
        elif ev == _OK_PRESS and self.index < count:
            name, exported = self.games[self.index]
            self.app.push(PastGame(self, name, exported, self.row(self.index)))
        elif ev == _OK_PRESS and count:
            others = 0
            for _name, exported in self.games:
                if not exported:
                    others += 1
            lines = ["all %d games" % count]
            if others:
                lines.append("%d NOT exported" % others)
            self.app.push(Confirm(self, [name for name, _x in self.games], lines))
        elif ev == _BACK_PRESS:
            self.app.pop()

    def draw(self, c):
        from referee.ui.lists import keep_visible, scroll_bar

        c.text("HISTORY", 2, 0)
        count = len(self.games)
        if count:
            c.right("%d game%s " % (count, "" if count == 1 else "s"), 0)
        c.invert_rows(0)
        if not count:
            c.centre("no past games", 3)
            self.hint(c, "BACK:menu")
            return
        self.top = keep_visible(self.top, self.index, _VISIBLE)
        for i in range(self.top, min(count + 1, self.top + _VISIBLE)):
            row = 1 + i - self.top
            if i < count:
                c.text(self.row(i), 4, row)
                if self.games[i][1]:
                    c.right("out ", row)
            else:
                c.text("delete all", 4, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _VISIBLE, count + 1)
        self.hint(c, "OK:open  BACK:menu")


class PastGame(Screen):
    """One past game, read back: its headline and totals."""

    def __init__(self, history, name, exported, label):
        self.app = history.app
        self.history = history
        self.name = name
        self.exported = exported
        self.label = label
        self.line = None  # read in the next loop step, once "reading..." shows
        self.sides = []  # type: list # (name, total), the leader first
        self.top = 0
        self.message = None
        self.app.later(self.read)

    def read(self):
        from referee import forget
        from referee.core.journal import Journal
        from referee.core.journal_read import resume

        try:
            _saved, rules, state = resume(Journal(self.app.storage, self.name), False)
        except Exception:  # noqa: BLE001 - MemoryError too: said, not a crash
            state = None
        forget("referee.core.journal_read")
        forget("referee.core.journal_line")
        self.app.dirty = True  # read in a step of its own: draw what it found
        if state is None:
            self.line = "not readable"
            return
        self.line = rules.headline(state)
        ledger = getattr(state, "ledger", None)
        if ledger is not None:  # the totals, as the game's end showed them
            for side in ledger.standings():
                self.sides.append((state.table.side_name(side), ledger.totals[side]))

    def on_event(self, ev):
        step = STEP[ev]
        if step:  # more sides than rows: UP/DOWN scroll them
            most = max(0, len(self.sides) - _SIDES)
            self.top = max(0, min(most, self.top - step))
        elif ev == _OK_LONG:
            lines = [self.label]
            if not self.exported:
                lines.append("NOT exported")
            self.app.replace(Confirm(self.history, [self.name], lines))
        elif ev == _BACK_PRESS or ev == _OK_PRESS:
            self.app.pop()

    def draw(self, c):
        c.centre(self.label, 0)
        c.invert_rows(0)
        if self.line is None:
            c.centre("reading...", 3)
            return
        c.text(self.line, 2, 1)
        sides = self.sides
        for i in range(self.top, min(len(sides), self.top + _SIDES)):
            row = 2 + i - self.top
            c.text(sides[i][0], 8, row)
            c.number_right(sides[i][1], c.width - 6, row)
        if len(sides) > _SIDES:
            from referee.ui.lists import scroll_bar

            scroll_bar(c, self.top, _SIDES, len(sides), 2, _SIDES)
        self.hint(c, "BACK  hold OK:delete")


class Confirm(Screen):
    """Deleting past games: what goes, named, before a yes."""

    def __init__(self, history, names, lines):
        self.app = history.app
        self.history = history
        self.names = names
        self.lines = lines
        self.message = None

    def on_event(self, ev):
        if ev == _OK_PRESS:
            from referee import forget
            from referee.core import room

            room.clear(self.app.storage, self.names)
            forget("referee.core.room")
            self.app.pop()
            self.history.load()
            self.history.message = "deleted"
        elif ev == _BACK_PRESS:
            self.app.pop()

    def draw(self, c):
        c.centre("DELETE?", 0)
        c.invert_rows(0)
        for i in range(len(self.lines)):
            c.centre(self.lines[i], 2 + i)
        c.centre("gone for good", 5)
        self.hint(c, "OK:delete  BACK:keep")
