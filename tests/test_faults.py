"""Storage faults at the seam, on real files: the flash full part-way through
an append, an OSError on a write, a power cut at every byte of every kind of
write, a damaged settings file. Each time: a clear message, nothing that was
committed is lost, and the referee keeps working."""

import json

import pytest
from conftest import SCENARIOS
from flash_faults import EIO, FlashFaults, PowerCut

from referee import settings
from referee.core import snapshot
from referee.core.journal import FILE, SNAPS, Journal
from referee.core.journal_read import resume
from referee.core.record import seal
from referee.core.session import Session
from referee.games import rules
from referee.games import rules as find_rules
from referee.hw.storage import Storage
from rig import Rig

SETUP = {"players": ["ANN", "BOB"], "target": 100}
FIRST = [{"a": "score", "seat": 0, "pts": 25}, {"a": "score", "seat": 1, "pts": 10}]
NEXT = {"a": "score", "seat": 0, "pts": 30}
SCORE_PAD = "down\nok\nok\nok\nok long"  # menu, 4 players, target 100, names: start


def reboot(folder="data"):
    """What a fresh boot finds: (problem, actions replayed, totals)."""
    saved, _, state = resume(Journal(Storage(folder)), find_rules)
    return saved.problem, saved.actions, (state.ledger.totals if state else None)


def started(folder="data"):
    session = Session.start(Storage(folder), rules("scorepad"), SETUP)
    for action in FIRST:
        assert session.act(action) is None
    return session


def test_flash_full_at_every_byte_of_an_append(flash, monkeypatch):
    faults = FlashFaults(monkeypatch)
    record = len(bytes(seal(NEXT)))
    for room in range(record):
        folder = f"full{room}"
        session = started(folder)
        faults.room = room
        message = session.act(NEXT)
        if room == record - 1:
            # only the newline missed the flash: the sealed record is whole
            assert message is None and reboot(folder) == (None, 3, [55, 10])
            continue
        assert message == "not saved: the flash refused it"
        assert session.state.ledger.totals == [25, 10]  # the screen shows what is saved
        assert reboot(folder) == (None, 2, [25, 10])
        faults.room = None  # a file was deleted: room again
        assert session.act(NEXT) is None
        assert session.state.ledger.totals == [55, 10]
        # 25 + 30 for ANN, 10 for BOB: the action after the failed one is whole
        assert reboot(folder) == (None, 3, [55, 10])


def test_flash_full_at_every_byte_of_an_undo(flash, monkeypatch):
    faults = FlashFaults(monkeypatch)
    line = len(bytes(seal({"undo": 1})))
    for room in range(line):
        folder = f"full{room}"
        session = started(folder)
        faults.room = room
        message = session.undo()
        faults.room = None
        if room == line - 1:
            # only the newline missed the flash: the undo line is whole
            assert message is None and session.state.ledger.totals == [25, 0]
            assert reboot(folder) == (None, 1, [25, 0])
            continue
        assert message == "not undone: the flash refused it"
        assert session.state.ledger.totals == [25, 10]  # the screen shows what is saved
        assert reboot(folder) == (None, 2, [25, 10])
        assert session.undo() is None  # room again: the next undo lands cleanly
        assert reboot(folder) == (None, 1, [25, 0])


def test_an_oserror_on_write_changes_nothing(flash, monkeypatch):
    faults = FlashFaults(monkeypatch)
    session = started()
    faults.fail_next = EIO
    assert session.act(NEXT) == "not saved: the flash refused it"
    faults.fail_next = EIO
    assert session.undo() == "not undone: the flash refused it"  # the rewrite failed
    assert session.state.ledger.totals == [25, 10]
    assert reboot() == (None, 2, [25, 10])
    assert Storage("data").read(FILE + ".tmp") is None  # the half copy was cleaned up
    assert session.undo() is None and reboot() == (None, 1, [25, 0])


# Each kind of write the referee makes: (do, before, after), what a boot
# finds if the write never happened and if it completed.
WRITES = {
    "append": (lambda s: s.act(NEXT), (None, 2, [25, 10]), (None, 3, [55, 10])),
    "undo": (lambda s: s.undo(), (None, 2, [25, 10]), (None, 1, [25, 0])),
    "settings": (
        lambda s: settings.save(s.journal.storage, dict(settings.DEFAULTS, bright=2)),
        (None, 2, [25, 10]),
        (None, 2, [25, 10]),
    ),
}


