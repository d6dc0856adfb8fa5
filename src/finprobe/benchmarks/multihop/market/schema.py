"""The market database schema (SQLite) and the records its queries return.

One database holds one market. All dates are ISO `YYYY-MM-DD` text; periods are `YYYYQn` (quarters) and
`YYYY-MM` (months); money is in the entity's `currency` (yuan unless stated), volumes in shares.

Tables (see also `SCHEMA.md` next to this file, and `csv_import` for the CSV layouts that fill them):

- `meta(key, value)`: what the database is (`name`, `description`, `fictional` = "true" for the demo
  market, `generator`, `seed`, `schema_version`).
- `sectors(sector_id, name_en, name_zh, index_id)`: industry classification; `index_id` is the sector's
  index entity, if any.
- `entities(entity_id, ticker, kind, name_en, name_zh, sector_id, exchange, currency, listing_date,
  shares_outstanding, fund_type, description_en, description_zh)`: stocks, funds and indices.
  `entity_id` is the full code (e.g. `ZPHR.DEMO`), `ticker` the short one (`ZPHR`).
- `aliases(alias, entity_id, language)`: every name an entity is known by (tickers, full and short names
  in English and Chinese). Lookups match aliases case-insensitively.
- `trading_days(date)` and `holidays(date, name_en, name_zh)`: the exchange calendar. Weekends are not
  listed as holidays; a day is a trading day exactly when it is in `trading_days`.
- `daily_bars(entity_id, date, open, high, low, close, volume, amount, change_pct, turnover_rate)`:
  one row per entity and trading day. For funds `close` is the unit NAV and the other price fields are
  NULL. `change_pct` is the percent change of `close` from the previous trading day's close;
  `turnover_rate` is volume / shares outstanding, in percent.
- `metric_definitions(metric, name_en, name_zh, unit, kind)`: report metrics (`kind` = `flow` for a
  quantity over a period, `ratio` for a percent such as a margin).
- `report_metrics(entity_id, fiscal_year, quarter, basis, metric, value, unit, report_date)`: periodic
  report figures. **Single-quarter and cumulative figures are kept apart** by `basis`:
  `single_quarter` is the quarter alone; `cumulative` is the year to date (Q1..Qn; cumulative Q4 is
  the full year). `report_date` is the day the figure was published.
- `fund_metrics(entity_id, as_of, horizon, metric, value, unit)`: fund performance over a trailing
  horizon (`1M`, `3M`, `6M`, `1Y`, `YTD`) ending at `as_of`; metrics `return` (percent),
  `max_drawdown` (percent, positive), `volatility` (annualised percent).
- `fund_holdings(entity_id, period, rank, holding_id, holding_name, weight_pct)`: a fund's top holdings
  at a quarter end (`period` = `YYYYQn`), rank 1 = largest.
- `macro_indicators(indicator_id, name_en, name_zh, frequency, unit, description)` and
  `macro_values(indicator_id, period, value, release_date)`: macro series; `period` is `YYYY-MM`
  (monthly) or `YYYYQn` (quarterly).
- `events(event_id, entity_id, event_type, date, fiscal_year, quarter, amount, details, title_en,
  title_zh)`: corporate events: `earnings_release` (with the reported fiscal_year/quarter), `dividend`
  (date = ex-dividend date; amount = cash per share; details JSON holds record/payment dates),
  `listing` (first trading day). `details` is JSON text.
- `documents(doc_id, entity_id, date, language, title, text)`: searchable text (profiles,
  announcements, macro releases) for the agent's text-search tool.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = "1"

EntityKind = Literal["stock", "fund", "index"]
Basis = Literal["single_quarter", "cumulative"]
EVENT_TYPES = ("earnings_release", "dividend", "listing")
HORIZONS = ("1M", "3M", "6M", "1Y", "YTD")
FUND_METRICS = ("return", "max_drawdown", "volatility")

DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sectors (
  sector_id TEXT PRIMARY KEY, name_en TEXT NOT NULL, name_zh TEXT, index_id TEXT);
CREATE TABLE IF NOT EXISTS entities (
  entity_id TEXT PRIMARY KEY, ticker TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('stock', 'fund', 'index')),
  name_en TEXT NOT NULL, name_zh TEXT, sector_id TEXT REFERENCES sectors(sector_id),
  exchange TEXT, currency TEXT NOT NULL DEFAULT 'CNY', listing_date TEXT, shares_outstanding REAL,
  fund_type TEXT, description_en TEXT, description_zh TEXT);
CREATE TABLE IF NOT EXISTS aliases (
  alias TEXT NOT NULL, entity_id TEXT NOT NULL REFERENCES entities(entity_id), language TEXT,
  PRIMARY KEY (alias, entity_id));
CREATE INDEX IF NOT EXISTS aliases_lower ON aliases (lower(alias));
CREATE TABLE IF NOT EXISTS trading_days (date TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS holidays (date TEXT PRIMARY KEY, name_en TEXT, name_zh TEXT);
CREATE TABLE IF NOT EXISTS daily_bars (
  entity_id TEXT NOT NULL REFERENCES entities(entity_id), date TEXT NOT NULL,
  open REAL, high REAL, low REAL, close REAL NOT NULL, volume REAL, amount REAL, change_pct REAL,
  turnover_rate REAL, PRIMARY KEY (entity_id, date));
CREATE TABLE IF NOT EXISTS metric_definitions (
  metric TEXT PRIMARY KEY, name_en TEXT NOT NULL, name_zh TEXT, unit TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('flow', 'ratio', 'per_share')));
CREATE TABLE IF NOT EXISTS report_metrics (
  entity_id TEXT NOT NULL REFERENCES entities(entity_id), fiscal_year INTEGER NOT NULL,
  quarter INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  basis TEXT NOT NULL CHECK (basis IN ('single_quarter', 'cumulative')),
  metric TEXT NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL, report_date TEXT,
  PRIMARY KEY (entity_id, fiscal_year, quarter, basis, metric));
CREATE TABLE IF NOT EXISTS fund_metrics (
  entity_id TEXT NOT NULL REFERENCES entities(entity_id), as_of TEXT NOT NULL, horizon TEXT NOT NULL,
  metric TEXT NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL,
  PRIMARY KEY (entity_id, as_of, horizon, metric));
CREATE TABLE IF NOT EXISTS fund_holdings (
  entity_id TEXT NOT NULL REFERENCES entities(entity_id), period TEXT NOT NULL, rank INTEGER NOT NULL,
  holding_id TEXT, holding_name TEXT NOT NULL, weight_pct REAL NOT NULL,
  PRIMARY KEY (entity_id, period, rank));
CREATE TABLE IF NOT EXISTS macro_indicators (
  indicator_id TEXT PRIMARY KEY, name_en TEXT NOT NULL, name_zh TEXT,
  frequency TEXT NOT NULL CHECK (frequency IN ('monthly', 'quarterly')), unit TEXT NOT NULL, description TEXT);
CREATE TABLE IF NOT EXISTS macro_values (
  indicator_id TEXT NOT NULL REFERENCES macro_indicators(indicator_id), period TEXT NOT NULL,
  value REAL NOT NULL, release_date TEXT, PRIMARY KEY (indicator_id, period));
CREATE TABLE IF NOT EXISTS events (
  event_id INTEGER PRIMARY KEY, entity_id TEXT REFERENCES entities(entity_id), event_type TEXT NOT NULL,
  date TEXT NOT NULL, fiscal_year INTEGER, quarter INTEGER, amount REAL, details TEXT,
  title_en TEXT, title_zh TEXT);
CREATE INDEX IF NOT EXISTS events_entity ON events (entity_id, event_type, date);
CREATE TABLE IF NOT EXISTS documents (
  doc_id TEXT PRIMARY KEY, entity_id TEXT, date TEXT, language TEXT, title TEXT, text TEXT NOT NULL);
"""

