"""From stored records to a run's metrics, the same way for the runner, `report` and `rescore`.

`run_metrics` is the one path: it streams the run folder's records (aggregation views, see
`Benchmark.aggregates_text`), keeps the latest record of each trial, and aggregates them with the run's
data as the folder keeps it (`data.jsonl`, `finprobe.core.store.StoredSamples`). The runner writes
`metrics.json` with it and `report` recomputes with it, from the folder alone, so the two agree byte for
byte wherever the folder is and whatever became of the data file it was made from.

Three guarantees live here so that no family has to remember them:
- **order**: records reach the family's `aggregate` in data order (the order of the samples the run
  loaded), or sorted by sample id when the run's data is unknown (a folder from an older finprobe whose
  data no longer loads); never in the order the store happened to receive them. So the same records give
  the same numbers, byte for byte, after a kill and resume.
- **only the run's trials count**: a record whose sample is not in the run's data, or whose epoch is
  beyond the run's, is foreign (a line pasted from another run, a hand edit): it is left out of every
  metric and counted as `run.n_foreign`.
- **repeated trials** (`--epochs K`): the family aggregates one epoch's records as usual; on top, the
  per-instance values (`Benchmark.sample_values`) are averaged over the K trials and bootstrapped over
  instances (trials of one instance stay together), and pass^k comes from `Benchmark.success`
  (`finprobe.core.stats.pass_hat_k`). With K = 1 the family's metrics are returned unchanged.
"""

from __future__ import annotations

import gc
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from finprobe.core.benchmark import AggregationSettings, Benchmark, FamilyOptions
from finprobe.core.provenance import UsageSum, run_info
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus, Usage
from finprobe.core.stats import bootstrap_ci, bootstrap_items, pass_hat_k
from finprobe.core.store import RecordViews, RunStore, StoredSamples

#: the run's data as aggregation takes it: the loaded samples (in data order), or the folder's copy
RunData = Sequence[Sample] | StoredSamples


def data_order(samples: RunData | None) -> list[str] | None:
    """The sample ids of the run's data in data order (None when unknown)."""
    if samples is None:
        return None
    if isinstance(samples, StoredSamples):
        return samples.ids
    return [s.id for s in samples]


def data_by_id(samples: RunData | None) -> Mapping[str, Sample] | None:
    """The run's samples by id (the folder's copy stays on disk, each parsed when looked up)."""
    if samples is None or isinstance(samples, StoredSamples):
        return samples
    return {s.id: s for s in samples}


def _keys(records: Sequence[SampleRecord]) -> list[tuple[str, int]]:
    return records.keys if isinstance(records, RecordViews) else [(r.sample_id, r.epoch) for r in records]


def ordered(records: Sequence[SampleRecord], order: Sequence[str] | None) -> Sequence[SampleRecord]:
    """`records` in data order (`order` = sample ids as loaded), then epoch; unknown ids sorted after.
    Views (`RecordViews`) stay views: they are reordered without being parsed."""
    rank = {sid: i for i, sid in enumerate(order or [])}
    unknown = len(rank)
    sort_keys = [(rank.get(sid, unknown), sid, epoch) for sid, epoch in _keys(records)]
    if all(a <= b for a, b in itertools.pairwise(sort_keys)):  # in order already (e.g. a run's trials)
        return records if isinstance(records, RecordViews) else list(records)
    perm = sorted(range(len(sort_keys)), key=sort_keys.__getitem__)
    if isinstance(records, RecordViews):
        return records.select(perm)
    return [records[i] for i in perm]


def of_epoch(records: Sequence[SampleRecord], epoch: int) -> Sequence[SampleRecord]:
    """The records of one trial index, in their order (views stay views)."""
    keys = _keys(records)
    chosen = [i for i, (_, e) in enumerate(keys) if e == epoch]
    if isinstance(records, RecordViews):
        return records.select(chosen)
    return [records[i] for i in chosen]


