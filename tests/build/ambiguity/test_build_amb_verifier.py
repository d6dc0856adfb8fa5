"""The adversarial verifier: field-by-field interpretation matching, the two-condition rule, reply parsing."""

from __future__ import annotations

import json

import pytest
from build_amb_support import en_record, verifier_reply, zh_record
from hypothesis import given
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.build.ambiguity.verifier import (
    TrialOutcome,
    assess_trial,
    compare_interpretation,
    decide,
    parse_verifier_reply,
    verifier_messages,
)


@pytest.fixture
def en_inst() -> AmbiguityInstance:
    return AmbiguityInstance.model_validate(en_record())


@pytest.fixture
def zh_inst() -> AmbiguityInstance:
    return AmbiguityInstance.model_validate(zh_record())


def temporal_inst() -> AmbiguityInstance:
    rec = en_record()
    rec.update(axes=["temporal_scope"], answer="$96.7 million", default_answer="$352.0 million")
    rec["intended_interpretation"] = {"entity": "Acme Widgets consolidated", "period": "fourth quarter of 2023",
                                      "metric": "revenue"}
    rec["default_interpretation"] = {"entity": "Acme Widgets consolidated", "period": "fiscal year 2023",
                                     "metric": "revenue"}
    return AmbiguityInstance.model_validate(rec)


@pytest.mark.parametrize("stated,aligned", [
    ({"entity": "Industrial Products segment", "period": "FY2023"}, True),
    ({"entity": "the industrial products reportable segment only", "period": "2023"}, True),
    ({"entity": "Acme Widgets consolidated", "period": "FY2023"}, False),
    ({"entity": "Acme Widgets Inc. (total company)", "period": "fiscal 2023"}, False),
    # substrings of the intended value do not count when the statement rejects them
    ({"entity": "consolidated, not the Industrial Products segment"}, False),
    ({"entity": "company-wide, excluding segment detail"}, False),
    # the company's own name is no evidence for either reading
    ({"entity": "Acme Widgets"}, False),
    ({"entity": ""}, False),
    # a year that contradicts the shared period
    ({"entity": "Industrial Products segment", "period": "fiscal 2022"}, False),
])
def test_entity_field_en(en_inst, stated, aligned):
    assert compare_interpretation(stated, en_inst).aligned is aligned


@pytest.mark.parametrize("stated,aligned", [
    ({"metric": "扣非净利润", "entity": "归母"}, True),
    ({"metric": "扣除非经常性损益后归属于母公司所有者的净利润"}, True),
    ({"metric": "净利润"}, False),
    ({"metric": "归母净利润（含非经常性损益）"}, False),
    ({"metric": "不扣除非经常性损益的净利润"}, False),
])
def test_metric_field_zh(zh_inst, stated, aligned):
    assert compare_interpretation(stated, zh_inst).aligned is aligned


@pytest.mark.parametrize("period,aligned", [
    ("Q4 2023", True),
    ("fourth quarter of fiscal 2023", True),
    ("three months ended December 31, 2023", True),  # the calendar fourth quarter
    ("three months ended September 30, 2023", False),
    ("the quarter", False),  # a quarter, but which one is not stated
    ("fiscal year 2023", False),
    ("full year 2023", False),
    ("2023", False),
    ("Q3 2023", False),
    ("Q4 2022", False),
])
def test_period_field_is_compared_as_a_period(period, aligned):
    assert compare_interpretation({"period": period}, temporal_inst()).aligned is aligned


def test_every_distinctive_field_must_side_with_the_intended_reading():
    rec = zh_record()
    rec["intended_interpretation"]["entity"] = "归属于母公司股东"
    rec["default_interpretation"]["entity"] = "合并口径（含少数股东损益）"
    inst = AmbiguityInstance.model_validate(rec)
    assert compare_interpretation({"entity": "归母", "metric": "扣非净利润"}, inst).aligned
    mixed = compare_interpretation({"entity": "含少数股东", "metric": "扣非净利润"}, inst)
    assert not mixed.aligned
    assert {f.field: f.side for f in mixed.fields}["entity"] == "default"


