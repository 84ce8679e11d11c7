"""hardware/ agrees with the board file: the wiring picture and the Wokwi
diagram are generated from firmware/board.py and must be current."""

import json
import re

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
    assert (f"pico:GP{board.BUZZER_PIN}", "buzzer:2") in wires
    oled = next(p for p in diagram["parts"] if p["id"] == "oled")
    assert int(oled["attrs"]["i2cAddress"], 16) == board.DISPLAY_ADDR


def test_wiring_picture_names_every_pin():
    import board

    svg = (ROOT / "hardware" / "wiring.svg").read_text()
    for pin in (board.I2C_SDA, board.I2C_SCL, *board.BUTTON_PINS, board.BUZZER_PIN):
        assert f"GP{pin} (pin {hardware.PICO_PIN[pin]})" in svg
    assert "VSYS (pin 39)" in svg and hex(board.DISPLAY_ADDR) in svg
    # every row's text sits inside both boxes and the picture
    boxes = [int(h) for h in re.findall(r'<rect x="\d+" y="50" width="200" height="(\d+)"', svg)]
    rows = [int(y) for y in re.findall(r'<text x="430" y="(\d+)"', svg)]
    height = int(re.search(r'<svg [^>]*height="(\d+)"', svg).group(1))
    assert len(boxes) == 2 and len(rows) == 10
    assert max(rows) + 10 <= 50 + min(boxes) <= height


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
