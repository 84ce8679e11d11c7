"""A boot never dies: every saved game that cannot be read is set aside
with its reason on the panel and in the error log, and the menu comes up;
a slow bus boots; a panel that cannot be driven is logged and the
watchdog restarts the chip. The whole firmware boots over the fakes, on
CPython and in the MicroPython VM (the cases are data: boot_cases.py)."""

import os
import sys

import board
import machine
from portable import boot_cases
from portable.boot_cases import KEPT_AS
from referee.hw.storage import Storage
from rig import Rig, SeededEntropy, VirtualClock

_MICROPYTHON = sys.implementation.name == "micropython"


def menu_frame():
    """The panel of a clean boot: the menu, nothing saved."""
    return bytes(Rig(seed=1, data_dir="clean").panel.pixels())


def boot_with(case):
    """Boot with the case's journal on flash; the rig after the boot."""
    folder = "flash-" + case[0]
    os.mkdir(folder)
    boot_cases.write_journal(folder + "/" + boot_cases.JOURNAL, case)
    rig = Rig(seed=1, data_dir=folder)
    rig.step()  # the loop's second step reads the game (the first shows the offer)
    return rig


def check(case, menu, exact=True):
    """Boot with the case's journal and check all the case promises. With
    ``exact`` False the reason need only begin so (a line number follows)."""
    name, _, reason = case
    rig = boot_with(case)
    screen = rig.app.screen
    shown = getattr(screen, "lines", None)
    assert getattr(screen, "title", None) == "NOT RESUMED", (name, shown)
    said = " ".join(shown[:-2])
    assert said == reason or not exact and said.startswith(reason), (name, shown)
    assert shown[-2:] == ["kept as", KEPT_AS], (name, shown)
    for line in shown:
        assert len(line) <= 21, (name, line)  # the panel's width in characters
    assert bytes(rig.panel.pixels()) != menu, name  # the notice is on the glass
    storage = rig.app.storage
    log = storage.read("errors.log")
    if exact:
        assert log == boot_cases.log_line(case).encode(), (name, log)
    else:  # the reason, then the error's own words, then where the file went
        assert log.startswith(("saved game damaged: %s: " % said).encode()), (name, log)
        assert log.endswith((" (%s)\n" % KEPT_AS).encode()), (name, log)
    assert sorted(os.listdir(storage.root)) == ["errors.log", KEPT_AS], name
    assert os.stat(storage.path(KEPT_AS))[6] == boot_cases.journal_size(case), name
    rig.play("ok")  # any key: back
    assert bytes(rig.panel.pixels()) == menu, name


def check_all(cases):
    menu = menu_frame()
    for case in cases:
        check(case, menu)
    # the kept file is the one that was written, byte for byte
    first = cases[0]
    kept = Storage("flash-" + first[0]).read(KEPT_AS)
    assert kept == boot_cases.journal_bytes(first)


def test_player_names_that_are_not_text_are_set_aside():
    check_all(boot_cases.NAMES)


def test_headers_of_the_wrong_types_are_set_aside():
    check_all(boot_cases.HEADERS)


def test_an_absurd_player_count_is_refused_at_once():
    check_all(boot_cases.COUNTS)


def test_wrong_types_in_a_setup_are_set_aside():
    check_all(boot_cases.SETUPS)


def test_a_journal_too_big_for_memory_is_set_aside():
    # The case is 600 KB on one line: the Pico's 246 KB heap cannot read it.
    # CPython reads it without a blink, and the VM's heap grows on demand
    # up to 2 GB, so here the seam that reads the journal runs out of
    # memory: on CPython it raises MemoryError, in the VM the heap is locked
    # for the read and MicroPython's own allocator raises it.
    originals = out_of_memory_reading(boot_cases.JOURNAL)
    try:
        check(boot_cases.TOO_BIG, menu_frame())
    finally:
        restore(originals)


def out_of_memory_reading(file):
    """From now on, reading ``file`` runs out of memory (see above)."""
    originals = {}
    for method in ("read", "open_read"):  # whichever way the file is read
        if hasattr(Storage, method):
            originals[method] = getattr(Storage, method)
            setattr(Storage, method, _out_of_memory(originals[method], file))
    return originals


