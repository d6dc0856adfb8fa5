"""AmbigQA/AmbigNQ light files as general-domain ambiguity instances: skip reasons, the target rule,
seeded random targets and sampling, errors naming the file and the record, the real train file."""

from __future__ import annotations

import json

import pytest
from aq_support import SHARED_TRAIN, mq, sa, write_light
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.ambigqa import (
    SKIP_REASONS,
    Reading,
    convert_records,
    demo_ambigqa_path,
    load_ambigqa,
    most_specific_reading,
)
from finprobe.core.benchmark import DataError
from finprobe.core.formats import parse_ambignq

RECORDS = [
    {"id": "r1", "question": "Who played Gaston?", "annotations": [mq(
        ("Who voiced Gaston in the 1991 animated film?", ["Richard White"]),
        ("Who played Gaston in the 2017 live-action film Beauty and the Beast?", ["Luke Evans"]))]},
    {"id": "r2", "question": "What is the capital of Australia?", "annotations": [sa("Canberra")]},
    {"id": "r3", "question": "Who painted The Scream?", "annotations": [mq(
        ("Who painted the 1893 version?", ["Edvard Munch"]), ("Who painted the 1910 version?", ["Munch", "Edvard Munch"]))]},
    {"id": "r4", "question": "Who is the voice of Siri?", "annotations": [mq(
        ("Who voiced the original American voice of Siri?", ["Susan Bennett"]), ("Who will voice Siri next?", []))]},
    {"id": "r5", "question": "Who won the World Cup?", "annotations": [
        mq(("Who won in 2018?", ["France"]), ("Who won in 2018?", ["France"])),
        mq(("Who won the 2018 FIFA World Cup?", ["France"]), ("Who won the 2014 FIFA World Cup?", ["Germany"]),
           ("Who won the 2010 FIFA World Cup?", [" ", "Spain"]))]},
    {"id": "r6", "question": "Who sang Respect?", "annotations": [sa("Aretha Franklin"), mq(
        ("Who first recorded Respect in 1965?", ["Otis Redding"]), ("Who sang Respect in 1967?", ["Aretha Franklin"]))]},
]


def test_records_become_instances_or_are_skipped_with_a_reason(tmp_path):
    instances, summary = load_ambigqa(write_light(tmp_path / "f.json", RECORDS))
    assert [i.instance_id for i in instances] == ["r1", "r5", "r6"]
    assert summary.skipped == {"single_answer": 1, "fewer_than_two_readings": 1, "answers_not_distinct": 1}
    assert summary.instances + sum(summary.skipped.values()) == summary.records == len(RECORDS)
    assert summary.examples == {"single_answer": ["r2"], "answers_not_distinct": ["r3"],
                                "fewer_than_two_readings": ["r4"]}
    r5 = instances[1]
    # the first annotation repeats one question (one reading left): the second annotation is used
    assert [r.question for r in r5.readings][0] == "Who won the 2018 FIFA World Cup?"
    assert r5.readings[2].answers == ["Spain"]  # blank aliases carry nothing
    assert any("annotation 2 of 2" in n for n in r5.load_notes)
    assert instances[2].annotators_disagree and not instances[0].annotators_disagree
    # readings keep the file's order and their answer lists; C is the target's question
    r1 = instances[0]
    assert [r.answers for r in r1.readings] == [["Richard White"], ["Luke Evans"]]
    assert r1.context == r1.readings[r1.target].question and r1.h0 == 1.0


def test_the_most_specific_reading_is_the_target():
    readings = [Reading(question="Who played Gaston in the movie?", answers=["a"]),
                Reading(question="Who played Gaston in the 2017 live-action movie Beauty and the Beast?",
                        answers=["b"]),
                Reading(question="Who voiced Gaston in 1991?", answers=["c"])]
    assert most_specific_reading("x", "Who played Gaston in Beauty and the Beast?", readings) == 1
    # a tie (readings that differ by a year only) is broken by a hash of the record id, not by position:
    # across records, both positions are chosen
    tied = [Reading(question=f"Who won the {y} World Cup?", answers=[str(y)]) for y in (2014, 2018)]
    picks = {most_specific_reading(f"id{n}", "Who won the World Cup?", tied) for n in range(20)}
    assert picks == {0, 1}
    assert most_specific_reading("id3", "Who won the World Cup?", tied) == most_specific_reading(
        "id3", "Who won the World Cup?", tied)


def test_random_targets_follow_the_run_seed_and_change_only_the_target():
    specific, _ = load_ambigqa(demo_ambigqa_path())
    seeded = {s: load_ambigqa(demo_ambigqa_path(), target="random", seed=s)[0] for s in (1, 2)}
    again, _ = load_ambigqa(demo_ambigqa_path(), target="random", seed=1)
    assert [i.target for i in again] == [i.target for i in seeded[1]]
    assert [i.target for i in seeded[1]] != [i.target for i in seeded[2]]
    for a, b in zip(specific, seeded[1], strict=True):
        assert (a.instance_id, a.question, a.readings) == (b.instance_id, b.question, b.readings)
        assert b.target_rule == "random" and 0 <= b.target < len(b.readings)
    # the draw depends on the seed and the record only, not on which records are loaded
    one, _ = convert_records(parse_ambignq(demo_ambigqa_path().read_text())[:3], source="x", target="random", seed=1)
    assert [i.target for i in one] == [i.target for i in seeded[1][:3]]


