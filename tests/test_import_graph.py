"""The import-circle check of the static lane (host_tools/import_graph.py),
over small fake packages written here, and over the firmware itself."""

from pathlib import Path

from host_tools import import_graph


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_circle_through_an_import_inside_a_function_fails_by_name(tmp_path, capsys):
    root = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import helper\n",
            "pkg/b.py": "def helper():\n    from pkg.a import thing\n    return thing\n",
            "pkg/c.py": "import pkg.a\n",  # into the circle, not part of it
        },
    )
    assert import_graph.main([str(root)]) == 1
    out = capsys.readouterr().out
    assert "import circle of 2 modules: pkg.a, pkg.b" in out
    assert "pkg.a -> pkg.b -> pkg.a" in out
    assert "pkg.c" not in out


def test_a_graph_without_a_circle_passes(tmp_path):
    root = write(
        tmp_path,
        {
            "pkg/__init__.py": "X = 1\n",
            "pkg/a.py": "from pkg import X\nfrom pkg.b import helper\n",
            "pkg/b.py": "import sys\n",  # outside the tree: no edge
        },
    )
    assert import_graph.report(root) == []


def test_an_import_written_to_the_parent_package_counts(tmp_path):
    # The package imports the module (lazily) and the module reads a name
    # of the package: both depend on each other, as games/ did on TITLES.
    root = write(
        tmp_path,
        {
            "pkg/__init__.py": "TITLES = {}\ndef load():\n    from pkg import game\n",
            "pkg/game.py": "from pkg import TITLES\n",
        },
    )
    assert import_graph.graph(root) == {"pkg": {"pkg.game"}, "pkg.game": {"pkg"}}
    assert import_graph.circles(import_graph.graph(root)) == [["pkg", "pkg.game"]]


def test_relative_imports_are_resolved(tmp_path):
    root = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/sub/__init__.py": "from . import leaf\n",
            "pkg/sub/leaf.py": "from ..top import VALUE\n",
            "pkg/top.py": "from .sub.leaf import nothing\n",
        },
    )
    edges = import_graph.graph(root)
    assert edges["pkg.sub"] == {"pkg.sub.leaf"}
    assert edges["pkg.sub.leaf"] == {"pkg.top"}
    assert edges["pkg.top"] == {"pkg.sub.leaf"}
    assert import_graph.circles(edges) == [["pkg.sub.leaf", "pkg.top"]]


def test_the_longer_of_two_circles_is_one_group_with_a_shortest_path(tmp_path):
    # a -> b -> c -> a, and a -> c: one group of three, shown by the
    # shortest closed path from a, which skips b.
    root = write(
        tmp_path,
        {
            "a.py": "import b\nimport c\n",
            "b.py": "import c\n",
            "c.py": "import a\n",
        },
    )
    edges = import_graph.graph(root)
    assert import_graph.circles(edges) == [["a", "b", "c"]]
    assert import_graph.a_cycle(["a", "b", "c"], edges) == ["a", "c", "a"]


def test_the_firmware_has_no_circle():
    assert import_graph.report(import_graph.FIRMWARE) == []
    # The navigation is below the screens: no screen imports the app.
    edges = import_graph.graph(import_graph.FIRMWARE)
    screens = [
        m
        for m in edges
        if import_graph.part_of(m) in ("referee.screens", import_graph.GAME_SCREENS)
    ]
    assert len(screens) > 30
    assert [m for m in screens if "referee.app" in edges[m]] == []


def test_an_import_up_a_layer_fails_by_name():
    edges = {
        "referee.core.journal_read": {"referee.games", "referee.core.record"},
        "referee.core.record": set(),
        "referee.games": {"referee.core.errors"},
        "referee.core.errors": set(),
        "referee.duel.rules": {"referee.hw.buzzer"},  # a rules core is pure
        "referee.hw.buzzer": set(),
        "referee.evil.rules_full": {"referee.evil.peek"},  # rules under screens
        "referee.evil.peek": {"referee.evil.rules", "referee.screens"},  # down
        "referee.evil.rules": set(),
        "referee.screens": set(),
        "referee.settings": {"referee.screens.notice"},
        "referee.screens.notice": {"referee.settings"},  # down: allowed
        "referee.extra": set(),  # a new top-level module needs its layer
    }
    assert import_graph.upward(edges) == [
        "referee.core.journal_read imports referee.games: referee.core may not import "
        "referee.games",
        "referee.duel.rules imports referee.hw.buzzer: referee.games may not import referee.hw",
        "referee.evil.rules_full imports referee.evil.peek: referee.games may not "
        "import referee.<game>.*",
        "referee.extra is in no layer of import_graph.LAYERS",
        "referee.settings imports referee.screens.notice: referee.settings may not import "
        "referee.screens",
    ]


def test_a_module_belongs_to_its_longest_part_and_the_package_only_to_itself():
    assert import_graph.part_of("referee") == "referee"
    assert import_graph.part_of("referee.screens.rounds") == "referee.screens"
    # A game's folder: its rules core in the games layer, the rest its screens
    assert import_graph.part_of("referee.evil.rules_judge") == "referee.games"
    assert import_graph.part_of("referee.evil.calls") == import_graph.GAME_SCREENS
    assert import_graph.part_of("referee.evil") == "referee.games"
    assert import_graph.part_of("referee.settings") == "referee.settings"
    assert import_graph.part_of("referee.new_module") is None
    assert import_graph.part_of("main") == "main"


def test_the_firmware_layers_point_down_and_host_tools_has_no_circle(capsys):
    assert import_graph.upward(import_graph.graph(import_graph.FIRMWARE)) == []
    host = import_graph.host_graph()
    assert len(host) > 50 and "host_tools.hardware" in host
    assert import_graph.circles(host) == []
    assert import_graph.main([]) == 0
    assert "no circle, no import up a layer" in capsys.readouterr().out


def test_a_circle_in_host_tools_is_found(tmp_path):
    root = write(
        tmp_path,
        {
            "host_tools/__init__.py": "",
            "host_tools/hardware.py": "def out():\n    from host_tools import breadboard\n",
            "host_tools/breadboard.py": "from host_tools.hardware import out\n",
        },
    )
    host = import_graph.host_graph(root)
    assert import_graph.circles(host) == [["host_tools.breadboard", "host_tools.hardware"]]
