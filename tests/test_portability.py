"""The static lane catches firmware that would run on one VM only.

Each case writes a small firmware file into a scratch tree and runs the same
check `make test` runs on firmware/ (host_tools.portability)."""

from pathlib import Path

import pytest

from host_tools import paths, portability


def check(tmp_path, source):
    src = tmp_path / "fw"
    src.mkdir()
    (src / "mod.py").write_text(source)
    problems, _ = portability.check_tree(src, tmp_path / "mpy")
    return "\n".join(problems)


@pytest.mark.parametrize(
    "source, complaint",
    [
        ("from dataclasses import dataclass\n", "imports 'dataclasses'"),
        ("import enum\n", "imports 'enum'"),
        ("import typing\n", "imports 'typing'"),
        ("import threading\n", "imports 'threading'"),
        (
            "import micropython\n@micropython.native\ndef f():\n    return 1\n",
            "@micropython.native is MicroPython-only",
        ),
        (
            "import micropython\n@micropython.viper\ndef f() -> int:\n    return 1\n",
            "@micropython.viper is MicroPython-only",
        ),
        ("match 3:\n    case 3:\n        pass\n", "mpy-cross"),
        ("def f[T](x: T) -> T:\n    return x\n", "mpy-cross"),
    ],
)
def test_one_vm_only_code_is_caught(tmp_path, source, complaint):
    assert complaint in check(tmp_path, source)


def test_guarded_typing_and_shared_modules_pass(tmp_path):
    source = (
        "try:\n    from typing import Optional\nexcept ImportError:\n    pass\n"
        "import gc, os, struct, time\nfrom micropython import const\nX = const(3)\n"
    )
    assert check(tmp_path, source) == ""


def test_an_import_only_the_type_checker_reads_passes_under_its_const(tmp_path):
    typed = "from collections.abc import Callable\n"
    guard = "from micropython import const\n_TYPE_CHECKING = const(False)\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert check(tmp_path / "a", guard + "if _TYPE_CHECKING:\n    " + typed) == ""
    # anywhere else, the same import is caught (collections.abc is not on the Pico)
    assert "imports 'collections.abc'" in check(tmp_path / "b", guard + typed)


def test_the_firmware_itself_passes(tmp_path):
    problems, size = portability.check_tree(paths.FIRMWARE, tmp_path / "mpy")
    assert problems == []
    assert size > 0


def firmware_modules():
    for path in sorted(paths.FIRMWARE.rglob("*.py")):
        rel = path.relative_to(paths.FIRMWARE).with_suffix("")
        if rel.name == "main":
            continue  # main.py starts the device loop; test_main.py runs it
        yield ".".join(p for p in rel.parts if p != "__init__")


def test_every_firmware_module_imports_on_cpython():
    """A MicroPython-only name used at import time (say time.ticks_ms() at
    module level, or `import rp2`) fails here, in the CPython lane."""
    import importlib

    for name in firmware_modules():
        assert importlib.import_module(name).__name__ == name


def native_modules():
    return {".".join(Path(rel).with_suffix("").parts) for rel in portability.NATIVE}


def test_every_firmware_module_imports_in_the_vm():
    """And a CPython-only one fails here, in the MicroPython VM lane (all
    but the Pico's machine code, which the next test covers)."""
    from host_tools.mpvm import lane

    lane.build_mpy()
    names = [n for n in firmware_modules() if n not in native_modules()]
    out = lane.run([f"for n in {names!r}:\n    __import__(n)\nprint('IMPORTED', {len(names)})"])
    assert f"IMPORTED {len(names)}" in out


def test_machine_code_is_built_for_the_pico_and_the_vm_falls_back():
    """ui/fast.py is compiled for the Cortex-M0+ (the .mpy header's arch
    field, bits 2-7 of byte 2: 4 is armv6m in MicroPython's numbering), the
    WebAssembly VM refuses it, and the canvas there runs ui/slow.py."""
    from host_tools.mpvm import lane

    lane.build_mpy()
    for rel in portability.NATIVE:
        header = (lane.MPY_FIRMWARE / Path(rel).with_suffix(".mpy")).read_bytes()[:4]
        assert header[:2] == b"M\x06" and header[2] >> 2 == 4
    out = lane.run(
        [
            "import sys\ntry:\n    import referee.ui.fast\n"
            "except ValueError as e:\n    print('REFUSED', e)\n"
            "import referee.ui.canvas\nprint('SLOW', 'referee.ui.slow' in sys.modules)"
        ]
    )
    assert "REFUSED native code in .mpy unsupported" in out
    assert "SLOW True" in out


def test_emitters_are_allowed_only_in_the_native_modules(tmp_path):
    src = tmp_path / "fw"
    (src / "referee" / "ui").mkdir(parents=True)
    code = "import micropython\n@micropython.viper\ndef f(n: int) -> int:\n    return n + 1\n"
    (src / "referee" / "ui" / "fast.py").write_text(code)
    (src / "referee" / "ui" / "other.py").write_text(code)
    problems, _ = portability.check_tree(src, tmp_path / "mpy")
    # other.py twice: the emitter check, and mpy-cross without an arch
    assert problems and all("other.py" in p for p in problems)
    assert any("@micropython.viper is MicroPython-only" in p for p in problems)


def test_a_cpython_only_call_fails_in_the_vm():
    from host_tools.mpvm import lane

    with pytest.raises(lane.VMError, match="AttributeError"):
        lane.run(["import time\ntime.monotonic()"], mpy=False)
