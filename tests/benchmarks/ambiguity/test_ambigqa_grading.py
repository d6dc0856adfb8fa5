"""Grading short text answers against AmbigQA readings: normalisation, aliases, dates and numbers by value,
hedges, context names, non-committal answers, EM and F1; the labelled set's agreement as a regression guard."""

from __future__ import annotations

import datetime as dt
import sys

import pytest
from aq_support import REPO, verdict
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.ambiguity._general_text import squad_normalize
from finprobe.benchmarks.ambiguity.ambigqa import AmbigQAInstance, Reading
from finprobe.benchmarks.ambiguity.text_grading import find_dates, find_numbers, grade_text_answer, token_f1


def inst(*answers: list[str], target: int = 1, question: str = "Who played Gaston?",
         questions: list[str] | None = None) -> AmbigQAInstance:
    qs = questions or [f"Reading {n} of the question?" for n in range(len(answers))]
    return AmbigQAInstance(instance_id="t", question=question, target=target,
                           readings=[Reading(question=q, answers=a) for q, a in zip(qs, answers, strict=True)])


GASTON = inst(["Richard White"], ["Luke Evans", "Luke George Evans"])


def test_squad_normalisation_and_token_f1():
    assert squad_normalize("The  U.S.  Open!") == "us open"
    assert squad_normalize("“Timothée” Chalamet") == "timothee chalamet"
    assert squad_normalize("an apple, a day") == "apple day"
    assert token_f1("Luke Evans played him", "Luke Evans") == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert token_f1("Richard White", "Luke Evans") == 0.0


@pytest.mark.parametrize("answer, expected", [
    ("Luke Evans", "intended"), ("luke evans.", "intended"), ("LUKE GEORGE EVANS", "intended"),
    ("I think it's **Luke Evans**.", "intended"), ("The answer is Luke Evans, who played him in 2017.", "intended"),
    ("Richard White", "default_capture"), ("It was Richard White (1991).", "default_capture"),
    ("Luke Evans or Richard White", "hedge"), ("Richard White (1991); Luke Evans (2017).", "hedge"),
    ("Luke Evans, not Richard White.", "intended"), ("Not Luke Evans but Richard White.", "default_capture"),
    ("Josh Gad", "wrong"), ("Evans", "wrong"),  # a surname is not a listed alias
    ("It depends on which version you mean.", "non_committal"), ("Which film do you mean?", "non_committal"),
    ("", "non_committal"),
])
def test_verdicts_against_every_reading(answer, expected):
    assert verdict(GASTON, answer) == expected


def test_grade_fields_and_exact_match_beside_the_verdict():
    g = grade_text_answer(GASTON, "Luke Evans")
    assert g.correct and g.any_valid and not g.default_captured and g.matched == [1] and g.em_target == 1.0
    wrapped = grade_text_answer(GASTON, "I think it's Luke Evans.")
    assert wrapped.correct and wrapped.em_target == 0.0 and 0 < wrapped.f1_target < 1
    other = grade_text_answer(GASTON, "Richard White")
    assert other.any_valid and other.default_captured and other.em_best == 1.0 and other.em_target == 0.0
    none = grade_text_answer(GASTON, None, answered=False)
    assert not none.answered and not none.any_valid and none.verdict_intended == "no_answer"


@pytest.mark.parametrize("answer", ["January 9, 2007", "9 January 2007", "Jan. 9th, 2007", "2007-01-09", "1/9/2007",
                                    "It was announced on 9 Jan 2007 at Macworld."])
def test_dates_are_compared_by_value(answer):
    i = inst(["June 29, 2007"], ["January 9, 2007"])
    assert verdict(i, answer) == "intended"


def test_a_date_may_be_finer_than_the_reference_never_coarser():
    years = inst(["1984"], ["1990"])
    assert verdict(years, "March 3, 1990") == "intended"      # states the year 1990 and more
    assert verdict(years, "1990") == "intended"
    days = inst(["May 8, 1945"], ["September 2, 1945"])
    assert verdict(days, "1945") == "wrong" and verdict(days, "September 1945") == "wrong"
    assert verdict(days, "It ended in 1945: May 8 in Europe and September 2 in the Pacific.") == "hedge"


@pytest.mark.parametrize("answer, expected", [
    ("11", "intended"), ("eleven", "intended"), ("Eleven players on the field.", "intended"),
    ("11 players", "intended"), ("5", "default_capture"), ("five", "default_capture"), ("10", "wrong"),
    ("eleven in football, five in basketball", "hedge"),
])
def test_numbers_are_compared_by_value(answer, expected):
    assert verdict(inst(["5", "five"], ["11"]), answer) == expected