@pytest.mark.parametrize("kind", sorted(WRITES))
def test_a_power_cut_at_every_byte_of_a_write(flash, monkeypatch, kind):
    faults = FlashFaults(monkeypatch)
    do, before, after = WRITES[kind]
    # how many bytes the whole write takes
    session = started("probe")
    faults.written = 0
    do(session)
    size = faults.written
    assert size > 0
    for cut in range(size + 1):
        folder = f"cut{cut}"
        session = started(folder)
        faults.cut_after = cut
        try:
            do(session)
        except PowerCut:
            pass
        faults.cut_after = None
        found = reboot(folder)
        assert found in (before, after), (cut, found)
        if cut < size - 1 or (cut < size and kind == "settings"):
            # an append lands whole only when its CRC does (the newline may
            # still be missing); a whole-file write only by its rename
            assert found == before
        values, problem = settings.load(Storage(folder))
        assert problem is None and values["bright"] in (4, 2)
        # and the referee goes on: the next action is saved and replays
        journal = Journal(Storage(folder))
        _, game_rules, state = resume(journal, find_rules)
        Session(journal, game_rules, state).act(NEXT)
        assert reboot(folder)[1] == found[1] + 1


def test_a_damaged_settings_file_gives_defaults_and_a_note(flash):
    from referee.screens.notice import Notice
    from referee.settings import DEFAULTS

    Storage("data").write("settings", b'{"bright": 1, "flip": 1} 0badc0de\n')
    rig = Rig()
    assert rig.app.settings == DEFAULTS
    assert isinstance(rig.app.screen, Notice) and "settings file damaged" in rig.app.screen.lines
    kept = Storage("data").read("settings.bad1")
    assert kept == b'{"bright": 1, "flip": 1} 0badc0de\n'  # kept aside, not lost
    rig.play("ok\nup\nok\ndown\nok")  # dismiss, Settings, Bright 4 -> 1
    assert Rig().app.settings["bright"] == 1  # saving works again


def test_every_damaged_settings_file_is_kept(flash):
    # Two damaged files, two boots: the second does not replace the first.
    Storage("data").write("settings", b"first damage\n")
    Rig()
    Storage("data").write("settings", b"second damage\n")
    Rig()
    assert Storage("data").read("settings.bad1") == b"first damage\n"
    assert Storage("data").read("settings.bad2") == b"second damage\n"


def test_the_settings_note_speaks_of_a_game_only_when_there_is_one(flash):
    from referee.screens.notice import Notice

    Storage("data").write("settings", b"not a sealed line\n")
    note = Rig().app.screen
    assert isinstance(note, Notice) and note.lines == ("settings file damaged",)
    started()  # a game on flash, then the settings damaged again
    Storage("data").write("settings", b"not a sealed line\n")
    note = Rig().app.screen  # over the resume offer
    assert isinstance(note, Notice)
    assert note.lines == ("settings file damaged", "your game is saved")


def test_flash_full_at_the_table_says_so_and_keeps_the_score(flash, monkeypatch):
    from conftest import on_stack

    from referee.scorepad.play import ScorePad
    from referee.screens.notice import Notice

    rig = Rig()
    rig.play(SCORE_PAD + "\nok\nup\nok")  # and 1 point for P1
    pad = on_stack(rig, ScorePad)
    faults = FlashFaults(monkeypatch)
    faults.room = 0
    rig.play("ok long")  # next round: shown, then refused by the flash
    notice = rig.app.screen
    assert isinstance(notice, Notice) and notice.title == "NOT SAVED"
    assert reboot()[1] == 1  # on flash: the point, not the round's end
    faults.room = None
    rig.play("ok\nok")  # dismiss; the resume offer under it: resume
    pad = on_stack(rig, ScorePad)
    assert pad.session.state.round == 1 and pad.session.state.ledger.totals[0] == 1
    rig.play("ok long")
    assert pad.message is None and pad.session.state.round == 2
    assert reboot()[1] == 2  # the score and the round's end


def test_flash_full_when_a_game_starts(flash, monkeypatch):
    from referee.screens.setup import GameSetup

    rig = Rig()
    rig.play("down\nok\nok\nok")  # the score pad's setup, on its names page
    faults = FlashFaults(monkeypatch)
    faults.room = 0
    rig.play("ok long")  # start
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.message == "flash full: not started"
    faults.room = None
    rig.play("ok long")
    assert not isinstance(rig.app.screen, GameSetup)


