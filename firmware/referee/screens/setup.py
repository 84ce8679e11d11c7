"""Setting up a game, one question at a time.

Each field is (key, label, lowest, highest, step, default, only) where
``only`` is 0, the only player count the question is asked for
(partnerships need four), or (key, value): asked only when an earlier answer
is that value. A field whose range is 0..1 is a yes/no. Then the names:
UP/DOWN pick a player, OK edits (a name kept, the next one is marked),
OK on the row below the names goes on (a long OK on any row does too);
then, if asked for, who
goes first: ``first`` is (key, question, only), or True for who deals.
Then the game starts: a new journal, and the game's screen (the registry's
play class) in place of this one; a setup the rules refuse is said on the
screen instead.

A game's setup opens on the last one started for it, read back from the
newest journal of that game (core/tables.py: nothing is written for it):
"same table?" with the names and the answers (screens/same_table.py, its
code loaded only while that page shows). OK takes it as it is (on to who
goes first, if asked), UP or DOWN changes it from the first question, the
answers as they were. OK on a name offers the names of the newest
journals (those not at the table already) before the letter editor.

Every game's questions are here, in QUESTIONS, so that opening a game loads
this module alone and its setup shows at once; the game's rules, its
screens and the code that starts a game load in the steps after, one
module a step, while the table reads the questions (a press meanwhile waits
for one module, not all of them). On the chip a module's load is a lookup among
every interned name for each name it has, and the game's own two were most
of the 100 ms a game took to open.
"""

from micropython import const

from referee import JOURNAL, forget
from referee.core.seats import default_names
from referee.games import entry, rules
from referee.screens import STEP, Screen, screens_of

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)
_OK_LONG = const(6)
_SAME = const(-1)  # the page of a remembered table, before the questions
_UP_REPEAT = const(8)  # this and above: UP or DOWN held, repeating
# The registry entry's fields (referee.games' GAME_*, as numbers in the code)
_GAME_NAME = const(0)
_GAME_PLAY = const(4)
_GAME_TITLE = const(1)


# Each game's questions (fields) and who goes first, if asked: (fields, first)
QUESTIONS = {  # type: dict
    "scorepad": (
        (
            ("players", "players", 2, 9, 1, 4, 0),
            ("target", "play to (0: no end)", 0, 5000, 10, 100, 0),
        ),
        None,
    ),
    "evil": (
        (
            ("players", "players", 3, 9, 1, 5, 0),
            ("robot", "add the robot seat?", 0, 1, 1, 0, 0),
            ("target", "play to", 1, 30, 1, 10, 0),
        ),
        None,
    ),
    "factory": (
        (
            ("players", "players", 2, 6, 1, 3, 0),
            ("device", "device is customer?", 0, 1, 1, 0, 0),
            ("rounds", "orders per player", 1, 9, 1, 2, ("device", 1)),
            ("tiebreak", "tie-break rounds?", 0, 1, 1, 0, 0),
        ),
        ("first", "first customer?", ("device", 0)),
    ),
    "robots": (
        (
            ("players", "players", 2, 6, 1, 4, 0),
            ("target", "play to", 50, 1000, 10, 250, 0),
        ),
        True,
    ),
    "robber": (
        (
            ("players", "players", 2, 5, 1, 4, 0),
            ("teams", "partners 1+3, 2+4?", 0, 1, 1, 0, 4),
            ("sitting", "best 4 of 7 games?", 0, 1, 1, 0, 2),
            ("target", "play to", 50, 1000, 10, 400, 0),
        ),
        True,
    ),
    "duel": (
        (
            ("jokers", "play with jokers?", 0, 1, 1, 0, 0),
            ("wins", "duels to win", 1, 9, 1, 2, 0),
        ),
        ("black", "who plays black?", 0),
    ),
}


