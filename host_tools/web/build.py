"""make web: the referee as a static site in build/web/, then served on
localhost (any static host serves it: there is no server code).

    python -m host_tools.web.build [--serve] [--port 8000]
"""

from __future__ import annotations

import argparse
import http.server
import json
import shutil
from pathlib import Path

from host_tools import paths
from host_tools.mpvm import lane

HERE = Path(__file__).parent
OUT = paths.ROOT / "build" / "web"
VM = paths.ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def build(out: Path = OUT) -> int:
    """Write the site; returns its weight in bytes."""
    lane.build_mpy()
    shutil.rmtree(out, ignore_errors=True)
    (out / "files").mkdir(parents=True)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy(VM / name, out / name)
    for name in ("index.html", "main.js", "host.py"):
        shutil.copy(HERE / name, out / name)
    files = []
    for lib in (paths.FAKES, lane.MPY_FIRMWARE, lane.MPY_LIB):
        for path in sorted(lib.rglob("*")):
            rel = path.relative_to(lib).as_posix()
            if path.suffix not in (".py", ".mpy") or "__pycache__" in rel or rel == "main.mpy":
                continue
            (out / "files" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, out / "files" / rel)
            files.append(rel)
    (out / "manifest.json").write_text(json.dumps(sorted(set(files))))
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def serve(out: Path, port: int) -> None:
    handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=str(out), **k)  # noqa: E731
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"the referee: http://127.0.0.1:{port}/  (Ctrl-C stops)")
        server.serve_forever()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serve", action="store_true")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    weight = build()
    print(f"built {OUT}: {weight:,} bytes")
    if args.serve:
        serve(OUT, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
