"""The deterministic simulator judges every proposition of a question against C and the intended reading
(issue 7: confirmations, shared attributes, period types, bundles, wrappers, open and off-intent requests)."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity._propositions import clean_question, read_facts, split_alternatives
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, demo_instances_path, load_instances
from finprobe.benchmarks.ambiguity.simulators import DeterministicSimulator

DEMO = {i.instance_id: i for i in load_instances(demo_instances_path())}
Y, N, IDK = "yes", "no", "I don't know"


def _instance(**changes) -> AmbiguityInstance:
    """A fictional instance: Q3 of fiscal 2007 wanted, the full year the default."""
    base = {
        "instance_id": "t-q3", "language": "en", "company": "Acme Holdings Inc. (fictional)", "ticker": "ACME-T",
        "question": "What was Acme Holdings' revenue in fiscal 2007?",
        "context": "I only look at the summer quarter.", "answer": "$61.4 million", "default_answer": "$238.9 million",
        "intended_interpretation": {"entity": "Acme Holdings consolidated", "period": "third quarter of fiscal 2007",
                                    "metric": "revenue"},
        "default_interpretation": {"entity": "Acme Holdings consolidated", "period": "fiscal year 2007",
                                   "metric": "revenue"},
        "axes": ["temporal_scope"], "n_axes": 1, "h0": 1.0,
    }
    base.update(changes)
    return AmbiguityInstance.model_validate(base)


@pytest.mark.parametrize("question,expected", [
    ("Do you mean Acme Holdings (ACME)?", Y),  # entity confirmation
    ("Do you mean Zenith Corp (ZNTH)?", N),  # another company's ticker
    ("Is the quarter you want in 2023?", N),  # another year
    ("Is the quarter you want in fiscal 2007?", Y),
    ("Do you want the full-year figure?", N),  # another period type
    ("Is this for the trailing twelve months?", N),
    ("Do you mean Q2?", N),
    ("Which quarter do you want?", IDK),  # not a yes/no question
    ("May I search again?", IDK),  # not about the user's intent
    ("Consolidated revenue for Q3 fiscal 2007 (please answer yes or no)?", Y),  # a wrapper with "or"
    ("**Just to confirm:** Q3 of *fiscal 2007*?", Y),  # markdown
    ("Q3 or Q4?", IDK),  # a choice
    ("Q1 or Q2?", N),  # a choice whose every alternative is contradicted
    ("Do you want it in US dollars?", IDK),  # nothing the user can judge
])
def test_issue_examples_on_a_quarter_instance(question, expected):
    reply = DeterministicSimulator(_instance()).decide(question)
    assert reply.answer == expected, reply.info


def test_most_recent_fiscal_year_needs_c_to_say_latest():
    annual = _instance(intended_interpretation={"entity": "Acme Holdings consolidated", "period": "fiscal year 2022",
                                                "metric": "revenue"},
                       default_interpretation={"entity": "Acme Holdings consolidated", "period": "fiscal year 2021",
                                               "metric": "revenue"})
    sim = DeterministicSimulator(annual)
    assert sim.decide("Do you want the most recent fiscal year?").answer == IDK  # C names a year, not "latest"
    assert sim.decide("Do you want the 2022 annual figure?").answer == Y
    assert sim.decide("Is this for the most recent quarter?").answer == N  # a quarter is not a year
    assert sim.decide("Trailing twelve months?").answer == N
    latest = annual.model_copy(update={"context": "I want the latest fiscal year the company has reported."})
    assert DeterministicSimulator(latest).decide("Do you want the most recent fiscal year?").answer == Y


def test_no_period_in_c_leaves_the_period_unsettled():
    inst = _instance(intended_interpretation={"entity": "Acme Holdings consolidated", "metric": "adjusted revenue"},
                     default_interpretation={"entity": "Acme Holdings consolidated", "metric": "revenue"},
                     axes=["metric_definition"])
    sim = DeterministicSimulator(inst)
    assert sim.decide("Do you want fiscal 2007?").answer == IDK
    assert sim.decide("Do you want adjusted revenue for fiscal 2007?").answer == IDK  # one part unsettled
    assert sim.decide("Do you want adjusted revenue?").answer == Y
    assert sim.decide("Do you want GAAP revenue for fiscal 2007?").answer == N  # one part contradicted


def test_one_contradicted_proposition_is_enough():
    inst = _instance(
        intended_interpretation={"entity": "attributable to Acme shareholders", "period": "fiscal year 2023",
                                 "metric": "net income excluding non-recurring items"},
        default_interpretation={"entity": "consolidated, including minority interests", "period": "fiscal year 2023",
                                "metric": "net income including non-recurring items"},
        axes=["entity_scope", "metric_definition"])
    sim = DeterministicSimulator(inst)
    assert sim.decide("Net income including minority interests for 2023?").answer == N
    assert sim.decide("Net income attributable to shareholders, excluding non-recurring items, for 2023?").answer == Y
    # "consolidated" marks the default unless the question affirms the distinction itself
    assert sim.decide("Consolidated net income?").answer == N
    assert sim.decide("Consolidated net income attributable to Acme shareholders?").answer == Y
    assert sim.decide("是归母扣非净利润吗？").answer == Y  # a Chinese question on an English instance


@pytest.mark.parametrize("iid,question,expected", [
    ("amb-demo-017", "Total revenue to date?", N),  # the total, when C wants the point-in-time part
    ("amb-demo-017", "Only revenue recognized at a point in time?", Y),
    ("amb-demo-012", "Do you want total revenue rather than subscription revenue?", N),
    ("amb-demo-004", "是含少数股东损益的净利润吗？", N),
    ("amb-demo-004", "请确认（请回答是或否）：子公司少数股东的份额不计入，对吗？", Y),  # a tag statement
    ("amb-demo-004", "您希望用哪个口径的净利润？", IDK),
    ("amb-demo-004", "我可以再检索一下年报吗？", IDK),
    ("amb-demo-014", "是2023年第四季度的营业收入吗？", Y),
    ("amb-demo-014", "是前三季度累计的收入吗？", N),
    ("amb-demo-015", "是与2022年第四季度相比的增长率吗？", Y),  # a comparison year is not the period
    ("amb-demo-024", "是2023年年报中重新列示的上年数吗？", Y),  # the filing's year is not the period
    ("amb-demo-021", "Should I use net income as originally reported in the fiscal 2022 10-K?", N),
    ("amb-demo-002", "You don't want the noncontrolling interests included, right?", Y),
    ("amb-demo-016", "Gross or net revenue?", IDK),
])
def test_demo_questions(iid, question, expected):
    reply = DeterministicSimulator(DEMO[iid]).decide(question)
    assert reply.answer == expected, reply.info


def test_fiscal_year_named_by_its_start():
    inst = _instance(intended_interpretation={"entity": "Acme consolidated",
                                              "period": "fiscal 2023 (fiscal year ended February 3, 2024)",
                                              "metric": "net sales"},
                     default_interpretation={"entity": "Acme consolidated", "period": "fourth quarter of fiscal 2023",
                                             "metric": "net sales"})
    sim = DeterministicSimulator(inst)
    assert sim.decide("The fiscal year ended February 3, 2024?").answer == Y
    assert sim.decide("Fiscal 2023?").answer == Y
    assert sim.decide("Fiscal 2024?").answer == N  # both name the fiscal year: the labels must agree


def test_facts_reader():
    f = read_facts("Do you want net income excluding minority interests for fiscal 2023, as restated?")
    assert f.facets["attribution"] == {"parent"} and f.facets["vintage"] == {"revised"}
    assert f.years == {2023} and f.fiscal_years == {2023} and f.metrics == {"net_income"}
    assert read_facts("是否需要剔除政府补助等一次性项目？").facets["recurring"] == {"excl"}
    assert read_facts("including the gain on the warehouse sale").facets["recurring"] == {"incl"}
    assert read_facts("Q4 2023 versus Q4 2022").years == {2023}
    assert read_facts("TTM as of June 30, 2024").periods == {"ttm"}
    assert read_facts("December 31, 2023").periods == {"point"}
    assert clean_question("**Q4 only** (please answer yes/no)?") == "Q4 only ?"
    assert split_alternatives("GAAP or adjusted?") == ["gaap ", " adjusted?"]
    assert len(split_alternatives("Restated, or not?")) == 1
