"""Regression tests for the grader rule classes a second independent annotator found (fresh set): a share
restated as an amount, a breakdown in parentheses, a figure labelled as another metric, the inputs of a
per-share calculation, and a fiscal-year name that conflicts with the reading's.

All instances and answers are new and invented (fictional companies, EN and ZH). The paper's rule is kept:
an answer that states the other reading's value A_d is a hedge, however it is labelled.
"""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance


def _inst(iid: str, lang: str, answer: str, default: str, intended: dict[str, str],
          default_reading: dict[str, str]) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": iid, "language": lang, "company": "Juniper Vale Co. (fictional)", "question": "?",
        "context": "-", "answer": answer, "default_answer": default, "intended_interpretation": intended,
        "default_interpretation": default_reading, "axes": ["entity_scope"], "n_axes": 1, "h0": 1.0,
    })


SEGMENT = _inst("gl-seg", "en", "$96.7 million", "$358.1 million",
                {"entity": "Coastal segment", "period": "fiscal year 2023", "metric": "operating income"},
                {"entity": "Juniper Vale consolidated", "period": "fiscal year 2023", "metric": "operating income"})
SEGMENT_ZH = _inst("gl-seg-zh", "zh", "9.67亿元", "35.81亿元",
                   {"entity": "沿海分部", "period": "2023年度", "metric": "营业利润"},
                   {"entity": "合并报表", "period": "2023年度", "metric": "营业利润"})
ANNUAL = _inst("gl-annual", "en", "$1,118.5 million", "$284.9 million",
               {"entity": "Juniper Vale consolidated", "period": "fiscal year 2023", "metric": "revenue"},
               {"entity": "Juniper Vale consolidated", "period": "fourth quarter of fiscal 2023", "metric": "revenue"})
HALF_ZH = _inst("gl-half-zh", "zh", "8.46亿元", "16.90亿元",
                {"entity": "合并报表", "period": "2024年上半年", "metric": "营业收入"},
                {"entity": "合并报表", "period": "2023年度", "metric": "营业收入"})
RECURRING = _inst("gl-kf", "en", "$143.8 million", "$166.7 million",
                  {"entity": "attributable to shareholders", "period": "fiscal year 2023",
                   "metric": "net income excluding non-recurring items"},
                  {"entity": "attributable to shareholders", "period": "fiscal year 2023", "metric": "net income"})
RECURRING_ZH = _inst("gl-kf-zh", "zh", "3.46亿元", "4.02亿元",
                     {"entity": "归属于母公司股东", "period": "2023年度", "metric": "扣除非经常性损益后的净利润"},
                     {"entity": "归属于母公司股东", "period": "2023年度", "metric": "净利润"})
EPS = _inst("gl-eps", "en", "$1.87", "$2.05",
            {"entity": "Juniper Vale consolidated", "period": "fiscal year 2023", "metric": "diluted EPS"},
            {"entity": "Juniper Vale consolidated", "period": "fiscal year 2023", "metric": "basic EPS"})
EPS_ZH = _inst("gl-eps-zh", "zh", "0.87元", "0.95元",
               {"entity": "归属于母公司股东", "period": "2023年度", "metric": "稀释每股收益"},
               {"entity": "归属于母公司股东", "period": "2023年度", "metric": "基本每股收益"})
NINE_MONTHS = _inst("gl-9m", "en", "$1,402.6 million", "$1,811.0 million",
                    {"entity": "Juniper Vale consolidated",
                     "period": "nine months ended December 31, 2024 (first three quarters of fiscal 2025)",
                     "metric": "net sales"},
                    {"entity": "Juniper Vale consolidated", "period": "fiscal year 2024 (ended March 31, 2024)",
                     "metric": "net sales"})
HALF_FY_ZH = _inst("gl-hfy-zh", "zh", "18.46亿元", "35.20亿元",
                   {"entity": "合并报表", "period": "截至2024年9月30日止六个月（2025财年上半年）", "metric": "营业收入"},
                   {"entity": "合并报表", "period": "截至2024年3月31日止年度（2024财年）", "metric": "营业收入"})
RETAIL = _inst("gl-retail", "en", "$8,912.4 million", "$8,455.0 million",
               {"entity": "Juniper Vale consolidated", "period": "fiscal year 2023 (ended February 3, 2024)",
                "metric": "net sales"},
               {"entity": "Juniper Vale consolidated", "period": "fiscal year 2022 (ended January 28, 2023)",
                "metric": "net sales"})


def _grade(inst: AmbiguityInstance, answer: str) -> tuple[bool, bool, str]:
    g = grade_answer(inst, answer)
    return g.correct, g.default_captured, g.verdict_intended


@pytest.mark.parametrize("inst,answer,correct", [
    # a share restated as an amount: the amount is the value, not the share's whole
    (SEGMENT, "The Coastal segment contributed about 27% of group operating income, or $96.7 million.", True),
    (SEGMENT, "Coastal accounted for roughly 27% of operating income, i.e. $96.7 million.", True),
    (SEGMENT_ZH, "沿海分部约占集团营业利润的27%，即9.67亿元。", True),
    (SEGMENT, "Coastal contributed about 27% of group operating income, or $91.2 million.", False),
])
def test_share_restated_as_an_amount(inst, answer, correct):
    assert _grade(inst, answer)[0] is correct


