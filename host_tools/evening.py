"""An evening on batteries, in the simulator, turned into a battery life.

The firmware runs over the fakes on CPython in virtual time, exactly as on
the desk: an hour of play is a throw of the dice every ``every_s`` seconds
for ``play_min`` minutes, then nobody touches it for ``pause_min``. The
simulator counts what the Pico would do: loop steps, button events, I2C
bytes, and how long the panel spends lit, dimmed and dark, with how many
pixels on. Currents per part turn that into milliamps:

- Pico running MicroPython about 21 mA, in lightsleep about 1 mA (the
  Raspberry Pi Pico datasheet's power figures, rounded as in issue 8);
- SSD1306 0.96" module: about 20 mA with every pixel on at full contrast
  (typical for these modules; the panel current follows lit pixels and
  contrast), 0.4 mA for its charge pump and logic while on, 10 uA asleep
  (SSD1306 datasheet, sleep mode);
- 3xAAA alkaline: about 1,000 mAh.

CPU time awake per loop step and per event comes from the MicroPython VM
(timed, then scaled to a Pico by docs/design.md's 3.3 us a loop step), and the
bus time from the bytes sent (9 bit times a byte at 400 kHz). What lightsleep
costs to enter and leave is not modelled.
"""

from __future__ import annotations

PICO_RUN_MA = 21.0
PICO_SLEEP_MA = 1.0
PANEL_FULL_WHITE_MA = 20.0
PANEL_BASE_MA = 0.4
PANEL_SLEEP_MA = 0.01
BATTERY_MAH = 1000.0
BUS_US_PER_BYTE = 9 / 400_000 * 1e6  # 22.5 us at 400 kHz


def simulate(play_min: float = 45, pause_min: float = 15, every_s: float = 20) -> dict:
    """Run one hour-like cycle; returns {"play": counts, "pause": counts}."""
    import board
    import machine
    from referee.hw.power import DIM, OFF, ON
    from rig import Rig

    rig = Rig(seed=3, data_dir="evening")
    rig.play("ok")  # Dice & coins
    seen = {"frame": None, "fraction": 0.0}

    def segment() -> dict:
        return {
            "ms": 0.0,
            "steps": 0,
            "events": 0,
            "bus_bytes": 0,
            ON: 0.0,
            DIM: 0.0,
            OFF: 0.0,
            "lit_ms": 0.0,  # sum over time of lit fraction x contrast fraction
        }

    def run(counts: dict, ms: float) -> None:
        end = machine.sim_now() + ms
        while machine.sim_now() < end:
            before = machine.sim_now()
            state = rig.app.power.state
            events = rig.app.events
            bus = machine.sim_bus_bytes(board.I2C_ID)
            rig.step()
            took = machine.sim_now() - before
            counts["ms"] += took
            counts["steps"] += 1
            counts["events"] += rig.app.events - events
            counts["bus_bytes"] += machine.sim_bus_bytes(board.I2C_ID) - bus
            counts[state] += took
            if state != OFF:
                if rig.panel.data_writes != seen["frame"]:  # the glass changed
                    seen["frame"] = rig.panel.data_writes
                    lit = sum(bin(b).count("1") for b in rig.panel.pixels())
                    seen["fraction"] = lit / (128 * 64)
                counts["lit_ms"] += took * seen["fraction"] * rig.panel.contrast / 255

    play, pause = segment(), segment()
    pin = board.BUTTON_PINS[2]
    for _ in range(int(play_min * 60 / every_s)):
        machine.sim_set_pin(pin, 0)
        run(play, 60)
        machine.sim_set_pin(pin, 1)
        run(play, every_s * 1000 - 60)
    run(pause, pause_min * 60_000)
    out = {}
    for name, counts in (("play", play), ("pause", pause)):
        counts["on_ms"] = counts.pop(ON)
        counts["dim_ms"] = counts.pop(DIM)
        counts["off_ms"] = counts.pop(OFF)
        out[name] = counts
    return out


def combined(a: dict, b: dict) -> dict:
    return {k: a[k] + b[k] for k in a}


def currents(sim: dict, step_us: float, event_us: float) -> dict:
    """Average mA of the cycle and the duty cycles, from the simulated counts
    and the Pico's awake time per idle step and per event (in us)."""
    awake_us = sim["steps"] * step_us + sim["events"] * event_us
    awake_us += sim["bus_bytes"] * BUS_US_PER_BYTE
    duty = awake_us / 1000 / sim["ms"]
    pico = duty * PICO_RUN_MA + (1 - duty) * PICO_SLEEP_MA
    on_ms = sim["on_ms"] + sim["dim_ms"]
    panel = (
        PANEL_FULL_WHITE_MA * sim["lit_ms"] + PANEL_BASE_MA * on_ms + PANEL_SLEEP_MA * sim["off_ms"]
    ) / sim["ms"]
    average = pico + panel
    return {
        "duty": duty,
        "pico_ma": pico,
        "panel_ma": panel,
        "average_ma": average,
        "hours": BATTERY_MAH / average,
        # the same time without any power care: awake and lit at full throughout
        "always_on_ma": PICO_RUN_MA + PANEL_BASE_MA + PANEL_FULL_WHITE_MA * sim["lit_ms"] / on_ms,
    }
