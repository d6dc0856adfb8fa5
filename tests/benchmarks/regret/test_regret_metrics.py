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

PROFILE = get_profile("full-cost")  # the reference pays for its answer: the planner's own regret is exactly 0


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


# --------------------------------------------------------------------------- one estimator (issue 26)
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from finprobe.benchmarks.regret import EpisodeResult, ReferenceValues  # noqa: E402
from finprobe.benchmarks.regret.metrics import METRICS, per_instance  # noqa: E402


def _episode(cig: str, intent: str, rollout: int, persona: str, success: bool, asks: int, unsupported: int,
             cost: float, penalty: float, forced: bool) -> EpisodeResult:
    reward = float(success) - cost - penalty
    return EpisodeResult(cig_id=cig, intent_id=intent, rollout=rollout, persona=persona, profile="t@1", horizon=5,
                         method="baseline", success=success, utility=float(success), cost=cost, penalty=penalty,
                         reward=reward, asks=asks, unsupported_asks=min(unsupported, asks), forced_terminal=forced)


_ROLLOUT = st.tuples(st.booleans(), st.integers(0, 5), st.integers(0, 5), st.floats(0, 0.5), st.floats(0, 0.5),
                     st.booleans())


@st.composite
def _runs(draw):
    personas = draw(st.lists(st.sampled_from(["cooperative", "vague", "contradictory"]), min_size=1, max_size=2,
                             unique=True))
    n_cigs = draw(st.integers(1, 6))
    rollouts = draw(st.integers(1, 3))
    rows, refs = [], {}
    for p in personas:
        refs[p] = {}
        for c in range(n_cigs):
            n_intents = draw(st.integers(1, 5))  # unequal intent counts: pooling rollouts would weigh CIGs unevenly
            refs[p][f"c{c}"] = ReferenceValues(cig_id=f"c{c}", reference=draw(st.floats(0.5, 1.0)),
                                               baseline=draw(st.floats(0.0, 0.5)), n_intents=n_intents,
                                               planner_states=1)
            for i in range(n_intents):
                for r in range(rollouts):
                    rows.append(_episode(f"c{c}", f"i{i}", r, p, *draw(_ROLLOUT)))
    return rows, (refs[personas[0]] if len(personas) == 1 else refs)


@settings(max_examples=60, deadline=None)
@given(run=_runs(), seed=st.integers(0, 1000))
def test_every_point_estimate_lies_inside_its_interval(run, seed):
    rows, refs = run
    out = aggregate(rows, refs, seed=seed, n_resamples=200)
    blocks = [out, *out["by_persona"].values()]
    for block in blocks:
        for key in METRICS:
            if block[key] is None:  # no instance defines it (no asks at all, for the unsupported rate)
                assert key == "unsupported_rate"
                continue
            assert block[f"{key}_ci_low"] <= block[key] <= block[f"{key}_ci_high"], key


def test_success_is_the_mean_of_per_instance_means_not_pooled_rollouts():
    """Issue 26: success 36.0% with CI 37.9-41.5% came from pooling rollouts while the CI resampled instances.
    A CIG with five intents all missed and one with one intent found: pooled 1/6, per-instance mean 1/2."""
    rows = [_episode("big", f"i{k}", 0, "cooperative", False, 0, 0, 0.0, 0.0, False) for k in range(5)]
    rows.append(_episode("small", "i0", 0, "cooperative", True, 1, 1, 0.01, 0.0, False))
    refs = {c: ReferenceValues(cig_id=c, reference=1.0, baseline=0.2, n_intents=n, planner_states=1)
            for c, n in (("big", 5), ("small", 1))}
    out = aggregate(rows, refs, seed=0, n_resamples=500)
    assert out["success"] == pytest.approx(0.5)
    assert out["avg_turns"] == pytest.approx(0.5) and out["avg_cost"] == pytest.approx(0.005)
    assert out["unsupported_rate"] == pytest.approx(1.0)  # only "small" asked: the rate is over instances with asks
    per = per_instance(rows, refs)
    assert per["success"] == {"big": 0.0, "small": 1.0}
    for key in METRICS:
        assert out[f"{key}_ci_low"] <= out[key] <= out[f"{key}_ci_high"]
