"""Regression tests for the simulator rule classes real model questions showed (issue 23): the user's metric named
by the reading's basis or by C, a period stated as years only, several years taken together, forecasts, requests
for data or for the user to name something, what a question sets aside, 非 as a negation, choices whose every
alternative is contradicted, "a specific year", the listed company and its unlisted group, the parent company's
own statements, monthly and custom periods, a fiscal year ending in January, offers to look something up.

Every instance and question here is invented (fictional companies, EN and ZH), written in the shapes the real
questions take; none is taken from a labelled set. Labels follow the label rule of the real sets: the reply a
user who knows only C and the intended interpretation gives.
"""

from __future__ import annotations

import pytest
from amb_eval_support import fictional_instance as _inst

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

EBITDA = _inst(
    "r23-ebitda-en", "en", "Tarnwick Instruments Inc. (fictional)",
    "Interpret \u201cearnings\u201d as EBITDA (earnings before interest, income taxes, depreciation, and amortization) "
    "on a consolidated basis, measured as year-over-year growth for the latest annual period compared with the prior year.",
    {"entity": "Tarnwick Instruments (consolidated)", "period": "Year-over-year 2023 vs. 2022",
     "metric": "Earnings growth rate", "basis": "EBITDA"},
    {"entity": "Tarnwick Instruments (consolidated)", "period": "Year-over-year 2023 vs. 2022",
     "metric": "Earnings growth rate", "basis": "GAAP net income"},
    ["Metric: EBITDA growth vs. net income growth"], ["metric_definition"],
    question="What was Tarnwick Instruments Inc.'s earnings growth rate?", ticker="TRNW")
OPINC = _inst(
    "r23-opinc-en", "en", "Harbel Logistics Corp. (fictional)",
    "Interpret \u201cprofit\u201d as the year-over-year growth percentage for income from operations on a GAAP basis, "
    "comparing the 2024 figure to 2023.",
    {"entity": "Harbel Logistics Corp.", "period": "2024 vs 2023 annual comparison", "metric": "profit growth rate",
     "basis": "GAAP income from operations year-over-year growth"},
    {"entity": "Harbel Logistics Corp.", "period": "2024 vs 2023 annual comparison", "metric": "profit growth rate",
     "basis": "non-GAAP adjusted EBITDA year-over-year growth"},
    [], ["metric_definition"], question="What was Harbel Logistics Corp.'s profit growth rate?", ticker="HRBL")
SEGMENT = _inst(
    "r23-seg-en", "en", "Quillon Systems, Inc. (fictional)",
    "Consolidated total company results for the annual period covered by the filing; not the operating segments "
    "subtotal.",
    {"entity": "Quillon Systems consolidated (total company)", "period": "year ended December 31, 2024",
     "metric": "Operating income", "basis": "GAAP"},
    {"entity": "Operating Segments subtotal (sum of Devices and Services)", "period": "year ended December 31, 2024",
     "metric": "Operating income", "basis": "GAAP"},
    ["Entity scope: consolidated total vs. segment subtotal"], ["entity_scope"],
    question="What was Quillon Systems' operating income?", ticker="QLSY")
JANUARY = _inst(
    "r23-jan-en", "en", "Brightwell Software, Inc. (fictional)",
    "Use ASC 606 disaggregation by timing of recognition, the amount recognized at a point in time for the year ended "
    "2024-01-31.",
    {"entity": "Brightwell Software, Inc.", "period": "Year ended 2024-01-31", "metric": "Revenue",
     "basis": "Recognized at a point in time"},
    {"entity": "Brightwell Software, Inc.", "period": "Year ended 2024-01-31", "metric": "Revenue",
     "basis": "Recognized over time"}, [], ["recognition_policy"], question="What was Brightwell's revenue?",
    ticker="BRSW")
PARENT_ZH = _inst(
    "r23-parent-zh", "zh", "澄湖电力",
    "口径：归属于母公司股东（不含少数股东损益）；期间：2022年度；来源：年报。",
    {"entity": "归属于母公司股东（不含少数股东损益）", "period": "2022年度", "metric": "净利润", "basis": "年报披露口径"},
    {"entity": "合并报表整体（含少数股东损益）", "period": "2022年度", "metric": "净利润", "basis": "年报披露口径"},
    [], ["entity_scope"], question="澄湖电力的净利润是多少？", ticker="600999")
KOUFEI_ZH = _inst(
    "r23-koufei-zh", "zh", "岚山药业",
    "请按归属于上市公司股东口径，且扣除非经常性损益。",
    {"entity": "归属于上市公司股东", "period": "2024年度", "metric": "净利润", "basis": "扣除非经常性损益"},
    {"entity": "合并报表整体（含少数股东权益）", "period": "2024年度", "metric": "净利润", "basis": "含非经常性损益"},
    [], ["entity_scope", "metric_definition"], question="岚山药业的净利润是多少？", ticker="688999")