def test_a_file_named_data_is_not_called_a_full_flash(flash):
    # "data" must be the games' folder; a file in its place used to be
    # reported as a full flash, which sends people to delete games.
    from referee.screens.setup import GameSetup

    (flash / "data").write_text("not a folder")
    rig = Rig()
    rig.play("down\nok\nok\nok\nok long")  # the score pad's setup, then start
    setup = rig.app.screen
    assert isinstance(setup, GameSetup) and setup.message == "data is not a folder"


def test_a_power_cut_at_every_byte_of_the_torn_tail_repair(flash, monkeypatch):
    # A torn last line is cut off by copying the file without it (littlefs
    # cannot truncate) and renaming the copy over it: a cut anywhere in the
    # copy leaves the old file, which the next boot repairs again.
    faults = FlashFaults(monkeypatch)
    started("probe")
    torn = bytes(seal(NEXT))[:-5]
    Storage("probe").append(FILE, torn)
    faults.written = 0
    assert reboot("probe") == (None, 2, [25, 10])
    size = faults.written
    assert size == len(Storage("probe").read(FILE))  # the whole file less the torn line
    for cut in range(size):
        folder = f"cut{cut}"
        started(folder)
        Storage(folder).append(FILE, torn)
        faults.cut_after = cut
        with pytest.raises(PowerCut):
            reboot(folder)
        faults.cut_after = None
        assert Storage(folder).read(FILE).endswith(torn)  # the old file, untouched
        assert reboot(folder) == (None, 2, [25, 10])
        assert not Storage(folder).read(FILE).endswith(torn)


def test_a_power_cut_at_every_byte_of_a_snapshot(flash, monkeypatch):
    # A snapshot is written under a temporary name and renamed: cut anywhere,
    # the game resumes the same from the journal, and uses a snapshot only
    # once it is whole.
    faults = FlashFaults(monkeypatch)
    session = started("probe")
    faults.written = 0
    assert snapshot.write(session.journal, session.rules, session.state)
    size = faults.written
    assert size > 0
    for cut in range(size + 1):
        folder = f"cut{cut}"
        session = started(folder)
        faults.cut_after = cut
        try:
            snapshot.write(session.journal, session.rules, session.state)
        except PowerCut:
            pass
        faults.cut_after = None
        saved, _, state = resume(Journal(Storage(folder)), find_rules)
        assert (saved.problem, saved.actions, state.ledger.totals) == (None, 2, [25, 10])
        # the power went before the rename: no snapshot, the journal serves
        assert saved.replayed == 2, cut
    # and the one written whole serves instead of the journal's lines
    assert resume(Journal(Storage("probe")), find_rules)[0].replayed == 0


def test_reading_a_long_journal_back_feeds_the_watchdog(flash, monkeypatch):
    # With no snapshot a resume replays every line, longer than the chip's
    # watchdog timeout for a long game (tests/test_pico_boot.py shows the
    # reset it caused): each read of the file feeds the watchdog. 400 score
    # lines of about 40 bytes are some 16 KB, read 256 bytes at a time: at
    # least 16,000 / 256 = 62 feeds, and more for the first pass (the CRCs)
    # and the second (the replay), which read the file twice.
    import referee

    class CountingWatchdog:
        fed = 0

        def feed(self):
            self.fed += 1

    session = started()
    for i in range(398):
        assert session.act({"a": "score", "seat": i % 2, "pts": 0}) is None
    journal = Journal(Storage("data"))
    for end in (".snap", ".snap1"):
        journal.storage.remove(FILE + end)
    size = len(journal.storage.read(FILE))
    assert size > 16000
    watchdog = CountingWatchdog()
    monkeypatch.setattr(referee, "watchdog", watchdog)
    saved, _, state = resume(journal, find_rules)
    assert saved.problem is None and state.ledger.totals == [25, 10]
    assert saved.replayed == 400  # every line: no snapshot was used
    assert watchdog.fed >= 2 * size // 256


def test_the_panel_shows_an_action_before_the_flash_erases_for_it(flash, monkeypatch):
    # core/session.py: on the device a step goes to flash right after the
    # frame that shows it (an append can wait ~45 ms for a sector erase),
    # in the same loop step, so it is there before the next press is read.
    events = []
    rig = Rig()
    rig.play(SCORE_PAD + "\nok\nup\nok")  # P1: 1 point
    real_append, real_show = Storage.append, rig.app.canvas.show

    def append(self, name, data):
        events.append("append")
        real_append(self, name, data)

    def show():
        events.append("show")
        real_show()

    monkeypatch.setattr(Storage, "append", append)
    monkeypatch.setattr(rig.app.canvas, "show", show)
    rig.play("up\nok\nup\nup\nok")  # back up to P1 (the cursor moved on): 2 more points
    assert events[-2:] == ["show", "append"]
    assert events.count("append") == 1
    assert reboot()[2][0] == 3  # on flash before the rig reads another button


