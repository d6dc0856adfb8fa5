"""Reading a stored run back: manifest, records and metrics, recomputed by the family's aggregate."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from finprobe.core.benchmark import Benchmark
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus
from finprobe.core.store import RunStore, SAMPLES, _atomic_write


class StoredRun(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    path: Path
    manifest: RunManifest
    bench: Any  # Benchmark
    records: list[SampleRecord]
    samples: dict[str, Sample] | None
    metrics: dict[str, Any]


def _samples_for(bench: Benchmark, manifest: RunManifest) -> dict[str, Sample] | None:
    """Re-load the run's instances (needed by scorers/aggregates that look at the gold data).

    Returns None when the data cannot be loaded any more (moved file): metrics that need only the
    stored records still work."""
    try:
        samples = bench.load(manifest.config.data, manifest.config.options)
    except (OSError, ValueError):
        return None
    return {s.id: s for s in samples}


def load_run(path: str | Path) -> StoredRun:
    from finprobe.benchmarks import get_benchmark

    store = RunStore(path)
    manifest = store.read_manifest()
    bench = get_benchmark(manifest.config.benchmark)
    records = list(store.load_records().values())
    samples = _samples_for(bench, manifest)
    metrics = bench.aggregate(records, samples, manifest.config.options)
    metrics.setdefault("run", {})
    metrics["run"].update(_run_info(manifest, records))
    return StoredRun(path=Path(path), manifest=manifest, bench=bench, records=records, samples=samples,
                     metrics=metrics)


def _run_info(manifest: RunManifest, records: list[SampleRecord]) -> dict[str, Any]:
    from finprobe.core.runner import usage_totals

    usage = usage_totals(records)
    return {
        "run_id": manifest.run_id,
        "fingerprint": manifest.fingerprint,
        "benchmark": manifest.config.benchmark,
        "mode": manifest.config.mode,
        "roles": {r: rc.spec for r, rc in manifest.config.roles.items()},
        # how each endpoint role sent response schemas for the whole run (negotiated; issue 14)
        "structured_output": manifest.structured_output or {},
        "n_expected": manifest.n_samples,
        "n_stored": len(records),
        "n_missing": max(0, manifest.n_samples - len(records)),
        "usage_by_role": {r: u.model_dump() for r, u in usage.items()},
        "cost_usd": sum(u.cost_usd for u in usage.values()),
    }


def rescore_run(path: str | Path) -> StoredRun:
    """Re-grade every scored transcript with the current scorer; no model is called.

    The samples file is rewritten atomically with the new scores; the previous file is kept as
    `samples.jsonl.bak`."""
    from finprobe.core.runner import data_hash

    run = load_run(path)
    if run.samples is None:
        raise FileNotFoundError(f"cannot rescore {path}: the run's data ({run.manifest.config.data}) no longer loads")
    # Re-grade only against the very data the run was made on (corrections overlay included).
    selected = list(run.samples.values())
    if run.manifest.config.limit is not None:
        selected = selected[: run.manifest.config.limit]
    if data_hash(selected) != run.manifest.data_hash:
        raise ValueError(f"cannot rescore {path}: the data at {run.manifest.config.data} (or its corrections "
                         "overlay) changed since the run; its content hash no longer matches the manifest")
    new_records = []
    for record in run.records:
        if record.status == SampleStatus.scored and record.transcript is not None:
            sample = run.samples.get(record.sample_id)
            if sample is None:
                raise ValueError(f"{path}: sample {record.sample_id!r} is not in the run's data any more")
            record = record.model_copy(update={"score": run.bench.score(sample, record.transcript,
                                                                         run.manifest.config.options)})
        new_records.append(record)
    samples_path = Path(path) / SAMPLES
    backup = samples_path.with_suffix(".jsonl.bak")
    backup.write_bytes(samples_path.read_bytes())
    _atomic_write(samples_path, "".join(r.model_dump_json() + "\n" for r in new_records))
    return load_run(path)
