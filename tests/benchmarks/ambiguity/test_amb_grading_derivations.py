"""Regression tests for the grader error classes an independent annotator found: operands of a derivation
taken as a second candidate, long comparison phrases, share-of phrasings, and a table's unit header.

All instances and answers are new and invented (fictional companies, EN and ZH). The paper's rule is kept:
an answer that states the other reading's value A_d is a hedge, also when A_d is an operand of a bridge.
"""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance


def _inst(iid: str, lang: str, answer: str, default: str, intended: dict[str, str],
          default_reading: dict[str, str]) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": iid, "language": lang, "company": "Pinecrest Tools Inc. (fictional)", "question": "?",
        "context": "-", "answer": answer, "default_answer": default, "intended_interpretation": intended,
        "default_interpretation": default_reading, "axes": ["metric_definition"], "n_axes": 1, "h0": 1.0,
    })


EBITDA = _inst("g-ebitda", "en", "$512.6 million", "$468.9 million",
               {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "adjusted EBITDA"},
               {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "EBITDA"})
CALENDAR = _inst("g-cal", "en", "$2,046.0 million", "$2,010.5 million",
                 {"entity": "Pinecrest consolidated", "period": "calendar year 2023", "metric": "revenue"},
                 {"entity": "Pinecrest consolidated", "period": "fiscal year 2023", "metric": "revenue"})
PARENT = _inst("g-parent", "en", "$88.2 million", "$100.7 million",
               {"entity": "attributable to Pinecrest shareholders", "period": "fiscal year 2022", "metric": "net income"},
               {"entity": "consolidated, including noncontrolling interests", "period": "fiscal year 2022",
                "metric": "net income"})
NET_BASIS = _inst("g-net", "en", "$1,204.3 million", "$1,377.0 million",
                  {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "revenue",
                   "basis": "net of pass-through charges"},
                  {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "revenue",
                   "basis": "gross, as reported"})
SEGMENT = _inst("g-seg", "en", "$96.7 million", "$210.4 million",
                {"entity": "Outdoor Power segment", "period": "fiscal year 2022", "metric": "adjusted operating income"},
                {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "operating income (GAAP)"})
TTM_ZH = _inst("g-ttm-zh", "zh", "58.40亿元", "55.10亿元",
               {"entity": "远川化工合并", "period": "截至2024年3月31日的过去12个月", "metric": "营业收入"},
               {"entity": "远川化工合并", "period": "2023年度", "metric": "营业收入"})
RECURRING_ZH = _inst("g-kf-zh", "zh", "3.46亿元", "4.02亿元",
                     {"entity": "归属于母公司股东", "period": "2023年度", "metric": "扣除非经常性损益后的净利润"},
                     {"entity": "归属于母公司股东", "period": "2023年度", "metric": "净利润"})
PARENT_ONLY_ZH = _inst("g-parent-zh", "zh", "21.35亿元", "120.50亿元",
                       {"entity": "母公司报表", "period": "2023年度", "metric": "营业收入"},
                       {"entity": "合并报表", "period": "2023年度", "metric": "营业收入"})
ASSETS_ZH = _inst("g-assets-zh", "zh", "52.36亿元", "54.90亿元",
                  {"entity": "青禾食品合并", "period": "2021年末", "metric": "总资产", "vintage": "更正后"},
                  {"entity": "青禾食品合并", "period": "2021年末", "metric": "总资产", "vintage": "更正前"})


def _correct(inst: AmbiguityInstance, answer: str) -> bool:
    return grade_answer(inst, answer).correct


