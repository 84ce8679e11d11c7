"""The button-script grammar, read once for every lane that plays it: the
desktop rig (rig.Rig.play, in virtual time, on both VMs) and the emulated
Pico (host_tools/pico/script.py, as a timeline of pin changes).

    ok | up | down | back        a short press
    ok long                      held past the long-press time
    down hold 1440               held 1440 ms (UP/DOWN repeat; end a
                                 hold clear of a repeat's moment, 350 +
                                 120k or 1310 + 40k ms after the press,
                                 or a chip's millisecond decides)
    down hold 1440 snap NAME     the same, the glass snapped before letting go
    up x3                        three short presses
    wait 500                     nothing pressed for 500 ms
    peek down up x2 snap NAME    OK held (a peek) while the others are
                                 pressed in turn; the glass is snapped
                                 before OK lets go
    snap NAME                    the glass, named
    entropy 6894                 the device's random stream starts 6,894
                                 bytes in, as if that many had been drawn
                                 (dice thrown) since power-on: a scenario
                                 reaches the deal it was written for without
                                 hundreds of presses; only before the first
                                 draw, so every lane can start the stream there
    # comment

``commands(script)`` yields one tuple a step:

    ("wait", ms)
    ("snap", name)
    ("hold", button, kind, ms, snap)   kind "press" or "long" (ms None: the
                                       player's own times), "hold" with its ms;
                                       snap a name or None
    ("peek", buttons, snap)            buttons pressed in turn under OK
    ("entropy", n)
"""

BUTTON_NAMES = ("up", "down", "ok", "back")


def commands(script):
    for number, raw in enumerate(script.split("\n"), 1):
        words = raw.split("#")[0].split()
        if not words:
            continue
        try:
            steps = _line(words)
        except (KeyError, ValueError, IndexError):
            raise ValueError("script line %d: cannot read %r" % (number, raw)) from None
        yield from steps


def _button(name):
    if name not in BUTTON_NAMES:
        raise ValueError(name)
    return name


def _line(words):
    """The steps of one script line, all read before any is played."""
    if words[0] == "wait":
        return [("wait", int(words[1]))]
    if words[0] == "snap":
        return [("snap", words[1])]
    if words[0] == "entropy":
        return [("entropy", int(words[1]))]
    if words[0] == "peek":
        return [_peek(words[1:])]
    button = _button(words[0])
    times = 1
    rest = words[1:]
    if rest and rest[-1].startswith("x"):
        times = int(rest.pop()[1:])
    if not rest:
        step = ("hold", button, "press", None, None)
    elif rest[0] == "long":
        step = ("hold", button, "long", None, None)
    elif rest[0] == "hold":
        snap = rest[3] if len(rest) == 4 and rest[2] == "snap" else None
        step = ("hold", button, "hold", int(rest[1]), snap)
    else:
        raise ValueError(rest[0])
    return [step] * times


def _peek(words):
    buttons = []
    snap = None
    i = 0
    while i < len(words):
        if words[i] == "snap":
            snap = words[i + 1]
            break
        button = _button(words[i])
        i += 1
        times = 1
        if i < len(words) and words[i].startswith("x"):
            times = int(words[i][1:])
            i += 1
        buttons += [button] * times
    return ("peek", buttons, snap)
