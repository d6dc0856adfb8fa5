"""Tests for finprobe.core.stats: bootstrap CIs, paired bootstrap, expected calibration error."""

from __future__ import annotations

import math
import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.core import stats
from finprobe.core.stats import bootstrap_ci, expected_calibration_error, paired_bootstrap, wilson_interval

FAST = settings(max_examples=60, deadline=None)
scores = st.lists(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False), min_size=1, max_size=60)
binary = st.lists(st.sampled_from([0.0, 1.0]), min_size=1, max_size=80)


# --------------------------------------------------------------------------- bootstrap_ci
def test_bootstrap_ci_is_deterministic_for_a_seed() -> None:
    values = list(np.random.default_rng(0).normal(size=40))
    assert bootstrap_ci(values, seed=3) == bootstrap_ci(values, seed=3)
    assert bootstrap_ci(values, seed=3) != bootstrap_ci(values, seed=4)


def test_bootstrap_ci_empty_and_single() -> None:
    empty = bootstrap_ci([])
    assert empty.n == 0 and math.isnan(empty.estimate) and math.isnan(empty.ci_low) and math.isnan(empty.ci_high)
    one = bootstrap_ci([0.7])
    assert (one.estimate, one.ci_low, one.ci_high, one.n) == (0.7, 0.7, 0.7, 1)


def test_bootstrap_ci_matches_normal_approximation_for_a_proportion() -> None:
    # 400 instances at 50% accuracy: SE = 0.025, so the 95% interval is about 0.5 ± 0.049.
    values = [1.0, 0.0] * 200
    ci = bootstrap_ci(values, n_resamples=4000, seed=0)
    assert ci.estimate == 0.5
    assert ci.ci_low == pytest.approx(0.451, abs=0.01)
    assert ci.ci_high == pytest.approx(0.549, abs=0.01)


def test_bootstrap_ci_other_statistics() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 10.0, 2.5, 3.5]
    vectorised = bootstrap_ci(values, stat=np.median, seed=1)
    row_by_row = bootstrap_ci(values, stat=statistics.median, seed=1)
    assert vectorised.estimate == 3.0
    assert vectorised.ci_low == pytest.approx(row_by_row.ci_low)
    assert vectorised.ci_high == pytest.approx(row_by_row.ci_high)


def test_bootstrap_ci_narrower_confidence_is_inside() -> None:
    values = list(np.random.default_rng(5).normal(size=50))
    wide = bootstrap_ci(values, confidence=0.99, seed=2)
    narrow = bootstrap_ci(values, confidence=0.80, seed=2)
    assert wide.ci_low <= narrow.ci_low <= narrow.ci_high <= wide.ci_high


@pytest.mark.parametrize("n", [1, 7, 37, 500])
def test_bootstrap_independent_of_chunk_size(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    values = list(np.random.default_rng(n).random(n))
    whole = bootstrap_ci(values, n_resamples=300, seed=9)
    monkeypatch.setattr(stats, "_CHUNK_CELLS", 50)
    assert bootstrap_ci(values, n_resamples=300, seed=9) == whole


def test_bootstrap_ci_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        bootstrap_ci([1.0, math.nan])
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], n_resamples=0)
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], confidence=1.0)


@FAST
@given(scores, st.integers(min_value=0, max_value=2**31))
def test_bootstrap_ci_contains_the_estimate(values: list[float], seed: int) -> None:
    ci = bootstrap_ci(values, n_resamples=200, seed=seed)
    slack = 1e-9 * max(1.0, max(abs(v) for v in values))
    assert ci.ci_low - slack <= ci.estimate <= ci.ci_high + slack
    assert min(values) - slack <= ci.ci_low <= ci.ci_high <= max(values) + slack
    assert ci.n == len(values)


# --------------------------------------------------------------------------- paired_bootstrap
def test_paired_bootstrap_identical_systems() -> None:
    a = [1, 0, 1, 1, 0]
    result = paired_bootstrap(a, a)
    assert result.delta == 0.0 and result.p_value == 1.0
    assert result.ci_low == 0.0 and result.ci_high == 0.0


