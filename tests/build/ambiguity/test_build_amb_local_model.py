"""The build on the real embedded model (llama.cpp + SmolLM2-135M) as constructor and verifier.

The tiny model is not expected to write a usable instance; the test checks that real, schema-constrained
model output flows through the constructor step and the checks into a recorded outcome with its tokens,
and that the funnel still adds up."""

from __future__ import annotations

import json

import pytest

from finprobe.build.ambiguity.demo import demo_candidates
from finprobe.build.ambiguity.pipeline import BuildConfig, RoleBinding, build_ambiguity_sync
from finprobe.core.models.registry import build_backend
from finprobe.core.schema import GenerateConfig, RoleConfig
from finprobe.core.store import RunStore

pytestmark = pytest.mark.llama



def test_build_with_the_embedded_model(embedded_model, tmp_path, monkeypatch):
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    backend = build_backend(RoleConfig(spec="local", args={"n_ctx": 2048}))
    ctor = RoleBinding(name="constructor", spec="local", backend=backend,
                       generate=GenerateConfig(temperature=0.0, max_tokens=600))
    verifier = RoleBinding(name="verifier", spec="local", backend=backend,
                           generate=GenerateConfig(temperature=1.0, max_tokens=120), trials=2)
    candidates = [c for c in demo_candidates() if c.passage.passage_id == "kstl-fy2023-segments"][:1]
    result = build_ambiguity_sync(candidates, tmp_path / "b", BuildConfig(target=1), ctor, [verifier])
    (record,) = RunStore(tmp_path / "b").load_records().values()
    assert record.status.value == "scored", record.error
    calls = record.transcript.calls
    assert calls and all(c.backend == "local" and c.output is not None and c.usage.output_tokens > 0 for c in calls)
    outcome = record.score.details
    assert outcome["step"] in ("constructor", "checks", "doctor", "verifier") and outcome["reason"]
    for step in result.funnel["steps"]:
        assert step["in"] == step["out"] + sum(step["reasons"].values())
    row = json.loads((tmp_path / "b" / "candidates.jsonl").read_text())
    assert row["status"] in ("accepted", f"rejected:{outcome['step']}")
