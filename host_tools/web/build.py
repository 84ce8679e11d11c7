"""make web: the referee as a static site in build/web/, then served on
localhost (any static host serves it: there is no server code).

    python -m host_tools.web.build [--serve] [--port 8000] [--out DIR]

The site: the MicroPython VM from npm (micropython.mjs/.wasm), the
firmware and the display driver as the .mpy files mpy-cross makes for the
Pico, the desktop fakes (the hardware seam) as source, the page's own
Python (host.py, download.py, host_tools/night.py), the page, and a service
worker that keeps all of it for offline use.
"""

from __future__ import annotations

import errno
import hashlib
import http.server
import json
import shutil
from pathlib import Path

from host_tools import cli, paths
from host_tools.mpvm import lane

HERE = Path(__file__).parent
OUT = paths.ROOT / "build" / "web"
VM = paths.ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PAGE = ("index.html", "main.js", "host.py")
TEST_ONLY = ("main.mpy", "storm.py", "flash_faults.py")  # the page boots no main.py
PROG = "make web"
PAGE_LIB = (HERE / "download.py", paths.ROOT / "host_tools" / "night.py")


def build(out: Path = OUT) -> int:
    """Write the site; returns its weight in bytes."""
    lane.build_mpy()
    shutil.rmtree(out, ignore_errors=True)
    (out / "files").mkdir(parents=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy(VM / name, out / name)
    for name in PAGE:
        shutil.copy(HERE / name, out / name)
    files = []
    for lib in (paths.FAKES, lane.MPY_FIRMWARE, lane.MPY_LIB):
        for path in sorted(lib.rglob("*")):
            rel = path.relative_to(lib).as_posix()
            if path.suffix not in (".py", ".mpy") or "__pycache__" in rel or rel in TEST_ONLY:
                continue
            (out / "files" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, out / "files" / rel)
            files.append(rel)
    for path in PAGE_LIB:
        shutil.copy(path, out / "files" / path.name)
        files.append(path.name)
    (out / "manifest.json").write_text(json.dumps(sorted(set(files))))
    site = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in site:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    worker = (HERE / "sw.js").read_text()
    worker = worker.replace("VERSION", digest.hexdigest()[:12])
    (out / "sw.js").write_text(worker.replace("FILES_LIST", json.dumps(["./", *site])))
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def listen(out: Path, port: int) -> http.server.ThreadingHTTPServer:
    """The server for ``out`` on ``port``, or one line saying why not.
    Taken before the build, so a second make web says so at once."""
    handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=str(out), **k)  # noqa: E731
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            cli.fail(
                PROG,
                f"port {port} is already in use (another make web still serving?): stop "
                f'that one, or serve on another port: make web ARGS="--port {port + 1}"',
            )
        cli.fail(PROG, f"cannot serve on port {port}: {e.strerror}")
    return server


def serve(out: Path, port: int, server: http.server.ThreadingHTTPServer | None = None) -> None:
    server = server or listen(out, port)
    with server:
        print(f"the referee: http://127.0.0.1:{port}/  (Ctrl-C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:  # the way to stop it: no traceback for it
            print("stopped")


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("web", "host_tools.web.build", description=__doc__.splitlines()[0])
    ap.add_argument("--serve", action="store_true")
    ap.add_argument("--port", type=int, default=8000, help="the port to serve on (default 8000)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    server = listen(args.out, args.port) if args.serve else None
    weight = build(args.out)
    print(f"built {args.out}: {weight:,} bytes")
    if server:
        serve(args.out, args.port, server)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
