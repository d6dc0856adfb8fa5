"""The market database: the fictional demo market (deterministic, calendar, reports), the query API,
CSV import with errors that name file/line/column, and file round trips."""

from __future__ import annotations

import csv
import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from finprobe.benchmarks.multihop.market import (
    CsvImportError,
    MarketDB,
    MarketError,
    build_demo_market,
    import_csv_dir,
    write_demo_market,
)
from finprobe.benchmarks.multihop.market.schema import COLUMNS

# The demo market is generated from a seed with pure-Python arithmetic: the same data everywhere.
DEMO_HASH = "c0fba74534a38ad07891e65f07148e8abef89d88d73e4ac3e9c50cc7dbbffe0c"


def test_demo_market_is_deterministic_and_fictional(db):
    assert db.content_hash() == DEMO_HASH
    assert build_demo_market(seed=8).content_hash() != DEMO_HASH
    meta = db.meta()
    assert db.is_fictional and "FICTIONAL" in meta["name"] and meta["seed"] == "7"
    stocks = db.entities(kind="stock")
    assert len(stocks) == 30 and len(db.entities(kind="fund")) == 8 and len(db.entities(kind="index")) == 7
    assert all("(fictional)" in e.description_en and e.exchange == "DEMO" for e in db.entities())
    assert len(db.sectors()) == 6 and all(len(db.sector_members(s.sector_id)) == 5 for s in db.sectors())


def test_calendar_has_no_weekends_and_skips_holidays(db):
    days = db.trading_days()
    assert 470 <= len(days) <= 500
    assert all(dt.date.fromisoformat(d).weekday() < 5 for d in days)
    assert db.holiday("2024-02-12")["name_en"] == "Spring Festival" and not db.is_trading_day("2024-02-12")
    assert db.shift_trading_day("2024-02-08", 1) == "2024-02-19"  # over the Spring Festival week
    assert db.shift_trading_day("2024-02-10", 0) == "2024-02-19"  # a Saturday: the next trading day
    assert db.shift_trading_day("2024-02-10", -1) == "2024-02-08"
    assert db.shift_trading_day("2024-12-31", 1) is None  # beyond the calendar: unknown, not guessed


def test_single_quarter_and_cumulative_are_consistent(db):
    for e in db.entities(kind="stock")[:10]:
        for year in (2023, 2024):
            single = {v.quarter: v.value for v in db.report_values(e.entity_id, metric="revenue", fiscal_year=year,
                                                                  basis="single_quarter")}
            cum = {v.quarter: v.value for v in db.report_values(e.entity_id, metric="revenue", fiscal_year=year,
                                                               basis="cumulative")}
            assert set(single) == set(cum)
            for q in cum:
                assert cum[q] == pytest.approx(sum(single[i] for i in range(1, q + 1)))


def test_events_and_bars_line_up(db):
    for ev in db.events(event_type="earnings_release")[:40]:
        assert db.is_trading_day(ev.date)
        value = db.report_value(ev.entity_id, "revenue", ev.fiscal_year, ev.quarter, "single_quarter")
        assert value is not None and value.report_date == ev.date
    listed = db.entity("TLMC.DEMO")
    bars = db.bars("TLMC.DEMO")
    assert bars[0].date == listed.listing_date == db.events("TLMC.DEMO", "listing")[0].date
    div = db.events("ZPHR.DEMO", "dividend")[0]
    assert div.amount > 0 and db.shift_trading_day(div.date, -1) == div.details["record_date"]


def test_resolve_aliases_and_suggestions(db):
    assert [e.entity_id for e in db.resolve("zephyrine")] == ["ZPHR.DEMO"]
    assert [e.entity_id for e in db.resolve("泽风半导体股份有限公司")] == ["ZPHR.DEMO"]
    assert [e.entity_id for e in db.resolve("ZPHR.DEMO")] == ["ZPHR.DEMO"]
    assert db.resolve("Zephyrin") == [] and db.suggest("Zephyrin")[0].entity_id == "ZPHR.DEMO"
    assert [s.sector_id for s in db.resolve_sector("半导体")] == ["SEMI"]


def test_csv_round_trip_and_file_round_trip(db, tmp_path):
    db.export_csv(tmp_path / "csv")
    again = import_csv_dir(tmp_path / "csv", tmp_path / "again.sqlite")
    assert again.content_hash() == db.content_hash()
    saved = write_demo_market(tmp_path / "demo.sqlite")
    opened = MarketDB.open(saved)
    assert opened.content_hash() == db.content_hash()
    with pytest.raises(sqlite3.OperationalError):  # opened read-only
        opened.insert("meta", [{"key": "x", "value": "y"}])
    with pytest.raises(MarketError, match="already exists"):
        write_demo_market(saved)


