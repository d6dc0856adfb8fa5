"""The review's rules one by one (selection, decision checks, the rules' own decisions, the rewording
check) and the record formats (what a reviewer may write, and the one-line errors for what it may not)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.build.reasoning.records import Adjudication, BlindRecord, load_recorded, parse_value
from finprobe.build.reasoning.rules import (
    Decision,
    TaskFacts,
    agree,
    auto_decision,
    check_decision,
    rewording_outcome,
    select,
)
from finprobe.core.benchmark import DataError


def facts(ref=94.0, sign_agnostic=False, fields=None) -> TaskFacts:
    return TaskFacts(id="T", question="what was the total fair value in 2010 and 2009?", reference=ref,
                     reference_source="executor", sign_agnostic=sign_agnostic, human_answer="94",
                     fields_disagree=fields)


def rec(answer=94.0, verdict="clear", readings=(), who="X") -> BlindRecord:
    return BlindRecord(id="T", answer=answer, verdict=verdict, reason="r", reviewer=who,
                       readings=[{"reading": f"r{i}", "answer": v} for i, v in enumerate(readings)])


def recs(*records: BlindRecord) -> dict[str, BlindRecord]:
    return dict(zip("ABCDE", records, strict=False))


# --------------------------------------------------------------------------- selection
@pytest.mark.parametrize("first,f,expected", [
    (rec(94.5), facts(), []),  # within 1%
    (rec(96.0), facts(), ["blind_disagrees"]),
    (rec(-94.0), facts(sign_agnostic=True), []),  # the grader accepts both signs there
    (rec(-94.0), facts(), ["blind_disagrees"]),
    (rec(94.0), facts(fields="genuine"), ["fields_disagree"]),
    (rec(94.0, "ambiguous", (94.0, 68.9)), facts(), ["blind_ambiguous"]),
    (rec(None, "missing_data"), facts(), ["blind_missing_data"]),
    (None, facts(fields="rounding"), ["blind_missing", "fields_disagree"]),
    (rec("yes"), facts(ref="yes"), []),
    (rec("no"), facts(ref="yes"), ["blind_disagrees"]),
])
def test_selection(first, f, expected):
    assert select(f, first) == expected


# --------------------------------------------------------------------------- decisions
def test_a_value_needs_two_blind_reviewers_and_must_differ_from_the_reference():
    f = facts()
    two = recs(rec(68.9), rec(68.9), rec(94.0))
    assert check_decision(f, Decision(kinds=["value"], value=68.9), two) == []
    one = recs(rec(68.9), rec(70.0), rec(94.0))
    assert check_decision(f, Decision(kinds=["value"], value=68.9), one) == [
        "value 68.9 is reached by 1 of 3 blind reviewers (two are needed)"]
    assert "value equals the reference" in check_decision(f, Decision(kinds=["value"], value=94.2),
                                                          recs(rec(94.2), rec(94.2)))
    assert "a yes/no value for a question that is not a yes/no question" in check_decision(
        f, Decision(kinds=["value"], value="yes"), recs(rec("yes"), rec("yes")))


def test_a_yes_no_question_whose_program_computes_a_number_gets_a_yes_no_value():
    """Seed 002, example 5 (Arista): the question asks yes/no, the stored program returns a number."""
    f = facts().model_copy(update={"question": "as of december 31 , 2015 , are purchase commitments greater than "
                                               "expected 2016 lease commitments?", "reference": 43900000.0})
    assert check_decision(f, Decision(kinds=["value"], value="yes"), recs(rec("yes"), rec("yes"))) == []
    yes_no = f.model_copy(update={"reference": "no"})
    assert "a numeric value for a yes/no question" in check_decision(
        yes_no, Decision(kinds=["value"], value=1.5), recs(rec(1.5), rec(1.5)))
    numeric = facts().model_copy(update={"question": "was was the total amount spent on stock repurchases?",
                                         "reference": 45984064.5})
    assert check_decision(numeric, Decision(kinds=["value"], value=45.98), recs(rec(45.98), rec(45.98))) == []


def test_a_rewording_needs_a_second_reading_and_a_reviewer_who_reached_the_kept_value():
    f = facts()
    ambiguous = recs(rec(94.0, "ambiguous", (94.0, 34.7)), rec(94.0), rec(94.0))
    reword = Decision(kinds=["question"], question="what was the combined total for 2010 and 2009 together?")
    assert check_decision(f, reword, ambiguous) == []
    assert check_decision(f, reword, recs(rec(94.0), rec(34.7))) == []  # two reviewers, two readings
    assert check_decision(f, reword, recs(rec(94.0), rec(94.0))) == [
        "no blind reviewer found two readings, and none reached another value"]
    assert check_decision(f, reword, recs(rec(34.7, "ambiguous", (34.7, 34.2)), rec(34.7))) == [
        "no blind reviewer reached 94.0, the value the rewording keeps"]
    same = Decision(kinds=["question"], question="What was the total fair value in 2010 and 2009 ?")
    assert check_decision(f, same, ambiguous) == ["the rewording is the original question"]


def test_both_signs_only_where_the_grader_does_not_already_and_a_skip_only_with_missing_data():
    both = Decision(kinds=["sign_agnostic"])
    assert check_decision(facts(-0.31), both, recs(rec(0.31), rec(-0.31))) == []
    assert check_decision(facts(-0.31, sign_agnostic=True), both, recs(rec(0.31))) == [
        "the grader already accepts both signs on this question"]
    skip = Decision(kinds=["skip"], skip="no price in the excerpt")
    assert check_decision(facts(), skip, recs(rec(None, "missing_data"), rec(94.0))) == []
    assert check_decision(facts(), skip, recs(rec(94.0), rec(90.0))) == ["no blind reviewer found the data missing"]


@pytest.mark.parametrize("records,kinds,status", [
    (recs(rec(94.0), rec(94.0), rec(94.0)), [], "settled"),
    (recs(rec(90.0), rec(94.0), rec(94.0)), [], "decided"),
    (recs(rec(68.9), rec(68.9), rec(94.0)), ["value"], "decided"),
    (recs(rec(None, "missing_data"), rec(None, "missing_data"), rec(94.0)), ["skip"], "decided"),
    (recs(rec(94.0, "ambiguous", (94.0, -94.0)), rec(-94.0), rec(12.0)), ["sign_agnostic"], "decided"),
    (recs(rec(94.0, "ambiguous", (94.0, 68.9)), rec(68.9), rec(12.0)), [], "unresolved"),
    (recs(rec(1.0), rec(2.0), rec(3.0)), [], "unresolved"),
])
def test_the_rules_own_decisions(records, kinds, status):
    d = auto_decision(facts(), records)
    assert (d.kinds, d.status) == (kinds, status)
    if "value" in kinds:
        assert d.value == 68.9 and check_decision(facts(), d, records) == []


def test_rewording_check():
    f = facts()
    blind = recs(rec(94.0, "ambiguous", (94.0, 68.9)), rec(68.9), rec(94.0))
    d = Decision(kinds=["question"], question="combined total?")
    assert rewording_outcome(f, d, blind, {}) == ("pending", "no reviewer of the original wording yet")
    assert rewording_outcome(f, d, blind, {"R1": rec(94.0, "ambiguous", (94.0, 68.9))})[0] == "kept"
    assert rewording_outcome(f, d, blind, {"R1": rec(68.9)}) == ("kept", "R1 reached the other reading (68.9)")
    assert rewording_outcome(f, d, blind, {"R1": rec(94.0)})[0] == "restored"
    assert rewording_outcome(f, d, blind, {"R1": rec(12.0)})[0] == "restored"  # an error, not the other reading
    # with two reviewers of the original wording, both must find the second reading
    both = {"R1": rec(94.0, "ambiguous", (94.0, 68.9)), "R2": rec(94.0)}
    assert rewording_outcome(f, d, blind, both) == (
        "restored", "R2 found one clear reading of the original wording (clear, 94.0)")


# --------------------------------------------------------------------------- records
@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_parse_value_reads_numbers_as_json_or_text(x):
    assert parse_value(x) == x and parse_value(repr(x)) == x
    assert parse_value(f"{x!r}%") == pytest.approx(x / 100)


@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.floats(min_value=-0.0099, max_value=0.0099))
def test_agree_is_the_contract_tolerance(x, rel):
    assert agree(x * (1 + rel), x)
    assert agree(-x, x, sign_agnostic=True)


@pytest.mark.parametrize("value,problem", [(True, "not true/false"), ("maybe", "neither a number"),
                                           (float("inf"), "finite"), ([1], "not list")])
def test_parse_value_refuses(value, problem):
    with pytest.raises(ValueError, match=problem):
        parse_value(value)


@pytest.mark.parametrize("line,fragment", [
    ({"id": "T", "answer": None, "verdict": "clear", "reason": "r", "reviewer": "x"}, "a clear verdict needs an answer"),
    ({"id": "T", "answer": 1, "verdict": "ambiguous", "readings": [], "reason": "r", "reviewer": "x"},
     "at least two readings"),
    ({"id": "T", "answer": 1, "verdict": "sure", "reason": "r", "reviewer": "x"}, "verdict"),
    ({"id": "T", "answer": 1, "verdict": "clear", "reason": " ", "reviewer": "x"}, "reason"),
    ({"id": "ZZZ", "answer": 1, "verdict": "clear", "reason": "r", "reviewer": "x"}, "not in the data"),
])
def test_bad_blind_records_name_the_file_and_line(tmp_path, line, fragment):
    path = tmp_path / "batch_00.A.jsonl"
    good = {"id": "U", "answer": 2, "verdict": "clear", "reason": "r", "reviewer": "x"}
    path.write_text(json.dumps(good) + "\n\n" + json.dumps(line) + "\n")
    with pytest.raises(DataError) as info:
        load_recorded(str(tmp_path / "*.A.jsonl"), BlindRecord, ["T", "U"])
    assert f"{path}:3" in str(info.value) and fragment in str(info.value)


def test_records_from_several_files_and_conflicting_duplicates(tmp_path):
    a = {"id": "T", "answer": "1,234.5", "verdict": "clear", "reason": "r", "reviewer": "x", "notes": "ignored"}
    (tmp_path / "batch_00.A.jsonl").write_text(json.dumps(a) + "\n")
    (tmp_path / "batch_01.A.jsonl").write_text(json.dumps({**a, "id": "U"}) + "\n" + json.dumps(a) + "\n")
    got = load_recorded(str(tmp_path), BlindRecord, ["T", "U"])
    assert set(got) == {"T", "U"} and got["T"].answer == 1234.5 and got["T"].reviewer_kind == "model"
    (tmp_path / "batch_02.A.jsonl").write_text(json.dumps({**a, "answer": 7}) + "\n")
    with pytest.raises(DataError, match="recorded twice with different content"):
        load_recorded(str(tmp_path / "*.jsonl"), BlindRecord, ["T", "U"])
    assert load_recorded(str(tmp_path / "nothing-yet-*.jsonl"), BlindRecord) == {}
    with pytest.raises(DataError, match="no such record file"):
        load_recorded(str(tmp_path / "absent.jsonl"), BlindRecord)


@pytest.mark.parametrize("body,fragment", [
    ({"kinds": ["value"]}, "'value' in kinds goes with a value"),
    ({"kinds": [], "question": "q?"}, "'question' in kinds"),
    ({"kinds": ["skip", "value"], "skip": "x", "value": 1}, "no other fix"),
    ({"kinds": ["rename"]}, "kinds"),
])
def test_adjudication_records_must_be_consistent(body, fragment):
    with pytest.raises(ValueError, match=fragment):
        Adjudication.model_validate({"id": "T", "reason": "r", "reviewer": "x", **body})
    ok = Adjudication.model_validate({"id": "T", "reason": "r", "reviewer": "x", "kinds": ["question", "value"],
                                      "value": 3, "question": "q?"})
    assert ok.kinds == ["value", "question"]  # canonical order


def test_a_value_fix_is_told_apart_by_cause():
    """A percentage stored as percent points (or an amount in another unit) is a contract-scale fix; a new
    type is yes/no; anything else is a reference that computes something other than the question asks."""
    from finprobe.build.reasoning.rules import value_cause

    assert value_cause(facts(ref=16.93811), 0.1693811) == "contract_scale"
    assert value_cause(facts(ref=0.0747), 7.47) == "contract_scale"
    assert value_cause(facts(ref=70000000.0), 70.0) == "contract_scale"
    assert value_cause(facts(ref=6111.0), 5547.0) == "computation"
    assert value_cause(facts(ref=-16.93811), 0.1693811) == "contract_scale"  # a sign slip on top of the unit
    assert value_cause(facts(ref=43900000.0), "yes") == "yes_no"
