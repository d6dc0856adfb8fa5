import pytest

from finprobe.core.schema import RunConfig, RunManifest, SampleRecord, SampleStatus, Score
from finprobe.core.store import SAMPLES, RunStore, StoreError


def manifest(fp="abc"):
    return RunManifest(run_id="r1", fingerprint=fp, config=RunConfig(benchmark="toy"), package_version="0",
                       data_hash="d", scorer_version="1", n_samples=3)


def rec(i, status=SampleStatus.scored):
    return SampleRecord(sample_id=f"s{i}", status=status, score=Score(value=1.0, passed=True))


def test_append_and_reload(tmp_path):
    store = RunStore.open_for_run(tmp_path, manifest())
    for i in range(3):
        store.append(rec(i))
    store.close()
    assert list(RunStore(tmp_path).load_records()) == ["s0", "s1", "s2"]


def test_torn_tail_is_cut_and_that_sample_redone(tmp_path):
    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(rec(0))
    store.close()
    with open(tmp_path / SAMPLES, "ab") as fh:
        fh.write(rec(1).model_dump_json().encode()[:40])  # a crash mid-write
    store = RunStore.open_for_run(tmp_path, manifest())
    assert store.finished_ids() == {"s0"}
    store.append(rec(1))
    store.close()
    assert set(RunStore(tmp_path).load_records()) == {"s0", "s1"}


def test_errors_are_redone_and_last_record_wins(tmp_path):
    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(rec(0, SampleStatus.error))
    assert store.finished_ids() == set()
    store.append(rec(0))
    store.close()
    assert RunStore(tmp_path).load_records()["s0"].status == SampleStatus.scored


def test_a_different_run_in_the_folder_is_refused_unless_fresh(tmp_path):
    RunStore.open_for_run(tmp_path, manifest("abc")).close()
    with pytest.raises(StoreError, match="different run"):
        RunStore.open_for_run(tmp_path, manifest("xyz"))
    store = RunStore.open_for_run(tmp_path, manifest("xyz"), fresh=True)
    assert store.read_manifest().fingerprint == "xyz"


def test_corrupt_middle_line_is_an_error_naming_the_line(tmp_path):
    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(rec(0))
    store.close()
    with open(tmp_path / SAMPLES, "a") as fh:
        fh.write("{not json}\n")
    with pytest.raises(StoreError, match=r"samples.jsonl:2"):
        RunStore(tmp_path).load_records()


def test_not_a_run_folder(tmp_path):
    with pytest.raises(StoreError, match="not a finprobe run folder"):
        RunStore(tmp_path).read_manifest()
