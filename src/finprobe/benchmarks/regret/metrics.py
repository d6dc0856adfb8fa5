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
    "EPSILON", "ReferenceValues", "aggregate", "avg_cost", "avg_penalty", "avg_turns", "forced_terminal_rate",
    "instance_means", "normalised_regret", "reference_values", "regret", "reward", "success_rate",
    "unsupported_rate",
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
    """Share of rollouts whose selected intent is the hidden intent (eq. 11)."""
    return sum(r.success for r in results) / len(results) if results else math.nan


def avg_turns(results: Sequence[EpisodeResult]) -> float:
    """Mean number of clarification turns (asks put to the user) before the final answer (Appendix B)."""
    return sum(r.asks for r in results) / len(results) if results else math.nan


def avg_cost(results: Sequence[EpisodeResult]) -> float:
    """Mean interaction cost C(τ) = λ · assistant tokens (eq. 4)."""
    return sum(r.cost for r in results) / len(results) if results else math.nan


def avg_penalty(results: Sequence[EpisodeResult]) -> float:
    """Mean accumulated penalty P(τ) = Σ_t p_t (eq. 5)."""
    return sum(r.penalty for r in results) / len(results) if results else math.nan


def unsupported_rate(results: Sequence[EpisodeResult]) -> float | None:
    """Share of asks that map to no supported clarification action (Appendix B); None without asks."""
    asks = sum(r.asks for r in results)
    return sum(r.unsupported_asks for r in results) / asks if asks else None


def forced_terminal_rate(results: Sequence[EpisodeResult]) -> float:
    """Share of rollouts where the runtime had to demand the final answer (Appendix B)."""
    return sum(r.forced_terminal for r in results) / len(results) if results else math.nan


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _ci(values: list[float], seed: int, n_resamples: int, confidence: float) -> tuple[float, float]:
    if not values:
        return math.nan, math.nan
    iv = bootstrap_ci(values, n_resamples=n_resamples, confidence=confidence, seed=seed)
    return iv.ci_low, iv.ci_high


def _per_instance(results: list[EpisodeResult], refs: dict[str, ReferenceValues]) -> dict[str, dict[str, float]]:
    """Each headline metric per instance (the unit the bootstrap resamples)."""
    rew = reward(results)
    return {
        "reward": rew,
        "regret": regret(rew, refs),
        "n_regret": normalised_regret(rew, refs),
        "success": instance_means(results, "utility"),
        "avg_turns": instance_means(results, "asks"),
        "avg_cost": instance_means(results, "cost"),
        "avg_penalty": instance_means(results, "penalty"),
        "forced_terminal_rate": instance_means(results, "forced_terminal"),
    }


def _block(results: list[EpisodeResult], refs: dict[str, ReferenceValues], seed: int, n_resamples: int,
           confidence: float) -> dict[str, Any]:
    per = _per_instance(results, refs)
    rew = per["reward"]
    per_instance = {k: list(v.values()) for k, v in per.items()}
    out: dict[str, Any] = {
        "n": len(rew),
        "n_rollouts": len(results),
        "reward": _mean(per_instance["reward"]),
        "regret": _mean(per_instance["regret"]),
        "n_regret": _mean(per_instance["n_regret"]),
        "success": success_rate(results),
        "avg_turns": avg_turns(results),
        "avg_cost": avg_cost(results),
        "avg_penalty": avg_penalty(results),
        "unsupported_rate": unsupported_rate(results),
        "forced_terminal_rate": forced_terminal_rate(results),
        "reference_reward": _mean([refs[x].reference for x in rew]),
        "baseline_reward": _mean([refs[x].baseline for x in rew]),
    }
    # CIs resample instances (DESIGN §7); rollout-level rates use their per-instance means.
    for k, values in per_instance.items():
        out[f"{k}_ci_low"], out[f"{k}_ci_high"] = _ci(values, seed, n_resamples, confidence)
    return out


def aggregate(results: Iterable[EpisodeResult],
              refs: dict[str, ReferenceValues] | dict[str, dict[str, ReferenceValues]],
              *, seed: int = 0, n_resamples: int = 1000, confidence: float = 0.95) -> dict[str, Any]:
    """The report object: headline metrics with `<metric>_ci_low/_ci_high`, and `by_persona` blocks.

    `refs` maps cig_id → ReferenceValues, or persona → (cig_id → ReferenceValues) when personas differ."""
    rows = _sorted(results)
    personas = sorted({r.persona for r in rows})

    def refs_for(persona: str) -> dict[str, ReferenceValues]:
        first = next(iter(refs.values()), None)
        if isinstance(first, dict):
            return refs[persona]  # type: ignore[return-value]
        return refs  # type: ignore[return-value]

    by_persona = {p: _block([r for r in rows if r.persona == p], refs_for(p), seed, n_resamples, confidence)
                  for p in personas}
    if len(personas) == 1:
        out = dict(by_persona[personas[0]])
    else:
        # Several personas in one run: headline = mean over personas' blocks (each persona weighs the same).
        out = {k: _mean([float(b[k]) for b in by_persona.values() if b.get(k) is not None])
               for k in by_persona[personas[0]] if not k.endswith(("_ci_low", "_ci_high"))}
        # CIs resample instances; an instance's value is its mean over the personas it was run under.
        pers = [_per_instance([r for r in rows if r.persona == p], refs_for(p)) for p in personas]
        for key in pers[0]:
            cigs = sorted(set.intersection(*(set(d[key]) for d in pers)))
            values = [sum(d[key][c] for d in pers) / len(pers) for c in cigs]
            out[f"{key}_ci_low"], out[f"{key}_ci_high"] = _ci(values, seed, n_resamples, confidence)
    out["by_persona"] = by_persona
    return out
