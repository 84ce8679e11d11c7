"""The Pico's flash as the firmware sees its size: ``os.statvfs`` of a data
folder answers as the rp2 port's LittleFS would (4 KB blocks, 352 of them:
1,441,792 bytes, each file taking whole blocks, two for the filesystem's
own records), so the room left is the device's, the same on every
machine, not the desktop disk's (core/room.py reads it).

    flash_size.install("data")               # the Pico's size
    flash_size.install("data", 200 * 1024)   # a smaller flash, for a test
"""

import os

BLOCK = 4096
SIZE = 352 * BLOCK  # MicroPython v1.27's RPI_PICO filesystem
_OWN = 2  # blocks LittleFS keeps for its superblock pair

_real = os.statvfs
_sizes = {}  # absolute folder -> bytes


def install(folder, size=SIZE):
    """From now on ``folder`` (relative to the current one) is a flash of ``size`` bytes."""
    _sizes[os.path.abspath(folder)] = size
    os.statvfs = statvfs


def used_blocks(folder):
    used = _OWN
    for name in os.listdir(folder):
        used += (os.path.getsize(os.path.join(folder, name)) + BLOCK - 1) // BLOCK
    return used


def free_bytes(folder):
    """What a write may still take in ``folder``: its free blocks, whole
    (LittleFS writes copy on write: an append takes a fresh block)."""
    return max(0, _sizes[os.path.abspath(folder)] // BLOCK - used_blocks(folder)) * BLOCK


def statvfs(path):
    size = _sizes.get(os.path.abspath(path))
    if size is None:
        return _real(path)
    blocks = size // BLOCK
    free = max(0, blocks - used_blocks(path))
    # (bsize, frsize, blocks, bfree, bavail, files, ffree, favail, flag, namemax)
    return (BLOCK, BLOCK, blocks, free, free, 0, 0, 0, 0, 255)
