"""Regression tests for the simulator rule classes a third independent annotator found (third set): C's own
exclusions phrased as a contrast ("as opposed to X"), as a restatement the user wants to be before ("before the
company recast … for X") or as a negated disposal (不能把X算进去); "before the recast" as the original vintage;
"the latest available version" as the vintage; choices between readings one of which the lexicon cannot read;
"the last four quarters" as the trailing twelve months; offers to give both figures.

Every instance and question here is new and invented (fictional companies, EN and ZH); none comes from a
labelled bench set. Labels follow DESIGN §4: the user knows only C and the intended interpretation.
"""

from __future__ import annotations

import pytest
from amb_eval_support import fictional_instance as _inst

from finprobe.benchmarks.ambiguity._items import item_polarities, same_item
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

ROYALTIES = _inst(
    "t3-royalty-en", "en", "Pinecrest Media Corp. (fictional)",
    "I'm looking at what Pinecrest earns from one-off catalogue sales, as opposed to streaming royalties paid out "
    "over the licence period.",
    {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "revenue",
     "basis": "recognized at a point in time"},
    {"entity": "Pinecrest consolidated", "period": "fiscal year 2022", "metric": "revenue",
     "basis": "point in time and over time combined"},
    ["point in time"], ["recognition_policy"])
PENSION = _inst(
    "t3-pension-en", "en", "Kestrel Rail Holdings (fictional)",
    "My valuation was built from the fiscal 2022 annual report, so I need the figure before the company restated "
    "it to reflect the pension-discounting correction it made in 2023.",
    {"entity": "Kestrel consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "as originally reported (fiscal 2022 10-K)"},
    {"entity": "Kestrel consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "as restated (fiscal 2023 10-K comparative)"},
    ["as originally reported"], ["filing_vintage"], ticker="KSTR-FICT")
RESTATED = _inst(
    "t3-restated-en", "en", "Oakhollow Foods Inc. (fictional)",
    "I want fiscal 2022 as it now stands, after the company restated it for the inventory-costing error.",
    {"entity": "Oakhollow consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "as restated (fiscal 2023 10-K comparative)"},
    {"entity": "Oakhollow consolidated", "period": "fiscal year 2022", "metric": "net income",
     "vintage": "as originally reported (fiscal 2022 10-K)"},
    ["as restated"], ["filing_vintage"], ticker="OAKH-FICT")
AGENCY_ZH = _inst(
    "t3-agency-zh", "zh", "云栖会展股份有限公司（虚构）",
    "公司替参展商代购展位搭建材料，我认为它只是中间人，只应按赚到的服务费计入收入，不能把代付的全部材料款和运费都算进去。",
    {"entity": "云栖会展合并", "period": "2023年度", "metric": "营业收入", "basis": "代购业务按净额法（代理人）"},
    {"entity": "云栖会展合并", "period": "2023年度", "metric": "营业收入", "basis": "代购业务按总额法（主要责任人）"},
    ["净额法（代理人）"], ["recognition_policy"], ticker="YQHZ-FICT")
RESTATED_ZH = _inst(
    "t3-vintage-zh", "zh", "青岩建材股份有限公司（虚构）",
    "我的模型用的是2023年报里最初披露的数，也就是公司重述前的2022年净利润。",
    {"entity": "青岩建材合并", "period": "2022年度", "metric": "净利润", "vintage": "原年报披露数（重述前）"},
    {"entity": "青岩建材合并", "period": "2022年度", "metric": "净利润", "vintage": "重述后（2023年报比较数）"},
    ["原年报披露数"], ["filing_vintage"], ticker="QYJC-FICT")


def _ask(inst: AmbiguityInstance, question: str) -> str:
    return DeterministicSimulator(inst).decide(question).answer


# ------------------------------------------------------------------ C's own exclusions
def test_context_contrast_is_an_exclusion() -> None:
    """"as opposed to X", "rather than X", "instead of X" in C leave X out of the figure."""
    for cue in ("as opposed to", "rather than", "instead of"):
        [(words, pol)] = item_polarities(f"the hardware sales {cue} the warranty plans")[-1:]
        assert pol == "excl" and "warranty" in words, cue
    assert _ask(ROYALTIES, "Should streaming royalties be included?") == "no"
    assert _ask(ROYALTIES, "Do you want the royalty streams counted in as well?") != "yes"
    assert _ask(ROYALTIES, "Should the streaming royalties be excluded?") == "yes"


def test_context_before_a_restatement_excludes_what_it_was_made_for() -> None:
    """"before the company restated it to reflect X": the figure the user wants does not reflect X."""
    excl = [w for w, pol in item_polarities(PENSION.context) if pol == "excl"]
    assert any("pension-discount" in w or "pension" in w for w in excl)
    assert _ask(PENSION, "Should the figure reflect the pension-discounting correction?") == "no"
    assert _ask(PENSION, "Should I incorporate the pension discounting correction?") == "no"
    # a user who wants the restated figure leaves nothing out that way
    assert not [w for w, pol in item_polarities(RESTATED.context) if pol == "excl"]


def test_context_negated_disposal_zh() -> None:
    """不能把X算进去 / 别把X计入 leave X out (the verb after X is negated by the modal before 把)."""
    [(words, pol)] = item_polarities("不能把代付的材料款都算进去")
    assert pol == "excl" and "代付" in words
    assert all(pol == "excl" for _w, pol in item_polarities("别把汇兑收益计入利润"))
    assert all(pol == "excl" for _w, pol in item_polarities("不要把少数股东损益算进去"))
    assert _ask(AGENCY_ZH, "需要把代付的材料费和运输费全额计入营业收入吗？") == "no"
    assert _ask(AGENCY_ZH, "您不希望把代付的运费算进收入，对吗？") == "yes"
    # an unnegated 把 construction still counts the item in
    assert item_polarities("需要把代付的材料款计入收入吗")[0][1] == "incl"


def test_same_item_zh_segmentation() -> None:
    """Two Chinese phrases for one component segmented differently match once they share a word."""
    assert same_item(frozenset({"代付", "材料费", "运输费"}), frozenset({"代付", "材料", "款", "运费"}))
    assert not same_item(frozenset({"代付", "材料费"}), frozenset({"自营", "展位", "租金"}))
    # no exact anchor: shared characters alone do not make two components the same
    assert not same_item(frozenset({"材料费", "运输费"}), frozenset({"运费", "材料款", "租金"}))
    assert not same_item(frozenset({"租金", "收入费"}), frozenset({"运费", "材料款"}))


# ------------------------------------------------------------------ vintage wording
@pytest.mark.parametrize("question", [
    "Just to confirm: you want fiscal 2022 net income before the pension restatement?",
    "So the number prior to the restatement, right?",
    "Do you want the figure before the company restated it?",
])
def test_before_a_restatement_is_the_original_vintage(question: str) -> None:
    assert _ask(PENSION, question) == "yes"
    assert _ask(RESTATED, question.replace("pension", "inventory")) == "no"


@pytest.mark.parametrize("question", ["您要的是重述前的2022年净利润吗？", "是追溯调整前的数吗？"])
def test_before_a_restatement_zh(question: str) -> None:
    assert _ask(RESTATED_ZH, question) == "yes"


@pytest.mark.parametrize("question", [
    "Do you want the latest available version of the fiscal 2022 number?",
    "Should I use the most recently published version of the figure?",
])
def test_latest_version_is_the_vintage(question: str) -> None:
    assert _ask(PENSION, question) == "no"
    assert _ask(RESTATED, question) == "yes"


# ------------------------------------------------------------------ choices, trailing quarters, offers
TRAILING = _inst(
    "t3-trailing-en", "en", "Wrenfield Optics Inc. (fictional)",
    "I track Wrenfield on a rolling basis: the twelve months up to its latest quarter, the one ended March 31, 2025.",
    {"entity": "Wrenfield consolidated", "period": "trailing twelve months ended March 31, 2025", "metric": "revenue"},
    {"entity": "Wrenfield consolidated", "period": "fiscal year 2024", "metric": "revenue"},
    ["trailing twelve months ended March 31, 2025"], ["temporal_scope"], ticker="WRNF-FICT")
TRAILING_ZH = _inst(
    "t3-trailing-zh", "zh", "松鹤电器股份有限公司（虚构）",
    "我按滚动口径看：截至最近一期2025年3月31日的过去十二个月营业收入。",
    {"entity": "松鹤电器合并", "period": "截至2025年3月31日的过去12个月", "metric": "营业收入"},
    {"entity": "松鹤电器合并", "period": "2024年度", "metric": "营业收入"},
    ["过去12个月"], ["temporal_scope"], ticker="SHDQ-FICT")


@pytest.mark.parametrize("question", [
    "Should the figure cover the last four reported quarters?",
    "Do you mean the most recent 4 quarters combined?",
    "So the past four quarters together — is that right?",
])
def test_last_four_quarters_is_the_trailing_year(question: str) -> None:
    assert _ask(TRAILING, question) == "yes"


def test_last_four_quarters_zh() -> None:
    assert _ask(TRAILING_ZH, "您要的是最近四个季度合计的营业收入吗？") == "yes"
    assert _ask(TRAILING_ZH, "您要的是2024年全年的营业收入吗？") == "no"


def test_four_quarters_of_a_named_year_is_not_trailing() -> None:
    from finprobe.benchmarks.ambiguity._propositions import read_facts
    assert "ttm" not in read_facts("the last four quarters of fiscal 2023").periods


@pytest.mark.parametrize("question", [
    "Do you want it as originally filed or as later amended?",
    "Do you want the figures as reported or as restated?",
])
def test_choice_with_an_alternative_the_lexicon_cannot_read_is_idk(question: str) -> None:
    """A choice between readings is not a yes/no question: "I don't know", even when only one alternative
    is recognised (and contradicted)."""
    assert _ask(PENSION, question) == "I don't know"
    assert _ask(RESTATED, question) == "I don't know"


def test_choice_all_contradicted_stays_no() -> None:
    assert _ask(TRAILING, "Do you want fiscal 2022 or fiscal 2023?") == "no"


@pytest.mark.parametrize("inst,question", [
    (PENSION, "Should I give both the original and the restated net income?"),
    (TRAILING, "Shall I just show both the trailing and the fiscal-year figures?"),
    (TRAILING, "Would you like me to report both numbers?"),
    (AGENCY_ZH, "需要我把净额和总额两个数都列出来吗？"),
    (TRAILING_ZH, "需要我同时给出滚动和年度两个数吗？"),
])
def test_offer_to_give_both_is_a_process_request(inst: AmbiguityInstance, question: str) -> None:
    """Which figures the agent puts in its answer is its own process, not the user's intent (label convention:
    requests about the agent's own process -> "I don't know")."""
    assert _ask(inst, question) == "I don't know"


def test_including_both_components_is_still_about_the_figure() -> None:
    """"include both X and Y" is what the figure is made of, not an offer to give two figures."""
    assert _ask(AGENCY_ZH, "需要把代付的材料款和运费都计入收入吗？") == "no"
    assert _ask(ROYALTIES, "Should I include both catalogue sales and streaming royalties?") == "no"


# ------------------------------------------------------------------ "ignore X", "the change in X accounting"
def test_ignore_is_an_exclusion() -> None:
    """"Should I ignore X?" leaves X out: affirmed when C leaves X out, and it flips a two-valued facet."""
    assert _ask(PENSION, "Should I ignore the pension-discounting correction?") == "yes"
    assert _ask(PENSION, "Should I disregard the pension discounting correction when choosing the number?") == "yes"
    assert _ask(RESTATED, "Should I ignore the restatement?") == "no"
    assert item_polarities("ignore the warranty reserve release")[0][1] == "excl"


def test_change_in_an_accounting_method_is_not_a_growth_rate() -> None:
    from finprobe.benchmarks.ambiguity._propositions import read_facts
    assert not read_facts("the change in pension-discount accounting").growth
    assert not read_facts("the change in its lease accounting standard").growth
    assert read_facts("the change in net income from 2022").growth


def test_fiscal_year_as_a_whole_is_the_annual_period() -> None:
    from finprobe.benchmarks.ambiguity._propositions import read_facts
    assert _ask(TRAILING, "Would you like the revenue for fiscal 2024 as a whole?") == "no"
    assert _ask(TRAILING, "Should I use the whole of FY2024?") == "no"
    assert "annual" in read_facts("net sales for fiscal 2023 in full").periods
    # a bare fiscal-year name may be the year a quarter falls in: no period type
    assert "annual" not in read_facts("Is this for fiscal 2024?").periods