class GameSetup(Screen):
    # Set only when they apply: a setup on a fresh device (no journal) or
    # with no table to offer keeps its instance's table of names small,
    # which the collector takes back at the start (docs/figures.md).
    in_play = None  # the game in play (its journal's), or JOURNAL: not asked yet
    seen = None  # the names of the latest games, once read (_recent)
    opening = False  # the UP or DOWN that left "same table?" still held
    known = None  # the table set up last, while it can be gone back to

    def __init__(self, app, name, in_play=JOURNAL):
        """``in_play``: the game of the journal on flash, if the caller read
        it (None: none there), or JOURNAL: not known (core/tables.py)."""
        Screen.__init__(self, app)
        self.game = entry(name)  # RulesError for a game this referee lacks
        self.title = self.game[_GAME_TITLE].upper()
        fields, first = QUESTIONS[name]
        self.fields = fields
        self.values = {"players": 2}  # a two-player game asks no count
        for field in fields:
            self.values[field[0]] = field[5]
        self.first = ("dealer", "who deals first?", 0) if first is True else first
        self._loading = 0
        app.later(self._load_next)
        self.page = 0  # a field's index; then "names"; then "dealer"
        self.names = []  # type: list
        self.index = 0
        self.dealer = 0
        if in_play is None:
            return  # no journal on flash: no game was ever started, nothing to read
        self.in_play = in_play
        from referee.core.tables import last_setup

        forget("referee.core.tables")  # read once a setup (and the names once): not kept
        known = last_setup(app.storage, name, in_play)
        if known is not None:
            self.known = known
            if not self._same_table():
                self.known = None  # an answer the questions could not give: no table

    def _same_table(self):
        """Show the remembered table (self.known), its answers taken; False
        if the questions could not have given it."""
        from referee.screens.same_table import recall

        if recall(self, self.known):
            self.page = _SAME
            return True
        forget("referee.screens.same_table")
        return False

    def _load_next(self):
        """One more module the start needs, loaded once the setup shows
        (app.later): the game's rules, its screens, a session's, the
        history's; then no more."""
        step = self._loading
        self._loading += 1
        if step == 0:
            rules(self.game[_GAME_NAME])
        elif step == 1:
            screens_of(self.game)
        elif step == 2:
            import referee.core.session  # noqa: F401 (and the journal's, which it loads)
        else:
            import referee.core.history  # noqa: F401

            return
        self.app.later(self._load_next)

    def _asked(self, page):
        if page == len(self.fields):
            return True  # the names
        if page > len(self.fields):
            first = self.first
            return page == len(self.fields) + 1 and first is not None and self._only(first[2])
        return self._only(self.fields[page][6])

    def _only(self, only):
        if isinstance(only, tuple):
            return self.values[only[0]] == only[1]
        return only == 0 or only == self.values["players"]

    def _move(self, direction):
        page = self.page + direction
        while 0 <= page < len(self.fields) and not self._asked(page):
            page += direction
        if page < 0:
            if self.page != 0 or self.known is None or not self._same_table():
                self.app.pop()
            return  # (back from the first question: the table as it was)
        if self.page == _SAME:  # the same table: on to who goes first
            forget("referee.screens.same_table")
            page = len(self.fields) + 1
        if page == len(self.fields) and len(self.names) != self.values["players"]:
            self.names = _seated(self.names, self.values["players"])
            self.index = 0
            self.dealer = 0
        if page > len(self.fields) and not self._asked(page):
            self._start()
            return
        self.page = page

    def _start(self):
        setup = {"players": list(self.names)}  # type: dict
        for field in self.fields:
            if field[0] != "players" and self._asked(self.fields.index(field)):
                value = self.values[field[0]]
                setup[field[0]] = bool(value) if field[3] == 1 else value
        if self._asked(len(self.fields) + 1):
            setup[self.first[0]] = self.dealer
        if _short(self.app.storage.root):
            # a nearly full flash: the oldest games named, and deleted on a yes
            from referee.core import room

            exported, others = room.plan(self.app.storage, ROOM)
            if exported or others:
                from referee.screens.confirm import Confirm, making_room

                lines = making_room(exported, others)
                go = lambda: self._begin(setup)  # noqa: E731 - once the room is made
                self.app.push(Confirm(self.app, "FLASH NEARLY FULL", exported + others, lines, go))
                return
        self._begin(setup)

    def _begin(self, setup):
        # the game's code and the session's load as the game starts, not
        # while setting up (see above)
        from referee.core.errors import RulesError
        from referee.core.session import Session

        game = self.game
        try:
            session = Session.start(self.app.storage, rules(game[_GAME_NAME]), setup, self.app)
        except RulesError as e:
            self.message = str(e)
            return
        except OSError as e:
            # ENOTDIR: a file named data where the games' folder belongs
            self.message = "data is not a folder" if e.errno == 20 else "flash full: not started"
            return
        screen = getattr(screens_of(game), game[_GAME_PLAY])(self.app, session)
        if session.journal.shelved is not None:  # an unfinished game made room
            screen.message = "old game: in History"
        self.app.replace(screen)
        # The letter editor and the names' list are done with until the
        # menu (which drops every game's code anyway): the game plays
        # without them, 0.6 and 0.4 KB of the chip's heap. This module stays
        # until the menu: dropped here, its 2.7 KB were garbage in the
        # start's press, 30 B more for each button event of the scenarios
        # (docs/figures.md).
        forget("referee.screens.name_edit")
        forget("referee.screens.name_pick")

    def _recent(self):
        """The names of the newest games (core/tables.py), newest first,
        read once a setup: each journal read is a file opened."""
        if self.seen is None:
            if self.in_play is None:
                return ()  # no journal on flash: no names typed yet
            from referee.core.tables import recent_names

            forget("referee.core.tables")
            self.seen = recent_names(self.app.storage, self.in_play)
        return self.seen

    def on_event(self, ev):
        step = STEP[ev]
        self.message = None
        names_page = len(self.fields)
        if self.page == _SAME:
            if step:  # changed from the first question, the answers as they were
                forget("referee.screens.same_table")
                self.page = 0
                self.opening = True  # its repeats change no answer
            elif ev == _OK_PRESS or ev == _OK_LONG:
                self._move(1)
            elif ev == _BACK_PRESS:
                self.app.pop()
            return
        if self.opening and ev >= _UP_REPEAT:
            return
        self.opening = False
        if step:
            if self.page < names_page:
                key, _, low, high, size = self.fields[self.page][:5]
                self.values[key] = min(high, max(low, self.values[key] + step * size))
            elif self.page == names_page:
                self.move(step, len(self.names) + 1)  # and the row that goes on
            else:
                self.dealer = (self.dealer + step) % len(self.names)
        elif ev == _OK_PRESS and self.page == names_page and self.index < len(self.names):
            now = self.names[self.index]
            offers = [n for n in self._recent() if n == now or n not in self.names]
            # loaded when first opened, for the heap (see referee.screens)
            if offers:
                from referee.screens.name_pick import NamePick

                self.app.push(NamePick(self.app, offers, self.rename, now))
            else:
                from referee.screens.name_edit import NameEdit

                self.app.push(NameEdit(self.app, now, self.rename))
        elif ev == _OK_PRESS or ev == _OK_LONG:
            self._move(1)
        elif ev == _BACK_PRESS:
            self._move(-1)

    def rename(self, name):
        for seat in range(len(self.names)):
            if seat != self.index and self.names[seat] == name:
                return "%s is taken" % name
        self.names[self.index] = name
        self.index += 1  # on to the next name, after the last to the row that goes on
        return None

    def draw(self, c):
        c.centre(self.title, 0)
        c.invert_rows(0)
        names_page = len(self.fields)
        if self.page == _SAME:
            from referee.screens.same_table import draw

            draw(self, c)
        elif self.page < names_page:
            key, label, low, high = self.fields[self.page][:4]
            c.centre(label, 1)
            value = self.values[key]
            if high == 1:
                c.centre("yes" if value else "no", 3, scale=2)
            else:
                c.big_number_centre(value, 2)
            self.hint(c, "UP/DOWN:set  OK:next")
        elif self.page == names_page:
            count = len(self.names)
            top = max(0, min(self.index - 2, count - 5))  # six rows of count + 1
            last = self._asked(names_page + 1)  # a question follows, or the start
            for seat in range(top, min(count, top + 5) + 1):
                row = 1 + seat - top
                if seat < count:
                    c.number(seat + 1, 4, row)
                    c.text(self.names[seat], 24, row)
                else:
                    c.text("> next" if last else "> start", 24, row)
                if seat == self.index:
                    c.invert_rows(row)
            if self.index < count:
                self.hint(c, "OK:change the name")
            else:
                self.hint(c, "OK:next  BACK:back" if last else "OK:start  BACK:back")
        else:
            c.centre(self.first[1], 1)
            c.centre(self.names[self.dealer], 3, scale=2)
            self.hint(c, "OK:start  BACK:back")


def _seated(names, count):
    """``names`` cut or filled to ``count`` seats: the names kept, a new
    seat named P and its number (or the first such name not taken)."""
    plain = default_names(count)
    if not names:  # the questions' first pass: no comprehension, no copy
        return plain
    names = names[:count]
    for seat in range(len(names), count):
        name = plain[seat]
        free = 0
        while name in names:  # a kept name took it: the first plain one not taken
            name = plain[free]
            free += 1
        names.append(name)
    return names


# A new game must find this much free: a long game's journal, its two
# snapshots and the rewrites that replace them (each written whole beside
# the old one before the rename).
ROOM = 64 * 1024


def _short(root):
    """Whether the flash has less than ROOM free: asked of the filesystem
    itself, so core/room.py loads only when it does."""
    import os  # a built-in, registered by main.py: one lookup

    try:
        st = os.statvfs(root)
    except (OSError, AttributeError):  # not known: the start says if it is full
        return False
    return st[0] * st[3] < ROOM
