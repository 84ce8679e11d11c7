"""After a reset: offer back the game that was being played, or say why it
cannot be.

The offer shows as soon as the journal's header names the game, and the
game is rebuilt from the journal in the next loop step, while the table
reads the offer (on the chip the rebuild takes a few hundred ms: it loads
the game's code and replays the steps since the last snapshot). Then the
offer says where the game stood. A press meanwhile waits for the rebuild
(the buttons latch it); BACK before it leaves the game unread and saved.
A header that does not name a game is handled at once, as before: the
file is read, set aside if damaged, and the reason shown.

Used once a boot, this module unloads itself when the offer is answered
(its code would otherwise sit in the heap beside the game's)."""

from micropython import const

from referee.core.journal_line import finished, game_of
from referee.games import title
from referee.screens import Screen
from referee.ui.canvas import COLUMNS, text_width

# The events this screen takes (kind << 2 | button, as referee.screens says)
_OK_PRESS = const(2)
_BACK_PRESS = const(3)


def offer(app):
    """At boot, when a journal is on flash: push the resume offer and
    rebuild the game in the next step; or, for a header that names no
    game this referee has, what rebuild() would say."""
    try:
        # a header that does not read, or names no game in the registry
        screen = ResumeOffer(app, game_of(app.storage))
    except Exception:  # noqa: BLE001 - MemoryError too: _settle says why
        _settle(app, None)
        return
    if finished(app.storage):  # nothing to offer: the menu, on the game last played
        app.menu_back(screen)
        return
    app.push(screen)
    app.later(screen.rebuild)


def _settle(app, screen):
    """Read the saved game and show what it holds: the offer (``screen``,
    or a new one when None) with the game in it, which is returned; or,
    with the offer gone, a notice if the file is unusable, or nothing for a
    finished game (None)."""
    # the game's loader: in the rebuild's step, once the offer shows
    from referee.screens.games import saved_game, tell_problem

    saved, session = saved_game(app)
    if session is not None and not session.state.over:
        # The game's screen draws its scroll bar with ui/lists.py: loaded
        # once the complete offer shows, while the table reads it, not with
        # the game's screen after OK (a file to open: 9 ms on the chip), nor
        # before the reading (the room a 5,000-action game needs).
        app.later(_load_lists)
        if screen is None:
            screen = ResumeOffer(app, session.rules.NAME)
            app.push(screen)
        screen.session = session
        app.dirty = True
        if saved.problem is not None:  # the good part of a damaged file: say so first
            tell_problem(app, saved)
        return screen
    if screen is not None and app.screen is screen:
        screen.game = None  # nothing to resume: the menu stays on its top row
        app.pop()
    if saved.problem is not None:
        tell_problem(app, saved)
    return None


def _load_lists():
    import referee.ui.lists  # noqa: F401


class ResumeOffer(Screen):
    def __init__(self, app, game):
        Screen.__init__(self, app)  # its session: None until rebuild()
        self.game = game  # the registry's name: BACK leaves the menu on its row
        self.title = title(game)

    def rebuild(self):
        """Read the game back (a slow step, run once the offer shows)."""
        if self.session is None and self.app.screen is self:
            _settle(self.app, self)

    def on_event(self, ev):
        if ev == _OK_PRESS:
            if self.session is None:  # pressed before the rebuild's step
                self.app.later(None)
                if _settle(self.app, self) is None or self.app.screen is not self:
                    return  # a notice (the offer waits under it), or the menu
            # loaded already by the rebuild: here, not before the offer shows
            from referee.screens.games import open_game

            self.app.replace(open_game(self.app, self.session))
        elif ev == _BACK_PRESS:
            self.app.later(None)  # nothing to read: the game stays saved
            self.app.pop()  # the menu reopens it, its cursor on the game's row
            self.app.screen.message = "saved: OK resumes it"

    def draw(self, c):
        c.centre("RESUME?", 0)
        c.invert_rows(0)
        title = self.title
        c.centre(title, 2, scale=2 if text_width(title, 2) <= c.width else 1)
        session = self.session
        if session is None:
            c.centre("reading...", 4)
            self.hint(c, "OK:resume  BACK:menu")
            return
        line = session.rules.headline(session.state)
        row = 4
        if len(line) > COLUMNS:  # long names: two rows, broken at a space
            cut = line.rfind(" ", 0, COLUMNS + 1)
            cut = cut if cut > 0 else COLUMNS
            c.centre(line[:cut], row)
            line = line[cut:].strip()[:COLUMNS]
            row += 1
        c.centre(line, row)
        count = session.journal.count
        c.centre("%d step%s saved" % (count, "" if count == 1 else "s"), row + 1)
        self.hint(c, "OK:resume  BACK:menu")
