"""RegretBench metrics (RegretBench §4 and Appendix B; DESIGN §5). One function per metric.

Rollouts are `EpisodeResult`s. Instance-level values average first over rollouts of an intent and then
over the instance's intents (eq. 6: the hidden intent is uniform over Z_x); dataset-level values average
instances (eq. 7). Reference and baseline values are the exact expectations computed by the planner.
Aggregates sort their inputs first, so they never depend on the order of records.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.episode import EpisodeResult
from finprobe.benchmarks.regret.persona import Persona
from finprobe.benchmarks.regret.planner import Planner
from finprobe.benchmarks.regret.profile import CostProfile
from finprobe.core.stats import bootstrap_ci

__all__ = [
    "EPSILON", "METRICS", "ReferenceValues", "aggregate", "avg_cost", "avg_penalty", "avg_turns", "estimate",
    "forced_terminal_rate", "instance_means", "normalised_regret", "per_instance", "reference_values", "regret",
    "reward", "success_rate", "unsupported_rate",
]

#: ε of N.Regret's denominator (RegretBench eq. 10)
EPSILON = 1e-6


class ReferenceValues(BaseModel):
    """Exact expected rewards of the reference planner and the immediate-answer baseline on one CIG."""

    cig_id: str
    reference: float
    baseline: float
    n_intents: int
    planner_states: int


def reference_values(cigs: Iterable[CIG], persona: Persona, profile: CostProfile, horizon: int = 5
                     ) -> dict[str, ReferenceValues]:
    """R_x(π_ref) and R_x(π_base) for every CIG (exact expectimax; see `planner.Planner`)."""
    out = {}
    for cig in cigs:
        p = Planner(cig, persona, profile, horizon)
        v = p.value()
        out[cig.cig_id] = ReferenceValues(cig_id=cig.cig_id, reference=v, baseline=p.baseline_value(),
                                          n_intents=len(cig.intents), planner_states=p.expanded)
    return out


def _sorted(results: Iterable[EpisodeResult]) -> list[EpisodeResult]:
    return sorted(results, key=lambda r: (r.persona, r.cig_id, r.intent_id, r.rollout))


def instance_means(results: Iterable[EpisodeResult], field: str) -> dict[str, float]:
    """Per instance: mean over its intents of the mean over rollouts of `field` (RegretBench eq. 6)."""
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for r in _sorted(results):
        per[r.cig_id][r.intent_id].append(float(getattr(r, field)))
    return {cig: sum(sum(v) / len(v) for v in intents.values()) / len(intents) for cig, intents in sorted(per.items())}


def reward(results: Iterable[EpisodeResult]) -> dict[str, float]:
    """R_x(π) per instance: R(τ, z) = U − C − P averaged over rollouts and intents (eq. 2, 6)."""
    return instance_means(results, "reward")


def regret(instance_rewards: dict[str, float], refs: dict[str, ReferenceValues]) -> dict[str, float]:
    """Regret_x(π) = R_x(π_ref) − R_x(π) (eq. 8)."""
    return {x: refs[x].reference - r for x, r in instance_rewards.items()}


def normalised_regret(instance_rewards: dict[str, float], refs: dict[str, ReferenceValues],
                      epsilon: float = EPSILON) -> dict[str, float]:
    """N.Regret_x(π) = Regret_x(π) / max(R_x(π_ref) − R_x(π_base), ε) (eq. 10)."""
    return {x: (refs[x].reference - r) / max(refs[x].reference - refs[x].baseline, epsilon)
            for x, r in instance_rewards.items()}


def success_rate(results: Sequence[EpisodeResult]) -> float:
    """Goal success rate (eq. 11) of one instance's rollouts: the share whose selected intent is the hidden one.
    Dataset level: the mean over instances (`aggregate`), like every other metric."""
    return _mean([float(r.success) for r in results])


def avg_turns(results: Sequence[EpisodeResult]) -> float:
    """Mean number of clarification turns (asks put to the user) before the final answer (Appendix B)."""
    return _mean([float(r.asks) for r in results])


def avg_cost(results: Sequence[EpisodeResult]) -> float:
    """Mean interaction cost C(τ) = λ · assistant tokens (eq. 4)."""
    return _mean([r.cost for r in results])


def avg_penalty(results: Sequence[EpisodeResult]) -> float:
    """Mean accumulated penalty P(τ) = Σ_t p_t (eq. 5)."""
    return _mean([r.penalty for r in results])


def unsupported_rate(results: Sequence[EpisodeResult]) -> float | None:
    """Share of one instance's asks that map to no supported clarification action (Appendix B); None without
    asks (the instance then does not enter the dataset-level mean)."""
    asks = sum(r.asks for r in results)
    return sum(r.unsupported_asks for r in results) / asks if asks else None


def forced_terminal_rate(results: Sequence[EpisodeResult]) -> float:
    """Share of rollouts where the runtime had to demand the final answer (Appendix B)."""
    return _mean([float(r.forced_terminal) for r in results])


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


#: the metrics `aggregate` reports, each with `<metric>_ci_low` / `<metric>_ci_high`
METRICS = ("reward", "regret", "n_regret", "success", "avg_turns", "avg_cost", "avg_penalty", "unsupported_rate",
           "forced_terminal_rate", "reference_reward", "baseline_reward")


def per_instance(results: Iterable[EpisodeResult], refs: dict[str, ReferenceValues]) -> dict[str, dict[str, float]]:
    """Every metric per instance (cig_id -> value), the unit both the point estimate and its CI average.

    Rollout quantities are averaged over the instance's rollouts of each intent and then over its intents
    (eq. 6: the hidden intent is uniform over Z_x); the unsupported rate is the share of the instance's asks
    (an instance without asks has none); reference and baseline values are the planner's exact ones."""
    rows = _sorted(results)
    rew = reward(rows)
    by_cig: dict[str, list[EpisodeResult]] = defaultdict(list)
    for r in rows:
        by_cig[r.cig_id].append(r)
    unsupported = {x: unsupported_rate(rs) for x, rs in sorted(by_cig.items())}
    return {
        "reward": rew,
        "regret": regret(rew, refs),
        "n_regret": normalised_regret(rew, refs),
        "success": instance_means(rows, "utility"),
        "avg_turns": instance_means(rows, "asks"),
        "avg_cost": instance_means(rows, "cost"),
        "avg_penalty": instance_means(rows, "penalty"),
        "unsupported_rate": {x: v for x, v in unsupported.items() if v is not None},
        "forced_terminal_rate": instance_means(rows, "forced_terminal"),
        "reference_reward": {x: refs[x].reference for x in rew},
        "baseline_reward": {x: refs[x].baseline for x in rew},
    }


