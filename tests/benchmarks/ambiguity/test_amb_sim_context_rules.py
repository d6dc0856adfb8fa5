"""Regression tests for the simulator rule classes a second independent annotator found (fresh set):
components C leaves out, recognition-timing words, period starts and ends, fiscal-calendar facts, vintage
wording, process requests, metrics outside the lexicon, and negated questions about the agent's own action.

Every instance and question here is new and invented (fictional companies, EN and ZH); none comes from a
labelled bench set. Labels follow DESIGN §4: the user knows only C and the intended interpretation.
"""

from __future__ import annotations

import pytest
from amb_eval_support import fictional_instance as _inst

from finprobe.benchmarks.ambiguity._calendar import fiscal_year_start, period_bounds
from finprobe.benchmarks.ambiguity._items import item_polarities, same_item
from finprobe.benchmarks.ambiguity._propositions import negated_action, negated_statement, read_facts
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

DEMO = {i.instance_id: i for i in load_instances(demo_instances_path())}


MARINAS = _inst(
    "t-marinas", "en", "Harborline Marinas Inc. (fictional)",
    "I run the marinas Harborline owns outright, so I want that business on its own; the dock licensing and yacht "
    "brokerage business should be left out.",
    {"entity": "Owned Marinas segment", "period": "fiscal year 2023", "metric": "operating income"},
    {"entity": "Harborline consolidated", "period": "fiscal year 2023", "metric": "operating income"},
    ["Owned Marinas segment"], ["entity_scope"], ticker="HBLM-FICT")
WAREHOUSE_ZH = _inst(
    "t-cang-zh", "zh", "澄湖物流股份有限公司（虚构）",
    "我只关心公司自营的仓储业务，加盟网点收取的品牌使用费不要算进来。",
    {"entity": "自营仓储业务分部", "period": "2023年度", "metric": "营业收入"},
    {"entity": "澄湖物流合并", "period": "2023年度", "metric": "营业收入"},
    ["自营仓储业务分部"], ["entity_scope"], ticker="CHWL-FICT")
LICENCES_ZH = _inst(
    "t-shiduan-zh", "zh", "岚峰软件股份有限公司（虚构）",
    "我只要按服务期间在某一时段内确认的订阅收入，软件许可交付时一次性确认的收入不要算进来。",
    {"entity": "岚峰软件合并", "period": "2023年度", "metric": "营业收入", "basis": "在某一时段内确认"},
    {"entity": "岚峰软件合并", "period": "2023年度", "metric": "营业收入", "basis": "某一时点与某一时段内确认合计"},
    ["在某一时段内确认"], ["recognition_policy"])
LICENCES_EN = _inst(
    "t-overtime-en", "en", "Corvid Analytics Corp. (fictional)",
    "I only want subscription revenue recognised over the service term; license fees recognised all at once on "
    "delivery should be left out.",
    {"entity": "Corvid consolidated", "period": "fiscal year 2023", "metric": "revenue",
     "basis": "recognized over time"},
    {"entity": "Corvid consolidated", "period": "fiscal year 2023", "metric": "revenue",
     "basis": "total (point in time and over time)"},
    ["recognized over time"], ["recognition_policy"])
NINE_MONTHS = _inst(
    "t-nine-en", "en", "Tamarack Gear Co. (fictional)",
    "Tamarack's fiscal year begins on July 1. I need sales for the first three quarters of the current fiscal year, "
    "from July 2024 through March 2025.",
    {"entity": "Tamarack consolidated", "period": "nine months ended March 31, 2025 (first three quarters of fiscal 2025)",
     "metric": "net sales"},
    {"entity": "Tamarack consolidated", "period": "fiscal year 2024 (ended June 30, 2024)", "metric": "net sales"},
    ["nine months ended March 31, 2025"], ["temporal_scope"])
