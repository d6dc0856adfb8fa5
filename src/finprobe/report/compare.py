"""Comparing stored runs on the same instances: side-by-side metrics, per-metric deltas with paired
bootstrap p-values, and per-sample outcome flips.

Generic, through the family contract: `Benchmark.sample_values(record, sample)` gives per-instance values
whose mean over instances is a metric (None: the instance does not enter that metric, e.g. an error
record); with `--epochs`, an instance's value is its mean over its trials. Metrics that are not means
over instances (ECE, rates over questions) come from `Benchmark.paired_item` and
`Benchmark.run_statistics`: they are compared by resampling the shared instances and recomputing the
statistic on both runs. Only instances present in both runs are paired; instances in one run only are
counted and listed, never silently mixed in. The bootstrap seed is the first run's seed unless given.

Runs that share no instance (e.g. the same family on financial and on general-domain data: "finance vs
general") are not paired: the pair is `paired: false` with an `unpaired` side-by-side of the headline
metrics (each run's own value and CI, and the difference of the values; no paired test, no flips). A
run's `domain` (from its aggregate, when the family reports one) labels the columns.

Several runs: each is compared with the first (delta = run − first). Flips use `Benchmark.success` on each
trial's score: a trial (sample × epoch) present in both runs that went fail→pass ("wrong→right") or
pass→fail ("right→wrong") is listed; every other transition (to or from error, skipped) is counted.
"""

from __future__ import annotations

import math
import string
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from finprobe.core.schema import SampleRecord
from finprobe.core.stats import PairedResult, paired_bootstrap, paired_bootstrap_statistic
from finprobe.report._export import _scalar, record_outcome
from finprobe.report._text import clean_terminal

__all__ = ["compare_loaded", "compare_runs", "headline_names", "outcome_flips", "print_comparison"]

_ANSWER_CHARS = 200


def _label(i: int) -> str:
    return string.ascii_uppercase[i] if i < 26 else f"R{i + 1}"


def _run_info(run: Any, label: str = "") -> dict[str, Any]:
    cfg = run.manifest.config
    roles = {**run.bench.roles, **{r: rc.spec for r, rc in cfg.roles.items()}}
    return {"label": label, "path": str(run.path), "run_id": run.manifest.run_id, "benchmark": cfg.benchmark,
            "mode": run.mode, "roles": roles, "agent": roles.get("agent"), "n": len(run.records),
            "seed": cfg.seed, "epochs": cfg.epochs, "data": cfg.data, "domain": run.metrics.get("domain")}


def label_of(bench: Any, name: str) -> str:
    """A metric's label (the family's `metric_info`), the key itself when the family gives none."""
    info = bench.metric_info().get(name)
    return info.label if info is not None else name


def change_of(bench: Any, name: str, delta: float | None) -> str | None:
    """"better" or "worse" for a change of `delta` in metric `name` (by the family's better direction);
    None when the metric has no better direction or did not change."""
    info = bench.metric_info().get(name)
    if info is None or info.better is None or delta is None or delta == 0:
        return None
    return "better" if (delta > 0) == (info.better == "higher") else "worse"


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


def headline_names(bench: Any, metrics: dict[str, Any]) -> list[str]:
    """The metrics to show side by side: the family's headline metrics, else every top-level number
    that has a CI beside it."""
    names = list(bench.headline_metrics())
    if not names:
        names = [k for k, v in metrics.items() if isinstance(v, (int, float)) and f"{k}_ci_low" in metrics]
    return names


def _brief(record: SampleRecord, success: Any) -> dict[str, Any]:
    answer = None if record.transcript is None else record.transcript.final_answer
    if answer is not None and len(answer) > _ANSWER_CHARS:
        answer = answer[:_ANSWER_CHARS] + "…"
    reason = record.error if record.error else (record.score.reason if record.score else None)
    return {"outcome": record_outcome(record, success), "answer": answer, "reason": reason}


