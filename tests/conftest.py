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
