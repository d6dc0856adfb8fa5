"""Metrics: per-instance averaging, regret of the reference and of the baseline, CIs, order independence."""

from __future__ import annotations

import random

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import (
    PERSONAS,
    ActionMapper,
    ImmediatePolicy,
    PlannerPolicy,
    aggregate,
    get_profile,
    reference_values,
    run_episode,
)
from finprobe.benchmarks.regret.metrics import EPSILON, normalised_regret, regret

PROFILE = get_profile("default")


async def _run(policy_cls, persona="cooperative", rollouts=3):
    out = []
    for cig in (simpsons(), rookie()):
        policy = policy_cls(cig, PERSONAS[persona], PROFILE)
        for intent in cig.intents:
            for r in range(rollouts):
                out.append(await run_episode(cig, intent.intent_id, policy, persona=PERSONAS[persona],
                                             profile=PROFILE, mapper=ActionMapper("lexical"),
                                             rng=random.Random(r), rollout=r))
    return out


async def test_reference_has_zero_regret_and_baseline_regret_equals_its_margin():
    refs = reference_values([simpsons(), rookie()], PERSONAS["cooperative"], PROFILE)
    planner = aggregate(await _run(PlannerPolicy), refs, seed=1, n_resamples=200)
    assert planner["regret"] == pytest.approx(0, abs=1e-12) and planner["n_regret"] == pytest.approx(0, abs=1e-9)
    base = aggregate(await _run(ImmediatePolicy), refs, seed=1, n_resamples=200)
    margin = sum(r.reference - r.baseline for r in refs.values()) / 2
    assert base["regret"] == pytest.approx(margin) and base["n_regret"] == pytest.approx(1.0)
    assert base["reward"] == pytest.approx(base["baseline_reward"])
    for key in ("reward", "regret", "n_regret", "success", "avg_turns", "avg_cost", "avg_penalty",
                "forced_terminal_rate"):
        assert base[f"{key}_ci_low"] <= base[key] + 1e-12 <= base[f"{key}_ci_high"] + 2e-12
    assert base["avg_turns"] == 0 and base["unsupported_rate"] is None
    assert set(base["by_persona"]) == {"cooperative"}


async def test_aggregate_ignores_record_order():
    refs = reference_values([simpsons(), rookie()], PERSONAS["cooperative"], PROFILE)
    rows = await _run(PlannerPolicy)
    a = aggregate(rows, refs, seed=3, n_resamples=300)
    b = aggregate(list(reversed(rows)), refs, seed=3, n_resamples=300)
    assert a == b


def test_normalised_regret_uses_epsilon_when_there_is_no_margin():
    from finprobe.benchmarks.regret import ReferenceValues
    refs = {"x": ReferenceValues(cig_id="x", reference=0.9, baseline=0.9, n_intents=1, planner_states=1)}
    assert regret({"x": 0.8}, refs)["x"] == pytest.approx(0.1)
    assert normalised_regret({"x": 0.8}, refs)["x"] == pytest.approx(0.1 / EPSILON)


async def test_several_personas_get_a_headline_with_cis_and_per_persona_blocks():
    refs = {p: reference_values([simpsons(), rookie()], PERSONAS[p], PROFILE) for p in ("cooperative", "vague")}
    rows = await _run(PlannerPolicy, "cooperative") + await _run(PlannerPolicy, "vague")
    out = aggregate(rows, refs, seed=2, n_resamples=200)
    assert set(out["by_persona"]) == {"cooperative", "vague"}
    assert out["reward"] == pytest.approx((out["by_persona"]["cooperative"]["reward"]
                                           + out["by_persona"]["vague"]["reward"]) / 2)
    assert out["reward_ci_low"] <= out["reward"] <= out["reward_ci_high"]
