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
    # the cells' both leads, the + one through the power switch
    assert "3xAAA + (optional)" in svg and "3xAAA \u2212 (optional)" in svg
    assert "power switch" in svg
    # every row's text sits inside both boxes and the picture (the browser
    # checks the widths: tests/test_hardware_layout.py)
    boxes = [int(h) for h in re.findall(r'<rect x="\d+" y="50" width="\d+" height="(\d+)"', svg)]
    rows = [int(y) for y in re.findall(r'<text x="450" y="(\d+)"', svg)]
    height = int(re.search(r'<svg [^>]*height="(\d+)"', svg).group(1))
    assert len(boxes) == 2 and len(rows) == 11
    assert max(rows) + 10 <= 50 + min(boxes) <= height


def test_wokwi_files_name_the_firmware_the_project_ships():
    from host_tools.pico import run

    toml = (ROOT / "hardware" / "wokwi.toml").read_text()
    assert 'firmware = "../build/referee.uf2"' in toml  # what `make uf2` writes
    assert "elf =" not in toml  # an .elf is the firmware's symbols, not a .uf2
    version = re.search(r"v\d+\.\d+\.\d+", run.FIRMWARE.name).group()
    assert f"MicroPython {version}'s ROMFS build" in toml
    # the diagram names no MicroPython of Wokwi's own (an "env" would)
    diagram = json.loads((ROOT / "hardware" / "diagram.json").read_text())
    pico = next(p for p in diagram["parts"] if p["id"] == "pico")
    assert "env" not in pico["attrs"]
    assert "micropython" not in json.dumps(diagram).lower()


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


def breadboard_nets(switch_on: bool = True):
    """The breadboard picture's connections, followed as a meter would: a
    column's holes a-e are one strip, f-j another, each rail one long strip;
    a leg joins its part's pin to its hole, a jumper its two ends, and the
    power switch its two terminals when it is on."""
    svg = (ROOT / "hardware" / "breadboard.svg").read_text()
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    def join(a, b):
        parent[find(a)] = find(b)

    def strip(hole):
        if hole[:2] in ("T+", "T-", "B+", "B-"):
            return "rail " + hole[:2]
        col = int(hole[1:])
        assert 1 <= col <= 30, hole
        return f"strip {'top' if hole[0] in 'abcde' else 'bottom'} {col}"

    def node(end):
        return end if ":" in end else strip(end)

    holes = {}
    for leg, hole in re.findall(r'data-leg="([^"]+)" data-hole="([^"]+)"', svg):
        assert hole not in holes, f"{leg} and {holes[hole]} in one hole"
        holes[hole] = leg
        join(leg, strip(hole))
    for ground in (3, 8, 13, 18, 23, 28, 33, 38):  # the Pico's grounds are one plane
        join(f"pico:{ground}", "pico:38")
    for a, b in re.findall(r'class="wire" data-a="([^"]+)" data-b="([^"]+)"', svg):
        for end in (a, b):
            if ":" not in end:
                assert end not in holes, f"a jumper into {holes[end]}'s hole {end}"
                holes[end] = "wire"
        join(node(a), node(b))
    if switch_on:
        join("switch:1", "switch:2")
    return find


def test_breadboard_picture_wires_the_board_files_pins():
    import board

    net = breadboard_nets()
    pin = hardware.PICO_PIN

    def same(a, b):
        return net(a) == net(b)

    assert same(f"pico:{pin[board.I2C_SDA]}", "oled:SDA")
    assert same(f"pico:{pin[board.I2C_SCL]}", "oled:SCL")
    for name, gp in zip(("up", "down", "ok", "back"), board.BUTTON_PINS, strict=True):
        assert same(f"pico:{pin[gp]}", f"{name}:1")
        assert same(f"{name}:2", "pico:38")  # the other leg to ground
        assert not same(f"{name}:1", "pico:38")  # and not shorted to it
    assert same(f"pico:{pin[board.BUZZER_PIN]}", "buzzer:+")
    # power: 3V3 OUT (pin 36) feeds the OLED, VSYS (pin 39) takes the cells'
    # + through the switch, and every ground meets; no signal touches another
    # or a supply
    assert same("pico:36", "oled:VCC") and same("pico:39", "cells:+")
    for ground in ("oled:GND", "buzzer:-", "cells:-"):
        assert same(ground, "pico:38")
    signals = [pin[g] for g in (board.I2C_SDA, board.I2C_SCL, *board.BUTTON_PINS, board.BUZZER_PIN)]
    nets = [net(f"pico:{p}") for p in (*signals, 36, 38, 39)]
    assert len(set(nets)) == len(nets)


def test_the_power_switch_cuts_the_cells_off_vsys():
    off = breadboard_nets(switch_on=False)
    assert off("pico:39") != off("cells:+")  # off: no path from the cells' + to VSYS
    assert off("pico:39") == off("switch:2") and off("cells:+") == off("switch:1")
    assert off("cells:-") == off("pico:38")  # the - lead is not switched


def test_breadboard_picture_seats_the_pico_as_built():
    # Pin 1 faces pin 40 across the board, pins run one column apart, and the
    # two rows are seven holes apart (0.7 in): rows b and g of a breadboard.
    svg = (ROOT / "hardware" / "breadboard.svg").read_text()
    seat = dict(re.findall(r'data-leg="pico:(\d+)" data-hole="([^"]+)"', svg))
    assert len(seat) == 40
    for n in range(1, 21):
        top, bottom = seat[str(41 - n)], seat[str(n)]
        assert top[0] == "b" and bottom[0] == "g" and top[1:] == bottom[1:]
        assert int(bottom[1:]) == n  # USB at the left: pin 1 at column 1