def outcome_flips(a: Any, b: Any) -> dict[str, Any]:
    """Per trial (sample × epoch) in both runs: the transition of its outcome from run `a` to run `b`.
    Lists the fail→pass (`wrong_to_right`) and pass→fail (`right_to_wrong`) trials; counts every transition."""
    trials_b = {(r.sample_id, r.epoch): r for r in b.trials}
    transitions: Counter[str] = Counter()
    flips: dict[str, list[dict[str, Any]]] = {"wrong_to_right": [], "right_to_wrong": []}
    n = 0
    for ra in a.trials:
        rb = trials_b.get((ra.sample_id, ra.epoch))
        if rb is None:
            continue
        n += 1
        ba, bb = _brief(ra, a.bench.success), _brief(rb, b.bench.success)
        transitions[f"{ba['outcome']}→{bb['outcome']}"] += 1
        kind = {("fail", "pass"): "wrong_to_right", ("pass", "fail"): "right_to_wrong"}.get(
            (ba["outcome"], bb["outcome"]))
        if kind:
            meta = {k: _scalar(v) for k, v in ra.meta.items() if _scalar(v) is not None}
            flips[kind].append({"id": ra.sample_id, "epoch": ra.epoch, "meta": meta, "a": ba, "b": bb})
    return {"n_paired_trials": n, "transitions": dict(sorted(transitions.items())), **flips}


def _compare_pair(a: Any, b: Any, *, seed: int, n_resamples: int) -> dict[str, Any]:
    """Paired comparison of run `b` against run `a` (delta = b − a) for every per-instance metric."""
    recs_a: dict[str, SampleRecord] = {r.sample_id: r for r in a.records}
    recs_b: dict[str, SampleRecord] = {r.sample_id: r for r in b.records}
    common = [sid for sid in recs_a if sid in recs_b]
    if not common:
        return _unpaired_pair(a, b)
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
    if statistics:  # (labels and change directions are added below, for these too)
        items = [(a.bench.paired_item(recs_a[s], (a.samples or {}).get(s)),
                  b.bench.paired_item(recs_b[s], (b.samples or {}).get(s))) for s in common]
        items = [(x, y) for x, y in items if x is not None and y is not None]
        for name, statistic in statistics.items():
            metrics[name] = _entry(paired_bootstrap_statistic([x for x, _ in items], [y for _, y in items], statistic,
                                                              seed=seed, n_resamples=min(n_resamples, 2000)))
    for name, entry in metrics.items():
        entry["label"] = label_of(a.bench, name)
        entry["change"] = change_of(a.bench, name, entry["delta"])
    return {"paired": True, "n_common": len(common), "only_a": sorted(set(recs_a) - set(recs_b)),
            "only_b": sorted(set(recs_b) - set(recs_a)), "metrics": metrics, "flips": outcome_flips(a, b)}


def _unpaired_pair(a: Any, b: Any) -> dict[str, Any]:
    """Runs without a shared instance: their headline metrics side by side, no paired statistics."""
    rows = []
    for name in headline_names(a.bench, a.metrics):
        va, vb = _clean(a.metrics.get(name)), _clean(b.metrics.get(name))
        difference = (vb - va if isinstance(va, (int, float)) and isinstance(vb, (int, float))
                      and not isinstance(va, bool) and not isinstance(vb, bool) else None)
        rows.append({"metric": name, "label": label_of(a.bench, name), "change": change_of(a.bench, name, difference),
                     "a": {"value": va, "ci_low": _clean(a.metrics.get(f"{name}_ci_low")),
                           "ci_high": _clean(a.metrics.get(f"{name}_ci_high"))},
                     "b": {"value": vb, "ci_low": _clean(b.metrics.get(f"{name}_ci_low")),
                           "ci_high": _clean(b.metrics.get(f"{name}_ci_high"))},
                     "difference": difference})
    domains = [a.metrics.get("domain"), b.metrics.get("domain")]
    return {"paired": False, "n_common": 0, "only_a": sorted({r.sample_id for r in a.records}),
            "only_b": sorted({r.sample_id for r in b.records}), "metrics": {},
            "flips": {"n_paired_trials": 0, "transitions": {}, "wrong_to_right": [], "right_to_wrong": []},
            "unpaired": {"domains": domains, "headline": rows,
                         "note": "the runs share no instance: each run's own value and 95% CI, and the difference "
                                 "of the values; no paired test"}}


