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


# --------------------------------------------------------------------------- one writer (issue 8, item 1)
def test_a_second_writer_is_refused_at_once_naming_the_holder(tmp_path):
    import os

    from finprobe.core.store import LOCK, RunLockedError

    first = RunStore.open_for_run(tmp_path, manifest())
    first.append(rec(0))
    with pytest.raises(RunLockedError, match=rf"process {os.getpid()} is writing"):
        RunStore.open_for_run(tmp_path, manifest())
    with pytest.raises(RunLockedError):  # --fresh too, and it deletes nothing
        RunStore.open_for_run(tmp_path, manifest(), fresh=True)
    assert (tmp_path / SAMPLES).read_text().count("\n") == 1 and (tmp_path / "manifest.json").exists()
    assert (tmp_path / LOCK).read_text().strip() == str(os.getpid())
    first.close()
    second = RunStore.open_for_run(tmp_path, manifest())  # released on close
    second.close()


def test_a_stale_lock_file_blocks_nobody(tmp_path):
    from finprobe.core.store import LOCK

    (tmp_path / LOCK).write_text("999999\n")  # a holder that died: the kernel dropped its flock
    store = RunStore.open_for_run(tmp_path, manifest())
    store.close()


def test_a_file_is_not_a_run_folder(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    with pytest.raises(StoreError, match="not a folder"):
        RunStore.open_for_run(target, manifest())


def test_reopening_an_unchanged_run_rewrites_nothing(tmp_path):
    store = RunStore.open_for_run(tmp_path, manifest())
    store.write_metrics({"n": 1})
    store.close()
    stamps = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    store = RunStore.open_for_run(tmp_path, manifest())
    store.write_metrics({"n": 1})
    store.close()
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir() if p.name != "run.lock"} == \
        {k: v for k, v in stamps.items() if k != "run.lock"}


# --------------------------------------------------------------------------- each reply once (item 10)
def _transcript_record():
    from finprobe.core.schema import GenerateConfig, Message, ModelCall, Outcome, Step, StepKind, Transcript

    reply = "Reasoning about the table...\nANSWER: 42.5%"
    transcript = Transcript(
        messages=[Message(role="system", content="s"), Message(role="user", content="q"),
                  Message(role="assistant", content=reply)],
        calls=[ModelCall(role="agent", backend="openai", model="m", config=GenerateConfig(), output=reply,
                         input_prefix=2)],
        steps=[Step(index=0, kind=StepKind.action, raw=reply)], outcome=Outcome.answered, final_answer=reply)
    return reply, SampleRecord(sample_id="s0", status=SampleStatus.scored, transcript=transcript,
                               score=Score(value=1.0, passed=True))


def test_each_reply_is_stored_once_and_reads_back_whole(tmp_path):
    reply, record = _transcript_record()
    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(record)
    store.close()
    line = (tmp_path / SAMPLES).read_text()
    assert line.count("ANSWER: 42.5%") == 1  # main stored it four times (message, call, step, final answer)
    back = RunStore(tmp_path).load_records()["s0"]
    assert back == record
    assert back.transcript.calls[0].output == reply and back.transcript.final_answer == reply
    assert back.transcript.steps[0].raw == reply
    assert record.transcript.calls[0].output == reply  # the record handed in is unchanged


def test_records_written_before_references_still_read(tmp_path):
    _, record = _transcript_record()
    RunStore.open_for_run(tmp_path, manifest()).close()
    old_line = record.model_dump_json(exclude={"transcript": {"final_answer_ref": True,
                                                              "calls": {0: {"output_ref"}},
                                                              "steps": {0: {"raw_ref"}}}})
    assert "_ref" not in old_line
    (tmp_path / SAMPLES).write_text(old_line + "\n")
    assert RunStore(tmp_path).load_records()["s0"] == record


def test_aggregation_views_drop_texts_and_keep_what_metrics_read(tmp_path):
    _, record = _transcript_record()
    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(record)
    store.close()
    (view,) = RunStore(tmp_path).iter_records(view=True)
    t = view.transcript
    assert t.messages == [] and t.calls[0].output is None and t.steps[0].raw is None
    assert t.calls[0].role == "agent" and t.outcome == record.transcript.outcome
    assert view.score == record.score and view.status == record.status


# --------------------------------------------------------------------------- secrets (item 8)
def test_the_stores_redactor_scrubs_every_line(tmp_path):
    from finprobe.core.safety import Redactor

    key = 'sk-live-"quoted"-9f8e7d6c'
    _, record = _transcript_record()
    record = record.model_copy(update={"error": f"server said {key}", "meta": {"note": key}})
    store = RunStore.open_for_run(tmp_path, manifest(), redactor=Redactor([key]))
    store.append(record)
    store.close()
    text = (tmp_path / SAMPLES).read_text()
    assert "sk-live" not in text and "***" in text
    assert RunStore(tmp_path).load_records()["s0"].meta["note"] == "***"