def test_large_numbers_and_ordinals():
    assert verdict(inst(["2,000"], ["7 million"]), "7,000,000 people") == "intended"
    assert verdict(inst(["2nd"], ["3rd"]), "third") == "intended"
    assert verdict(inst(["2"], ["3"]), "the third") == "wrong"  # an ordinal is not a count
    assert [n.value for n in find_numbers("twenty-five, one hundred and five, 1,000")] == [25, 105, 1000]


def test_list_aliases_need_every_member_and_parentheses_are_optional():
    i = inst(["J. R. R. Tolkien", "Tolkien"], ["Fran Walsh, Philippa Boyens, Peter Jackson"])
    assert verdict(i, "Peter Jackson, Fran Walsh and Philippa Boyens") == "intended"
    assert verdict(i, "Peter Jackson") == "wrong"
    assert verdict(i, "Fran Walsh, Philippa Boyens, Peter Jackson, not J. R. R. Tolkien.") == "intended"
    musical = inst(["Irving Berlin"], ["Annie Get Your Gun (1946)"])
    assert verdict(musical, "It was written for Annie Get Your Gun.") == "intended"


def test_a_name_copied_from_the_question_is_not_an_answer():
    i = inst(["Tom", "Tom Cat"], ['Ira "Buck" Woods'], question="Who sings Is You Is on Tom and Jerry?",
             questions=["Which character sings it in the Tom and Jerry short?", "Who performed the vocals?"])
    assert verdict(i, "In the Tom and Jerry short, the vocals are by Ira \"Buck\" Woods.") == "intended"
    assert verdict(i, "Tom sings it.") == "default_capture"
    assert verdict(i, "Tom the cat") == "default_capture"


def test_context_names_are_not_answers():
    cup = inst(["Argentina"], ["Germany"])
    assert verdict(cup, "Germany won, beating Argentina 1-0 in the final.") == "intended"
    assert verdict(cup, "Argentina beat Germany") == "default_capture"
    assert verdict(cup, "Germany (2014) and Argentina (2022)") == "hedge"
    # a shorter alias inside a longer one of another reading belongs to the longer ("White" in "Richard White")
    assert verdict(inst(["Richard White"], ["White"]), "Richard White") == "default_capture"


def test_a_shared_alias_is_no_hedge():
    i = inst(["England", "France"], ["England"])
    assert verdict(i, "England") == "intended"


_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]


@settings(max_examples=150, deadline=None)
@given(st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2099, 12, 31)), st.integers(0, 4))
def test_any_date_in_any_written_form_is_read_back(date, form):
    month = _MONTHS[date.month - 1]
    text = [f"{month} {date.day}, {date.year}", f"{date.day} {month} {date.year}", date.isoformat(),
            f"{month[:3]}. {date.day}th, {date.year}", f"the {date.day} of {month}, {date.year}"][form]
    found = find_dates(f"It happened on {text}.")
    assert [(d.year, d.month, d.day) for d in found] == [(date.year, date.month, date.day)]


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_grading_never_raises(text):
    g = grade_text_answer(GASTON, text)
    assert g.correct <= g.any_valid and not (g.correct and g.default_captured) and not (g.hedge and g.any_valid)


def test_labelled_answer_set_agreement_stays_above_the_goal(capsys):
    """The bench's labelled set (bench/data/ambigqa/grader_answers.jsonl) as a regression guard."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        from ambigqa_common import instances, read_jsonl
        from ambigqa_grader import GOAL
        from ambigqa_grader import verdict as bench_verdict
    finally:
        sys.path.pop(0)
    items, insts = read_jsonl("grader_answers.jsonl"), instances()
    sure = [it for it in items if not it["unsure"]]
    agree = sum(bench_verdict(grade_text_answer(insts[it["instance_id"]], it["answer"])) == it["label"] for it in sure)
    assert len(items) >= 300 and agree / len(sure) >= GOAL


@pytest.mark.shared_data
def test_every_readings_own_answer_is_graded_as_that_reading_on_the_train_file():
    """Every 3rd AmbigNQ instance, every reading as the target: its first alias is intended, never a hedge
    (aliases shared between readings, aliases inside other aliases, dates and numbers in the real data)."""
    from aq_support import SHARED_TRAIN

    from finprobe.benchmarks.ambiguity.ambigqa import load_ambigqa

    if not SHARED_TRAIN.exists():
        pytest.skip(f"AmbigNQ train file not present at {SHARED_TRAIN}")
    for i in load_ambigqa(SHARED_TRAIN)[0][::3]:
        for k, reading in enumerate(i.readings):
            g = grade_text_answer(i.model_copy(update={"target": k}), reading.answers[0])
            assert g.correct and not g.hedge, (i.instance_id, k, reading.answers[0])
