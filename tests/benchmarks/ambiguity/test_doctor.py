"""The ambiguity doctor: each defect kind found on an EN and a ZH fixture, and clean twins left alone."""

from __future__ import annotations

import copy
import json
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.doctor import (
    FINDING_KINDS,
    Finding,
    doctor_file,
    doctor_instances,
    parse_period,
    period_end,
    value_in_text,
)
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances


def en_record() -> dict:
    """A clean EN instance (fictional company, invented figures)."""
    return {
        "instance_id": "en-1", "passage_id": "p-en-1", "language": "en", "source": "test (fictional)",
        "ticker": "ACME-T", "company": "Acme Widgets Inc. (fictional)", "filing_type": "10-K",
        "filing_date": "2024-02-28",
        "question": "What was Acme Widgets' operating income in fiscal 2023?",
        "context": "I manage the industrial products business and need my own segment's profit.",
        "answer": "$46.75B", "default_answer": "$62.87B",
        "intended_evidence_span": "Industrial Products segment operating income was $46.75 billion",
        "default_evidence_span": "Consolidated operating income was $62,870 million",
        "intended_interpretation": {"entity": "Industrial Products segment", "period": "fiscal year 2023",
                                    "metric": "operating income", "basis": "GAAP"},
        "default_interpretation": {"entity": "Acme Widgets consolidated", "period": "fiscal year 2023",
                                   "metric": "operating income", "basis": "GAAP"},
        "axes": ["entity_scope"], "n_axes": 1, "h0": 1.585, "qc": {"k_readings": 3},
    }


def zh_record() -> dict:
    """A clean ZH instance (fictional company, invented figures)."""
    return {
        "instance_id": "zh-1", "passage_id": "p-zh-1", "language": "zh", "source": "test (fictional)",
        "ticker": "600000-T", "company": "青岚精密股份有限公司（虚构）", "filing_type": "年度报告",
        "filing_date": "2024-04-26",
        "question": "青岚精密2023年的营业收入是多少？",
        "context": "我只想看最后一个季度的经营情况。",
        "answer": "9.87亿元", "default_answer": "35.62亿元",
        "intended_evidence_span": "第四季度营业收入为987,000,000元",
        "default_evidence_span": "2023年度营业收入为35.62亿元",
        "intended_interpretation": {"entity": "青岚精密合并", "period": "2023年第四季度", "metric": "营业收入"},
        "default_interpretation": {"entity": "青岚精密合并", "period": "2023年度", "metric": "营业收入"},
        "axes": ["temporal_scope"], "n_axes": 1, "h0": 1.0,
    }


def kinds(findings: list[Finding], iid: str | None = None) -> list[str]:
    return [f.kind for f in findings if iid is None or f.id == iid]


@pytest.mark.parametrize("make", [en_record, zh_record])
def test_clean_records_have_no_findings(make):
    rec = make()
    assert doctor_instances([rec]) == []
    # loaded instances are examined the same way as raw records
    assert doctor_instances([AmbiguityInstance.model_validate(rec)]) == []


def test_finding_has_exactly_the_three_fields():
    assert set(Finding.model_fields) == {"id", "kind", "detail"}
    assert set(FINDING_KINDS) >= {"period_after_filing", "answers_equal", "answer_not_in_span", "duplicate_question",
                                  "unknown_category", "h0_inconsistent", "span_names_other_period"}


# --------------------------------------------------------------------------- period vs filing date
def test_fiscal_year_not_over_when_filed_en():
    rec = en_record()
    rec["filing_date"] = "2024-04-12"
    for reading in ("intended", "default"):
        rec[f"{reading}_interpretation"]["period"] = "fiscal year 2024"
    found = doctor_instances([rec])
    assert kinds(found) == ["period_after_filing"]
    assert "2024-04-12" in found[0].detail and "fiscal 2024" in found[0].detail and found[0].id == "en-1"


def test_fiscal_year_named_by_start_year_is_fine():
    # fiscal 2023 of a retailer ended February 3, 2024: a 10-K dated April 2024 can hold it
    rec = en_record()
    rec["filing_date"] = "2024-04-12"
    for reading in ("intended", "default"):
        rec[f"{reading}_interpretation"]["period"] = "fiscal 2023 (ended February 3, 2024)"
    assert doctor_instances([rec]) == []
    # and with an unstated end: fiscal 2023 in April 2024 is fine too
    for reading in ("intended", "default"):
        rec[f"{reading}_interpretation"]["period"] = "fiscal year 2023"
    assert doctor_instances([rec]) == []


def test_stated_year_end_wins_over_the_convention():
    rec = en_record()
    rec["filing_date"] = "2024-03-15"
    for reading in ("intended", "default"):
        rec[f"{reading}_interpretation"]["period"] = "fiscal 2024 (year ended January 28, 2024)"
    assert doctor_instances([rec]) == []
    rec["filing_date"] = "2024-01-10"
    assert kinds(doctor_instances([rec])) == ["period_after_filing"]


