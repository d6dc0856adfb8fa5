"""The run store: one folder per run, append-only, crash-safe, and written by one process at a time.

Layout of a run folder:
- `manifest.json`  what was run (config, fingerprint, versions, data hash), written atomically;
- `samples.jsonl`  one `SampleRecord` per line, appended as each sample finishes;
- `data.jsonl`     the run's samples as it loaded them (corrections applied, `--limit` cut), one `Sample`
                   per line in data order, written before the first record: what the metrics read of the
                   data (the order, the gold, the groups), so `report` is a function of the folder alone;
- `metrics.json`   the aggregate written at the end of a run (a cache: `report` recomputes it);
- `run.lock`       the pid of the process writing the folder (the lock itself is on the folder);
- `samples.removed.jsonl`  lines `finprobe repair` set aside (unreadable or foreign), with their line numbers.

Why this is crash-safe: records are written with single `write(2)` calls on an O_APPEND descriptor, so
once a write returns its lines are in the kernel and survive the process being killed (SIGKILL);
`sync()` adds fsync for power loss. A line torn by a crash mid-write can only be the last one: it is
detected on open and cut off, so the sample it belonged to is simply redone on resume. When a sample
appears more than once (an error later redone), the last record wins.

One writer: `open_for_run` (and `rescore`, `repair`) take an exclusive `flock` on the run folder itself
before touching anything, so a second run on the same folder fails at once, naming the holder's pid,
instead of doubling the work or deleting the first run's records under `--fresh`. The lock is on the
folder's descriptor, not on a file in it: deleting `run.lock` (which only holds the pid, and is locked too,
for older finprobe versions) cannot let a second writer in, and a folder that is not a directory any more
(removed, replaced) is noticed before anything is written there. The kernel releases the lock when the
holder exits, however it dies, so a stale lock never blocks anyone. Readers (`report`) take no lock: they
read whole lines only.

A line that is not a record of this run (damaged by hand or by a disk, or a sample that is not in the
run's data) stops `report` and resume with its line number and the way on: `finprobe repair RUN`
(`finprobe.core.repair`) sets such lines aside and keeps every good record.

Each reply is stored once: a call's output, a step's raw text and the final answer that equal a
transcript message are written as references to it (`*_ref`) and filled back in when a record is read
(`finprobe.core.schema.Transcript`). Secrets given to the store (`redactor`) are removed from every line.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, overload

import orjson
from pydantic import ValidationError

from finprobe.core.provenance import changed_parts, describe_change
from finprobe.core.safety import Redactor
from finprobe.core.schema import RunManifest, Sample, SampleRecord, SampleStatus
from finprobe.core.sources import validation_message

try:  # POSIX; on other systems runs go unlocked
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

MANIFEST = "manifest.json"
SAMPLES = "samples.jsonl"
METRICS = "metrics.json"
LOCK = "run.lock"
DATA = "data.jsonl"
REMOVED = "samples.removed.jsonl"
#: up to this many records, aggregation views stay parsed (~9 KB each, ~45 MB at most); beyond, they
#: are kept as compact JSON only (~1.2 KB each) and parsed on each access, so memory stays flat
PARSED_VIEWS_LIMIT = 5000

TrialKey = tuple[str, int]


class StoreError(RuntimeError):
    pass


class RunLockedError(StoreError):
    """Another process is writing the run folder."""


class DamagedStoreError(StoreError):
    """A line of `samples.jsonl` is not a record of this run; `finprobe repair` sets such lines aside."""


class UnreadableLine(ValueError):
    """One stored line that is not a record; the message says why (not UTF-8, not JSON, a field missing...)."""


def repair_hint(folder: Path) -> str:
    return (f"`finprobe repair {folder}` sets damaged lines aside and keeps every good record "
            "(the next run with the same command redoes their samples)")


def _damaged(path: Path, lineno: int, why: str) -> DamagedStoreError:
    return DamagedStoreError(f"{path}:{lineno}: unreadable record ({why}); {repair_hint(path.parent)}")


def line_data(line: bytes) -> dict[str, Any]:
    """The JSON object of one stored line, with its key fields checked; UnreadableLine says what is wrong."""
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        try:  # orjson refuses invalid UTF-8 too: say which it is
            line.decode("utf-8")
        except UnicodeDecodeError as bad:
            raise UnreadableLine(f"not UTF-8 text at byte {bad.start}") from None
        raise UnreadableLine(f"not JSON: {exc.msg} at character {exc.pos}") from None
    if not isinstance(data, dict):
        raise UnreadableLine(f"a JSON {type(data).__name__}, not a record object")
    for name in ("sample_id", "status"):
        if name not in data:
            raise UnreadableLine(f"the record has no {name!r} field")
    if not isinstance(data["sample_id"], str):
        raise UnreadableLine(f"sample_id is a {type(data['sample_id']).__name__}, not a string")
    try:
        SampleStatus(data["status"])
    except (ValueError, TypeError):
        raise UnreadableLine(f"status {str(data['status'])[:40]!r} is not one of scored, skipped, error") from None
    epoch = data.get("epoch", 1)
    if not isinstance(epoch, int) or isinstance(epoch, bool) or epoch < 1:
        raise UnreadableLine(f"epoch {str(epoch)[:20]!r} is not a whole number >= 1")
    return data


def line_key(data: Mapping[str, Any]) -> TrialKey:
    return str(data["sample_id"]), int(data.get("epoch", 1))


def check_record(line: bytes) -> SampleRecord:
    """The full record of one stored line; UnreadableLine names the first field that does not validate."""
    line_data(line)
    try:
        return SampleRecord.model_validate_json(line)
    except ValidationError as exc:
        raise UnreadableLine(validation_message(exc, limit=1)) from None


def _os_problem(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise StoreError(f"{path}: cannot write: {_os_problem(exc)}") from None


def _write_if_changed(path: Path, text: str) -> bool:
    """Write `text` atomically unless the file already holds exactly it (so a finished run that is
    re-opened, even in a read-only folder, rewrites nothing). Returns whether it wrote."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except (OSError, UnicodeDecodeError):
        pass
    _atomic_write(path, text)
    return True


