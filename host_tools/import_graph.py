"""Static lane: the firmware's layers only point down, and neither the
firmware nor host_tools has an import circle.

    python -m host_tools.import_graph           # firmware/ and host_tools/
    python -m host_tools.import_graph DIR       # circles only, under DIR

Every ``import`` in every file counts, at the top and inside functions
alike: an import inside a function runs later, but the two modules still
depend on each other, and a circle only waits for the path that closes it.
Python imports a module's parent packages before the module itself; that
implicit step is not written in the source and is not an edge here. An
import written out is an edge wherever it points, to a parent package too
(``from referee.games import TITLES`` in a game module, while the package
imports the game, is a circle).

A circle fails the check, named module by module, and so does a firmware
import that points up a layer (LAYERS: what each part may import).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"

# The firmware's layers, lowest first: each part and the parts it may
# import (itself aside). A rules core (games) is pure: the core's records
# and seats, no hardware, no screen. The hardware drivers know no game;
# settings know no screen (boot returns its note for the app to show);
# the screens sit on everything but the app that runs them.
GAME_SCREENS = "referee.<game>.*"
# A game's folder is one with a rules core (docs/adding-a-game.md)
GAME_FOLDERS = frozenset(p.parent.name for p in (FIRMWARE / "referee").glob("*/rules.py"))
_BELOW_SCREENS = ("referee", "referee.core", "referee.ui", "referee.hw", "referee.games")
LAYERS = (
    ("referee", ()),  # the package itself: the data folder's names, the version
    ("referee.core", ("referee",)),
    ("referee.ui", ("referee",)),
    ("referee.hw", ("referee", "referee.core", "referee.ui")),
    ("board", ("referee.hw",)),  # the board's pins and parts (nano-gui's one file)
    ("referee.games", ("referee", "referee.core")),
    ("referee.settings", ("referee", "referee.core", "referee.hw")),
    ("referee.screens", _BELOW_SCREENS + ("referee.settings",)),
    # A game's own screens: every module of a game's folder
    # (referee/<game>/) but its rules core (rules.py, rules_*.py), which is
    # in the games layer.
    (GAME_SCREENS, _BELOW_SCREENS + ("referee.settings", "referee.screens")),
    (
        "referee.app",
        _BELOW_SCREENS + ("referee.settings", "referee.screens", GAME_SCREENS, "board"),
    ),
    ("referee.start", ("referee.app", "referee.hw")),
    ("main", ("referee.start",)),
)


def module_names(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file under ``root`` (the
    folder on sys.path: ``referee/app.py`` is ``referee.app``)."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            names[".".join(parts)] = path
    return names


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name ``from <...> import`` names, relative ones too."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()  # a plain module's level 1 is its package
    parts = parts[: len(parts) - (node.level - 1)]
    if node.module:
        parts.append(node.module)
    return ".".join(parts)


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` (the file ``path``) imports."""
    tree = ast.parse(path.read_text(), str(path))
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                child = base + "." + alias.name
                # ``from pkg import mod`` imports the submodule; ``from pkg
                # import name`` reads the package itself.
                found.add(child if child in known else base)
    return {name for name in found if name in known and name != module}


def graph(root: Path) -> dict[str, set[str]]:
    """Each firmware module -> the firmware modules it imports."""
    names = module_names(root)
    known = set(names)
    return {module: imports_of(module, path, known) for module, path in names.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module, each sorted
    (Tarjan's algorithm, iterative). A module that imports itself is not an
    edge here (imports_of drops it)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def a_cycle(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One closed path through a circle's first module (a -> b -> a), the
    shortest, so the message shows which imports to look at."""
    members = set(group)
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    return paths[node] + [start]
                if child not in paths:
                    paths[child] = paths[node] + [child]
                    following.append(child)
        frontier = following
    raise AssertionError("a strongly connected group always closes")


def part_of(module: str) -> str | None:
    """The LAYERS part a firmware module belongs to: its longest prefix, but
    a module of a game's folder that is not its rules core is one of the
    game's screens (GAME_SCREENS)."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "referee" and parts[1] in GAME_FOLDERS:
        if len(parts) == 3 and not parts[2].startswith("rules"):
            return GAME_SCREENS
        return "referee.games"  # the folder, its rules.py and rules_*.py
    best = None
    for part, _below in LAYERS:
        if module == part or module.startswith(part + ".") and part != "referee":
            if best is None or len(part) > len(best):
                best = part
    return best


def screen_files(root: Path = FIRMWARE) -> dict[str, Path]:
    """Module name -> file of every screen module: the shared ones in
    referee/screens/ and each game's own (GAME_SCREENS), packages aside."""
    return {
        name: path
        for name, path in module_names(root).items()
        if path.name != "__init__.py" and part_of(name) in ("referee.screens", GAME_SCREENS)
    }


def upward(edges: dict[str, set[str]]) -> list[str]:
    """One line for each import LAYERS does not allow (and each module in
    no part: a new top-level file needs its place in the table)."""
    allowed = dict(LAYERS)
    problems = []
    for module in sorted(edges):
        part = part_of(module)
        if part is None:
            problems.append(f"{module} is in no layer of import_graph.LAYERS")
            continue
        for target in sorted(edges[module]):
            to = part_of(target)
            if to != part and to not in allowed[part]:
                problems.append(f"{module} imports {target}: {part} may not import {to}")
    return problems


def host_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """host_tools' modules -> the host_tools modules each imports."""
    names = {n: p for n, p in module_names(root).items() if n.split(".")[0] == "host_tools"}
    known = set(names)
    return {module: imports_of(module, path, known) for module, path in names.items()}


def report(root: Path) -> list[str]:
    """One line for each circle in the import graph under ``root``."""
    return circle_lines(graph(root))


def circle_lines(edges: dict[str, set[str]]) -> list[str]:
    problems = []
    for group in circles(edges):
        cycle = " -> ".join(a_cycle(group, edges))
        problems.append(
            f"import circle of {len(group)} modules: {', '.join(group)}\n  e.g. {cycle}"
        )
    return problems


def main(argv: list[str]) -> int:
    if argv:
        root = Path(argv[0])
        problems = report(root)
        for line in problems:
            print(line)
        if problems:
            print(f"import graph under {root}: {len(problems)} circle(s)")
            return 1
        print(f"import graph: {len(graph(root))} modules, no circle")
        return 0
    firmware, host = graph(FIRMWARE), host_graph()
    problems = circle_lines(firmware) + upward(firmware) + circle_lines(host)
    for line in problems:
        print(line)
    if problems:
        print(f"import graph: {len(problems)} problem(s)")
        return 1
    for part, below in LAYERS:
        count = sum(part_of(m) == part for m in firmware)
        print(f"  {part:22} {count:2} module(s), may import: {', '.join(below) or '(nothing)'}")
    print(
        f"import graph: firmware {len(firmware)} modules in {len(LAYERS)} layers, "
        f"host_tools {len(host)} modules; no circle, no import up a layer"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
