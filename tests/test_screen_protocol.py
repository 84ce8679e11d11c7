"""The screen protocol (referee/screens/__init__.py): every screen is a
Screen, the events each screen module names are the buttons' events, and the
base's BACK, undo, hint line and peek rule do what the protocol says."""

import ast
import importlib
import inspect
import re

import pytest

from host_tools.import_graph import screen_files
from referee.hw import buttons
from referee.screens import STEP, Screen

SCREENS = screen_files()  # referee/screens/ and each game's own screens
_EVENT_NAME = re.compile(r"_(UP|DOWN|OK|BACK)_(PRESS|LONG|REPEAT)")


def screen_modules():
    return [importlib.import_module(name) for name in sorted(SCREENS)]


def test_every_screen_class_is_a_screen():
    classes = [
        cls
        for module in screen_modules()
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if cls.__module__ == module.__name__ and cls is not Screen
    ]
    assert len(classes) == 42  # counted by hand: 42 class statements in screen modules
    assert [c.__name__ for c in classes if not issubclass(c, Screen)] == []


def test_every_screen_sets_its_app_and_session_through_the_base_first():
    """Screen.__init__(self, app, session=None) is where a screen's app and
    session are kept: no screen writes them itself, and each calls it before
    anything else, so the base's back(), draw() and hint() always find them."""
    found = []
    for module in screen_modules():
        tree = ast.parse(inspect.getsource(module))
        classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
        for cls in classes:
            if not issubclass(getattr(module, cls.name), Screen):
                continue
            for node in cls.body:
                if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                    docstring = isinstance(node.body[0], ast.Expr) and isinstance(
                        node.body[0].value, ast.Constant
                    )
                    first = ast.unparse(node.body[1 if docstring else 0])
                    writes = [
                        ast.unparse(t)
                        for n in ast.walk(node)
                        if isinstance(n, ast.Assign)
                        for t in n.targets
                        if ast.unparse(t) in ("self.app", "self.session")
                    ]
                    if not first.startswith("Screen.__init__(self, ") or writes:
                        found.append(f"{module.__name__}.{cls.name}: {first} {writes}")
    assert found == []
    screen = Screen(app="the app")
    assert (screen.app, screen.session, screen.message) == ("the app", None, None)


