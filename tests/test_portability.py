"""The static lane catches firmware that would run on one VM only.

Each case writes a small firmware file into a scratch tree and runs the same
check `make test` runs on firmware/ (host_tools.portability)."""

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


def test_every_firmware_module_imports_in_the_vm():
    """And a CPython-only one fails here, in the MicroPython VM lane."""
    from host_tools.mpvm import lane

    lane.build_mpy()
    names = list(firmware_modules())
    out = lane.run([f"for n in {names!r}:\n    __import__(n)\nprint('IMPORTED', {len(names)})"])
    assert f"IMPORTED {len(names)}" in out


def test_a_cpython_only_call_fails_in_the_vm():
    from host_tools.mpvm import lane

    with pytest.raises(lane.VMError, match="AttributeError"):
        lane.run(["import time\ntime.monotonic()"], mpy=False)
