"""The wiring picture, the breadboard picture and the Wokwi diagram, made
from the board file.

    python -m host_tools.hardware          # rewrite hardware/wiring.svg, breadboard.svg,
                                           # diagram.json, wokwi.toml
    python -m host_tools.hardware --check  # fail if they disagree with firmware/board.py

The pins come from firmware/board.py (read as text, so this runs without the
firmware's imports); change a pin there and regenerate. wokwi.toml names
the firmware the project ships (build/referee.uf2, from `make uf2`).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from host_tools import breadboard, cli
from host_tools.breadboard import BUTTONS, PICO_PIN
from host_tools.generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "firmware" / "board.py"
OUT = ROOT / "hardware"


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
            # no "env": that picks one of Wokwi's own MicroPython builds;
            # wokwi.toml loads the project's build/referee.uf2 instead
            "attrs": {},
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
    """A plain wiring picture: Pico pins on the left, parts on the right; the
    cells' + lead runs through the power switch."""
    rows = [
        (f"GP{pins['SDA']} (pin {PICO_PIN[pins['SDA']]})", "OLED SDA", "#2a9d3a"),
        (f"GP{pins['SCL']} (pin {PICO_PIN[pins['SCL']]})", "OLED SCL", "#2a6bd1"),
        ("3V3 OUT (pin 36)", "OLED VCC", "#d12a2a"),
        ("GND (pin 38)", "OLED GND", "#222222"),
    ]
    for name in BUTTONS:
        pin = f"GP{pins[name]} (pin {PICO_PIN[pins[name]]})"
        rows.append((pin, f"button {name}, other leg to GND", "#e08a00"))
    buzzer = f"GP{pins['BUZZER']} (pin {PICO_PIN[pins['BUZZER']]})"
    rows.append((buzzer, "piezo (optional), other leg to GND", "#8e44ad"))
    # The battery's voltage is read on the board itself (VSYS/3 on ADC3):
    # only the cells' leads are the builder's.
    rows.append(("VSYS (pin 39)", "3xAAA + (optional)", "#d12a2a"))
    rows.append(("GND (pin 38)", "3xAAA \u2212 (optional)", "#222222"))
    switched = len(rows) - 2  # the row the power switch sits in
    width, left_box, right_box = 720, (20, 200), (440, 260)
    wire_from, wire_to = left_box[0] + left_box[1], right_box[0]
    box = 34 * len(rows) + 40  # from y=50 to below the last row's text
    height = 50 + box + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="14">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        '<text x="20" y="30" font-size="18" font-weight="bold">Robot Referee wiring '
        f"(I2C{pins['I2C']} at {pins['FREQ'] // 1000} kHz, OLED address {hex(pins['ADDR'])})</text>",
        f'<rect x="{left_box[0]}" y="50" width="{left_box[1]}" height="{box}" rx="10" '
        'fill="#2f7d32"/>',
        f'<text x="{left_box[0] + left_box[1] // 2}" y="75" fill="#ffffff" text-anchor="middle" '
        'font-weight="bold">Raspberry Pi Pico</text>',
        f'<rect x="{right_box[0]}" y="50" width="{right_box[1]}" height="{box}" rx="10" '
        'fill="#263238"/>',
        f'<text x="{right_box[0] + right_box[1] // 2}" y="75" fill="#ffffff" '
        'text-anchor="middle" font-weight="bold">The parts</text>',
    ]
    for i, (pico, part, colour) in enumerate(rows):
        y = 100 + 34 * i
        out.append(f'<text x="{left_box[0] + 10}" y="{y + 5}" fill="#ffffff">{pico}</text>')
        ends = f'stroke="{colour}" stroke-width="4"'
        if i == switched:
            # a switch drawn open: two contacts and the lever lifted off one
            a, b = (wire_from + wire_to) // 2 - 20, (wire_from + wire_to) // 2 + 20
            out.append(f'<line x1="{wire_from}" y1="{y}" x2="{a}" y2="{y}" {ends}/>')
            out.append(f'<line x1="{a}" y1="{y}" x2="{b - 4}" y2="{y - 14}" {ends}/>')
            out.append(f'<line x1="{b}" y1="{y}" x2="{wire_to}" y2="{y}" {ends}/>')
            out.append(
                f'<circle cx="{a}" cy="{y}" r="4" fill="{colour}"/>'
                f'<circle cx="{b}" cy="{y}" r="4" fill="{colour}"/>'
            )
            out.append(
                f'<text x="{(a + b) // 2}" y="{y + 20}" font-size="12" text-anchor="middle">'
                "power switch</text>"
            )
        else:
            out.append(f'<line x1="{wire_from}" y1="{y}" x2="{wire_to}" y2="{y}" {ends}/>')
        out.append(
            f'<circle cx="{wire_from}" cy="{y}" r="5" fill="{colour}"/>'
            f'<circle cx="{wire_to}" cy="{y}" r="5" fill="{colour}"/>'
        )
        out.append(f'<text x="{right_box[0] + 10}" y="{y + 5}" fill="#ffffff">{part}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def wokwi_toml() -> str:
    """Wokwi's project file: boot the firmware `make uf2` writes. No `elf`:
    that field is for the firmware's own .elf (symbols, for a debugger), and
    the MicroPython build the project vendors comes as a .bin, not an .elf."""
    from host_tools.pico import builds

    version = re.search(r"v\d+\.\d+\.\d+", builds.FIRMWARE.name)
    assert version, builds.FIRMWARE.name
    return (
        "# Try the referee in the Wokwi simulator (VS Code extension or wokwi-cli).\n"
        "# Generated with diagram.json by `python -m host_tools.hardware`.\n"
        f"# `make uf2` writes build/referee.uf2: MicroPython {version.group()}'s ROMFS build,\n"
        "# the referee and a fresh filesystem in one file, the same file a first\n"
        "# install copies onto a Pico.\n"
        "[wokwi]\n"
        "version = 1\n"
        'firmware = "../build/referee.uf2"\n'
    )


def outputs() -> dict[str, str]:
    pins = board_pins()
    return {
        "wiring.svg": wiring_svg(pins),
        "breadboard.svg": breadboard.svg(pins),
        "diagram.json": json.dumps(diagram(pins), indent=2) + "\n",
        "wokwi.toml": wokwi_toml(),
    }


def main(argv: list[str] | None = None) -> int:
    ap = cli.Parser("hardware", "host_tools.hardware", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    files = {OUT / name: text for name, text in outputs().items()}
    return write_or_check(files, args.check, "python -m host_tools.hardware")


if __name__ == "__main__":
    sys.exit(main())