def test_the_engine_loads_with_the_run_seed_and_samples_with_sample_seed():
    opts = BENCHMARK.parse_options({"source": "ambigqa", "target": "random"})
    a = BENCHMARK.load_for_run(None, opts, 1)
    b = BENCHMARK.load_for_run(None, opts, 2)
    assert [s.meta["target"] for s in a] != [s.meta["target"] for s in b]
    assert [s.id for s in a] == [s.id for s in b]  # file order: --limit N takes the first N
    shuffled = BENCHMARK.load_for_run(None, BENCHMARK.parse_options({"source": "ambigqa", "sample_seed": "7"}), 0)
    again = BENCHMARK.load_for_run(None, BENCHMARK.parse_options({"source": "ambigqa", "sample_seed": "7"}), 0)
    assert [s.id for s in shuffled] == [s.id for s in again] != [s.id for s in a]
    assert sorted(s.id for s in shuffled) == sorted(s.id for s in a)
    sample = a[0]
    assert sample.data["conversion"]["records"] == 22 and sample.meta["domain"] == "general"


@pytest.mark.parametrize("record, message", [
    ({"id": "x", "question": "Q?", "annotations": [{"type": "multipleQAs", "qaPairs": [{"answer": ["a"]}]}]},
     "qaPairs"),
    ({"id": "x", "question": "", "annotations": [sa("a")]}, "question"),
    ({"id": "x", "question": "Q?", "annotations": [{"type": "other"}]}, "annotations"),
])
def test_malformed_records_name_the_file_and_the_record(tmp_path, record, message):
    path = write_light(tmp_path / "bad.json", [RECORDS[0], record])
    with pytest.raises(DataError, match=rf"bad\.json.*record 2.*{message}"):
        load_ambigqa(path)
    opts = BENCHMARK.parse_options({"source": "ambigqa"})
    with pytest.raises(DataError, match=r"bad\.json"):
        BENCHMARK.load_for_run(str(path), opts, 0)


_text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_pair = st.fixed_dictionaries({"question": _text.filter(lambda s: s.strip()), "answer": st.lists(_text, max_size=3)})
_annotation = st.one_of(
    st.fixed_dictionaries({"type": st.just("singleAnswer"), "answer": st.lists(_text, min_size=1, max_size=2)}),
    st.fixed_dictionaries({"type": st.just("multipleQAs"), "qaPairs": st.lists(_pair, min_size=1, max_size=4)}))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(_annotation, min_size=1, max_size=3), max_size=8), st.integers(0, 5))
def test_any_valid_file_converts_and_every_record_is_counted(annotations, seed):
    records = [{"id": f"r{n}", "question": f"question {n}?", "annotations": a} for n, a in enumerate(annotations)]
    parsed = parse_ambignq(json.dumps(records))
    for target in ("specific", "random"):
        instances, summary = convert_records(parsed, source="mem", target=target, seed=seed)  # type: ignore[arg-type]
        assert summary.instances == len(instances)
        assert summary.instances + sum(summary.skipped.values()) == len(records)
        assert set(summary.skipped) == set(SKIP_REASONS)
        for inst in instances:
            assert len(inst.readings) >= 2 and 0 <= inst.target < len(inst.readings)
            assert all(r.answers for r in inst.readings)


@pytest.mark.shared_data
def test_the_real_train_file_counts_add_up():
    if not SHARED_TRAIN.exists():
        pytest.skip(f"AmbigNQ train file not present at {SHARED_TRAIN}")
    instances, summary = load_ambigqa(SHARED_TRAIN)
    assert summary.records == 10036
    assert summary.skipped == {"single_answer": 5287, "fewer_than_two_readings": 0, "answers_not_distinct": 161}
    assert summary.instances == len(instances) == 4588
    assert sum(i.annotators_disagree for i in instances) == 9  # of the 10 mixed records, one is not distinct
    # the random rule on the real file: reproducible per seed, and a real robustness check (targets move)
    rnd = load_ambigqa(SHARED_TRAIN, target="random", seed=3)[0]
    moved = sum(a.target != b.target for a, b in zip(instances, rnd, strict=True))
    assert 0.3 * len(rnd) < moved < len(rnd)
    # --limit 200 -O sample_seed=S: a reproducible seeded sample
    first = load_ambigqa(SHARED_TRAIN, sample_seed=5)[0][:200]
    assert [i.instance_id for i in first] == [i.instance_id for i in load_ambigqa(SHARED_TRAIN, sample_seed=5)[0][:200]]
    assert [i.instance_id for i in first] != [i.instance_id for i in instances[:200]]


@pytest.mark.shared_data
def test_the_doctor_lists_every_skipped_record_of_the_train_file():
    if not SHARED_TRAIN.exists():
        pytest.skip(f"AmbigNQ train file not present at {SHARED_TRAIN}")
    report = BENCHMARK.doctor(str(SHARED_TRAIN), BENCHMARK.parse_options({"source": "ambigqa"}))
    kinds: dict[str, int] = {}
    for f in report.findings:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    assert report.n == 10036
    assert kinds["skipped_single_answer"] == 5287 and kinds["skipped_answers_not_distinct"] == 161
    assert kinds["annotators_disagree"] == 9
    conversion = report.details["conversion"]
    assert conversion["instances"] + sum(conversion["skipped"].values()) == 10036
