"""hardware/ agrees with the board file: the wiring picture and the Wokwi
diagram are generated from firmware/board.py and must be current."""

import json

from conftest import ROOT

from host_tools import hardware


def test_generated_files_are_current():
    assert hardware.main(["--check"]) == 0


def test_wokwi_diagram_wires_the_board_files_pins():
    import board

    diagram = json.loads((ROOT / "hardware" / "diagram.json").read_text())
    wires = {(a, b) for a, b, *_ in diagram["connections"]}
    assert (f"pico:GP{board.I2C_SDA}", "oled:SDA") in wires
    assert (f"pico:GP{board.I2C_SCL}", "oled:SCL") in wires
    for name, pin in zip(("up", "down", "ok", "back"), board.BUTTON_PINS, strict=True):
        assert (f"pico:GP{pin}", f"btn{name}:1.r") in wires
        assert (f"btn{name}:2.r", "pico:GND.1") in wires
    oled = next(p for p in diagram["parts"] if p["id"] == "oled")
    assert int(oled["attrs"]["i2cAddress"], 16) == board.DISPLAY_ADDR


def test_wiring_picture_names_every_pin():
    import board

    svg = (ROOT / "hardware" / "wiring.svg").read_text()
    for pin in (board.I2C_SDA, board.I2C_SCL, *board.BUTTON_PINS):
        assert f"GP{pin} (pin {hardware.PICO_PIN[pin]})" in svg
    assert hex(board.DISPLAY_ADDR) in svg


def test_pico_pin_numbers():
    # The Pico's pinout: GP0 is pin 1, every fifth pin is a ground.
    assert [hardware.PICO_PIN[g] for g in (0, 4, 5, 10, 15, 28)] == [1, 6, 7, 14, 20, 34]


def test_mip_package_lists_every_firmware_file_and_the_pinned_driver():
    from host_tools import mip

    assert mip.main(["--check"]) == 0
    package = json.loads((ROOT / "firmware" / "package.json").read_text())
    dests = {dest for dest, _ in package["urls"]}
    for path in (ROOT / "firmware").rglob("*.py"):
        assert path.relative_to(ROOT / "firmware").as_posix() in dests
    sources = dict(package["urls"])
    assert sources["lib/adafruit_ssd1306.py"].endswith("/2.12.24/adafruit_ssd1306.py")
