"""FinHopper metrics: the item formulas and the aggregate, checked against hand-computed values."""

from __future__ import annotations

import random

import pytest

from finprobe.benchmarks.multihop import ItemResult, aggregate, combined_score, process_score
from finprobe.benchmarks.multihop.metrics import macro_average, micro_average, score_by_hops


def test_item_formulas():
    assert process_score(3, 3) == 0.5 and process_score(1, 2) == 0.25 and process_score(0, 0) == 0.0
    assert combined_score(0, process_score(5, 5)) == 0.5  # every intermediate hop right, final wrong
    assert combined_score(1, 0.25) == 1.0 and combined_score(0, 0.0) == 0.0
    with pytest.raises(ValueError):
        process_score(3, 2)


def item(i, k, s_final, hits, n=None, error=None, lang="en", time_s=1.0):
    n = k - 1 if n is None else n
    level = "L1" if k <= 2 else "L2" if k <= 4 else "L3"
    if error:
        return ItemResult(id=i, k=k, level=level, language=lang, n_intermediate=n, error=error)
    sp = process_score(hits, n)
    return ItemResult(id=i, k=k, level=level, language=lang, s_final=s_final, s_process=sp,
                      score=combined_score(s_final, sp), hits=hits, n_intermediate=n, time_s=time_s)


FIXTURE = [item("a", 1, 1, 0), item("b", 1, 0, 0), item("c", 2, 0, 1), item("d", 2, 1, 1), item("e", 3, 0, 1),
           item("f", 5, 0, 4), item("g", 5, 0, 0, lang="zh"), item("h", 5, 1, 4, lang="zh"),
           item("i", 2, 0, 0, error="model call failed after retries: 503")]


def test_aggregate_matches_hand_computed_values():
    m = aggregate(FIXTURE, seed=1, n_resamples=500)
    assert (m["n"], m["n_scored"], m["n_errors"]) == (9, 8, 1)
    assert m["errors"] == [{"id": "i", "error": "model call failed after retries: 503"}]
    # Score_k: K=1 (1+0)/2, K=2 (0.5+1)/2, K=3 0.25, K=5 (0.5+0+1)/3
    assert {k: v["score"] for k, v in m["by_hops"].items()} == {"1": 0.5, "2": 0.75, "3": 0.25, "5": 0.5}
    assert {k: v["n"] for k, v in m["by_hops"].items()} == {"1": 2, "2": 2, "3": 1, "5": 3}
    assert m["score"] == pytest.approx((2 * 0.5 + 2 * 0.75 + 1 * 0.25 + 3 * 0.5) / 8)  # micro = 0.53125
    assert m["macro"] == pytest.approx((0.5 + 0.75 + 0.25 + 0.5) / 4)  # 0.5
    assert m["final_accuracy"] == pytest.approx(3 / 8)
    assert m["process"] == pytest.approx((0.5 + 0.5 + 0.25 + 0.5 + 0 + 0.5) / 6) and m["n_process"] == 6
    assert {lv: v["score"] for lv, v in m["by_level"].items()} == {"L1": 0.625, "L2": 0.25, "L3": 0.5}
    assert m["by_language"]["zh"]["n"] == 2 and m["by_language"]["zh"]["score"] == 0.5
    assert m["time_s_mean"] == 1.0 and m["time_s_n"] == 8
    for name in ("score", "macro", "final_accuracy", "process"):
        assert m[f"{name}_ci_low"] <= m[name] <= m[f"{name}_ci_high"]


def test_micro_and_macro_helpers():
    pairs = [(1, 1.0), (1, 0.0), (6, 0.5)]
    assert score_by_hops(pairs) == {1: 0.5, 6: 0.5}
    assert micro_average(pairs) == pytest.approx(0.5) and macro_average(pairs) == pytest.approx(0.5)
    unbalanced = [(1, 1.0)] * 9 + [(6, 0.0)]
    assert micro_average(unbalanced) == pytest.approx(0.9) and macro_average(unbalanced) == pytest.approx(0.5)


def test_aggregate_is_order_independent_and_seeded():
    shuffled = FIXTURE[:]
    random.Random(3).shuffle(shuffled)
    assert aggregate(shuffled, seed=1, n_resamples=300) == aggregate(FIXTURE, seed=1, n_resamples=300)
    other = aggregate(FIXTURE, seed=2, n_resamples=300)
    assert other["score"] == aggregate(FIXTURE, seed=1, n_resamples=300)["score"]
    assert other["score_ci_low"] != aggregate(FIXTURE, seed=1, n_resamples=300)["score_ci_low"] or \
        other["score_ci_high"] != aggregate(FIXTURE, seed=1, n_resamples=300)["score_ci_high"]


def test_macro_ci_keeps_every_hop_count():
    # one item per K with scores 0 and 1: a plain bootstrap could drop a K; the stratified one cannot
    items = [item(f"x{k}", k, k % 2, 0) for k in range(1, 7)]
    m = aggregate(items, seed=0, n_resamples=200)
    assert m["macro"] == 0.5 and m["macro_ci_low"] == m["macro_ci_high"] == 0.5


def test_empty_and_all_error_runs():
    m = aggregate([], seed=0)
    assert m["n"] == 0 and m["score"] is None and m["macro"] is None and m["by_hops"] == {}
    m = aggregate([item("z", 3, 0, 0, error="boom")], seed=0)
    assert m["n_errors"] == 1 and m["score"] is None
