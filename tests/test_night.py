"""The night's files as both `make export` and the browser page's download
make them (host_tools/night.py, host_tools/web/download.py): plain Python
that MicroPython runs too, checked here against CPython's own csv, html
and zipfile modules."""

import csv
import html
import io
import zipfile

from hypothesis import given
from hypothesis import strategies as st

from host_tools import night
from host_tools.web import download

cells = st.one_of(st.integers(-1000, 1000), st.text(max_size=8))


@given(st.lists(st.lists(cells, min_size=1, max_size=5), max_size=6))
def test_csv_text_is_what_the_csv_module_writes(rows):
    out = io.StringIO(newline="")
    csv.writer(out).writerows(rows)
    assert night.csv_text(rows) == out.getvalue()


@given(st.text())
def test_escape_is_html_escape(text):
    assert night.escape(text) == html.escape(text)


@given(
    st.lists(
        st.tuples(st.text("abc-/.", min_size=1, max_size=12), st.binary(max_size=300)), max_size=5
    )
)
def test_a_stored_zip_reads_back_in_zipfile(files):
    data = download.zip_bytes(files)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None
        assert [(i.filename, z.read(i)) for i in z.infolist()] == files


def test_the_chart_draws_a_line_a_side_through_its_running_totals():
    # ANN 10 then +5: 0, 10, 15; BOB -5 then +20: 0, -5, 15 (sums by hand)
    rows = [["round", "ANN", "BOB"], [1, 10, -5], [2, 5, 20], ["total", 15, 15]]
    svg = night.svg_chart(rows)
    assert svg.count("<polyline") == 2
    assert ">ANN 15<" in svg and ">BOB 15<" in svg
    # x: 40 to 370 over rounds 0-2 (40, 205, 370); y: 12 at 15 (the top) to
    # 212 at -5, 10 px a point: 0 at 162, 10 at 62, -5 at 212
    assert "points='40,162 205,62 370,12'" in svg  # ANN: 0, 10, 15
    assert "points='40,162 205,212 370,12'" in svg  # BOB: 0, -5, 15


def test_the_chart_counts_what_the_table_counts():
    # Robber Rummy's table counts hands: its chart's axis says hands too
    rows = [["hand", "A", "B", "ended"], [1, 10, 5, "A"], [2, 0, 20, "B"]]
    assert ">hands 0-2<" in night.svg_chart(rows)
    assert ">rounds 0-1<" in night.svg_chart([["round", "A"], [1, 3]])


def test_games_are_named_in_words_and_put_in_the_order_played():
    assert night.label({"name": "history-007", "night": 3}) == "game 7 on night 3"
    # game.jnl may be finished (it stays until the next game): "latest", not "in play"
    assert night.label({"name": "game", "night": 3}) == "the latest game on night 3"
    assert night.label({"name": "game", "night": 0}) == "the latest game"  # no night kept
    assert night.label({"name": "robots", "night": 1}) == "robots on night 1"
    names = ["game.jnl", "history-10.jnl", "other.jnl", "history-9.jnl"]
    assert night.played_order(names) == ["history-9.jnl", "history-10.jnl", "other.jnl", "game.jnl"]