def test_paired_bootstrap_uniformly_better_system() -> None:
    a, b = [0.0] * 30, [1.0] * 30
    result = paired_bootstrap(a, b, n_resamples=999)
    assert result.delta == 1.0
    assert result.p_value == pytest.approx(2 * 1 / 1000)  # no resample crosses zero: 2·(0+1)/(B+1)
    assert (result.mean_a, result.mean_b, result.n) == (0.0, 1.0, 30)


def test_paired_bootstrap_known_case() -> None:
    a = [0] * 50 + [1] * 50
    b = [1] * 70 + [0] * 30  # 50 instances go 0→1 and 30 go 1→0: delta = +0.2
    result = paired_bootstrap(a, b, n_resamples=5000, seed=1)
    assert result.delta == pytest.approx(0.2)
    assert result.ci_low < 0.2 < result.ci_high
    assert 0.0 < result.p_value < 0.1


def test_paired_bootstrap_no_difference_is_not_significant() -> None:
    rng = np.random.default_rng(0)
    a = rng.integers(0, 2, 200).astype(float)
    b = a.copy()
    flip = rng.choice(200, size=20, replace=False)
    b[flip[:10]] = 1 - b[flip[:10]]  # ten changes each way: no systematic difference
    b[flip[10:]] = 1 - b[flip[10:]]
    result = paired_bootstrap(list(a), list(b), n_resamples=2000)
    assert result.p_value > 0.2


def test_paired_bootstrap_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        paired_bootstrap([1, 0], [1])
    empty = paired_bootstrap([], [])
    assert empty.n == 0 and math.isnan(empty.delta) and math.isnan(empty.p_value)


@FAST
@given(st.data())
def test_paired_bootstrap_properties(data: st.DataObject) -> None:
    a = data.draw(binary)
    b = data.draw(st.lists(st.sampled_from([0.0, 1.0]), min_size=len(a), max_size=len(a)))
    seed = data.draw(st.integers(min_value=0, max_value=1000))
    ab = paired_bootstrap(a, b, n_resamples=300, seed=seed)
    ba = paired_bootstrap(b, a, n_resamples=300, seed=seed)
    assert 0.0 < ab.p_value <= 1.0
    assert ab.delta == pytest.approx(np.mean(b) - np.mean(a))
    assert ab.ci_low - 1e-12 <= ab.delta <= ab.ci_high + 1e-12
    # Swapping the systems mirrors the result.
    assert ba.delta == pytest.approx(-ab.delta)
    assert ba.p_value == pytest.approx(ab.p_value)
    assert ba.ci_low == pytest.approx(-ab.ci_high) and ba.ci_high == pytest.approx(-ab.ci_low)


# --------------------------------------------------------------------------- ECE
def test_ece_known_value_and_missing_confidences() -> None:
    result = expected_calibration_error([0.9, 0.8, None, 0.1, 0.6], [True, False, True, False, True])
    # bins: [0,.2) 0.1 (acc 0) → 0.1; [.6,.8) 0.6 (acc 1) → 0.4; [.8,1] 0.8 and 0.9 (acc 0.5, conf 0.85)
    # → 2 × 0.35; over the 4 answers with a confidence.
    assert result.ece == pytest.approx((0.1 + 0.4 + 2 * 0.35) / 4)
    assert result.n == 5 and result.n_with_confidence == 4
    assert result.coverage == pytest.approx(0.8)
    assert [b.count for b in result.bins] == [1, 0, 0, 1, 2]
    assert result.bins[1].mean_confidence is None and result.bins[1].accuracy is None


def test_ece_missing_is_not_zero_confidence() -> None:
    with_missing = expected_calibration_error([None, 0.9], [False, True])
    with_zero = expected_calibration_error([0.0, 0.9], [False, True])
    assert with_missing.ece == pytest.approx(0.1)
    assert with_zero.ece == pytest.approx(0.05)
    assert with_missing.coverage == 0.5 and with_zero.coverage == 1.0