# --------------------------------------------------------------------------- stored form of a record
def serialize(record: SampleRecord, redactor: Redactor | None = None) -> bytes:
    """The stored line of `record` (with its newline). Each reply is stored once: a call output, a step's
    raw text or a final answer equal to one of the transcript's messages is written as a reference to
    it (`*_ref`, resolved when read back, so the record reads back equal). The run's secrets are removed.

    The references are set on `record` only while it is dumped (restored before returning), which costs
    a few attribute writes instead of copies of the transcript: this runs once per sample."""
    t = record.transcript
    saved: list[tuple[dict[str, Any], str, Any, str]] = []
    if t is not None and t.messages:
        index: dict[str, int] = {}
        for i, m in enumerate(t.messages):
            if m.content and m.content not in index:
                index[m.content] = i
        for call in t.calls:
            if call.output and call.output in index:
                saved.append((call.__dict__, "output", call.output, "output_ref"))
        for step in t.steps:
            if step.raw and step.raw in index:
                saved.append((step.__dict__, "raw", step.raw, "raw_ref"))
        if t.final_answer and t.final_answer in index:
            saved.append((t.__dict__, "final_answer", t.final_answer, "final_answer_ref"))
        for fields, name, text, ref in saved:
            fields[name], fields[ref] = None, index[text]
    try:
        line = record.model_dump_json().encode("utf-8")
    finally:
        for fields, name, text, ref in saved:
            fields[name], fields[ref] = text, None
    if redactor:
        line = redactor.json_bytes(line)
    return line + b"\n"


