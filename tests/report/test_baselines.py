"""Baselines beside a run: the family's policies run for real on the same data, shown side by side."""

from finprobe.core.families import load_family
from finprobe.core.schema import RoleConfig, RunConfig
from finprobe.report.baselines import run_baselines, side_by_side_table


def test_reasoning_baselines_run_for_real_on_the_same_data():
    bench = load_family("reasoning")
    config = RunConfig(benchmark="reasoning", limit=5, roles={"agent": RoleConfig(spec="local")})
    results = dict(run_baselines(bench, config))
    assert set(results) == {"reference", "human-answer"}
    assert results["reference"]["pass_rate"] == 1.0 and results["reference"]["n"] == 5
    assert 0.0 <= results["human-answer"]["pass_rate"] <= 1.0


def test_ambiguity_baselines_pin_their_metrics_and_the_table_shows_each_scale():
    bench = load_family("ambiguity")
    config = RunConfig(benchmark="ambiguity", limit=6, roles={"agent": RoleConfig(spec="local")})
    results = dict(run_baselines(bench, config, policies=["oracle", "default", "ask-then-oracle"]))
    assert (results["oracle"]["accuracy"], results["oracle"]["default_capture"]) == (1.0, 0.0)
    assert (results["default"]["accuracy"], results["default"]["default_capture"]) == (0.0, 1.0)
    assert (results["ask-then-oracle"]["interaction_rate"], results["ask-then-oracle"]["rounds"]) == (1.0, 1.0)
    table = side_by_side_table(bench, [("this run", results["default"]), *results.items()])
    assert table.columns == ["metric", "this run", "oracle", "default", "ask-then-oracle"]
    rows = {row[0]: row[1:] for row in table.rows}
    # each headline metric by its label, as the family's own summary table names it (issue 27)
    info = bench.metric_info()
    assert list(rows)[: len(bench.headline_metrics())] == [info[m].label for m in bench.headline_metrics()]
    assert "AC@1 touch" in rows and "ac1_touch" not in rows
    assert rows["accuracy"][1].startswith("1.000 [1.000, 1.000]") and rows["accuracy"][2].startswith("0.000")
    assert rows["samples (errors)"] == ["6 (0)"] * 4
