"""The optional LLM judge: hard filters, structured verdicts, release prompts used as released (template,
system prompts, the {"answer_score": x} reply), an unusable verdict never replaced by anything; driven by an async
model callable, and by the real HTTP client against the local server."""

from __future__ import annotations

import json

import pytest

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
