"""Reading a stored run back: manifest, records and metrics, recomputed by the family's aggregate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from finprobe.core.aggregation import aggregate_run, ordered
from finprobe.core.benchmark import AggregationSettings, Benchmark, FamilyOptions
from finprobe.core.families import load_family
from finprobe.core.provenance import data_hash, run_info
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus
from finprobe.core.store import RunStore


class StoredRun(BaseModel):
    """A run folder read back. `records` are the first trial of each sample, in data order; `trials`
    every (sample, epoch) record; `samples` the run's data in order (None when it no longer loads)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    path: Path
    manifest: RunManifest
    bench: Any  # Benchmark
    options: Any  # the family's FamilyOptions
    records: list[SampleRecord]
    trials: list[SampleRecord]
    samples: dict[str, Sample] | None
    sample_order: list[str] | None
    settings: AggregationSettings
    metrics: dict[str, Any]


def _samples_for(bench: Benchmark[Any], manifest: RunManifest, options: FamilyOptions) -> list[Sample] | None:
    """Re-load the run's instances (needed by scorers/aggregates that look at the gold data).

    Returns None when the data cannot be loaded any more (moved file): metrics that need only the
    stored records still work."""
    try:
        samples = bench.load_for_run(manifest.config.data, options, manifest.config.seed)
    except (OSError, ValueError):
        return None
    if manifest.config.limit is not None:
        samples = samples[: manifest.config.limit]
    return samples


def load_run(path: str | Path, *, seed: int | None = None, overrides: dict[str, Any] | None = None) -> StoredRun:
    """Read a run folder and recompute its metrics. `seed` overrides the run's seed for the bootstrap
    (the manifest's seed by default, so `report` reproduces the run's own `metrics.json`); `overrides`
    changes aggregation-only options (e.g. `bootstrap_resamples`, ambiguity's `grader`), never options
    that shaped the episodes."""
    store = RunStore(path)
    manifest = store.read_manifest()
    bench = load_family(manifest.config.benchmark)
    if overrides:
        allowed = bench.options_model.aggregation_fields()
        fixed = sorted(set(overrides) - allowed)
        if fixed:
            raise ValueError(f"{', '.join(fixed)}: not an aggregation option of {bench.name}; only "
                             f"{', '.join(sorted(allowed))} can change after a run")
    options = bench.parse_options({**manifest.config.options, **(overrides or {})}, manifest.config.protocol)
    trials_by_key = store.load_trials()
    samples = _samples_for(bench, manifest, options)
    order = [s.id for s in samples] if samples is not None else None
    epochs = manifest.config.epochs
    trials = ordered([r for (_, e), r in trials_by_key.items() if e <= epochs], order)
    settings = AggregationSettings.for_run(manifest.config.seed if seed is None else seed, options)
    metrics = aggregate_run(bench, trials, samples, options, settings, epochs)
    metrics.setdefault("run", {})
    metrics["run"].update(run_info(manifest, trials, settings))
    return StoredRun(path=Path(path), manifest=manifest, bench=bench, options=options,
                     records=[r for r in trials if r.epoch == 1], trials=trials,
                     samples=None if samples is None else {s.id: s for s in samples}, sample_order=order,
                     settings=settings, metrics=metrics)


def rescore_run(path: str | Path) -> StoredRun:
    """Re-grade every scored transcript with the current scorer; no model is called.

    The samples file is rewritten atomically by the store, which keeps the previous file as
    `samples.jsonl.bak`; the metrics file is rewritten too."""
    run = load_run(path)
    if run.samples is None:
        raise FileNotFoundError(f"cannot rescore {path}: the run's data ({run.manifest.config.data}) no longer loads")
    # Re-grade only against the very data the run was made on (corrections overlay included).
    if data_hash(list(run.samples.values())) != run.manifest.data_hash:
        raise ValueError(f"cannot rescore {path}: the data at {run.manifest.config.data} (or its corrections "
                         "overlay) changed since the run; its content hash no longer matches the manifest")
    new_records = []
    for record in run.trials:
        if record.status == SampleStatus.scored and record.transcript is not None:
            sample = run.samples.get(record.sample_id)
            if sample is None:
                raise ValueError(f"{path}: sample {record.sample_id!r} is not in the run's data any more")
            record = record.model_copy(update={"score": run.bench.score(sample, record.transcript, run.options)})
        new_records.append(record)
    store = RunStore(path)
    store.rewrite_records(new_records)
    again = load_run(path)
    store.write_metrics(again.metrics)
    return again