def restore(originals):
    for method, original in originals.items():
        setattr(Storage, method, original)


def _out_of_memory(original, file):
    def read(self, name, *args):
        if name != file:
            return original(self, name, *args)
        if not _MICROPYTHON:
            raise MemoryError
        import micropython

        micropython.heap_lock()
        try:
            return original(self, name, *args)
        finally:
            micropython.heap_unlock()

    return read


def test_an_unexpected_error_while_resuming_is_set_aside_with_its_place():
    from referee.scorepad import rules as scorepad

    original = scorepad.setup

    def broken(config):
        raise ValueError("boom")  # a bug no check foresaw

    # The place is where the error was raised: the line number follows.
    case = (
        "unexpected",
        boot_cases.scorepad_header("{}"),
        "ValueError at test_boot.py:",
    )
    scorepad.setup = broken
    try:
        check(case, menu_frame(), exact=False)
    finally:
        scorepad.setup = original
    log = Storage("flash-unexpected").read("errors.log")
    assert log.endswith(b": boom (game.jnl.bad1)\n"), log


def test_a_slow_bus_boots_to_the_menu():
    # A full frame is 1,026 bytes (address, control byte, 1,024 of pixels),
    # 9 SCL periods each: 9,234 periods, 92.34 ms at 100 kHz. MicroPython's
    # default 50 ms timeout cuts it off; board.py allows twice the frame.
    assert board.i2c_timeout_us(100_000) == 184_680
    assert board.i2c_timeout_us(400_000) == 50_000  # 46.17 ms: the default stays
    menu = menu_frame()
    rig = Rig(seed=1, data_dir="slow", freq=100_000)
    assert bytes(rig.panel.pixels()) == menu
    rig.play("down\nup")
    assert bytes(rig.panel.pixels()) == menu
    sink = _Sink()
    machine.sim_attach_i2c(0, 0x50, sink)
    default = machine.I2C(0, freq=100_000)  # timeout=50_000, as on the chip
    try:
        default.writeto(0x50, bytearray(1025))
        raise AssertionError("a 92 ms frame passed a 50 ms timeout")
    except OSError as e:
        assert e.args[0] == 110  # ETIMEDOUT
    default.writeto(0x50, bytearray(554))  # 555 * 9 = 4,995 periods: 49.95 ms fits
    assert sink.got == [554]  # and the frame that timed out never arrived


class _Sink:
    def __init__(self):
        self.got = []

    def i2c_write(self, buf):
        self.got.append(len(buf))

    def i2c_read_into(self, buf):
        pass


class _StuckPanel:
    """Answers its address, then holds the bus: every transfer times out."""

    def i2c_write(self, buf):
        if len(buf):
            raise OSError(110)

    def i2c_read_into(self, buf):
        pass


def boot_without_a_panel(device):
    """app.boot() as main.py runs it; returns (what ended it, errors.log)."""
    from referee.app import boot
    from referee.hw.power import WATCHDOG_MS

    machine.sim_reset()
    if device is not None:
        machine.sim_attach_i2c(board.I2C_ID, board.DISPLAY_ADDR, device)
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    start = machine.sim_now()
    ended = None
    try:
        boot(watchdog, clock=VirtualClock(), entropy=SeededEntropy(1), data_dir="dead")
    except machine.WatchdogReset:
        ended = machine.sim_now() - start
    return ended, Storage("dead").read("errors.log")


def test_no_panel_on_the_bus_is_logged_and_the_watchdog_restarts():
    ended, log = boot_without_a_panel(None)
    # not fed for 8 s: the fake resets at the end of the 1 s nap that passes it
    assert ended is not None and 8000 < ended <= 9000
    assert log.startswith(b"board: ") and b" ValueError at " in log
    assert b"No I2C device at address" in log
    assert log.index(b"app.py:") < log.index(b"board.py:")  # the chain, outermost first


