"""The referee's settings: one sealed line on flash (data/settings).

Written whole under a temporary name and renamed (see hw/storage.py), so a
reset never leaves half a file. A file that does not read is kept aside as
settings.bad and the defaults are used; the boot says so once.
"""

FILE = "settings"

# name -> the values it may take; the first is the default where none says.
CHOICES = {
    "flip": (0, 1),  # 1: turned 180 degrees from the board's way up
    "bright": (1, 2, 3, 4),
    "dim": (30, 60, 120, 0, 15),  # seconds, 0 never
    "off": (120, 300, 600, 0, 60),
    "sound": (1, 0),
}
DEFAULTS = {"flip": 0, "bright": 4, "dim": 30, "off": 120, "sound": 1}
CONTRAST = (0, 0x10, 0x40, 0x9F, 0xFF)  # by "bright"


def load(storage):
    """(settings, problem): problem is None or a line for the screen."""
    from referee.core.record import unseal

    values = dict(DEFAULTS)
    data = storage.read(FILE)
    if data is None:
        return values, None
    found = unseal(data[:-1] if data.endswith(b"\n") else data, True)
    if found is None or not isinstance(found[0], dict):
        storage.remove(FILE + ".bad")
        storage.rename(FILE, FILE + ".bad")
        return values, "settings file damaged"
    for name in values:
        value = found[0].get(name)
        if value in CHOICES[name]:
            values[name] = value
    return values, None


def save(storage, values):
    from referee.core.record import seal

    storage.write(FILE, seal(values))
