"""The AmbigQA benches' sets written on real AmbigNQ records: only the record ids are in the repository, the
records are read from ../shared/data (never copied); a clear stop when that file is absent; the annotator's
sets as a regression guard (no longer independent: the components were fixed against them)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from aq_support import REPO, SHARED_TRAIN, mq, write_light

from finprobe.benchmarks.ambiguity.general_simulator import GeneralSimulator
from finprobe.benchmarks.ambiguity.text_grading import grade_text_answer

IDS_FILE = REPO / "bench" / "data" / "ambigqa" / "fixture_ids_independent.json"


@pytest.fixture
def common() -> Iterator[ModuleType]:
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import ambigqa_common

        yield ambigqa_common
    finally:
        sys.path.remove(str(REPO / "bench"))


def test_no_ambignq_record_is_copied_into_the_repository():
    assert not (REPO / "bench" / "data" / "ambigqa" / "fixture_instances_independent.json").exists()
    ids = json.loads(IDS_FILE.read_text(encoding="utf-8"))
    assert len(ids) == 42 and all(isinstance(i, str) for i in ids)


def test_listed_ids_stop_with_a_clear_message_when_the_shared_file_is_absent(common, tmp_path: Path):
    missing = tmp_path / "nowhere" / "train_light.json"
    with pytest.raises(SystemExit, match="absent") as err:
        common.instances([IDS_FILE], missing)
    assert str(missing) in str(err.value) and "fixture_ids_independent.json" in str(err.value)


def test_listed_ids_are_read_from_the_train_file_and_missing_ones_named(common, tmp_path: Path):
    train = write_light(tmp_path / "train.json", [
        {"id": "7", "question": "who sang it?", "annotations": [mq(("Which band sang it?", ["Eagles"]),
                                                                  ("Who sang lead on it?", ["Don Henley"]))]}])
    ids = tmp_path / "ids.json"
    ids.write_text(json.dumps(["7"]), encoding="utf-8")
    assert [i.instance_id for i in common.instances_from_shared(ids, train)] == ["7"]
    ids.write_text(json.dumps(["7", "8"]), encoding="utf-8")
    with pytest.raises(SystemExit, match="1 ids not in"):
        common.instances_from_shared(ids, train)


@pytest.mark.shared_data
def test_the_annotators_sets_on_real_records_stay_above_the_goals(common):
    if not SHARED_TRAIN.exists():
        pytest.skip(f"AmbigNQ train file not present at {SHARED_TRAIN}")
    insts = common.instances([IDS_FILE])
    questions = common.read_jsonl("simulator_questions_independent.jsonl")
    answers = common.read_jsonl("grader_answers_independent.jsonl")
    assert {it["instance_id"] for it in questions + answers} <= set(insts)
    sure_q = [it for it in questions if not it["unsure"]]
    agree = sum(GeneralSimulator(insts[it["instance_id"]]).decide(it["question"]).answer == it["label"]
                for it in sure_q)
    assert agree / len(sure_q) >= 0.90
    sure_a = [it for it in answers if not it["unsure"]]
    correct = sum(grade_text_answer(insts[it["instance_id"]], it["answer"]).correct == (it["label"] == "intended")
                  for it in sure_a)
    assert correct / len(sure_a) >= 0.95
