"""The wiring picture, the breadboard picture and the Wokwi diagram, made
from the board file.

    python -m host_tools.hardware          # rewrite hardware/wiring.svg, breadboard.svg, diagram.json
    python -m host_tools.hardware --check  # fail if they disagree with firmware/board.py

The pins come from firmware/board.py (read as text, so this runs without the
firmware's imports); change a pin there and regenerate.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from host_tools.generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "firmware" / "board.py"
OUT = ROOT / "hardware"
BUTTONS = ("UP", "DOWN", "OK", "BACK")

# Physical pin numbers of the Pico's GP pins (pin 1 is GP0, top left).
PICO_PIN = {
    0: 1,
    1: 2,
    2: 4,
    3: 5,
    4: 6,
    5: 7,
    6: 9,
    7: 10,
    8: 11,
    9: 12,
    10: 14,
    11: 15,
    12: 16,
    13: 17,
    14: 19,
    15: 20,
    16: 21,
    17: 22,
    18: 24,
    19: 25,
    20: 26,
    21: 27,
    22: 29,
    26: 31,
    27: 32,
    28: 34,
}


def board_pins() -> dict:
    """{"SDA": 4, "SCL": 5, "ADDR": 0x3C, "FREQ": 400000, "UP": 10, ...} from board.py."""
    text = BOARD.read_text()

    def const(name: str) -> int:
        match = re.search(rf"^{name} = const\((0x[0-9A-Fa-f]+|[\d_]+)\)", text, re.M)
        if not match:
            raise ValueError(f"board.py has no {name} = const(...)")
        return int(match.group(1).replace("_", ""), 0)

    pins = {
        "SDA": const("I2C_SDA"),
        "SCL": const("I2C_SCL"),
        "I2C": const("I2C_ID"),
        "ADDR": const("DISPLAY_ADDR"),
        "FREQ": const("I2C_FREQ"),
        "BUZZER": const("BUZZER_PIN"),
    }
    match = re.search(r"^BUTTON_PINS = \(([^)]*)\)", text, re.M)
    if not match:
        raise ValueError("board.py has no BUTTON_PINS")
    numbers = [int(n) for n in match.group(1).split(",") if n.strip()]
    for name, number in zip(BUTTONS, numbers, strict=True):
        pins[name] = number
    return pins


def diagram(pins: dict) -> dict:
    """A Wokwi diagram: the Pico, the SSD1306 and four buttons to GND."""
    parts = [
        {
            "type": "wokwi-pi-pico",
            "id": "pico",
            "top": 0,
            "left": 0,
            "attrs": {"env": "micropython-20231227-v1.22.0"},
        },
        {
            "type": "board-ssd1306",
            "id": "oled",
            "top": -120,
            "left": 140,
            "attrs": {"i2cAddress": hex(pins["ADDR"])},
        },
    ]
    connections = [
        [f"pico:GP{pins['SDA']}", "oled:SDA", "green", []],
        [f"pico:GP{pins['SCL']}", "oled:SCL", "blue", []],
        ["pico:3V3", "oled:VCC", "red", []],
        ["pico:GND.8", "oled:GND", "black", []],
    ]
    for i, name in enumerate(BUTTONS):
        button = f"btn{name.lower()}"
        parts.append(
            {
                "type": "wokwi-pushbutton",
                "id": button,
                "top": 60 + 50 * i,
                "left": -120,
                "attrs": {"color": ("blue", "blue", "green", "red")[i], "label": name},
            }
        )
        connections.append([f"pico:GP{pins[name]}", f"{button}:1.r", "orange", []])
        connections.append([f"{button}:2.r", "pico:GND.1", "black", []])
    parts.append({"type": "wokwi-buzzer", "id": "buzzer", "top": -110, "left": -120, "attrs": {}})
    connections.append([f"pico:GP{pins['BUZZER']}", "buzzer:2", "purple", []])
    connections.append(["buzzer:1", "pico:GND.2", "black", []])
    return {
        "version": 1,
        "author": "Robot Referee",
        "editor": "wokwi",
        "parts": parts,
        "connections": connections,
    }


def wiring_svg(pins: dict) -> str:
    """A plain wiring picture: Pico pins on the left, parts on the right."""
    rows = [
        ("SDA", f"GP{pins['SDA']} (pin {PICO_PIN[pins['SDA']]})", "OLED SDA", "#2a9d3a"),
        ("SCL", f"GP{pins['SCL']} (pin {PICO_PIN[pins['SCL']]})", "OLED SCL", "#2a6bd1"),
        ("3V3", "3V3 OUT (pin 36)", "OLED VCC", "#d12a2a"),
        ("GND", "GND (pin 38)", "GND: OLED, buttons, buzzer, cells", "#222222"),
    ]
    for name in BUTTONS:
        rows.append(
            (
                name,
                f"GP{pins[name]} (pin {PICO_PIN[pins[name]]})",
                f"button {name} to GND",
                "#e08a00",
            )
        )
    rows.append(
        (
            "BUZZER",
            f"GP{pins['BUZZER']} (pin {PICO_PIN[pins['BUZZER']]})",
            "piezo + (optional)",
            "#8e44ad",
        )
    )
    # The battery's voltage is read on the board itself (VSYS/3 on ADC3):
    # only the cells' wire is the builder's.
    rows.append(("VSYS", "VSYS (pin 39)", "3xAAA + (or USB only)", "#d12a2a"))
    box = 34 * len(rows) + 40  # from y=50 to below the last row's text
    height = 50 + box + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{height}" '
        'font-family="sans-serif" font-size="14">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        '<text x="20" y="30" font-size="18" font-weight="bold">Robot Referee wiring '
        f"(I2C{pins['I2C']} at {pins['FREQ'] // 1000} kHz, OLED address {hex(pins['ADDR'])})</text>",
        f'<rect x="20" y="50" width="200" height="{box}" rx="10" fill="#2f7d32"/>',
        '<text x="120" y="75" fill="#ffffff" text-anchor="middle" font-weight="bold">Raspberry Pi Pico</text>',
        f'<rect x="420" y="50" width="200" height="{box}" rx="10" fill="#263238"/>',
        '<text x="520" y="75" fill="#ffffff" text-anchor="middle" font-weight="bold">The parts</text>',
    ]
    for i, (_, pico, part, colour) in enumerate(rows):
        y = 100 + 34 * i
        out.append(f'<text x="30" y="{y + 5}" fill="#ffffff">{pico}</text>')
        out.append(
            f'<line x1="220" y1="{y}" x2="420" y2="{y}" stroke="{colour}" stroke-width="4"/>'
        )
        out.append(
            f'<circle cx="220" cy="{y}" r="5" fill="{colour}"/><circle cx="420" cy="{y}" r="5" fill="{colour}"/>'
        )
        out.append(f'<text x="430" y="{y + 5}" fill="#ffffff">{part}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def outputs() -> dict[str, str]:
    from host_tools import breadboard  # it reads this module's pin table

    pins = board_pins()
    return {
        "wiring.svg": wiring_svg(pins),
        "breadboard.svg": breadboard.svg(pins),
        "diagram.json": json.dumps(diagram(pins), indent=2) + "\n",
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    files = {OUT / name: text for name, text in outputs().items()}
    return write_or_check(files, args.check, "python -m host_tools.hardware")


if __name__ == "__main__":
    sys.exit(main())