def damaged_after(good_lines, bad_line, rest=b""):
    """A score pad's journal: the header and ``good_lines`` actions through
    a Session, then ``bad_line`` and ``rest`` written after them."""
    session = Session.start(Storage("data"), rules("scorepad"), SETUP)
    for action in good_lines:
        assert session.act(action) is None
    good = Storage("data").read("game.jnl")
    whole = good + bad_line + rest
    Storage("data").write("game.jnl", whole)
    return good, whole


@pytest.mark.parametrize(
    "bad, reason",
    [
        # a flipped bit: the CRC no longer matches (line 4: the header, three actions)
        (b'{"a": "score", "pts": 31, "seat": 0} ' + b"%08x\n" % 0, "line 5 is damaged"),
        # an action the rules refuse: no seat 7 in a two-player game
        (bytes(seal({"a": "score", "pts": 5, "seat": 7})), "action 4 refused"),
    ],
)
def test_a_damaged_line_keeps_the_steps_before_it(flash, bad, reason):
    # issue 20: the actions before a bad line are good; the game goes on
    # from them, the damaged file is kept whole aside and the reason logged.
    from referee.screens.notice import Notice
    from referee.screens.resume import ResumeOffer

    good, whole = damaged_after(FIRST + [NEXT], bad, bytes(seal(NEXT)))
    rig = Rig()
    rig.run_ms(200)  # the offer shows, then the game is read
    note = rig.app.screen
    assert isinstance(note, Notice) and note.title == "DAMAGED LINE"
    # what was wrong and where, in one line; the step the game goes back to
    assert list(note.lines) == [reason, "back to step 3", "kept as", "game.jnl.bad1"]
    store = Storage("data")
    assert store.read("game.jnl.bad1") == whole  # nothing of it lost
    assert store.read("game.jnl") == good  # the journal: the good part, byte for byte
    log = store.read("errors.log").decode()
    assert reason in log and "resumes at step 3" in log and "game.jnl.bad1" in log
    rig.play("ok")  # the notice: the offer under it
    assert isinstance(rig.app.screen, ResumeOffer)
    rig.play("ok")  # resume: ANN 25 + 30, BOB 10, as the three good steps say
    assert list(pad_totals(rig)) == [55, 10]
    assert reboot()[:2] == (None, 3)  # and the next boot resumes it plainly


def pad_totals(rig):
    for screen in reversed(rig.app._stack):
        session = getattr(screen, "session", None)
        if session is not None:
            return session.state.ledger.totals
    raise AssertionError("no game open")


def test_a_flash_that_refuses_the_good_part_keeps_the_whole_file(flash, monkeypatch):
    # The salvage's copy hits a full flash: no game to resume, but the
    # damaged file is kept whole and the panel says why (nothing lost).
    from referee.screens.notice import Notice

    _, whole = damaged_after(FIRST, b'{"a": "next"} 00000000\n')
    faults = FlashFaults(monkeypatch)
    faults.room = 0
    rig = Rig()
    rig.run_ms(200)
    faults.room = None
    note = rig.app.screen
    assert isinstance(note, Notice) and note.title == "NOT RESUMED"
    assert note.lines == ["line 4 is damaged", "kept as", "game.jnl.bad1"]
    assert Storage("data").read("game.jnl.bad1") == whole
    assert not Storage("data").exists("game.jnl")


def test_a_full_flash_never_moves_the_unfinished_game(flash, monkeypatch):
    """Issue 20: starting another game with the flash full used to move the
    unfinished game into the history first, then fail: after a reboot
    nothing was offered. Now it moves back when the new file fails."""
    from referee.screens.resume import ResumeOffer

    rig = Rig()
    rig.play(SCORE_PAD + "\nok\nup\nok")  # a score pad game, P1: 1 point
    saved = (flash / "data" / "game.jnl").read_bytes()
    rig.play("back\ndown x3\nok\nok\nok\nok long")  # the menu; ROBOTS!'s setup, names page
    faults = FlashFaults(monkeypatch)
    faults.room = 0
    rig.play("ok long")  # start it: the flash is full
    from referee.screens.setup import GameSetup  # (the menu drops its module: now)

    assert isinstance(rig.app.screen, GameSetup)
    assert rig.app.screen.message == "flash full: not started"
    assert (flash / "data" / "game.jnl").read_bytes() == saved  # untouched, where it was
    assert not list((flash / "data").glob("history-*"))
    faults.room = None
    again = Rig(seed=2)  # the next boot offers the score pad game
    assert isinstance(again.app.screen, ResumeOffer)


