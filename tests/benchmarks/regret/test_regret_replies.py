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


# Regression cases for what an independent annotator found (new phrasings, not the annotated items).
@pytest.mark.parametrize("text, kind", [
    # a question put to the user, then a sentence explaining the choice (common Llama phrasing)
    ("Could you let me know which edition of the dictionary you mean? The first and second editions define the "
     "word differently.", "ASK"),
    ("Are you asking about the 1995 series or the 2005 film? Both adaptations cast a different Mr Darcy.", "ASK"),
    # ... but a confirmation answered at once, or a rhetorical question, is still an answer
    ("Do you mean the men's final? If so, Spain won it in 2010.", "ANSWER"),
    ("Did you know? Mount Everest is 8,849 metres tall.", "ANSWER"),
    ("Spain had 47.4 million residents in 2022. Are you thinking of moving there?", "ANSWER"),
    # requests without a question mark, inside a polite wrapper or in Chinese
    ("It would help if you could tell me which currency you want the figure in.", "ASK"),
    ("I could look it up if you can tell me whether you mean the parent company or the group.", "ASK"),
    ("请说明您需要哪一年的年报。", "ASK"),
    ("营业收入为12.3亿元。如果需要母公司口径，请告诉我。", "ANSWER"),
    ("Let me know if you have other questions.", "ANSWER"),
])
def test_independent_annotator_classes(text, kind):
    assert classify_reply(text).kind == kind


@pytest.mark.parametrize("text, refusal", [
    ("很抱歉，我无法回答这个问题。", True),
    ("抱歉，我没有足够的信息来确定答案。", True),
    ("I don't have reliable data on that product, sorry.", True),
    ("该公司2023年的营业收入为12.3亿元。", False),
])
def test_refusals_in_chinese_and_english(text, refusal):
    r = classify_reply(text)
    assert r.kind == "ANSWER" and r.refusal is refusal


# Regression cases for what the second (fresh) annotator found (new phrasings, not the annotated items).
@pytest.mark.parametrize("text, kind", [
    # an acknowledgement or emoji before the question does not make it a courtesy offer
    ("Sure thing! 😊 Which size were you after, 128GB or 256GB?", "ASK"),
    ("Thanks 🙏 what year do you mean?", "ASK"),
    ("Okay, which league would you like — the American or the National?", "ASK"),
    ("Got it. The 2017 winner was Aaron Judge. Would you like the NL winner too?", "ANSWER"),
    # a request that introduces a list, without a question mark
    ("Before I answer, please confirm the following:\n- the fiscal year\n- whether you want GAAP or adjusted figures",
     "ASK"),
    ("So I can give the right figure, kindly specify:\n1) the reporting period\n2) the currency", "ASK"),
    ("Here are the options:\n1. The 1971 film\n2. The 2005 film\nWhich one do you mean?", "ASK"),
    ("If you meant the parent company, please let me know.", "ANSWER"),
    ("Revenue was $12.3 million. Hope this helps, please let me know.", "ANSWER"),
    ("Notes:\nRevenue grew 12% in 2023.\nOperating margin was 8%.", "ANSWER"),
    # Chinese courtesy questions after an answer ...
    ("2023年营业收入为12.3亿元。还有什么可以帮您的吗？", "ANSWER"),
    ("该指标为8.2%。需要我进一步解释吗？", "ANSWER"),
    ("净利润为3.1亿元。希望对您有所帮助！有其他问题吗？", "ANSWER"),
    # ... but an open question on its own, or a clarifying question, still asks
    ("你有什么想了解的吗？", "ASK"),
    ("请问您是指哪个季度？有什么特别的要求吗？", "ASK"),
])
def test_fresh_annotator_classes(text, kind):
    assert classify_reply(text).kind == kind


@pytest.mark.parametrize("text, refusal", [
    # intensifiers are not refusals
    ("I can't stress enough how close that race was: Bellinger won it unanimously.", False),
    ("I cannot recommend this kettle enough — the Samplemark gooseneck is the one.", False),
    ("I can't help but notice it's the 2017 award: Cody Bellinger.", False),
    ("I cannot answer that without more information.", True),
    ("I can't say for sure.", True),
])
def test_intensifiers_are_not_refusals(text, refusal):
    r = classify_reply(text)
    assert r.kind == "ANSWER" and r.refusal is refusal


@pytest.mark.parametrize("text, kind", [
    # a question or a request that introduces its options with a colon
    ("Before I pick one, could you tell me:\n- the room size\n- your budget", "ASK"),
    ("Which edition are you after:\n- the 2019 hardback\n- the 2021 paperback", "ASK"),
    ("What you need to know:\n- it launched in 2011\n- it sold two million copies", "ANSWER"),
    # requests without a question mark
    ("I'd need a little more context — in particular, which league you mean.", "ASK"),
    ("I can pull either the 2016 or the 2017 figure — just say which.", "ASK"),
    ("Sure. Let me know whether you want the GAAP or the adjusted number", "ASK"),
    ("Kindly provide your budget, and I will suggest a kettle.", "ASK"),
    ("为便于核对，请说明是合并报表还是母公司报表的数据。", "ASK"),
    ("你是想问上半年还是全年", "ASK"),
    # ... but an offer after an answer stays an answer
    ("Revenue was $12.3 million. Let me know if you want the GAAP or the adjusted breakdown.", "ANSWER"),
    ("Revenue was $12.3 million. Tell me if you want more detail.", "ANSWER"),
    ("Tell me if you want more detail or a short summary.", "ANSWER"),
    ("The 2017 award went to Cody Bellinger. Please share your feedback on this answer.", "ANSWER"),
    ("上半年收入为4.1亿元，你是想问全年的话是8.9亿元。", "ANSWER"),
])
def test_third_annotator_classes(text, kind):
    assert classify_reply(text).kind == kind


@pytest.mark.parametrize("text, refusal", [
    ('{"type": "ANSWER", "final_response": "Sorry, I am unable to browse current prices."}', True),
    ("I'm sorry, I cannot look up live stock levels.", True),
    ("Sorry for the wait: the answer is 1998.", False),
    ("Sorry, I can't help but smile at this one: it was 1998.", False),
])
def test_an_apology_with_an_inability_is_a_refusal(text, refusal):
    r = classify_reply(text)
    assert r.kind == "ANSWER" and r.refusal is refusal
