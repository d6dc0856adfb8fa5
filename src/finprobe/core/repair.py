"""`finprobe repair RUN`: a damaged run folder made whole again without losing a paid record.

A line of `samples.jsonl` can stop being a record of the run: cut short, overwritten with garbage or bytes
that are not UTF-8 (a disk, a hand edit, a sync tool), or a record whose sample is not in the run's data
(pasted from another run). `report` and resume stop at such a line, naming it. Repair, under the folder's
lock (never while a run writes it):
- reads every line and keeps each that is a whole record of this run, byte for byte;
- moves every other line to `samples.removed.jsonl`, with its line number, why it was removed, the
  sample and epoch it names when that can still be read, and its exact text (base64 when not UTF-8);
- writes `samples.jsonl` again from the kept lines (atomically), and the metrics from what it kept;
- adds `data.jsonl` to a folder written before finprobe kept the run's data, when the data file at the
  recorded path still loads with the run's content hash.
The next `run` with the same command then redoes exactly the trials that have no good record left: the
removed ones (and any that had not finished), nothing else.
"""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, Field

from finprobe.core.aggregation import run_metrics
from finprobe.core.benchmark import AggregationSettings
from finprobe.core.families import load_family
from finprobe.core.provenance import data_hash
from finprobe.core.schema import RunManifest, SampleStatus, utcnow
from finprobe.core.store import REMOVED, SAMPLES, RunStore, StoredSamples, StoreError, UnreadableLine, check_record

__all__ = ["RemovedLine", "RepairResult", "repair_run"]


class RemovedLine(BaseModel):
    line: int
    reason: str
    sample_id: str | None = None
    epoch: int | None = None


class RepairResult(BaseModel):
    """What `repair_run` did. `to_run`: the trials the next run with the same command will play (those
    without a good record: the removed ones and any that never finished); `removed`: each line set aside."""

    run_dir: str
    lines: int
    kept: int
    removed: list[RemovedLine] = Field(default_factory=list)
    removed_to: str | None = None
    to_run: int = 0
    to_run_removed: int = 0
    data_written: bool = False
    notes: list[str] = Field(default_factory=list)

    def summary(self) -> str:
        """One line: what was done and what the next run will do."""
        if not self.removed:
            head = f"{self.run_dir}: nothing to repair: {self.kept} of {self.lines} lines are records of this run"
        else:
            shown = ", ".join(f"line {r.line} ({r.reason})" for r in self.removed[:5])
            more = f", and {len(self.removed) - 5} more" if len(self.removed) > 5 else ""
            head = (f"{self.run_dir}: kept {self.kept} of {self.lines} lines; moved {len(self.removed)} to "
                    f"{self.removed_to}: {shown}{more}")
        data = "; stored the run's data in data.jsonl" if self.data_written else ""
        if self.to_run:
            tail = (f"; the next run with the same command runs {self.to_run} trials "
                    f"({self.to_run_removed} of them removed here)")
        else:
            tail = "; every trial of the run has a good record"
        return head + data + tail


#: a sample id and epoch read out of a damaged line, when they are still there
_ID = re.compile(rb'"sample_id"\s*:\s*"((?:[^"\\]|\\.)*)"')
_EPOCH = re.compile(rb'"epoch"\s*:\s*(\d+)')


def _named_in(line: bytes) -> tuple[str | None, int | None]:
    match = _ID.search(line)
    sid = None
    if match:
        try:
            sid = orjson.loads(b'"' + match.group(1) + b'"')
        except orjson.JSONDecodeError:
            sid = None
    epoch = _EPOCH.search(line)
    return sid, (int(epoch.group(1)) if epoch else None)


def _run_ids(store: RunStore, manifest: RunManifest, notes: list[str]) -> tuple[list[str] | None, bool]:
    """The run's sample ids in data order, from `data.jsonl`, else from the data file at the recorded
    path when its content hash is the run's (then `data.jsonl` is written from it: second value True)."""
    try:
        stored = store.stored_samples()
    except StoreError as exc:
        notes.append(f"data.jsonl was unreadable ({exc}); it is written again from the run's data")
        stored = None
    if stored is not None:
        return stored.ids, False
    bench = load_family(manifest.config.benchmark)
    options = bench.parse_options(manifest.config.options, manifest.config.protocol)
    try:
        samples = bench.load_for_run(manifest.config.data, options, manifest.config.seed)
    except (OSError, ValueError, RecursionError) as exc:
        notes.append(f"the run's data ({manifest.config.data}) does not load ({exc}): records of samples that are "
                     "not the run's cannot be told apart, only unreadable lines are removed")
        return None, False
    if manifest.config.limit is not None:
        samples = samples[: manifest.config.limit]
    if data_hash(samples) != manifest.data_hash:
        notes.append(f"the data at {manifest.config.data} changed since the run (its content hash differs): it is "
                     "not used; only unreadable lines are removed")
        return None, False
    store.write_data(samples)
    return [s.id for s in samples], True


