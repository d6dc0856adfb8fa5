"""Reading a stored run back: manifest, records and metrics, recomputed by the family's aggregate.

Metrics come from `finprobe.core.aggregation.run_metrics`, the very function the runner used for the
folder's `metrics.json`, over aggregation views streamed from the store and the run's data as the folder
keeps it (`data.jsonl`, read one sample at a time): `report --format json` is a function of the run
folder alone (move or delete the data file, copy the folder elsewhere: the same bytes), and needs neither
a full record nor the data set in memory. Full records (for CSV, HTML, compare) are read on demand, one
at a time in data order with `iter_trials`, or all at once through the `trials` / `records` properties.

What a report should not pass over in silence is in `StoredRun.warnings` (the CLI prints them on stderr):
a folder from an older finprobe without `data.jsonl` (its metrics then read the data file, or the records
alone when that no longer loads), records that are not the run's, a scorer older than this finprobe's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from finprobe.core.aggregation import ordered, quiet_gc, run_metrics
from finprobe.core.benchmark import AggregationSettings, Benchmark, FamilyOptions
from finprobe.core.families import load_family
from finprobe.core.provenance import data_hash
from finprobe.core.runner import select_samples
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus
from finprobe.core.store import DATA, RunStore, StoredSamples, StoreError


class StoredRun:
    """A run folder read back. `metrics` are recomputed; `samples` is the run's data by id (the folder's
    `StoredSamples`, each parsed when looked up; None when it is unknown) and `sample_order` its ids in data
    order. `trials` (every (sample, epoch) record) and `records` (the first trial of each sample) are full
    records in data order, read when first used; `iter_trials()` streams them instead. `warnings`: what a
    reader of the metrics should be told (one line each)."""

    def __init__(self, *, path: Path, manifest: RunManifest, bench: Any, options: Any,
                 samples: Mapping[str, Sample] | None, sample_order: list[str] | None,
                 settings: AggregationSettings, metrics: dict[str, Any], warnings: list[str] | None = None):
        self.path = path
        self.manifest = manifest
        self.bench = bench
        self.options = options
        self.samples = samples
        self.sample_order = sample_order
        self.settings = settings
        self.metrics = metrics
        self.warnings = warnings or []

    def iter_trials(self, *, epoch: int | None = None, foreign: bool = False) -> Iterator[SampleRecord]:
        """The latest full record of each (sample, epoch ≤ the run's epochs) in data order, one at a time
        (only `epoch`'s when given; `foreign`: records that are no trial of the run too, after the run's).
        Memory: one record plus the index of line offsets."""
        store = RunStore(self.path)
        epochs = self.manifest.config.epochs
        expected = None if self.sample_order is None or foreign else set(self.sample_order)
        offsets = {key: at for key, at in store.latest_offsets().items()
                   if (foreign or key[1] <= epochs) and (epoch is None or key[1] == epoch)
                   and (expected is None or key[0] in expected)}  # foreign records are not the run's
        rank = {sid: i for i, sid in enumerate(self.sample_order or sorted({sid for sid, _ in offsets}))}
        keys = sorted(offsets, key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1]))
        yield from store.read_at([offsets[k] for k in keys])

    @property
    def mode(self) -> str:
        """The mode the run played: recorded in the manifest since runs resolve it at start; for a folder
        written before that (no mode recorded), the family's default mode."""
        return self.manifest.config.mode or self.bench.default_mode()

    def stream_trials(self) -> Iterable[SampleRecord]:
        """The run's trials as `iter_trials` gives them, re-read from the store each time it is iterated:
        for passes over a large run that must not hold every full record at once (the HTML report)."""
        return _Stream(self)

    @cached_property
    def trials(self) -> list[SampleRecord]:
        return list(self.iter_trials())

    @cached_property
    def records(self) -> list[SampleRecord]:
        return [r for r in self.trials if r.epoch == 1]


class _Stream:
    def __init__(self, run: StoredRun):
        self._run = run

    def __iter__(self) -> Iterator[SampleRecord]:
        return self._run.iter_trials()


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


def _run_data(store: RunStore, bench: Benchmark[Any], manifest: RunManifest, options: FamilyOptions,
              warnings: list[str]) -> StoredSamples | list[Sample] | None:
    """The run's data: the folder's own copy; in a folder written before finprobe kept one, the data
    file at its recorded path (said in `warnings`, with a check of its content hash), else None."""
    stored = store.stored_samples()
    if stored is not None:
        return stored
    where = manifest.config.data or f"the bundled {bench.name} demo data"
    samples = _samples_for(bench, manifest, options)
    if samples is None:
        warnings.append(f"{store.path} has no {DATA} (written by an older finprobe) and the run's data ({where}) "
                        "no longer loads: the metrics come from the stored records alone, in sample-id order, "
                        "so their confidence intervals and anything read from the data can differ from the run's "
                        "own metrics.json")
        return None
    changed = data_hash(samples) != manifest.data_hash
    warnings.append(f"{store.path} has no {DATA} (written by an older finprobe): the metrics read the run's data "
                    f"from {where}" + (", which CHANGED since the run (its content hash differs from the "
                                       "manifest's)" if changed else "")
                    + f"; `finprobe repair {store.path}` stores the data in the folder")
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
    warnings: list[str] = []
    samples = _run_data(store, bench, manifest, options, warnings)
    settings = AggregationSettings.for_run(manifest.config.seed if seed is None else seed, options)
    with quiet_gc():
        metrics = run_metrics(bench, store, manifest, samples, options, settings)
    info = metrics.get("run") or {}
    if info.get("n_foreign"):
        warnings.append(f"{Path(path)}: {info['n_foreign']} stored records are not trials of this run (their sample "
                        "is not in the run's data, or their epoch is beyond its epochs): they are not counted; "
                        f"`finprobe repair {Path(path)}` sets them aside")
    if manifest.scorer_version != bench.scorer_version:
        warnings.append(f"{Path(path)} was scored with {bench.name} scorer version {manifest.scorer_version}; this "
                        f"finprobe's is {bench.scorer_version}: `finprobe rescore {Path(path)}` re-grades the "
                        "stored transcripts with it (no model calls)")
    by_id: Mapping[str, Sample] | None = samples if isinstance(samples, StoredSamples) else (
        None if samples is None else {s.id: s for s in samples})
    return StoredRun(path=Path(path), manifest=manifest, bench=bench, options=options, samples=by_id,
                     sample_order=None if by_id is None else list(by_id), settings=settings, metrics=metrics,
                     warnings=warnings)


def _in_order(samples: Mapping[str, Sample]) -> Iterator[Sample]:
    if isinstance(samples, StoredSamples):
        return samples.get_many(samples.ids)
    return iter(samples.values())


def rescore_run(path: str | Path) -> StoredRun:
    """Re-grade every scored transcript with the current scorer; no model is called.

    Holds the folder's lock (a run still writing there makes this fail at once). The samples file is
    rewritten atomically, one record at a time, keeping the previous file as `samples.jsonl.bak`; records
    that are not the run's are kept as they are. The manifest is brought forward to this scorer (its
    scorer version and the fingerprint, so the same `run` command resumes the folder afterwards), and
    the metrics file is rewritten."""
    from finprobe.core.runner import Runner

    store = RunStore(path)
    store.read_manifest()  # "not a run folder" before anything else
    store.lock()
    try:
        run = load_run(path)
        if run.samples is None:
            raise StoreError(f"cannot rescore {path}: the run's data ({run.manifest.config.data}) no longer loads")
        # Re-grade only against the very data the run was made on (corrections overlay included).
        if data_hash(_in_order(run.samples)) != run.manifest.data_hash:
            where = "its data.jsonl" if isinstance(run.samples, StoredSamples) else f"the data at {run.manifest.config.data} (or its corrections overlay)"
            raise ValueError(f"cannot rescore {path}: {where} changed since the run; its content hash no longer "
                             "matches the manifest")
        samples = run.samples

        def rescored() -> Iterator[SampleRecord]:
            for record in run.iter_trials(foreign=True):
                sample = samples.get(record.sample_id)
                if record.status == SampleStatus.scored and record.transcript is not None and sample is not None:
                    record = record.model_copy(update={"score": run.bench.score(sample, record.transcript,
                                                                                run.options)})
                yield record

        store.rewrite_records(rescored())
        manifest, notes = _brought_forward(run, Runner(run.manifest.config, path, benchmark=run.bench, progress=False))
        store.write_manifest(manifest)
        again = load_run(path)
        again.warnings += notes
        store.write_metrics(again.metrics)
        return again
    finally:
        store.close()


def _brought_forward(run: StoredRun, runner: Any) -> tuple[RunManifest, list[str]]:
    """The manifest of a rescored run: this scorer's version, and the fingerprint the same run computes
    now, so that resuming it is not refused as "a different run". Only when the stored fingerprint is what
    the old scorer version gives (else something else changed too, and a new fingerprint would hide it)."""
    manifest = run.manifest
    if manifest.scorer_version == run.bench.scorer_version:
        return manifest, []
    old_fingerprint, _ = runner.fingerprint_for(manifest.data_hash, scorer_version=manifest.scorer_version)
    if old_fingerprint != manifest.fingerprint:
        return manifest, [f"{run.path}: rescored, but its manifest keeps scorer version {manifest.scorer_version} "
                          "and its fingerprint: the run's roles or options also differ from what this finprobe "
                          "computes (a family default or an endpoint from the environment), so a resume stays refused"]
    fingerprint, parts = runner.fingerprint_for(manifest.data_hash)
    return manifest.model_copy(update={"scorer_version": run.bench.scorer_version, "fingerprint": fingerprint,
                                       "fingerprint_parts": parts}), []


__all__ = ["StoredRun", "load_run", "ordered", "rescore_run"]