def _ask(inst: AmbiguityInstance, question: str) -> str:
    return DeterministicSimulator(inst).decide(question).answer


@pytest.mark.parametrize(("inst", "question", "expected"), [
    # the metric the basis or C names (earnings = EBITDA; profit = income from operations)
    (EBITDA, "Do you mean AMETEK-style EPS growth for the latest fiscal year?", "no"),
    (EBITDA, "Are you asking for Tarnwick's EBITDA growth rate year over year?", "yes"),
    (EBITDA, "Do you want the earnings growth rate for the most recent quarter?", "no"),
    (OPINC, "By \u201cprofit,\u201d do you mean GAAP net income?", "no"),
    (OPINC, "By \u201cprofit,\u201d do you mean operating income (EBIT)?", "yes"),
    # a period stated as years: the annual period
    (OPINC, "Is the specific period you are interested in the most recent quarter?", "no"),
    # several years together, forecasts and other figures
    (EBITDA, "Do you mean the compound annual growth rate (CAGR) of EBITDA over the past 5 years?", "no"),
    (OPINC, "Are you asking for Harbel's profit growth guidance (a forward-looking forecast)?", "no"),
    (OPINC, "Do you mean the growth in Harbel's share price?", "no"),
    (PARENT_ZH, "您想了解的是澄湖电力自成立以来的累计净利润吗？", "no"),
    (PARENT_ZH, "您想知道的是澄湖电力未来的净利润预测吗？", "no"),
    (PARENT_ZH, "您想知道的是澄湖电力最近的月度净利润吗？", "no"),
    (PARENT_ZH, "您是否想查询某个自定义起止日期区间的净利润？", "no"),
    # requests and open questions
    (PARENT_ZH, "您能否提供更多关于您想了解的澄湖电力净利润的具体时间或类型信息？", "I don't know"),
    (PARENT_ZH, "您是否方便提供澄湖电力2022年年度报告的链接或截图？", "I don't know"),
    (PARENT_ZH, "您能告诉我您想了解的具体时期吗？", "I don't know"),
    (SEGMENT, "Can you specify the time period for which you want Quillon's operating income?", "I don't know"),
    (SEGMENT, "May I fetch Quillon's 2024 Form 10-K now to retrieve the operating income?", "I don't know"),
    (SEGMENT, "When you say \u201coperating income,\u201d do you mean the consolidated total?", "yes"),
    # what a question sets aside is judged on its own
    (PARENT_ZH, "您指的是\u201c归属于母公司股东的净利润\u201d，而不是包含少数股东损益的\u201c净利润（含少数股东）\u201d，对吗？", "yes"),
    (PARENT_ZH, "您是想要2022年全年的\u201c净利润\u201d（非归母口径）吗？", "no"),
    (SEGMENT, "Do you want the segment subtotal rather than the consolidated figure?", "no"),
    # "the most recent" the filing's year does not settle; a year that is the user's pins it
    (SEGMENT, "Do you want Quillon Systems' operating income for the most recent fiscal year?", "I don't know"),
    (PARENT_ZH, "您需要的是最近一个完整会计年度的净利润（例如2022年年报口径），而不是最近季度的吗？", "yes"),
    # a specific year; a choice whose every alternative is contradicted
    (PARENT_ZH, "您想了解的是澄湖电力某个特定年份的净利润吗？", "yes"),
    (PARENT_ZH, "您是想查询最近披露的季度或中期报告（非全年）的净利润吗？", "no"),
    # the listed company, its unlisted group, the parent's own statements
    (KOUFEI_ZH, "您要查询的是A股上市公司口径的数据吗？", "yes"),
    (KOUFEI_ZH, "您指的是集团层面的\u201c岚山医药集团有限公司\u201d的净利润吗？", "no"),
    (PARENT_ZH, "您要的是母公司单体报表披露的净利润吗？", "no"),
    # a fiscal year ending in January: a bare year is unsettled; a calendar year is not the user's year
    (JANUARY, "Is the specific year you're asking about 2023?", "I don't know"),
    (JANUARY, "Are you asking for a calendar year (Jan\u2013Dec) revenue figure?", "no"),
    (JANUARY, "Is the period you're asking about a fiscal year (any fiscal year, not necessarily the most recent)?",
     "yes"),
])
def test_real_question_shapes(inst, question, expected):
    assert _ask(inst, question) == expected


def test_replies_say_when_a_rule_is_unsure():
    plain = DeterministicSimulator(PARENT_ZH).decide("您想了解的是澄湖电力最近一个季度的净利润吗？")
    assert plain.answer == "no" and plain.info["unsure"] is False
    pinned = DeterministicSimulator(PARENT_ZH).decide("您需要的是最近一个完整会计年度（例如2022年）的净利润吗？")
    assert pinned.answer == "yes" and pinned.info["unsure"] is True and pinned.info["unsure_grounds"]
