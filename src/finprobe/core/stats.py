"""Statistics for reports: bootstrap confidence intervals, paired bootstrap tests, calibration error, and the
Wilson interval of an agreement rate (the judges' measurements against labelled sets).

DESIGN §7: every headline number carries a bootstrap 95% CI over instances (≥ 1,000 seeded resamples);
mode-vs-mode comparisons within one model use a paired bootstrap p-value. DESIGN §4: ECE over 5 equal-width
confidence bins, with missing confidences reported as coverage, never counted as 0.

All resampling is numpy-vectorised, done in fixed-size chunks (bounded memory), and deterministic for a
given seed regardless of chunking.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

# numpy imports these on first use (`np.random.default_rng`, and `np.quantile` through `numpy.ma`): ~10 ms that
# would otherwise land at the end of every run, after the last reply, when the metrics are first computed.
import numpy.ma  # noqa: F401, E402
import numpy.random  # noqa: F401, E402
from pydantic import BaseModel

Statistic = Callable[..., float]

# Rows of resampled indices drawn at once: about _CHUNK_CELLS integers (1 MB) per chunk. Small enough to stay
# in the CPU's cache and out of fresh memory pages: 1,000 resamples of 2,000 values took 17-28 ms inside a run
# in chunks of 2M cells, 8-19 ms in chunks of 128K (a run's end waits on this). The numbers drawn do not depend
# on the chunking (numpy's generator keeps its state between calls; tests/core/test_stats.py checks it).
_CHUNK_CELLS = 131_072


class Interval(BaseModel):
    """A point estimate with a two-sided confidence interval, over `n` instances."""

    estimate: float
    ci_low: float
    ci_high: float
    n: int
    confidence: float = 0.95


class PairedResult(BaseModel):
    """Paired comparison of two systems on the same `n` instances; `delta` = mean(b) − mean(a)."""

    delta: float
    ci_low: float
    ci_high: float
    p_value: float
    n: int
    mean_a: float
    mean_b: float
    confidence: float = 0.95


class CalibrationBin(BaseModel):
    """One confidence bin: [lo, hi) (the last bin also holds 1.0); None where the bin is empty."""

    lo: float
    hi: float
    count: int
    mean_confidence: float | None
    accuracy: float | None


class ECEResult(BaseModel):
    """Expected calibration error over the answers that stated a confidence."""

    ece: float
    coverage: float
    n: int
    n_with_confidence: int
    bins: list[CalibrationBin]


def _as_array(values: Sequence[float], name: str) -> np.ndarray:
    arr = np.asarray(list(values), dtype=float)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a flat sequence of numbers")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} contains NaN or infinite values; drop or impute them before bootstrapping")
    return arr


def _resampled_stats(arr: np.ndarray, stat: Statistic, n_resamples: int, seed: int) -> np.ndarray:
    """`stat` of `n_resamples` resamples (with replacement, same size) of `arr`, vectorised in chunks."""
    rng = np.random.default_rng(seed)
    n = arr.shape[0]
    rows = max(1, _CHUNK_CELLS // max(n, 1))
    out = np.empty(n_resamples, dtype=float)
    for lo in range(0, n_resamples, rows):
        hi = min(n_resamples, lo + rows)
        idx = rng.integers(0, n, size=(hi - lo, n))
        out[lo:hi] = _apply_rows(stat, arr[idx])
    return out


def _apply_rows(stat: Statistic, samples: np.ndarray) -> np.ndarray:
    if stat is np.mean or stat is np.average:
        return samples.mean(axis=1)
    try:
        result = np.asarray(stat(samples, axis=1), dtype=float)
        if result.shape == (samples.shape[0],):
            return result
    except TypeError:
        pass  # a statistic without an `axis` argument: apply row by row
    return np.fromiter((float(stat(row)) for row in samples), dtype=float, count=samples.shape[0])


def _check_common(n_resamples: int, confidence: float) -> None:
    if n_resamples < 1:
        raise ValueError("n_resamples must be at least 1")
    if not 0.0 < confidence < 1.0:
        raise ValueError("confidence must be strictly between 0 and 1")


def bootstrap_ci(
    values: Sequence[float],
    *,
    stat: Statistic = np.mean,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Interval:
    """Percentile bootstrap confidence interval of `stat` over instances.

    Efron & Tibshirani, *An Introduction to the Bootstrap* (1993), ch. 13: draw B resamples of the n
    instances with replacement, compute θ*_b = stat(resample_b), and report the α/2 and 1−α/2 empirical
    quantiles of {θ*_b} (α = 1 − confidence). The estimate is stat(values) on the original sample.

    `stat` takes a 1-D array (numpy reductions that accept `axis=1` run vectorised). An empty input gives
    NaN estimate and bounds with n = 0. Deterministic for a given `seed`.
    """
    _check_common(n_resamples, confidence)
    arr = _as_array(values, "values")
    n = int(arr.shape[0])
    if n == 0:
        return Interval(estimate=math.nan, ci_low=math.nan, ci_high=math.nan, n=0, confidence=confidence)
    estimate = float(stat(arr))
    boot = _resampled_stats(arr, stat, n_resamples, seed)
    alpha = 1.0 - confidence
    lo, hi = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    return Interval(estimate=estimate, ci_low=float(lo), ci_high=float(hi), n=n, confidence=confidence)


def bootstrap_items(
    items: Sequence[Any],
    statistic: Callable[[Sequence[Any]], float | None],
    *,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Interval:
    """Percentile bootstrap CI of a statistic computed over items (instances as records, not floats).

    The same method as `bootstrap_ci` (Efron & Tibshirani 1993, ch. 13), for statistics that need the
    whole item (a metric over instance facts, a rate over an instance's questions): each resample draws n
    item indices with replacement and recomputes `statistic` on those items. A resample where the
    statistic is undefined (None) counts as NaN, and NaN bounds mean "undefined". Draws are those of
    `bootstrap_ci` on the same n and seed, so both give the same resamples.
    """
    _check_common(n_resamples, confidence)
    n = len(items)
    if n == 0:
        return Interval(estimate=math.nan, ci_low=math.nan, ci_high=math.nan, n=0, confidence=confidence)

    def value(selected: Sequence[Any]) -> float:
        v = statistic(selected)
        return math.nan if v is None else float(v)

    rng = np.random.default_rng(seed)
    rows = max(1, _CHUNK_CELLS // n)
    boot = np.empty(n_resamples, dtype=float)
    for lo in range(0, n_resamples, rows):
        hi = min(n_resamples, lo + rows)
        idx = rng.integers(0, n, size=(hi - lo, n))
        boot[lo:hi] = [value([items[i] for i in row]) for row in idx]
    alpha = 1.0 - confidence
    q_lo, q_hi = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    return Interval(estimate=value(items), ci_low=float(q_lo), ci_high=float(q_hi), n=n, confidence=confidence)


def pass_hat_k(n: int, c: int, k: int) -> float | None:
    """pass^k of one sample: the probability that k trials drawn without replacement from its n trials
    (c of them successes) all succeed, C(c, k) / C(n, k).

    Yao et al., "tau-bench: A Benchmark for Tool-Agent-User Interaction in Real-World Domains" (2024),
    §5 (pass^k = E_task[C(c, k) / C(n, k)]). The run's pass^k is the mean of this over samples. A sample
    with fewer than k scored trials has no pass^k (None): it is reported as unscored, never as a failure.
    """
    if k < 1 or c < 0 or c > n:
        raise ValueError(f"pass^k needs 1 <= k and 0 <= c <= n (got n={n}, c={c}, k={k})")
    if n < k:
        return None
    return math.comb(c, k) / math.comb(n, k)


def paired_bootstrap(
    a: Sequence[float],
    b: Sequence[float],
    *,
    n_resamples: int = 10000,
    confidence: float = 0.95,
    seed: int = 0,
) -> PairedResult:
    """Paired bootstrap comparison of system b against system a on the same instances.

    Koehn, "Statistical Significance Tests for Machine Translation Evaluation" (EMNLP 2004); Efron &
    Tibshirani (1993) §15–16. With per-instance differences d_i = b_i − a_i, draw B resamples of the
    instance indices (the same indices for both systems), δ*_b = mean(d over resample b). delta = mean(d);
    the CI is the percentile interval of {δ*_b}. Two-sided p-value: the share of δ*_b on the other side of
    zero from delta (δ* ≤ 0 when delta > 0, δ* ≥ 0 when delta < 0), with the +1 correction of Davison &
    Hinkley, *Bootstrap Methods and their Application* (1997) ch. 4, doubled and capped at 1:
    p = min(1, 2·(k + 1)/(B + 1)). delta = 0 gives p = 1.
    """
    _check_common(n_resamples, confidence)
    xa, xb = _as_array(a, "a"), _as_array(b, "b")
    if xa.shape != xb.shape:
        raise ValueError(f"paired samples differ in length: {xa.shape[0]} vs {xb.shape[0]}")
    n = int(xa.shape[0])
    if n == 0:
        nan = math.nan
        return PairedResult(delta=nan, ci_low=nan, ci_high=nan, p_value=nan, n=0, mean_a=nan, mean_b=nan,
                            confidence=confidence)
    d = xb - xa
    delta = float(d.mean())
    boot = _resampled_stats(d, np.mean, n_resamples, seed)
    return _paired_result(delta, boot, n=n, mean_a=float(xa.mean()), mean_b=float(xb.mean()),
                          confidence=confidence)


def _paired_result(delta: float, boot: np.ndarray, *, n: int, mean_a: float, mean_b: float,
                   confidence: float) -> PairedResult:
    """Percentile CI of the resampled deltas and the two-sided p-value (see `paired_bootstrap`)."""
    alpha = 1.0 - confidence
    lo, hi = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    if delta > 0:
        k = int(np.count_nonzero(boot <= 0))
    elif delta < 0:
        k = int(np.count_nonzero(boot >= 0))
    else:
        k = len(boot)
    p = min(1.0, 2.0 * (k + 1) / (len(boot) + 1))
    return PairedResult(delta=delta, ci_low=float(lo), ci_high=float(hi), p_value=p, n=n, mean_a=mean_a,
                        mean_b=mean_b, confidence=confidence)


def paired_bootstrap_statistic(
    a: Sequence[Any],
    b: Sequence[Any],
    statistic: Callable[[Sequence[Any]], float | None],
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> PairedResult:
    """Paired bootstrap of a run-level statistic that is not a mean of per-instance values (ECE, a rate
    over questions): `a[i]` and `b[i]` are the same instance in two runs; each resample draws instance
    indices once and recomputes `statistic` on both runs' resampled items. δ*_b = stat(b*) − stat(a*);
    CI and two-sided p-value exactly as in `paired_bootstrap` (Koehn 2004; Davison & Hinkley 1997).
    Resamples where either statistic is undefined (None or NaN) are dropped; `n` is the instance count.
    """
    _check_common(n_resamples, confidence)
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} vs {len(b)}")
    n = len(a)
    nan = math.nan

    def value(items: Sequence[Any]) -> float:
        v = statistic(items)
        return nan if v is None else float(v)

    va, vb = value(a), value(b)
    if n == 0 or math.isnan(va) or math.isnan(vb):
        return PairedResult(delta=nan, ci_low=nan, ci_high=nan, p_value=nan, n=n, mean_a=va, mean_b=vb,
                            confidence=confidence)
    rng = np.random.default_rng(seed)
    deltas = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)
        da, db = value([a[i] for i in idx]), value([b[i] for i in idx])
        if not (math.isnan(da) or math.isnan(db)):
            deltas.append(db - da)
    delta = vb - va
    if not deltas:
        return PairedResult(delta=delta, ci_low=nan, ci_high=nan, p_value=nan, n=n, mean_a=va, mean_b=vb,
                            confidence=confidence)
    return _paired_result(delta, np.asarray(deltas), n=n, mean_a=va, mean_b=vb, confidence=confidence)


def expected_calibration_error(
    confidences: Sequence[float | None], correct: Sequence[bool], *, n_bins: int = 5
) -> ECEResult:
    """Expected calibration error with equal-width bins (Guo et al., "On Calibration of Modern Neural
    Networks", ICML 2017, §2; Naeini et al., "Obtaining Well Calibrated Probabilities Using Bayesian
    Binning", AAAI 2015).

    ECE = Σ_m (|B_m| / N) · |acc(B_m) − conf(B_m)|, acc the share correct and conf the mean confidence in
    the bin, N the answers with a confidence. Bins are left-closed, bin = min(⌊M·c⌋, M − 1): [0, 0.2),
    [0.2, 0.4), ..., [0.8, 1.0] for M = 5 — the convention of the FinInteract paper (DESIGN §7), so a
    confidence of 0.8 falls in the top bin. (Right-closed bins ((m−1)/M, m/M] put 0.2/0.4/0.6/0.8 one bin
    lower: on {(0.8, correct), (0.7, wrong)} they give 0.25, this convention 0.45.)
    Confidences are in [0, 1] (divide a 0–100 confidence by 100). None or NaN is a missing confidence:
    excluded from ECE (never read as 0) and reported through `coverage` = N / n. No confidence at all
    gives ece = NaN.
    """
    if n_bins < 1:
        raise ValueError("n_bins must be at least 1")
    conf_list, corr_list = list(confidences), list(correct)
    if len(conf_list) != len(corr_list):
        raise ValueError(f"confidences and correct differ in length: {len(conf_list)} vs {len(corr_list)}")
    n = len(conf_list)
    pairs = [(float(c), bool(k)) for c, k in zip(conf_list, corr_list, strict=True) if c is not None and not math.isnan(c)]
    conf = np.array([c for c, _ in pairs], dtype=float)
    hit = np.array([k for _, k in pairs], dtype=float)
    if conf.size and (conf.min() < 0.0 or conf.max() > 1.0):
        raise ValueError("confidences must lie in [0, 1]; divide percentages by 100")
    m = int(conf.size)
    # Left-closed bins; the small epsilon keeps 0.6 * 5 = 2.9999999999999996 in bin [0.6, 0.8).
    idx = np.clip(np.floor(conf * n_bins + 1e-9).astype(int), 0, n_bins - 1) if m else np.array([], int)
    bins: list[CalibrationBin] = []
    ece = 0.0
    for b in range(n_bins):
        mask = idx == b
        count = int(mask.sum())
        mean_conf = float(conf[mask].mean()) if count else None
        acc = float(hit[mask].mean()) if count else None
        if acc is not None and mean_conf is not None:
            ece += count / m * abs(acc - mean_conf)
        bins.append(CalibrationBin(lo=b / n_bins, hi=(b + 1) / n_bins, count=count,
                                   mean_confidence=mean_conf, accuracy=acc))
    return ECEResult(
        ece=float(ece) if m else math.nan,
        coverage=m / n if n else math.nan,
        n=n,
        n_with_confidence=m,
        bins=bins,
    )


def wilson_interval(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials (Wilson 1927, "Probable inference, the law of
    succession, and statistical inference", JASA 22): centre (k + z²/2)/(n + z²), half-width
    z·sqrt(k(n−k)/n + z²/4)/(n + z²). z = 1.96 gives the 95% interval. (0, 1) for n = 0."""
    if n == 0:
        return 0.0, 1.0
    denom = n + z * z
    centre = (k + z * z / 2) / denom
    half = z * math.sqrt(k * (n - k) / n + z * z / 4) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