def _method(seed: int, n_resamples: int) -> dict[str, Any]:
    return {"test": "paired bootstrap (two-sided)", "n_resamples": n_resamples, "seed": seed,
            "delta": "B - A (each run minus the first)", "flips": "Benchmark.success on each trial's score"}


def compare_loaded(runs: Sequence[Any], *, seed: int | None = None, n_resamples: int = 10000) -> dict[str, Any]:
    """Compare loaded runs (`finprobe.report.load_run`): every run against the first.

    Result: `runs` (label A, B, ... and identity), `headline` (each headline metric's value and CI in
    every run), `pairs` (per run after the first: paired deltas, unpaired instances, flips), `method`.
    With two runs, the pair's fields are also at the top level (`run_a`, `run_b`, `n_common`, `only_a`,
    `only_b`, `metrics`, `flips`), the two-run format. Raises ValueError for fewer than two runs or runs
    of different benchmarks; a run that shares no instance with the first gets an unpaired side-by-side
    (`paired: false`, `unpaired`).
    """
    if len(runs) < 2:
        raise ValueError("compare needs at least two runs")
    benchmarks = {r.manifest.config.benchmark for r in runs}
    if len(benchmarks) > 1:
        raise ValueError(f"cannot compare runs of different benchmarks ({', '.join(sorted(benchmarks))})")
    first = runs[0]
    seed = first.manifest.config.seed if seed is None else seed
    infos = [_run_info(r, _label(i)) for i, r in enumerate(runs)]
    headline = []
    for name in headline_names(first.bench, first.metrics):
        headline.append({"metric": name, "label": label_of(first.bench, name), "values": [
            {"value": _clean(r.metrics.get(name)), "ci_low": _clean(r.metrics.get(f"{name}_ci_low")),
             "ci_high": _clean(r.metrics.get(f"{name}_ci_high"))} for r in runs]})
    pairs = [{"a": 0, "b": i, **_compare_pair(first, run, seed=seed, n_resamples=n_resamples)}
             for i, run in enumerate(runs) if i > 0]
    result: dict[str, Any] = {"benchmark": first.manifest.config.benchmark, "runs": infos, "headline": headline,
                              "pairs": pairs, "method": _method(seed, n_resamples)}
    if len(runs) == 2:
        pair = pairs[0]
        result.update({"run_a": infos[0], "run_b": infos[1], "n_common": pair["n_common"], "only_a": pair["only_a"],
                       "only_b": pair["only_b"], "metrics": pair["metrics"], "flips": pair["flips"]})
    return result


def compare_runs(run_a: str | Path, run_b: str | Path, *, seed: int | None = None,
                 n_resamples: int = 10000) -> dict[str, Any]:
    """Paired comparison of run B against run A (delta = B − A) for every per-instance metric, with flips.

    Raises ValueError when the runs belong to different benchmarks.
    """
    from finprobe.report._run import load_run

    return compare_loaded([load_run(run_a), load_run(run_b)], seed=seed, n_resamples=n_resamples)


# --------------------------------------------------------------------------- terminal
def _num(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.4f}" if signed else f"{x:.4f}"


def _with_ci(v: dict[str, Any]) -> str:
    if v["value"] is None:
        return "-"
    ci = "" if v["ci_low"] is None or v["ci_high"] is None else f" [{v['ci_low']:.3f}, {v['ci_high']:.3f}]"
    return f"{v['value']:.3f}{ci}"


