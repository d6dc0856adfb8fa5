"""Comparing two stored runs on the same instances: per-metric deltas with paired bootstrap p-values.

Generic, through the family contract: `Benchmark.sample_values(record, sample)` gives per-instance values
whose mean over instances is a metric (None: the instance does not enter that metric, e.g. an error
record); with `--epochs`, an instance's value is its mean over its trials. Metrics that are not means
over instances (ECE, rates over questions) come from `Benchmark.paired_item` and
`Benchmark.run_statistics`: they are compared by resampling the shared instances and recomputing the
statistic on both runs. Only instances present in both runs are paired; instances in one run only are
counted and listed, never silently mixed in. The bootstrap seed is run A's seed unless given.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from finprobe.core.schema import SampleRecord
from finprobe.core.stats import PairedResult, paired_bootstrap, paired_bootstrap_statistic

__all__ = ["compare_runs", "print_comparison"]


def _run_info(run: Any) -> dict[str, Any]:
    cfg = run.manifest.config
    return {"path": str(run.path), "run_id": run.manifest.run_id, "benchmark": cfg.benchmark, "mode": cfg.mode,
            "roles": {r: rc.spec for r, rc in cfg.roles.items()}, "n": len(run.records), "seed": cfg.seed,
            "epochs": cfg.epochs}


def _clean(x: float | None) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def _entry(res: PairedResult) -> dict[str, Any]:
    return {"n": res.n, "mean_a": _clean(res.mean_a), "mean_b": _clean(res.mean_b), "delta": _clean(res.delta),
            "ci_low": _clean(res.ci_low), "ci_high": _clean(res.ci_high), "p_value": _clean(res.p_value)}


def _instance_values(run: Any) -> dict[str, dict[str, float]]:
    """Per instance, each metric's mean over the instance's trials where it is defined."""
    sums: dict[str, dict[str, list[float]]] = {}
    for record in run.trials:
        sample = (run.samples or {}).get(record.sample_id)
        for name, value in run.bench.sample_values(record, sample).items():
            if value is not None:
                sums.setdefault(record.sample_id, {}).setdefault(name, []).append(float(value))
    return {sid: {name: sum(v) / len(v) for name, v in by_name.items()} for sid, by_name in sums.items()}


def compare_runs(run_a: str | Path, run_b: str | Path, *, seed: int | None = None,
                 n_resamples: int = 10000) -> dict[str, Any]:
    """Paired comparison of run B against run A (delta = B − A) for every per-instance metric.

    Raises ValueError when the runs belong to different benchmarks or share no instance.
    """
    from finprobe.report._run import load_run

    a, b = load_run(run_a), load_run(run_b)
    if a.manifest.config.benchmark != b.manifest.config.benchmark:
        raise ValueError(f"cannot compare a {a.manifest.config.benchmark} run with a "
                         f"{b.manifest.config.benchmark} run")
    seed = a.manifest.config.seed if seed is None else seed
    recs_a: dict[str, SampleRecord] = {r.sample_id: r for r in a.records}
    recs_b: dict[str, SampleRecord] = {r.sample_id: r for r in b.records}
    common = [sid for sid in recs_a if sid in recs_b]
    if not common:
        raise ValueError(f"{run_a} and {run_b} share no instance")
    va, vb = _instance_values(a), _instance_values(b)
    names: list[str] = []
    for sid in common:
        for name in [*va.get(sid, {}), *vb.get(sid, {})]:
            if name not in names:
                names.append(name)
    metrics: dict[str, Any] = {}
    for name in names:
        pairs = [(va.get(s, {}).get(name), vb.get(s, {}).get(name)) for s in common]
        kept = [(x, y) for x, y in pairs if x is not None and y is not None]
        if not kept:
            metrics[name] = {"n": 0, "mean_a": None, "mean_b": None, "delta": None, "ci_low": None,
                             "ci_high": None, "p_value": None}
            continue
        metrics[name] = _entry(paired_bootstrap([x for x, _ in kept], [y for _, y in kept], seed=seed,
                                                n_resamples=n_resamples))
    statistics = a.bench.run_statistics()
    if statistics:
        items = [(a.bench.paired_item(recs_a[s], (a.samples or {}).get(s)),
                  b.bench.paired_item(recs_b[s], (b.samples or {}).get(s))) for s in common]
        items = [(x, y) for x, y in items if x is not None and y is not None]
        for name, statistic in statistics.items():
            metrics[name] = _entry(paired_bootstrap_statistic([x for x, _ in items], [y for _, y in items], statistic,
                                                              seed=seed, n_resamples=min(n_resamples, 2000)))
    only_a = sorted(set(recs_a) - set(recs_b))
    only_b = sorted(set(recs_b) - set(recs_a))
    return {
        "benchmark": a.manifest.config.benchmark, "run_a": _run_info(a), "run_b": _run_info(b),
        "n_common": len(common), "only_a": only_a, "only_b": only_b,
        "method": {"test": "paired bootstrap (two-sided)", "n_resamples": n_resamples, "seed": seed,
                   "delta": "B - A"},
        "metrics": metrics,
    }


def print_comparison(console: Any, result: dict[str, Any]) -> None:
    """Rich table of a `compare_runs` result."""
    from rich.table import Table

    def f(x: float | None, signed: bool = False) -> str:
        if x is None:
            return "-"
        return f"{x:+.4f}" if signed else f"{x:.4f}"

    ra, rb = result["run_a"], result["run_b"]
    title = (f"{result['benchmark']}: B ({rb['mode'] or 'default'}, {rb['roles'].get('agent', '?')}) vs "
             f"A ({ra['mode'] or 'default'}, {ra['roles'].get('agent', '?')}) on {result['n_common']} instances")
    table = Table(title=title)
    for col in ("metric", "A", "B", "delta (B-A)", "95% CI", "p", "n"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for name, m in result["metrics"].items():
        ci = "-" if m["ci_low"] is None else f"{m['ci_low']:+.4f} .. {m['ci_high']:+.4f}"
        p = "-" if m["p_value"] is None else f"{m['p_value']:.4f}"
        table.add_row(name, f(m["mean_a"]), f(m["mean_b"]), f(m["delta"], True), ci, p, str(m["n"]))
    console.print(table)
    if result["only_a"] or result["only_b"]:
        console.print(f"[yellow]not paired:[/yellow] {len(result['only_a'])} instances only in A, "
                      f"{len(result['only_b'])} only in B")
