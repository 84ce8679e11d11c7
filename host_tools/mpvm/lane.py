"""Run code in the real MicroPython VM (Node + the npm WebAssembly port).

The firmware and the display driver go in as .mpy files from mpy-cross, as
on the Pico; the fakes go in as source.
"""

from __future__ import annotations

import json
import subprocess
import sys

from host_tools import paths, portability

RUNNER = paths.ROOT / "host_tools" / "mpvm" / "run.mjs"
MPY_FIRMWARE = paths.ROOT / "build" / "mpy" / "firmware"
MPY_LIB = paths.ROOT / "build" / "mpy" / "lib"


class VMError(RuntimeError):
    pass


def build_mpy() -> int:
    """Compile firmware/ and the driver with mpy-cross; returns firmware .mpy bytes."""
    problems, total = portability.compile_all(paths.FIRMWARE, MPY_FIRMWARE)
    lib_problems, _ = portability.compile_all(paths.DEVICE_LIB, MPY_LIB)
    if problems or lib_problems:
        raise VMError("\n".join(problems + lib_problems))
    return total


def run(calls: list[str], heap_kb: int = 512, mpy: bool = True, timeout: int = 600) -> str:
    """Each call is a separate runPython; returns what the VM printed."""
    libs = [paths.FAKES] + ([MPY_FIRMWARE, MPY_LIB] if mpy else [paths.FIRMWARE, paths.DEVICE_LIB])
    cmd = ["node", str(RUNNER), "--heap", str(heap_kb)]
    for lib in libs:
        cmd += ["--lib", str(lib)]
    for code in calls:
        cmd += ["--code", code]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=paths.ROOT, timeout=timeout)
    if proc.returncode:
        raise VMError(f"MicroPython VM failed:\n{proc.stderr}\n{proc.stdout[-2000:]}")
    return proc.stdout


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
