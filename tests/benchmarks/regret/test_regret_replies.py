"""The ASK/ANSWER reply classifier: protocol JSON, free text, and property tests on arbitrary input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.regret import classify_reply

TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=200)


@settings(max_examples=300)
@given(TEXT)
def test_never_raises_and_always_decides(text):
    r = classify_reply(text)
    assert r.kind in ("ASK", "ANSWER") and isinstance(r.text, str)


@settings(max_examples=200)
@given(body=st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=120),
       kind=st.sampled_from(["ASK", "ANSWER", "ask", "Answer"]),
       fence=st.booleans(), noise=st.sampled_from(["", "Sure! ", "Here is my reply:\n"]))
def test_protocol_json_round_trips_whatever_the_text(body, kind, fence, noise):
    key = "question_text" if kind.upper() == "ASK" else "final_response"
    raw = json.dumps({"type": kind, key: body}, ensure_ascii=False)
    if fence:
        raw = f"```json\n{raw}\n```"
    r = classify_reply(noise + raw)
    assert r.method == "json" and r.kind == kind.upper() and r.text == body.strip()


@pytest.mark.parametrize("text, kind", [
    ("Which year do you mean?", "ASK"),
    ("Just to confirm, you mean the 1991 recording?", "ASK"),
    ("Please tell me which season you mean.", "ASK"),
    ("There are two films called Red Dust (1932 and 2004). Which one do you mean?", "ASK"),
    ("Bonnie Raitt recorded it in 1991. Let me know if you meant a cover!", "ANSWER"),
    ("Richard Harris. Or did you mean the later films?", "ANSWER"),
    ("Which dragon? Falkor, in the English version.", "ANSWER"),
    ('The song "Who\'s That Girl?" came out in 1987.', "ANSWER"),
    ("请问您指的是合并报表还是母公司报表？", "ASK"),
    ("ANSWER: Heath Ledger", "ANSWER"),
    ("Clarifying question: which league?", "ASK"),
])
def test_free_text_by_the_definition(text, kind):
    assert classify_reply(text).kind == kind


def test_refusal_and_json_variants():
    assert classify_reply("I'm sorry, but I can't determine that.").refusal
    assert not classify_reply("I'm not sure, but I believe it was 1987.").refusal
    r = classify_reply('{"type": "answer", "answer": "Jack Nicholson"}')
    assert (r.kind, r.text, r.method) == ("ANSWER", "Jack Nicholson", "json")
    # Two different actions in one reply are not a valid JSON action: the text rules decide.
    two = '{"type": "ASK", "question_text": "Which year?"} {"type": "ANSWER", "final_response": "1987"}'
    assert classify_reply(two).method == "text"