def test_ece_bins_follow_the_paper_convention() -> None:
    # bin = min(floor(5c), 4): 0.2 opens the second bin, 0.8 and 1.0 share the top bin
    result = expected_calibration_error([0.0, 0.1999999, 0.2, 0.6, 0.8, 1.0], [True] * 6)
    assert [b.count for b in result.bins] == [2, 1, 0, 1, 2]
    assert [(b.lo, b.hi) for b in result.bins][:2] == [(0.0, 0.2), (0.2, 0.4)]
    # the example: {(0.8, correct), (0.7, wrong)} is 0.45 here (0.25 with right-closed bins)
    assert expected_calibration_error([0.8, 0.7], [True, False]).ece == pytest.approx(0.45)


def test_ece_edge_cases() -> None:
    none = expected_calibration_error([None, None], [True, False])
    assert math.isnan(none.ece) and none.coverage == 0.0 and none.n_with_confidence == 0
    empty = expected_calibration_error([], [])
    assert empty.n == 0 and math.isnan(empty.ece)
    assert expected_calibration_error([math.nan, 1.0], [True, True]).n_with_confidence == 1
    assert expected_calibration_error([0.95] * 10, [False] * 10).ece == pytest.approx(0.95)
    with pytest.raises(ValueError):
        expected_calibration_error([95.0], [True])
    with pytest.raises(ValueError):
        expected_calibration_error([0.5, 0.5], [True])
    assert len(expected_calibration_error([0.5], [True], n_bins=10).bins) == 10


@FAST
@given(
    st.lists(
        st.tuples(st.one_of(st.none(), st.floats(min_value=0.0, max_value=1.0)), st.booleans()),
        min_size=1,
        max_size=80,
    ),
    st.integers(min_value=1, max_value=15),
)
def test_ece_is_in_unit_interval(pairs: list[tuple[float | None, bool]], n_bins: int) -> None:
    result = expected_calibration_error([c for c, _ in pairs], [k for _, k in pairs], n_bins=n_bins)
    assert result.n == len(pairs)
    assert sum(b.count for b in result.bins) == result.n_with_confidence
    if result.n_with_confidence:
        assert 0.0 <= result.ece <= 1.0
    else:
        assert math.isnan(result.ece)


@FAST
@given(st.lists(st.tuples(st.integers(min_value=1, max_value=20), st.data()), min_size=1, max_size=8))
def test_ece_of_perfectly_calibrated_groups_is_zero(groups: list[tuple[int, st.DataObject]]) -> None:
    # Each group states confidence k/n and gets exactly k of n right, so every bin's accuracy equals its
    # mean confidence, whatever groups share a bin.
    confidences: list[float] = []
    correct: list[bool] = []
    for size, data in groups:
        k = data.draw(st.integers(min_value=0, max_value=size))
        confidences += [k / size] * size
        correct += [True] * k + [False] * (size - k)
    assert expected_calibration_error(confidences, correct).ece == pytest.approx(0.0, abs=1e-12)


def test_paired_bootstrap_statistic_on_a_ratio_over_items():
    from finprobe.core.stats import paired_bootstrap_statistic

    # items: (questions, generic questions) per instance; the statistic is a ratio of sums, not a mean
    a = [(2, 1)] * 30
    b = [(2, 0)] * 30
    ratio = lambda items: (sum(g for _, g in items) / sum(q for q, _ in items)) if items else None  # noqa: E731
    res = paired_bootstrap_statistic(a, b, ratio, n_resamples=300, seed=3)
    assert (res.mean_a, res.mean_b, res.delta, res.n) == (0.5, 0.0, -0.5, 30)
    assert res.p_value < 0.01 and res.ci_low == res.ci_high == -0.5
    same = paired_bootstrap_statistic(a, a, ratio, n_resamples=100)
    assert same.delta == 0.0 and same.p_value == 1.0
    undefined = paired_bootstrap_statistic(a, b, lambda items: None, n_resamples=10)
    assert math.isnan(undefined.delta)


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(174, 174)
    assert hi == 1.0 and 0.97 < lo < 0.99
