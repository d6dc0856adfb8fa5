"""The optional LLM judge: hard filters, structured verdicts, release prompts used as released (template,
system prompts, the {"answer_score": x} reply), an unusable verdict never replaced by anything; driven by an async
model callable, and by the real HTTP client against the local server."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mh_support import context_for

from finprobe.benchmarks.multihop import judge_final, judge_process, load_chains, role_model_fn, score_chain
from finprobe.benchmarks.multihop.judge import fill_template, read_final_verdict
from finprobe.core.models._base import ModelError
from finprobe.core.models.openai_compat import OpenAICompatibleModel
from finprobe.core.schema import Message, Outcome, Transcript
from finprobe.testing.mock_server import MockOpenAIServer


class Fake:
    """An async model callable with scripted replies that records what it was asked."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.seen: list[tuple[list[Message], dict]] = []

    async def __call__(self, messages, **kw):
        self.seen.append((messages, kw))
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply


def demo(demo_chains, cid="demo-L1-1hop-01-en"):
    return next(c for c in demo_chains if c.id == cid)


async def test_builtin_prompt_structured_verdict_with_evidence(demo_chains):
    chain = demo(demo_chains)
    model = Fake('{"verdict": "correct", "evidence": "Quillon Microchips"}')
    r = await judge_final(model, chain, "It was Quillon Microchips (QLMC).")
    assert r.ok and r.correct and r.prompts == "builtin"
    messages, kw = model.seen[0]
    assert "Reference answer:\nQuillon Microchips" in messages[1].content
    assert kw["response_schema"]["properties"]["verdict"]["enum"] == ["correct", "incorrect"]


async def test_hard_filters(demo_chains):
    chain = demo(demo_chains)
    model = Fake()
    r = await judge_final(model, chain, "   ")
    assert r.ok and r.correct is False and not r.called and model.seen == []  # empty: no call, incorrect
    # "correct" with evidence that is not in the response: rejected, retried, then unscored (not "wrong")
    model = Fake('{"verdict": "correct", "evidence": "Quillon Microchips"}',
                 '{"verdict": "correct", "evidence": "the answer is right"}')
    r = await judge_final(model, chain, "Zephyrine, I think.")
    assert not r.ok and r.correct is None and "hard filter" in str(r.reason) and len(r.raw) == 2


async def test_unreadable_replies_are_unusable_and_failed_calls_propagate(demo_chains):
    chain = demo(demo_chains)
    r = await judge_final(Fake("hmm, hard to say", "still thinking"), chain, "Quillon")
    assert not r.ok and r.reason == "unreadable judge reply" and len(r.raw) == 2
    with pytest.raises(ModelError, match="503"):  # the runner's retries and error record handle it
        await judge_final(Fake(ModelError("503 after retries")), chain, "Quillon")


async def test_release_prompts_are_used_verbatim(release_zh):
    chain = next(c for c in load_chains(release_zh) if c.id == "L1_1hop_1")
    assert chain.judge_prompts is not None
    model = Fake('{"score": 1, "reason": "一致"}')
    r = await judge_final(model, chain, "奎隆微芯")
    assert r.ok and r.correct and r.prompts == "release"
    messages, kw = model.seen[0]
    assert messages[0].content == chain.judge_prompts.final_system
    expected = f"问题：{chain.question}\n参考答案：{chain.final_answer}\n模型回答：奎隆微芯\n请评分。"
    assert messages[1].content == expected
    assert kw["response_schema"] is None  # the release prompt sets its own format
    r = await judge_final(Fake("0"), chain, "泽风半导体")
    assert r.ok and r.correct is False
    r = await judge_final(Fake('{"verdict": "correct", "evidence": "奎隆微芯"}'), chain, "奎隆微芯",
                          use_release_prompts=False)
    assert r.prompts == "builtin"


def test_template_filling_and_verdict_reading():
    text, unknown = fill_template('Q: {question} R: {{reference_answer}} A: {model_response} {extra} {"score": 1}',
                                  {"question": "q", "reference": "r", "response": "a"})
    assert text == 'Q: q R: r A: a {extra} {"score": 1}' and unknown == ["extra"]
    assert read_final_verdict('{"judgement": "Incorrect"}') == (False, None)
    assert read_final_verdict("正确。模型回答与参考答案一致")[0] is True
    assert read_final_verdict('{"score": 8}')[0] is True and read_final_verdict('{"score": 2}')[0] is False
    assert read_final_verdict("Verdict: incorrect")[0] is False


async def test_process_judge(demo_chains, release_zh):
    chain = demo(demo_chains, "demo-L2-3hop-01-en")
    r = await judge_process(Fake('{"reached": [true, false]}'), chain, "Zephyrine ... 1745.99")
    assert r.ok and r.hits == [True, False]
    r = await judge_process(Fake(), chain, "")
    assert r.ok and r.hits == [False, False] and not r.called
    r = await judge_process(Fake('{"reached": [true]}', "nope"), chain, "x")
    assert not r.ok
    zh = next(c for c in load_chains(release_zh) if c.id == "L2_3hop_1")
    assert zh.judge_prompts is not None
    model = Fake('{"steps": [1, 0]}')
    r = await judge_process(model, zh, "泽风半导体……")
    assert r.ok and r.hits == [True, False] and model.seen[0][0][0].content == zh.judge_prompts.process_system