def print_comparison(console: Any, result: dict[str, Any], *, max_flips: int = 20) -> None:
    """Rich tables of a `compare_loaded` result: runs, headline side by side, then per pair its paired
    deltas and flips (the first `max_flips` of each kind; all are in the JSON and HTML outputs)."""
    from rich.table import Table
    from rich.text import Text

    def t(x: Any) -> Text:
        return Text(clean_terminal(x))

    runs = result["runs"]
    table = Table(title=f"{result['benchmark']}: {len(runs)} runs")
    domains = any(r.get("domain") for r in runs)
    for col in ("run", "mode", "agent", *(("domain",) if domains else ()), "samples", "trials", "path"):
        table.add_column(col)
    for r in runs:
        table.add_row(r["label"], t(r["mode"] or "default"), t(r["agent"]),
                      *((t(r.get("domain") or "-"),) if domains else ()), str(r["n"]), str(r["epochs"]), t(r["path"]))
    console.print(table)
    if result["headline"]:
        side = Table(title="headline metrics (value [95% CI])")
        side.add_column("metric")
        for r in runs:
            side.add_column(r["label"], justify="right")
        for row in result["headline"]:
            side.add_row(t(row.get("label", row["metric"])), *(_with_ci(v) for v in row["values"]))
        console.print(side)
    for pair in result["pairs"]:
        a, b = runs[pair["a"]], runs[pair["b"]]
        if not pair.get("paired", True):
            _print_unpaired(console, pair, a, b)
            continue
        deltas = Table(title=f"{b['label']} vs {a['label']}: paired on {pair['n_common']} instances")
        for col in ("metric", a["label"], b["label"], f"delta ({b['label']}-{a['label']})", "95% CI", "p", "n"):
            deltas.add_column(col, justify="left" if col == "metric" else "right")
        for name, m in pair["metrics"].items():
            ci = "-" if m["ci_low"] is None else f"{m['ci_low']:+.4f} .. {m['ci_high']:+.4f}"
            p = "-" if m["p_value"] is None else f"{m['p_value']:.4f}"
            style = {"better": "green", "worse": "red"}.get(m.get("change") or "", "")
            deltas.add_row(t(m.get("label", name)), _num(m["mean_a"]), _num(m["mean_b"]),
                           Text(_num(m["delta"], True), style=style), ci, p, str(m["n"]))
        console.print(deltas)
        if pair["only_a"] or pair["only_b"]:
            console.print(f"[yellow]not paired:[/yellow] {len(pair['only_a'])} instances only in {a['label']}, "
                          f"{len(pair['only_b'])} only in {b['label']}")
        flips = pair["flips"]
        console.print(Text(f"outcome transitions {a['label']}→{b['label']} over {flips['n_paired_trials']} trials: " +
                           ", ".join(f"{k} {v}" for k, v in flips["transitions"].items())))
        for kind, title in (("wrong_to_right", "wrong→right (fail→pass)"), ("right_to_wrong", "right→wrong (pass→fail)")):
            items = flips[kind]
            if not items:
                continue
            listing = Table(title=f"{title}: {len(items)}" + (f" (first {max_flips})" if len(items) > max_flips else ""))
            for col in ("sample", "trial", f"{a['label']} answer", f"{b['label']} answer", f"{a['label']} reason"):
                listing.add_column(col)
            for item in items[:max_flips]:
                listing.add_row(t(item["id"]), str(item["epoch"]), t(item["a"]["answer"] or "-"),
                                t(item["b"]["answer"] or "-"), t(item["a"]["reason"] or "-"))
            console.print(listing)


def unpaired_title(pair: dict[str, Any], a: dict[str, Any], b: dict[str, Any]) -> str:
    """"B vs A", named by domain where the runs have one ("general (B) vs finance (A)")."""
    da, db = pair["unpaired"]["domains"]
    name_a = f"{da} ({a['label']})" if da else a["label"]
    name_b = f"{db} ({b['label']})" if db else b["label"]
    return f"{name_b} vs {name_a}: unpaired, the runs share no instance"


def _print_unpaired(console: Any, pair: dict[str, Any], a: dict[str, Any], b: dict[str, Any]) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=unpaired_title(pair, a, b))
    for col in ("metric", f"{a['label']} [95% CI]", f"{b['label']} [95% CI]", f"{b['label']}-{a['label']}"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for row in pair["unpaired"]["headline"]:
        style = {"better": "green", "worse": "red"}.get(row.get("change") or "", "")
        table.add_row(clean_terminal(row.get("label", row["metric"])), _with_ci(row["a"]), _with_ci(row["b"]),
                      Text(_num(row["difference"], True), style=style))
    console.print(table)
    console.print(f"[dim]{pair['unpaired']['note']}[/dim]")