def test_calendar_period_after_filing_en():
    rec = en_record()
    rec["filing_date"] = "2023-08-24"
    rec["intended_interpretation"]["period"] = "calendar year 2023"
    rec["default_interpretation"]["period"] = "fiscal year 2023 (ended June 30, 2023)"
    found = doctor_instances([rec])
    assert kinds(found) == ["period_after_filing"] and "intended period" in found[0].detail
    assert "default period" not in found[0].detail


def test_annual_results_in_a_filing_before_year_end_zh():
    rec = zh_record()
    rec["filing_date"] = "2023-10-28"  # a Q3 report cannot hold 2023 annual figures
    rec["intended_interpretation"]["period"] = "2023年第三季度"
    found = doctor_instances([rec])
    assert kinds(found) == ["period_after_filing"] and "default period '2023年度'" in found[0].detail
    rec["default_interpretation"]["period"] = "2023年前三季度"
    rec["default_evidence_span"] = "2023年前三季度营业收入为35.62亿元"
    rec["intended_evidence_span"] = "第三季度营业收入为987,000,000元"
    assert doctor_instances([rec]) == []


def test_zh_year_end_balance_and_quarter():
    assert period_end(parse_period("2022年末"), "zh")[0] == date(2022, 12, 31)
    assert period_end(parse_period("2023年第二季度"), "zh")[0] == date(2023, 6, 30)
    # an English quarter of unknown fiscal calendar is not judged
    assert period_end(parse_period("fourth quarter of 2023"), "en") is None
    assert period_end(parse_period("calendar fourth quarter of 2023"), "en")[0] == date(2023, 12, 31)


# --------------------------------------------------------------------------- answers
@pytest.mark.parametrize("make,answer,default", [(en_record, "$46.75B", "$46,750 million"),
                                                  (zh_record, "9.87亿元", "987,000,000元")])
def test_answers_equal(make, answer, default):
    rec = make()
    rec["answer"], rec["default_answer"] = answer, default
    assert "answers_equal" in kinds(doctor_instances([rec]))


@pytest.mark.parametrize("make,key,value",
                         [(en_record, "answer", "$46.3B"), (zh_record, "default_answer", "36.62亿元")])
def test_answer_not_in_span(make, key, value):
    rec = make()
    rec[key] = value
    found = doctor_instances([rec])
    assert kinds(found) == ["answer_not_in_span"]
    assert repr(value) in found[0].detail


def test_answer_in_span_is_magnitude_aware():
    assert value_in_text("$46.75B", "operating income was $46.75 billion")
    assert value_in_text("$46.75B", "operating income was $46,751 million")
    assert not value_in_text("$46.75B", "operating income was $46.75 million")
    assert value_in_text("3.21亿元", "归属于上市公司股东的净利润321,456,789.12元")
    assert not value_in_text("3.21亿元", "净利润3.21万元")
    assert value_in_text("-$61.2 million", "an operating loss of $(61.2) million")
    assert not value_in_text("18.6%", "revenue of 18.6 million")


@pytest.mark.parametrize("make", [en_record, zh_record])
def test_missing_span_is_reported(make):
    rec = make()
    rec["default_evidence_span"] = ""
    found = doctor_instances([rec])
    assert kinds(found) == ["answer_not_in_span"] and "missing" in found[0].detail


# --------------------------------------------------------------------------- duplicates
@pytest.mark.parametrize("make", [en_record, zh_record])
def test_duplicate_question_with_different_answer(make):
    a, b, c = make(), make(), make()
    b["instance_id"], c["instance_id"] = "dup-b", "dup-c"
    b["question"] = "  " + b["question"].upper().rstrip("?？") + " "  # same question, written differently
    b["answer"] = b["default_answer"]
    b["intended_evidence_span"], b["default_evidence_span"] = a["default_evidence_span"], a["intended_evidence_span"]
    b["default_answer"] = a["answer"]
    found = doctor_instances([a, b, c])
    dup = [f for f in found if f.kind == "duplicate_question"]
    assert sorted(f.id for f in dup) == sorted([a["instance_id"], "dup-b", "dup-c"])
    # c has the same answer as a: it is flagged only against b
    detail_c = next(f.detail for f in dup if f.id == "dup-c")
    assert "dup-b" in detail_c and a["instance_id"] not in detail_c


def test_duplicate_question_with_same_answer_is_not_a_defect():
    a, b = en_record(), en_record()
    b["instance_id"] = "en-2"
    assert "duplicate_question" not in kinds(doctor_instances([a, b]))


# --------------------------------------------------------------------------- categories and h0
@pytest.mark.parametrize("make,labels", [(en_record, ["entity_scope", "liquidity"]), (zh_record, ["口径"]),
                                         (en_record, [])])
def test_unknown_category(make, labels):
    rec = make()
    rec["axes"] = labels
    found = doctor_instances([rec])
    assert kinds(found) == ["unknown_category"]
    for label in labels:
        if label != "entity_scope":
            assert repr(label) in found[0].detail


