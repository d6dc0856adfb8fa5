"""Regression tests for the simulator error classes an independent annotator found (preambles, contrast
markers, metrics that share a word, excluded scopes, other metrics, negated / either-or / process questions).

Every instance and question here is new and invented (fictional companies, EN and ZH); none is taken
from the independent labelled set. Labels follow DESIGN §4: the user knows only C and the intended reading.
"""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity._propositions import positive_form, question_focus, read_facts
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

Y, N, IDK = "yes", "no", "I don't know"


def _inst(iid: str, lang: str, company: str, context: str, intended: dict[str, str], default: dict[str, str],
          axes: list[str]) -> AmbiguityInstance:
    return AmbiguityInstance.model_validate({
        "instance_id": iid, "language": lang, "company": company, "question": "?", "context": context,
        "answer": "1", "default_answer": "2", "intended_interpretation": intended,
        "default_interpretation": default, "axes": axes, "n_axes": len(axes), "h0": 1.0,
    })


SEGMENT = _inst(
    "t-seg", "en", "Pinecrest Tools Inc. (fictional)",
    "I manage the Outdoor Power unit; my incentive plan uses the segment's adjusted operating income, which "
    "excludes restructuring and acquisition-related amortization.",
    {"entity": "Outdoor Power segment", "period": "fiscal year 2022", "metric": "adjusted operating income"},
    {"entity": "Pinecrest Tools consolidated", "period": "fiscal year 2022", "metric": "operating income (GAAP)"},
    ["entity_scope", "metric_definition"])
PARENT = _inst(
    "t-parent", "en", "Harlow Shipping Corp. (fictional)",
    "I want the most recent year the company has reported, and only the profit that belongs to Harlow's own "
    "shareholders, after the share of its port joint-venture partner.",
    {"entity": "attributable to Harlow Shipping shareholders", "period": "fiscal year 2024", "metric": "net income"},
    {"entity": "consolidated, including noncontrolling interests", "period": "fiscal year 2024",
     "metric": "net income"},
    ["entity_scope"])
QUARTER = _inst(
    "t-q2", "en", "Birchway Media (fictional)", "I only look at the spring quarter's advertising sales.",
    {"entity": "Birchway Media consolidated", "period": "second quarter of 2023", "metric": "advertising revenue"},
    {"entity": "Birchway Media consolidated", "period": "full year 2023", "metric": "advertising revenue"},
    ["temporal_scope"])
PARENT_ONLY_ZH = _inst(
    "t-zh-parent", "zh", "远川化工股份有限公司（虚构）", "我只关心上市公司本部的收入，子公司的收入不要算进来。",
    {"entity": "母公司报表", "period": "2023年度", "metric": "营业收入"},
    {"entity": "合并报表", "period": "2023年度", "metric": "营业收入"}, ["entity_scope"])
VINTAGE_ZH = _inst(
    "t-zh-vintage", "zh", "青禾食品股份有限公司（虚构）", "公司发布了会计差错更正公告，我要以更正后的数字为准。",
    {"entity": "青禾食品合并", "period": "2021年末", "metric": "总资产", "vintage": "更正后"},
    {"entity": "青禾食品合并", "period": "2021年末", "metric": "总资产", "vintage": "更正前（原报告）"},
    ["filing_vintage"])
QUARTER_ZH = _inst(
    "t-zh-q2", "zh", "岭南电气股份有限公司（虚构）", "我只看今年二季度单季的归母净利润，不是去年全年的。",
    {"entity": "归属于母公司股东", "period": "2024年第二季度", "metric": "净利润"},
    {"entity": "归属于母公司股东", "period": "2023年度", "metric": "净利润"}, ["temporal_scope"])
PART_ZH = _inst(
    "t-zh-part", "zh", "远川化工股份有限公司（虚构）", "我只关心物流业务带来的收入。",
    {"entity": "远川化工合并", "period": "2023年度", "metric": "物流业务收入"},
    {"entity": "远川化工合并", "period": "2023年度", "metric": "营业收入"}, ["metric_definition"])


def _ask(inst: AmbiguityInstance, question: str) -> str:
    reply = DeterministicSimulator(inst).decide(question)
    return reply.answer


# ----------------------------------------------------------------- 1. the question, not the preamble
@pytest.mark.parametrize("inst,question,expected", [
    (SEGMENT, "The 10-K reports consolidated operating income of $210.4 million and Outdoor Power segment adjusted "
              "operating income of $96.7 million. Given your incentive plan, is the segment's adjusted figure the "
              "one you need?", Y),
    (SEGMENT, "Here is what I found:\n- Consolidated GAAP operating income: $210.4M\n- Outdoor Power adjusted "
              "operating income: $96.7M\n\nShall I go with the Outdoor Power figure?", Y),
    (SEGMENT, "The filing shows both: $210.4 million for the company and $96.7 million for Outdoor Power. Do you "
              "want the company-wide GAAP figure?", N),
    # a question that only points back is about the sentence before it
    (QUARTER, "Full-year 2023 advertising revenue was $412.0 million. I could instead report the second-quarter "
              "figure alone. Would that work for you?", Y),
    (QUARTER_ZH, "年报显示2023年度归母净利润为3.2亿元，二季度单季为0.9亿元。您需要的是二季度单季的数据吗？", Y),
    (QUARTER_ZH, "一季报和半年报我都查到了。您要的是2023年全年的数字吗？", N),
])
def test_the_question_is_judged_not_the_preamble(inst, question, expected):
    assert _ask(inst, question) == expected


