"""A game night on paper: each game's score table as CSV and one page for
the whole night. Plain Python that runs in CPython (make export) and in the
browser page's MicroPython (its download button), so the two give the same
files from the same journals. No csv or html module: MicroPython has
neither.
"""


def csv_text(rows):
    """The rows as CSV, as Python's csv module writes them by default: CRLF
    line ends, a cell quoted only when it holds a comma, a quote or a line
    break (its quotes doubled)."""
    lines = []
    for row in rows:
        cells = []
        for value in row:
            cell = "" if value is None else str(value)
            if "," in cell or '"' in cell or "\n" in cell or "\r" in cell:
                cell = '"' + cell.replace('"', '""') + '"'
            cells.append(cell)
        if len(cells) == 1 and cells[0] == "":
            cells[0] = '""'  # a row of one empty cell is not an empty line
        lines.append(",".join(cells) + "\r\n")
    return "".join(lines)


def escape(text):
    """Text for HTML: &, <, >, and both quotes made entities."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#x27;")
    )


def running_totals(rows):
    """(side names, round numbers from 0, running totals per side) from score
    rows. A round's row starts with its number; a row with a word instead is
    a starting score before the rounds (Robo Factory's "start" cubes) or the
    game's summary after them ("total", "wins", "cubes"), not added again."""
    header = rows[0]
    sides = [str(h) for h in header[1:] if h != "ended"]
    rounds = [0]
    totals = [0] * len(sides)
    series = [[0] for _ in sides]
    for row in rows[1:]:
        if not isinstance(row[0], int):
            if rounds == [0]:  # before the first round: where the sides start
                totals = [int(v) for v in row[1 : 1 + len(sides)]]
                series = [[v] for v in totals]
            continue
        rounds.append(row[0])
        for i in range(len(sides)):
            totals[i] += int(row[1 + i])
            series[i].append(totals[i])
    return sides, rounds, series


def axis_word(rows):
    """What the score table's first column counts ("round", "hand", "duel",
    "turn"): the chart's axis says the same word as the table."""
    return str(rows[0][0]) if rows and rows[0] else "round"


def label(game):
    """A game named for people, not by its file: "game 3 on night 2" for
    the history's third game, "the latest game" for game.jnl (the newest
    on the device, finished or still in play: a finished one stays there
    until the next game begins); any
    other journal keeps its file's name. A night 0 (a journal from before
    nights were kept) is left out."""
    name = game["name"]
    number = name[len("history-") :] if name.startswith("history-") else ""
    if name == "game":
        which = "the latest game"
    elif number.isdigit():
        which = "game %d" % int(number)
    else:
        which = name
    return which + (" on night %d" % game["night"] if game.get("night") else "")


def played_order(names):
    """Journal names (with or without .jnl) in the order the games were
    played: the history by its number (history-9 before history-10), then
    any other journal by name, and the latest game (game.jnl) last."""

    def key(name):
        stem = name[:-4] if name.endswith(".jnl") else name
        number = stem[len("history-") :] if stem.startswith("history-") else ""
        if number.isdigit():
            return (0, int(number), stem)
        return (2, 0, stem) if stem == "game" else (1, 0, stem)

    return sorted(names, key=key)


# Line colours a printed page tells apart (matplotlib's first six)
_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")


def svg_chart(rows):
    """The running totals as an SVG line chart, drawn inline in the page:
    the browser page has no matplotlib."""
    sides, rounds, series = running_totals(rows)
    width, height, left, top, right, bottom = 480, 240, 40, 12, 110, 28
    low = min(min(s) for s in series) if series else 0
    high = max(max(s) for s in series) if series else 1
    if high == low:
        high = low + 1
    last = max(rounds[-1], 1)

    def x(r):
        return left + (width - left - right) * r // last

    def y(v):
        return top + (height - top - bottom) * (high - v) // (high - low)

    base = y(0) if low <= 0 <= high else height - bottom  # the zero line, if in sight
    parts = [
        "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' font-size='11'"
        " font-family='sans-serif'>" % (width, height),
        "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='#999'/>" % (left, base, width - right, base),
        "<text x='2' y='%d'>%d</text>" % (y(high) + 4, high),  # beside its height
        "<text x='2' y='%d'>%d</text>" % (y(low) + 4, low),
        "<text x='%d' y='%d' text-anchor='middle'>%ss 0-%d</text>"
        % ((left + width - right) // 2, height - 6, escape(axis_word(rows)), rounds[-1]),
    ]
    for i, name in enumerate(sides):
        colour = _COLOURS[i % len(_COLOURS)]
        points = " ".join("%d,%d" % (x(r), y(v)) for r, v in zip(rounds, series[i]))
        parts.append(
            "<polyline fill='none' stroke='%s' stroke-width='2' points='%s'/>" % (colour, points)
        )
        parts.append(
            "<text x='%d' y='%d' fill='%s'>%s %d</text>"
            % (width - right + 8, top + 10 + 14 * i, colour, escape(name), series[i][-1])
        )
    parts.append("</svg>")
    return "".join(parts)


def page(games, chart):
    """night.html: every game, its night, its headline, its table and its
    chart, in the order given (played_order's). ``games`` are dicts (name,
    title, headline, rows, night; or name and problem); ``chart(game)`` is
    the chart's HTML."""
    count = len(games)
    parts = [
        "<!doctype html><meta charset='utf-8'><title>Game night</title>",
        "<style>body{font-family:sans-serif;max-width:48em;margin:2em auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 8px;"
        "text-align:right}</style>",
        "<h1>Game night: %d game%s</h1>" % (count, "" if count == 1 else "s"),
    ]
    for game in games:
        if "problem" in game:
            parts.append(
                "<h2>%s</h2><p>not readable: %s</p>"
                % (escape(label(game)), escape(game["problem"]))
            )
            continue
        parts.append("<h2>%s: %s</h2>" % (escape(game["title"]), escape(label(game))))
        parts.append("<p>%s</p><table>" % escape(game["headline"]))
        for i, row in enumerate(game["rows"]):
            cell = "th" if i == 0 else "td"
            parts.append(
                "<tr>" + "".join("<%s>%s</%s>" % (cell, escape(v), cell) for v in row) + "</tr>"
            )
        parts.append("</table><p>%s</p>" % chart(game))
    return "\n".join(parts) + "\n"
