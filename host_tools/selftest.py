"""On-device self-test, run by `make deploy` with `mpremote run` (it is not
part of the firmware). Prints SELFTEST lines that deploy reads:

    SELFTEST display ok | SELFTEST display missing <scan>
    SELFTEST button UP ...            (each button as it is pressed)
    SELFTEST buttons missing DOWN ... (not pressed in time)
    SELFTEST entropy ok | SELFTEST entropy bad <why>
    SELFTEST done
"""

import time

import board
import machine

BUTTON_SECONDS = 20  # deploy rewrites this line for a quick run


def display():
    i2c = machine.I2C(
        board.I2C_ID,
        sda=machine.Pin(board.I2C_SDA),
        scl=machine.Pin(board.I2C_SCL),
        freq=board.I2C_FREQ,  # the bus as the referee runs it, however slow
        timeout=board.i2c_timeout_us(board.I2C_FREQ),
    )
    found = i2c.scan()
    if board.DISPLAY_ADDR not in found:
        print("SELFTEST display missing", [hex(a) for a in found])
        return None
    from referee.hw.i2c_bus import I2CBus
    from referee.hw.panel import Panel

    panel = Panel(board.DISPLAY_WIDTH, board.DISPLAY_HEIGHT, I2CBus(i2c), addr=board.DISPLAY_ADDR)
    panel.fill(0)
    panel.rect(0, 0, board.DISPLAY_WIDTH, board.DISPLAY_HEIGHT, 1)
    for x in range(4, board.DISPLAY_WIDTH - 4, 8):
        panel.fill_rect(x, 4, 4, 8, 1)
    from referee.ui.canvas import Canvas

    canvas = Canvas(panel)
    canvas.centre("SELF TEST", 3, scale=2)
    canvas.centre("press every button", 6)
    panel.show()
    print("SELFTEST display ok")
    return canvas


def buttons(canvas):
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in board.BUTTON_PINS]
    names = ("UP", "DOWN", "OK", "BACK")
    seen = []
    start = time.ticks_ms()
    while len(seen) < len(pins) and time.ticks_diff(time.ticks_ms(), start) < BUTTON_SECONDS * 1000:
        for i in range(len(pins)):
            if pins[i].value() == 0 and names[i] not in seen:
                seen.append(names[i])
                print("SELFTEST button", names[i])
                if canvas is not None:
                    canvas.clear()
                    canvas.centre(names[i], 3, scale=2)
                    canvas.show()
        time.sleep_ms(10)
    missing = [n for n in names if n not in seen]
    if missing:
        print("SELFTEST buttons missing", " ".join(missing))


def entropy():
    try:
        from os import urandom
    except ImportError:
        print("SELFTEST entropy bad no os.urandom")
        return
    data = urandom(256)
    ones = sum(bin(b).count("1") for b in data)
    distinct = len(set(data))
    # 2,048 random bits: ones within 44-56 % and over 100 distinct byte values
    if 900 <= ones <= 1148 and distinct > 100:
        print("SELFTEST entropy ok")
    else:
        print("SELFTEST entropy bad ones=%d distinct=%d" % (ones, distinct))


canvas = display()
buttons(canvas)
entropy()
print("SELFTEST done")
