"""Faults at the storage seam, on real files.

The firmware's storage module opens real files in a real folder; this wraps
what its ``open`` returns so that a write can stop part-way: the bytes up to
the limit really reach the disk, then the write fails as the flash would.

    faults = FlashFaults(monkeypatch)
    faults.room = 10        # 10 more bytes fit, then OSError(ENOSPC)
    faults.cut_after = 7    # 7 more bytes are written, then the power goes
    faults.fail_next = 5    # the next write raises OSError(5) (EIO) at once
    faults.capacity = f     # f() is the bytes free now: a write past them stops
                            # there with ENOSPC (flash_size.free_bytes, say)
"""

ENOSPC = 28
EIO = 5


class PowerCut(BaseException):
    """The supply is gone: no firmware handler runs after this."""


class _File:
    def __init__(self, file, faults):
        self._file = file
        self._faults = faults

    def write(self, data):
        data = bytes(data)
        faults = self._faults
        if faults.fail_next is not None:
            errno, faults.fail_next = faults.fail_next, None
            raise OSError(errno, "injected")
        n = len(data)
        if faults.room is not None:
            n = min(n, faults.room)
        full = faults.capacity is not None and faults.capacity() < n
        if full:
            n = max(0, faults.capacity())
        if faults.cut_after is not None:
            n = min(n, faults.cut_after)
        self._file.write(data[:n])
        self._file.flush()
        faults.written += n
        if faults.cut_after is not None:
            faults.cut_after -= n
            if n < len(data) or faults.cut_after == 0:
                faults.cut_after = None
                raise PowerCut
        if faults.room is not None:
            faults.room -= n
            if n < len(data):
                raise OSError(ENOSPC, "no space left on device")
        if full:
            raise OSError(ENOSPC, "no space left on device")
        return len(data)

    def __getattr__(self, name):
        return getattr(self._file, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._file.close()


class FlashFaults:
    def __init__(self, monkeypatch):
        import builtins

        from referee.hw import storage

        self.room = None
        self.capacity = None
        self.cut_after = None
        self.fail_next = None
        self.written = 0
        real_open = builtins.open

        def faulty_open(path, mode="r", *args, **kwargs):
            f = real_open(path, mode, *args, **kwargs)
            return _File(f, self) if ("w" in mode or "a" in mode) else f

        from referee.core import tail

        monkeypatch.setattr(storage, "open", faulty_open, raising=False)
        monkeypatch.setattr(tail, "open", faulty_open, raising=False)
        # Storage keeps the file it appends to open between appends (and on
        # the Pico the journal's tail); the flash's faults apply to every
        # write from now on, so a file opened before is closed here (a tail
        # folded) and the next append opens it through them.
        import gc

        for obj in gc.get_objects():
            if isinstance(obj, storage.Storage):
                obj.settle()
