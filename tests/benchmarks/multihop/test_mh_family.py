"""The multihop family through the engine and the CLI: the interface of issue 10 (report keys, doctor)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.families import load_family


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_family_is_registered_with_its_modes_and_policy():
    family = load_family("multihop")
    assert [m.name for m in family.modes()] == ["tools", "search", "no-tools"]
    assert [p.name for p in family.policies()] == ["gold-path", "reference-response", "first-hop"]
    assert [p.name for p in family.presets()] == ["finhopper-paper"]


def test_gold_path_run_and_report_keys(tmp_path):
    out = tmp_path / "run"
    result = invoke("run", "multihop", "--agent", "gold-path", "--out", out, "--no-progress")
    assert result.exit_code == 0, result.output
    report = json.loads(invoke("report", out, "--format", "json").output)
    for key in ("n", "score", "macro", "final_accuracy", "process", "by_hops", "by_level"):
        assert key in report
    for key in ("score", "macro", "final_accuracy", "process"):
        assert f"{key}_ci_low" in report and f"{key}_ci_high" in report
    assert report["n"] == 48 and report["score"] == pytest.approx(1.0) and report["final_accuracy"] == 1.0
    assert set(report["by_hops"]) == {"1", "2", "3", "4", "5", "6"}
    assert all(g["n"] == 8 and g["score"] == pytest.approx(1.0) for g in report["by_hops"].values())
    assert set(report["by_level"]) == {"L1", "L2", "L3"}
    assert report["error_list"] == []


def test_no_tools_mode_offers_only_the_answer(tmp_path):
    out = tmp_path / "run"
    result = invoke("run", "multihop", "--mode", "no-tools", "--agent", "gold-path", "--limit", "2", "--out", out,
                    "--no-progress")
    assert result.exit_code == 0, result.output
    # the gold path needs tools it is not given: its first tool call is an invalid action, no score
    report = json.loads(invoke("report", out, "--format", "json").output)
    assert report["final_accuracy"] == 0.0


def test_doctor_reports_seeded_defects_as_json(release_en):
    result = invoke("doctor", "multihop", "--data", release_en, "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report) == {"n", "findings"} and report["n"] > 0
    kinds = {f["kind"] for f in report["findings"]}
    assert {"duplicate", "label_mismatch"} <= kinds
    assert all(set(f) == {"id", "kind", "detail"} for f in report["findings"])


def test_the_demo_suite_slice_still_lets_the_gold_path_solve_every_chain(tmp_path):
    family = load_family("multihop")
    opts = [a for k, v in family.demo_options.items() for a in ("-O", f"{k}={v}")]
    out = tmp_path / "demo"
    result = invoke("run", "multihop", "--agent", "gold-path", "--limit", family.demo_limit, *opts, "--out", out,
                    "--no-progress")
    assert result.exit_code == 0, result.output
    report = json.loads(invoke("report", out, "--format", "json").output)
    assert set(report["by_hops"]) == {"1", "2", "3", "4", "5", "6"}  # the slice covers every hop count
    assert report["final_accuracy"] == 1.0
