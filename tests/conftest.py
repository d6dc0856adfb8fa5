from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
FINQA_DEV = SHARED_DATA / "finqa" / "dev.json"


@pytest.fixture
def finqa_dev() -> Path:
    if not FINQA_DEV.exists():
        pytest.skip(f"real FinQA dev file not present at {FINQA_DEV}")
    return FINQA_DEV


@pytest.fixture
def shared_data() -> Path:
    """The real public data folder (`../shared/data` beside the checkout)."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not present at {SHARED_DATA}")
    return SHARED_DATA
