"""The referee's settings: one sealed line on flash (data/settings).

Written whole under a temporary name and renamed (see hw/storage.py), so a
reset never leaves half a file. A file that does not read is kept aside as
settings.bad1 (then .bad2, ...: an older one is never replaced) and the
defaults are used; the boot says so once.
"""

FILE = "settings"

# name -> the values it may take, in the order OK steps through them; the
# first is the default.
CHOICES = {
    "flip": (0, 1),  # 1: turned 180 degrees from the board's way up
    "bright": (4, 1, 2, 3),
    "dim": (30, 60, 120, 0, 15),  # seconds, 0 never
    "off": (120, 300, 600, 0, 60),
    "sound": (1, 0),
}
DEFAULTS = {name: values[0] for name, values in CHOICES.items()}
CONTRAST = (0, 0x10, 0x40, 0x9F, 0xFF)  # by "bright"
# What the panel holds after the driver's own start: upright, full contrast.
POWER_ON = {"flip": 0, "bright": 4}


def load(storage):
    """(settings, problem): problem is None or a line for the screen."""
    values = dict(DEFAULTS)
    try:
        data = storage.read(FILE)
        if data is None:
            return values, None
        found = _unseal(data[:-1] if data.endswith(b"\n") else data)
    except Exception:  # noqa: BLE001 - too big for memory, say: damaged all the same
        found = None
    if found is None:  # only a whole, intact dict
        n = 1
        while storage.exists(FILE + ".bad%d" % n):  # every damaged one kept
            n += 1
        storage.rename(FILE, FILE + ".bad%d" % n)
        return values, "settings file damaged"
    for name in values:
        value = found.get(name)
        if value in CHOICES[name]:
            values[name] = value
    return values, None


def _unseal(line):
    """The dict one sealed line holds (core/record.py: canonical JSON, a
    space, its CRC-32 in eight hex digits), or None. Read here, not with
    journal_read.unseal: loading that module at every boot would intern all
    its names, and interned names are never freed (4.8 KB of the menu's
    heap on the chip)."""
    import json
    from binascii import crc32

    cut = line.rfind(b" ")
    if cut < 0 or len(line) - cut != 9:
        return None
    if crc32(line[:cut]) & 0xFFFFFFFF != int(line[cut + 1 :], 16):
        return None
    found = json.loads(line[:cut].decode())
    return found if isinstance(found, dict) else None


def boot(app):
    """At power-on: the menu, the settings and the saved game's offer.
    Returns the lines of a note to show if the settings did not read or the
    watchdog reset the chip, else None (the app shows it: this module is
    below the screens)."""
    from referee import JOURNAL  # boot-time only, as this module

    saved = app.storage.exists(JOURNAL)
    if not saved:
        app.menu_back()  # nothing to offer: the menu first
    # else the offer goes over a menu not yet loaded, and shows sooner
    app.settings, problem = load(app.storage)
    apply(app, POWER_ON)
    app.offer_saved_game(saved)
    if app.hw.watchdog_reset:
        from referee.core.error_log import log  # after a hang only

        problem = "restarted after a hang"
        log(app.storage, "watchdog reset")
    if problem is None:
        return None
    # "your game is saved" only when there is one to say it of
    return (problem, "your game is saved") if saved else (problem,)


def apply(app, before):
    """Make app.settings take effect. Only what differs from ``before``
    goes to the panel: a flip resends the whole frame, so one press never
    sends more than that."""
    values = app.settings
    if values["flip"] != before["flip"] or before is POWER_ON and app.hw.upside_down:
        app.hw.display.flip(app.hw.upside_down != (values["flip"] == 1))
    if values["bright"] != before["bright"]:
        app.power.set_contrast(CONTRAST[values["bright"]])
    app.power.set_delays(values["dim"], values["off"])
    app.dirty = True


def save(storage, values):
    from referee.core.record import seal  # saving only

    storage.write(FILE, seal(values))
