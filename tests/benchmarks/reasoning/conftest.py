"""Fixtures for the reasoning family tests: the FinQA dev file from the shared data folder (skipped when absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

DEV_JSON = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "finqa" / "dev.json"


@pytest.fixture(scope="session")
def dev_path() -> Path:
    if not DEV_JSON.is_file():
        pytest.skip(f"FinQA dev file not present at {DEV_JSON} (shared data folder absent)")
    return DEV_JSON


@pytest.fixture(scope="session")
def dev_records(dev_path):
    from finprobe.benchmarks.reasoning.loader import load_finqa

    return load_finqa(dev_path)


@pytest.fixture(scope="session")
def dev_samples(dev_records):
    from finprobe.benchmarks.reasoning.loader import to_sample

    return [to_sample(r) for r in dev_records]