def _write(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)


def _minimal(d: Path) -> None:
    d.mkdir()
    _write(d / "entities.csv", [["entity_id", "ticker", "kind", "name_en", "shares_outstanding"],
                                ["AAA.X", "AAA", "stock", "Alpha Example Corp", "1000000"],
                                ["IDX.X", "IDX", "index", "Example Index", ""]])
    _write(d / "daily_bars.csv", [["entity_id", "date", "close", "volume"],
                                  ["AAA.X", "2024-01-02", "10.00", "5000"],
                                  ["AAA.X", "2024-01-03", "11.00", "7000"],
                                  ["IDX.X", "2024-01-04", "1000", ""]])


def test_import_fills_calendar_change_and_turnover(tmp_path):
    _minimal(tmp_path / "m")
    db = import_csv_dir(tmp_path / "m")
    assert db.trading_days() == ["2024-01-02", "2024-01-03", "2024-01-04"]
    bar = db.bar("AAA.X", "2024-01-03")
    assert bar is not None and bar.change_pct == 10.0 and bar.turnover_rate == 0.7
    assert [e.entity_id for e in db.resolve("Alpha Example Corp")] == ["AAA.X"]


@pytest.mark.parametrize(("file", "rows", "message"), [
    ("daily_bars.csv", [["entity_id", "date", "close"], ["AAA.X", "2024-01-02", "ten"]],
     r"daily_bars.csv:2: column 'close': not a number: 'ten'"),
    ("daily_bars.csv", [["entity_id", "date", "close"], ["AAA.X", "02/01/2024", "10"]],
     r"daily_bars.csv:2: column 'date': not an ISO date"),
    ("daily_bars.csv", [["entity_id", "date", "close"], ["ZZZ.X", "2024-01-02", "10"]],
     r"daily_bars.csv:2: column 'entity_id': 'ZZZ.X' is not in entities.csv"),
    ("daily_bars.csv", [["entity_id", "date", "close", "colour"], ["AAA.X", "2024-01-02", "10", "red"]],
     r"daily_bars.csv:1: unknown column\(s\) 'colour'"),
    ("daily_bars.csv", [["entity_id", "date", "close"], ["AAA.X", "2024-01-02", "10"], ["AAA.X", "2024-01-02", "11"]],
     r"daily_bars.csv:3: duplicate key .* \(first at line 2\)"),
    ("report_metrics.csv", [["entity_id", "fiscal_year", "quarter", "basis", "metric", "value", "unit"],
                            ["AAA.X", "2024", "5", "cumulative", "revenue", "1", "yuan"]],
     r"report_metrics.csv:2: column 'quarter': '5' is not one of 1, 2, 3, 4"),
    ("report_metrics.csv", [["entity_id", "fiscal_year", "quarter", "metric", "value", "unit"],
                            ["AAA.X", "2024", "1", "revenue", "1", "yuan"]],
     r"report_metrics.csv:1: required column\(s\) missing: basis"),
    ("events.csv", [["entity_id", "event_type", "date", "details"], ["AAA.X", "dividend", "2024-01-02", "{oops"]],
     r"events.csv:2: column 'details': not JSON"),
])
def test_import_errors_name_file_line_and_column(tmp_path, file, rows, message):
    _minimal(tmp_path / "m")
    _write(tmp_path / "m" / file, rows)
    with pytest.raises(CsvImportError, match=message):
        import_csv_dir(tmp_path / "m")


def test_import_needs_entities_and_open_checks_the_schema(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(CsvImportError, match="entities.csv is required"):
        import_csv_dir(tmp_path / "empty")
    bogus = tmp_path / "x.sqlite"
    sqlite3.connect(bogus).execute("CREATE TABLE t (a)").connection.commit()
    with pytest.raises(MarketError, match="tables missing"):
        MarketDB.open(bogus)
    (tmp_path / "not.sqlite").write_text("hello")
    with pytest.raises(MarketError):
        MarketDB.open(tmp_path / "not.sqlite")


def test_every_table_is_documented():
    from finprobe.benchmarks.multihop.market import schema
    doc = (Path(str(schema.__file__)).parent / "SCHEMA.md").read_text(encoding="utf-8")
    assert all(f"`{table}`" in doc for table in COLUMNS)
