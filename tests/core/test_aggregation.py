from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.aggregation import ordered
from finprobe.core.schema import SampleRecord, SampleStatus
from finprobe.core.store import RecordViews


def _record(sid: str, epoch: int) -> SampleRecord:
    return SampleRecord(sample_id=sid, epoch=epoch, status=SampleStatus.scored)


keys = st.lists(st.tuples(st.sampled_from("abcdefg"), st.integers(1, 3)), unique=True, max_size=20)


@given(keys, st.permutations(list("abcde")))
def test_ordered_is_data_order_then_epoch_with_unknown_ids_sorted_after(pairs, order):
    records = [_record(sid, e) for sid, e in pairs]
    rank = {sid: i for i, sid in enumerate(order)}
    expected = sorted(pairs, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
    got = ordered(records, order)
    assert [(r.sample_id, r.epoch) for r in got] == expected
    again = ordered(got, order)  # already in order: the same records, as a new list
    assert [(r.sample_id, r.epoch) for r in again] == expected and again is not got


@given(keys, st.permutations(list("abcde")))
def test_ordered_views_stay_views_in_the_same_order_as_records(pairs, order):
    lines = [_record(sid, e).model_dump_json().encode() for sid, e in pairs]
    views = RecordViews(lines, list(pairs))
    got = ordered(views, order)
    assert isinstance(got, RecordViews)
    assert [(r.sample_id, r.epoch) for r in got] == [(r.sample_id, r.epoch) for r in ordered(list(views), order)]
