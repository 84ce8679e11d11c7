"""History: the games kept on the flash (issue 20), oldest first by their
number, each with its game's name; the title names the highlighted game's
night, and the key line says "exported" when `make export` has copied it. OK on a game reads it back
(its journal replayed: "reading..." meanwhile) and shows where it ended:
its headline and, for a game with totals, each side's; a long OK there
deletes it. The last row deletes them all. Every deletion first names what
goes, and says how many of those were never exported: nothing goes
without a yes (screens/confirm.py). OK on a game left unfinished takes it
back into play (a game in play that is not finished goes into the history
in its place, after a yes).

The rows come from the history's index (core/history.py), a record read for
each row as it first shows: opening History costs the same however many
games are kept.

What a past game shows is what its end showed the table: the headline and
the totals, never a secret (an Evil Robots side, a Robo Factory order).
"""

from micropython import const

from referee.screens import STEP, Screen, keep_visible
from referee.screens.confirm import Confirm
from referee.ui.lists import scroll_bar

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)

_VISIBLE = const(6)


def _load_reader():
    """The journal's reader, loaded once the list shows (app.later), so that
    OK on a game reads it at once: loading it then made that press 100 ms
    on the chip, a quarter of it this import."""
    import referee.core.journal  # noqa: F401
    import referee.core.journal_read  # noqa: F401


class History(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.load()
        if self.count:
            app.later(_load_reader)

    def load(self):
        """The count, read again (after a deletion). core/history.py stays
        loaded while History is open: each row reads its record with it."""
        from referee.core import history

        self.count = history.count(self.app.storage)
        self.rows = {}  # type: dict # index -> (file, "3 ROBOTS!", exported, night)
        self.index = min(self.index, self.count)

    def deleted(self):
        self.load()
        self.message = "deleted"

    def row(self, i):
        found = self.rows.get(i)
        if found is None:
            from referee.core import history
            from referee.games import title

            number, game, night, exported = history.record(self.app.storage, i)
            try:
                what = title(game)
            except Exception:  # noqa: BLE001 - no game this referee has
                what = "damaged"
            found = self.rows[i] = (
                history.name_of(number),
                "%d %s" % (number, what),
                exported,
                night,
            )
        return found

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        count = self.count
        if step and count:
            self.move(step, count + 1)  # the games, then "delete all"
        elif ev == _OK_PRESS and self.index < count:
            self.app.push(PastGame(self, self.row(self.index)))
        elif ev == _OK_PRESS and count:
            from referee.core import history

            names = []
            others = 0
            for number, _game, _night, exported in history.listed(self.app.storage):
                names.append(history.name_of(number))
                others += not exported
            if count == 1:
                lines = ["the only game", "NOT exported" if others else ""]
            else:
                lines = ["all %d games" % count, "%d NOT exported" % others if others else ""]
            self.app.push(
                Confirm(self.app, "DELETE?", names, lines + ["", "gone for good"], self.deleted)
            )
        elif ev == _BACK_PRESS:
            self.app.pop()

    def draw(self, c):
        c.text("HISTORY", 2, 0)
        count = self.count
        if self.index < count and self.row(self.index)[3]:
            c.right("night %d " % self.row(self.index)[3], 0)
        elif count:
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
                c.text(self.row(i)[1], 4, row)
            else:
                c.text("delete all", 4, row)
            if i == self.index:
                c.invert_rows(row)
        scroll_bar(c, self.top, _VISIBLE, count + 1)
        # a row has no room for the word (a game's name runs to column 99)
        exported = self.index < count and self.row(self.index)[2]
        self.hint(c, "exported  OK:open" if exported else "OK:open  BACK:menu")


class PastGame(Screen):
    """One past game, read back: its headline and totals."""

    def __init__(self, history, row):
        Screen.__init__(self, history.app)
        self.history = history
        self.name, self.label, self.exported, _night = row
        self.line = None  # read in the next loop step, once "reading..." shows
        self.sides = []  # type: list # (name, total), the leader first
        self.first = 2  # the row of the first side: 3 under "not finished"
        self.resumable = False  # an unfinished game: OK takes it back into play
        self.top = 0
        self.app.later(self.read)

    def read(self):
        from referee.core.journal import Journal
        from referee.core.journal_read import resume
        from referee.games import rules as find_rules

        try:
            _saved, rules, state = resume(Journal(self.app.storage, self.name), find_rules, False)
        except Exception:  # noqa: BLE001 - MemoryError too: said, not a crash
            state = None
        self.app.dirty = True  # read in a step of its own: draw what it found
        if state is None:
            self.line = "not readable"
            return
        self.line = rules.headline(state)
        if not state.over:  # set aside by a new game: say so, not a result
            self.first = 3
            self.resumable = True
        ledger = getattr(state, "ledger", None)
        if ledger is not None:  # the totals, as the game's end showed them
            for side in ledger.standings():
                self.sides.append((state.table.side_name(side), ledger.totals[side]))

    def on_event(self, ev):
        step = STEP[ev]
        if step:  # more sides than rows: UP/DOWN scroll them
            most = max(0, len(self.sides) - (7 - self.first))
            self.top = max(0, min(most, self.top - step))
        elif ev == _OK_LONG:
            lines = [self.label, "" if self.exported else "NOT exported", "", "gone for good"]
            self.app.replace(Confirm(self.app, "DELETE?", [self.name], lines, self.history.deleted))
        elif ev == _OK_PRESS and self.resumable:
            self._resume()
        elif ev == _BACK_PRESS or ev == _OK_PRESS:
            self.app.pop()

    def _resume(self):
        """Take this game back into play; a game in play that is not
        finished goes into the history in its place, after a yes."""
        from referee.core.journal import Journal
        from referee.core.journal_line import finished, game_of

        journal = Journal(self.app.storage)
        if not journal.exists() or finished(journal.storage):
            self._take_back()
            return
        from referee.games import title

        try:
            playing = title(game_of(journal.storage))
        except Exception:  # noqa: BLE001 - a header that does not read
            playing = "the game"
        lines = [playing, "in play goes to", "History"]
        self.app.push(
            Confirm(self.app, "RESUME?", [], lines, self._take_back, "OK:resume  BACK:keep")
        )

    def _take_back(self):
        from referee.core import history
        from referee.core.journal import Journal
        from referee.screens.games import open_game, saved_game, tell_problem

        app = self.app
        journal = Journal(app.storage)
        try:
            history.take_back(journal, self.name)
        except OSError:
            self.message = "flash error: not moved"
            return
        app.snapshot_due = None  # the game it was for is in History now
        app.pop()  # this screen
        app.pop()  # History: the menu
        saved, session = saved_game(app)
        if session is None:
            if saved.problem is not None:
                tell_problem(app, saved)
            return
        screen = open_game(app, session)
        if journal.shelved is not None:  # an unfinished game made room
            screen.message = "old game: in History"
        app.push(screen)

    def draw(self, c):
        c.centre(self.label, 0)
        c.invert_rows(0)
        if self.line is None:
            c.centre("reading...", 3)
            return
        c.text(self.line, 2, 1)
        first = self.first
        shown = 7 - first  # rows for the sides, down to the hint's
        if first == 3:
            c.centre("not finished", 2)
        sides = self.sides
        for i in range(self.top, min(len(sides), self.top + shown)):
            row = first + i - self.top
            c.text(sides[i][0], 8, row)
            c.number_right(sides[i][1], c.width - 6, row)
        if len(sides) > shown:
            scroll_bar(c, self.top, shown, len(sides), first, shown)
        self.hint(c, "OK:resume hold OK:del" if self.resumable else "BACK  hold OK:delete")
