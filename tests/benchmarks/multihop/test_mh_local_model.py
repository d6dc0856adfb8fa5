"""The multihop episode on the real embedded model (llama.cpp + SmolLM2-135M), with constrained actions.

The tiny model is not expected to solve chains; the test checks that real model output flows through
grammar-constrained tool calls, the market tools, the round budget and the scorer, EN and ZH."""

from __future__ import annotations

import os

import pytest
from mh_support import play

from finprobe.benchmarks.multihop import EpisodeSettings, score_chain
from finprobe.core.schema import StepKind

pytestmark = pytest.mark.llama


@pytest.fixture(scope="module")
def local_model():
    try:
        import llama_cpp  # noqa: F401

        from finprobe.core.models.local import LocalLlamaModel, default_gguf_path
        default_gguf_path()
    except Exception as exc:  # noqa: BLE001 - any failure to find the model
        if os.environ.get("FINPROBE_REQUIRE_LLAMA"):
            raise
        pytest.skip(f"embedded model not installed: {exc}")
    model = LocalLlamaModel(n_ctx=4096, n_threads=1, default_max_tokens=96)
    yield model


@pytest.mark.parametrize("chain_id", ["demo-L2-3hop-01-en", "demo-L1-2hop-02-zh"])
async def test_embedded_model_plays_a_chain(chain_id, local_model, demo_chains, db, lexicon):
    chain = next(c for c in demo_chains if c.id == chain_id)
    t = await play(chain, local_model, db, EpisodeSettings(max_rounds=4, max_observation_chars=600))
    assert t.calls and all(c.backend == "local" and c.output is not None for c in t.calls)
    assert t.outcome is not None and t.info["rounds_used"] <= 4
    # constrained decoding: every reply parses into one of the offered actions
    assert all(s.kind != StepKind.invalid for s in t.steps), [s.raw for s in t.steps]
    tools_used = [s for s in t.steps if s.action is not None and s.action.name != "answer"]
    assert all("tool" in s.info and s.observation for s in tools_used)
    s = score_chain(chain, t, lexicon=lexicon)
    assert 0.0 <= s.score <= 1.0 and len(s.hits) == chain.k - 1
