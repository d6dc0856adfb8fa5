"""Shared fixtures for the multihop family tests: the demo market, its tools and lexicon, the demo chains,
release-format fixtures (episode helpers are in mh_support.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from finprobe.benchmarks.multihop import (
    Chain,
    EntityLexicon,
    MarketDB,
    MarketTools,
    demo_chains_path,
    demo_market,
    load_chains,
)

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def db() -> MarketDB:
    return demo_market()


@pytest.fixture(scope="session")
def tools(db: MarketDB) -> MarketTools:
    return MarketTools(db)


@pytest.fixture(scope="session")
def lexicon(db: MarketDB) -> EntityLexicon:
    return EntityLexicon(db.alias_lexicon())


@pytest.fixture(scope="session")
def demo_chains() -> list[Chain]:
    return load_chains(demo_chains_path())


@pytest.fixture
def release_en() -> Path:
    return FIXTURES / "release_en.json"


@pytest.fixture
def release_zh() -> Path:
    return FIXTURES / "release_zh.json"
