"""The virtual panel decodes the SSD1306 command stream as the datasheet says.

Expected pixels are worked out by hand from the SSD1306 datasheet: control
byte 0x80 = one command byte follows, 0x00 = a stream of commands, 0x40 = a
stream of data; 0x21/0x22 set the column/page window; GDDRAM bit 0 is the
top row of its page.
"""

from virtual_ssd1306 import VirtualSSD1306


def cmds(panel, *codes):
    panel.i2c_write(bytes([0x00, *codes]))


def lit(panel):
    img = panel.pixels()
    return {(x, y) for y in range(64) for x in range(128) if panel.pixel(x, y, img)}


def upright():
    p = VirtualSSD1306()
    cmds(p, 0xA1, 0xC8, 0xAF)  # remap + reversed COM scan = upright module; on
    return p


def test_dark_until_switched_on():
    p = VirtualSSD1306()
    p.i2c_write(bytes([0x40, 0xFF]))
    assert lit(p) == set()
    cmds(p, 0xA1, 0xC8, 0xAF)
    assert lit(p) == {(0, y) for y in range(8)}  # page mode from reset, column 0


def test_horizontal_window_wraps_to_next_page():
    p = upright()
    cmds(p, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3)
    # four bytes fill columns 10,11 of page 2 then columns 10,11 of page 3
    p.i2c_write(bytes([0x40, 0x01, 0x80, 0x01, 0x80]))
    assert lit(p) == {(10, 16), (11, 23), (10, 24), (11, 31)}
    # a fifth byte wraps back to the window's start: column 10, page 2
    p.i2c_write(bytes([0x40, 0x02]))
    assert (10, 16) not in lit(p) and (10, 17) in lit(p)


def test_vertical_mode_walks_pages_first():
    p = upright()
    cmds(p, 0x20, 0x01, 0x21, 0, 127, 0x22, 0, 1)
    p.i2c_write(bytes([0x40, 0x01, 0x01, 0x01]))
    assert lit(p) == {(0, 0), (0, 8), (1, 0)}


def test_page_mode_column_nibbles():
    p = upright()
    cmds(p, 0x20, 0x02, 0xB5, 0x0A, 0x12)  # page 5, column 0x2A = 42
    p.i2c_write(bytes([0x40, 0x80]))
    assert lit(p) == {(42, 47)}


def test_commands_one_byte_per_write_keep_their_arguments():
    p = upright()
    for b in (0x81, 0x3C):  # contrast split over two writes, as the driver sends it
        p.i2c_write(bytes([0x80, b]))
    assert p.contrast == 0x3C
    p.i2c_write(bytes([0x80, 0x21, 0x80, 5, 0x80, 5]))  # Co=1 pairs in one write
    assert (p.col_start, p.col_end) == (5, 5)


def test_invert_entire_on_and_off():
    p = upright()
    cmds(p, 0xA7)
    assert len(lit(p)) == 128 * 64
    cmds(p, 0xA6, 0xA5)
    assert len(lit(p)) == 128 * 64
    cmds(p, 0xA4, 0xAE)
    assert lit(p) == set()


def test_remap_and_scan_direction_mirror_the_picture():
    p = upright()
    cmds(p, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7)
    p.i2c_write(bytes([0x40, 0x01]))  # RAM column 0, row 0
    assert lit(p) == {(0, 0)}
    cmds(p, 0xA0)
    assert lit(p) == {(127, 0)}
    cmds(p, 0xC0)
    assert lit(p) == {(127, 63)}


def test_start_line_scrolls_rows():
    p = upright()
    cmds(p, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7)
    p.i2c_write(bytes([0x40, 0x04]))  # RAM row 2
    cmds(p, 0x40 | 2)  # start line 2: RAM row 2 is drawn on glass row 0
    assert lit(p) == {(0, 0)}


def test_unknown_commands_are_recorded():
    p = upright()
    cmds(p, 0xF0)
    assert p.unknown == [0xF0]


def test_status_read_reports_display_off():
    p = VirtualSSD1306()
    buf = bytearray(1)
    p.i2c_read_into(buf)
    assert buf[0] & 0x40