#: table -> columns, in DDL order (the CSV importer and exporter use these as headers)
COLUMNS: dict[str, list[str]] = {
    "meta": ["key", "value"],
    "sectors": ["sector_id", "name_en", "name_zh", "index_id"],
    "entities": ["entity_id", "ticker", "kind", "name_en", "name_zh", "sector_id", "exchange", "currency",
                 "listing_date", "shares_outstanding", "fund_type", "description_en", "description_zh"],
    "aliases": ["alias", "entity_id", "language"],
    "trading_days": ["date"],
    "holidays": ["date", "name_en", "name_zh"],
    "daily_bars": ["entity_id", "date", "open", "high", "low", "close", "volume", "amount", "change_pct",
                   "turnover_rate"],
    "metric_definitions": ["metric", "name_en", "name_zh", "unit", "kind"],
    "report_metrics": ["entity_id", "fiscal_year", "quarter", "basis", "metric", "value", "unit", "report_date"],
    "fund_metrics": ["entity_id", "as_of", "horizon", "metric", "value", "unit"],
    "fund_holdings": ["entity_id", "period", "rank", "holding_id", "holding_name", "weight_pct"],
    "macro_indicators": ["indicator_id", "name_en", "name_zh", "frequency", "unit", "description"],
    "macro_values": ["indicator_id", "period", "value", "release_date"],
    "events": ["event_id", "entity_id", "event_type", "date", "fiscal_year", "quarter", "amount", "details",
               "title_en", "title_zh"],
    "documents": ["doc_id", "entity_id", "date", "language", "title", "text"],
}


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sector(_Rec):
    sector_id: str
    name_en: str
    name_zh: str | None = None
    index_id: str | None = None


