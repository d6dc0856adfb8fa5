"""The `finprobe` command end to end (in-process via Typer's runner; real files, real store)."""

import csv
import io
import json
import os
import re

import pytest
from typer.testing import CliRunner

from finprobe.cli import app

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
    return result


def test_list_shows_benchmarks_policies_and_backends():
    out = invoke("list").output
    for word in ("reasoning", "reference", "human-answer", "openai:MODEL", "local[:PATH.gguf]"):
        assert word in out


def test_run_report_rescore_on_demo(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "reasoning", "--agent", "reference", "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    assert "by level" in r.output
    metrics = json.loads(invoke("report", out, "--format", "json").output)
    assert metrics["n"] == 20 and metrics["passed"] == 20 and metrics["errors"] == 0
    assert set(metrics["by_level"]) == {"Medium", "Hard", "VeryHard"}
    rows = list(csv.DictReader(io.StringIO(invoke("report", out, "--format", "csv").output)))
    assert len(rows) == 20 and all(row["status"] == "scored" and row["passed"] == "1" for row in rows)
    rescored = json.loads(invoke("rescore", out, "--format", "json").output)
    assert rescored["passed"] == 20
    html = tmp_path / "r.html"
    invoke("report", out, "--format", "html", "--output", html)
    assert "<html" in html.read_text()


def test_html_report_escapes_model_output(tmp_path):
    from finprobe.core.aio import run_async
    from finprobe.core.families import load_family
    from finprobe.core.models.scripted import ScriptedModel
    from finprobe.core.runner import Runner
    from finprobe.core.schema import RoleConfig, RunConfig
    from finprobe.report import load_run
    from finprobe.report.html import render_html

    evil = "<script>alert('x')</script>\nANSWER: 1"
    cfg = RunConfig(benchmark="reasoning", limit=2, roles={"agent": RoleConfig(spec="x")})
    run_async(Runner(cfg, tmp_path, benchmark=load_family("reasoning"), progress=False, backends={"agent": ScriptedModel([evil], repeat_last=True)}).run())
    html = render_html(load_run(tmp_path))
    # transcripts travel as JSON with < > & escaped (rendered with textContent by the page)
    assert "<script>alert" not in html and "\\u003cscript\\u003ealert" in html


def test_same_command_resumes_and_different_config_is_refused(tmp_path):
    out = tmp_path / "run"
    invoke("run", "reasoning", "--agent", "reference", "--out", out, "--limit", "5", "--no-progress")
    again = invoke("run", "reasoning", "--agent", "reference", "--out", out, "--limit", "5", "--no-progress")
    assert "0 samples run, 5 resumed" in again.output
    other = invoke("run", "reasoning", "--agent", "human-answer", "--out", out, "--limit", "5", "--no-progress")
    assert other.exit_code == 2 and "different run" in other.output
    fresh = invoke("run", "reasoning", "--agent", "human-answer", "--out", out, "--limit", "5", "--fresh", "--no-progress")
    assert fresh.exit_code == 0 and "5 samples run" in fresh.output


def test_validate_and_malformed_data(tmp_path):
    assert "ok: 20 samples" in invoke("validate", "reasoning").output
    bad = tmp_path / "bad.json"
    bad.write_text('[{"id": "a", "pre_text": [], "post_text": [], "table": [], "qa": {"question": "q"}}]')
    r = invoke("validate", "reasoning", "--data", bad)
    assert r.exit_code == 2 and "bad.json" in r.output


def test_audit_on_real_dev(finqa_dev):
    result = json.loads(invoke("audit", "reasoning", "--data", finqa_dev, "--format", "json").output)
    assert result["total"] == 883 and result["executor_matches"] == 883
    assert result["disagreements"] and all({"id", "cls"} <= set(d) for d in result["disagreements"])


def test_unknown_model_spec_is_a_clear_error(tmp_path):
    r = invoke("run", "reasoning", "--agent", "gpt5", "--out", tmp_path, "--limit", "1", "--no-progress")
    assert r.exit_code != 0


def test_price_table_gives_cost_per_call(tmp_path):
    from finprobe.testing.mock_server import MockServerThread

    prices = tmp_path / "prices.yaml"
    prices.write_text("mock-1: {input: 1000000, output: 2000000}\n")  # $1 per input token: visible costs
    with MockServerThread(default_reply="ANSWER: 1") as server:
        r = invoke("run", "reasoning", "--agent", "openai:mock-1", "--base-url", server.base_url, "--limit", "2",
                   "--prices", prices, "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.output
    metrics = json.loads(invoke("report", tmp_path / "run", "--format", "json").output)
    usage = metrics["run"]["usage_by_role"]["agent"]
    assert usage["input_tokens"] > 0
    assert usage["cost_usd"] == usage["input_tokens"] * 1.0 + usage["output_tokens"] * 2.0


def test_api_key_is_sent_but_never_written(tmp_path, monkeypatch):
    from finprobe.testing.mock_server import MockServerThread

    key = "sk-finprobe-test-5f3a9c1e77"
    monkeypatch.setenv("FINPROBE_TEST_KEY", key)
    monkeypatch.setenv("FINPROBE_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "run"
    with MockServerThread(default_reply="ANSWER: 1", expected_api_key=key) as server:
        r = invoke("run", "reasoning", "--agent", "openai:mock", "--base-url", server.base_url,
                   "--api-key-env", "FINPROBE_TEST_KEY", "--limit", "3", "--cache", "--out", out, "--no-progress")
        log = server.server.log
    assert r.exit_code == 0, r.output
    assert log and all(entry.auth_ok for entry in log)  # the key really was sent
    metrics = json.loads(invoke("report", out, "--format", "json").output)
    assert metrics["errors"] == 0
    invoke("report", out, "--format", "html", "--output", tmp_path / "r.html")
    for path in [*tmp_path.rglob("*")]:
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path
    assert key not in r.output


def test_report_and_rescore_fail_cleanly_on_bad_folders(tmp_path):
    r = invoke("report", tmp_path / "missing")
    assert r.exit_code == 2 and "not a finprobe run folder" in r.output
    out = tmp_path / "run"
    invoke("run", "reasoning", "--agent", "reference", "--limit", "2", "--out", out, "--no-progress")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["config"]["data"] = str(tmp_path / "moved.json")
    (out / "manifest.json").write_text(json.dumps(manifest))
    assert json.loads(invoke("report", out, "--format", "json").output)["passed"] == 2  # stored records suffice
    assert invoke("rescore", out).exit_code == 0  # the folder keeps the run's data: grading needs nothing else
    (out / "data.jsonl").unlink()  # a folder from before finprobe kept it, whose data file moved
    r = invoke("rescore", out)
    assert r.exit_code == 2 and "no longer loads" in r.output


def test_rescore_refuses_changed_data_and_report_flags_an_incomplete_run(tmp_path):
    data = tmp_path / "data.json"
    from finprobe.benchmarks.reasoning import demo_path

    records = json.loads(demo_path().read_text())
    data.write_text(json.dumps(records))
    out = tmp_path / "run"
    invoke("run", "reasoning", "--data", data, "--agent", "reference", "--out", out, "--no-progress")
    records[0]["qa"]["exe_ans"] = 123.0
    data.write_text(json.dumps(records))
    r = invoke("rescore", out)  # graded against the run's own data, which the folder keeps
    assert r.exit_code == 0 and json.loads((out / "metrics.json").read_text())["passed"] == 20
    (out / "data.jsonl").unlink()  # a folder from before finprobe kept it: the changed file is refused
    r = invoke("rescore", out)
    assert r.exit_code == 2 and "changed since the run" in r.output
    lines = (out / "samples.jsonl").read_text().splitlines()
    (out / "samples.jsonl").write_text("\n".join(lines[:5]) + "\n")  # as if killed after 5 samples
    assert "run incomplete: 5 of 20 samples stored" in " ".join(invoke("report", out).output.split())


# --------------------------------------------------------------------------- reports (issue 13)
def test_every_run_ends_with_its_html_report(tmp_path):
    out = tmp_path / "run"
    r = invoke("run", "reasoning", "--agent", "reference", "--limit", "3", "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    report = out / "report.html"
    assert "HTML report:" in r.output and str(report) in r.output.replace("\n", "")
    html = report.read_text()
    assert html.count("<svg") == 2 and 'data-browser="transcripts"' in html


def test_report_html_flag_and_table_exports(tmp_path):
    out = tmp_path / "run"
    invoke("run", "reasoning", "--agent", "reference", "--limit", "4", "--out", out, "--no-progress")
    r = invoke("report", out, "--html", tmp_path / "r.html")
    assert r.exit_code == 0 and "pass rate" in r.output and (tmp_path / "r.html").read_text().startswith("<!doctype html>")
    rows = list(csv.DictReader(io.StringIO(invoke("report", out, "--format", "csv", "--table", "aggregate").output)))
    assert {"metric", "value", "ci_low", "ci_high"} <= set(rows[0]) and any(row["metric"] == "pass_rate" for row in rows)
    samples = json.loads(invoke("report", out, "--format", "json", "--table", "samples").output)
    assert [s["outcome"] for s in samples] == ["pass"] * 4 and samples[0]["meta_level"]
    no_file = invoke("report", out, "--format", "parquet")
    assert no_file.exit_code == 2 and "--output" in no_file.output
    bad = runner.invoke(app, ["report", str(out), "--format", "xml"])
    assert bad.exit_code != 0 and "format must be one of" in bad.output


def test_demo_suite_shows_each_family_beside_its_baselines(tmp_path):
    """`finprobe run` without a benchmark: every family on its demo set, beside its baseline policies, then
    where the reports are and how to run a real model (an endpoint stands in for the embedded model here)."""
    from finprobe.testing.mock_server import MockServerThread

    with MockServerThread(default_reply="ANSWER: 1") as server:
        r = invoke("run", "--agent", "openai:mock", "--base-url", server.base_url, "--limit", "3",
                   "--out", tmp_path / "demo", "--no-progress")
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    for family in ("reasoning", "ambiguity"):
        assert f"{family}: this run beside the baseline policies (value; CIs in the HTML report)" in text
    assert re.search(r"│ pass rate\s+│\s+0\.000 │\s+1\.000 │", r.output)  # the endpoint vs the reference
    headers, first_rows = {}, {}
    for family in ("reasoning", "ambiguity"):
        report = (tmp_path / "demo" / family / "report.html").read_text()
        table = report[report.index("this run beside the baseline policies"):]
        headers[family] = re.findall(r'<th class="num">([^<]+)</th>', table[: table.index("</thead>")])
        first_rows[family] = re.findall(r"<td[^>]*>([^<]*)</td>", table[table.index("<tbody>"): table.index("</tr>", table.index("<tbody>"))])
    assert headers["reasoning"] == ["this run (openai:mock)", "reference", "human-answer"]
    assert headers["ambiguity"] == ["this run (openai:mock)", "oracle", "default", "ask-then-oracle", "silent"]
    # the reference passes everything; the oracle is right everywhere; the endpoint's "ANSWER: 1" never is
    assert first_rows["reasoning"][:3] == ["pass rate", "0.000 [0.000, 0.000]", "1.000 [1.000, 1.000]"]
    assert first_rows["ambiguity"][:4] == ["accuracy", "0.000 [0.000, 0.000]", "1.000 [1.000, 1.000]",
                                           "0.000 [0.000, 0.000]"]
    assert "finprobe run reasoning --agent openai:MODEL" in text
    assert text.rfind("HTML report") > text.rfind("this run beside the baseline policies")


@pytest.mark.llama
def test_newcomer_demo_suite_on_the_embedded_model(tmp_path, monkeypatch):
    """`finprobe run` with no benchmark, as a newcomer types it (here on one demo task per family): the
    embedded model's results beside the real baselines, the reports, and how to run a real model."""
    try:
        from finprobe.core.models.local import default_gguf_path

        default_gguf_path()
    except Exception as exc:  # noqa: BLE001 - any failure to find the model
        if os.environ.get("FINPROBE_REQUIRE_LLAMA"):
            raise
        pytest.skip(f"embedded model not installed: {exc}")
    monkeypatch.setenv("FINPROBE_LLAMA_THREADS", "1")
    r = invoke("run", "--limit", "1", "--out", tmp_path, "--no-progress")
    assert r.exit_code == 0, r.output
    from finprobe.core.families import available_families

    families = available_families()
    assert r.output.count("this run beside the baseline policies") == len(families) == 4
    assert re.search(r"│ pass rate\s+│\s+[01]\.000 │\s+1\.000 │", r.output)  # this run, then the reference
    assert "this run (local)" in r.output and "finprobe run reasoning --agent openai:MODEL" in " ".join(r.output.split())
    for family in families:
        html = (tmp_path / family / "report.html").read_text()
        assert "beside the baseline policies" in html and "<svg" in html
