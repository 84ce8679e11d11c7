"""Phases are named once, in each rules core: no screen compares a game's
phase with a bare number (``state.phase == 5  # DISCARD``)."""

import ast

from host_tools.import_graph import screen_files


def bare_phase_numbers(source: str) -> list[int]:
    """The lines where ``<x>.phase`` is compared with an int literal (or a
    tuple or list of them)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(s, ast.Attribute) and s.attr == "phase" for s in sides):
            continue
        for side in sides:
            items = side.elts if isinstance(side, ast.Tuple | ast.List) else [side]
            if any(isinstance(i, ast.Constant) and type(i.value) is int for i in items):
                found.append(node.lineno)
    return found


def test_the_check_finds_a_bare_phase_number():
    source = "if state.phase == 5:\n    pass\nif 2 == s.phase or s.phase in (1, DEAL):\n    pass\n"
    assert bare_phase_numbers(source) == [1, 3, 3]
    assert (
        bare_phase_numbers("if state.phase == duel.DISCARD or state.turn == 1:\n    pass\n") == []
    )


def test_no_screen_compares_a_phase_with_a_number():
    screens = screen_files()
    assert len(screens) > 30
    found = {name: bare_phase_numbers(p.read_text()) for name, p in screens.items()}
    assert {name: lines for name, lines in found.items() if lines} == {}
