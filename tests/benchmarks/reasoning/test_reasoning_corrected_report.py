"""Accuracy on the corrected and on the original tasks side by side: the aggregate's keys (`pass_rate`,
`original_pass_rate`, `corrections`), the tables, a stored run from before (rescore), `validate` with an
invented overlay id, the audit seeing the overlay's findings, and the real test split with its overlay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.reasoning import BENCHMARK
from finprobe.benchmarks.reasoning.corrections import KINDS, bundled_overlay, load_corrections
from finprobe.benchmarks.reasoning.grader import grade
from finprobe.benchmarks.reasoning.metrics import aggregate, correction_tables
from finprobe.benchmarks.reasoning.policies import human_answer_reply, reference_reply
from finprobe.cli import app
from finprobe.core.schema import Outcome, SampleRecord, SampleStatus, Score, Transcript

TEST_JSON = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "finqa" / "test.json"
runner = CliRunner()

OVERLAY = """version: "t-report"
corrections:
  "DEMO/fictional-northwind-2023.pdf-3": {value: 0.29, note: "a corrected value"}
  "DEMO/fictional-bluefin-2023.pdf-5": {question: "what were 2022 and 2023 capex together?", sign_agnostic: true}
  "DEMO/fictional-quillmark-2023.pdf-2": {skip: "the table lacks a year"}