HALF_ZH = _inst(
    "t-half-zh", "zh", "汀洲航运控股有限公司（虚构）",
    "公司的财年从4月1日开始。我要的是本财年上半年，也就是2024年4月至9月的收入。",
    {"entity": "汀洲航运合并", "period": "截至2024年9月30日止六个月", "metric": "营业收入"},
    {"entity": "汀洲航运合并", "period": "截至2024年3月31日止年度", "metric": "营业收入"},
    ["截至2024年9月30日止六个月"], ["temporal_scope"])
ADJUSTED = _inst(
    "t-adj-en", "en", "Bramblewood Foods Inc. (fictional)",
    "I want adjusted EBITDA as the company defines it for fiscal 2023, for the whole company.",
    {"entity": "Bramblewood consolidated", "period": "fiscal year 2023", "metric": "adjusted EBITDA",
     "basis": "non-GAAP (company-defined)"},
    {"entity": "Bramblewood consolidated", "period": "fiscal year 2023", "metric": "EBITDA", "basis": "GAAP-derived"},
    ["adjusted EBITDA"], ["metric_definition"])
RESTATED_ZH = _inst(
    "t-restated-zh", "zh", "沐川乳业股份有限公司（虚构）",
    "公司在2024年年报中更正了2022年的销售返利核算差错，我要用更正后的2022年归母净利润。",
    {"entity": "归属于母公司股东", "period": "2022年度", "metric": "净利润", "vintage": "更正后（2024年年报追溯重述）"},
    {"entity": "归属于母公司股东", "period": "2022年度", "metric": "净利润", "vintage": "原披露数（2022年年报）"},
    ["更正后"], ["filing_vintage"])