# ----------------------------------------------------------------- 1. operands of a derivation
@pytest.mark.parametrize("inst,answer", [
    (EBITDA, "Adjusted EBITDA was $512.6 million, excluding $29.3 million of restructuring costs and $14.4 million "
             "of impairment charges."),
    (EBITDA, "Starting from net income of $150.0 million, I added back interest ($60.1M), taxes ($45.0M), D&A "
             "($213.8M) and one-off charges ($43.7M), giving adjusted EBITDA of $512.6 million."),
    (CALENDAR, "Adding the four calendar quarters ($498.2M + $503.7M + $515.4M + $528.7M) gives $2,046.0 million "
               "for calendar 2023."),
    (PARENT, "Net income attributable to Pinecrest shareholders was $88.2 million, after $12.5 million "
             "attributable to the joint-venture partner."),
    (NET_BASIS, "Revenue on a net basis was $1,204.3 million, net of $172.7 million of pass-through charges."),
    (SEGMENT, "| Line | $M |\n|---|---|\n| GAAP operating income (Outdoor Power) | 81.4 |\n| + Restructuring | 9.2 |\n"
              "| + Amortization | 6.1 |\n| **Adjusted operating income** | **96.7** |"),
    (TTM_ZH, "四个季度相加：13.9亿元 + 14.2亿元 + 14.8亿元 + 15.5亿元 = 58.40亿元"),
    (RECURRING_ZH, "扣非归母净利润为3.46亿元（扣除政府补助等非经常性损益0.56亿元后）"),
    (RECURRING_ZH, "3.46亿元（非经常性损益0.56亿元已被剔除）"),
])
def test_operands_of_the_derivation_are_not_candidates(inst, answer):
    grade = grade_answer(inst, answer)
    assert grade.correct and not grade.hedge, grade


@pytest.mark.parametrize("inst,answer", [
    # a bridge that states the other reading's value is a hedge (the paper's rule)
    (EBITDA, "$512.6M (EBITDA of $468.9M plus $43.7M of one-off charges)"),
    (TTM_ZH, "TTM营收58.40亿元（2023年度55.10亿元 + 2024年一季度14.60亿元 − 2023年一季度11.30亿元）"),
    (NET_BASIS, "$1,204.3 million ($1,377.0 million gross less $172.7 million of pass-through charges)"),
    # two values with no derivation between them
    (EBITDA, "Adjusted EBITDA was $512.6 million, or $498.0 million on the lenders' definition."),
    (CALENDAR, "Calendar 2023 revenue: $2,046.0M; the three quarters I found sum to $1,517.3M."),
])
def test_a_bridge_stating_the_other_reading_or_two_values_stays_a_hedge(inst, answer):
    grade = grade_answer(inst, answer)
    assert not grade.correct and grade.verdict_intended == "hedge", grade


def test_numbers_that_do_not_add_up_are_not_operands():
    # an operator is written, but no subset of the other figures gives the stated value
    grade = grade_answer(CALENDAR, "Q1 $498.2M + Q2 $503.7M; full calendar year $2,046.0 million.")
    assert grade.verdict_intended == "hedge"


# ----------------------------------------------------------------- 2. comparisons that name what is compared
@pytest.mark.parametrize("inst,answer", [
    (SEGMENT, "Adjusted operating income was $96.7 million, compared with the segment's GAAP operating income of "
              "$81.4 million."),
    (SEGMENT, "$96.7 million versus reported segment operating income of $81.4 million"),
    (RECURRING_ZH, "扣非净利润为3.46亿元，相比公认会计准则下的归母净利润3.90亿元有所减少"),
])
def test_long_comparison_phrases_are_context(inst, answer):
    assert _correct(inst, answer)


# ----------------------------------------------------------------- 3. share-of phrasings
@pytest.mark.parametrize("inst,answer", [
    (SEGMENT, "About $96.7 million, roughly 8% of the group's total revenue of $1.2 billion."),
    (PARENT_ONLY_ZH, "母公司口径营业收入21.35亿元，占集团营业收入（260.3亿元）的8.2%。"),
    (PARENT_ONLY_ZH, "21.35亿元，占营业收入总额260.3亿元的8.2%"),
])
def test_the_whole_of_a_share_is_context(inst, answer):
    assert _correct(inst, answer)


# ----------------------------------------------------------------- 4. a scale given in a table header
@pytest.mark.parametrize("inst,answer", [
    (SEGMENT, "| Segment | FY2022 |\n|---|---|\n| Outdoor Power adjusted operating income (US$ millions) | 96.7 |"),
    (SEGMENT, "| Measure | $M |\n|---|---|\n| Outdoor Power adjusted operating income | 96.7 |"),
    (ASSETS_ZH, "| 项目 | 金额（亿元） |\n|---|---|\n| 总资产（更正后） | 52.36 |"),
    (ASSETS_ZH, "单位：亿元\n\n| 项目 | 2021年末 |\n|---|---|\n| 总资产（更正后） | 52.36 |"),
])
def test_a_table_header_scale_applies(inst, answer):
    assert _correct(inst, answer)


def test_a_bare_table_figure_without_a_unit_is_still_not_the_amount():
    assert not _correct(SEGMENT, "| Segment | FY2022 |\n|---|---|\n| Outdoor Power adjusted operating income | 96.7 |")
