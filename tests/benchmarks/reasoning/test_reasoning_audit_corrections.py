import json

import pytest

from finprobe.benchmarks.reasoning import BENCHMARK
from finprobe.benchmarks.reasoning.audit import CLASSES, audit, classify
from finprobe.benchmarks.reasoning.corrections import (
    apply_corrections,
    bundled_overlay,
    bundled_overlays,
    load_corrections,
    records_digest,
    unmatched_ids,
)
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


def test_bundled_overlays_are_valid_documented_and_name_their_data():
    overlays = {o.split: o for o in bundled_overlays()}
    assert set(overlays) == {"test", "dev"}
    for split, overlay in overlays.items():
        assert overlay.version.startswith(split) and overlay.data.file == f"{split}.json"
        assert len(overlay.data.records_sha256) == 64 and len(overlay.data.ids_sha256) == 64
        for key, corr in overlay.corrections.items():
            assert corr.note, f"{split} {key}: every bundled correction states its reason"


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
    assert [s.meta["correction_kinds"] for s in out] == [["value"], ["skip"], ["question", "sign_agnostic"]]
    assert grade(out[0].data, "ANSWER: 2.5", "stop").details["reference_source"] == "correction"
    assert "Question: what is z?" in _prompt(out[2])
    assert all(s.meta["corrections_version"] == "t1" for s in out)
    assert unmatched_ids(out, overlay) == ["Z"]
    assert renamed[1].skip_reason is None  # inputs are not mutated
    assert overlay.counts() == {"value": 2, "question": 1, "sign_agnostic": 1, "skip": 1}
    assert overlay.counts(["A", "C"]) == {"value": 1, "question": 1, "sign_agnostic": 1, "skip": 0}


def test_an_overlay_id_not_in_the_data_is_an_error_naming_it(tmp_path):
    p = tmp_path / "mine.yaml"
    p.write_text('version: "u1"\ncorrections:\n  "DEMO/fictional-northwind-2023.pdf-1": {value: 1.0, note: x}\n'
                 '  "INVENTED/2020/page_1.pdf-1": {value: 2.0, note: y}\n')
    with pytest.raises(DataError) as info:
        BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": str(p)}))
    assert "mine.yaml" in str(info.value) and "'INVENTED/2020/page_1.pdf-1'" in str(info.value)
    assert "1 correction id not in" in str(info.value)


def test_an_overlay_written_for_other_data_says_so(tmp_path):
    p = tmp_path / "other.yaml"
    p.write_text('version: "u2"\ndata: {file: test.json, n: 1147, records_sha256: "' + "ab" * 32 + '"}\n'
                 'corrections:\n  "DEMO/fictional-northwind-2023.pdf-1": {value: 1.0, note: x}\n')
    with pytest.raises(DataError) as info:
        BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": str(p)}))
    msg = str(info.value)
    assert "written for other data (test.json, 1147 tasks, records sha256 abababababab" in msg
    assert "-O corrections=none" in msg
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))
    p.write_text('version: "u3"\ndata: {records_sha256: "' + records_digest(samples) + '"}\n'
                 'corrections:\n  "DEMO/fictional-northwind-2023.pdf-1": {value: 1.0, note: x}\n')
    loaded = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": str(p)}))
    assert loaded[0].data["correction"]["value"] == 1.0


def test_the_demo_set_gets_no_bundled_overlay_and_none_means_the_original_tasks():
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({}))
    assert not any("correction" in s.data or "corrections_version" in s.meta for s in samples)
    with pytest.raises(DataError, match="no bundled corrections for split 'nope'"):
        BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "bundled:nope"}))


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
    ('version: "1"\ncorrections: {A: {skip: "no data", value: 3}}\n', "a skipped task takes no other fix"),
    ('version: "1"\ndata: {records: 3}\ncorrections: {}\n', "data.records"),
    ('version: "1"\nrevision: 2\ncorrections: {}\n', "unknown top-level keys"),
])
def test_bad_overlays_are_data_errors(tmp_path, text, fragment):
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    with pytest.raises(DataError) as info:
        load_corrections(p)
    assert "bad.yaml" in str(info.value) and fragment in str(info.value)


@pytest.mark.shared_data
def test_dev_gets_its_bundled_overlay_by_content_also_under_another_name(dev_path, tmp_path):
    samples = BENCHMARK.load(str(dev_path), BENCHMARK.parse_options({}))
    overlay = bundled_overlay("dev")
    assert unmatched_ids(samples, overlay) == []  # every bundled correction names a dev task
    assert {s.meta.get("corrections_version") for s in samples} == {overlay.version}
    active = [s for s in samples if not s.skip_reason]
    ref = [grade(s.data, reference_reply(s), "stop") for s in active]
    assert all(r.passed for r in ref)
    assert sum(r.details["reference_source"] == "correction" for r in ref) == len(
        [c for c in overlay.corrections.values() if c.value is not None and not c.skip])
    human = sum(grade(s.data, human_answer_reply(s), "stop").passed for s in active)
    print(f"\nwith overlay {overlay.version}: {len(active)} active tasks, reference passes "
          f"{sum(r.passed for r in ref)}, human-answer passes {human}")
    # a copy under another name (its null ids become `copy-null-N`) holds the same tasks: the same overlay
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps(json.loads(dev_path.read_text(encoding="utf-8")), indent=1))
    again = BENCHMARK.load(str(copy), BENCHMARK.parse_options({}))
    assert [s.data.get("correction") for s in again] == [s.data.get("correction") for s in samples]
    assert any(s.data.get("correction") for s in again if s.data.get("synthetic_id"))  # null-id tasks too
    # the same ids with an edited excerpt: the corrections were checked against other text
    raw = json.loads(dev_path.read_text(encoding="utf-8"))
    raw[0]["pre_text"] = ["an edited excerpt"] + raw[0]["pre_text"][1:]
    copy.write_text(json.dumps(raw))
    with pytest.raises(DataError) as info:
        BENCHMARK.load(str(copy), BENCHMARK.parse_options({}))
    assert "reviewed FinQA dev split, but not the same content" in str(info.value)
    assert BENCHMARK.load(str(copy), BENCHMARK.parse_options({"corrections": "none"}))
    assert BENCHMARK.load(str(dev_path), BENCHMARK.parse_options({"corrections": "bundled:dev"}))[0].meta[
        "corrections_version"] == overlay.version