"""


def _record(sample, reply: str) -> SampleRecord:
    t = Transcript(final_answer=reply, outcome=Outcome.answered)
    if sample.skip_reason:
        return SampleRecord(sample_id=sample.id, status=SampleStatus.skipped, meta=sample.meta,
                            score=Score(reason=sample.skip_reason))
    return SampleRecord(sample_id=sample.id, status=SampleStatus.scored, meta=sample.meta, transcript=t,
                        score=BENCHMARK.score(sample, t, BENCHMARK.parse_options({})))


@pytest.fixture()
def corrected(tmp_path):
    p = tmp_path / "overlay.yaml"
    p.write_text(OVERLAY)
    return BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": str(p)}))


def test_pass_rate_on_corrected_and_original_tasks_side_by_side(corrected):
    # answers from the original references: they pass the original tasks, one fails its corrected value
    original = {s.id: s for s in BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))}
    records = [_record(s, reference_reply(original[s.id])) for s in corrected]
    m = aggregate(records, {s.id: s for s in corrected})
    assert m["n"] == 20 and m["skipped"] == 1
    assert m["pass_rate"] == pytest.approx(18 / 19) and m["original_pass_rate"] == 1.0
    assert m["corrections"] == {"version": "t-report", "value": 1, "question": 1, "sign_agnostic": 1, "skip": 1}
    assert list(m["corrections"]) == ["version", *KINDS]
    assert m["original"] == {"n": 19, "passed": 19, "needs_rescore": 0, "verdicts_changed": {"gained": 0, "lost": 1}}
    assert m["by_correction"]["value"] == {"n": 1, "passed": 0, "pass_rate": 0.0, "original_passed": 1,
                                           "original_pass_rate": 1.0}
    titles = [t.title for t in correction_tables(m)]
    assert titles == ["reasoning: corrected vs original tasks (corrections t-report)",
                      "reasoning: corrections applied, by kind of fix", "reasoning: skipped tasks (corrections overlay)"]
    skipped = correction_tables(m)[2]
    assert skipped.rows == [["DEMO/fictional-quillmark-2023.pdf-2", "the table lacks a year"]]
    # answers to the corrected tasks: the other way round
    records = [_record(s, reference_reply(s)) for s in corrected]
    m = aggregate(records, {s.id: s for s in corrected})
    assert m["pass_rate"] == 1.0 and m["original_pass_rate"] == pytest.approx(18 / 19)
    assert m["original"]["verdicts_changed"] == {"gained": 1, "lost": 0}


def test_a_run_without_an_overlay_reports_no_corrections_and_equal_rates():
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({"corrections": "none"}))
    records = [_record(s, human_answer_reply(s)) for s in samples]
    m = aggregate(records, {s.id: s for s in samples})
    assert m["corrections"] == {"version": None, "value": 0, "question": 0, "sign_agnostic": 0, "skip": 0}
    assert m["original_pass_rate"] == m["pass_rate"] and correction_tables(m) == []


def test_a_stored_corrected_record_without_the_original_grade_asks_for_a_rescore(corrected):
    records = [_record(s, reference_reply(s)) for s in corrected]
    old = next(r for r in records if r.sample_id == "DEMO/fictional-northwind-2023.pdf-3")
    old.score.details.pop("original")
    m = aggregate(records, {s.id: s for s in corrected})
    assert m["original_pass_rate"] is None and m["original"]["needs_rescore"] == 1
    assert correction_tables(m)[0].rows[0][2] == "rescore the run"


def test_validate_with_an_invented_overlay_id_fails(tmp_path):
    p = tmp_path / "invented.yaml"
    p.write_text('version: "x"\ncorrections:\n  "NOPE/2019/page_9.pdf-9": {value: 1, note: invented}\n')
    r = runner.invoke(app, ["validate", "reasoning", "-O", f"corrections={p}"])
    assert r.exit_code == 2 and "NOPE/2019/page_9.pdf-9" in r.output and "not in" in r.output
    ok = runner.invoke(app, ["validate", "reasoning", "-O", "corrections=none"])
    assert ok.exit_code == 0 and "ok: 20 samples" in ok.output


def test_the_audit_reports_the_overlays_findings_beyond_the_two_fields(tmp_path):
    p = tmp_path / "overlay.yaml"
    p.write_text(OVERLAY)
    report = BENCHMARK.doctor(None, BENCHMARK.parse_options({"corrections": str(p)}))
    review = report.details["corrections"]
    assert review["by_kind"] == {"value": 1, "question": 1, "sign_agnostic": 1, "skip": 1}
    assert review["corrected_where_fields_agree"] == 3  # the demo's two fields always agree
    assert review["crosstab"]["fields_agree"] == {"question;sign_agnostic": 1, "skip": 1, "unchanged": 17, "value": 1}
    kinds = sorted(f.kind for f in report.findings if f.kind.startswith("correction:"))
    assert kinds == ["correction:question;sign_agnostic", "correction:skip", "correction:value"]
    tables = [t.title for t in BENCHMARK.doctor_tables(report)]
    assert "corrections t-report: fixes by kind" in tables


@pytest.mark.shared_data
def test_the_test_split_gets_its_bundled_overlay_and_the_reference_passes_every_corrected_task():
    if not TEST_JSON.is_file():
        pytest.skip(f"FinQA test file not present at {TEST_JSON}")
    overlay = bundled_overlay("test")
    samples = BENCHMARK.load(str(TEST_JSON), BENCHMARK.parse_options({}))
    assert len(samples) == 1147 and {s.meta["corrections_version"] for s in samples} == {overlay.version}
    active = [s for s in samples if not s.skip_reason]
    assert len(samples) - len(active) == overlay.counts()["skip"]
    assert all(grade(s.data, reference_reply(s), "stop").passed for s in active)
    original = {s.id: s for s in BENCHMARK.load(str(TEST_JSON), BENCHMARK.parse_options({"corrections": "none"}))}
    human = [_record(s, human_answer_reply(s)) for s in samples]
    m = aggregate(human, {s.id: s for s in samples})
    plain = aggregate([_record(s, human_answer_reply(s)) for s in original.values()], original)
    assert m["corrections"] == {"version": overlay.version, **overlay.counts()}
    print(f"\nFinQA test with {overlay.version} ({overlay.counts()}): human-answer passes "
          f"{m['pass_rate']:.4f} of the corrected tasks, {m['original_pass_rate']:.4f} of the same tasks "
          f"as FinQA wrote them, {plain['pass_rate']:.4f} of all 1,147 original tasks")
    r = runner.invoke(app, ["audit", "reasoning", "--data", str(TEST_JSON), "--format", "json"])
    assert r.exit_code == 0
    audit = json.loads(r.output)
    assert audit["corrections"]["version"] == overlay.version
    assert load_corrections(overlay.source).corrections == overlay.corrections


#: seed 002's seven wrong references ("We fixed the reference answer in these tasks. The question stays."),
#: found in the test split by their questions (WestRock's question is in the split twice)
ARTICLE_WRONG_REFERENCES = {
    "AAPL/2006/page_100.pdf-1": "Apple, tax expense",
    "ETR/2016/page_23.pdf-3": "Entergy, net revenue without two effects",
    "WRK/2018/page_107.pdf-3": "WestRock, balance with interest and penalties",
    "SNA/2007/page_49.pdf-4": "Snap-on, change of the dividend",
    "ANET/2015/page_156.pdf-1": "Arista, a yes/no question",
    "LMT/2014/page_77.pdf-1": "Lockheed Martin, an average of three years",
    "UNP/2009/page_35.pdf-2": "Union Pacific, an improvement in the wrong direction",
}
#: its ambiguity patterns and its missing-data example, and the fixes it names for them
ARTICLE_PATTERNS = {
    "JPM/2010/page_273.pdf-2": ({"question"}, "one sum or one value per year"),
    "CDNS/2015/page_30.pdf-1": ({"question"}, "which date"),
    "VNO/2014/page_57.pdf-2": ({"question"}, "index points or percent"),
    "DRE/2008/page_46.pdf-4": ({"question", "sign_agnostic"}, "the sign of an improvement"),
    "AON/2015/page_96.pdf-3": ({"skip"}, "the U.K. share price is missing"),
}


@pytest.mark.shared_data
def test_the_articles_examples_are_handled_as_it_describes():
    """Once the review of the test split is complete (its shipped funnel says so), the seven wrong references
    carry a corrected value and keep their question, the ambiguity examples are made precise (or accept
    both signs), and the missing-data example is skipped; the counts are in the article's range."""
    if not TEST_JSON.is_file():
        pytest.skip(f"FinQA test file not present at {TEST_JSON}")
    overlay = bundled_overlay("test")
    funnel = json.loads((Path(overlay.source).parent / overlay.review / "funnel.json").read_text(encoding="utf-8"))
    ids = {s.id for s in BENCHMARK.load(str(TEST_JSON), BENCHMARK.parse_options({"corrections": "none"}))}
    assert set(ARTICLE_WRONG_REFERENCES) <= ids and set(ARTICLE_PATTERNS) <= ids
    if not funnel["complete"]:
        pytest.skip(f"the review of the test split is in progress (overlay {overlay.version}: "
                    f"{funnel['pending']} pending)")
    for task, name in ARTICLE_WRONG_REFERENCES.items():
        corr = overlay.corrections.get(task)
        assert corr is not None and corr.kinds == ["value"], f"{name} ({task}): {corr}"
    for task, (kinds, name) in ARTICLE_PATTERNS.items():
        corr = overlay.corrections.get(task)
        assert corr is not None and set(corr.kinds) & kinds, f"{name} ({task}): {corr}"
    counts = overlay.counts()
    # The article's ~130 wrong references are programs that compute something else; a reference stored as
    # percent points or in another unit is wrong only under the answer contract, which FinQA lacked (the
    # article's "Format of the answer"): the funnel counts the two apart.
    causes = funnel["overlay"]["value_fixes_by_cause"]
    assert sum(causes.values()) == counts["value"]
    assert 100 <= causes["computation"] + causes["yes_no"] <= 160 and causes["contract_scale"] <= 60
    assert 80 <= counts["question"] + counts["sign_agnostic"] <= 140
    assert 15 <= counts["skip"] <= 35