def slim(data: dict[str, Any]) -> dict[str, Any]:
    """The aggregation view of a parsed record (in place): the transcript's texts are dropped (messages,
    call inputs and outputs, response schemas, step raw texts and observations, failed attempts' calls);
    statuses, scores, errors, meta, usage, outcomes, final answers, actions and step kinds stay. See
    `Benchmark.aggregates_text`."""
    t = data.get("transcript")
    if isinstance(t, dict):
        t["messages"] = []
        for call in t.get("calls") or ():
            call["messages"] = []
            call["output"] = call["output_ref"] = None
            if isinstance(call.get("config"), dict):
                call["config"]["response_schema"] = None
        for step in t.get("steps") or ():
            step["raw"] = step["raw_ref"] = step["observation"] = None
        if t.get("final_answer_ref") is not None:  # its text was a message, now dropped: keep the answer
            t["final_answer"] = None
        info = t.get("info")
        if isinstance(info, dict):
            info.pop("failed_attempt_calls", None)
    return data


class RecordViews(Sequence[SampleRecord]):
    """Aggregation views of a run's records, held as compact JSON and parsed on access.

    A run's metrics need every record at once (the family's `aggregate` takes a sequence), but a parsed
    record costs ~9 KB of Python objects even as a view (~1.2 KB of JSON): 100k of them would not fit in
    500 MB. So the views stay bytes, and an access builds the record (~20 µs): families iterate the
    sequence and keep what they extract, not the records. Up to `PARSED_VIEWS_LIMIT` records, parsed views
    are kept (shared by the sequences `select` makes), so the few passes of a small run parse each once.
    `keys` are (sample id, epoch) per item."""

    __slots__ = ("_cache", "_lines", "keys")

    def __init__(self, lines: list[bytes], keys: list[TrialKey], cache: dict[int, SampleRecord] | None = None):
        self._lines = lines
        self.keys = keys
        #: parsed views by id() of their line (the lines are held here, so their ids stay theirs)
        self._cache = cache

    @classmethod
    def from_map(cls, views: dict[TrialKey, bytes]) -> RecordViews:
        """Views in the map's order; a small run keeps its parsed views (see the class)."""
        return cls(list(views.values()), list(views), {} if len(views) <= PARSED_VIEWS_LIMIT else None)

    def __len__(self) -> int:
        return len(self._lines)

    def _parse(self, line: bytes) -> SampleRecord:
        cache = self._cache
        if cache is None:
            return SampleRecord.model_validate_json(line)
        record = cache.get(id(line))
        if record is None:
            record = cache[id(line)] = SampleRecord.model_validate_json(line)
        return record

    @overload
    def __getitem__(self, index: int) -> SampleRecord: ...

    @overload
    def __getitem__(self, index: slice) -> RecordViews: ...

    def __getitem__(self, index: int | slice) -> SampleRecord | RecordViews:
        if isinstance(index, slice):
            return RecordViews(self._lines[index], self.keys[index], self._cache)
        return self._parse(self._lines[index])

    def __iter__(self) -> Iterator[SampleRecord]:
        for line in self._lines:
            yield self._parse(line)

    def select(self, indices: Iterable[int]) -> RecordViews:
        """The views at `indices`, in that order (nothing is parsed)."""
        chosen = list(indices)
        return RecordViews([self._lines[i] for i in chosen], [self.keys[i] for i in chosen], self._cache)

    def __repr__(self) -> str:
        return f"RecordViews({len(self)} records)"


def view_line(line: bytes | str) -> tuple[TrialKey, SampleStatus, bytes]:
    """(key, status, compact view JSON) of one stored line: the aggregation view (`slim`), copied to an
    exactly sized object (orjson's own output keeps its ~8 KB buffer). Raises UnreadableLine (a
    ValueError) on a line that is not a record."""
    data = line_data(line if isinstance(line, bytes) else line.encode("utf-8"))
    try:
        slim(data)
    except (AttributeError, TypeError):  # a transcript that is not shaped like one
        raise UnreadableLine("its transcript is not a transcript object") from None
    return line_key(data), SampleStatus(data["status"]), bytes(memoryview(orjson.dumps(data)))


