"""The ambiguity episode on the real embedded model (llama.cpp + SmolLM2-135M), through the CLI.

The tiny model is not expected to be right; the test checks that real model output flows through
constrained decoding, the environment's rules and the scorer in three differently-enforced modes."""


import pytest
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.schema import StepKind
from finprobe.core.store import RunStore

pytestmark = pytest.mark.llama



@pytest.mark.parametrize("mode", ["answer+search+interact", "forced-interaction", "category-aware"])
def test_mode_runs_on_the_embedded_model(mode, embedded_model, tmp_path, monkeypatch):
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["run", "ambiguity", "--mode", mode, "--agent", "local", "--limit", "1",
                                      "-O", "max_rounds=5", "--out", str(out), "--no-progress"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (record,) = RunStore(out).load_records().values()
    assert record.status.value == "scored", record.error
    t = record.transcript
    assert t.calls and all(c.backend == "local" and c.output is not None for c in t.calls)
    assert t.outcome is not None  # answered, or a recorded "no answer" with its cause
    valid = [s for s in t.steps if s.kind != StepKind.invalid]
    if mode == "forced-interaction":
        # an answer before 4 asks is refused, never accepted
        asks = 0
        for s in valid:
            if s.action and s.action.name == "interact" and s.kind == StepKind.action:
                asks += 1
            if s.action and s.action.name == "answer":
                assert (s.kind == StepKind.refused) == (asks < 4)
    if mode == "category-aware":
        for s in valid:
            if s.action and s.action.name == "answer" and s.kind == StepKind.action:
                assert all(it["status"] != "unknown" for it in t.info["state"]["items"])