def test_a_refused_start_keeps_the_old_games_pending_snapshot(flash, monkeypatch):
    """A score pad game played to its end waits for the table's pause to
    write its last snapshot. A new game refused by a full flash before that
    pause leaves the old game in play: its snapshot is still written at the
    pause, so the next boot knows it is over without replaying it."""
    script = (SCENARIOS / "history.txt").read_text().split("\nback            # to the menu")[0]
    rig = Rig(seed=1)
    rig.play(script + "\nback\nok")  # the menu; a new score pad: "same table?"
    old = rig.app.snapshot_due
    assert old is not None  # the finished game's snapshot waits for a pause
    faults = FlashFaults(monkeypatch)
    faults.room = 0
    rig.play("ok")  # the same table: start, and the flash is full
    assert rig.app.screen.message == "flash full: not started"
    assert rig.app.snapshot_due is old  # the finished game is still the one in play
    faults.room = None
    snapshots = flash / "data" / ("game.jnl" + SNAPS[0])
    assert not snapshots.exists()
    rig.play("wait 2000")  # the table pauses
    assert snapshots.exists() and rig.app.snapshot_due is None
    first = snapshots.read_bytes().split(b"\n")[0]  # its meta line: JSON, then a seal
    assert json.loads(first[: first.rindex(b"}") + 1])["over"] == 1


def test_a_settings_change_the_flash_refuses_goes_back_and_says_so(flash, monkeypatch):
    # Settings saves once the panel shows the new value (screens/settings.py):
    # a refused file takes the value back, on the panel and in effect.
    from referee.settings import DEFAULTS

    rig = Rig()
    rig.play("up\nok\ndown")  # the menu's last entry, Settings; on Bright
    faults = FlashFaults(monkeypatch)
    faults.fail_next = 28  # ENOSPC
    rig.play("ok")  # Bright 4 -> 1, refused
    assert rig.app.settings == DEFAULTS
    assert rig.app.screen.message == "not saved: flash full"
    assert Storage("data").read("settings") is None  # nothing written, nothing torn
    rig.play("ok")  # the flash takes it now
    assert rig.app.settings["bright"] == 1 and rig.app.screen.message is None
    assert Rig().app.settings["bright"] == 1


def _two_games(folder):
    """A score pad game in play, and before it an unfinished one (ANN and
    CY's) that its start moved into the history as history-001.jnl."""
    storage = Storage(folder)
    first = Session.start(storage, rules("scorepad"), {"players": ["ANN", "CY"], "target": 50})
    assert first.act(FIRST[0]) is None
    started(folder)
    return storage


def test_a_power_cut_at_every_byte_of_a_resume_from_the_history(flash, monkeypatch):
    # History's resume (core/history.py take_back): the game in play into
    # the history, the past one renamed into play, the index rewritten. Cut
    # anywhere, a boot finds both games whole: one in play (or none, the
    # two in the history), every file the index lists but the one in play
    # there, and each readable to the same step as before.
    from referee.core import history

    faults = FlashFaults(monkeypatch)
    probe = _two_games("probe")
    faults.written = 0
    history.take_back(Journal(probe), "history-001.jnl")
    size = faults.written
    assert size > 0 and history.header_of(probe, FILE)[0] == "scorepad"
    for cut in range(size + 1):
        folder = f"cut{cut}"
        storage = _two_games(folder)
        faults.cut_after = cut
        try:
            history.take_back(Journal(storage), "history-001.jnl")
        except PowerCut:
            pass
        faults.cut_after = None
        storage = Storage(folder)  # the boot's
        history.last_night(storage)  # as a start does: a file moved in gets its record
        players = {}
        files = [FILE] + history.files(storage)
        for name in files:
            if storage.exists(name):
                saved, _, state = resume(Journal(storage, name), find_rules, False)
                assert saved.problem is None, (cut, name)
                players[tuple(state.table.names)] = state.ledger.totals
        # the index lists a file that is gone only in the window between the
        # rename into play and the index written without it
        gone = [
            n for n in (history.name_of(r[0]) for r in history.listed(storage)) if n not in files
        ]
        assert gone in ([], ["history-001.jnl"]), cut
        assert not gone or storage.exists(FILE), cut
        # by hand: ANN and CY's game had ANN's 25; ANN and BOB's 25 and 10
        assert players == {("ANN", "CY"): [25, 0], ("ANN", "BOB"): [25, 10]}, cut