@contextmanager
def quiet_gc(young_threshold: int = 50_000) -> Iterator[None]:
    """Fewer garbage collections while a run executes or aggregates: what exists now is frozen (the
    samples, indexes, modules: a full collection would walk all of it again and again), and the young
    generation is collected every `young_threshold` allocations instead of 700. The records a run makes
    hold no reference cycles to speak of, so this defers little garbage; both settings are restored.
    Measured: collections triggered while aggregating a few thousand parsed views took ~10% of a run's CPU."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], young_threshold), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


@dataclass
class Trials:
    """The run's trials as aggregation takes them: `records` (the latest record of each trial of the run,
    in data order) and `foreign` (the keys of stored records that are no trial of the run)."""

    records: Sequence[SampleRecord]
    foreign: list[tuple[str, int]] = field(default_factory=list)


def run_trials(family: Benchmark[Any], store: RunStore, epochs: int, order: Sequence[str] | None, *,
               views: RecordViews | None = None) -> Trials:
    """The latest record of each (sample in `order`, epoch ≤ `epochs`) in the store, in data order (sorted
    by id when `order` is None, and then every sample counts): aggregation views parsed on access
    (`RecordViews`, flat memory; `views` when the caller holds the store's views already), or full records
    when the family aggregates texts. Records of other samples or epochs come back as `foreign`."""
    latest: Sequence[SampleRecord]
    if family.aggregates_text:
        latest = list(store.load_trials().values())
    else:
        latest = views if views is not None else store.load_views()
    keys = _keys(latest)
    expected = None if order is None else set(order)
    kept_at, foreign = [], []
    for i, (sid, e) in enumerate(keys):
        if e <= epochs and (expected is None or sid in expected):
            kept_at.append(i)
        else:
            foreign.append((sid, e))
    kept = latest.select(kept_at) if isinstance(latest, RecordViews) else [latest[i] for i in kept_at]
    records = ordered(kept, order if order is not None else sorted({sid for sid, _ in _keys(kept)}))
    return Trials(records, foreign)


@dataclass
class Tally:
    """What a run's records add up to, from one pass: usage per role, statuses, errors by reason."""

    usage: dict[str, Usage] = field(default_factory=dict)
    statuses: Counter[SampleStatus] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)


def tally(trials: Iterable[SampleRecord]) -> Tally:
    """One pass over `trials` (in data order, so float sums do not depend on the store's order)."""
    out = Tally()
    usage = UsageSum()
    for record in trials:
        out.statuses[record.status] += 1
        if record.status == SampleStatus.error:
            out.reasons[error_reason(record.error)] += 1
        usage.add(record.usage_by_role)
    out.usage = usage.by_role()
    return out


def run_metrics(family: Benchmark[Any], store: RunStore, manifest: RunManifest, samples: RunData | None,
                options: FamilyOptions, settings: AggregationSettings, *,
                trials: Trials | None = None, totals: Tally | None = None) -> dict[str, Any]:
    """A run's metrics from its folder: the family's aggregate (plus epochs) and the `run` section.
    Deterministic: the same stored records give the same metrics whatever their order in the file.
    `samples`: the run's data (the folder's `StoredSamples`, so the metrics are the folder's alone).
    `trials`: the folder's `run_trials`, and `totals` their `tally`, when the caller has them already."""
    if trials is None:
        trials = run_trials(family, store, manifest.config.epochs, data_order(samples))
    metrics = aggregate_run(family, trials.records, samples, options, settings, manifest.config.epochs)
    metrics.setdefault("run", {})
    # foreign records are known only against the run's data (a folder from an older finprobe may lack it)
    metrics["run"].update(run_info(manifest, trials.records, settings,
                                   usage=(totals if totals is not None else tally(trials.records)).usage,
                                   n_foreign=len(trials.foreign) if samples is not None else None))
    return metrics


_MODEL_ERROR = re.compile(r"^(model call failed[^:]*): .*? at \S+: (?:failed after \d+ attempts; last error: )?")


def error_reason(error: str | None) -> str:
    """The reason of an error record, without what varies from sample to sample (model, endpoint, attempts),
    so errors can be counted by reason."""
    text = " ".join((error or "unknown error").split())
    text = _MODEL_ERROR.sub(r"\1: ", text)
    return text if len(text) <= 160 else text[:159] + "…"


def error_reasons(records: Iterable[SampleRecord]) -> Counter[str]:
    """How many error records there are by reason (`error_reason`), most common first when listed."""
    return Counter(error_reason(r.error) for r in records if r.status == SampleStatus.error)


def _finite(x: float) -> float | None:
    return None if math.isnan(x) else x


def aggregate_run(family: Benchmark[Any], trials: Sequence[SampleRecord], samples: RunData | None,
                  options: FamilyOptions, settings: AggregationSettings, epochs: int = 1) -> dict[str, Any]:
    """The run's metrics: the family's aggregate of the first trial, plus an `epochs` section when K > 1.

    `trials` are the latest record of each (sample, epoch); `samples` the run's data in order (None
    when it is unknown)."""
    order = data_order(samples)
    if order is None:
        order = sorted({sid for sid, _ in _keys(trials)})
    by_id = data_by_id(samples)
    records = ordered(trials, order)
    metrics = family.aggregate(of_epoch(records, 1), by_id, options, settings)
    if epochs > 1:
        section = summarize_epochs(family, records, order, by_id, settings, epochs)
        metrics["epochs"] = section
        # The headline per-instance means become means over all K trials, with CIs over instances.
        for name, entry in section["metrics"].items():
            if name in metrics and (metrics[name] is None or isinstance(metrics[name], (int, float))):
                metrics[name] = entry["mean"]
                if f"{name}_ci_low" in metrics:
                    metrics[f"{name}_ci_low"], metrics[f"{name}_ci_high"] = entry["ci_low"], entry["ci_high"]
    return metrics


