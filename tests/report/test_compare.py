"""`compare` over two and more runs: paired deltas, and per-trial outcome flips listed exactly."""

import json

import pytest
from report_support import page_data, reasoning_run, right
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.models._base import ModelError
from finprobe.report import load_run
from finprobe.report.compare import compare_loaded, compare_runs
from finprobe.report.html import render_compare_html


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory, demo_ids):
    """On 8 demo tasks. A: right 0-3, wrong 4-6, error 7. B: right 0,1,4,5, wrong 2,3,6,7. C: right everywhere."""
    root = tmp_path_factory.mktemp("flips")
    ids = demo_ids[:8]
    a = {i: right(i) for i in ids[:4]} | {ids[7]: ModelError("HTTP 503: overloaded", retryable=False)}
    b = {i: right(i) for i in (ids[0], ids[1], ids[4], ids[5])}
    c = {i: right(i) for i in ids}
    return [reasoning_run(root / name, replies) for name, replies in (("a", a), ("b", b), ("c", c))]


def test_flips_are_listed_per_sample(three_runs, demo_ids):
    result = compare_runs(three_runs[0], three_runs[1], n_resamples=500)
    flips = result["flips"]
    assert [f["id"] for f in flips["wrong_to_right"]] == [demo_ids[4], demo_ids[5]]
    assert [f["id"] for f in flips["right_to_wrong"]] == [demo_ids[2], demo_ids[3]]
    assert flips["transitions"] == {"error→fail": 1, "fail→fail": 1, "fail→pass": 2, "pass→fail": 2, "pass→pass": 2}
    flip = flips["wrong_to_right"][0]
    assert flip["a"]["answer"] == "ANSWER: -999999" and flip["b"]["answer"] == right(demo_ids[4])
    assert flip["a"]["reason"] == "wrong" and flip["b"]["outcome"] == "pass" and flip["meta"]["level"]
    # the paired delta counts the error as a fail (reasoning's pass_rate): 4/8 -> 4/8
    assert result["metrics"]["pass_rate"]["delta"] == 0.0 and result["n_common"] == 8


def test_several_runs_are_each_compared_with_the_first(three_runs, demo_ids):
    runs = [load_run(p) for p in three_runs]
    result = compare_loaded(runs, n_resamples=500)
    assert [r["label"] for r in result["runs"]] == ["A", "B", "C"]
    assert [p["b"] for p in result["pairs"]] == [1, 2] and "metrics" not in result  # no two-run shortcut
    headline = result["headline"][0]
    assert headline["metric"] == "pass_rate" and [v["value"] for v in headline["values"]] == [0.5, 0.5, 1.0]
    vs_c = result["pairs"][1]
    assert vs_c["metrics"]["pass_rate"]["delta"] == 0.5 and vs_c["metrics"]["pass_rate"]["p_value"] < 0.05
    assert [f["id"] for f in vs_c["flips"]["wrong_to_right"]] == demo_ids[4:7]
    assert vs_c["flips"]["transitions"]["error→pass"] == 1 and vs_c["flips"]["right_to_wrong"] == []


def test_compare_refuses_other_benchmarks_and_single_runs(three_runs, ambiguity_default_run):
    with pytest.raises(ValueError, match="different benchmarks"):
        compare_loaded([load_run(three_runs[0]), load_run(ambiguity_default_run)])
    with pytest.raises(ValueError, match="at least two"):
        compare_loaded([load_run(three_runs[0])])


def test_compare_cli_terminal_json_and_html(three_runs, tmp_path, demo_ids):
    runner = CliRunner()
    args = ["compare", *map(str, three_runs), "--resamples", "300"]
    table = runner.invoke(app, [*args, "--html", str(tmp_path / "c.html")])
    assert table.exit_code == 0, table.output
    out = " ".join(table.output.split())
    assert "wrong→right (fail→pass): 2" in out and "right→wrong (pass→fail): 2" in out
    assert "wrong→right (fail→pass): 3" in out  # C vs A
    html = (tmp_path / "c.html").read_text()
    assert "<svg" not in html and 'data-browser="flips-0"' in html and 'data-browser="flips-1"' in html
    as_json = json.loads(runner.invoke(app, [*args, "--format", "json"]).output)
    assert len(as_json["pairs"]) == 2
    two = json.loads(runner.invoke(app, ["compare", str(three_runs[0]), str(three_runs[1]), "--format", "json",
                                         "--resamples", "300"]).output)
    assert two["metrics"]["pass_rate"]["n"] == 8 and len(two["flips"]["right_to_wrong"]) == 2
    one = runner.invoke(app, ["compare", str(three_runs[0])])
    assert one.exit_code != 0


def test_compare_html_embeds_both_episodes_of_each_flip(three_runs, demo_ids):
    runs = [load_run(p) for p in three_runs[:2]]
    result = compare_loaded(runs, n_resamples=300)
    html = render_compare_html(result, runs)
    browser = page_data(html)["browsers"]["flips-0"]
    assert [e["outcome"] for e in browser["index"]] == ["fail→pass", "fail→pass", "pass→fail", "pass→fail"]
    detail = json.loads(browser["details"][0])
    assert detail["labels"] == ["A", "B"]
    assert [r["final_answer"] for r in detail["runs"]] == ["ANSWER: -999999", right(demo_ids[4])]
