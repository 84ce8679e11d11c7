"""The error log, data/errors.log: one line for each crash, damaged file or
hang the referee recovered from, newest last. Past LOG_BYTES the oldest
half is dropped, so it never fills the flash. Below the screens: boot,
the journal's reader and the crash screen all write to it."""

from micropython import const

LOG = "errors.log"
LOG_BYTES = const(4096)


def log(storage, line):
    """Append one line to the error log, keeping it under LOG_BYTES."""
    data = (line + "\n").encode()
    try:
        try:
            old = storage.read(LOG)
        except MemoryError:  # a log grown past any heap (put there by hand): start anew
            old = None
            storage.remove(LOG + ".bad")
            storage.rename(LOG, LOG + ".bad")
        if old is not None and len(old) + len(data) > LOG_BYTES:
            keep = old[len(old) // 2 :]
            storage.write(LOG, keep[keep.find(b"\n") + 1 :] + data)
        else:
            storage.append(LOG, data)
    except OSError:
        pass  # a full flash must not turn an error into a dead device
