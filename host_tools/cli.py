"""One line, not a traceback, for a mistake on a make target's command line
(issue 35): a file that is not there, a script line that does not read, a
port already taken, a flag misspelt. Each says what was wrong and what to
do, on stderr, and exits non-zero."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line naming the make target and where
    the options are listed (argparse's own is a usage block, then the error)."""

    def __init__(self, target: str, module: str, **kwargs) -> None:
        super().__init__(prog=f"make {target}", **kwargs)
        self.module = module

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (python -m {self.module} --help lists the options)\n")


def fail(prog: str, message: str) -> NoReturn:
    """Stop with one line on stderr and exit status 2."""
    print(f"{prog}: {message}", file=sys.stderr)
    raise SystemExit(2)


def read_text(prog: str, path: Path, what: str) -> str:
    """A file the user named, or one line saying why it cannot be read."""
    try:
        return path.read_text()
    except FileNotFoundError:
        where = "" if path.is_absolute() else f" (looked for from {Path.cwd()})"
        fail(prog, f"there is no {what} {path}{where}")
    except IsADirectoryError:
        fail(prog, f"{path} is a folder, not a {what}")
    except (OSError, UnicodeDecodeError) as e:
        fail(prog, f"cannot read the {what} {path}: {getattr(e, 'strerror', None) or e}")


def button_script(prog: str, path: Path) -> str:
    """A button script's text, every line of it read before any is played:
    a line that does not read stops the run with its number and words."""
    from host_tools.fakes.button_script import commands

    text = read_text(prog, path, "script")
    try:
        for _ in commands(text):
            pass
    except ValueError as e:
        fail(prog, f"{path}: {e} (the words a script may use: host_tools/fakes/button_script.py)")
    return text
