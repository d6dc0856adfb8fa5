"""A local market database for multi-hop financial questions: schema, query API, CSV import, demo market."""

from finprobe.benchmarks.multihop.market.csv_import import CsvImportError, import_csv_dir
from finprobe.benchmarks.multihop.market.db import MarketDB, MarketError, normalise_alias
from finprobe.benchmarks.multihop.market.demo import DEMO_SEED, build_demo_market, demo_market, write_demo_market
from finprobe.benchmarks.multihop.market.schema import (
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

__all__ = [
    "DEMO_SEED", "Bar", "CsvImportError", "Document", "Entity", "Event", "FundMetric", "Holding", "MacroIndicator",
    "MacroValue", "MarketDB", "MarketError", "MetricDefinition", "ReportValue", "Sector", "build_demo_market",
    "demo_market", "import_csv_dir", "normalise_alias", "write_demo_market",
]
