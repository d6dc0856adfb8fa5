"""Exports of a stored run as flat tables: one row per sample × epoch, or one row per aggregate metric.

Formats: JSON (an array of row objects: `pandas.read_json(path)`), CSV (`pandas.read_csv`) and Parquet
(`pandas.read_parquet`; needs pyarrow, the `export` extra). Column names are stable: the fixed columns
below, tokens and cost per role as `<role>_input_tokens` / `<role>_output_tokens` / `<role>_cost_usd`,
and every scalar meta key as `meta_<key>` (a list of scalars is joined with "|").

CSV cells that a spreadsheet would run as a formula are neutralised (`finprobe.report._text.csv_safe`).
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from finprobe.core.schema import SampleRecord, SampleStatus, Score
from finprobe.report._text import csv_safe, error_type

__all__ = ["EXPORT_FORMATS", "aggregate_rows", "export_table", "record_outcome", "sample_rows", "samples_csv",
           "write_rows"]

EXPORT_FORMATS = ("json", "csv", "parquet")
SAMPLE_COLUMNS = ["sample_id", "epoch", "status", "attempt", "outcome", "score_value", "passed", "success",
                  "reason", "error", "error_type", "episode_end", "final_answer", "started_at", "finished_at",
                  "duration_s", "input_tokens", "output_tokens", "cost_usd"]

Scalar = str | int | float | bool | None
Success = Callable[[Score], bool]


def _scalar(value: Any) -> Scalar | str:
    """A meta value as one cell: scalars as they are, a list of scalars joined by "|", else skipped (None)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float, bool)) for v in value):
        return "|".join(str(v) for v in value)
    return None


def _passed(score: Score) -> bool:
    return bool(score.passed)


def record_outcome(record: SampleRecord, success: Success = _passed) -> str:
    """One trial's outcome: `pass` / `fail` (the family's `success` on its score), `error`, `skipped`,
    or `unscored` (scored status without a score)."""
    if record.status == SampleStatus.error:
        return "error"
    if record.status == SampleStatus.skipped:
        return "skipped"
    if record.score is None:
        return "unscored"
    return "pass" if success(record.score) else "fail"


