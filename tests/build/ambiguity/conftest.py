"""Fixtures for the FinInteract construction tests (helpers live in build_amb_support)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from build_amb_support import en_record, zh_record


@pytest.fixture
def en() -> dict[str, Any]:
    return copy.deepcopy(en_record())


@pytest.fixture
def zh() -> dict[str, Any]:
    return copy.deepcopy(zh_record())
