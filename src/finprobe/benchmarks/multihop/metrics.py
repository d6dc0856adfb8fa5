"""FinHopper metrics (DESIGN §6 "Scoring" and "Aggregates"; paper §4.2–4.3), each formula in one place.

Per item (a chain of K hops, N = K − 1 intermediate checkpoints):
- s_final ∈ {0, 1}: the final answer is correct (deterministic matcher, or the LLM judge when configured);
- s_process = α · hits / N, with hits the intermediate gold answers the trajectory reaches and α = 0.5;
  N = 0 (a 1-hop chain) gives 0. (DESIGN §6: "if s_final = 0, s_process = α·hits/N"; it is computed for
  every item as a diagnostic and only counts in S when s_final = 0.)
- S = s_final + (1 − s_final) · s_process. So S = 1 when the final answer is right, and at most α = 0.5
  when it is wrong: an agent with every intermediate hop right and the final one wrong scores exactly 0.5.

Over items (scored items only; items whose episode failed are counted in `n` and listed in `errors`):
- Score_k = mean S over the n_k items with K = k;
- micro = Σ_k (n_k / n) · Score_k (the paper's Mic Avg.; equal to the mean S over items);
- macro = (1 / |H|) · Σ_{k ∈ H} Score_k over the hop counts H present (the paper's Mac Avg. over 1–6);
- per level (L1: 1–2 hops, L2: 3–4, L3: 5–6): mean S of the level's items; final accuracy = mean s_final;
  process = mean s_process over items with N ≥ 1; time per item (seconds) where recorded.

Confidence intervals (DESIGN §7): percentile bootstrap over items, `n_resamples` seeded resamples
(`finprobe.core.stats.bootstrap_ci`); macro is bootstrapped by resampling within each hop count (a
stratified bootstrap, so every resample has the same hop counts as the data). Items are sorted by id
before resampling, so the result never depends on the order of records.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from pydantic import BaseModel

from finprobe.core.stats import bootstrap_ci

__all__ = ["ALPHA", "ItemResult", "aggregate", "combined_score", "macro_average", "micro_average",
           "macro_ci", "process_score", "score_by_hops"]

ALPHA = 0.5  # the paper's weight of process credit


def process_score(hits: int, n: int, alpha: float = ALPHA) -> float:
    """s_process = α · hits / N; N = 0 → 0 (DESIGN §6)."""
    if n < 0 or hits < 0 or hits > n:
        raise ValueError(f"hits must be in [0, N]: hits={hits}, N={n}")
    return 0.0 if n == 0 else alpha * hits / n


def combined_score(s_final: float, s_process: float) -> float:
    """S = s_final + (1 − s_final) · s_process (DESIGN §6)."""
    return s_final + (1.0 - s_final) * s_process


def score_by_hops(scores: Sequence[tuple[int, float]]) -> dict[int, float]:
    """Score_k = mean S over the items with K = k, from (K, S) pairs."""
    groups: dict[int, list[float]] = {}
    for k, s in scores:
        groups.setdefault(k, []).append(s)
    return {k: sum(v) / len(v) for k, v in sorted(groups.items())}


def micro_average(scores: Sequence[tuple[int, float]]) -> float:
    """Σ_k (n_k / n) · Score_k (paper §4.3, Score_micro-avg)."""
    n = len(scores)
    if n == 0:
        return math.nan
    counts: dict[int, int] = {}
    for k, _ in scores:
        counts[k] = counts.get(k, 0) + 1
    return sum(counts[k] / n * sk for k, sk in score_by_hops(scores).items())


def macro_average(scores: Sequence[tuple[int, float]]) -> float:
    """Mean of Score_k over the hop counts present (paper §4.3, Score_macro-avg)."""
    per_hop = score_by_hops(scores)
    return sum(per_hop.values()) / len(per_hop) if per_hop else math.nan


class ItemResult(BaseModel):
    """One item's inputs to the aggregate: its scores (None when the episode failed) and grouping keys."""

    id: str
    k: int
    level: str
    language: str = "en"
    s_final: float | None = None
    s_process: float | None = None
    score: float | None = None
    hits: int = 0
    n_intermediate: int = 0
    time_s: float | None = None
    error: str | None = None


def _ci(values: list[float], seed: int, n_resamples: int, confidence: float) -> dict[str, float | None]:
    if not values:
        return {"estimate": None, "ci_low": None, "ci_high": None}
    iv = bootstrap_ci(values, n_resamples=n_resamples, confidence=confidence, seed=seed)
    return {"estimate": iv.estimate, "ci_low": iv.ci_low, "ci_high": iv.ci_high}


