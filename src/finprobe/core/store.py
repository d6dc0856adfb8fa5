"""The run store: one folder per run, append-only and crash-safe.

Layout of a run folder:
- `manifest.json`  what was run (config, fingerprint, versions, data hash), written atomically;
- `samples.jsonl`  one `SampleRecord` per line, appended as each sample finishes;
- `metrics.json`   the aggregate written at the end of a run (a cache: `report` recomputes it).

Why this is crash-safe: each record is written with a single `write(2)` on an O_APPEND descriptor, so
once `append` returns the line is in the kernel and survives the process being killed (SIGKILL);
`sync()` adds fsync for power loss. A line torn by a crash mid-write can only be the last one: it is
detected on open and cut off, so the sample it belonged to is simply redone on resume. When a sample
appears more than once (an error later redone), the last record wins.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from finprobe.core.schema import RunManifest, SampleRecord, SampleStatus

MANIFEST = "manifest.json"
SAMPLES = "samples.jsonl"
METRICS = "metrics.json"


class StoreError(RuntimeError):
    pass


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class RunStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._fd: int | None = None

    # ------------------------------------------------------------------ opening
    @classmethod
    def open_for_run(cls, path: str | Path, manifest: RunManifest, *, fresh: bool = False) -> RunStore:
        """Open a run folder to write `manifest`'s run: new, resumed (same fingerprint) or, with
        `fresh`, cleared. A folder that holds a different run is an error, never silently mixed."""
        store = cls(path)
        store.path.mkdir(parents=True, exist_ok=True)
        existing = store.path / MANIFEST
        if existing.exists() and not fresh:
            old = store.read_manifest()
            if old.fingerprint != manifest.fingerprint:
                raise StoreError(
                    f"{store.path} holds a different run (fingerprint {old.fingerprint[:12]} vs "
                    f"{manifest.fingerprint[:12]}: config, data or scorer changed). "
                    "Use --fresh to start over there, or choose another --out."
                )
            manifest = manifest.model_copy(update={"run_id": old.run_id, "created_at": old.created_at})
        elif fresh:
            for name in (SAMPLES, METRICS, MANIFEST):
                (store.path / name).unlink(missing_ok=True)
        _atomic_write(existing, manifest.model_dump_json(indent=2))
        store._repair_tail()
        return store

    def read_manifest(self) -> RunManifest:
        path = self.path / MANIFEST
        if not path.exists():
            raise StoreError(f"{self.path} is not a finprobe run folder (no {MANIFEST})")
        try:
            return RunManifest.model_validate_json(path.read_text(encoding="utf-8"))
        except ValidationError as exc:
            raise StoreError(f"{path}: unreadable manifest: {exc.errors()[0]['msg']}") from None

    def _repair_tail(self) -> None:
        """Cut a torn last line (a crash mid-write) so appends start on a line boundary."""
        path = self.path / SAMPLES
        if not path.exists() or path.stat().st_size == 0:
            return
        with open(path, "rb+") as fh:
            fh.seek(-1, os.SEEK_END)
            if fh.read(1) == b"\n":
                return
            data = path.read_bytes()
            cut = data.rfind(b"\n") + 1
            fh.truncate(cut)

    # ------------------------------------------------------------------ records
    def append(self, record: SampleRecord) -> None:
        if self._fd is None:
            self._fd = os.open(self.path / SAMPLES, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        line = record.model_dump_json().encode("utf-8") + b"\n"
        written = os.write(self._fd, line)
        if written != len(line):  # a short write on a regular file means the disk is full
            raise StoreError(f"{self.path / SAMPLES}: short write ({written} of {len(line)} bytes)")

    def sync(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)
            os.close(self._fd)
            self._fd = None

    def iter_lines(self):
        path = self.path / SAMPLES
        if not path.exists():
            return
        with open(path, encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, 1):
                if line.endswith("\n"):
                    yield lineno, line
                # else: a torn tail from a crash: ignored, that sample is redone on resume

    def load_trials(self) -> dict[tuple[str, int], SampleRecord]:
        """The latest record of each (sample, epoch), in first-seen order."""
        records: dict[tuple[str, int], SampleRecord] = {}
        for lineno, line in self.iter_lines():
            if not line.strip():
                continue
            try:
                record = SampleRecord.model_validate_json(line)
            except ValidationError as exc:
                raise StoreError(f"{self.path / SAMPLES}:{lineno}: unreadable record: {exc.errors()[0]['msg']}") from None
            records[(record.sample_id, record.epoch)] = record
        return records

    def load_records(self, epoch: int = 1) -> dict[str, SampleRecord]:
        """The latest record of each sample for one trial (the first by default), in first-seen order."""
        return {sid: r for (sid, e), r in self.load_trials().items() if e == epoch}

    def finished_ids(self, epoch: int = 1) -> set[str]:
        """Samples that need no redo on resume: scored or skipped. Errors are redone."""
        return {sid for sid, r in self.load_records(epoch).items()
                if r.status in (SampleStatus.scored, SampleStatus.skipped)}

    def rewrite_records(self, records: list[SampleRecord]) -> None:
        """Replace the samples file with `records` (e.g. after re-scoring), atomically; the previous
        file is kept as `samples.jsonl.bak`."""
        path = self.path / SAMPLES
        if path.exists():
            _atomic_write(path.with_suffix(".jsonl.bak"), path.read_text(encoding="utf-8"))
        _atomic_write(path, "".join(r.model_dump_json() + "\n" for r in records))

    def write_metrics(self, metrics: dict[str, Any]) -> None:
        _atomic_write(self.path / METRICS, json.dumps(metrics, indent=2, ensure_ascii=False, default=str))