async def test_judge_over_the_real_http_client(demo_chains):
    """The judge role as a real OpenAI-compatible backend on the local mock server; its calls land in the
    transcript; the scorer then uses the stored verdict without calling anything."""
    chain = demo(demo_chains)
    replies = [json.dumps({"verdict": "incorrect", "evidence": "QLMC"})]
    async with MockOpenAIServer(replies) as server:
        backend = OpenAICompatibleModel(server.base_url, "judge-model", max_retries=0)
        ctx = context_for(backend, roles={"judge": backend})
        r = await judge_final(role_model_fn(ctx.model("judge")), chain, "QLMC")
        await backend.aclose()
    assert r.ok and r.correct is False
    assert [c.role for c in ctx.transcript.calls] == ["judge"]
    body = server.log[0].body
    assert body["model"] == "judge-model" and body["messages"][0]["role"] == "system"
    assert body["response_format"]["type"] == "json_schema"  # structured output requested
    t = Transcript(outcome=Outcome.answered, final_answer="QLMC", info={"judge_final": r.model_dump()})
    assert score_chain(chain, t).s_final == 1  # the matcher alone says correct
    scored = score_chain(chain, t, judge="final")
    assert scored.s_final == 0 and scored.final_by == "judge"
    unscored = Transcript(outcome=Outcome.answered, final_answer="QLMC",
                          info={"judge_final": {"ok": False, "reason": "unreadable judge reply"}})
    with pytest.raises(ValueError, match="unusable .*unreadable"):  # never replaced by the matcher
        score_chain(chain, unscored, judge="final")


# --------------------------------------------------------------------------- the release's reply format
RELEASE_REPLY = '1. [Scoring Basis]: {basis}\n2. [JSON]:\n```json\n{{"answer_score": {score}}}\n```'


def test_the_answer_score_is_read_after_the_scoring_basis():
    from finprobe.benchmarks.multihop.judge import read_answer_score

    assert read_answer_score(RELEASE_REPLY.format(basis="matches the reference", score=1)) == 1.0
    assert read_answer_score('[Scoring Basis]: partly. {"answer_score": 0.25}') == 0.25
    assert read_answer_score('【评分依据】：一致。\n{“answer_score”：“0.5”}') == 0.5  # full-width marks
    # the basis may quote the format; the verdict is the last object
    assert read_answer_score('Format: {"answer_score": 1}. [Scoring Basis]: wrong date.\n{"answer_score": 0}') == 0.0
    assert read_answer_score("The response looks right to me.") is None
    assert read_answer_score('{"score": 1}') is None


@given(basis=st.text(max_size=300).filter(lambda t: "answer_score" not in t),
       score=st.sampled_from([0, 1, 0.5, 0.25, 0.125, 0.0, 1.0]))
def test_any_basis_text_leaves_the_score_readable(basis, score):
    from finprobe.benchmarks.multihop.judge import read_answer_score

    assert read_answer_score(RELEASE_REPLY.format(basis=basis, score=score)) == float(score)


async def test_the_release_judges_on_a_real_release_record(shared_data):
    data = shared_data / "finhopper" / "benchmark_en.json"
    if not data.is_file():
        pytest.skip("the FinHopper release is not in ../shared/data/finhopper")
    chain = next(c for c in load_chains(data) if c.id == "L2_3hop_1")
    assert chain.judge_prompts is not None and chain.judge_prompts.template is not None
    model = Fake(RELEASE_REPLY.format(basis="the final answer matches", score=1))
    response = "My answer (the {prompt} asked for a fund)."
    r = await judge_final(model, chain, response)
    assert r.ok and r.correct is True and r.prompts == "release"
    messages, _ = model.seen[0]
    assert messages[0].content == chain.judge_prompts.final_system
    # filled in one pass as written: a response that itself contains "{prompt}" is left as the agent wrote it
    values = {"prompt": chain.question, "response_reference": chain.reference_response, "response": response}
    expected = re.sub(r"\{(prompt|response_reference|response)\}", lambda m: values[m.group(1)],
                      chain.judge_prompts.template)
    assert messages[1].content == expected and response in messages[1].content
    half = RELEASE_REPLY.format(basis="half right", score=0.5)
    r = await judge_final(Fake(half, half), chain, "x")  # asked again once, then unusable
    assert not r.ok and "0 or 1" in (r.reason or "") and len(r.raw) == 2  # the final prompt scores 0 or 1 only
    r = await judge_process(Fake(RELEASE_REPLY.format(basis="one key point", score=0.25)), chain, "x")
    assert r.ok and r.score == 0.25
    over = RELEASE_REPLY.format(basis="too much", score=0.75)
    r = await judge_process(Fake(over, over), chain, "x")
    assert not r.ok  # the process prompt scores 0 to 0.5
