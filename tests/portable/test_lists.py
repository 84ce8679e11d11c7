"""The scrolling lists' helper (keep_visible, referee/screens), on both VMs. The
expected positions are counted by hand on a list drawn on paper."""

from referee.screens import keep_visible


def test_keep_visible_scrolls_only_as_far_as_it_must():
    assert keep_visible(0, 5, 6) == 0  # the 6th entry fits rows 0-5
    assert keep_visible(0, 6, 6) == 1
    assert keep_visible(4, 2, 6) == 2  # above the view: it becomes the top
    # two tall entries (2 rows each) above single ones, 6 rows: entry 3
    # from top 0 takes 2 + 2 + 1 + 1 = 6 rows, entry 4 one more
    assert keep_visible(0, 3, 6, tall=2, scale=2) == 0
    assert keep_visible(0, 4, 6, tall=2, scale=2) == 1
