"""What the chip's heap holds: a development reading of one run (not a test).

    python -m host_tools.pico.heap_dump --elf micropython-v1.27.0-RPI_PICO.elf  # the build's .elf
    python -m host_tools.pico.heap_dump --elf E --game robots --actions 5000 --cap-kb 128 \\
        --from-ms 500 --to-ms 700

Runs the referee on the emulated Pico from power-on (with a saved game and
bench.py's resume script if asked) and copies the GC's allocation table and
pool after every collection, and at every MemoryError, between ``--from-ms``
and ``--to-ms`` after power-on (pico.mjs, ``heap_dump_ms``). Each copy is
read here, nothing running on the chip:

- every kept block by what it is: an object by its type (the word at its
  start, named from the .elf's ``mp_type_*`` symbols), a block with no type
  by the object that points to it ("list.data": a list's items), or "qstr
  pool" / "qstr text" (interned names, never freed) or "raw";
- code by module: each function object with its bytecode and child table,
  by the module its context names (``__name__`` read through the qstr pools);
- the free runs: how many, how large, the largest (a request larger than the
  largest fails however much is free in total).

MicroPython v1.27's 32-bit layouts (py/obj*.h): list {type, alloc, len,
items}, array/bytearray {type, typecode:8 free:24, len, items}, dict {type,
map flags+used, alloc, table}, module {type, globals}, fun_bc {type,
context, child_table, bytecode}; a qstr object is (q << 3) | 2; a qstr pool
{prev, total_prev_len (top bit: sorted), alloc, len, hashes, lengths,
qstrs[]}. The pools in flash are read from the .bin the chip runs.
"""

from __future__ import annotations

import argparse
import base64
import struct
import subprocess
from collections import Counter
from pathlib import Path

from host_tools import flash_image, paths, romfs
from host_tools.pico import bench, lane, run

FLASH_BASE = 0x10000000
BLOCK = 16
HEAD, TAIL = 1, 2
# The firmware's own interned names, oldest first (the heap's pools follow)
CONST_POOLS = ("mp_qstr_const_pool_static", "mp_qstr_const_pool", "mp_qstr_frozen_const_pool")


def flash_of(firmware: Path, rom_image: bytes = b"") -> bytes:
    """The chip's flash as far as pointers reach: the firmware, and on the
    ROMFS build the partition at romfs.OFFSET (a module run in place keeps
    its bytecode and its names' text there)."""
    code = firmware.read_bytes()
    if not rom_image:
        return code
    return code.ljust(romfs.OFFSET, b"\xff") + rom_image


