"""Importing published FinInteract results (issue 7 §5) from a fixture in the published format (invented rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.instances import demo_instances_path
from finprobe.benchmarks.ambiguity.published import import_results, mode_name, parse_results, transcript_of
from finprobe.cli import app
from finprobe.core.benchmark import DataError
from finprobe.core.schema import StepKind

FIXTURE = Path(__file__).parent / "fixtures" / "published_results.jsonl"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_mode_names_and_trajectories():
    assert mode_name("A", None) == "answer-only" and mode_name("A+S+I", None) == "answer+search+interact"
    assert mode_name("A+S+I", 4) == "forced-interaction" and mode_name("always-ask", None) == "always-ask"
    with pytest.raises(ValueError, match="unknown published mode"):
        mode_name("B+Q", None)
    rows = parse_results(FIXTURE)
    t = transcript_of(rows[3], "q?")
    assert [s.action.name for s in t.steps if s.kind == StepKind.action] == ["search", "interact", "answer"]
    assert t.steps[1].observation == "yes" and t.final_args["confidence"] == 85.0
    assert transcript_of(rows[1], "q?").final_args["confidence"] == 70.0  # a 0.7 probability, scaled


def test_bad_rows_name_the_file_and_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(FIXTURE.read_text().splitlines()[0] + "\n" + '{"instance_id": "x"}\n')
    with pytest.raises(DataError, match=r"bad.jsonl:2: .*model"):
        parse_results(bad)


def test_import_writes_one_run_per_model_mode_and_forced_n(tmp_path):
    result = import_results(BENCHMARK, FIXTURE, demo_instances_path(), tmp_path)
    assert result.n_rows == 6
    assert sorted(Path(p).name for p in result.runs) == [
        "model-x__answer-only", "model-x__answer-search-interact", "model-y__forced-interaction__n4"]
    # finprobe's grader and the published one, side by side: the hedge on amb-demo-002 is the disagreement
    m = json.loads(invoke("report", tmp_path / "model-x__answer-only", "--format", "json").output)
    pub = m["published_grader"]
    assert pub["n"] == 3 and pub["agreement"] == pytest.approx(2 / 3)
    assert [d["id"] for d in pub["disagreements"]] == ["amb-demo-002"]
    assert m["grader"] == "finprobe" and m["n_scored"] == 3 and m["hedges"] == 1
    # under the published verdicts every metric is recomputed: accuracy 2/3 instead of 1/3
    assert m["accuracy"] == pytest.approx(1 / 3)
    published = json.loads(invoke("report", tmp_path / "model-x__answer-only", "--format", "json",
                                  "--grader", "published").output)
    assert published["accuracy"] == pytest.approx(2 / 3) and published["grader"] == "published"
    assert published["default_capture"] == pytest.approx(1 / 3)
    # asks come from the rebuilt trajectory
    asi = json.loads(invoke("report", tmp_path / "model-x__answer-search-interact", "--format", "json").output)
    assert asi["interaction_rate"] == 0.5 and asi["published_grader"]["asks_differ"] == 0
    forced = json.loads((tmp_path / "model-y__forced-interaction__n4" / "manifest.json").read_text())
    assert forced["config"]["mode"] == "forced-interaction" and forced["options"]["forced_n"] == 4


def test_imported_runs_rescore_and_compare(tmp_path):
    assert invoke("import", "ambiguity-results", FIXTURE, "--data", demo_instances_path(), "--out", tmp_path).exit_code == 0
    a, b = tmp_path / "model-x__answer-only", tmp_path / "model-x__answer-search-interact"
    assert invoke("rescore", a).exit_code == 0
    again = json.loads(invoke("report", a, "--format", "json").output)
    assert again["published_grader"]["n"] == 3  # the published verdicts survive rescoring
    out = invoke("compare", a, b, "--format", "json", "--resamples", "200")
    assert out.exit_code == 0 and json.loads(out.output)["n_common"] == 2


def test_report_refuses_to_change_an_episode_option(tmp_path):
    import_results(BENCHMARK, FIXTURE, demo_instances_path(), tmp_path)
    r = invoke("report", tmp_path / "model-x__answer-only", "-O", "max_rounds=3")
    assert r.exit_code == 2 and "not an aggregation option" in r.output
