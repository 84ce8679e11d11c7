"""The docs point only at what exists, inside the repository: every
Markdown link to a file (and its #heading), every file path a doc cites in
backticks, and no citation of a file outside the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img src=\"([^\"]+)\"")
# a backticked path with a folder and a file name: `host_tools/pico/bench.py`
CITED = re.compile(r"`((?:[\w.-]+/)+[\w.-]+\.(?:py|md|mjs|json|toml|txt|svg|png|pbm|sh))`")
TOP = ("firmware/", "host_tools/", "tests/", "docs/", "hardware/", ".ci/", "build/")


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [ROOT / line for line in out.splitlines()]


DOCS = tracked("*.md")


def anchors(doc: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to -."""
    found = set()
    for line in doc.read_text().splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def links(doc: Path) -> list[str]:
    text = doc.read_text()
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks hold no links
    return [a or b for a, b in LINK.findall(text)]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_reaches_a_file_and_heading_in_the_repository(doc):
    broken = []
    for target in links(doc):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists() or ROOT not in file.parents and file != ROOT:
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)}: {broken}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_a_doc_cites_exists(doc):
    missing = []
    for path in CITED.findall(doc.read_text()):
        if not path.startswith(TOP) or path.startswith("build/"):  # build/ is made
            continue
        if "tally" in path:  # the files docs/adding-a-game.md has the reader make
            continue
        if not (ROOT / path).exists() and not (doc.parent / path).exists():
            missing.append(path)
    assert not missing, f"{doc.relative_to(ROOT)}: {missing}"


def test_nothing_cites_a_file_outside_the_repository():
    outside = re.compile(r"\.\./shared|\bDESIGN\.md")
    found = []
    for file in tracked("*.md", "*.py", "*.mjs", "*.txt", "Makefile", "*.toml", "*.json"):
        if file.name == Path(__file__).name:
            continue
        for n, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
            if outside.search(line):
                found.append(f"{file.relative_to(ROOT)}:{n}")
    assert not found, found


def test_the_checks_see_a_broken_link(tmp_path, monkeypatch):
    doc = ROOT / "docs" / "design.md"
    assert "figures.md" in [t.partition("#")[0] for t in links(doc)]
    fake = tmp_path / "x.md"
    fake.write_text("[a](no-such-file.md) [b](#no-such-heading)\n# A heading\n")
    assert links(fake) == ["no-such-file.md", "#no-such-heading"]
    assert "a-heading" in anchors(fake)