# --------------------------------------------------------------------------- trials and the rule
def _trial(i: int, gives: bool, states: bool, parsed: bool = True) -> TrialOutcome:
    return TrialOutcome(trial=i, role="v", parsed=parsed, gives_answer=gives, states_intended=states)


def test_two_leaks_reject():
    d = decide([_trial(0, True, True), _trial(1, True, True)] + [_trial(i, False, False) for i in range(2, 10)])
    assert d.rejected and d.n_leaks == 2 and "2 of 10" in d.reason


def test_one_leak_passes():
    d = decide([_trial(0, True, True)] + [_trial(i, False, False) for i in range(1, 10)])
    assert not d.rejected and d.n_leaks == 1


def test_lucky_guesses_and_right_reading_with_wrong_value_are_not_leaks():
    trials = ([_trial(i, True, False) for i in range(4)]  # A under the default interpretation
              + [_trial(i, False, True) for i in range(4, 8)]  # intended interpretation, wrong value
              + [_trial(8, True, True), _trial(9, False, False)])
    d = decide(trials)
    assert not d.rejected and d.n_gives_answer == 5 and d.n_states_intended == 5 and d.n_leaks == 1


def test_mostly_unparsed_trials_leave_the_instance_untested():
    d = decide([_trial(i, False, False, parsed=i < 4) for i in range(10)])
    assert d.rejected and "untested" in d.reason


def test_assess_trial_grades_with_the_family_grader(en_inst):
    intended = en_inst.intended_interpretation.values()
    # "$539M" is A at the coarser precision: a match; the segment reading stated
    t = assess_trial(en_inst, verifier_reply("About $539M", intended), trial=0, role="v")
    assert t.parsed and t.gives_answer and t.states_intended and t.leak
    # a hedge with both readings' values is not A (the family's rule)
    t = assess_trial(en_inst, verifier_reply("$538.9 million for the segment or $412.6 million consolidated",
                                             intended), trial=1, role="v")
    assert not t.gives_answer and not t.leak
    t = assess_trial(en_inst, verifier_reply("$412.6 million", en_inst.default_interpretation.values()),
                     trial=2, role="v")
    assert t.gives_default and not t.gives_answer and not t.states_intended
    t = assess_trial(en_inst, "I cannot know this without the filing.", trial=3, role="v")
    assert not t.parsed and "no JSON" in t.reason


@pytest.mark.parametrize("text", [
    '{"answer": "$1.2B", "interpretation": {"entity": "consolidated"}}',
    'Sure.\n```json\n{"answer": "$1.2B", "interpretation": {"entity": "consolidated"}}\n```',
    'My answer: {"answer": 1200000000, "interpretation": {"entity": "consolidated", "period": 2023}} hope it helps',
])
def test_parse_reply_wrappers(text):
    reply = parse_verifier_reply(text)
    assert reply.answer in ("$1.2B", "1200000000") and reply.interpretation["entity"] == "consolidated"


@pytest.mark.parametrize("text", ["", "no idea", '{"answer": "x"}', '{"interpretation": {}}', "[1, 2]"])
def test_parse_reply_rejects(text):
    with pytest.raises(ValueError):
        parse_verifier_reply(text)


@given(st.text(max_size=200))
def test_parse_reply_never_raises_anything_but_value_error(text):
    try:
        parse_verifier_reply(text)
    except ValueError:
        pass


@given(st.dictionaries(st.sampled_from(["entity", "period", "metric", "basis", "vintage", "x"]),
                       st.text(max_size=40), max_size=5))
def test_compare_never_raises(stated):
    compare_interpretation(stated, temporal_inst())
    compare_interpretation(stated, AmbiguityInstance.model_validate(zh_record()))


def test_verifier_never_sees_the_context(en_inst):
    messages = verifier_messages(en_inst.question, "en")
    text = json.dumps([m.model_dump() for m in messages])
    assert en_inst.question in text and en_inst.context not in text and "$538.9" not in text
    assert "你回答" in verifier_messages("青岚精密2023年的净利润是多少？", "zh")[0].content
