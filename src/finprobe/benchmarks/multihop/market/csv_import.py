"""Load real (or any) market data into a market database from CSV files in documented layouts.

A directory holds one CSV file per table, named `<table>.csv`, UTF-8, with a header row of column names
(the layouts are in `SCHEMA.md` beside this module and in `market.schema.COLUMNS`). Only `entities.csv`
is required; every other file is optional, and optional columns may be left out or empty. Dates are
ISO `YYYY-MM-DD`; quarters `YYYYQn`; months `YYYY-MM`.

Filled in when absent:
- `trading_days.csv`: the distinct dates of the stock and index rows of `daily_bars.csv`;
- `daily_bars.change_pct`: from the entity's previous close; `turnover_rate`: from `shares_outstanding`;
- `events.event_id`: numbered in file order; `entities.currency`: CNY; `aliases.csv`: tickers and names
  are always aliases.

Every value is checked (type, allowed values, references to known entities and indicators, duplicate
keys); a bad value raises `CsvImportError` naming the file, the line and the column, and nothing is kept.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.market.schema import COLUMNS, SCHEMA_VERSION
from finprobe.core.benchmark import DataError

__all__ = ["CsvImportError", "import_csv_dir"]


class CsvImportError(DataError):
    """A CSV file that does not follow its layout. The message names the file, the line and the column."""


Conv = Callable[[str], Any]


def _text(v: str) -> str:
    return v


def _real(v: str) -> float:
    try:
        x = float(v.replace(",", ""))
    except ValueError:
        raise ValueError(f"not a number: {v!r}") from None
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError(f"not a finite number: {v!r}")
    return x


def _int(v: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", v.strip()):
        raise ValueError(f"not an integer: {v!r}")
    return int(v)


def _date(v: str) -> str:
    try:
        return dt.date.fromisoformat(v.strip()).isoformat()
    except ValueError:
        raise ValueError(f"not an ISO date (YYYY-MM-DD): {v!r}") from None


def _quarter_period(v: str) -> str:
    if not re.fullmatch(r"(19|20)\d\dQ[1-4]", v.strip()):
        raise ValueError(f"not a quarter (YYYYQn): {v!r}")
    return v.strip()


def _macro_period(v: str) -> str:
    v = v.strip()
    if re.fullmatch(r"(19|20)\d\dQ[1-4]", v) or re.fullmatch(r"(19|20)\d\d-(0[1-9]|1[0-2])", v):
        return v
    raise ValueError(f"not a month (YYYY-MM) or quarter (YYYYQn): {v!r}")


def _enum(*allowed: str) -> Conv:
    def conv(v: str) -> str:
        if v.strip() not in allowed:
            raise ValueError(f"{v!r} is not one of {', '.join(allowed)}")
        return v.strip()
    return conv


def _json_obj(v: str) -> str:
    try:
        obj = json.loads(v)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg}") from None
    if not isinstance(obj, dict):
        raise ValueError("must be a JSON object")
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


# table -> column -> (converter, required)
_LAYOUT: dict[str, dict[str, tuple[Conv, bool]]] = {
    "meta": {"key": (_text, True), "value": (_text, True)},
    "sectors": {"sector_id": (_text, True), "name_en": (_text, True), "name_zh": (_text, False),
                "index_id": (_text, False)},
    "entities": {"entity_id": (_text, True), "ticker": (_text, True), "kind": (_enum("stock", "fund", "index"), True),
                 "name_en": (_text, True), "name_zh": (_text, False), "sector_id": (_text, False),
                 "exchange": (_text, False), "currency": (_text, False), "listing_date": (_date, False),
                 "shares_outstanding": (_real, False), "fund_type": (_text, False),
                 "description_en": (_text, False), "description_zh": (_text, False)},
    "aliases": {"alias": (_text, True), "entity_id": (_text, True), "language": (_text, False)},
    "trading_days": {"date": (_date, True)},
    "holidays": {"date": (_date, True), "name_en": (_text, False), "name_zh": (_text, False)},
    "daily_bars": {"entity_id": (_text, True), "date": (_date, True), "open": (_real, False), "high": (_real, False),
                   "low": (_real, False), "close": (_real, True), "volume": (_real, False), "amount": (_real, False),
                   "change_pct": (_real, False), "turnover_rate": (_real, False)},
    "metric_definitions": {"metric": (_text, True), "name_en": (_text, True), "name_zh": (_text, False),
                           "unit": (_text, True), "kind": (_enum("flow", "ratio", "per_share"), True)},
    "report_metrics": {"entity_id": (_text, True), "fiscal_year": (_int, True),
                       "quarter": (_enum("1", "2", "3", "4"), True),
                       "basis": (_enum("single_quarter", "cumulative"), True), "metric": (_text, True),
                       "value": (_real, True), "unit": (_text, True), "report_date": (_date, False)},
    "fund_metrics": {"entity_id": (_text, True), "as_of": (_date, True), "horizon": (_text, True),
                     "metric": (_text, True), "value": (_real, True), "unit": (_text, True)},
    "fund_holdings": {"entity_id": (_text, True), "period": (_quarter_period, True), "rank": (_int, True),
                      "holding_id": (_text, False), "holding_name": (_text, True), "weight_pct": (_real, True)},
    "macro_indicators": {"indicator_id": (_text, True), "name_en": (_text, True), "name_zh": (_text, False),
                         "frequency": (_enum("monthly", "quarterly"), True), "unit": (_text, True),
                         "description": (_text, False)},
    "macro_values": {"indicator_id": (_text, True), "period": (_macro_period, True), "value": (_real, True),
                     "release_date": (_date, False)},
    "events": {"event_id": (_int, False), "entity_id": (_text, False),
               "event_type": (_text, True), "date": (_date, True), "fiscal_year": (_int, False),
               "quarter": (_enum("1", "2", "3", "4"), False), "amount": (_real, False), "details": (_json_obj, False),
               "title_en": (_text, False), "title_zh": (_text, False)},
    "documents": {"doc_id": (_text, True), "entity_id": (_text, False), "date": (_date, False),
                  "language": (_text, False), "title": (_text, False), "text": (_text, True)},
}
_KEYS: dict[str, tuple[str, ...]] = {
    "meta": ("key",), "sectors": ("sector_id",), "entities": ("entity_id",), "aliases": ("alias", "entity_id"),
    "trading_days": ("date",), "holidays": ("date",), "daily_bars": ("entity_id", "date"),
    "metric_definitions": ("metric",), "report_metrics": ("entity_id", "fiscal_year", "quarter", "basis", "metric"),
    "fund_metrics": ("entity_id", "as_of", "horizon", "metric"), "fund_holdings": ("entity_id", "period", "rank"),
    "macro_indicators": ("indicator_id",), "macro_values": ("indicator_id", "period"), "events": ("event_id",),
    "documents": ("doc_id",),
}
# (table, column) -> table whose key it must name
_REFS = {("aliases", "entity_id"): "entities", ("daily_bars", "entity_id"): "entities",
         ("report_metrics", "entity_id"): "entities", ("fund_metrics", "entity_id"): "entities",
         ("fund_holdings", "entity_id"): "entities", ("events", "entity_id"): "entities",
         ("entities", "sector_id"): "sectors", ("macro_values", "indicator_id"): "macro_indicators"}
# Tables read first so references can be checked.
_ORDER = ["meta", "sectors", "entities", "aliases", "trading_days", "holidays", "daily_bars", "metric_definitions",
          "report_metrics", "fund_metrics", "fund_holdings", "macro_indicators", "macro_values", "events", "documents"]
assert set(_ORDER) == set(COLUMNS) == set(_LAYOUT)


def _read_table(path: Path, table: str) -> list[dict[str, Any]]:
    layout = _LAYOUT[table]
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CsvImportError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CsvImportError(f"{path}: cannot read: {exc.strerror or exc}") from None
    reader = csv.reader(text.splitlines())
    try:
        header = [h.strip() for h in next(reader)]
    except StopIteration:
        raise CsvImportError(f"{path}: empty file (expected a header row: {', '.join(layout)})") from None
    unknown = [h for h in header if h not in layout]
    if unknown:
        raise CsvImportError(f"{path}:1: unknown column(s) {', '.join(map(repr, unknown))}; "
                             f"the {table} layout has: {', '.join(layout)}")
    missing = [c for c, (_, req) in layout.items() if req and c not in header]
    if missing:
        raise CsvImportError(f"{path}:1: required column(s) missing: {', '.join(missing)}")
    rows = []
    for lineno, raw in enumerate(reader, start=2):
        if not any(cell.strip() for cell in raw):
            continue
        if len(raw) != len(header):
            raise CsvImportError(f"{path}:{lineno}: {len(raw)} fields, the header has {len(header)}")
        row: dict[str, Any] = {"_line": lineno}
        for col, cell in zip(header, raw, strict=True):
            conv, required = layout[col]
            if cell.strip() == "":
                if required:
                    raise CsvImportError(f"{path}:{lineno}: column {col!r} is empty (required)")
                row[col] = None
                continue
            try:
                value = conv(cell)
            except ValueError as exc:
                raise CsvImportError(f"{path}:{lineno}: column {col!r}: {exc}") from None
            row[col] = int(value) if col == "quarter" else value
        rows.append(row)
    return rows


def import_csv_dir(directory: str | Path, db_path: str | Path = ":memory:") -> MarketDB:
    """Build a market database from `<table>.csv` files in `directory` (see the module docstring).

    `db_path` is a new SQLite file to write (or ":memory:"). Raises CsvImportError naming the file, line
    and column of the first bad value.
    """
    d = Path(directory)
    if not d.is_dir():
        raise CsvImportError(f"{d}: not a directory of market CSV files")
    if not (d / "entities.csv").is_file():
        raise CsvImportError(f"{d}: entities.csv is required (layout: {', '.join(_LAYOUT['entities'])})")
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in _ORDER:
        path = d / f"{table}.csv"
        if path.is_file():
            tables[table] = _read_table(path, table)
    _check_keys_and_refs(d, tables)
    _fill_derived(tables)
    db = MarketDB.create(db_path)
    for table in _ORDER:
        rows = [{k: v for k, v in r.items() if k != "_line"} for r in tables.get(table, [])]
        if rows:
            try:
                db.insert(table, rows)
            except sqlite3.DatabaseError as exc:
                db.close()
                raise CsvImportError(f"{d / (table + '.csv')}: rejected by the database: {exc}") from None
    if not any(r["key"] == "schema_version" for r in tables.get("meta", [])):
        db.insert("meta", [{"key": "schema_version", "value": SCHEMA_VERSION},
                           {"key": "source", "value": str(d)}])
    return db


def _check_keys_and_refs(d: Path, tables: dict[str, list[dict[str, Any]]]) -> None:
    for i, row in enumerate(tables.get("events", []), start=1):
        if row.get("event_id") is None:
            row["event_id"] = i
    known: dict[str, set[Any]] = {}
    for table in _ORDER:
        seen: dict[tuple[Any, ...], int] = {}
        for row in tables.get(table, []):
            key = tuple(row.get(k) for k in _KEYS[table])
            if key in seen:
                raise CsvImportError(f"{d / (table + '.csv')}:{row['_line']}: duplicate key "
                                     f"{dict(zip(_KEYS[table], key, strict=True))} (first at line {seen[key]})")
            seen[key] = row["_line"]
            for (t, col), target in _REFS.items():
                if t != table or row.get(col) is None:
                    continue
                if target in known and row[col] not in known[target]:
                    raise CsvImportError(f"{d / (table + '.csv')}:{row['_line']}: column {col!r}: "
                                         f"{row[col]!r} is not in {target}.csv")
                if target not in known and target != table and target in ("entities", "macro_indicators"):
                    raise CsvImportError(f"{d / (table + '.csv')}:{row['_line']}: column {col!r} names "
                                         f"{row[col]!r} but there is no {target}.csv")
        if table in tables and len(_KEYS[table]) == 1:
            known[table] = {r[_KEYS[table][0]] for r in tables[table]}


def _fill_derived(tables: dict[str, list[dict[str, Any]]]) -> None:
    for e in tables["entities"]:
        if not e.get("currency"):
            e["currency"] = "CNY"  # the schema's default currency
    kinds = {e["entity_id"]: e["kind"] for e in tables["entities"]}
    shares = {e["entity_id"]: e.get("shares_outstanding") for e in tables["entities"]}
    bars = tables.get("daily_bars", [])
    if "trading_days" not in tables:
        days = sorted({b["date"] for b in bars if kinds.get(b["entity_id"]) in ("stock", "index")})
        tables["trading_days"] = [{"date": day, "_line": 0} for day in days]
    prev: dict[str, float] = {}
    for b in sorted(bars, key=lambda r: (r["entity_id"], r["date"])):
        eid = b["entity_id"]
        if b.get("change_pct") is None and eid in prev and prev[eid]:
            b["change_pct"] = round((b["close"] / prev[eid] - 1) * 100, 2)
        if b.get("turnover_rate") is None and b.get("volume") is not None and shares.get(eid):
            b["turnover_rate"] = round(b["volume"] / shares[eid] * 100, 4)
        prev[eid] = b["close"]