def test_a_panel_that_holds_the_bus_is_logged_and_the_watchdog_restarts():
    ended, log = boot_without_a_panel(_StuckPanel())
    assert ended is not None and 8000 < ended <= 9000
    assert log.startswith(b"board: ") and b" OSError at " in log and b"110" in log
    # the chain's innermost calls (the outer ones give way to ".." past 8)
    assert log.index(b"adafruit_ssd1306") < log.index(b"i2c_bus.py:")


# Every setup key each game reads, with a setup it accepts.
_SETUPS = {
    "scorepad": {"players": ["ANN", "BOB"], "target": 100},
    "robots": {"players": 3, "target": 500, "dealer": 1},
    "robber": {"players": 4, "target": 500, "teams": True, "dealer": 0},
    "evil": {"players": 3, "target": 10, "robot": True},
    "factory": {"players": 3, "first": 1, "device": True, "rounds": 2, "tiebreak": True},
    "duel": {"players": ["ANN", "BOB"], "black": 1, "wins": 2, "jokers": True},
}
_ODD = [None, True, False, 0, -1, 10**9, 10**30, 2.5, "", "x", [], [None], [1, 2], {}, {"a": 1}]


def test_every_setup_key_of_every_game_refuses_wrong_types_with_a_short_reason():
    from referee.core.errors import RulesError
    from referee.games import rules
    from referee.screens.notice import wrap

    surprises = []
    for game, good in _SETUPS.items():
        core = rules(game)
        core.setup(good)  # the base setup is accepted
        keys = list(good) + ["sitting"]
        for key in keys:
            for odd in _ODD + [[odd] for odd in _ODD]:
                setup = dict(good)
                setup[key] = odd
                try:
                    core.setup(setup)
                except RulesError as e:
                    message = str(e)
                    # The reason must fit the three lines the notice gives it,
                    # unless it quotes a long value back (the log has it all).
                    if len(repr(odd)) <= 10 and " ".join(wrap(message, 3)) != message:
                        surprises.append((game, key, odd, "too long: " + message))
                except Exception as e:  # noqa: BLE001 - the point of the test
                    surprises.append((game, key, odd, type(e).__name__))
    assert surprises == [], surprises[:5]


def test_a_reason_is_wrapped_to_the_panel_at_spaces_and_cut_to_fit():
    from referee.screens.notice import wrap

    # 18 characters, then " players," would make 27 (over 21): a new line;
    # the 31-digit number fits no line and is cut at 21.
    long = "a table has 2 to 9 players, not " + "1" + "0" * 30
    assert wrap(long, 3) == ["a table has 2 to 9", "players, not", "1" + "0" * 20]
    assert wrap(long, 2) == ["a table has 2 to 9", "players, not"]
    assert wrap("line 1 is damaged", 3) == ["line 1 is damaged"]


def test_settings_too_big_for_memory_give_the_defaults_and_a_note():
    from referee.settings import DEFAULTS

    os.mkdir("data")
    with open("data/settings", "wb") as f:
        f.write(b"x" * 4096)
    originals = out_of_memory_reading("settings")
    try:
        rig = Rig(seed=1)
    finally:
        restore(originals)
    assert rig.app.settings == DEFAULTS
    assert "settings file damaged" in rig.app.screen.lines
    assert sorted(os.listdir("data")) == ["settings.bad1"]  # kept aside, not lost
    rig.play("ok")
    assert bytes(rig.panel.pixels()) == menu_frame()


def test_an_error_log_too_big_for_memory_is_set_aside_and_started_anew():
    os.mkdir("data")
    with open("data/errors.log", "wb") as f:
        f.write(b"old line\n" * 100)
    boot_cases.write_journal("data/game.jnl", boot_cases.NAMES[0])
    originals = out_of_memory_reading("errors.log")
    try:
        rig = Rig(seed=1)
        rig.step()  # the game is read in the loop's second step
    finally:
        restore(originals)
    assert rig.app.screen.title == "NOT RESUMED"
    storage = rig.app.storage
    assert storage.read("errors.log") == boot_cases.log_line(boot_cases.NAMES[0]).encode()
    assert storage.read("errors.log.bad") == b"old line\n" * 100
