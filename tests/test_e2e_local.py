"""End to end on the real embedded model (llama.cpp + SmolLM2-135M): two demo tasks through the CLI.

The 135M model is not expected to pass; the test checks that the whole pipeline works on real model
output: the run is stored, every sample is scored (or recorded as error with a reason), tokens are
counted, the summary table prints, and a second identical run is reproducible."""

import json
import os

import pytest
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.store import RunStore

pytestmark = pytest.mark.llama


def _require_model():
    try:
        import llama_cpp  # noqa: F401

        from finprobe.core.models.local import default_gguf_path
        path = default_gguf_path()
    except Exception as exc:  # noqa: BLE001 - any failure to find the model
        if os.environ.get("FINPROBE_REQUIRE_LLAMA"):
            raise
        pytest.skip(f"embedded model not installed: {exc}")
    return path


def test_reasoning_two_demo_tasks_on_the_embedded_model(tmp_path, monkeypatch):
    _require_model()
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    runner = CliRunner()
    args = ["run", "reasoning", "--agent", "local", "--limit", "2", "--set", "agent.max_tokens=96",
            "--no-progress"]
    first = runner.invoke(app, [*args, "--out", str(tmp_path / "a")], catch_exceptions=False)
    assert first.exit_code == 0, first.output
    assert "by level" in first.output
    records = RunStore(tmp_path / "a").load_records()
    assert len(records) == 2
    for record in records.values():
        assert record.status.value == "scored", record.error
        call = record.transcript.calls[0]
        assert call.backend == "local" and call.output and call.usage.output_tokens > 0
        assert record.score.reason is None or record.score.reason in {
            "no_answer_line", "unparseable", "truncated", "loop", "off_by_100", "off_by_1000", "off_by_1e6",
            "sign_flip", "wrong"}
    metrics = json.loads(runner.invoke(app, ["report", str(tmp_path / "a"), "--format", "json"]).output)
    assert metrics["n"] == 2 and metrics["errors"] == 0
    # greedy decoding with a reset state: the same run config gives the same transcripts
    second = runner.invoke(app, [*args, "--out", str(tmp_path / "b")], catch_exceptions=False)
    assert second.exit_code == 0
    again = RunStore(tmp_path / "b").load_records()
    assert {k: r.transcript.final_answer for k, r in records.items()} == \
           {k: r.transcript.final_answer for k, r in again.items()}
