"""A RegretBench episode with the real embedded model (llama.cpp + SmolLM2-135M) as the assistant.

The tiny model is not expected to clarify well; the test checks that real model output flows through
constrained decoding, the reply classifier, the mapper, the simulator and the reward, for every persona."""

from __future__ import annotations

import os
import random

import pytest
from regret_fixtures import rookie

from finprobe.benchmarks.regret import PERSONAS, ActionMapper, get_profile, run_episode
from finprobe.core.schema import GenerateConfig

pytestmark = pytest.mark.llama

#: the reply protocol as a JSON schema, so even a tiny model emits a parseable ASK or ANSWER
PROTOCOL_SCHEMA = {"anyOf": [
    {"type": "object", "properties": {"type": {"type": "string", "enum": ["ASK"]},
                                      "question_text": {"type": "string", "maxLength": 120}},
     "required": ["type", "question_text"], "additionalProperties": False},
    {"type": "object", "properties": {"type": {"type": "string", "enum": ["ANSWER"]},
                                      "final_response": {"type": "string", "maxLength": 120}},
     "required": ["type", "final_response"], "additionalProperties": False},
]}


@pytest.fixture(scope="module")
def local_model():
    try:
        from finprobe.core.models.local import LocalLlamaModel
        return LocalLlamaModel(n_ctx=1024)
    except Exception as exc:  # noqa: BLE001 - any failure to find or load the model
        if os.environ.get("FINPROBE_REQUIRE_LLAMA"):
            raise
        pytest.skip(f"embedded model not installed: {exc}")


@pytest.mark.parametrize("persona", ["cooperative", "vague", "contradictory"])
async def test_episode_on_the_embedded_model(local_model, persona):
    cig = rookie()
    calls = []

    async def assistant(messages):
        out = await local_model.generate(messages, GenerateConfig(max_tokens=80, seed=0,
                                                                  response_schema=PROTOCOL_SCHEMA))
        calls.append(out.text)
        return out.text

    res = await run_episode(cig, "r1", assistant, persona=PERSONAS[persona], profile=get_profile("default"),
                            mapper=ActionMapper("lexical"), rng=random.Random(0))
    assert calls and len(res.turns) == len(calls) <= 5 + 2
    assert all(t.reply.method == "json" for t in res.turns)  # constrained output always parses
    assert res.outcome in ("answered", "forced", "no_answer")
    assert res.reward == pytest.approx(res.utility - res.cost - res.penalty)
    assert res.cost == pytest.approx(0.001 * sum(t.tokens for t in res.turns))
    for t in res.turns:
        if t.reply.kind == "ASK" and not t.refused_ask:
            assert t.mapped is not None and t.observation is not None
