import json

import pytest

from finprobe.benchmarks.reasoning import BENCHMARK
from finprobe.benchmarks.reasoning.audit import CLASSES, audit, classify
from finprobe.benchmarks.reasoning.corrections import apply_corrections, load_corrections, unmatched_ids
from finprobe.benchmarks.reasoning.grader import grade
from finprobe.benchmarks.reasoning.policies import human_answer_reply, reference_reply
from finprobe.core.benchmark import DataError


@pytest.mark.parametrize("answer,exe_ans,cls", [
    ("14.5%", 0.145, None),
    ("127.40", 127.4, None),
    ("", 3.0, "empty"),
    ("n/a", 3.0, "unparseable"),
    ("maybe", "yes", "unparseable"),
    ("yes", "yes", None),
    ("no", "yes", "genuine"),
    ("14.5", 0.145, "percent_scale"),
    ("3.8%", 3.8, "percent_scale"),
    ("3", 0.0259, "percent_scale"),
    ("3%", 0.0259, "rounding"),
    ("2.1%", -0.021, "sign"),
    ("197000", 19700.0, "power_of_ten"),
    ("4.7", 249.98125, "genuine"),
])
def test_classify(answer, exe_ans, cls):
    assert classify(answer, exe_ans)[0] == cls


@pytest.mark.shared_data
def test_audit_on_dev(dev_samples):
    result = audit(dev_samples)
    as_json = json.loads(result.model_dump_json())
    assert as_json["total"] == 883 and as_json["executor_matches"] == 883
    assert set(result.by_class) == set(CLASSES)
    assert sum(result.by_class.values()) == len(result.disagreements) == 883 - result.agreements
    assert result.by_class["empty"] == 12  # dev has 12 empty human answers
    assert result.by_class["percent_scale"] > 0 and result.by_class["genuine"] > 0
    print(f"\naudit: total {result.total}, executor matches {result.executor_matches}, "
          f"agreements {result.agreements}, by_class {result.by_class}")


def test_bundled_overlay_is_valid_and_documented():
    overlay = load_corrections()
    assert overlay.version
    for key, corr in overlay.corrections.items():
        assert corr.note, f"{key}: every bundled correction states its reason"


def test_overlay_parsing_and_application(tmp_path):
    p = tmp_path / "c.yaml"
    p.write_text('version: "t1"\ncorrections:\n  A: {value: 2.5, note: fixed}\n'
                 '  B: {skip: "excerpt lacks the data"}\n  C: {question: "what is z?", sign_agnostic: true}\n'
                 '  Z: {value: "yes"}\n')
    overlay = load_corrections(p)
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))[:3]
    renamed = [s.model_copy(update={"id": k}) for s, k in zip(samples, "ABC", strict=True)]
    out = apply_corrections(renamed, overlay)
    assert [s.skip_reason for s in out] == [None, "excerpt lacks the data", None]
    assert out[0].data["correction"] == {"value": 2.5, "note": "fixed"}
    assert grade(out[0].data, "ANSWER: 2.5", "stop").details["reference_source"] == "correction"
    assert "Question: what is z?" in _prompt(out[2])
    assert all(s.meta["corrections_version"] == "t1" for s in out)
    assert unmatched_ids(out, overlay) == ["Z"]
    assert renamed[1].skip_reason is None  # inputs are not mutated


def _prompt(sample):
    from finprobe.benchmarks.reasoning.contract import user_prompt
    return user_prompt(sample.data)


@pytest.mark.parametrize("text,fragment", [
    ("corrections: {}\n", "version"),
    ('version: "1"\ncorrections: {A: {valeu: 3}}\n', "'A'"),
    ('version: "1"\ncorrections: {A: {value: "maybe"}}\n', "'A'"),
    ('version: "1"\ncorrections: {A: {}}\n', "changes nothing"),
    ('version: "1"\ncorrections: [1]\n', "mapping"),
    ("version: [unclosed\n", "invalid YAML"),
])
def test_bad_overlays_are_data_errors(tmp_path, text, fragment):
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    with pytest.raises(DataError) as info:
        load_corrections(p)
    assert "bad.yaml" in str(info.value) and fragment in str(info.value)


@pytest.mark.shared_data
def test_dev_with_bundled_overlay(dev_path):
    samples = BENCHMARK.load(str(dev_path), BENCHMARK.parse_options({}))
    overlay = load_corrections()
    assert unmatched_ids(samples, overlay) == []  # every bundled correction names a dev task
    active = [s for s in samples if not s.skip_reason]
    ref = [grade(s.data, reference_reply(s), "stop") for s in active]
    assert all(r.passed for r in ref)
    assert sum(r.details["reference_source"] == "correction" for r in ref) == len(
        [c for c in overlay.corrections.values() if c.value is not None and not c.skip])
    human = sum(grade(s.data, human_answer_reply(s), "stop").passed for s in active)
    print(f"\nwith overlay {overlay.version}: {len(active)} active tasks, reference passes "
          f"{sum(r.passed for r in ref)}, human-answer passes {human}")