def event_constants(source):
    """{name: value} of the module's ``_OK_PRESS = const(2)`` lines."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if _EVENT_NAME.fullmatch(name):
                call = node.value
                assert isinstance(call, ast.Call) and call.func.id == "const", name
                found[name] = call.args[0].value
    return found


def test_every_event_constant_is_the_buttons_event():
    checked = 0
    for path in sorted(SCREENS.values()):
        for name, value in event_constants(path.read_text()).items():
            button, kind = _EVENT_NAME.fullmatch(name).groups()
            expected = buttons.event(getattr(buttons, kind), getattr(buttons, button))
            assert value == expected, (path.name, name)
            checked += 1
    assert checked > 40  # every screen that takes OK or BACK names its events


def test_the_check_reads_an_event_constant():
    assert event_constants("_OK_LONG = const(6)\n_ROWS = const(6)\n") == {"_OK_LONG": 6}


def test_step_is_up_plus_one_down_minus_one_pressed_or_repeating():
    # by hand: UP press 0 and repeat 8 count +1, DOWN press 1 and repeat 9 -1
    assert [ev for ev in range(12) if STEP[ev] == 1] == [0, 8]
    assert [ev for ev in range(12) if STEP[ev] == -1] == [1, 9]
    for ev in range(12):
        assert STEP[ev] == buttons.step_of(ev)


def test_no_screen_decodes_an_event_by_calls():
    # the protocol's compare and index replace button_of/kind_of/step_of
    for path in sorted(SCREENS.values()):
        assert not re.search(r"\b(button_of|kind_of|step_of)\b", path.read_text()), path.name


def test_a_list_cursor_goes_round_at_either_end():
    # by hand, four entries 0..3: UP from the first is the last, DOWN from the last the first
    screen = Screen(_App())
    screen.move(1, 4)
    assert screen.index == 3
    screen.move(-1, 4)
    assert screen.index == 0
    screen.move(-1, 4)
    assert screen.index == 1
    # a hub's list: its "next step" line (-1) above players 0..2; UP from it is the last player
    hub = Screen(_App())
    hub.index = -1
    hub.move(1, 3, first=-1)
    assert hub.index == 2
    hub.move(-1, 3, first=-1)
    assert hub.index == -1


def test_a_list_scrolls_to_keep_its_cursor_in_sight():
    # seven entries, three rows shown: DOWN four times puts the cursor on entry 4,
    # shown on the last of rows 2, 3, 4; UP back to entry 1 shows 1, 2, 3
    screen = Screen(_App())
    for _ in range(4):
        screen.move(-1, 7, 3)
    assert (screen.index, screen.top) == (4, 2)
    for _ in range(3):
        screen.move(1, 7, 3)
    assert (screen.index, screen.top) == (1, 1)
    screen.move(1, 7, 3)
    screen.move(1, 7, 3)  # round to the last: 4, 5, 6 shown
    assert (screen.index, screen.top) == (6, 4)
    hub = Screen(_App())
    hub.index = 0
    hub.top = 0
    hub.move(1, 7, 3, first=-1)  # up onto the "next step" line: the list shows its top
    assert (hub.index, hub.top) == (-1, 0)


def test_no_screen_moves_a_list_cursor_by_its_own_arithmetic():
    # Screen.move is the one place: no "self.index = (self.index ... ) % ..." in a screen
    wrap = re.compile(r"self\.index = \(self\.index[^\n]*\) %")
    for path in sorted(SCREENS.values()):
        assert not wrap.search(path.read_text()), path.name


class _App:
    def __init__(self):
        self.pops = 0
        self.peeking = False

    def pop(self):
        self.pops += 1


class _Session:
    def __init__(self, said):
        self.said = said
        self.undos = 0

    def undo(self):
        self.undos += 1
        return self.said


class _Hub(Screen):
    undoes = True

    def __init__(self, app, said=None):
        self.app = app
        self.session = _Session(said)


def test_back_pressed_pops_and_held_undoes_only_where_the_screen_undoes():
    app = _App()
    hub = _Hub(app)
    assert hub.back(buttons.event(buttons.PRESS, buttons.BACK)) is False
    assert app.pops == 1 and hub.session.undos == 0
    assert hub.back(buttons.event(buttons.LONG, buttons.BACK)) is True
    assert hub.session.undos == 1 and hub.message == "last step undone"
    plain = _Hub(app)
    plain.undoes = False
    assert plain.back(buttons.event(buttons.LONG, buttons.BACK)) is False
    assert plain.session.undos == 0 and plain.message is None
    for ev in (buttons.event(buttons.PRESS, buttons.OK), buttons.event(buttons.LONG, buttons.OK)):
        assert hub.back(ev) is False
    assert app.pops == 1


def test_an_undo_that_says_why_not_shows_that():
    hub = _Hub(_App(), said="nothing to undo")
    hub.back(buttons.event(buttons.LONG, buttons.BACK))
    assert hub.message == "nothing to undo"


class _Canvas:
    def __init__(self):
        self.hints = []

    def hint(self, s):
        self.hints.append(s)


def test_the_hint_line_shows_the_message_over_the_keys():
    hub = _Hub(_App())
    c = _Canvas()
    hub.hint(c, "OK:on")
    hub.message = "flash full"
    hub.hint(c, "OK:on")
    assert c.hints == ["OK:on", "flash full"]


class _Peek(Screen):
    peek = True

    def __init__(self, app):
        self.app = app
        self.drawn = []

    def draw_cover(self, c):
        self.drawn.append("cover")

    def draw_secret(self, c):
        self.drawn.append("secret")


@pytest.mark.parametrize("held", [False, True])
def test_a_peek_screen_draws_its_secret_only_while_ok_is_held(held):
    app = _App()
    app.peeking = held
    screen = _Peek(app)
    screen.draw(_Canvas())
    assert screen.drawn == ["secret" if held else "cover"]