def summarize_epochs(family: Benchmark[Any], records: Sequence[SampleRecord], order: Sequence[str],
                     samples: Mapping[str, Sample] | None, settings: AggregationSettings,
                     epochs: int) -> dict[str, Any]:
    """Means over trials with instance-level CIs, per-epoch means, consistency and pass^1..K.

    One pass over `records` (in data order, a sample's trials together), keeping numbers, not records."""
    in_order = set(order)
    sums_by_sample: dict[str, dict[str, list[float]]] = {}
    per_epoch: dict[str, dict[int, list[float]]] = {}
    # Binary outcomes for pass^k and consistency: scored trials only; errors and skips are not trials.
    scored_by_sample: dict[str, list[bool]] = {}
    all_skipped: dict[str, bool] = {}
    for r in records:
        sid = r.sample_id
        if sid not in in_order:
            continue
        sums = sums_by_sample.setdefault(sid, {})
        for name, value in family.sample_values(r, (samples or {}).get(sid)).items():
            if value is None:
                continue
            sums.setdefault(name, []).append(float(value))
            per_epoch.setdefault(name, {}).setdefault(r.epoch, []).append(float(value))
        all_skipped[sid] = all_skipped.get(sid, True) and r.status == SampleStatus.skipped
        if r.status == SampleStatus.scored and r.score:
            scored_by_sample.setdefault(sid, []).append(family.success(r.score))
        else:
            scored_by_sample.setdefault(sid, [])
    ids = [sid for sid in order if sid in sums_by_sample]

    # Per-instance values averaged over the trials where they are defined.
    per_instance = {sid: {name: sum(v) / len(v) for name, v in sums_by_sample[sid].items()} for sid in ids}
    names = sorted({name for values in per_instance.values() for name in values})
    metric_out: dict[str, Any] = {}
    for name in names:
        values = [per_instance[sid][name] for sid in ids if name in per_instance[sid]]
        ci = bootstrap_ci(values, n_resamples=settings.n_resamples, confidence=settings.confidence,
                          seed=settings.seed)
        metric_out[name] = {
            "mean": _finite(ci.estimate), "ci_low": _finite(ci.ci_low), "ci_high": _finite(ci.ci_high),
            "n": ci.n,
            "per_epoch": {str(e): sum(v) / len(v) for e, v in sorted(per_epoch.get(name, {}).items())},
        }

    outcomes: dict[str, list[bool]] = {}
    unscored: list[dict[str, Any]] = []
    for sid in ids:
        if all_skipped[sid]:
            continue
        scored = scored_by_sample[sid]
        outcomes[sid] = scored
        if len(scored) < epochs:
            unscored.append({"id": sid, "reason": f"{len(scored)} of {epochs} trials scored"})
    pass_k: dict[str, Any] = {}
    for k in range(1, epochs + 1):
        items = [(len(o), sum(o)) for o in outcomes.values() if len(o) >= k]

        def statistic(selected: Sequence[tuple[int, int]], k: int = k) -> float | None:
            values = [pass_hat_k(n, c, k) for n, c in selected]
            kept = [v for v in values if v is not None]
            return sum(kept) / len(kept) if kept else None

        ci = bootstrap_items(items, statistic, n_resamples=settings.n_resamples, confidence=settings.confidence,
                             seed=settings.seed)
        pass_k[str(k)] = {"value": _finite(ci.estimate), "ci_low": _finite(ci.ci_low),
                          "ci_high": _finite(ci.ci_high), "n": len(items)}
    complete = [o for o in outcomes.values() if len(o) == epochs]
    consistent = sum(1 for o in complete if all(o) or not any(o))
    return {
        "k": epochs,
        "method": ("per-instance means over trials, percentile bootstrap over instances (trials of one instance "
                   "resampled together); pass^k = mean over samples of C(c,k)/C(n,k) (tau-bench)"),
        "metrics": metric_out,
        "pass_k": pass_k,
        "consistency": consistent / len(complete) if complete else None,
        "n_complete": len(complete),
        "unscored": unscored,
        "breakdowns_from": "epoch 1",
    }
