"""`MarketDB`: the query API over a market database (schema in `market.schema`).

The agent's tools and the chain synthesis walk the market only through this class, so any database in
the documented schema (the bundled demo market, or real data loaded with `csv_import`) works with both.
Queries return the pydantic records of `market.schema`; a missing row is `None` (or an empty list),
never an exception. The connection is shared across threads behind a lock (SQLite in serialized use).
"""

from __future__ import annotations

import bisect
import csv
import datetime as dt
import difflib
import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from finprobe.benchmarks.multihop.market.schema import (
    COLUMNS,
    DDL,
    Bar,
    Document,
    Entity,
    Event,
    FundMetric,
    Holding,
    MacroIndicator,
    MacroValue,
    MetricDefinition,
    ReportValue,
    Sector,
)
from finprobe.core.numbers import normalise_text_answer

__all__ = ["MarketDB", "MarketError", "normalise_alias"]


class MarketError(ValueError):
    """A database that cannot be opened or does not follow the schema."""


def normalise_alias(text: str) -> str:
    """The key aliases are matched on: case, punctuation, spacing and legal suffixes ignored
    ("Zephyrine Semiconductor Co., Ltd." ≡ "zephyrine semiconductor"; "ZPHR.DEMO" ≡ "zphr demo")."""
    return normalise_text_answer(str(text).replace(".", " "))


