"""Scrolling lists: which entry to show first, and the bar that tells there
is more. A list's cursor is its screen's: Screen.move (referee/screens)
moves it round and scrolls with keep_visible, so this module loads with
the screens' base at boot (208 bytes of heap on the chip).
"""


def scroll_bar(c, top, shown, total, row=1, rows=6):
    """A list of ``total`` entries showing ``shown`` from ``top`` on page
    rows ``row`` .. ``row + rows - 1``: a thin bar at the right edge whose
    length and place tell how much lies above and below. Nothing when all
    fit. Columns 125-127 are cleared first (lists end their numbers at 124),
    so the bar shows on a highlighted row as well."""
    if total <= shown:
        return
    y = row * 8
    h = rows * 8
    c.fill_rect(125, y, 3, h, 0)
    size = max(4, h * shown // total)
    c.fill_rect(126, y + (h - size) * top // (total - shown), 2, size, 1)


def keep_visible(top, index, visible, tall=0, scale=1):
    """The first entry to show so that entry ``index`` is within the
    ``visible`` rows of a scrolling list that started at ``top``. Entries
    before ``tall`` take ``scale`` rows (double-size players above
    single-row tools), the others one."""
    if index < top:
        return index
    used = 0
    for i in range(index, top - 1, -1):  # from the cursor up, until the rows run out
        used += scale if i < tall else 1
        if used > visible:
            return i + 1
    return top