def test_question_focus_keeps_a_one_sentence_question_whole():
    text = "Just to confirm — this is Pinecrest Tools Inc. (PCT), right?"
    assert question_focus(text) == (text, None)
    focus, referent = question_focus("Revenue was $5.0M under U.S. GAAP. Is that the one?")
    assert focus == "Is that the one?" and referent == "Revenue was $5.0M under U.S. GAAP."


# ----------------------------------------------------------------- 2. contrast and negation markers
@pytest.mark.parametrize("inst,question,expected", [
    (QUARTER, "Do you want the quarterly figure rather than the full-year one?", Y),
    (QUARTER, "Should I use the second quarter instead of the annual figure?", Y),
    (QUARTER, "Would you prefer the trailing-twelve-month figure instead of the quarter?", N),
    (PARENT, "Do you want the previous fiscal year rather than the latest?", N),
    (SEGMENT, "Should I exclude restructuring but keep the amortization in?", N),
    (SEGMENT, "Do you want plain operating income with no adjustments?", N),
    (QUARTER_ZH, "您要的是二季度单季数据，而不是2023年全年数，对吗？", Y),
    (QUARTER_ZH, "不好意思，再确认一下：您要的是归属于上市公司股东、且是二季度单季的净利润吗？", Y),
])
def test_contrast_and_negation_markers(inst, question, expected):
    assert _ask(inst, question) == expected


def test_excluding_an_item_does_not_set_its_year_aside():
    facts = read_facts("Net income excluding minority interests for fiscal 2022?")
    assert facts.years == {2022} and not facts.excluded_years
    facts = read_facts("the Q2 figure, rather than the 2023 annual one?")
    assert facts.excluded_years == {2023} and not facts.years


# ----------------------------------------------------------------- 3. another metric or a superset
@pytest.mark.parametrize("inst,question,expected", [
    (QUARTER, "Do you want Birchway's total company revenue?", N),
    (QUARTER, "Do you want all revenue across segments?", N),
    (SEGMENT, "Is it the Outdoor Power segment's operating margin you need?", N),
    (VINTAGE_ZH, "您要的是平均总资产吗？", N),
    (PARENT, "Do you want net income attributable to the noncontrolling interests?", N),
    (PARENT, "Are you asking about the port joint venture on its own?", N),
    (PART_ZH, "是公司全部收入吗？", N),
    (PART_ZH, "您要的是物流业务收入吗？", Y),
])
def test_a_metric_sharing_a_word_is_not_affirmed(inst, question, expected):
    assert _ask(inst, question) == expected


# ----------------------------------------------------------------- 4. a scope the user excluded
@pytest.mark.parametrize("inst,question,expected", [
    (PARENT_ONLY_ZH, "子公司的收入要一并计入吗？", N),
    (PARENT_ONLY_ZH, "要不要把子公司也纳入进来？", N),
    (PARENT_ONLY_ZH, "只看母公司报表口径，对吗？", Y),
    (QUARTER, "Should I give the full calendar-year 2023 advertising revenue?", N),
    (VINTAGE_ZH, "是以原2021年年度报告披露的总资产为准吗？", N),
    (VINTAGE_ZH, "是按最初披露的数据吗？", N),
    (VINTAGE_ZH, "Should I use total assets as first reported?", N),
])
def test_an_excluded_scope_is_seen(inst, question, expected):
    assert _ask(inst, question) == expected


# ----------------------------------------------------------------- 5. another metric is "no", not IDK
@pytest.mark.parametrize("inst,question,expected", [
    (PARENT, "Do you want operating cash flow?", N),
    (VINTAGE_ZH, "是股东权益吗？", N),
    (QUARTER, "Should I report the year-over-year growth rate of Q2 advertising revenue?", N),
    (QUARTER_ZH, "您要的是二季度净利润的同比增长率吗？", N),
    (QUARTER, "Should I annualize the second-quarter figure?", N),
    (QUARTER, "Should I reflect the change in accounting policy?", IDK),  # not a growth rate
])
def test_another_metric_is_contradicted(inst, question, expected):
    assert _ask(inst, question) == expected


# ----------------------------------------------------------------- 6. negated, either/or, process questions
@pytest.mark.parametrize("inst,question,expected", [
    (SEGMENT, "Isn't it the Outdoor Power segment you're after?", Y),
    (QUARTER, "Don't you want the full-year total?", N),
    (QUARTER, "Aren't you looking at the second quarter only?", Y),
    (QUARTER, "Not the full year?", IDK),  # a bare negated fragment stays ambiguous
    (PARENT, "Should I leave out the portion that belongs to the joint-venture partner?", Y),
    (VINTAGE_ZH, "您要的是总资产还是净资产？", IDK),
    (SEGMENT, "Should I compute adjusted operating income myself from the segment note?", IDK),
    (QUARTER, "Should I derive the quarterly figure manually from the 10-Q?", IDK),
    (PARENT_ONLY_ZH, "我需要先去年报里查一下母公司报表附注吗？", IDK),
    # still "I don't know" for what C does not settle
    (PARENT, "Is this in US dollars?", IDK),
    (QUARTER, "Do you want the most recent quarter?", IDK),
])
def test_negated_choice_and_process_questions(inst, question, expected):
    assert _ask(inst, question) == expected


def test_positive_form_only_rewrites_a_leading_negative_auxiliary():
    assert positive_form("Isn't it the diluted figure?") == "Is it the diluted figure?"
    assert positive_form("So don't you want Q2?") == "So do you want Q2?"
    assert positive_form("Is it not the segment?") == "Is it the segment?"
    assert positive_form("You don't want Q2, right?") == "You don't want Q2, right?"
