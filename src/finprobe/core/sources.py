"""Reading data files the same way everywhere: a local path or an http(s) URL, an optional checksum,
JSON Lines or a JSON array, and errors that name the file and the record."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import urllib.parse
import urllib.request
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

ModelT = TypeVar("ModelT", bound=BaseModel)


class DataError(ValueError):
    """Malformed input data. The message names the file and the record."""


MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024


def is_url(source: str | Path) -> bool:
    return str(source).startswith(("http://", "https://"))


def source_name(source: str | Path) -> str:
    """The file name of a path or URL (used to look up known checksums)."""
    s = str(source)
    if is_url(s):
        return Path(urllib.parse.urlparse(s).path).name or "download"
    return Path(s).name


def read_source(source: str | Path, *, sha256: str | None = None, timeout_s: float = 60.0,
                what: str = "data") -> bytes:
    """The bytes of a local file or an http(s) URL; verifies `sha256` (hex) when given."""
    s = str(source)
    if is_url(s):
        try:
            with urllib.request.urlopen(s, timeout=timeout_s) as resp:  # noqa: S310 - scheme checked above
                data = resp.read(MAX_DOWNLOAD_BYTES + 1)
        except OSError as exc:
            raise DataError(f"{s}: cannot download {what}: {exc}") from None
        if len(data) > MAX_DOWNLOAD_BYTES:
            raise DataError(f"{s}: download larger than {MAX_DOWNLOAD_BYTES} bytes")
    else:
        try:
            data = Path(s).read_bytes()
        except OSError as exc:
            raise DataError(f"{s}: cannot read {what}: {exc.strerror or exc}") from None
    if sha256:
        actual = hashlib.sha256(data).hexdigest()
        if actual != sha256.lower():
            raise DataError(f"{s}: sha256 mismatch: expected {sha256.lower()}, got {actual}")
    return data


def json_records(text: str, source: str) -> list[tuple[str, Any]]:
    """(where, record) pairs from JSON Lines or a JSON array; `where` is `FILE:LINE` or `FILE (record N)`."""
    if text.lstrip().startswith("["):
        try:
            arr = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DataError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg}") from None
        except RecursionError:
            raise DataError(f"{source}: JSON nested too deeply to read") from None
        return [(f"{source} (record {i + 1})", r) for i, r in enumerate(arr)]
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append((f"{source}:{lineno}", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise DataError(f"{source}:{lineno}: invalid JSON: {exc.msg}") from None
        except RecursionError:
            raise DataError(f"{source}:{lineno}: JSON nested too deeply to read") from None
    return records


#: the first two bytes of a gzip stream (RFC 1952 §2.3.1)
GZIP_MAGIC = b"\x1f\x8b"


def gunzip(data: bytes, source: str) -> bytes:
    """The bytes of a gzip stream (`.json.gz`, `.jsonl.gz`; recognised by its magic bytes, whatever the name),
    decompressed up to MAX_DOWNLOAD_BYTES; other bytes unchanged."""
    if not data.startswith(GZIP_MAGIC):
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
            out = fh.read(MAX_DOWNLOAD_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise DataError(f"{source}: not a valid gzip file ({exc})") from None
    if len(out) > MAX_DOWNLOAD_BYTES:
        raise DataError(f"{source}: decompresses to more than {MAX_DOWNLOAD_BYTES} bytes")
    return out


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 text of a source's bytes, gunzipped first when they are a gzip stream."""
    data = gunzip(data, source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{source}: not UTF-8 text (byte {exc.start})") from None


def non_finite_field(value: Any, path: str = "") -> str | None:
    """The path (`qa.exe_ans`, `table[3][1]`) of the first NaN or infinity inside `value`, or None.

    JSON has no such numbers (Python's reader accepts `NaN` and `Infinity` anyway): a gold answer of NaN
    equals no answer, and a record holding one cannot be stored and read back as it was."""
    if isinstance(value, float):
        return None if value == value and value not in (float("inf"), float("-inf")) else (path or "the value")
    if isinstance(value, dict):
        for key, item in value.items():
            found = non_finite_field(item, f"{path}.{key}" if path else str(key))
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = non_finite_field(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def validation_message(exc: ValidationError, *, limit: int = 3) -> str:
    """A pydantic validation error as one line: `field.path: message; ...` (first `limit` problems)."""
    errors = exc.errors()
    parts = []
    for err in errors[:limit]:
        loc = ".".join(str(x) for x in err.get("loc", ()))
        parts.append(f"{loc}: {err.get('msg')}" if loc else str(err.get("msg")))
    more = len(errors) - limit
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def validate_records(records: Iterable[tuple[str, Any]], model: type[ModelT], id_field: str, *,
                     duplicate_label: str | None = None,
                     prepare: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None) -> list[ModelT]:
    """Each (where, record) of `json_records` validated as `model`, in order. A record that is not an object,
    does not validate, or repeats an earlier record's `id_field` raises DataError naming where it is and its id
    ("duplicate <duplicate_label> ..." ; the label defaults to the field's name). `prepare` may add fields
    (e.g. where the record was read) before validation."""
    out: list[ModelT] = []
    seen: dict[Any, str] = {}
    for where, rec in records:
        if not isinstance(rec, dict):
            raise DataError(f"{where}: expected a JSON object, got {type(rec).__name__}")
        try:
            item = model.model_validate(prepare(where, rec) if prepare else rec)
        except ValidationError as exc:
            raise DataError(f"{where}: {id_field}={rec.get(id_field)!r}: {validation_message(exc)}") from None
        key = getattr(item, id_field)
        if key in seen:
            raise DataError(f"{where}: duplicate {duplicate_label or id_field} {key!r} (first at {seen[key]})")
        seen[key] = where
        out.append(item)
    return out