RESTATED_EN = _inst(
    "t-restated-en", "en", "Quillfeather Paper Co. (fictional)",
    "The company restated fiscal 2022 in its fiscal 2023 10-K to correct a rebate accrual error; I want the corrected "
    "fiscal 2022 net income.",
    {"entity": "Quillfeather consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "restated (fiscal 2023 10-K)"},
    {"entity": "Quillfeather consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "as originally reported (fiscal 2022 10-K)"},
    ["restated"], ["filing_vintage"])


def _answer(inst: AmbiguityInstance, question: str) -> str:
    return DeterministicSimulator(inst).decide(question).answer


@pytest.mark.parametrize("inst,question,expected", [
    # a component C leaves out, counted in: contradicted; left out too: affirmed
    (MARINAS, "Should the licensing and brokerage operations be counted?", "no"),
    (MARINAS, "Should the yacht brokerage business be included in the figure?", "no"),
    (MARINAS, "Do you want me to exclude the brokerage and dock licensing business?", "yes"),
    (MARINAS, "Should I leave out dock licensing?", "yes"),
    (WAREHOUSE_ZH, "加盟网点的品牌使用费需要包含在内吗？", "no"),
    (WAREHOUSE_ZH, "品牌使用费要算进去吗？", "no"),
    (WAREHOUSE_ZH, "是否需要剔除加盟网点收取的品牌使用费？", "yes"),
    (WAREHOUSE_ZH, "不包括加盟网点的品牌使用费，对吗？", "yes"),
    (LICENCES_EN, "Should license fees recognized on delivery be included?", "no"),
])
def test_components_context_leaves_out(inst, question, expected):
    assert _answer(inst, question) == expected


def test_component_words_are_stemmed_and_weak_words_do_not_match():
    excluded = [w for w, pol in item_polarities(MARINAS.context) if pol == "excl"]
    assert excluded and all(pol == "excl" for _w, pol in item_polarities("Please exclude franchised hotels."))
    (asked, pol), = item_polarities("Should the licensed docks be counted?")
    assert pol == "incl" and same_item(asked, excluded[0])
    # "revenue" / "business" alone name no component
    (generic, _pol), = item_polarities("Should the other revenue of the business line be included?")
    assert not same_item(frozenset({"business", "revenue"}), excluded[0]) and "revenue" not in generic


@pytest.mark.parametrize("inst,question,expected", [
    # recognition timing vocabulary is not a non-recurring item
    (LICENCES_ZH, "需要扣除非经常性损益吗？", "I don't know"),
    (LICENCES_ZH, "是否只看交付时一次性确认的收入？", "no"),
    (LICENCES_EN, "Should one-time items be excluded?", "I don't know"),
    (LICENCES_EN, "Do you want only revenue recognized all at once at delivery?", "no"),
])
def test_recognition_timing_is_not_non_recurring(inst, question, expected):
    assert _answer(inst, question) == expected


def test_one_time_recognition_reads_as_point_in_time():
    facts = read_facts("软件许可交付时一次性确认的收入")
    assert facts.facets.get("timing") == {"pit"} and "recurring" not in facts.facets
    assert read_facts("一次性收益").facets.get("recurring") is None  # an item: a proposition only when counted in/out
    assert read_facts("扣除一次性收益后的净利润").facets.get("recurring") == {"excl"}


@pytest.mark.parametrize("inst,question,expected", [
    (NINE_MONTHS, "Do you want the nine months ended September 30, 2024?", "no"),
    (NINE_MONTHS, "Is the period you need July 1, 2024 to March 31, 2025?", "yes"),
    (NINE_MONTHS, "So, July 2024 through March 2025?", "yes"),
    (NINE_MONTHS, "Do you want January to March 2025 only?", "no"),
    (NINE_MONTHS, "So not the nine months ended March 31, 2025, correct?", "no"),
    (HALF_ZH, "是2024年4月至9月的数据吗？", "yes"),
    (HALF_ZH, "是截至2024年6月30日止六个月的数据吗？", "no"),
    (HALF_ZH, "您要的是2024年4月1日至2024年9月30日吗？", "yes"),
])
def test_period_starts_and_ends(inst, question, expected):
    assert _answer(inst, question) == expected


def test_a_date_range_is_not_a_balance_sheet_date():
    facts = read_facts("July 1 to December 31, 2024")
    assert "point" not in facts.periods and facts.starts == [(2024, 7, 1)] and facts.ends == [(2024, 12, 31)]
    assert period_bounds("nine months ended march 31, 2025").starts == [(2024, 7, 1)]
    # a 52/53-week year that ends on February 3 has no calendar-month start
    assert period_bounds("fiscal year ended february 3, 2024").starts == []


@pytest.mark.parametrize("inst,question,expected", [
    (NINE_MONTHS, "Does Tamarack's fiscal year begin on July 1?", "yes"),
    (NINE_MONTHS, "Does the fiscal year end in December?", "no"),
    (NINE_MONTHS, "公司的财年是从7月1日开始的吗？", "yes"),
    (HALF_ZH, "财年是从4月1日开始吗？", "yes"),
    (HALF_ZH, "Does the company's fiscal year start on January 1?", "no"),
    (MARINAS, "Does the fiscal year begin on October 1?", "I don't know"),
    # a Chinese filing's fiscal year is the calendar year
    (RESTATED_ZH, "Is this the restated FY2022 net profit attributable to shareholders?", "yes"),
    (RESTATED_ZH, "Do you want calendar year 2022, restated?", "yes"),
    (RESTATED_ZH, "会计年度是从1月1日开始的吗？", "yes"),
    (RESTATED_ZH, "财年是否从7月1日开始？", "no"),
])
def test_fiscal_calendar(inst, question, expected):
    assert _answer(inst, question) == expected


def test_fiscal_year_start_statements():
    assert fiscal_year_start("our fiscal year ends june 30") == 7
    assert fiscal_year_start("会计年度自公历1月1日起至12月31日止") == 1
    assert fiscal_year_start("fiscal year 2024 (ended june 30, 2024)") == 7
    assert fiscal_year_start("fiscal year 2024 (ended june 30, 2024)", dated=False) is None
    facts = read_facts("Does the fiscal year begin on July 1?")
    assert facts.fy_start == 7 and not facts.periods and "calendar" not in facts.facets


@pytest.mark.parametrize("inst,question,expected", [
    # "as reported in <a filing>" names a version of the figures, not the GAAP basis
    (ADJUSTED, "Do you want adjusted EBITDA as reported in the original fiscal 2023 10-K?", "I don't know"),
    (ADJUSTED, "Should I use the adjusted EBITDA reported in the company's annual report?", "yes"),
    (ADJUSTED, "Do you want the as-reported GAAP figure?", "no"),
    # the latest *version* of the figures is their vintage, not the latest period
    (RESTATED_ZH, "您要的是最新披露的口径，即更正后的净利润吗？", "yes"),
    (RESTATED_ZH, "是最新的版本吗？", "yes"),
    (RESTATED_EN, "Do you want the latest version of the figures, i.e. the restated one?", "yes"),
])
def test_vintage_wording(inst, question, expected):
    assert _answer(inst, question) == expected


@pytest.mark.parametrize("inst,question", [
    (RESTATED_ZH, "我可以先到公司网站上查阅一下2024年年报吗？"),
    (RESTATED_ZH, "我先翻一下2022年的年报，可以吗？"),
    (WAREHOUSE_ZH, "我想先在年报的分部附注里搜索一下，可以吗？"),
    (RESTATED_EN, "Can I look through the fiscal 2023 10-K first?"),
])
def test_process_requests(inst, question):
    assert _answer(inst, question) == "I don't know"


@pytest.mark.parametrize("inst,question", [
    (NINE_MONTHS, "Are you after gross sales before returns and allowances?"),
    (WAREHOUSE_ZH, "您要的是扣除退货和折扣前的销售额吗？"),
    (LICENCES_EN, "Do you want the contract liabilities balance?"),
    (RESTATED_EN, "Do you want pre-tax income for fiscal 2022?"),
    (RESTATED_ZH, "是2022年的利润总额吗？"),
    (WAREHOUSE_ZH, "您关注的是营业成本吗？"),
    (LICENCES_ZH, "是合同负债的期末余额吗？"),
])
def test_another_metric_is_a_contradiction(inst, question):
    assert _answer(inst, question) == "no"


@pytest.mark.parametrize("inst,question,expected", [
    (MARINAS, "Should I not restrict this to the owned marinas?", "no"),
    (MARINAS, "Should I not include the brokerage business?", "yes"),
    (WAREHOUSE_ZH, "我是不是不应该只看自营仓储业务？", "no"),
    (WAREHOUSE_ZH, "是不是不需要把品牌使用费算进去？", "yes"),
    (RESTATED_EN, "Should I not use the restated figure?", "no"),
])
def test_negated_action(inst, question, expected):
    assert _answer(inst, question) == expected


def test_negated_action_forms():
    assert negated_action("Should I not limit this to X?") == "Should I limit this to X?"
    assert negated_action("我是不是不应该把少数股东损益算进去？") == "我是不是应该把少数股东损益算进去？"
    assert negated_action("Should we not include X?") is None  # rhetorical, like "Don't you want…?"
    assert negated_action("Should I include X?") is None


def test_convertible_notes_treated_as_converted_is_dilution():
    assert _answer(DEMO["amb-demo-007"], "Should convertible bonds be treated as converted into shares?") == "yes"


@pytest.mark.parametrize("inst,question,expected", [
    # a negated statement put for confirmation: "right?" confirms that X is not wanted
    (MARINAS, "You're not after the consolidated total, right?", "yes"),
    (MARINAS, "So you don't want the owned marinas segment, correct?", "no"),
    (NINE_MONTHS, "So not the fiscal year ended June 30, 2024, correct?", "yes"),
])
def test_negated_statement_with_confirmation_tag(inst, question, expected):
    assert _answer(inst, question) == expected
    assert negated_statement(question) is not None
