"""Fixtures for the regret tests."""

from __future__ import annotations

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import CIG


@pytest.fixture
def cig_simpsons() -> CIG:
    return simpsons()


@pytest.fixture
def cig_rookie() -> CIG:
    return rookie()
