"""Final answer → intent matching."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import CIG, match_intent


def fin() -> CIG:
    return CIG.model_validate({
        "cig_id": "f", "prompt": "What was Northwind's operating income in fiscal 2023?",
        "intents": [{"intent_id": "segment", "description": "segment", "slots": {"entity": "segment"},
                     "answer_aliases": ["$538.9 million"]},
                    {"intent_id": "group", "description": "group", "slots": {"entity": "consolidated"},
                     "answer_aliases": ["$412.6 million"]}],
        "variables": [{"name": "entity", "values": ["segment", "consolidated"]}],
        "actions": [{"action": "ask:entity", "reference_questions": ["Which entity?"]}],
    })


@pytest.mark.parametrize("answer, expected, method", [
    ("Cody Bellinger won it.", "r1", "alias"),
    ("It was Aaron Judge, not Cody Bellinger.", "r3", "alias"),
    ("Aaron Judge and Cody Bellinger", None, "hedge"),
    ("Mike Trout", None, "none"),
    ("", None, "none"),
])
def test_rookie(answer, expected, method):
    m = match_intent(answer, rookie())
    assert (m.intent_id, m.method) == (expected, method)


def test_dates_in_other_formats_and_amounts_in_other_notations():
    assert match_intent("It premiered on 1989-12-17.", simpsons()).intent_id == "series"
    assert match_intent("19 April 1987", simpsons()).intent_id == "short"
    assert match_intent("Operating income was $538.9M.", fin()).intent_id == "segment"
    assert match_intent("0.4126 billion dollars", fin()).intent_id == "group"
    assert match_intent("$538.9 million compared with $412.6 million overall", fin()).intent_id == "segment"
    assert match_intent("$500 million", fin()).intent_id is None


@given(st.text(max_size=300))
def test_never_raises(text):
    m = match_intent(text, rookie())
    assert m.intent_id in (None, "r1", "r2", "r3", "r4")