def macro_ci(scores: list[tuple[int, float]], seed: int, n_resamples: int,
              confidence: float) -> tuple[float | None, float | None]:
    """Stratified percentile bootstrap of the macro average: resample items within each hop count."""
    groups = {k: np.asarray([s for kk, s in scores if kk == k], dtype=float) for k in sorted({k for k, _ in scores})}
    if not groups:
        return None, None
    rng = np.random.default_rng(seed)
    means = np.zeros(n_resamples)
    for k in sorted(groups):
        arr = groups[k]
        idx = rng.integers(0, len(arr), size=(n_resamples, len(arr)))
        means += arr[idx].mean(axis=1)
    means /= len(groups)
    alpha = 1.0 - confidence
    lo, hi = np.quantile(means, [alpha / 2, 1 - alpha / 2])
    return float(lo), float(hi)


def _put(out: dict[str, Any], name: str, ci: dict[str, float | None]) -> None:
    out[name] = ci["estimate"]
    out[f"{name}_ci_low"] = ci["ci_low"]
    out[f"{name}_ci_high"] = ci["ci_high"]


def _group(items: list[ItemResult], seed: int, n_resamples: int, confidence: float) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(items)}
    _put(out, "score", _ci([i.score for i in items if i.score is not None], seed, n_resamples, confidence))
    finals = [i.s_final for i in items if i.s_final is not None]
    out["final_accuracy"] = sum(finals) / len(finals) if finals else None
    procs = [i.s_process for i in items if i.s_process is not None and i.n_intermediate > 0]
    out["process"] = sum(procs) / len(procs) if procs else None
    return out


def aggregate(items: Sequence[ItemResult], *, seed: int = 0, n_resamples: int = 1000,
              confidence: float = 0.95) -> dict[str, Any]:
    """The family's report metrics (see the module docstring) as one JSON-able dict.

    Keys: n, n_scored, n_errors, errors; score (micro), macro, final_accuracy, process (each with
    `_ci_low`/`_ci_high`); by_hops {K: {n, score (+CI), final_accuracy, process}}; by_level; by_language;
    time_s_mean, time_s_median, time_s_n.
    """
    ordered = sorted(items, key=lambda i: i.id)
    scored = [i for i in ordered if i.error is None and i.score is not None]
    errors = [{"id": i.id, "error": i.error or "not scored"} for i in ordered if i not in scored]
    pairs = [(i.k, float(i.score)) for i in scored if i.score is not None]
    out: dict[str, Any] = {"n": len(ordered), "n_scored": len(scored), "n_errors": len(errors), "errors": errors}
    _put(out, "score", _ci([s for _, s in pairs], seed, n_resamples, confidence))
    if pairs:
        micro = micro_average(pairs)
        assert out["score"] is None or abs(micro - out["score"]) < 1e-9  # Σ_k (n_k/n)·Score_k = the item mean
        out["score"] = micro
    out["macro"] = macro_average(pairs) if pairs else None
    bounds = macro_ci(pairs, seed, n_resamples, confidence) if pairs else (None, None)
    out["macro_ci_low"], out["macro_ci_high"] = bounds
    _put(out, "final_accuracy", _ci([float(i.s_final) for i in scored if i.s_final is not None], seed, n_resamples,
                                    confidence))
    _put(out, "process", _ci([float(i.s_process) for i in scored if i.s_process is not None and i.n_intermediate > 0],
                             seed, n_resamples, confidence))
    out["n_process"] = sum(1 for i in scored if i.n_intermediate > 0)
    out["by_hops"] = {str(k): _group([i for i in scored if i.k == k], seed, n_resamples, confidence)
                      for k in sorted({i.k for i in scored})}
    out["by_level"] = {lv: _group([i for i in scored if i.level == lv], seed, n_resamples, confidence)
                       for lv in sorted({i.level for i in scored})}
    out["by_language"] = {lang: _group([i for i in scored if i.language == lang], seed, n_resamples, confidence)
                          for lang in sorted({i.language for i in scored})}
    times = sorted(i.time_s for i in ordered if i.time_s is not None)
    out["time_s_mean"] = sum(times) / len(times) if times else None
    out["time_s_median"] = float(np.median(times)) if times else None
    out["time_s_n"] = len(times)
    return out
