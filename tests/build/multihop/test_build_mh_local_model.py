"""The build with the real embedded model (llama.cpp + SmolLM2-135M) as critic and paraphraser.

The tiny model is not expected to judge or rewrite well; the test checks that real, schema-constrained model
output flows through both roles into recorded verdicts and paraphrase outcomes with their tokens, that a
paraphrase is adopted only if it passes the deterministic critics, and that the funnel still adds up."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.multihop import load_chains
from finprobe.build.multihop import BuildConfig, DepthDistribution, RoleBinding, build_multihop_sync
from finprobe.build.multihop.critics import LengthBounds, question_critic
from finprobe.core.models.registry import build_backend
from finprobe.core.schema import GenerateConfig, RoleConfig

pytestmark = pytest.mark.llama



def test_build_with_the_embedded_model_as_critic_and_paraphraser(embedded_model, tmp_path, db, synth, monkeypatch):
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    backend = build_backend(RoleConfig(spec="local", args={"n_ctx": 2048}))
    critic = RoleBinding(name="critic", spec="local", backend=backend,
                         generate=GenerateConfig(temperature=0.0, max_tokens=120))
    para = RoleBinding(name="paraphraser", spec="local", backend=backend,
                       generate=GenerateConfig(temperature=0.0, max_tokens=160))
    config = BuildConfig(n=2, seed=1, depths=DepthDistribution(depths=[1, 2]), languages=["en"],
                         attempts_per_chain=2, min_attempts=0, market="demo:7")
    result = build_multihop_sync(db, tmp_path / "out", config, critics=[critic], paraphraser=para)
    funnel = result.funnel
    for s in funnel["steps"]:
        assert s["in"] == s["out"] + sum(s["drops"].values())
    roles = funnel["cost"]["by_role"]
    assert roles["critic"]["calls"] >= 1 and roles["critic"]["output_tokens"] > 0
    assert roles["critic"]["model"] == backend.model
    assert sum(funnel["critic_verdicts"].values()) >= 1  # pass, fail or none: recorded either way
    for c in load_chains(tmp_path / "out" / "chains.json"):
        record = c.meta["paraphrase"]
        assert record["reason"] in ("adopted", "unparseable", "leak", "scope_lost", "scope_added", "too_long",
                                    "too_short", "critic_rejected", "no_critic_verdict", "ambiguous_reference",
                                    "no_dependency")
        if record["adopted"]:  # only with a critic's verdict
            assert any(v["verdict"] == "pass" for v in record["critics"])
        if record["adopted"]:  # an adopted paraphrase passes the deterministic critics itself
            k, j = c.meta["attempt"][1:].split("-")
            _, drafts, _ = synth.__class__(db, config).attempt(int(k), int(j))
            reader = synth.readers["en"]
            assert question_critic(c.question, c.hops, drafts, "en", reader, synth.lexicon, LengthBounds()).ok
