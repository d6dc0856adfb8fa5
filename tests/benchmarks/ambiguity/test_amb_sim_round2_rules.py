"""Regression tests for the second round of simulator rules for real model questions (issue 23, commit 2233f71):
"a specific quarter or year" as one proposition and the examples of a specific period, ors inside examples, a
choice whose common part is contradicted, glossed yes/no options, a negation over a list, a cue closed inside its
own term, several years and trends, peers, analysts' estimates, a product by itself, the name as something that is
no company, the ticker with another name, a company's fiscal-year label, events and thresholds, offers of figures,
cut-off questions.

Every instance and question here is invented (fictional companies, EN and ZH), in the shapes the real questions
take; none is taken from a labelled set. Labels follow the label rule of the real sets.
"""

from __future__ import annotations

import pytest
from amb_eval_support import fictional_instance as _inst
from hypothesis import given
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity._propositions import (
    distribute_negation,
    drop_examples,
    merge_specific_choices,
    split_alternatives,
)
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

KOUFEI_ZH = _inst(
    "r2-koufei-zh", "zh", "岚山药业",
    "口径：归属于上市公司股东；调整：扣除非经常性损益；期间：2023年度；来源：年报。",
    {"entity": "归属于上市公司股东", "period": "2023年度", "metric": "净利润", "basis": "扣除非经常性损益"},
    {"entity": "合并报表整体（含少数股东权益）", "period": "2023年度", "metric": "净利润", "basis": "包含非经常性损益"},
    [], ["entity_scope", "metric_definition"], question="岚山药业的净利润是多少？", ticker="688999")
REVENUE_EN = _inst(
    "r2-rev-en", "en", "Harbel Logistics Corp. (fictional)",
    "Use GAAP total revenue for the year ended December 31, 2023 at the consolidated level.",
    {"entity": "Harbel Logistics Corp. (consolidated)", "period": "Year ended December 31, 2023",
     "metric": "Revenue", "basis": "GAAP, as reported"},
    {"entity": "Harbel Logistics Corp. (consolidated)", "period": "Year ended December 31, 2022",
     "metric": "Revenue", "basis": "GAAP, as reported"},
    [], ["temporal_scope"], question="What were Harbel Logistics' revenues?", ticker="HRBL")
RETAILER = _inst(
    "r2-retail-en", "en", "Brightwell Stores, Inc. (fictional)",
    "Use the company's fiscal year that ended Jan 30, 2022 (the year labeled 2021 in the filing) and take reported "
    "net sales for the consolidated company.",
    {"entity": "Brightwell Stores, Inc.", "period": "Fiscal year ended 2022-01-30 (company's 2021 fiscal year)",
     "metric": "Net sales (revenue)", "basis": "GAAP, as reported"},
    {"entity": "Brightwell Stores, Inc.", "period": "Most recent fiscal year in the report (fiscal 2022, ended 2023-01-29)",
     "metric": "Net sales (revenue)", "basis": "GAAP, as reported"},
    [], ["temporal_scope"], question="What were Brightwell Stores' net sales?", ticker="BRST")
EPS_EN = _inst(
    "r2-eps-en", "en", "Quillon Pharma Inc. (fictional)",
    "Companywide, GAAP-reported diluted EPS, comparing 2022 to the prior year.",
    {"entity": "Quillon Pharma Inc.", "period": "2022 vs prior year", "metric": "EPS growth rate",
     "basis": "GAAP reported diluted EPS"},
    {"entity": "Quillon Pharma Inc.", "period": "2022 vs prior year", "metric": "EPS growth rate",
     "basis": "Non-GAAP adjusted diluted EPS"},
    [], ["metric_definition"], question="What was Quillon Pharma's EPS growth rate?", ticker="QLPH")
PERIOD_ZH = _inst(
    "r2-period-zh", "zh", "澄湖电力",
    "实体范围：仅指归属于母公司股东的部分（不含少数股东损益）。",
    {"entity": "归属于母公司股东", "period": "报告期", "metric": "净利润", "basis": "法定披露口径"},
    {"entity": "合并报表整体（含少数股东损益）", "period": "报告期", "metric": "净利润", "basis": "法定披露口径"},
    [], ["entity_scope"], question="澄湖电力的净利润是多少？", ticker="600999")


def _ask(inst: AmbiguityInstance, question: str) -> str:
    return DeterministicSimulator(inst).decide(question).answer


