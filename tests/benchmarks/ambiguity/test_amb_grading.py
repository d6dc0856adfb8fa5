"""Grading rules of issue 7, on fictional instances with invented figures."""

from __future__ import annotations

from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.metrics import InstanceFacts, hedge_count, year_label_conflict_count


def _inst(answer: str, default: str, intended: dict, default_interp: dict) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": "g", "language": "en", "company": "Pinecrest Foods Inc. (fictional)",
        "question": "q?", "context": "c", "answer": answer, "default_answer": default,
        "intended_interpretation": intended, "default_interpretation": default_interp,
        "axes": ["metric_definition"], "n_axes": 1, "h0": 1.0})


GROWTH = _inst("12.0%", "7.4%", {"period": "fiscal year 2023", "metric": "organic revenue growth"},
               {"period": "fiscal year 2023", "metric": "reported revenue growth"})
RETAIL = _inst("$8,912.7 million", "$2,745.3 million",
               {"period": "fiscal 2023 (fiscal year ended February 3, 2024)", "metric": "net sales"},
               {"period": "fourth quarter of fiscal 2023", "metric": "net sales"})
YEARS = _inst("$412.35 million", "$398.70 million", {"period": "fiscal year 2023", "metric": "net income"},
              {"period": "fiscal year 2022", "metric": "net income"})


def test_rate_reference_with_amounts_as_context():
    g = grade_answer(GROWTH, "Revenue grew about 12% organically (from $41.3B to $46.2B).")
    assert g.correct and not g.hedge
    assert grade_answer(GROWTH, "Reported revenue rose 7.4% to $46.2B.").default_captured
    both = grade_answer(GROWTH, "Organic growth was 12.0%; reported growth was 7.4%.")
    assert both.hedge and not both.correct and not both.default_captured


def test_fiscal_year_named_by_its_start_is_not_a_mismatch():
    assert grade_answer(RETAIL, "Fiscal 2023 net sales were $8.91 billion.").correct
    assert grade_answer(RETAIL, "For the fiscal year ended February 3, 2024, net sales were $8,912.7M.").correct
    assert grade_answer(RETAIL, "Fiscal 2022 net sales were $8.91 billion.").verdict_intended == "year_mismatch"


def test_year_label_conflict_is_flagged():
    g = grade_answer(YEARS, "Net income for fiscal 2022 was **$412.35 million**.")
    assert g.correct and g.year_label_conflict
    g = grade_answer(YEARS, "Net income for fiscal 2022 was about $412.4 million.")
    assert not g.correct and g.verdict_intended == "year_mismatch" and not g.year_label_conflict
    assert not grade_answer(YEARS, "Net income was $412.35 million in fiscal 2023.").year_label_conflict


def test_both_readings_labelled_are_a_hedge_and_counted():
    g = grade_answer(YEARS, "FY2023: $412.35 million; FY2022: $398.70 million.")
    assert g.hedge and g.hedge_both_readings and not g.correct and not g.default_captured
    assert g.verdict_intended == g.verdict_default == "hedge"
    ok = grade_answer(YEARS, "$412.35 million in fiscal 2023, up from $398.70 million a year earlier.")
    assert ok.correct and not ok.hedge  # a comparison figure is context, not a second answer
    facts = [InstanceFacts(id="a", status="scored", hedge=True), InstanceFacts(id="b", status="scored"),
             InstanceFacts(id="c", status="scored", year_label_conflict=True)]
    assert hedge_count(facts) == 1 and year_label_conflict_count(facts) == 1