def test_views_parsed_on_access_give_the_metrics_of_parsed_views(tmp_path, monkeypatch):
    """Large runs keep views as JSON and parse on each access; the metrics are the same bytes."""
    import finprobe.core.store as store_module
    from finprobe.core.aggregation import run_metrics
    from finprobe.core.aio import run_async
    from finprobe.core.benchmark import AggregationSettings
    from finprobe.core.runner import Runner
    from finprobe.core.store import metrics_json
    from finprobe.testing.toy import ToyBenchmark

    bench = ToyBenchmark(30)
    result = run_async(Runner(RunConfig(benchmark="toy", concurrency=4), tmp_path, benchmark=bench,
                              progress=False).run())
    store = RunStore(tmp_path)
    samples = bench.load(None, bench.parse_options({}))
    settings = AggregationSettings.for_run(0, bench.parse_options({}))
    cached = run_metrics(bench, store, store.read_manifest(), samples, bench.parse_options({}), settings)
    monkeypatch.setattr(store_module, "PARSED_VIEWS_LIMIT", 2)
    views = store.load_views()
    assert views._cache is None and views[0] is not views[0]  # parsed afresh on each access
    streamed = run_metrics(bench, store, store.read_manifest(), samples, bench.parse_options({}), settings)
    assert metrics_json(streamed) == metrics_json(cached) == metrics_json(result.metrics)


# --------------------------------------------------------------------------- issue 28
def test_the_lock_is_on_the_folder_deleting_run_lock_admits_nobody(tmp_path):
    from finprobe.core.store import LOCK, RunLockedError

    first = RunStore.open_for_run(tmp_path, manifest())
    (tmp_path / LOCK).unlink()  # what a user cleaning up "stale" files would do during a run
    with pytest.raises(RunLockedError, match="is writing this run folder"):
        RunStore.open_for_run(tmp_path, manifest())
    first.close()
    RunStore.open_for_run(tmp_path, manifest()).close()  # released with the process's descriptor


def test_a_folder_replaced_under_a_writer_is_written_no_more(tmp_path):
    folder = tmp_path / "run"
    store = RunStore.open_for_run(folder, manifest())
    folder.rename(tmp_path / "moved")
    folder.mkdir()
    with pytest.raises(StoreError, match="moved, removed or replaced"):
        store.write_metrics({"n": 1})
    store.close()
    assert not (folder / "metrics.json").exists()


def test_the_folders_data_reads_back_one_sample_at_a_time(tmp_path):
    from finprobe.core.provenance import data_hash
    from finprobe.core.schema import Sample
    from finprobe.core.store import StoredSamples

    samples = [Sample(id=f'id "{i}" ü', data={"x": i / 3, "t": ["a", {"b": None}]}, meta={"k": i % 2},
                      skip_reason="gone" if i == 3 else None) for i in range(7)]
    store = RunStore.open_for_run(tmp_path, manifest())
    written = store.write_data(samples)
    store.close()
    read = RunStore(tmp_path).stored_samples()
    assert isinstance(read, StoredSamples) and read.ids == written.ids == [s.id for s in samples]
    assert [read[s.id] for s in samples] == samples and list(read.get_many(reversed(read.ids))) == samples[::-1]
    assert data_hash(read.get_many(read.ids)) == data_hash(samples) == data_hash(iter(samples))


def test_unreadable_lines_say_what_is_wrong(tmp_path):
    from finprobe.core.store import DamagedStoreError

    store = RunStore.open_for_run(tmp_path, manifest())
    store.append(rec(0))
    store.close()
    good = (tmp_path / SAMPLES).read_bytes()
    for damage, why in ((b"[1, 2]\n", "a JSON list, not a record object"), (b"\xff\xfe\n", "not UTF-8 text"),
                        (b'{"sample_id": "s9"}\n', "no 'status' field"), (b'{"sample_id": 3, "status": "scored"}\n',
                                                                          "sample_id is a int"),
                        (b'{"sample_id": "s9", "status": "done"}\n', "status 'done' is not one of"),
                        (b'{"sample_id": "s9", "status": "scored", "transcript": [1]}\n', "transcript")):
        (tmp_path / SAMPLES).write_bytes(good + damage)
        readers = [RunStore(tmp_path).load_view_map, RunStore(tmp_path).load_records]
        if b"transcript" not in damage:  # these read the key fields only
            readers += [RunStore(tmp_path).latest_offsets, RunStore(tmp_path).trial_statuses]
        for read in readers:
            with pytest.raises(DamagedStoreError, match=r"samples.jsonl:2: unreadable record \(.*") as exc:
                read()
            assert why in str(exc.value) and "finprobe repair" in str(exc.value), (damage, str(exc.value))


def test_a_refused_resume_names_the_change(tmp_path):
    from finprobe.core.provenance import describe_change, fingerprint_parts, run_identity
    from finprobe.core.schema import RoleConfig

    def made(seed=0, scorer="1", data="d"):
        config = RunConfig(benchmark="toy", seed=seed, roles={"agent": RoleConfig(spec="oracle")})
        identity = run_identity(config, data, scorer, roles=config.roles, options={})
        return manifest().model_copy(update={"config": config, "scorer_version": scorer, "data_hash": data,
                                             "fingerprint": str(hash(str(identity))),
                                             "fingerprint_parts": fingerprint_parts(identity)})

    assert describe_change(made(), made(scorer="2")) == "changed: the scorer version (1 → 2)"
    assert describe_change(made(), made(seed=4, data="e")) == (
        "changed: the data (content hash d → e); --seed (0 → 4)")
    RunStore.open_for_run(tmp_path, made()).close()
    with pytest.raises(StoreError, match=r"changed: the scorer version \(1 → 2\).*finprobe rescore"):
        RunStore.open_for_run(tmp_path, made(scorer="2"))
    with pytest.raises(StoreError) as exc:
        RunStore.open_for_run(tmp_path, made(scorer="2", seed=3))
    assert "rescore" not in str(exc.value)  # more than the scorer changed: rescoring would not be enough
