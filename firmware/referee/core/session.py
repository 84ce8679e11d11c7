"""A game in play: its rules, its state and its journal, kept in step.

Every change goes through ``act``: the rules check the action first (a bad
one raises RulesError and changes nothing), then it is appended to the
journal. If the flash refuses the write, the state is rebuilt from the
journal, so the game never goes on from what was not saved.

On the device the append waits for the panel: a session opened by a screen
has ``loop`` (the App), and ``act`` leaves the action to ``save``, which
the loop calls in the same step right after the panel shows the action.
A snapshot due waits longer, for the table's next pause (the loop's tidy
step): it is a file of a few KB, one or two flash erases (75 ms on the
chip at 500 actions, 370 ms at 5,000), and a press meanwhile would wait.
An append to a littlefs file that does not end on a block boundary copies
its last block into a freshly erased one, and a 4 KB erase takes about
45 ms: the table sees its press at once, and the action is on flash some
50 ms later, before the next press is handled. Without a loop (tools,
tests of the core) ``act`` saves before it returns.

Undo takes back the last action, unless the rules marked it final: a state
whose ``final`` names a reason (a deal whose cards were seen, a robot
revealed) refuses, so undo can mend a wrong button but never buy a second
look at a secret. The action an undo took back is kept in ``undone`` (until
the next act) for a screen that redoes it with the same die rolls.
"""

from referee.core.errors import RulesError
from referee.core.journal import SNAPSHOT_EVERY, Journal


class Session:
    def __init__(self, journal, rules, state, loop=None):
        self.journal = journal
        self.rules = rules
        self.state = state
        self.loop = loop  # the App that saves after the redraw, or None: save at once
        self.unsaved = None  # the action acted on and not yet on flash
        self.last = None  # the last action acted on since the game opened
        self.undone = None  # the action the last undo took back

    @classmethod
    def start(cls, storage, rules, setup, loop=None):
        state = rules.setup(setup)  # refuses a bad setup before any file is touched
        journal = Journal(storage)
        # A power-on's first new game begins a night (the app keeps
        # whether one has begun: core/history.py).
        journal.begin(rules.NAME, setup, loop is not None and not loop.night_begun)
        if loop is not None:  # begun: a refused begin leaves the old game in play
            loop.night_begun = True
            # The game in play changed: the old one's pending snapshot would
            # be written beside the new one's journal, and would say that
            # game is the one in play (screens/games.py trusts it).
            loop.snapshot_due = None
        return cls(journal, rules, state, loop)

    def act(self, action):
        """Apply one action and save it (now, or with a loop once the panel
        shows it). Returns None, or a message saying why nothing changed."""
        message = self.save()  # two events in one loop step: the first goes first
        if message is None:
            try:
                self.state = self.rules.step(self.state, action)
            except RulesError as e:
                return str(e)
            self.last = action
            self.undone = None
            self.unsaved = action
            if self.loop is None:
                return self.save()
            self.loop.unsaved = self
        return message

    def save(self):
        """Append the action ``act`` left unsaved, if any, and take the
        snapshot that is due. Returns None, or a message saying that the
        action is not on flash (the state is then rebuilt from the journal:
        the game goes on from what was saved)."""
        action = self.unsaved
        if action is not None:
            self.unsaved = None
            try:
                self.journal.record(action)
            except OSError:
                count = self.journal.count
                self._rebuild()
                if self.journal.count > count:
                    return None  # all but the newline landed: the record is whole
                return "not saved: the flash refused it"
            if self.state.over:  # a finished game's last snapshot says so (resume.py)
                self._snapshot_soon()
                return None
        if self.journal.lines_since >= SNAPSHOT_EVERY:  # no call on most presses
            self._snapshot_soon()
        return None

    def _snapshot_soon(self):
        """A snapshot is due: now without a loop, else in the table's next
        pause, unless two periods have gone by without one (no pause in
        48 lines: a resume must not replay a whole game's worth)."""
        if self.loop is None or self.journal.lines_since >= 2 * SNAPSHOT_EVERY:
            self._snapshot()
        else:
            self.loop.snapshot_due = self

    def snapshot_if_due(self):
        """The loop's pause: the snapshot that _snapshot_soon put off (a
        finished game's too: taken in the save, with the save's own erase,
        it made that press 100 ms on the chip)."""
        journal = self.journal
        if journal.lines_since >= SNAPSHOT_EVERY or (
            self.state.over and journal.snaps[0] != journal.count
        ):
            self._snapshot()

    def _snapshot(self):
        """Every few dozen journal lines, keep the state beside the journal
        (snapshot.py), so a resume or an undo replays only what follows."""
        from referee.core import snapshot  # every few dozen lines

        snapshot.write(self.journal, self.rules, self.state)

    def undo(self):
        """Take back the last action. Returns None or why not."""
        message = self.save()
        if message is not None:
            return message
        if self.journal.count == 0:
            return "nothing to undo"
        final = getattr(self.state, "final", None)
        if final:
            return "no undo: %s" % final
        count = self.journal.count
        try:
            self.journal.undo()
        except OSError:
            self._rebuild()
            if self.journal.count == count:
                return "not undone: the flash refused it"
            # all but the newline landed: the undo line is whole, it counts
        self.undone, self.last = self.last, None
        # The game is rebuilt from the journal, which now says undone: the
        # state in hand is stale, and letting it go first means the heap
        # never holds two (a 5,000-action game's ledger alone is 20 KB; on
        # the chip, with both, the rebuild ran out of memory). A rebuild
        # that fails leaves no state: the journal cannot be read, and the
        # game is not played on from a state it does not hold.
        self.state = None
        self._rebuild()
        if self.journal.lines_since >= SNAPSHOT_EVERY:
            self._snapshot_soon()  # in a pause, as an action's
        return None

    def _rebuild(self):
        import gc  # a built-in: one lookup

        from referee.core.journal_read import (
            resume,  # undo, refused write: 10 KB (VM) with its readers
        )

        gc.collect()  # as at boot (screens/games.py): the arrays read next need 1 KB runs
        own = self.rules  # its own journal: no registry needed (nor loaded)
        saved, rules, state = resume(self.journal, lambda _name: own)
        if state is not None:
            self.state = state
