import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.core.provenance import data_hash, stable_hash
from finprobe.core.schema import Sample

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                     max_leaves=6)


def _samples(n: int, data: dict) -> list[Sample]:
    return [Sample(id=f"s{i}·é", data={"i": i, **data}, skip_reason="x" if i % 7 == 0 else None) for i in range(n)]


@given(st.sampled_from([0, 1, 2, 255, 256, 257, 513]), st.dictionaries(st.text(max_size=5), _json, max_size=3))
@settings(max_examples=40, deadline=None)
def test_data_hash_is_the_stable_hash_of_the_whole_list_whatever_the_batching(n, data):
    """Fingerprints of existing runs must stand: the batched hash is that of the list in one piece."""
    samples = _samples(n, data)
    assert data_hash(samples) == stable_hash([[s.id, s.data, s.skip_reason] for s in samples])


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_data_hash_refuses_data_that_is_not_finite(value):
    """Non-finite data has no JSON form to hash (issue 28: `run` and `validate` name the field before this)."""
    with pytest.raises(ValueError):
        data_hash(_samples(1, {"x": value}))