# --------------------------------------------------------------------------- the run's data
class StoredSamples(Mapping[str, Sample]):
    """The run's samples as its folder keeps them (`data.jsonl`), by id in data order, each parsed when it
    is looked up: what the metrics read of the data costs an offset per sample in memory, not the data set.

    `ids` are the sample ids in data order (the order the metrics aggregate in)."""

    def __init__(self, path: Path, offsets: dict[str, int]):
        self.path = path
        self._offsets = offsets  # in data order

    @classmethod
    def read(cls, path: Path) -> StoredSamples:
        """Index `path` (one pass, nothing kept but each id's offset)."""
        offsets: dict[str, int] = {}
        offset = 0
        try:
            fh = open(path, "rb")
        except OSError as exc:
            raise StoreError(f"{path}: cannot read: {_os_problem(exc)}") from None
        with fh:
            for lineno, line in enumerate(fh, 1):
                if line.strip():
                    sid = _sample_id(line)
                    if sid is None or sid in offsets or not line.endswith(b"\n"):
                        why = "a duplicate id" if sid in offsets else "not a sample"
                        raise StoreError(f"{path}:{lineno}: {why}; {repair_hint(path.parent)} (it writes the file "
                                         "again from the run's data when that still loads)")
                    offsets[sid] = offset
                offset += len(line)
        return cls(path, offsets)

    @property
    def ids(self) -> list[str]:
        return list(self._offsets)

    def __getitem__(self, sample_id: str) -> Sample:
        offset = self._offsets[sample_id]
        with open(self.path, "rb") as fh:
            fh.seek(offset)
            return self._parse(fh.readline(), sample_id)

    def _parse(self, line: bytes, sample_id: str) -> Sample:
        try:
            return Sample.model_validate_json(line)
        except ValidationError as exc:
            raise StoreError(f"{self.path}: sample {sample_id!r}: {validation_message(exc, limit=1)}") from None

    def get_many(self, ids: Iterable[str]) -> Iterator[Sample]:
        """The samples of `ids`, in that order, through one open file."""
        with open(self.path, "rb") as fh:
            for sid in ids:
                fh.seek(self._offsets[sid])
                yield self._parse(fh.readline(), sid)

    def __iter__(self) -> Iterator[str]:
        return iter(self._offsets)

    def __len__(self) -> int:
        return len(self._offsets)

    def __contains__(self, sample_id: object) -> bool:
        return sample_id in self._offsets

    def __repr__(self) -> str:
        return f"StoredSamples({self.path}, {len(self)} samples)"


def _sample_id(line: bytes) -> str | None:
    """The id of a `data.jsonl` line without parsing the rest of it (a `Sample` is written id first)."""
    if line.startswith(b'{"id":"'):
        try:
            value, _ = _ID_DECODER.raw_decode(line.decode("utf-8"), 6)
            return value if isinstance(value, str) else None
        except (ValueError, UnicodeDecodeError):
            return None
    try:
        data = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), str) else None


_ID_DECODER = json.JSONDecoder()


def _bring_forward(old: RunManifest, new: RunManifest, folder: Path) -> str:
    """The way to keep a folder's records when only the scorer changed."""
    if changed_parts(old, new) == ["scorer"]:
        return (f"; or keep its records: `finprobe rescore {folder}` re-grades them with this scorer (no model "
                "calls), then the same run resumes")
    return ""