def estimate(values: Sequence[float], *, seed: int, n_resamples: int, confidence: float) -> tuple[float, float, float]:
    """(point, ci_low, ci_high) of the mean over instances: the point is the mean of the per-instance values and
    the CI the percentile bootstrap of that same mean over the same values (DESIGN §7). The percentile interval
    of a mean holds the sample mean up to floating-point rounding of the resampled sums; the bounds are widened
    to the point where rounding put it a few ulps outside. NaN for no instances."""
    if not values:
        return math.nan, math.nan, math.nan
    iv = bootstrap_ci(list(values), n_resamples=n_resamples, confidence=confidence, seed=seed)
    return iv.estimate, min(iv.ci_low, iv.estimate), max(iv.ci_high, iv.estimate)


def _report(per: dict[str, dict[str, float]], seed: int, n_resamples: int, confidence: float) -> dict[str, Any]:
    """Each metric's point and CI; None where no instance defines it (the unsupported rate without any ask)."""
    out: dict[str, Any] = {}
    for key in METRICS:
        values = list(per[key].values())
        point, lo, hi = estimate(values, seed=seed, n_resamples=n_resamples, confidence=confidence) if values \
            else (None, None, None)
        out[key], out[f"{key}_ci_low"], out[f"{key}_ci_high"] = point, lo, hi
    return out


def _block(results: list[EpisodeResult], refs: dict[str, ReferenceValues], seed: int, n_resamples: int,
           confidence: float) -> dict[str, Any]:
    per = per_instance(results, refs)
    return {"n": len(per["reward"]), "n_rollouts": len(results), **_report(per, seed, n_resamples, confidence)}


def aggregate(results: Iterable[EpisodeResult],
              refs: dict[str, ReferenceValues] | dict[str, dict[str, ReferenceValues]],
              *, seed: int = 0, n_resamples: int = 1000, confidence: float = 0.95) -> dict[str, Any]:
    """The report object: every metric of `METRICS` with `<metric>_ci_low/_ci_high`, and `by_persona` blocks.

    One estimator everywhere: per-instance values (`per_instance`), then their mean over instances, with the
    bootstrap CI of that mean (`estimate`). With several personas in one run an instance's value is its mean over
    the personas it was run under (each persona weighs the same), over the instances every persona ran.
    `refs` maps cig_id → ReferenceValues, or persona → (cig_id → ReferenceValues) when personas differ."""
    rows = _sorted(results)
    personas = sorted({r.persona for r in rows})

    def refs_for(persona: str) -> dict[str, ReferenceValues]:
        first = next(iter(refs.values()), None)
        if isinstance(first, dict):
            return refs[persona]  # type: ignore[return-value]
        return refs  # type: ignore[return-value]

    by_rows = {p: [r for r in rows if r.persona == p] for p in personas}
    by_persona = {p: _block(by_rows[p], refs_for(p), seed, n_resamples, confidence) for p in personas}
    if len(personas) == 1:
        out = dict(by_persona[personas[0]])
    else:
        pers = [per_instance(by_rows[p], refs_for(p)) for p in personas]
        common = sorted(set.intersection(*(set(d["reward"]) for d in pers)))
        per: dict[str, dict[str, float]] = {}
        for key in METRICS:
            per[key] = {}
            for c in common:
                vals = [d[key][c] for d in pers if c in d[key]]
                if vals:
                    per[key][c] = sum(vals) / len(vals)
        out = {"n": len(common), "n_rollouts": len(rows), **_report(per, seed, n_resamples, confidence)}
    out["by_persona"] = by_persona
    return out
