"""Regression tests for the grader error classes a third independent annotator found: a month range
("（10–12月）", "4至6月") read as candidate values, and a figure labelled as a part of revenue ("广告收入",
"licensing revenue") beside the total the reading asks for read as a second candidate.

All instances and answers are new and invented (fictional companies, EN and ZH). The paper's rule is kept: an
answer that states the other reading's value A_d is a hedge, whatever its label.
"""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.core.numbers import classify_numbers


def _inst(iid: str, lang: str, answer: str, default: str, intended: dict[str, str],
          default_reading: dict[str, str]) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": iid, "language": lang, "company": "Maplestone Retail Inc. (fictional)", "question": "?",
        "context": "-", "answer": answer, "default_answer": default, "intended_interpretation": intended,
        "default_interpretation": default_reading, "axes": ["temporal_scope"], "n_axes": 1, "h0": 1.0,
    })


Q4_ZH = _inst("g3-q4-zh", "zh", "2.84亿元", "9.73亿元",
              {"entity": "归属于母公司股东", "period": "2023年第四季度（10–12月单季）", "metric": "净利润"},
              {"entity": "合并报表", "period": "2023年度", "metric": "净利润"})
NET_ZH = _inst("g3-net-zh", "zh", "5,318.7万元", "1.46亿元",
               {"entity": "汇川旅游合并", "period": "2023年度", "metric": "营业收入", "basis": "票务代销按净额法"},
               {"entity": "汇川旅游合并", "period": "2023年度", "metric": "营业收入", "basis": "票务代销按总额法"})
NET_EN = _inst("g3-net-en", "en", "$612.4 million", "$1,045.9 million",
               {"entity": "Maplestone consolidated", "period": "fiscal year 2023", "metric": "revenue",
                "basis": "marketplace sales on a net (agent) basis"},
               {"entity": "Maplestone consolidated", "period": "fiscal year 2023", "metric": "revenue",
                "basis": "marketplace sales on a gross basis"})


@pytest.mark.parametrize("answer", [
    "第四季度单季归母净利润约2.84亿元（10–12月）。",
    "2023年10-12月归母净利润为2.84亿元",
    "归母净利润2.84亿元（10月至12月）",
    "2.84亿元（4至6月的数据不在此列）",
])
def test_month_range_is_not_a_candidate(answer: str) -> None:
    g = grade_answer(Q4_ZH, answer)
    assert g.correct, g.reason_intended


def test_month_range_parts_are_labels() -> None:
    roles = {c.number.raw: c.role for c in classify_numbers("净利润2.84亿元（10–12月）")}
    assert roles["2.84亿元"] == "candidate"
    assert all(role == "label" for raw, role in roles.items() if raw != "2.84亿元")
    # a duration is not a month range
    assert any(c.role != "label" for c in classify_numbers("3-5个月内交付") if c.number.raw.startswith("3"))


def test_month_range_beside_the_other_readings_value_is_still_a_hedge() -> None:
    g = grade_answer(Q4_ZH, "单季（10–12月）为2.84亿元，全年9.73亿元")
    assert g.hedge and not g.correct


@pytest.mark.parametrize("answer", [
    "票务代销佣金收入为812.6万元，公司营业收入合计5,318.7万元。",
    "营业收入5,318.7万元，其中广告收入为406.0万元。",
    "其他业务收入为120.0万元；按净额法计算的营业收入为5,318.7万元。",
])
def test_part_of_revenue_beside_the_total_zh(answer: str) -> None:
    g = grade_answer(NET_ZH, answer)
    assert g.correct, g.reason_intended


@pytest.mark.parametrize("answer", [
    "Advertising revenue was $88.3 million; total revenue on a net basis was $612.4 million.",
    "Revenue was $612.4 million, of which licensing revenue was $41.0 million.",
])
def test_part_of_revenue_beside_the_total_en(answer: str) -> None:
    g = grade_answer(NET_EN, answer)
    assert g.correct, g.reason_intended


def test_part_of_revenue_rule_keeps_hedges_and_plain_second_values() -> None:
    # the other reading's value under any label is still a hedge
    assert grade_answer(NET_ZH, "佣金收入1.46亿元，营业收入5,318.7万元").hedge
    # an unlabelled second revenue figure, or one labelled by a basis or period, is still a second candidate
    assert not grade_answer(NET_ZH, "营业收入5,318.7万元，或者5,600.0万元").correct
    assert not grade_answer(NET_ZH, "净额法收入5,318.7万元，全年收入5,600.0万元").correct
    assert not grade_answer(NET_EN, "Net revenue was $612.4 million; quarterly revenue was $160.2 million.").correct
    # a part the reading itself names is not another figure
    assert not grade_answer(NET_EN, "Marketplace revenue was $98.1 million; revenue was $612.4 million.").correct


def test_part_of_revenue_rule_needs_a_whole_revenue_reading() -> None:
    """A reading that wants a part ("product revenue") keeps the old rule: other revenue figures are candidates."""
    product = _inst("g3-prod", "en", "$74.2 million", "$90.5 million",
                    {"entity": "Maplestone consolidated", "period": "fiscal year 2023", "metric": "product revenue"},
                    {"entity": "Maplestone consolidated", "period": "fiscal year 2023", "metric": "total revenue"})
    assert not grade_answer(product, "Product revenue was $74.2 million and service revenue $16.3 million.").correct