class Entity(_Rec):
    entity_id: str
    ticker: str
    kind: EntityKind
    name_en: str
    name_zh: str | None = None
    sector_id: str | None = None
    exchange: str | None = None
    currency: str = "CNY"
    listing_date: str | None = None
    shares_outstanding: float | None = None
    fund_type: str | None = None
    description_en: str | None = None
    description_zh: str | None = None
    aliases: tuple[str, ...] = ()

    def name(self, language: str = "en") -> str:
        return (self.name_zh or self.name_en) if language == "zh" else self.name_en


class Bar(_Rec):
    entity_id: str
    date: str
    open: float | None = None
    high: float | None = None
    low: float | None = None
    close: float
    volume: float | None = None
    amount: float | None = None
    change_pct: float | None = None
    turnover_rate: float | None = None


class MetricDefinition(_Rec):
    metric: str
    name_en: str
    name_zh: str | None = None
    unit: str
    kind: Literal["flow", "ratio", "per_share"]


class ReportValue(_Rec):
    entity_id: str
    fiscal_year: int
    quarter: int
    basis: Basis
    metric: str
    value: float
    unit: str
    report_date: str | None = None

    @property
    def period(self) -> str:
        return f"{self.fiscal_year}Q{self.quarter}"


class FundMetric(_Rec):
    entity_id: str
    as_of: str
    horizon: str
    metric: str
    value: float
    unit: str


class Holding(_Rec):
    entity_id: str
    period: str
    rank: int
    holding_id: str | None = None
    holding_name: str
    weight_pct: float


class MacroIndicator(_Rec):
    indicator_id: str
    name_en: str
    name_zh: str | None = None
    frequency: Literal["monthly", "quarterly"]
    unit: str
    description: str | None = None


class MacroValue(_Rec):
    indicator_id: str
    period: str
    value: float
    release_date: str | None = None


class Event(_Rec):
    event_id: int
    entity_id: str | None = None
    event_type: str
    date: str
    fiscal_year: int | None = None
    quarter: int | None = None
    amount: float | None = None
    details: dict[str, Any] = Field(default_factory=dict)
    title_en: str | None = None
    title_zh: str | None = None

    @property
    def period(self) -> str | None:
        if self.fiscal_year is None or self.quarter is None:
            return None
        return f"{self.fiscal_year}Q{self.quarter}"


class Document(_Rec):
    doc_id: str
    entity_id: str | None = None
    date: str | None = None
    language: str | None = None
    title: str | None = None
    text: str
