"""Export to Inspect AI's eval log: read back by inspect_ai itself (full and header-only, .json and .eval)."""

import json

import pytest
from report_support import reasoning_run, require_extra, right
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.models._base import ModelError
from finprobe.report import load_run
from finprobe.report.inspect_log import eval_log, inspect_file_name, write_inspect_log


@pytest.fixture(scope="module")
def epoch_run(tmp_path_factory, demo_ids):
    """3 samples x 3 epochs: always right, always wrong, always an error."""
    replies = {demo_ids[0]: right(demo_ids[0]), demo_ids[2]: ModelError("HTTP 500: boom", retryable=False)}
    return reasoning_run(tmp_path_factory.mktemp("inspect") / "run", replies, limit=3, epochs=3)


def test_header_keys_come_before_samples_in_inspects_order(epoch_run):
    doc = eval_log(load_run(epoch_run))
    assert list(doc)[:7] == ["version", "status", "eval", "plan", "results", "stats", "samples"]
    assert doc["version"] == 2 and doc["status"] == "success" and doc["eval"]["task"] == "finprobe/reasoning"
    json.dumps(doc, allow_nan=False)  # plain JSON: no NaN anywhere


def test_json_log_reads_back_with_inspect(epoch_run, tmp_path, demo_ids):
    inspect_log = require_extra("inspect_ai.log")
    run = load_run(epoch_run)
    path = write_inspect_log(run, tmp_path)
    assert path.name == inspect_file_name(run) and path.name.endswith(f"_finprobe-reasoning_{run.manifest.run_id}.json")
    log = inspect_log.read_eval_log(str(path))
    assert log.eval.task_id == run.manifest.run_id and log.eval.config.epochs == 3
    assert len(log.samples) == 9 and {s.epoch for s in log.samples} == {1, 2, 3}
    by_key = {(s.id, s.epoch): s for s in log.samples}
    good, bad, err = by_key[(demo_ids[0], 1)], by_key[(demo_ids[1], 2)], by_key[(demo_ids[2], 3)]
    assert good.scores["reasoning"].value == 1.0 and good.scores["reasoning"].metadata["passed"] is True
    assert bad.scores["reasoning"].value == 0.0 and bad.scores["reasoning"].explanation == "wrong"
    assert err.scores is None and "HTTP 500" in err.error.message and "HTTP 500" in err.metadata["unscored_reason"]
    # the family's gold answer (issue 27): the graded value, written as a reader writes it
    assert good.target == run.bench.target(run.samples[run.trials[0].sample_id])
    assert float(good.target.split(" ")[0]) == pytest.approx(float(run.trials[0].score.details["expected"]))
    assert [m.role for m in good.messages] == ["system", "user", "assistant"]
    assert good.output.completion == right(demo_ids[0])
    assert good.model_usage["scripted/scripted"].input_tokens > 0 and good.role_usage["agent"].output_tokens > 0
    reducers = [s.reducer for s in log.results.scores]
    assert reducers == ["mean", "pass_k_1", "pass_k_2", "pass_k_3"]
    pass3 = log.results.scores[3].metrics["mean"].value
    assert pass3 == pytest.approx(run.metrics["epochs"]["pass_k"]["3"]["value"]) == pytest.approx(0.5)
    reductions = {r.reducer: r for r in log.reductions}
    assert {s.sample_id: s.value for s in reductions["pass_k_2"].samples} == {demo_ids[0]: 1.0, demo_ids[1]: 0.0}
    assert log.stats.role_usage["agent"].input_tokens == run.metrics["run"]["usage_by_role"]["agent"]["input_tokens"]
    header = inspect_log.read_eval_log(str(path), header_only=True)
    assert header.samples is None and header.results.total_samples == 9 and header.status == "success"
    assert header.stats.started_at and header.stats.completed_at
    # `inspect view` lists the folder's logs through list_eval_logs: ours is found by its name
    assert [info.name.rsplit("/", 1)[-1] for info in inspect_log.list_eval_logs(str(tmp_path))] == [path.name]


def test_eval_format_through_inspects_own_writer(epoch_run, tmp_path):
    inspect_log = require_extra("inspect_ai.log")
    path = write_inspect_log(load_run(epoch_run), tmp_path / "run.eval")
    log = inspect_log.read_eval_log(str(path))
    assert len(log.samples) == 9 and log.results.scores[0].name == "reasoning"
    assert inspect_log.read_eval_log(str(path), header_only=True).eval.task == "finprobe/reasoning"


def test_tool_calls_and_observations_of_a_multi_turn_episode(ambiguity_run, tmp_path):
    inspect_log = require_extra("inspect_ai.log")
    path = write_inspect_log(load_run(ambiguity_run), tmp_path / "amb.json")
    sample = inspect_log.read_eval_log(str(path)).samples[0]
    roles = [m.role for m in sample.messages]
    assert roles == ["system", "user", "assistant", "tool", "assistant", "tool"]
    ask, reply = sample.messages[2], sample.messages[3]
    assert ask.tool_calls[0].function == "interact" and "question" in ask.tool_calls[0].arguments
    assert reply.tool_call_id == ask.tool_calls[0].id and reply.text.startswith("User:")


def test_export_cli(epoch_run, tmp_path):
    out = CliRunner().invoke(app, ["export", str(epoch_run), "--output", str(tmp_path / "x.json")])
    assert out.exit_code == 0, out.output
    assert json.loads((tmp_path / "x.json").read_text())["eval"]["task"] == "finprobe/reasoning"
    bad = CliRunner().invoke(app, ["export", str(epoch_run), "--output", str(tmp_path / "x.txt")])
    assert bad.exit_code == 2 and ".json or .eval" in bad.output
