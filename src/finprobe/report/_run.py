"""Reading a stored run back: manifest, records and metrics, recomputed by the family's aggregate.

Metrics come from `finprobe.core.aggregation.run_metrics`, the very function the runner used for the
folder's `metrics.json`, over aggregation views streamed from the store: `report --format json` needs
no full record in memory. Full records (for CSV, HTML, compare) are read on demand, one at a time in data
order with `iter_trials`, or all at once through the `trials` / `records` properties.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

from finprobe.core.aggregation import ordered, quiet_gc, run_metrics
from finprobe.core.benchmark import AggregationSettings, Benchmark, FamilyOptions
from finprobe.core.families import load_family
from finprobe.core.provenance import data_hash
from finprobe.core.runner import select_samples
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus
from finprobe.core.store import RunStore, StoreError


class StoredRun:
    """A run folder read back. `metrics` are recomputed; `samples` is the run's data by id (None when it
    no longer loads) and `sample_order` its ids in data order. `trials` (every (sample, epoch) record)
    and `records` (the first trial of each sample) are full records in data order, read when first used;
    `iter_trials()` streams them instead."""

    def __init__(self, *, path: Path, manifest: RunManifest, bench: Any, options: Any,
                 samples: dict[str, Sample] | None, sample_order: list[str] | None,
                 settings: AggregationSettings, metrics: dict[str, Any]):
        self.path = path
        self.manifest = manifest
        self.bench = bench
        self.options = options
        self.samples = samples
        self.sample_order = sample_order
        self.settings = settings
        self.metrics = metrics

    def iter_trials(self, *, epoch: int | None = None) -> Iterator[SampleRecord]:
        """The latest full record of each (sample, epoch ≤ the run's epochs) in data order, one at a time
        (only `epoch`'s when given). Memory: one record plus the index of line offsets."""
        store = RunStore(self.path)
        epochs = self.manifest.config.epochs
        offsets = {key: at for key, at in store.latest_offsets().items()
                   if key[1] <= epochs and (epoch is None or key[1] == epoch)}
        rank = {sid: i for i, sid in enumerate(self.sample_order or sorted({sid for sid, _ in offsets}))}
        keys = sorted(offsets, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
        yield from store.read_at([offsets[k] for k in keys])

    @property
    def mode(self) -> str:
        """The mode the run played: recorded in the manifest since runs resolve it at start; for a folder
        written before that (no mode recorded), the family's default mode."""
        return self.manifest.config.mode or self.bench.default_mode()

    @cached_property
    def trials(self) -> list[SampleRecord]:
        return list(self.iter_trials())

    @cached_property
    def records(self) -> list[SampleRecord]:
        return [r for r in self.trials if r.epoch == 1]


def _samples_for(bench: Benchmark[Any], manifest: RunManifest, options: FamilyOptions) -> list[Sample] | None:
    """Re-load the run's instances (needed by scorers/aggregates that look at the gold data).

    Returns None when the data cannot be loaded any more (moved file): metrics that need only the
    stored records still work."""
    try:
        samples = bench.load_for_run(manifest.config.data, options, manifest.config.seed)
    except (OSError, ValueError, RecursionError):
        return None
    try:
        return select_samples(samples, manifest.config)
    except ValueError:  # an id no longer in the data: the data changed since the run
        return None


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
    samples = _samples_for(bench, manifest, options)
    settings = AggregationSettings.for_run(manifest.config.seed if seed is None else seed, options)
    with quiet_gc():
        metrics = run_metrics(bench, store, manifest, samples, options, settings)
    return StoredRun(path=Path(path), manifest=manifest, bench=bench, options=options,
                     samples=None if samples is None else {s.id: s for s in samples},
                     sample_order=None if samples is None else [s.id for s in samples],
                     settings=settings, metrics=metrics)


def rescore_run(path: str | Path) -> StoredRun:
    """Re-grade every scored transcript with the current scorer; no model is called.

    Holds the folder's lock (a run still writing there makes this fail at once). The samples file is
    rewritten atomically, one record at a time, keeping the previous file as `samples.jsonl.bak`; the
    metrics file is rewritten too."""
    store = RunStore(path)
    store.read_manifest()  # "not a run folder" before anything else
    store.lock()
    try:
        run = load_run(path)
        if run.samples is None:
            raise StoreError(f"cannot rescore {path}: the run's data ({run.manifest.config.data}) no longer loads")
        # Re-grade only against the very data the run was made on (corrections overlay included).
        if data_hash(list(run.samples.values())) != run.manifest.data_hash:
            raise ValueError(f"cannot rescore {path}: the data at {run.manifest.config.data} (or its corrections "
                             "overlay) changed since the run; its content hash no longer matches the manifest")
        samples = run.samples

        def rescored() -> Iterator[SampleRecord]:
            for record in run.iter_trials():
                if record.status == SampleStatus.scored and record.transcript is not None:
                    sample = samples.get(record.sample_id)
                    if sample is None:
                        raise ValueError(f"{path}: sample {record.sample_id!r} is not in the run's data any more")
                    record = record.model_copy(update={"score": run.bench.score(sample, record.transcript,
                                                                                run.options)})
                yield record

        store.rewrite_records(rescored())
        again = load_run(path)
        store.write_metrics(again.metrics)
        return again
    finally:
        store.close()


__all__ = ["StoredRun", "load_run", "ordered", "rescore_run"]