def _why_not(line: bytes, lineno: int, is_last: bool, expected: set[str] | None, epochs: int) -> str | None:
    """Why `line` is no record of the run (None when it is one)."""
    if not line.endswith(b"\n") and is_last:
        return "torn last line: a write cut short"
    try:
        record = check_record(line)
    except UnreadableLine as exc:
        return str(exc)
    if expected is not None and record.sample_id not in expected:
        return f"foreign: sample {record.sample_id!r} is not in the run's data"
    if record.epoch > epochs:
        return f"foreign: epoch {record.epoch} of a run with {epochs}"
    return None


def _side_entry(line: bytes, removed: RemovedLine, at: str) -> bytes:
    entry: dict[str, Any] = {**removed.model_dump(), "removed_at": at}
    try:
        entry["text"] = line.decode("utf-8")
    except UnicodeDecodeError:
        entry["base64"] = base64.b64encode(line).decode("ascii")
    return orjson.dumps(entry) + b"\n"


def repair_run(path: str | Path) -> RepairResult:
    """Set aside every line of the folder's `samples.jsonl` that is not a record of its run (see the module
    docstring); keeps every good record byte for byte. Raises StoreError when the folder is not a run
    folder or another process is writing it."""
    store = RunStore(path)
    manifest = store.read_manifest()
    store.lock()
    try:
        notes: list[str] = []
        ids, data_written = _run_ids(store, manifest, notes)
        expected = None if ids is None else set(ids)
        epochs = manifest.config.epochs
        samples_path = store.path / SAMPLES
        try:
            raw = samples_path.read_bytes()
        except FileNotFoundError:
            raw = b""
        except OSError as exc:
            raise StoreError(f"{samples_path}: cannot read: {exc.strerror or exc}") from None
        # split on "\n" only, as every reader does (a stray "\r" in a damaged line does not split it)
        lines = [part + b"\n" for part in raw.split(b"\n")]
        lines[-1] = lines[-1][:-1]  # what follows the last newline: b"" or a torn last line
        if not lines[-1]:
            lines.pop()
        kept: list[bytes] = []
        removed: list[tuple[bytes, RemovedLine]] = []
        finished: set[tuple[str, int]] = set()
        for lineno, line in enumerate(lines, 1):
            if not line.strip():
                kept.append(line)
                continue
            why = _why_not(line, lineno, lineno == len(lines), expected, epochs)
            if why is None:
                kept.append(line)
                data = orjson.loads(line)
                key = (str(data["sample_id"]), int(data.get("epoch", 1)))
                if SampleStatus(data["status"]) in (SampleStatus.scored, SampleStatus.skipped):
                    finished.add(key)
                else:
                    finished.discard(key)  # a later error record is the trial's latest: it is redone
                continue
            sid, epoch = _named_in(line)
            removed.append((line, RemovedLine(line=lineno, reason=why, sample_id=sid, epoch=epoch)))
        result = RepairResult(run_dir=str(store.path), lines=sum(1 for x in lines if x.strip()),
                              kept=sum(1 for x in kept if x.strip()), removed=[r for _, r in removed],
                              data_written=data_written, notes=notes)
        if removed:
            side = store.path / REMOVED
            at = utcnow().isoformat()
            try:  # the removed lines first, synced: if repair stops now, nothing is lost, only duplicated
                with open(side, "ab") as fh:
                    for line, entry in removed:
                        fh.write(_side_entry(line, entry, at))
                    fh.flush()
                    os.fsync(fh.fileno())
            except OSError as exc:
                raise StoreError(f"{side}: cannot write: {exc.strerror or exc}") from None
            store.rewrite_lines(kept)
            result.removed_to = str(side)
        if ids is not None:
            missing = [(sid, e) for e in range(1, epochs + 1) for sid in ids if (sid, e) not in finished]
            removed_keys = {(r.sample_id, r.epoch or 1) for _, r in removed}
            result.to_run = len(missing)
            result.to_run_removed = sum(1 for key in missing if key in removed_keys)
        if removed or data_written:
            _write_metrics(store, manifest)
        return result
    finally:
        store.close()


def _write_metrics(store: RunStore, manifest: RunManifest) -> None:
    """The folder's metrics from what it holds now (what `report` computes)."""
    bench = load_family(manifest.config.benchmark)
    options = bench.parse_options(manifest.config.options, manifest.config.protocol)
    settings = AggregationSettings.for_run(manifest.config.seed, options)
    samples: StoredSamples | None = store.stored_samples()
    store.write_metrics(run_metrics(bench, store, manifest, samples, options, settings))