class MarketDB:
    """Read access to one market database (plus the writes the importer and the demo generator need)."""

    def __init__(self, conn: sqlite3.Connection, *, source: str = ":memory:"):
        self._conn = conn
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self.source = source
        self._alias_index: dict[str, set[str]] | None = None
        self._entity_cache: dict[str, Entity] | None = None
        self._days: list[str] | None = None
        self._day_pos: dict[str, int] | None = None

    # ------------------------------------------------------------------ opening
    @classmethod
    def create(cls, path: str | Path = ":memory:") -> MarketDB:
        """A new, empty, writable database with the schema (a file path or ":memory:")."""
        p = str(path)
        if p != ":memory:" and Path(p).exists():
            raise MarketError(f"{p}: already exists; remove it first or open it with MarketDB.open")
        conn = sqlite3.connect(p, check_same_thread=False)
        conn.executescript(DDL)
        return cls(conn, source=p)

    @classmethod
    def open(cls, path: str | Path) -> MarketDB:
        """Open an existing database file read-only; checks that the schema's tables are there."""
        p = Path(path)
        if not p.is_file():
            raise MarketError(f"{p}: no such market database file")
        try:
            conn = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True, check_same_thread=False)
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.DatabaseError as exc:
            raise MarketError(f"{p}: not a SQLite database ({exc})") from None
        missing = sorted(set(COLUMNS) - names)
        if missing:
            conn.close()
            raise MarketError(f"{p}: not a market database: tables missing: {', '.join(missing)}")
        return cls(conn, source=str(p))

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def save(self, path: str | Path) -> Path:
        """Write this database to a file (SQLite backup); the file must not exist yet."""
        p = Path(path)
        if p.exists():
            raise MarketError(f"{p}: already exists")
        p.parent.mkdir(parents=True, exist_ok=True)
        dest = sqlite3.connect(str(p))
        with self._lock:
            self._conn.backup(dest)
        dest.close()
        return p

    # ------------------------------------------------------------------ low level
    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._conn.execute(sql, params).fetchall())

    def insert(self, table: str, rows: Iterable[dict[str, Any]]) -> int:
        """Insert rows (dicts keyed by column name) into a schema table; returns the count."""
        if table not in COLUMNS:
            raise MarketError(f"unknown table {table!r}")
        cols = COLUMNS[table]
        sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})"
        data = [tuple(r.get(c) for c in cols) for r in rows]
        with self._lock:
            self._conn.executemany(sql, data)
            self._conn.commit()
        self._invalidate()
        return len(data)

    def _invalidate(self) -> None:
        self._alias_index = None
        self._entity_cache = None
        self._days = None
        self._day_pos = None

    def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of a schema table as dicts, in primary-key order (for export and hashing)."""
        if table not in COLUMNS:
            raise MarketError(f"unknown table {table!r}")
        cols = COLUMNS[table]
        order = ", ".join(cols)
        rows = self._rows(f"SELECT {order} FROM {table} ORDER BY {order}")
        return [dict(zip(cols, tuple(r), strict=True)) for r in rows]

    def content_hash(self) -> str:
        """sha256 over every table's rows: two databases with the same data have the same hash."""
        h = hashlib.sha256()
        for table in COLUMNS:
            for row in self.table_rows(table):
                h.update(json.dumps([table, list(row.values())], ensure_ascii=False, default=str).encode())
        return h.hexdigest()

    def export_csv(self, directory: str | Path) -> Path:
        """Write every table as `<table>.csv` in the CSV layouts `csv_import` reads."""
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        for table, cols in COLUMNS.items():
            with (d / f"{table}.csv").open("w", newline="", encoding="utf-8") as fh:
                writer = csv.writer(fh)
                writer.writerow(cols)
                for row in self.table_rows(table):
                    writer.writerow(["" if row[c] is None else _csv_value(row[c]) for c in cols])
        return d

    # ------------------------------------------------------------------ meta
    def meta(self) -> dict[str, str]:
        return {r["key"]: r["value"] for r in self._rows("SELECT key, value FROM meta ORDER BY key")}

    @property
    def is_fictional(self) -> bool:
        return self.meta().get("fictional", "false").lower() == "true"

    def date_range(self) -> tuple[str, str] | None:
        days = self._calendar()[0]
        return (days[0], days[-1]) if days else None

    # ------------------------------------------------------------------ entities
    def _entities(self) -> dict[str, Entity]:
        if self._entity_cache is None:
            aliases: dict[str, list[str]] = {}
            for r in self._rows("SELECT alias, entity_id FROM aliases ORDER BY entity_id, alias"):
                aliases.setdefault(r["entity_id"], []).append(r["alias"])
            cache = {}
            for r in self._rows("SELECT * FROM entities ORDER BY entity_id"):
                data = dict(r)
                cache[data["entity_id"]] = Entity(**data, aliases=tuple(aliases.get(data["entity_id"], ())))
            self._entity_cache = cache
        return self._entity_cache

    def entities(self, kind: str | None = None, sector_id: str | None = None) -> list[Entity]:
        return [e for e in self._entities().values()
                if (kind is None or e.kind == kind) and (sector_id is None or e.sector_id == sector_id)]

    def entity(self, entity_id: str) -> Entity | None:
        return self._entities().get(entity_id)

    def names_of(self, entity_id: str) -> list[str]:
        """Every name of an entity (id, ticker, names, aliases), deduplicated, id first."""
        e = self.entity(entity_id)
        if e is None:
            return []
        out: list[str] = []
        for name in (e.entity_id, e.ticker, e.name_en, e.name_zh, *e.aliases):
            if name and name not in out:
                out.append(name)
        return out

    def _aliases(self) -> dict[str, set[str]]:
        if self._alias_index is None:
            index: dict[str, set[str]] = {}
            for e in self._entities().values():
                for name in self.names_of(e.entity_id):
                    key = normalise_alias(name)
                    if key:
                        index.setdefault(key, set()).add(e.entity_id)
            self._alias_index = index
        return self._alias_index

    def resolve(self, query: str) -> list[Entity]:
        """Entities whose id, ticker, name or alias equals `query` (normalised; see `normalise_alias`)."""
        ids = self._aliases().get(normalise_alias(query), set())
        return [self._entities()[i] for i in sorted(ids)]

    def suggest(self, query: str, n: int = 5) -> list[Entity]:
        """Entities with an alias close to `query` (for a helpful 'not found' message)."""
        key = normalise_alias(query)
        keys = list(self._aliases())
        close = difflib.get_close_matches(key, keys, n=n * 2, cutoff=0.6)
        close += [k for k in keys if key and (key in k or k in key) and k not in close]
        out: list[Entity] = []
        for k in close:
            for i in sorted(self._aliases()[k]):
                e = self._entities()[i]
                if e not in out:
                    out.append(e)
        return out[:n]

    def alias_lexicon(self) -> dict[str, list[str]]:
        """entity_id -> every name it is known by (for answer matching)."""
        return {e.entity_id: self.names_of(e.entity_id) for e in self._entities().values()}

    # ------------------------------------------------------------------ sectors
    def sectors(self) -> list[Sector]:
        return [Sector(**dict(r)) for r in self._rows("SELECT * FROM sectors ORDER BY sector_id")]

    def sector(self, sector_id: str) -> Sector | None:
        rows = self._rows("SELECT * FROM sectors WHERE sector_id = ?", (sector_id,))
        return Sector(**dict(rows[0])) if rows else None

    def resolve_sector(self, query: str) -> list[Sector]:
        key = normalise_alias(query)
        out = []
        for s in self.sectors():
            names = [s.sector_id, s.name_en, s.name_zh or ""]
            if s.index_id:
                names += self.names_of(s.index_id)
            if any(key and normalise_alias(n) == key for n in names):
                out.append(s)
        return out

    def sector_members(self, sector_id: str, kind: str = "stock") -> list[Entity]:
        return self.entities(kind=kind, sector_id=sector_id)

    # ------------------------------------------------------------------ calendar
    def _calendar(self) -> tuple[list[str], dict[str, int]]:
        if self._days is None or self._day_pos is None:
            days = [r["date"] for r in self._rows("SELECT date FROM trading_days ORDER BY date")]
            self._days, self._day_pos = days, {d: i for i, d in enumerate(days)}
        return self._days, self._day_pos

    def trading_days(self, start: str | None = None, end: str | None = None) -> list[str]:
        days, _ = self._calendar()
        return [d for d in days if (start is None or d >= start) and (end is None or d <= end)]

    def is_trading_day(self, date: str) -> bool:
        return date in self._calendar()[1]

    def holiday(self, date: str) -> dict[str, Any] | None:
        rows = self._rows("SELECT * FROM holidays WHERE date = ?", (date,))
        return dict(rows[0]) if rows else None

    def shift_trading_day(self, date: str, offset: int) -> str | None:
        """The trading day `offset` trading days after `date` (before, when negative). Offset 0 is `date`
        itself when it is a trading day, else the next one. None when that falls outside the calendar."""
        days, pos = self._calendar()
        if not days or date < days[0] or date > days[-1]:
            return None  # outside the calendar: nothing is known about those days
        if date in pos:
            i = pos[date] + offset
        elif offset >= 0:
            i = bisect.bisect_right(days, date) + max(offset - 1, 0)
        else:
            i = bisect.bisect_left(days, date) + offset
        return days[i] if 0 <= i < len(days) else None

    # ------------------------------------------------------------------ prices
    def bar(self, entity_id: str, date: str) -> Bar | None:
        rows = self._rows("SELECT * FROM daily_bars WHERE entity_id = ? AND date = ?", (entity_id, date))
        return Bar(**dict(rows[0])) if rows else None

    def bars(self, entity_id: str, start: str | None = None, end: str | None = None) -> list[Bar]:
        rows = self._rows("SELECT * FROM daily_bars WHERE entity_id = ? AND date >= ? AND date <= ? ORDER BY date",
                          (entity_id, start or "0000", end or "9999"))
        return [Bar(**dict(r)) for r in rows]

    # ------------------------------------------------------------------ reports
    def metric_definitions(self) -> list[MetricDefinition]:
        return [MetricDefinition(**dict(r)) for r in self._rows("SELECT * FROM metric_definitions ORDER BY metric")]

    def report_value(self, entity_id: str, metric: str, fiscal_year: int, quarter: int,
                     basis: str) -> ReportValue | None:
        rows = self._rows("SELECT * FROM report_metrics WHERE entity_id = ? AND metric = ? AND fiscal_year = ? "
                          "AND quarter = ? AND basis = ?", (entity_id, metric, fiscal_year, quarter, basis))
        return ReportValue(**dict(rows[0])) if rows else None

    def report_values(self, entity_id: str, *, metric: str | None = None, fiscal_year: int | None = None,
                      basis: str | None = None) -> list[ReportValue]:
        sql = "SELECT * FROM report_metrics WHERE entity_id = ?"
        params: list[Any] = [entity_id]
        for col, val in (("metric", metric), ("fiscal_year", fiscal_year), ("basis", basis)):
            if val is not None:
                sql += f" AND {col} = ?"
                params.append(val)
        sql += " ORDER BY fiscal_year, quarter, basis, metric"
        return [ReportValue(**dict(r)) for r in self._rows(sql, params)]

    # ------------------------------------------------------------------ funds
    def fund_metric(self, entity_id: str, metric: str, horizon: str, as_of: str) -> FundMetric | None:
        """The metric at `as_of`, or at the latest date before it that has one (see `FundMetric.as_of`)."""
        rows = self._rows("SELECT * FROM fund_metrics WHERE entity_id = ? AND metric = ? AND horizon = ? "
                          "AND as_of <= ? ORDER BY as_of DESC LIMIT 1", (entity_id, metric, horizon, as_of))
        return FundMetric(**dict(rows[0])) if rows else None

    def fund_metric_dates(self, entity_id: str) -> list[str]:
        return [r["as_of"] for r in self._rows("SELECT DISTINCT as_of FROM fund_metrics WHERE entity_id = ? "
                                               "ORDER BY as_of", (entity_id,))]

    def holdings(self, entity_id: str, period: str) -> list[Holding]:
        rows = self._rows("SELECT * FROM fund_holdings WHERE entity_id = ? AND period = ? ORDER BY rank",
                          (entity_id, period))
        return [Holding(**dict(r)) for r in rows]

    def holding_periods(self, entity_id: str) -> list[str]:
        return [r["period"] for r in self._rows("SELECT DISTINCT period FROM fund_holdings WHERE entity_id = ? "
                                                "ORDER BY period", (entity_id,))]

    # ------------------------------------------------------------------ macro
    def macro_indicators(self) -> list[MacroIndicator]:
        return [MacroIndicator(**dict(r)) for r in self._rows("SELECT * FROM macro_indicators ORDER BY indicator_id")]

    def resolve_indicator(self, query: str) -> list[MacroIndicator]:
        key = normalise_alias(query)
        return [m for m in self.macro_indicators()
                if key and key in {normalise_alias(m.indicator_id), normalise_alias(m.name_en),
                                   normalise_alias(m.name_zh or "")}]

    def macro_value(self, indicator_id: str, period: str) -> MacroValue | None:
        rows = self._rows("SELECT * FROM macro_values WHERE indicator_id = ? AND period = ?", (indicator_id, period))
        return MacroValue(**dict(rows[0])) if rows else None

    def macro_values(self, indicator_id: str, start: str | None = None, end: str | None = None) -> list[MacroValue]:
        rows = self._rows("SELECT * FROM macro_values WHERE indicator_id = ? AND period >= ? AND period <= ? "
                          "ORDER BY period", (indicator_id, start or "0000", end or "9999"))
        return [MacroValue(**dict(r)) for r in rows]

    # ------------------------------------------------------------------ events
    def events(self, entity_id: str | None = None, event_type: str | None = None, *, start: str | None = None,
               end: str | None = None, fiscal_year: int | None = None, quarter: int | None = None,
               limit: int | None = None) -> list[Event]:
        sql = "SELECT * FROM events WHERE date >= ? AND date <= ?"
        params: list[Any] = [start or "0000", end or "9999"]
        for col, val in (("entity_id", entity_id), ("event_type", event_type), ("fiscal_year", fiscal_year),
                         ("quarter", quarter)):
            if val is not None:
                sql += f" AND {col} = ?"
                params.append(val)
        sql += " ORDER BY date, event_id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        out = []
        for r in self._rows(sql, params):
            data = dict(r)
            data["details"] = json.loads(data["details"]) if data.get("details") else {}
            out.append(Event(**data))
        return out

    # ------------------------------------------------------------------ documents
    def documents(self) -> list[Document]:
        return [Document(**dict(r)) for r in self._rows("SELECT * FROM documents ORDER BY doc_id")]


def _csv_value(v: Any) -> str:
    if isinstance(v, float):
        return repr(v)
    return str(v)


def iso(day: dt.date | str) -> str:
    return day if isinstance(day, str) else day.isoformat()