# --------------------------------------------------------------------------- the store
class RunStore:
    def __init__(self, path: str | Path, *, redactor: Redactor | None = None):
        self.path = Path(path)
        self.redactor = redactor
        self._fd: int | None = None
        self._lock_fd: int | None = None
        #: the locked folder's descriptor (the lock itself), and its identity (device, inode)
        self._dir_fd: int | None = None
        self._identity: tuple[int, int] | None = None
        #: the run's manifest once `open_for_run` has checked it
        self.manifest: RunManifest | None = None

    # ------------------------------------------------------------------ opening and locking
    @classmethod
    def open_for_run(cls, path: str | Path, manifest: RunManifest, *, fresh: bool = False,
                     redactor: Redactor | None = None, write_manifest: bool = True) -> RunStore:
        """Lock a run folder to write `manifest`'s run: new, resumed (same fingerprint) or, with `fresh`,
        cleared. A folder that holds a different run is an error, never silently mixed. The store comes
        back locked (`close()` unlocks); `store.manifest` is the manifest of the run (the stored run's id
        and creation time when resuming), written now unless `write_manifest` is False (then the caller
        writes it with `write_manifest()` once there is work to do: re-opening a finished run writes
        nothing)."""
        store = cls(path, redactor=redactor)
        store._make_folder()
        store.lock()
        try:
            existing = store.path / MANIFEST
            if existing.exists() and not fresh:
                old = store.read_manifest()
                if old.fingerprint != manifest.fingerprint:
                    raise StoreError(
                        f"{store.path} holds a different run: {describe_change(old, manifest)}; "
                        "use --fresh to start over there (its records are deleted), or choose another --out"
                        + _bring_forward(old, manifest, store.path))
                manifest = manifest.model_copy(update={"run_id": old.run_id, "created_at": old.created_at})
            elif fresh:
                for name in (SAMPLES, METRICS, MANIFEST, DATA, REMOVED):
                    try:
                        (store.path / name).unlink(missing_ok=True)
                    except OSError as exc:
                        raise StoreError(f"{store.path / name}: cannot remove for --fresh: {_os_problem(exc)}") from None
            store.manifest = manifest
            if write_manifest:
                store.write_manifest()
            store._repair_tail()
        except BaseException:
            store.close()
            raise
        return store

    def _make_folder(self) -> None:
        if self.path.exists() and not self.path.is_dir():
            raise StoreError(f"{self.path} exists and is not a folder: give --out a folder")
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot create the run folder: {_os_problem(exc)}") from None

    def lock(self) -> None:
        """Take the folder's exclusive lock, or raise RunLockedError naming the process that holds it.

        The lock is an flock on the folder's own descriptor, which no file operation inside the folder can
        take away; `run.lock` holds the pid (for the message a second process gets) and is flocked too,
        so an older finprobe writing the folder is kept out as well."""
        if fcntl is None or self._lock_fd is not None:
            return
        self._lock_folder()
        try:
            self._lock_pid_file()
        except BaseException:
            self._release_folder()
            raise

    def _lock_folder(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot open the run folder: {_os_problem(exc)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise self._locked_error() from None
        except OSError:  # a file system without flock on folders: the lock file alone keeps writers apart
            os.close(fd)
            return
        st = os.fstat(fd)
        self._dir_fd, self._identity = fd, (st.st_dev, st.st_ino)
        try:
            self.check_identity()  # the folder could have been replaced between open and flock
        except StoreError:
            self._release_folder()
            raise

    def _release_folder(self) -> None:
        if self._dir_fd is not None:
            os.close(self._dir_fd)  # closing the descriptor releases the flock
            self._dir_fd = self._identity = None

    def _locked_error(self) -> RunLockedError:
        try:
            with open(self.path / LOCK, "rb") as fh:
                holder = _read_pid(fh.fileno())
        except OSError:
            holder = None
        who = f"process {holder}" if holder else "another process"
        return RunLockedError(f"{self.path} is in use: {who} is writing this run folder (lock {LOCK}); "
                              "wait for it to finish, or choose another --out")

    def check_identity(self) -> None:
        """Raise StoreError if the locked folder is not at its path any more (moved, removed, replaced):
        whatever is written by path from now on would land outside the locked run."""
        if self._identity is None:
            return
        try:
            st = os.stat(self.path)
            here: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:
            here = None
        if here != self._identity:
            raise StoreError(f"{self.path}: the run folder was moved, removed or replaced while this process "
                             "was writing it; nothing more is written there")

    def _lock_pid_file(self) -> None:
        path = self.path / LOCK
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except PermissionError:
            try:  # a read-only folder: a finished run can still be opened (flock needs no write access)
                fd = os.open(path, os.O_RDONLY)
            except OSError as exc:
                raise StoreError(f"{self.path}: cannot write in the run folder: {_os_problem(exc)}") from None
        except OSError as exc:
            raise StoreError(f"{path}: cannot create the lock file: {_os_problem(exc)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise self._locked_error() from None
        except OSError as exc:
            os.close(fd)
            raise StoreError(f"{path}: cannot lock: {_os_problem(exc)}") from None
        try:  # the holder's pid, for the message a second process gets
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # read-only: the lock works without the pid
        self._lock_fd = fd

    def unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor releases the flock
            self._lock_fd = None
        self._release_folder()

    @property
    def locked(self) -> bool:
        return self._lock_fd is not None

    def read_manifest(self) -> RunManifest:
        path = self.path / MANIFEST
        if not path.is_file():
            what = "does not exist" if not self.path.exists() else f"has no {MANIFEST}"
            raise StoreError(f"{self.path} is not a finprobe run folder (it {what})")
        try:
            return RunManifest.model_validate_json(path.read_bytes())
        except OSError as exc:
            raise StoreError(f"{path}: cannot read: {_os_problem(exc)}") from None
        except ValidationError as exc:
            raise StoreError(f"{path}: unreadable manifest: {exc.errors()[0]['msg']}") from None

    def write_manifest(self, manifest: RunManifest | None = None) -> None:
        """Write the manifest (atomically; `self.manifest` by default), unless the folder already holds
        exactly this one."""
        manifest = manifest or self.manifest
        if manifest is None:
            raise StoreError(f"{self.path}: no manifest to write")
        self.check_identity()
        _write_if_changed(self.path / MANIFEST, manifest.model_dump_json(indent=2))

    def _repair_tail(self) -> None:
        """Cut a torn last line (a crash mid-write) so appends start on a line boundary."""
        path = self.path / SAMPLES
        try:
            if not path.exists() or path.stat().st_size == 0:
                return
            with open(path, "rb") as fh:
                fh.seek(-1, os.SEEK_END)
                if fh.read(1) == b"\n":
                    return
                # Find the last newline from the end, in blocks (the file may be large).
                end = fh.seek(0, os.SEEK_END)
                pos = end
                cut = 0
                while pos > 0:
                    start = max(0, pos - 65536)
                    fh.seek(start)
                    block = fh.read(pos - start)
                    i = block.rfind(b"\n")
                    if i >= 0:
                        cut = start + i + 1
                        break
                    pos = start
            os.truncate(path, cut)
        except OSError as exc:
            raise StoreError(f"{path}: cannot repair the torn last line: {_os_problem(exc)}") from None

    # ------------------------------------------------------------------ the run's data
    def stored_samples(self) -> StoredSamples | None:
        """The folder's `data.jsonl` (indexed, nothing parsed), or None in a folder written before finprobe
        kept it."""
        path = self.path / DATA
        if not path.exists():
            return None
        return StoredSamples.read(path)

    def write_data(self, samples: Sequence[Sample]) -> StoredSamples:
        """Write `data.jsonl` from `samples` (atomically: the file is whole or absent)."""
        path = self.path / DATA
        tmp = path.with_suffix(".jsonl.tmp")
        self.check_identity()
        offsets: dict[str, int] = {}
        try:
            with open(tmp, "wb") as fh:
                offset = 0
                for sample in samples:
                    line = sample.model_dump_json().encode("utf-8") + b"\n"
                    offsets[sample.id] = offset
                    offset += len(line)
                    fh.write(line)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            raise StoreError(f"{path}: cannot write: {_os_problem(exc)}") from None
        return StoredSamples(path, offsets)

    def ensure_data(self, samples: Sequence[Sample], *, required: bool) -> StoredSamples | None:
        """The folder's data, written from `samples` (the run's, checked against the manifest's data hash
        by the fingerprint) when it is absent or holds other ids. None when it cannot be written and is
        not `required` (a finished run re-opened in a read-only folder written by an older finprobe)."""
        try:
            stored = self.stored_samples()
        except StoreError:
            stored = None  # unreadable: written again below
        if stored is not None and stored.ids == [s.id for s in samples]:
            return stored
        try:
            return self.write_data(samples)
        except StoreError:
            if required:
                raise
            return None

    # ------------------------------------------------------------------ writing records
    def open_append(self) -> None:
        """Open the samples file for appending now (so an unwritable folder fails before any work)."""
        if self._fd is None:
            self.check_identity()
            try:
                self._fd = os.open(self.path / SAMPLES, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            except OSError as exc:
                raise StoreError(f"{self.path / SAMPLES}: cannot open for writing: {_os_problem(exc)}") from None

    def append(self, record: SampleRecord) -> None:
        self.append_lines([serialize(record, self.redactor)])

    def append_lines(self, lines: list[bytes]) -> None:
        """Append serialised records (`serialize`) with one write: a crash leaves whole lines and at most
        one torn last line."""
        if not lines:
            return
        self.open_append()
        assert self._fd is not None
        data = b"".join(lines)
        try:
            written = os.write(self._fd, data)
        except OSError as exc:
            raise StoreError(f"{self.path / SAMPLES}: cannot write: {_os_problem(exc)}") from None
        if written != len(data):  # a short write on a regular file means the disk is full
            raise StoreError(f"{self.path / SAMPLES}: short write ({written} of {len(data)} bytes): disk full?")

    def sync(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)

    def close(self) -> None:
        """Flush and close the samples file, and release the folder's lock."""
        try:
            if self._fd is not None:
                fd, self._fd = self._fd, None
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
        finally:
            self.unlock()

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ reading records
    def iter_lines(self) -> Iterator[tuple[int, bytes]]:
        """(line number, line) of every complete line; a torn last line (a crash, or a writer still
        writing it) is left out."""
        path = self.path / SAMPLES
        try:
            fh = open(path, "rb")
        except FileNotFoundError:
            return
        except OSError as exc:
            raise StoreError(f"{path}: cannot read: {_os_problem(exc)}") from None
        with fh:
            for lineno, line in enumerate(fh, 1):
                if line.endswith(b"\n") and line.strip():
                    yield lineno, line

    def iter_records(self, *, view: bool = False) -> Iterator[SampleRecord]:
        """Every stored record in file order, read one line at a time. `view`: the aggregation view
        (`slim`), which keeps a whole run in memory at a fraction of the size. A line that is not a
        record raises DamagedStoreError naming it (and `finprobe repair`)."""
        path = self.path / SAMPLES
        for lineno, line in self.iter_lines():
            try:
                if view:
                    try:
                        yield SampleRecord.model_validate(slim(line_data(line)))
                    except ValidationError as exc:
                        raise UnreadableLine(validation_message(exc, limit=1)) from None
                else:
                    yield check_record(line)
            except UnreadableLine as exc:
                raise _damaged(path, lineno, str(exc)) from None

    def load_trials(self, *, view: bool = False) -> dict[TrialKey, SampleRecord]:
        """The latest record of each (sample, epoch), in first-seen order."""
        records: dict[TrialKey, SampleRecord] = {}
        for record in self.iter_records(view=view):
            records[(record.sample_id, record.epoch)] = record
        return records

    def load_view_map(self) -> dict[TrialKey, tuple[SampleStatus, bytes]]:
        """The status and aggregation view (compact JSON, `view_line`) of the latest record of each
        (sample, epoch), in first-seen order. Each line is validated once here, so an unreadable record is
        an error naming its line."""
        path = self.path / SAMPLES
        views: dict[TrialKey, tuple[SampleStatus, bytes]] = {}
        for lineno, line in self.iter_lines():
            try:
                key, status, view = view_line(line)
                SampleRecord.model_validate_json(view)
            except ValidationError as exc:
                raise _damaged(path, lineno, validation_message(exc, limit=1)) from None
            except UnreadableLine as exc:
                raise _damaged(path, lineno, str(exc)) from None
            views[key] = (status, view)
        return views

    def load_views(self) -> RecordViews:
        """`RecordViews` of the latest record of each (sample, epoch), in first-seen order."""
        return RecordViews.from_map({key: view for key, (_, view) in self.load_view_map().items()})

    def load_records(self, epoch: int = 1) -> dict[str, SampleRecord]:
        """The latest record of each sample for one trial (the first by default), in first-seen order."""
        return {sid: r for (sid, e), r in self.load_trials().items() if e == epoch}

    def trial_statuses(self) -> dict[TrialKey, SampleStatus]:
        """The latest status of each (sample, epoch), without keeping any record (for resuming)."""
        out: dict[TrialKey, SampleStatus] = {}
        path = self.path / SAMPLES
        for lineno, line in self.iter_lines():
            try:
                data = line_data(line)
            except UnreadableLine as exc:
                raise _damaged(path, lineno, str(exc)) from None
            out[line_key(data)] = SampleStatus(data["status"])
        return out

    def latest_offsets(self) -> dict[TrialKey, int]:
        """The byte offset of the latest line of each (sample, epoch), in first-seen order (an index for
        reading full records one at a time with `read_at`)."""
        out: dict[TrialKey, int] = {}
        path = self.path / SAMPLES
        offset = 0
        try:
            fh = open(path, "rb")
        except FileNotFoundError:
            return out
        except OSError as exc:
            raise StoreError(f"{path}: cannot read: {_os_problem(exc)}") from None
        with fh:
            for lineno, line in enumerate(fh, 1):
                if line.endswith(b"\n") and line.strip():
                    try:
                        out[line_key(line_data(line))] = offset
                    except UnreadableLine as exc:
                        raise _damaged(path, lineno, str(exc)) from None
                offset += len(line)
        return out

    def read_at(self, offsets: Iterable[int]) -> Iterator[SampleRecord]:
        """The records whose lines start at `offsets` (from `latest_offsets`), one at a time."""
        path = self.path / SAMPLES
        with open(path, "rb") as fh:
            for offset in offsets:
                fh.seek(offset)
                line = fh.readline()
                try:
                    yield check_record(line)
                except UnreadableLine as exc:
                    raise DamagedStoreError(f"{path} (the line at byte {offset}): unreadable record ({exc}); "
                                            f"{repair_hint(self.path)}") from None

    def finished_ids(self, epoch: int = 1) -> set[str]:
        """Samples that need no redo on resume: scored or skipped. Errors are redone."""
        return {sid for (sid, e), status in self.trial_statuses().items()
                if e == epoch and status in (SampleStatus.scored, SampleStatus.skipped)}

    # ------------------------------------------------------------------ rewriting
    def rewrite_records(self, records: Iterable[SampleRecord]) -> None:
        """Replace the samples file with `records` (e.g. after re-scoring), streaming and atomically; the
        previous file is kept as `samples.jsonl.bak`. The caller holds the lock."""
        path = self.path / SAMPLES
        tmp = path.with_suffix(".jsonl.tmp")
        self.check_identity()
        try:
            if path.exists():
                bak_tmp = path.with_suffix(".jsonl.bak.tmp")
                shutil.copyfile(path, bak_tmp)
                os.replace(bak_tmp, path.with_suffix(".jsonl.bak"))
            with open(tmp, "wb") as fh:
                for record in records:
                    fh.write(serialize(record, self.redactor))
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise StoreError(f"{path}: cannot rewrite: {_os_problem(exc)}") from None

    def rewrite_lines(self, lines: Iterable[bytes]) -> None:
        """Replace the samples file with `lines` exactly as given (`finprobe repair`), atomically. The
        caller holds the lock."""
        path = self.path / SAMPLES
        tmp = path.with_suffix(".jsonl.tmp")
        self.check_identity()
        try:
            with open(tmp, "wb") as fh:
                for line in lines:
                    fh.write(line)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError as exc:
            raise StoreError(f"{path}: cannot rewrite: {_os_problem(exc)}") from None

    def write_metrics(self, metrics: dict[str, Any]) -> None:
        self.check_identity()
        _write_if_changed(self.path / METRICS, metrics_json(metrics))


def metrics_json(metrics: dict[str, Any]) -> str:
    """The one serialisation of a run's metrics (`metrics.json` and `report --format json` alike)."""
    return json.dumps(metrics, indent=2, ensure_ascii=False, default=str)


def _read_pid(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None
