"""The hand-written journal encoder is canonical JSON: for any value made of
dicts, lists, strings, ints, booleans and None it writes exactly what
CPython's json.dumps(sort_keys=True) writes, and reads back equal."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.journal_line import unseal
from referee.core.record import encode, seal

values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=500, deadline=None)
@given(values)
def test_encode_is_json_dumps_with_sorted_keys(value):
    assert encode(value) == json.dumps(value, sort_keys=True)
    assert json.loads(encode(value)) == value


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=6), values, max_size=5))
def test_sealed_lines_read_back(record):
    line = bytes(seal(record))
    assert line.endswith(b"\n") and b"\n" not in line[:-1]
    assert unseal(line[:-1], True) == (record, True)
