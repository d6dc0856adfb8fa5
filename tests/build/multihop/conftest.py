"""Fixtures for the chain-synthesis tests: the demo market, a synthesizer over it, and one demo build shared by
the tests that only read its output (helpers live in build_mh_support)."""

from __future__ import annotations

from pathlib import Path

import pytest

from finprobe.benchmarks.multihop import Chain, EntityLexicon, MarketDB, demo_market, load_chains
from finprobe.build.multihop import BuildConfig, BuildResult, Synthesizer, build_multihop_sync


@pytest.fixture(scope="session")
def db() -> MarketDB:
    return demo_market()


@pytest.fixture(scope="session")
def lexicon(db: MarketDB) -> EntityLexicon:
    return EntityLexicon(db.alias_lexicon())


@pytest.fixture(scope="session")
def synth(db: MarketDB) -> Synthesizer:
    return Synthesizer(db, BuildConfig(market="demo:7"))


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory: pytest.TempPathFactory, db: MarketDB) -> tuple[Path, BuildResult]:
    """120 chains over the demo market, depths 1–6, EN and ZH, seed 3."""
    out = tmp_path_factory.mktemp("mh-build") / "out"
    result = build_multihop_sync(db, out, BuildConfig(n=120, seed=3, market="demo:7"))
    return out, result


@pytest.fixture(scope="session")
def built(demo_build: tuple[Path, BuildResult]) -> list[Chain]:
    return load_chains(demo_build[0] / "chains.json")
