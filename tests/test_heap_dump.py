"""The reader of the chip's heap copies (host_tools/pico/heap_dump.py), on a
heap of eight blocks laid out by hand."""

import base64
import struct

from host_tools.pico import heap_dump

POOL = 0x20010000
LIST_TYPE = 0x10001000  # where the .elf would put mp_type_list


def test_blocks_are_named_by_their_type_and_by_what_points_to_them():
    # Allocation table, 2 bits a block, block 0 lowest: 0 free, 1 head,
    # 2 tail. Blocks 0 and 1 are heads, 2-3 free, 4 a head with 5 its
    # tail, 6-7 free.
    table = bytes([0b00000101, 0b00001001])
    pool = bytearray(8 * 16)
    # block 0: a list {type, alloc 4, len 2, items -> block 1}
    struct.pack_into("<4I", pool, 0, LIST_TYPE, 4, 2, POOL + 16)
    struct.pack_into("<4I", pool, 16, 3, 5, 0, 0)  # block 1: its items (small ints 1, 2)
    names = b"spread 2-9\x00hand 2-9\x00hand wild\x00\x00\x00"
    assert len(names) == 32
    pool[64:96] = names  # blocks 4-5: interned names
    dump = {
        "pool_start": POOL,
        "table": base64.b64encode(table).decode(),
        "pool": base64.b64encode(bytes(pool)).decode(),
    }
    heap = heap_dump.Heap(dump, b"", {LIST_TYPE: "list"}, [])
    assert heap.blocks == {POOL: 16, POOL + 16: 16, POOL + 64: 32}
    assert heap.free_runs == [32, 32]
    assert heap_dump.by_kind(heap) == {"list": 16, "list.data": 16, "qstr text": 32}
    assert heap_dump.code_by_module(heap) == {}  # no function objects


def test_a_buffer_belongs_to_its_owner_not_to_a_memoryview_into_it():
    # block 0: a memoryview into block 2 (lower in the heap than its owner),
    # block 1: the bytearray that owns block 2, block 2: the buffer
    bytearray_type, memoryview_type = 0x10001010, 0x10001020
    table = bytes([0b00010101])
    pool = bytearray(4 * 16)
    struct.pack_into("<4I", pool, 0, memoryview_type, 0, 16, POOL + 32)
    struct.pack_into("<4I", pool, 16, bytearray_type, 0, 16, POOL + 32)
    pool[32:48] = bytes(range(200, 216))  # not text: raw bytes
    dump = {
        "pool_start": POOL,
        "table": base64.b64encode(table).decode(),
        "pool": base64.b64encode(bytes(pool)).decode(),
    }
    types = {bytearray_type: "bytearray", memoryview_type: "memoryview"}
    heap = heap_dump.Heap(dump, b"", types, [])
    assert heap_dump.by_kind(heap) == {"memoryview": 16, "bytearray": 16, "bytearray.data": 16}