def test_category_aliases_are_not_defects():
    rec = en_record()
    rec.pop("axes")
    rec["axes_exercised"] = ["Entity Scope", "period"]
    assert doctor_instances([rec]) == []


@pytest.mark.parametrize("make,h0,qc", [(en_record, 1.0, {"k_readings": 3}), (zh_record, 1.3, {}),
                                        (zh_record, 0.0, {}), (en_record, 1.585, {"k_readings": 1})])
def test_h0_inconsistent(make, h0, qc):
    rec = make()
    rec["h0"], rec["qc"] = h0, qc
    assert kinds(doctor_instances([rec])) == ["h0_inconsistent"]


def test_h0_consistent_with_rounding():
    rec = zh_record()
    rec["h0"], rec["qc"] = 2.0, {"k": 4}
    assert doctor_instances([rec]) == []
    rec["h0"], rec["qc"] = 1.58, {}
    assert doctor_instances([rec]) == []


# --------------------------------------------------------------------------- spans naming the other period
def test_span_names_other_period_zh():
    rec = zh_record()
    rec["intended_evidence_span"] = "2023年度第四季度营业收入为9.87亿元，全年营业收入为35.62亿元"
    found = doctor_instances([rec])
    assert kinds(found) == ["span_names_other_period"]
    assert "intended_evidence_span" in found[0].detail


def test_span_names_other_year_en():
    rec = en_record()
    rec["axes"] = ["temporal_scope"]
    rec["intended_interpretation"]["entity"] = rec["default_interpretation"]["entity"]
    rec["intended_interpretation"]["period"] = "fiscal year 2023"
    rec["default_interpretation"]["period"] = "fiscal year 2022"
    rec["intended_evidence_span"] = "Operating income was $46.75 billion in fiscal 2023"
    rec["default_evidence_span"] = "Operating income was $62.87 billion in fiscal 2022"
    assert doctor_instances([rec]) == []
    rec["default_evidence_span"] = "Operating income was $62.87 billion in fiscal 2023"
    found = doctor_instances([rec])
    assert kinds(found) == ["span_names_other_period"] and "year 2023" in found[0].detail


def test_span_names_calendar_vs_fiscal_en():
    rec = en_record()
    rec["filing_date"] = "2024-08-24"
    rec["intended_interpretation"]["period"] = "calendar year 2023"
    rec["default_interpretation"]["period"] = "fiscal year 2023 (ended June 30, 2023)"
    rec["intended_evidence_span"] = "Revenue for fiscal 2023 was $46.75 billion"
    found = doctor_instances([rec])
    assert "span_names_other_period" in kinds(found)


# --------------------------------------------------------------------------- files
def test_doctor_file_reads_records_the_loader_refuses(tmp_path):
    good, bad = en_record(), zh_record()
    bad["axes"] = ["liquidity"]  # the loader raises on this; the doctor reports it
    path = tmp_path / "release.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in (good, bad, [1, 2])) + "\n", encoding="utf-8")
    found = doctor_file(path)
    assert [(f.id, f.kind) for f in found] == [("zh-1", "unknown_category"), ("record 3", "invalid_record")]


def test_bundled_demo_set_is_clean():
    # the doctor found amb-demo-011 asking for calendar 2023 from a 10-K filed in August 2023; its filing is
    # now the FY2024 10-K (filed August 2024), which can hold calendar-2023 figures
    assert doctor_instances(load_instances(demo_instances_path())) == []


def test_many_records_in_order():
    recs = []
    for i in range(5):
        rec = copy.deepcopy(en_record() if i % 2 else zh_record())
        rec["instance_id"] = f"x-{i}"
        rec["question"] += f" ({i})"
        recs.append(rec)
    recs[3]["h0"] = 0.5
    assert [(f.id, f.kind) for f in doctor_instances(recs)] == [("x-3", "h0_inconsistent")]


@given(st.text(max_size=80))
def test_parse_period_never_raises(text):
    label = parse_period(text)
    assert label.kind in (None, "annual", "quarter", "half", "ytd", "ttm", "instant")
    period_end(label, "en")
    period_end(label, "zh")


@pytest.mark.parametrize("span,flagged", [
    ("Fourth-quarter revenue of fiscal 2023 was $96.7 million", False),
    ("Fourth-quarter revenue was $96.7 million; full-year revenue was $352.0 million", True),
    ("Revenue for the year ended December 31, 2023 was $96.7 million", True),
])
def test_quarter_span_and_the_year_it_belongs_to_en(span, flagged):
    rec = en_record()
    rec["axes"] = ["temporal_scope"]
    rec["answer"], rec["default_answer"] = "$96.7 million", "$352.0 million"
    rec["intended_interpretation"].update(entity="Acme Widgets consolidated", period="fourth quarter of fiscal 2023")
    rec["default_interpretation"]["period"] = "fiscal year 2023"
    rec["intended_evidence_span"], rec["default_evidence_span"] = span, "Full-year revenue was $352.0 million"
    assert ("span_names_other_period" in kinds(doctor_instances([rec]))) is flagged
