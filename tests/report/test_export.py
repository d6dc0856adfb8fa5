"""Flat exports of stored runs (one row per sample × epoch; one row per metric), read back by pandas."""

import io
import json

import pytest
from report_support import reasoning_run, require_extra, right

from finprobe.report import load_run
from finprobe.report._export import aggregate_rows, export_table, sample_rows, write_rows


@pytest.fixture(scope="module")
def epoch_run(tmp_path_factory, demo_ids):
    """3 samples × 2 epochs: one always right, one always wrong, one an error in every trial."""
    from finprobe.core.models._base import ModelError

    replies = {demo_ids[0]: right(demo_ids[0]), demo_ids[1]: "=cmd|' /C calc'!A0\nANSWER: -1",
               demo_ids[2]: ModelError("HTTP 500: boom", retryable=False)}
    return reasoning_run(tmp_path_factory.mktemp("epochs") / "run", replies, limit=3, epochs=2)


def test_one_row_per_sample_and_epoch_with_flat_columns(epoch_run, demo_ids):
    run = load_run(epoch_run)
    rows = sample_rows(run.trials, run.bench.success)
    assert [(r["sample_id"], r["epoch"]) for r in rows] == [(demo_ids[i], e) for i in range(3) for e in (1, 2)]
    first, wrong, error = rows[0], rows[2], rows[4]
    assert (first["status"], first["outcome"], first["passed"], first["success"], first["score_value"]) == \
        ("scored", "pass", True, True, 1.0)
    assert (wrong["outcome"], wrong["passed"], wrong["reason"]) == ("fail", False, "wrong")
    assert (error["status"], error["outcome"], error["error_type"]) == ("error", "error", "model call: HTTP 500")
    assert "HTTP 500: boom" in error["error"] and error["score_value"] is None
    assert first["agent_input_tokens"] > 0 and first["input_tokens"] == first["agent_input_tokens"]
    assert (first["meta_level"], first["meta_operations"], first["meta_n_ops"]) == ("Medium", "subtract", 1)
    assert rows[2]["meta_operations"] == "subtract|divide"  # a list of scalars, joined
    assert all(not isinstance(v, (dict, list)) for r in rows for v in r.values())


def test_csv_is_read_by_pandas_and_formulas_are_neutralised(epoch_run):
    pd = require_extra("pandas")
    text = export_table(load_run(epoch_run), "samples", "csv", None)
    frame = pd.read_csv(io.StringIO(text))
    assert len(frame) == 6 and list(frame["epoch"]) == [1, 2, 1, 2, 1, 2]
    answers = list(frame["final_answer"].fillna(""))
    assert answers[2].startswith("'=cmd")  # a spreadsheet shows it as text instead of running it
    assert set(frame["passed"].dropna()) <= {0, 1}


def test_json_and_parquet_samples_round_trip_through_pandas(epoch_run, tmp_path):
    pd = require_extra("pandas")
    require_extra("pyarrow")
    run = load_run(epoch_run)
    export_table(run, "samples", "json", tmp_path / "s.json")
    export_table(run, "samples", "parquet", tmp_path / "s.parquet")
    from_json = pd.read_json(tmp_path / "s.json")
    from_parquet = pd.read_parquet(tmp_path / "s.parquet")
    assert len(from_json) == len(from_parquet) == 6
    assert list(from_parquet["sample_id"]) == list(from_json["sample_id"])
    assert str(from_parquet["epoch"].dtype) == "int64" and str(from_parquet["score_value"].dtype) == "float64"
    assert from_parquet["final_answer"].iloc[2].startswith("=cmd")  # parquet keeps the data as it is


def test_aggregate_table_has_values_and_intervals(epoch_run, tmp_path):
    pd = require_extra("pandas")
    run = load_run(epoch_run)
    rows = {r["metric"]: r for r in aggregate_rows(run.metrics)}
    assert rows["pass_rate"]["value"] == pytest.approx(1 / 3)
    assert rows["pass_rate"]["ci_low"] == run.metrics["pass_rate_ci_low"] is not None
    assert "pass_rate_ci_low" not in rows  # shown as the columns of pass_rate
    assert rows["by_level.Medium.pass_rate"]["value"] == pytest.approx(1 / 2)
    assert rows["by_level.Hard.pass_rate"]["value"] == 0.0
    assert rows["run.mode"]["value"] is None and rows["run.benchmark"]["value_text"] == "reasoning"
    export_table(run, "aggregate", "csv", tmp_path / "a.csv")
    frame = pd.read_csv(tmp_path / "a.csv")
    assert {"metric", "value", "value_text", "ci_low", "ci_high"} <= set(frame.columns)


def test_parquet_without_pyarrow_is_a_clear_error(monkeypatch, tmp_path):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError("No module named 'pyarrow'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(RuntimeError, match=r"pip install 'finprobe\[export\]'"):
        write_rows([{"a": 1}], "parquet", tmp_path / "x.parquet")
    with pytest.raises(ValueError, match="--output"):
        write_rows([{"a": 1}], "parquet", None)


def test_nan_is_written_as_null(tmp_path):
    text = write_rows([{"a": float("nan"), "b": "x"}], "json", None)
    assert json.loads(text) == [{"a": None, "b": "x"}]