@pytest.mark.parametrize(("inst", "question", "expected"), [
    # "a specific quarter or year": does the user have one period in mind? Examples illustrate it
    (REVENUE_EN, "Are you asking for Harbel's revenue for a specific quarter or year?", "yes"),
    (REVENUE_EN, "Is there a specific time period or event you are interested in regarding Harbel's revenue?", "yes"),
    (REVENUE_EN, "Do you mean Harbel's revenue for a specific fiscal year (e.g., 2020, 2019)?", "yes"),
    (REVENUE_EN, "Are you asking for Harbel's revenue for a specific time period, such as the most recent quarter?",
     "yes"),
    (KOUFEI_ZH, "您是想了解岚山药业在某个特定年份或季度的净利润吗？", "yes"),
    (KOUFEI_ZH, "您要的是某个指定历史年份（例如2020年或2019年）的扣非净利润吗？", "yes"),
    (KOUFEI_ZH, "您有具体要查询的报告期吗？（是/否/不知道）", "yes"),
    # examples after "the latest year" are no specific period: the example year is still judged
    (KOUFEI_ZH, "您是指最近一个会计年度（例如 2021 年）报告的净利润吗？", "no"),
    # an or inside examples of something else is no choice; a choice whose common part is contradicted is a no
    (REVENUE_EN, "Are you asking for Harbel's revenue by business segment (e.g., Freight or Warehousing) rather than "
                 "total company revenue?", "no"),
    (KOUFEI_ZH, "您是想要岚山药业历年（例如近5年或全部可得年度）的净利润数据列出来吗？", "no"),
    # glossed yes/no options; a negation over a list; a cue closed inside its own term
    (KOUFEI_ZH, "请确认：是否要“扣除非经常性损益后的归母净利润”口径？请回答“是”（扣非）或“否”（包含非经常性损益）。", "yes"),
    (KOUFEI_ZH, "您要的是公司报表里直接列示的“净利润”（不特别指明归属或扣非，仅公司披露的净利润总额）吗？", "no"),
    # several years, trends, a half-year report
    (KOUFEI_ZH, "您是否想要岚山药业最近五个完整财年的净利润？", "no"),
    (KOUFEI_ZH, "您想知道的是岚山药业的净利润趋势吗？", "no"),
    (PERIOD_ZH, "您是否希望我列出澄湖电力近5个年度的净利润？", "no"),
    (KOUFEI_ZH, "您是想要截止到公司最近披露的报告期（即公司最近发布的季度或半年度报告）所披露的净利润数据吗？", "no"),
    # other companies, other figures, other things
    (EPS_EN, "Are you interested in Quillon Pharma's EPS growth rate compared to a specific competitor or industry "
             "benchmark?", "no"),
    (EPS_EN, "Are you asking for analysts' EPS growth rate estimate for the current fiscal year?", "no"),
    (KOUFEI_ZH, "您指的是岚山药业APP这个产品/业务本身的净利润吗？", "no"),
    (KOUFEI_ZH, "您说的“岚山药业”是指扑克牌中的某种牌型吗？", "no"),
    (REVENUE_EN, "Do you want the year-over-year revenue growth for HRBL Aerofreight rather than the latest quarter?",
     "no"),
    # a bare year where the company labels its fiscal years otherwise
    (RETAILER, "Are you interested in Brightwell's net sales for the year 2022?", "no"),
    (RETAILER, "Do you want Brightwell's net sales for fiscal 2021?", "yes"),
    # an event, a threshold: nothing C settles
    (REVENUE_EN, "Is the specific period you are interested in Harbel's revenue during the COVID-19 pandemic?",
     "I don't know"),
    (KOUFEI_ZH, "您是想知道岚山药业的净利润是否达到某个特定金额吗？", "I don't know"),
    # offers: of figures the user does not want (no), of both readings (I don't know)
    (REVENUE_EN, "Is it okay if I provide both Harbel's most recent full fiscal-year revenue (2025) and its most "
                 "recent trailing 12-month (TTM) revenue?", "no"),
    (KOUFEI_ZH, "您是否希望我提供岚山药业过去五个会计年度的净利润数据（按年度报告）？", "no"),
    (REVENUE_EN, "Should I give both the 2023 and the 2022 figures?", "I don't know"),
    # an open question followed by examples; a question cut off mid-sentence
    (KOUFEI_ZH, "您能明确告诉我您想查询的具体年份吗？例如，2020年或2021年？", "I don't know"),
    (REVENUE_EN, "I couldn't retrieve the 10-K. Do you want me to provide Harbel's 2023 revenue from a", "I don't know"),
])
def test_round_two_question_shapes(inst, question, expected):
    assert _ask(inst, question) == expected


def test_a_cut_off_question_that_contradicts_is_still_a_no():
    reply = DeterministicSimulator(EPS_EN).decide("Do you mean the compound annual growth rate (CAGR) of Quillon's EPS over a")
    assert reply.answer == "no"


@given(st.text(max_size=120))
def test_question_rewrites_never_raise_and_keep_text(text):
    for rewrite in (drop_examples, merge_specific_choices, distribute_negation):
        out = rewrite(text)
        assert isinstance(out, str)
    assert merge_specific_choices(merge_specific_choices(text)) == merge_specific_choices(text)
    assert split_alternatives(text)


def test_rewrites_do_what_they_say():
    assert merge_specific_choices("for a specific quarter or year?") == "for a specific period?"
    assert merge_specific_choices("某个特定年份或季度的净利润") == "某个特定期间的净利润"
    assert drop_examples("a specific fiscal year (e.g., 2022, 2021)?") == "a specific fiscal year ?"
    assert drop_examples("the latest fiscal year (e.g., 2022)?") == "the latest fiscal year (e.g., 2022)?"
    assert distribute_negation("不特别指明归属或扣非") == "不特别指明归属，不特别指明扣非"
    assert len(split_alternatives("revenue by segment (e.g. Freight or Warehousing)?")) == 1
