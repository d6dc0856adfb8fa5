"""An AmbigQA episode on the real embedded model (llama.cpp + SmolLM2-135M), through the CLI.

The tiny model is not expected to be right: the test checks that its real output flows through constrained
decoding (interact and answer only: no search without a corpus), the simulator and the text grader."""

import json

import pytest
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.schema import StepKind
from finprobe.core.store import RunStore

pytestmark = pytest.mark.llama



def test_ambigqa_runs_on_the_embedded_model(embedded_model, tmp_path, monkeypatch):
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    out = tmp_path / "run"
    runner = CliRunner()
    result = runner.invoke(app, ["run", "ambiguity", "-O", "source=ambigqa", "--mode", "answer+search+interact",
                                 "--agent", "local", "--limit", "2", "-O", "max_rounds=4", "--out", str(out),
                                 "--no-progress"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    records = RunStore(out).load_records()
    assert len(records) == 2
    for record in records.values():
        assert record.status.value == "scored", record.error
        t = record.transcript
        assert t.calls and all(c.backend == "local" and c.output is not None for c in t.calls)
        assert t.outcome is not None and t.info["search"].startswith("absent")
        accepted = [s.action.name for s in t.steps if s.kind == StepKind.action and s.action is not None]
        assert set(accepted) <= {"interact", "answer"}  # the grammar offers no search
        grade = record.score.details["grade"]
        assert grade["target"] == record.meta["target"] and "any_valid" in grade
    metrics = json.loads(runner.invoke(app, ["report", str(out), "--format", "json"]).output)
    assert metrics["n"] == 2 and metrics["domain"] == "general" and metrics["any_valid"] is not None
