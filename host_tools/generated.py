"""Files generated from a source in the repository: write them, or check
that the committed ones are current (make test runs the checks)."""

from __future__ import annotations

from pathlib import Path


def write_or_check(outputs: dict[Path, str], check: bool, command: str) -> int:
    """Write every stale file, or with ``check`` list them and return 1."""
    stale = []
    for path, text in outputs.items():
        if path.exists() and path.read_text() == text:
            continue
        if check:
            stale.append(path.name)
        else:
            path.write_text(text)
            print(f"wrote {path}")
            stale.append(path.name)
    if check and stale:
        print(f"out of date, run {command}: {', '.join(stale)}")
        return 1
    if not stale:  # say so: silence looked like nothing had run
        print(f"up to date: {', '.join(path.name for path in outputs)}")
    return 0
