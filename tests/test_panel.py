"""adafruit_ssd1306 through the machine.I2C adapter onto the virtual panel,
sending only the pages that changed.

Bus figures by hand: the driver's own show() sends six 2-byte command
writes (12 bytes) and 0x40 + 1,024 data bytes: 1,037, docs/design.md's figure.
Panel sends each changed page as one command stream (0x00 and six
command bytes: 7) and one data write: 0x40 and the page's columns from its
first change to its last; pages changed from edge to edge go as one run.
"""

import pytest

import machine
from referee.hw.i2c_bus import I2CBus
from referee.hw.panel import Panel
from virtual_ssd1306 import VirtualSSD1306


@pytest.fixture
def setup():
    machine.sim_reset()
    glass = VirtualSSD1306()
    machine.sim_attach_i2c(0, 0x3C, glass)
    panel = Panel(128, 64, I2CBus(machine.I2C(0)), addr=0x3C)
    panel.show()  # the referee's first frame (blank here)
    return panel, glass


def sent(fn):
    before = machine.sim_bus_bytes(0)
    fn()
    return machine.sim_bus_bytes(0) - before


def test_the_glass_stays_dark_until_the_first_frame_which_goes_whole():
    machine.sim_reset()
    glass = VirtualSSD1306()
    glass.ram[:] = bytes(range(256)) * 4  # what an SSD1306 holds at power-on: noise
    machine.sim_attach_i2c(0, 0x3C, glass)
    panel = Panel(128, 64, I2CBus(machine.I2C(0)), addr=0x3C)
    # No blank frame at init (its 1,025 data bytes were 23 ms of boot):
    # only command bytes, each in a 2-byte write (control byte 0x80): the
    # driver's poweron() (1), init_display()'s list in adafruit_ssd1306
    # 2.12.24 (27: 14 commands, 13 arguments), then our display-off (1).
    assert machine.sim_bus_bytes(0) == 2 * (1 + 27 + 1)
    assert not glass.on
    panel.fill_rect(3, 9, 20, 30, 1)
    # The first frame: one command stream (7 bytes) and every page (0x40 +
    # 1,024), then display-on (2 bytes).
    assert sent(panel.show) == 7 + 1 + 1024 + 2
    assert glass.on and glass.seg_remap and glass.com_reversed
    assert bytes(glass.pixels()) == bytes(panel.buffer[1:])
    assert glass.unknown == []
    assert sent(panel.show) == 0  # lit once: nothing more to send


def test_boot_leaves_a_dark_upright_panel_switched_on(setup):
    panel, glass = setup
    assert glass.on and glass.seg_remap and glass.com_reversed
    assert glass.pixels() == bytearray(1024)
    assert glass.unknown == []


def test_one_pixel_sends_one_column_of_one_page(setup):
    panel, glass = setup
    panel.pixel(5, 20, 1)
    assert sent(panel.show) == 7 + 1 + 1
    assert glass.pixel(5, 20) == 1
    assert sum(bin(b).count("1") for b in glass.pixels()) == 1


def test_nothing_changed_sends_nothing(setup):
    panel, glass = setup
    assert sent(panel.show) == 0


def test_two_separate_pages_send_two_runs_and_keep_the_buffer(setup):
    panel, glass = setup
    panel.pixel(0, 0, 1)
    panel.pixel(127, 63, 1)
    before = bytes(panel.buffer)
    assert sent(panel.show) == 2 * (7 + 1 + 1)
    assert bytes(panel.buffer) == before  # the borrowed control byte is put back
    assert glass.pixel(0, 0) and glass.pixel(127, 63)


def test_pages_changed_from_edge_to_edge_go_in_one_run(setup):
    panel, glass = setup
    panel.fill_rect(0, 8, 128, 16, 1)  # pages 1 and 2, every column
    panel.pixel(5, 63, 1)  # page 7, column 5: a piece of its own
    assert sent(panel.show) == (7 + 1 + 2 * 128) + (7 + 1 + 1)
    assert bytes(glass.pixels()) == bytes(panel.buffer[1:])


def test_pieces_that_would_take_more_than_a_whole_frame_go_as_one(setup):
    panel, glass = setup
    panel.fill_rect(0, 0, 127, 64, 1)  # every page but its last column
    # eight pieces of 127 columns would be 8 x (7 + 1 + 127) = 1,080 bytes:
    # the pages from the first changed to the last, whole, are fewer
    assert sent(panel.show) == 7 + 1 + 1024
    assert bytes(glass.pixels()) == bytes(panel.buffer[1:])


def test_whole_frame_is_1032_bytes(setup):
    panel, glass = setup
    panel.fill(1)
    assert sent(panel.show) == 7 + 1 + 1024  # five fewer than the driver's 1,037
    assert glass.pixels() == bytearray(b"\xff" * 1024)


def test_each_page_sends_its_own_changed_columns(setup):
    panel, glass = setup
    panel.fill_rect(0, 8, 4, 16, 1)  # pages 1 and 2, columns 0-3
    assert sent(panel.show) == 2 * (7 + 1 + 4)
    panel.pixel(10, 8, 1)  # page 1, column 10
    panel.pixel(20, 23, 1)  # page 2, column 20
    panel.pixel(15, 40, 1)  # page 5, column 15
    assert sent(panel.show) == 3 * (7 + 1 + 1)
    assert bytes(glass.pixels()) == bytes(panel.buffer[1:])
    panel.pixel(10, 8, 0)
    assert sent(panel.show) == 7 + 1 + 1
    assert bytes(glass.pixels()) == bytes(panel.buffer[1:])


def test_flip_turns_the_picture_and_resends(setup):
    panel, glass = setup
    panel.pixel(0, 0, 1)
    panel.show()
    panel.flip(True)
    assert sent(panel.show) == 7 + 1 + 1024  # after a flip the glass is rewritten whole
    assert glass.pixel(127, 63) == 1 and glass.pixel(0, 0) == 0
    panel.flip(False)
    panel.show()
    assert glass.pixel(0, 0) == 1


def test_failed_write_is_retried_on_the_next_show(setup):
    panel, glass = setup
    panel.pixel(3, 3, 1)
    machine.sim_detach_i2c(0, 0x3C)  # a loose wire
    with pytest.raises(OSError):
        panel.show()
    machine.sim_attach_i2c(0, 0x3C, glass)
    assert sent(panel.show) == 7 + 1 + 1
    assert glass.pixel(3, 3) == 1


def test_missing_panel_fails_at_construction():
    machine.sim_reset()
    with pytest.raises(ValueError, match="No I2C device at address: 0x3c"):
        Panel(128, 64, I2CBus(machine.I2C(0)), addr=0x3C)