@pytest.mark.parametrize("inst,answer,correct", [
    # parts in parentheses that sum to the value are its operands
    (ANNUAL, "Fiscal 2023 revenue: $1,118.5M ($262.0M in Q1, $281.4M in Q2, $290.2M in Q3 and $284.9M in Q4).", False),
    (ANNUAL, "Fiscal 2023 revenue was $1,118.5M ($262.0M in the first half and $856.5M in the second half).", True),
    (HALF_ZH, "2024年上半年营业收入8.46亿元（一季度4.02亿元，二季度4.44亿元）。", True),
    # parts that do not sum to the value are two more answers: a hedge
    (ANNUAL, "Fiscal 2023 revenue was $1,118.5M ($262.0M in the first half and $800.0M in the second half).", False),
    (HALF_ZH, "2024年上半年营业收入8.46亿元（一季度4.02亿元，二季度4.90亿元）。", False),
])
def test_parenthesised_breakdown(inst, answer, correct):
    assert _grade(inst, answer)[0] is correct


def test_breakdown_that_states_the_default_value_stays_a_hedge():
    # the Q4 part is A_d (the default reading's value): both readings' values are stated
    g = grade_answer(ANNUAL, "Fiscal 2023 revenue: $1,118.5M ($262.0M in Q1, $281.4M in Q2, $290.2M in Q3 and "
                             "$284.9M in Q4).")
    assert g.verdict_intended == "hedge" and g.hedge_both_readings and not g.correct


@pytest.mark.parametrize("inst,answer,correct", [
    # a figure labelled as another metric is context
    (RECURRING, "Net income excluding non-recurring items was $143.8 million; the non-recurring items totalled "
                "$22.9 million.", True),
    (RECURRING_ZH, "扣非后归母净利润3.46亿元，当年非经常性损益合计0.56亿元。", True),
    (RECURRING_ZH, "扣除非经常性损益后的净利润为3.46亿元，另有政府补助0.31亿元。", True),
    (SEGMENT, "Coastal segment operating income was $96.7 million; its revenue was $512.0 million.", True),
    # the same shapes with the wrong value stay wrong
    (RECURRING_ZH, "扣非后归母净利润3.12亿元，当年非经常性损益合计0.56亿元。", False),
    # two values under the metric asked for are still a hedge
    (RECURRING_ZH, "扣非后归母净利润3.46亿元，也有口径为3.60亿元。", False),
])
def test_figure_labelled_as_another_metric(inst, answer, correct):
    assert _grade(inst, answer)[0] is correct


@pytest.mark.parametrize("inst,answer", [
    (RECURRING_ZH, "扣非后归母净利润3.46亿元，归母净利润4.02亿元。"),
    (RECURRING, "Net income excluding non-recurring items was $143.8 million (reported net income: $166.7 million)."),
])
def test_other_reading_value_under_its_own_label_is_a_hedge(inst, answer):
    g = grade_answer(inst, answer)
    assert g.hedge_both_readings and not g.correct and not g.default_captured


@pytest.mark.parametrize("inst,answer,correct", [
    # the inputs of a per-share calculation are operands
    (EPS, "$1.87 (net income of $143.8 million divided by 76.9 million diluted shares)", True),
    (EPS, "Diluted EPS was $1.87 ($143.8M / 76.9M diluted shares).", True),
    (EPS_ZH, "稀释每股收益0.87元（归母净利润3.46亿元除以3.98亿股）", True),
    (EPS, "$1.95 (net income of $143.8 million divided by 76.9 million diluted shares)", False),
])
def test_inputs_of_a_per_share_calculation(inst, answer, correct):
    assert _grade(inst, answer)[0] is correct


@pytest.mark.parametrize("inst,answer,correct,flag", [
    # a fiscal-year name other than the reading's conflicts, even where the calendar years overlap
    (NINE_MONTHS, "$1,402.6 million for fiscal 2024", True, True),
    (NINE_MONTHS, "About $1.40 billion (fiscal 2024)", False, False),
    (NINE_MONTHS, "$1,402.6 million for the first nine months of fiscal 2025", True, False),
    (NINE_MONTHS, "Net sales were $1,402.6 million through December 31, 2024.", True, False),
    (NINE_MONTHS, "Net sales for April–December 2024 were $1,402.6 million.", True, False),
    (HALF_FY_ZH, "2024财年营业收入18.46亿元", True, True),
    (HALF_FY_ZH, "2025财年上半年营业收入18.46亿元", True, False),
    # a year ended early in the calendar year may be named by either calendar year
    (RETAIL, "Fiscal 2024 net sales were $8,912.4 million.", True, False),
    (RETAIL, "Fiscal 2023 net sales were $8,912.4 million.", True, False),
])
def test_fiscal_year_name_conflict(inst, answer, correct, flag):
    g = grade_answer(inst, answer)
    assert (g.correct, g.year_label_conflict) == (correct, flag), g
