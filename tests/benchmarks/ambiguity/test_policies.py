"""Baseline policies pin the metrics: exact values on the bundled demo set (default mode, A+S+I)."""

from __future__ import annotations

import pytest
from amb_eval_support import DEMO, run

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.policies import POLICIES, PolicyBackend
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.core.schema import GenerateConfig, Message, StepKind

N = len(DEMO)


def test_policies_listed():
    assert {p.name for p in BENCHMARK.policies()} == {"oracle", "default", "ask-then-oracle", "silent"}
    assert set(POLICIES) == {"oracle", "default", "ask-then-oracle", "silent"}


async def test_oracle_policy(tmp_path):
    m = (await run(tmp_path, agent="oracle")).metrics
    assert m["n"] == N and m["n_scored"] == N and m["errors"] == 0
    assert m["accuracy"] == 1.0 and m["accuracy_ci_low"] == 1.0 and m["accuracy_ci_high"] == 1.0
    assert m["default_capture"] == 0.0
    assert m["interaction_rate"] == 0.0 and m["rounds"] == 0.0 and m["mean_actions"] == 1.0
    assert m["ac1_touch"] is None and m["ac1_central"] is None and m["ac1_n"] == 0
    assert m["generic_ask_rate"] is None and m["wrong_category_rate"] is None
    assert m["ece"] == 0.0 and m["ece_coverage"] == 1.0  # confidence 100, all correct
    assert m["dise_plus"] == 0.0  # correct but never asked
    assert m["taxonomy"] == {"Correct": N, "E1": 0, "E2": 0, "E3": 0, "E4": 0, "E5": 0, "E6": 0, "E7": 0}
    assert m["outcomes"] == {"answered": N} and m["non_committal"] == 0


async def test_default_policy(tmp_path):
    m = (await run(tmp_path, agent="default")).metrics
    assert m["accuracy"] == 0.0 and m["default_capture"] == 1.0
    assert m["default_capture_ci_low"] == 1.0 and m["default_capture_ci_high"] == 1.0
    assert m["interaction_rate"] == 0.0 and m["rounds"] == 0.0
    assert m["ece"] == 1.0  # confidence 100, always wrong
    assert m["dise_plus"] == 0.0
    # wrong without asking or searching: ambiguity blindness (E4 needs a search)
    assert m["taxonomy"]["E1"] == N and sum(m["taxonomy"].values()) == N


async def test_ask_then_oracle_policy(tmp_path):
    result = await run(tmp_path, agent="ask-then-oracle")
    m = result.metrics
    assert m["accuracy"] == 1.0 and m["default_capture"] == 0.0
    assert m["interaction_rate"] == 1.0 and m["rounds"] == 1.0 and m["mean_actions"] == 2.0
    assert m["ac1_touch"] == 1.0 and m["ac1_central"] == 1.0 and m["ac1_n"] == N
    assert m["generic_ask_rate"] == 0.0 and m["wrong_category_rate"] == 0.0 and m["n_questions"] == N
    assert m["ece"] == 0.0
    # DisE+ = mean of H0 / 1 ask over the (all correct) instances
    assert m["dise_plus"] == pytest.approx(sum(i.h0 for i in DEMO.values()) / N)
    assert m["taxonomy"]["Correct"] == N
    # every instance got "yes" to its template question
    from amb_eval_support import records
    for rec in records(tmp_path).values():
        asks = [s for s in rec.transcript.steps if s.action and s.action.name == "interact"]
        assert len(asks) == 1 and asks[0].info["reply"] == "yes"


async def test_silent_policy(tmp_path):
    m = (await run(tmp_path, agent="silent")).metrics
    assert m["accuracy"] == 0.0 and m["default_capture"] == 0.0
    assert m["outcomes"] == {"no_answer_budget": N}  # all "no answer", recorded with the cause
    assert m["interaction_rate"] == 0.0 and m["mean_actions"] == 10.0
    assert m["ece"] is None and m["ece_coverage"] == 0.0 and m["ece_n_with_confidence"] == 0
    assert m["non_committal"] == 0  # it never answered at all: not a non-committal answer
    assert m["taxonomy"]["E1"] == N


async def test_silent_policy_without_search_ends_invalid(tmp_path):
    m = (await run(tmp_path, agent="silent", mode="answer-only", limit=3)).metrics
    assert m["outcomes"] == {"no_answer_invalid": 3} and m["accuracy"] == 0.0


def _reply(policy: PolicyBackend, messages: list[Message]) -> dict:
    import asyncio
    import json

    return json.loads(asyncio.run(policy.generate(messages, GenerateConfig())).text)


def test_policy_complies_with_refusals():
    inst = DEMO["amb-demo-001"]
    pol = PolicyBackend("oracle", inst)
    base = [Message(role="system", content="s"), Message(role="user", content=f"Question: {inst.question}")]
    assert _reply(pol, base) == {"action": "answer", "value": inst.answer, "confidence": 100}
    refused = base + [Message(role="assistant", content="{}"),
                      Message(role="user", content="Observation: Refused [ask_required]: ask 4 more")]
    assert _reply(pol, refused) == {"action": "interact",
                                    "question": template_question(inst, inst.primary_category).question}
    pre = base + [Message(role="assistant", content="{}"),
                  Message(role="user", content="Observation: Refused [precheck_required]: call precheck first.")]
    assert _reply(pol, pre) == {"action": "precheck", "unknown": "entity"}
    assert PolicyBackend("default", inst).kind == "policy" and not PolicyBackend("default", inst).cacheable
    with pytest.raises(KeyError):
        PolicyBackend("nope", inst)


async def test_policies_follow_gated_modes(tmp_path):
    m = (await run(tmp_path / "f", agent="oracle", mode="forced-interaction", limit=4)).metrics
    assert m["accuracy"] == 1.0 and m["rounds"] == 4.0
    m = (await run(tmp_path / "c", agent="default", mode="category-aware", limit=4)).metrics
    assert m["default_capture"] == 1.0 and m["rounds"] == 1.0 and m["taxonomy"]["E5"] == 4
    from amb_eval_support import records
    rec = next(iter(records(tmp_path / "f").values()))
    kinds = [s.kind for s in rec.transcript.steps]
    assert kinds.count(StepKind.refused) == 4  # four early answers refused, one per missing ask
