"""Replay a game journal on the desktop: audit a game, or compare VMs.

    python -m host_tools.replay data/game.jnl                 # final state as JSON
    python -m host_tools.replay data/game.jnl --csv out.csv   # and the score table

The journal comes from the simulator (build/sim-flash/data/), off a Pico
(mpremote cp :data/game.jnl .), or from a text editor: the format is in
docs/journal.md. It is read and replayed by the firmware's own code, so what this
prints is what the device would show.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from host_tools import cli, paths


def replay_file(path: Path):
    """(rules module, final state) for a journal file; raises RulesError."""
    from referee.core.errors import RulesError
    from referee.core.journal_read import read, replay
    from referee.games import rules

    data = path.read_bytes()
    tail = path.with_name(path.name + ".tail")
    if tail.exists():  # a Pico's newest lines, not yet folded in (referee/core/tail.py)
        from host_tools import flash_image

        files = {flash_image.JOURNAL: data, flash_image.JOURNAL_TAIL: tail.read_bytes()}
        data = flash_image.folded(files).get(flash_image.JOURNAL, data)
    header, actions, dropped = read(data)
    if header is None:
        raise RulesError("the journal has no complete header line")
    game = rules(header["game"])
    state = replay(game, header["setup"], actions)
    if dropped:
        print(f"note: {dropped} bytes of a torn last line were left out", file=sys.stderr)
    return game, state


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser(
        "replay", "host_tools.replay", description="Replay a Robot Referee game journal"
    )
    ap.add_argument("journal", type=Path, nargs="?", help="the game's journal (a .jnl file)")
    ap.add_argument("--csv", type=Path, help="write the per-round score table here")
    args = ap.parse_args(argv)
    if args.journal is None:
        cli.fail(
            ap.prog, "name the game's journal: make replay JOURNAL=build/sim-flash/data/game.jnl"
        )
    paths.use_firmware()
    from referee.core.errors import RulesError

    try:
        game, state = replay_file(args.journal)
    except OSError as e:
        print(f"{args.journal}: cannot read it: {e.strerror}", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"{args.journal}: {e}", file=sys.stderr)
        return 2
    print(json.dumps(game.summary(state), indent=2))
    if args.csv:
        with args.csv.open("w", newline="") as f:
            csv.writer(f).writerows(game.score_rows(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
