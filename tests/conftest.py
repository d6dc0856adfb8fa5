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


@pytest.fixture
def embeddings_installed() -> None:
    """The optional sentence-embeddings extra: skipped without it locally, a failure in CI
    (FINPROBE_REQUIRE_EXTRAS=1, where dev/setup.sh installs it)."""
    import os

    from finprobe.benchmarks.regret.mapper import embeddings_available

    if not embeddings_available():
        if os.environ.get("FINPROBE_REQUIRE_EXTRAS"):
            pytest.fail("the embeddings extra is required here (FINPROBE_WITH_EMBEDDINGS=1 bash dev/setup.sh)")
        pytest.skip("optional extra `embeddings` not installed")


@pytest.fixture(scope="session")
def embedded_model() -> Path:
    """The embedded GGUF (SmolLM2-135M): skipped without llama.cpp locally, a failure in CI
    (FINPROBE_REQUIRE_LLAMA=1), where the end-to-end tests on the real model must run."""
    import os

    try:
        import llama_cpp  # noqa: F401

        from finprobe.core.models.local import default_gguf_path

        return Path(default_gguf_path())
    except Exception as exc:  # noqa: BLE001 - any failure to find the model
        if os.environ.get("FINPROBE_REQUIRE_LLAMA"):
            raise
        pytest.skip(f"embedded model not installed: {exc}")
