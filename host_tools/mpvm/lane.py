"""Run code in the real MicroPython VM (Node + the npm WebAssembly port).

The firmware and the display driver go in as .mpy files from mpy-cross, as
on the Pico; the fakes go in as source.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from host_tools import paths, portability

RUNNER = paths.ROOT / "host_tools" / "mpvm" / "run.mjs"
MPY_ROOT = paths.ROOT / "build" / "mpy"
MPY_FIRMWARE = MPY_ROOT / "firmware"
MPY_LIB = MPY_ROOT / "lib"
STAMP = MPY_ROOT / "sources.sha256"
PROGRAMS = paths.ROOT / "host_tools" / "mpvm_programs"


class VMError(RuntimeError):
    pass


def build_mpy() -> int:
    """Compile firmware/ and the driver with mpy-cross; returns firmware .mpy bytes.

    A test session asks for the .mpy set a dozen times: the set is rebuilt only
    when a source file, its path or mpy-cross itself changed since the last
    build (a content hash in build/mpy/sources.sha256), and a lock keeps two
    processes from building into the same folder at once."""
    MPY_ROOT.mkdir(parents=True, exist_ok=True)
    with open(MPY_ROOT / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        wanted = sources_hash()
        if STAMP.exists() and STAMP.read_text() == wanted and all_built():
            return firmware_mpy_bytes()
        STAMP.unlink(missing_ok=True)  # a failed or half build is never trusted
        for out in (MPY_FIRMWARE, MPY_LIB):
            shutil.rmtree(out, ignore_errors=True)  # no .mpy of a deleted module
        problems, total = portability.compile_all(paths.FIRMWARE, MPY_FIRMWARE)
        lib_problems, _ = portability.compile_all(paths.DEVICE_LIB, MPY_LIB)
        if problems or lib_problems:
            raise VMError("\n".join(problems + lib_problems))
        STAMP.write_text(wanted)
        return total


def sources_hash() -> str:
    """What the .mpy set is made from: every source's path and bytes, the
    compiler, and how it is called (compile_one's own source)."""
    digest = hashlib.sha256()
    compiler = Path(portability.mpy_cross()).stat()
    digest.update(f"mpy-cross {compiler.st_size} {compiler.st_mtime_ns}\n".encode())
    digest.update(Path(portability.__file__).read_bytes())
    for tree in (paths.FIRMWARE, paths.DEVICE_LIB):
        for source in sorted(tree.rglob("*.py")):
            digest.update(f"{tree.name}/{source.relative_to(tree).as_posix()}\n".encode())
            digest.update(hashlib.sha256(source.read_bytes()).digest())
    return digest.hexdigest()


def all_built() -> bool:
    """Every source still has its .mpy (nobody cleared part of build/mpy)."""
    return all(
        (out / source.relative_to(tree)).with_suffix(".mpy").exists()
        for tree, out in ((paths.FIRMWARE, MPY_FIRMWARE), (paths.DEVICE_LIB, MPY_LIB))
        for source in tree.rglob("*.py")
    )


def firmware_mpy_bytes() -> int:
    return sum(p.stat().st_size for p in MPY_FIRMWARE.rglob("*.mpy"))


PORTABLE = paths.ROOT / "tests" / "portable"

# Runs each test_* function of the portable test modules in a fresh folder.
_PORTABLE_RUNNER = """
import os, sys
results = []
for modname in MODULES:
    mod = __import__("portable." + modname, None, None, ["x"])
    for name in sorted(dir(mod)):
        if not name.startswith("test_"):
            continue
        folder = "/flash-" + modname + "-" + name
        os.mkdir(folder)
        os.chdir(folder)
        try:
            getattr(mod, name)()
            print("PASS", modname, name)
        except Exception as e:
            print("FAIL", modname, name, type(e).__name__, e)
        os.chdir("/")
"""


def run(
    calls: list[str],
    heap_kb: int = 512,
    mpy: bool = True,
    timeout: int = 600,
    extra_libs: tuple = (),
    files: dict | None = None,
    firmware_libs: tuple | None = None,
) -> str:
    """Each call is a separate runPython; returns what the VM printed.
    ``files`` ({name: bytes}) go into the VM's /data folder first.
    ``firmware_libs``: folders that stand for the board's files instead of
    the firmware and its driver (a manual install's copy, say)."""
    import tempfile

    if firmware_libs is not None:
        libs = [paths.FAKES, *firmware_libs]
    else:
        libs = [paths.FAKES] + (
            [MPY_FIRMWARE, MPY_LIB] if mpy else [paths.FIRMWARE, paths.DEVICE_LIB]
        )
    libs += list(extra_libs)
    cmd = ["node", str(RUNNER), "--heap", str(heap_kb)]
    for lib in libs:
        cmd += ["--lib", str(lib)]
    with tempfile.TemporaryDirectory() as data:
        if files is not None:
            for name, content in files.items():
                (Path(data) / name).write_bytes(content)
            cmd += ["--data", data]
        for code in calls:
            cmd += ["--code", code]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=paths.ROOT, timeout=timeout)
    if proc.returncode:
        raise VMError(f"MicroPython VM failed:\n{proc.stderr}\n{proc.stdout[-2000:]}")
    return proc.stdout


def program(name: str) -> str:
    """The text of host_tools/mpvm_programs/<name>.py, as one of run()'s calls:
    what it defines stays in the VM's globals for the calls after it."""
    return (PROGRAMS / f"{name}.py").read_text()


def portable_tests() -> dict[str, str]:
    """Run tests/portable in the VM: {"module.test_name": "PASS" or the failure}."""
    import tempfile

    modules = sorted(p.stem for p in PORTABLE.glob("test_*.py"))
    with tempfile.TemporaryDirectory() as lib:
        (Path(lib) / "portable").symlink_to(PORTABLE)
        out = run([f"MODULES = {modules!r}\n" + _PORTABLE_RUNNER], extra_libs=(Path(lib),))
    results = {}
    for line in out.splitlines():
        if line.startswith(("PASS ", "FAIL ")):
            word, module, name, *rest = line.split(" ", 3)
            results[f"{module}.{name}"] = "PASS" if word == "PASS" else " ".join(rest)
    return results


def scenarios(scripts: dict[str, str], seed: int = 1) -> dict:
    """The scenario record (see rig.run_scenarios) from inside the VM."""
    code = (
        f"import json, rig\nprint('RESULT' + json.dumps(rig.run_scenarios({scripts!r}, {seed})))\n"
    )
    out = run([code])
    for line in out.splitlines():
        if line.startswith("RESULT"):
            return json.loads(line[6:])
    raise VMError("no result from the VM:\n" + out)


if __name__ == "__main__":
    print(build_mpy(), "bytes of firmware .mpy")
    sys.exit(0)
