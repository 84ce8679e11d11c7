"""Bring a game night home: the journals off the board (or the simulator),
replayed, as a CSV and a chart per game and one summary page.

    make export PORT=/dev/ttyACM0          # pull data/*.jnl with mpremote
    make export FROM=build/sim-flash/data  # or read a folder of journals

Writes into build/export/ (OUT=... for another folder): NAME.csv (the score
table per round), NAME.png (running totals per player or team) and
night.html (every game of the night in the order played, the game still in
play last: its winner, its table and its chart).
Each game of the history it copied whole (history-NNN.jnl) is marked
exported in the device's own history index, by the firmware's own code
(core/room.py mark_exported, run on the board with `mpremote exec`): the
device deletes exported games first when it needs room for a new one.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from host_tools import cli, night, paths

PROG = "make export"


def _mpremote(port: str | None) -> list[str]:
    """mpremote, connected to ``port`` or to the board it finds."""
    return [paths.venv_tool("mpremote"), *(["connect", port] if port else [])]


def pull_commands(port: str | None, names: list[str], dest: Path) -> list[list[str]]:
    """The mpremote commands that copy journals off the board."""
    return [[*_mpremote(port), "cp", f":data/{name}", str(dest / name)] for name in names]


def mark_code(numbers: list[int]) -> str:
    """Python for the board (or, with the folder's name, the desktop): the
    firmware marks these history games exported in its index."""
    return (
        "from referee.core import room\n"
        "from referee.hw.storage import Storage\n"
        f"room.mark_exported(Storage('data'), {numbers!r})\n"
    )


def mark_command(port: str | None, numbers: list[int]) -> list[str]:
    """The mpremote command that marks journals as exported on the board."""
    return [*_mpremote(port), "exec", mark_code(numbers)]


def exported_history(games: list[dict]) -> list[int]:
    """The numbers of the history journals (history-NNN.jnl) an export
    copied whole: the ones the device may delete first. The game being
    played is never one."""
    return [
        int(g["name"][len("history-") :])
        for g in games
        if g["name"].startswith("history-") and "problem" not in g
    ]


def on_board(command: list[str], port: str | None, what: str) -> str:
    """Run an mpremote command; its output, or one line saying what went
    wrong in the maker's words (deploy's: whether the port exists, is held
    by another program, or has no board on it)."""
    from host_tools import deploy

    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        hint = "" if port else " (or export a folder: make export FROM=build/sim-flash/data)"
        cli.fail(PROG, deploy.explain(done.stderr, what, port or "") + hint)
    return done.stdout


def list_command(port: str | None) -> list[str]:
    return [*_mpremote(port), "fs", "ls", ":data"]


def journals_on_board(listing: str) -> list[str]:
    """The journal names in `mpremote fs ls :data` output, and the latest
    game's tail (the lines appended since the board last folded it into
    game.jnl: referee/core/tail.py), which the export folds in."""
    names = []
    for line in listing.splitlines():
        parts = line.split()
        if parts and parts[-1].endswith((".jnl", ".jnl.tail")):
            names.append(parts[-1])
    return names


def chart(title: str, rows: list[list], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    sides, rounds, series = night.running_totals(rows)
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    for name, values in zip(sides, series, strict=True):
        ax.plot(rounds, values, marker="o", label=name)
    ax.set_title(title)
    ax.set_xlabel(night.axis_word(rows))  # the table's own word: round, hand, duel
    ax.set_ylabel("total")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def export(folder: Path, out: Path) -> list[dict]:
    """Replay every journal in ``folder``; write CSV, PNG and night.html."""
    from host_tools.replay import replay_file
    from referee.core.errors import RulesError
    from referee.core.history import header_of
    from referee.core.tail import leftover
    from referee.games import title as title_of
    from referee.hw.storage import Storage

    out.mkdir(parents=True, exist_ok=True)
    leftover(str(folder / "game.jnl.tail"), str(folder / "game.jnl"))  # a copied tail's lines
    storage = Storage(str(folder))
    games = []
    for file_name in night.played_order([path.name for path in folder.glob("*.jnl")]):
        journal = folder / file_name
        name = journal.stem
        try:
            rules, state = replay_file(journal)
        except RulesError as e:
            games.append({"name": name, "problem": str(e)})
            continue
        rows = rules.score_rows(state)
        (out / f"{name}.csv").write_text(night.csv_text(rows), newline="")
        game = {
            "name": name,
            "title": title_of(rules.NAME),
            "headline": rules.headline(state),
            "rows": rows,
            "night": header_of(storage, journal.name)[1],
        }
        chart(f"{game['title']}: {night.label(game)}", rows, out / f"{name}.png")
        games.append(game)
    (out / "night.html").write_text(night_page(games))
    return games


def night_page(games: list[dict]) -> str:
    return night.page(
        games, lambda game: f"<img src='{night.escape(game['name'])}.png' alt='running totals'>"
    )


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("export", "host_tools.export", description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="folder", type=Path, help="a folder of .jnl journals")
    ap.add_argument("--port", help="the board's serial port (default: mpremote finds it)")
    ap.add_argument("--out", type=Path, default=paths.ROOT / "build" / "export")
    args = ap.parse_args(argv)
    paths.use_firmware()
    if args.folder:
        folder = args.folder
        if not folder.is_dir():
            what = "a file, not a folder" if folder.exists() else "not there"
            cli.fail(PROG, f"FROM={folder} is {what}: name the folder the journals are in")
        games = export(folder, args.out)
        from referee.core import room  # the firmware's own index code
        from referee.hw.storage import Storage

        room.mark_exported(Storage(str(folder)), exported_history(games))
    else:
        listing = on_board(list_command(args.port), args.port, "the list of journals")
        with tempfile.TemporaryDirectory() as tmp:
            for command in pull_commands(args.port, journals_on_board(listing), Path(tmp)):
                on_board(command, args.port, command[-2][1:])
            games = export(Path(tmp), args.out)
        on_board(mark_command(args.port, exported_history(games)), args.port, "the history index")
    for game in games:
        print(f"{game['name']}: {game.get('headline') or game.get('problem')}")
    print(f"wrote {args.out}/night.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
