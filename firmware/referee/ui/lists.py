"""Scrolling lists: the bar that tells there is more. Which entry a list
shows first is its screen's business (Screen.move and keep_visible, in
referee/screens), so a resume offer, which draws no list, does not load
this module.
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