def sample_rows(records: Sequence[SampleRecord], success: Success | None = None,
                columns: Callable[[SampleRecord], dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """One flat row per record (sample × epoch), in the order given. `success` is the family's
    `Benchmark.success` (the binary outcome of a scored trial); by default `score.passed`. `columns` is
    the family's `Benchmark.sample_columns` (its own columns, after the fixed ones)."""
    success = success or _passed
    roles = sorted({role for r in records for role in r.usage_by_role})
    meta_keys = sorted({k for r in records for k, v in r.meta.items() if _scalar(v) is not None})
    rows = []
    for r in records:
        t, s = r.transcript, r.score
        usage = r.usage_by_role
        row: dict[str, Any] = {
            "sample_id": r.sample_id, "epoch": r.epoch, "status": r.status.value, "attempt": r.attempt,
            "outcome": record_outcome(r, success),
            "score_value": None if s is None else s.value,
            "passed": None if s is None else s.passed,
            "success": success(s) if (s is not None and r.status == SampleStatus.scored) else None,
            "reason": None if s is None else s.reason,
            "error": r.error, "error_type": error_type(r.error),
            "episode_end": None if t is None or t.outcome is None else t.outcome.value,
            "final_answer": None if t is None else t.final_answer,
            "started_at": r.started_at.isoformat(), "finished_at": r.finished_at.isoformat(),
            "duration_s": round((r.finished_at - r.started_at).total_seconds(), 6),
            "input_tokens": sum(u.input_tokens for u in usage.values()),
            "output_tokens": sum(u.output_tokens for u in usage.values()),
            "cost_usd": sum(u.cost_usd for u in usage.values()),
        }
        if columns is not None:
            row.update(columns(r))
        for role in roles:
            u = usage.get(role)
            row[f"{role}_input_tokens"] = 0 if u is None else u.input_tokens
            row[f"{role}_output_tokens"] = 0 if u is None else u.output_tokens
            row[f"{role}_cost_usd"] = 0.0 if u is None else u.cost_usd
        for key in meta_keys:
            row[f"meta_{key}"] = _scalar(r.meta.get(key))
        rows.append(row)
    return rows


def _flatten(prefix: str, value: Any, out: list[dict[str, Any]], metrics: Mapping[str, Any]) -> None:
    if isinstance(value, Mapping):
        for key, sub in value.items():
            key = str(key)
            if key.endswith(("_ci_low", "_ci_high")) and key.rsplit("_ci_", 1)[0] in value:
                continue  # shown as the ci_low/ci_high columns of their metric
            _flatten(f"{prefix}.{key}" if prefix else key, sub, out, value)
        return
    if isinstance(value, (list, tuple)):
        return  # lists (error_list, skipped_tasks, ...) are records, not metrics: see the samples table
    name = prefix.rsplit(".", 1)[-1]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    out.append({
        "metric": prefix,
        "value": (float(value) if not (isinstance(value, float) and math.isnan(value)) else None) if number
        else (float(value) if isinstance(value, bool) else None),
        "value_text": None if (number or isinstance(value, bool) or value is None) else str(value),
        "ci_low": metrics.get(f"{name}_ci_low"), "ci_high": metrics.get(f"{name}_ci_high"),
    })


def aggregate_rows(metrics: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The aggregate as one row per metric (nested sections as dotted names, e.g. `by_level.Hard.pass_rate`):
    `metric`, `value` (a number, or null), `value_text` (for text values), `ci_low`, `ci_high`."""
    out: list[dict[str, Any]] = []
    _flatten("", metrics, out, metrics)
    return out


# --------------------------------------------------------------------------- writers
def _json_default(value: Any) -> Any:
    return str(value)


def _clean_nan(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()} for row in rows]


def _columns(rows: Sequence[dict[str, Any]]) -> list[str]:
    return list(dict.fromkeys(k for row in rows for k in row))


def _csv_cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)  # 1/0: what every spreadsheet and pandas read as a number
    return csv_safe(value)


def rows_csv(rows: Sequence[dict[str, Any]]) -> str:
    columns = _columns(rows)
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow([csv_safe(c) for c in columns])
    for row in rows:
        writer.writerow([_csv_cell(row.get(c)) for c in columns])
    return buf.getvalue()


def _arrow_type(values: list[Any]) -> Any:
    import pyarrow as pa

    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return pa.bool_()
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return pa.int64()
    if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return pa.float64()
    return pa.string()


def write_parquet(rows: Sequence[dict[str, Any]], path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise RuntimeError("--format parquet needs pyarrow: pip install 'finprobe[export]'") from None
    columns = _columns(rows)
    arrays, names = [], []
    for column in columns:
        values = [row.get(column) for row in rows]
        kind = _arrow_type(values)
        if kind == pa.string():
            values = [None if v is None else (v if isinstance(v, str) else json.dumps(v, default=str)
                                             if isinstance(v, (dict, list)) else str(v)) for v in values]
        elif kind == pa.float64():
            values = [None if v is None else float(v) for v in values]
        arrays.append(pa.array(values, type=kind))
        names.append(column)
    pq.write_table(pa.Table.from_arrays(arrays, names=names), path)


def write_rows(rows: Sequence[dict[str, Any]], fmt: str, path: Path | None) -> str | None:
    """Write `rows` as `fmt` to `path`; with no path, return the text (JSON and CSV only)."""
    rows = _clean_nan(rows)
    if fmt == "parquet":
        if path is None:
            raise ValueError("--format parquet writes a binary file: give --output FILE.parquet")
        write_parquet(rows, path)
        return None
    if fmt == "json":
        text = json.dumps(rows, indent=1, ensure_ascii=False, default=_json_default)
    elif fmt == "csv":
        text = rows_csv(rows)
    else:
        raise ValueError(f"unknown export format {fmt!r}; one of {', '.join(EXPORT_FORMATS)}")
    if path is None:
        return text
    path.write_text(text, encoding="utf-8", newline="" if fmt == "csv" else None)
    return None


def export_table(run: Any, table: str, fmt: str, path: Path | None) -> str | None:
    """Export a stored run's `samples` (every sample × epoch) or `aggregate` table."""
    if table == "samples":
        rows = sample_rows(run.trials, run.bench.success, run.bench.sample_columns)
    elif table == "aggregate":
        rows = aggregate_rows(run.metrics)
    else:
        raise ValueError(f"unknown table {table!r}; one of samples, aggregate")
    return write_rows(rows, fmt, path)


def samples_csv(records: Sequence[SampleRecord], success: Success | None = None) -> str:
    """The per-sample CSV (`success`: the family's binary outcome; by default `score.passed`)."""
    return rows_csv(_clean_nan(sample_rows(records, success)))