def elf_symbols(elf: Path) -> tuple[dict[int, str], dict[str, int]]:
    """({address: type name} of the mp_type_* objects, {name: address} of all)."""
    out = subprocess.run(["nm", str(elf)], capture_output=True, text=True, check=True)
    types, by_name = {}, {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            by_name[parts[2]] = int(parts[0], 16)
            if parts[2].startswith("mp_type_"):
                types[int(parts[0], 16)] = parts[2][len("mp_type_") :]
    return types, by_name


class Heap:
    """One copy of the heap, and the flash image to follow pointers into."""

    def __init__(self, dump: dict, flash: bytes, types: dict[int, str], const_pools: list[int]):
        self.start = dump["pool_start"]
        self.pool = base64.b64decode(dump["pool"])
        self.flash = flash
        self.types = types
        table = base64.b64decode(dump["table"])
        kinds = [(byte >> shift) & 3 for byte in table for shift in (0, 2, 4, 6)]
        self.blocks: dict[int, int] = {}  # address of a head -> its length in bytes
        i = 0
        while i < len(kinds):
            if kinds[i] == HEAD:
                j = i + 1
                while j < len(kinds) and kinds[j] == TAIL:
                    j += 1
                self.blocks[self.start + BLOCK * i] = (j - i) * BLOCK
                i = j
            else:
                i += 1
        self.free_runs = []
        run_len = 0
        for kind in kinds + [HEAD]:
            if kind == 0:
                run_len += 1
            elif run_len:
                self.free_runs.append(run_len * BLOCK)
                run_len = 0
        self.pools = self._pools(const_pools)

    def word(self, address: int, k: int = 0) -> int:
        address += 4 * k
        if FLASH_BASE <= address < FLASH_BASE + len(self.flash):
            return struct.unpack_from("<I", self.flash, address - FLASH_BASE)[0]
        return struct.unpack_from("<I", self.pool, address - self.start)[0]

    def byte(self, address: int) -> int:
        if FLASH_BASE <= address < FLASH_BASE + len(self.flash):
            return self.flash[address - FLASH_BASE]
        return self.pool[address - self.start]

    def type_of(self, address: int) -> str | None:
        return self.types.get(self.word(address))

    def _pools(self, const_pools: list[int]) -> list[int]:
        """The qstr pools, oldest first: the firmware's, then each heap pool
        whose ``prev`` is the one before."""
        by_prev = {self.word(a): a for a in self.blocks}
        pools = list(const_pools)
        while pools and pools[-1] in by_prev:
            pools.append(by_prev[pools[-1]])
        return pools

    def qstr(self, q: int) -> str | None:
        for p in self.pools:
            first, count = self.word(p, 1) & 0x7FFFFFFF, self.word(p, 3)
            if first <= q < first + count:
                length = self.byte(self.word(p, 5) + q - first)
                text = self.word(p, 6 + q - first)
                return bytes(self.byte(text + k) for k in range(length)).decode("latin-1")
        return None

    def qstr_number(self, text: str) -> int | None:
        for p in self.pools:
            first = self.word(p, 1) & 0x7FFFFFFF
            for q in range(first, first + self.word(p, 3)):
                if self.qstr(q) == text:
                    return q
        return None


def by_kind(heap: Heap) -> Counter[str]:
    """Bytes kept by what each block is (see the module's docstring)."""
    kinds = {a: heap.type_of(a) for a in heap.blocks}
    owner: dict[int, str] = {}
    # A memoryview only looks into a buffer another object owns: its owner
    # names it first, wherever the two lie in the heap.
    for address, kind in sorted(kinds.items(), key=lambda ak: ak[1] == "memoryview"):
        if kind is None:
            continue
        for k in range(1, heap.blocks[address] // 4):
            target = heap.word(address, k)
            if target in heap.blocks and kinds.get(target) is None:
                owner.setdefault(target, kind + ".data")
    pools = set(heap.pools)
    found: Counter[str] = Counter()
    for address, size in heap.blocks.items():
        kind = kinds[address] or owner.get(address)
        if kind is None:
            data = heap.pool[address - heap.start : address - heap.start + size]
            text = sum(32 <= b < 127 or b == 0 for b in data)
            if address in pools:
                kind = "qstr pool"
            elif text > 0.9 * size:
                kind = "qstr text"
            else:
                kind = "raw"
        found[kind] += size
    return found


def code_by_module(heap: Heap) -> Counter[str]:
    """Bytes of function objects, bytecode and child tables by module."""
    name_q = heap.qstr_number("__name__")
    names = {}
    for address in heap.blocks:
        if heap.type_of(address) != "module":
            continue
        globals_ = heap.word(address, 1)
        if globals_ not in heap.blocks:
            continue
        table, alloc = heap.word(globals_, 3), heap.word(globals_, 2)
        if table not in heap.blocks or name_q is None:
            continue
        for i in range(alloc):
            key, value = heap.word(table, 2 * i), heap.word(table, 2 * i + 1)
            if key == (name_q << 3) | 2 and value & 7 == 2:
                names[address] = heap.qstr(value >> 3)
    found: Counter[str] = Counter()
    for address, size in heap.blocks.items():
        if heap.type_of(address) != "fun_bc":
            continue
        context = heap.word(address, 1)
        for k in (2, 3):  # child table, bytecode
            target = heap.word(address, k)
            if target in heap.blocks and heap.type_of(target) is None:
                size += heap.blocks[target]
        found[names.get(context) or hex(context)] += size
    return found


def _edges(heap: Heap, address: int) -> list[int]:
    """The heap blocks a block points at, read as the collector reads it:
    every aligned word that holds the address of a block's head."""
    return [
        target
        for k in range(heap.blocks[address] // 4)
        if (target := heap.word(address, k)) in heap.blocks and target != address
    ]


def module_names(heap: Heap) -> dict[int, str]:
    """{address of a module object: its __name__}, for every module alive."""
    name_q = heap.qstr_number("__name__")
    names = {}
    for address in heap.blocks:
        if heap.type_of(address) != "module" or name_q is None:
            continue
        globals_ = heap.word(address, 1)
        if globals_ not in heap.blocks:
            continue
        table, alloc = heap.word(globals_, 3), heap.word(globals_, 2)
        if table not in heap.blocks:
            continue
        for i in range(alloc):
            key, value = heap.word(table, 2 * i), heap.word(table, 2 * i + 1)
            if key == (name_q << 3) | 2 and value & 7 == 2:
                names[address] = heap.qstr(value >> 3) or hex(address)
    return names


def modules(heap: Heap) -> dict[str, int]:
    """{module name: bytes it holds}: the blocks reachable from each module
    object without passing through another module, each counted for the
    first module (by name) that reaches it; shared objects, such as a
    tuple one module imported from another, count once."""
    names = module_names(heap)
    claimed: set[int] = set(names)
    out = {}
    for address, name in sorted(names.items(), key=lambda kv: kv[1]):
        size = heap.blocks[address]
        todo = _edges(heap, address)
        while todo:
            block = todo.pop()
            if block in claimed:
                continue
            claimed.add(block)
            size += heap.blocks[block]
            todo.extend(_edges(heap, block))
        out[name] = size
    return out


def qstr_pools(heap: Heap) -> list[tuple[int, int, int]]:
    """(slots, names, bytes) of each qstr pool in the heap, oldest first.
    MicroPython never frees an interned name, and each new pool has twice
    the slots of the one before: the newest is mostly empty slots."""
    in_heap = [p for p in heap.pools if p in heap.blocks]
    return [(heap.word(p, 2), heap.word(p, 3), heap.blocks[p]) for p in in_heap]


def heap_names(heap: Heap) -> list[str]:
    """Every name interned in the heap's pools, in the order it was interned."""
    out = []
    for p in heap.pools:
        if p in heap.blocks:
            first = heap.word(p, 1) & 0x7FFFFFFF
            out.extend(heap.qstr(q) or "?" for q in range(first, first + heap.word(p, 3)))
    return out


def heap_qstrs(heap: Heap) -> str:
    """The interned names the heap holds: how many, their pools' bytes and
    empty slots, and the bytes of text copied into the heap (a name whose
    text is in flash, as a ROMFS module's are, costs only its slot)."""
    pools = qstr_pools(heap)
    slots = sum(p[0] for p in pools)
    names = sum(p[1] for p in pools)
    size = sum(p[2] for p in pools)
    return (
        f"{names:,} names in {len(pools)} pools of {size:,} B ({slots - names:,} slots empty), "
        f"{by_kind(heap)['qstr text']:,} B of text"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--elf", type=Path, required=True, help="the firmware's .elf (symbols)")
    ap.add_argument("--game", help="a saved game of this kind on the flash (bench's samples)")
    ap.add_argument("--actions", type=int, default=500)
    ap.add_argument("--script", help="button script after ready (default: bench.py's)")
    ap.add_argument("--cap-kb", type=int, help="cut the heap to this much (bench: 128)")
    ap.add_argument("--from-ms", type=float, default=0.0)
    ap.add_argument("--to-ms", type=float, default=1000.0)
    ap.add_argument("--top", type=int, default=16)
    args = ap.parse_args(argv)
    paths.use_firmware()

    extra = {}
    script = args.script or "wait 100\n"
    if args.game:
        from host_tools import bench as desk

        files = desk.saved_files(args.actions, args.game)
        extra = {"data/" + name: data for name, data in files.items()}
        script = args.script or bench.script_for(args.game)
    types, by_name = elf_symbols(args.elf)
    const_pools = [by_name[name] for name in CONST_POOLS]
    timeline = lane.timeline_for(script, 50, 50)
    chip = run.run_chip(
        timeline,
        flash_image.referee_image(extra),
        heap_cap_bytes=args.cap_kb * 1024 if args.cap_kb else None,
        heap_dump_ms=(args.from_ms, args.to_ms),
    )
    if chip.error:
        print("run:", chip.error)
    for us, size in zip(
        chip.bench.get("malloc_fail_us", []), chip.bench.get("malloc_fail_bytes", []), strict=False
    ):
        print(f"MemoryError at {us / 1000:.1f} ms: {size} B asked")
    flash = flash_of(run.ROMFS.firmware, romfs.referee_image())  # run_chip's build
    for dump in chip.heap_dumps:
        heap = Heap(dump, flash, types, const_pools)
        used = sum(heap.blocks.values())
        free = heap.free_runs
        print(
            f"\n{dump['why']} at {dump['us'] / 1000:.1f} ms: {used:,} B in use, "
            f"{sum(free):,} B free in {len(free)} runs, the largest {max(free, default=0):,} B"
        )
        for kind, size in by_kind(heap).most_common(args.top):
            print(f"  {size:8,} B  {kind}")
        code = code_by_module(heap)
        print(f"  code by module ({sum(code.values()):,} B):")
        for name, size in code.most_common(args.top):
            print(f"  {size:8,} B  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
