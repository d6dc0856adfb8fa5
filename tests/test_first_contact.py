"""Issue 27, first contact: what a new user meets on a fresh clone, from the command and from Python.

Provenance (the mode recorded is the mode played), `--config` naming its family, preflight of endpoint
roles before the first sample, `--max-errors`, an all-error run saying so first, export into a new
folder, errors that say the fix, nothing cut at 80 columns, `finprobe runs`, `--sample-id`, and the
Python API (`finprobe.run`, `await finprobe.arun(...)` inside a running loop, `finprobe.load_run`).
Real runner, real store, real HTTP client against the local mock server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import finprobe
from finprobe.cli import app
from finprobe.core.families import load_family
from finprobe.testing.mock_server import MockServerThread

runner = CliRunner()
FAMILY_POLICY = {"reasoning": "reference", "ambiguity": "oracle", "regret": "planner", "multihop": "gold-path"}


def invoke(*args, env=None):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False, env=env)


def one_line(text: str) -> str:
    return " ".join(text.split())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def no_keys(monkeypatch):
    for name in list(os.environ):
        if name.endswith("_API_KEY") or name in ("FINPROBE_BASE_URL", "OPENAI_BASE_URL", "FINPROBE_AGENT",
                                                 "FINPROBE_API_KEY_ENV", "FINPROBE_MAX_ERRORS"):
            monkeypatch.delenv(name, raising=False)


# --------------------------------------------------------------------------- 1. the recorded mode
@pytest.mark.parametrize("family", sorted(FAMILY_POLICY))
def test_the_recorded_mode_is_the_mode_played(family, tmp_path):
    """A run without --mode records the family's real default everywhere: manifest, metrics, HTML header,
    Inspect export; for ambiguity that is answer+search+interact (what its episodes play), not the first
    listed mode."""
    result = finprobe.run(family, agent=FAMILY_POLICY[family], limit=2, out=tmp_path / "run")
    bench = load_family(family)
    played = bench.default_mode()
    assert result.mode == result.manifest.config.mode == result.metrics["run"]["mode"] == played
    if family == "ambiguity":
        assert played == "answer+search+interact" != bench.modes()[0].name
        modes = {r.transcript.info["mode"] for r in result.stored().trials}
        assert modes == {played}  # what the episodes say they played
    html = result.report_path.read_text(encoding="utf-8")
    assert f"mode <b>{played}</b>" in html
    r = invoke("export", result.run_dir, "--output", tmp_path / "logs" / "run.json")
    assert r.exit_code == 0, r.output
    log = json.loads((tmp_path / "logs" / "run.json").read_text())
    assert log["eval"]["task_args"]["mode"] == played and log["eval"]["solver"] == f"finprobe/{family}/{played}"


def test_an_explicit_default_mode_is_the_same_run(tmp_path):
    """`--mode answer+search+interact` and no --mode are one run (one fingerprint): the second resumes."""
    a = finprobe.run("ambiguity", agent="oracle", limit=2, out=tmp_path / "run")
    b = finprobe.run("ambiguity", agent="oracle", limit=2, out=tmp_path / "run", mode="answer+search+interact")
    assert a.manifest.fingerprint == b.manifest.fingerprint and b.n_ran == 0 and b.n_resumed == 2


# --------------------------------------------------------------------------- 2. --config names its family
def test_config_file_names_the_family(tmp_path):
    config = tmp_path / "run.yaml"
    config.write_text("benchmark: reasoning\nlimit: 2\nroles:\n  agent:\n    spec: reference\n", encoding="utf-8")
    r = invoke("run", "--config", config, "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "run" / "manifest.json").read_text())["config"]["benchmark"] == "reasoning"
    assert not (tmp_path / "run" / "ambiguity").exists()  # not the demo suite
    bad = tmp_path / "bad.yaml"
    bad.write_text("benchmark: [reasoning]\n", encoding="utf-8")
    r = invoke("run", "--config", bad)
    assert r.exit_code == 2 and "benchmark must be a family name" in r.output


def test_a_demo_suite_error_names_its_family(tmp_path):
    r = invoke("run", "--agent", "reference", "--out", tmp_path, "--no-progress")
    assert r.exit_code == 2
    assert one_line(r.output).startswith("error: ambiguity: role agent: unknown model spec 'reference'")
    assert "baseline policy of reasoning" in one_line(r.output)


# --------------------------------------------------------------------------- 3. preflight
def test_validate_names_an_unset_key_before_any_request(tmp_path, no_keys):
    """A hosted API without its key: exit 2 naming the variable, without a request (none could be sent)."""
    r = invoke("validate", "reasoning", "--agent", "openai:gpt-4o-mini")
    assert r.exit_code == 2
    assert "$OPENAI_API_KEY is not set" in one_line(r.output) and "--api-key-env" in r.output


def test_validate_names_the_key_a_server_refuses(no_keys):
    with MockServerThread(default_reply="ANSWER: 1", expected_api_key="sk-test-0123456789") as server:
        r = invoke("validate", "reasoning", "--agent", "openai:mock-model", "--base-url", server.base_url)
        sent = server.server.n_requests
    assert r.exit_code == 2
    text = one_line(r.output)
    assert "wants an API key (HTTP 401" in text and "$OPENAI_API_KEY is not set" in text
    assert sent == 1  # GET /models is not a chat request; the one chat request got the 401


def test_validate_names_a_dead_url_at_once(no_keys):
    url = f"http://127.0.0.1:{free_port()}/v1"
    started = time.monotonic()
    r = invoke("validate", "reasoning", "--agent", "openai:m", "--base-url", url)
    assert r.exit_code == 2
    assert f"cannot reach {url}" in one_line(r.output) and "is the server running" in r.output
    assert time.monotonic() - started < 60  # one refused connection, not 6 retried attempts per sample


def test_run_with_a_dead_url_stores_no_sample(tmp_path, no_keys):
    url = f"http://127.0.0.1:{free_port()}/v1"
    r = invoke("run", "reasoning", "--agent", "openai:m", "--base-url", url, "--out", tmp_path / "run",
               "--no-progress")
    assert r.exit_code == 2 and "cannot reach" in r.output
    assert not (tmp_path / "run" / "samples.jsonl").exists()


def test_a_base_url_without_v1_gets_the_hint(no_keys):
    with MockServerThread(default_reply="ANSWER: 1") as server:
        root = server.base_url.removesuffix("/v1")
        r = invoke("validate", "reasoning", "--agent", "openai:mock-model", "--base-url", root)
    assert r.exit_code == 2
    assert f"the base URL has no /v1: try --base-url {root}/v1" in one_line(r.output)


def test_preflight_is_counted_shown_and_can_be_skipped(no_keys):
    with MockServerThread(default_reply="ANSWER: 1") as server:
        url = server.base_url
        r = invoke("validate", "reasoning", "--agent", "openai:mock-model", "--base-url", url)
        chats = server.server.n_requests
        skipped = invoke("validate", "reasoning", "--agent", "openai:mock-model", "--base-url", server.base_url,
                         "--no-preflight")
        after = server.server.n_requests
    assert r.exit_code == 0, r.output
    text = one_line(r.output)
    assert f"preflight agent (openai:mock-model) at {url}: answered" in text
    assert "model listed" in text and "2 requests" in text and "ok: 20 samples" in text
    assert chats == 1  # one tiny chat request (the listing is a GET)
    body = server.server.log[0].body
    assert body["max_tokens"] == 1
    assert skipped.exit_code == 0 and after == chats and "preflight skipped" in skipped.output


async def _model_refusing_server():
    from aiohttp import web

    async def models(request):
        return web.json_response({"object": "list", "data": [{"id": "llama3.1:8b"}, {"id": "qwen2.5:7b"}]})

    async def chat(request):
        body = await request.json()
        return web.json_response({"error": {"message": f"model '{body['model']}' not found"}}, status=404)

    app_ = web.Application()
    app_.router.add_get("/v1/models", models)
    app_.router.add_post("/v1/chat/completions", chat)
    server = web.AppRunner(app_)
    await server.setup()
    site = web.TCPSite(server, "127.0.0.1", 0)
    await site.start()
    return server, site._server.sockets[0].getsockname()[1]


async def test_a_model_the_server_does_not_serve_is_named_with_what_it_serves(no_keys):
    from finprobe.api import avalidate_config, make_config

    server, port = await _model_refusing_server()
    try:
        config = make_config("reasoning", agent="ollama:llama3.1", base_url=f"http://127.0.0.1:{port}/v1")
        with pytest.raises(ValueError) as err:
            await avalidate_config(config)
    finally:
        await server.cleanup()
    text = str(err.value)
    assert "model 'llama3.1' is not served" in text and "did you mean 'llama3.1:8b'" in text
    assert "it serves: llama3.1:8b, qwen2.5:7b" in text


def test_max_errors_stops_the_run_with_a_clear_last_line(tmp_path, no_keys):
    out = tmp_path / "run"
    with MockServerThread(faults={"400": 1.0}) as server:
        r = invoke("run", "reasoning", "--agent", "openai:mock-model", "--base-url", server.base_url,
                   "--max-errors", "2", "--concurrency", "1", "--out", out, "--no-progress")
    assert r.exit_code == 1
    last = one_line(r.output.strip().splitlines()[-1])
    assert re.match(r"error: stopped early: \d+ trials ended in error, more than --max-errors 2 allows", last)
    assert "trials not played" in last and "HTTP 400" in last and "resumes" in last
    stored = (out / "samples.jsonl").read_text().splitlines()
    assert 3 <= len(stored) <= 5  # the run stops at the third error: the rest are never sent
    # the summary of an all-error run leads with that fact, before any metric
    text = r.output[r.output.index("reasoning — "):]
    assert text.splitlines()[1].startswith(f"every trial of this run ended in error ({len(stored)} of {len(stored)})")
    assert "every trial of this run ended in error" in (out / "report.html").read_text()


def test_max_errors_takes_a_fraction_or_a_percentage():
    from finprobe.cli import parse_max_errors
    from finprobe.core.runner import error_limit

    assert parse_max_errors("5") == 5 and parse_max_errors("0.1") == 0.1 and parse_max_errors("10%") == 0.1
    assert error_limit(0.1, 200) == 20 and error_limit(5, 200) == 5 and error_limit(0, 10) == 0
    for bad in ("-1", "1.5", "x", "100%"):
        with pytest.raises(Exception, match="--max-errors"):
            parse_max_errors(bad)


# --------------------------------------------------------------------------- 4. export into a new folder
def test_export_into_a_folder_that_does_not_exist(tmp_path):
    run = finprobe.run("reasoning", agent="reference", limit=2, out=tmp_path / "ref")
    for output in (tmp_path / "logs", f"{tmp_path / 'logs2'}/"):
        r = invoke("export", run.run_dir, "--format", "inspect", "--output", output)
        assert r.exit_code == 0, r.output
        files = list(Path(str(output).rstrip("/")).glob("*_finprobe-reasoning_*.json"))
        assert len(files) == 1


# --------------------------------------------------------------------------- 5. gold answers
@pytest.mark.parametrize("family", sorted(FAMILY_POLICY))
def test_inspect_samples_carry_the_gold_answer_and_events(family, tmp_path):
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        if os.environ.get("FINPROBE_REQUIRE_EXTRAS"):
            raise
        pytest.skip("inspect-ai is not installed; dev/setup.sh installs it")

    run = finprobe.run(family, agent=FAMILY_POLICY[family], limit=2, out=tmp_path / "run")
    r = invoke("export", run.run_dir, "--output", tmp_path / "logs")
    assert r.exit_code == 0, r.output
    log = read_eval_log(str(next((tmp_path / "logs").glob("*.json"))))
    bench = load_family(family)
    for sample, stored in zip(log.samples, run.stored().trials, strict=True):
        assert sample.target and sample.target == bench.target(run.stored().samples[stored.sample_id])
        kinds = [e.event for e in sample.events]
        assert kinds[0] == "sample_init" and "model" in kinds and kinds[-1] == "score"
    if family == "regret":  # the intents' answers, not the planner's reward
        assert all(isinstance(s.target, list) and ":" in s.target[0] for s in log.samples)


def test_a_regret_transcript_holds_every_dialogue(tmp_path):
    run = finprobe.run("regret", agent="planner", limit=1, out=tmp_path / "run")
    record = run.stored().trials[0]
    episodes = record.transcript.info["episodes"]
    systems = [m for m in record.transcript.messages if m.role == "system"]
    assert len(episodes) == len(systems) > 1
    assert [m.name for m in systems] == [f"intent {e['intent_id']}, rollout {e['rollout']}" for e in episodes]


def test_html_transcripts_show_the_gold_answer(tmp_path):
    from finprobe.report import load_run
    from finprobe.report._transcripts import browser_payload
    from finprobe.report.html import target_of

    for family in ("ambiguity", "multihop"):
        run = load_run(finprobe.run(family, agent=FAMILY_POLICY[family], limit=2, out=tmp_path / family).run_dir)
        payload = browser_payload(run.trials, run.bench.success, target_of(run))
        golds = [json.loads(d)["target"] for d in payload["details"]]
        assert all(golds) and [e["target"] for e in payload["index"]] == golds


# --------------------------------------------------------------------------- 6. labels, better and worse
def test_baseline_and_compare_tables_use_labels_and_colour_by_better(tmp_path):
    from finprobe.report import load_run
    from finprobe.report.baselines import side_by_side_table
    from finprobe.report.compare import compare_loaded

    a = load_run(finprobe.run("ambiguity", agent="default", limit=6, out=tmp_path / "a").run_dir)
    b = load_run(finprobe.run("ambiguity", agent="ask-then-oracle", limit=6, out=tmp_path / "b").run_dir)
    table = side_by_side_table(a.bench, [("a", a.metrics), ("b", b.metrics)])
    labels = [row[0] for row in table.rows]
    assert "AC@1 touch" in labels and "DisE+" in labels and "ac1_touch" not in labels
    result = compare_loaded([a, b], n_resamples=200)
    metrics = result["metrics"]
    assert metrics["accuracy"]["label"] == "accuracy" and metrics["accuracy"]["change"] == "better"
    assert metrics["default_capture"]["delta"] < 0 and metrics["default_capture"]["change"] == "better"
    assert metrics["mean_actions"]["delta"] > 0 and metrics["mean_actions"]["change"] is None  # neither
    assert [row["label"] for row in result["headline"]][:2] == ["accuracy", "any-valid accuracy"]
    r = invoke("compare", a.path, b.path, "--format", "html", "--output", tmp_path / "c.html")
    assert r.exit_code == 0
    page = (tmp_path / "c.html").read_text()
    assert "delta-better" in page and "delta-pos" not in page and "<td>AC@1 touch</td>" in page


# --------------------------------------------------------------------------- 8. errors that say the fix
@pytest.mark.parametrize(("args", "expected"), [
    (["run", "ambiguity", "--mode", "answer_only"], "did you mean 'answer-only'?"),
    (["run", "ambiguity", "-O", "topk=3"], "did you mean 'top_k'?"),
    (["run", "reasoning", "--agent", "oracle"], "'oracle' is a baseline policy of ambiguity, not of reasoning "
                                                "(reasoning's are reference, human-answer)"),
    (["run", "reasoning", "--agent", "gpt-4o-mini"], "a model is named with its backend: openai:gpt-4o-mini"),
    (["run", "reasoning", "--agent", "refrence"], "did you mean 'reference'?"),
])
def test_errors_suggest_the_fix(args, expected, tmp_path):
    r = invoke(*args, "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 2 and expected in one_line(r.output), r.output


@pytest.mark.shared_data
def test_a_file_of_another_format_is_named(shared_data, tmp_path):
    finqa = shared_data / "finqa" / "dev.json"
    ambigqa = shared_data / "ambigqa" / "train_light.json"
    r = invoke("validate", "ambiguity", "--data", finqa)
    assert r.exit_code == 2
    # the hint names the file as the loader resolved it (symlinks followed: ../shared may be a link)
    hint = f"this looks like FinQA data, for the reasoning family: finprobe run reasoning --data {finqa.resolve()}"
    assert hint in one_line(r.output)
    r = invoke("validate", "ambiguity", "--data", ambigqa)
    assert r.exit_code == 2 and "AmbigQA/AmbigNQ light data, which ambiguity reads with -O source=ambigqa" in one_line(r.output)
    r = invoke("validate", "reasoning", "--data", ambigqa)
    assert r.exit_code == 2 and "for the ambiguity family: finprobe run ambiguity --data" in one_line(r.output)
    assert "-O source=ambigqa" in one_line(r.output)
    r = invoke("validate", "multihop", "--data", finqa)
    assert r.exit_code == 2 and "looks like FinQA data" in r.output
    # the family's own format with a genuine defect: no hint, the record's error as before
    bad = tmp_path / "bad.json"
    records = json.loads(finqa.read_text())[:2]
    del records[1]["qa"]
    bad.write_text(json.dumps(records))
    r = invoke("validate", "reasoning", "--data", bad)
    assert r.exit_code == 2 and "looks like" not in r.output


# --------------------------------------------------------------------------- 9. 80 columns
def test_nothing_is_cut_at_80_columns(tmp_path):
    from finprobe.report import load_run, print_summary

    for family in sorted(FAMILY_POLICY):
        run = load_run(finprobe.run(family, agent=FAMILY_POLICY[family], limit=6, out=tmp_path / family).run_dir)
        console = Console(width=80, record=True, file=open(os.devnull, "w"), color_system=None)  # noqa: SIM115
        print_summary(console, run.bench, run.metrics, title=family)
        text = console.export_text()
        assert "…" not in text, f"{family}: {[line for line in text.splitlines() if '…' in line][:3]}"
        assert all(len(line) <= 80 for line in text.splitlines())
        framed = [line.rstrip() for line in text.splitlines() if line[:1] in "┏┃┡│└"]
        assert all(line[-1] in "┓┃┩│┘┤┫" for line in framed), f"{family}: a table is cropped"


def test_list_and_list_options_keep_urls_names_and_allowed_values():
    env = {"COLUMNS": "80"}
    out = invoke("list", "backends", env=env).output
    for word in ("https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", "http://localhost:11434/v1",
                 "local[:PATH.gguf]"):
        assert word in out
    out = invoke("list", "options", "ambiguity", env=env).output
    assert "fininteract | ambigqa" in out and "bool | auto" in out and "…" not in out
    assert "max_observation_chars" in out
    out = invoke("list", env=env).output
    assert "answer+search+interact *" in out and "…" not in out


# --------------------------------------------------------------------------- runs, --sample-id, env defaults
def test_runs_lists_past_runs_with_their_headline(tmp_path):
    finprobe.run("reasoning", agent="reference", limit=3, out=tmp_path / "runs" / "ref")
    finprobe.run("multihop", agent="gold-path", limit=2, out=tmp_path / "runs" / "gold")
    (tmp_path / "runs" / "not-a-run").mkdir()
    rows = json.loads(invoke("runs", tmp_path / "runs", "--format", "json").output)
    assert {r["family"] for r in rows} == {"reasoning", "multihop"}
    ref = next(r for r in rows if r["family"] == "reasoning")
    assert ref["agent"] == "reference" and ref["mode"] == "contract" and ref["n_stored"] == 3
    assert (ref["label"], ref["value"], ref["ci_low"], ref["ci_high"]) == ("pass rate", 1.0, 1.0, 1.0)
    table = invoke("runs", tmp_path / "runs", env={"COLUMNS": "80"}).output
    assert "[1.000–1.000]" in table and "pass rate" in table and "multihop" in table and "…" not in table
    r = invoke("runs", tmp_path / "nowhere")
    assert r.exit_code == 2 and "no such folder" in r.output


def test_sample_id_runs_only_those_samples(tmp_path):
    from finprobe.benchmarks.reasoning import demo_path

    ids = [r["id"] for r in json.loads(demo_path().read_text())][:5]
    out = tmp_path / "run"
    r = invoke("run", "reasoning", "--agent", "reference", "--sample-id", ids[3], "--sample-id", f"{ids[1]},{ids[4]}",
               "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    stored = [json.loads(line)["sample_id"] for line in (out / "samples.jsonl").read_text().splitlines()]
    assert sorted(stored) == sorted([ids[1], ids[3], ids[4]])
    report = json.loads(invoke("report", out, "--format", "json").output)
    assert report["run"]["n_missing"] == 0 and report["n"] == 3
    r = invoke("run", "reasoning", "--agent", "reference", "--sample-id", ids[0] + "x", "--out", tmp_path / "r2")
    assert r.exit_code == 2 and f"no sample with id {ids[0] + 'x'!r}" in r.output and f"did you mean {ids[0]!r}" in r.output


def test_agent_from_the_environment(tmp_path):
    r = invoke("run", "reasoning", "--limit", "2", "--out", tmp_path / "run", "--no-progress",
               env={"FINPROBE_AGENT": "reference"})
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "run" / "manifest.json").read_text())["config"]["roles"]["agent"]["spec"] == "reference"
    assert "FINPROBE_AGENT" in invoke("run", "--help", env={"COLUMNS": "200"}).output


# --------------------------------------------------------------------------- 10. the Python API
def test_python_api_result_is_the_report(tmp_path):
    result = finprobe.run("reasoning", agent="reference", limit=3, out=tmp_path / "run")
    assert isinstance(result, finprobe.RunResult)
    assert result.run_dir == tmp_path / "run" and (result.run_dir / "report.html").is_file()
    printed = json.loads(invoke("report", result.run_dir, "--format", "json").output)
    assert result.metrics == printed
    assert result.headline["pass_rate"].value == 1.0 and str(result.headline["pass_rate"]).startswith("pass rate: 1.000")
    again = finprobe.load_run(result.run_dir)
    assert again.metrics == printed and again.n_scored == 3 and again.mode == "contract"
    assert (result.n_scored, result.n_errors, result.n_trials) == (3, 0, 3)


def test_python_api_family_options_and_roles(tmp_path):
    from finprobe import GenerateConfig, RoleConfig

    result = finprobe.run("ambiguity", agent=RoleConfig(spec="oracle", generate=GenerateConfig(temperature=0.0)),
                          limit=2, out=tmp_path / "run", top_k=2, mode="answer+search")
    assert result.manifest.options["top_k"] == 2 and result.mode == "answer+search"
    with pytest.raises(ValueError, match="did you mean 'top_k'"):
        finprobe.run("ambiguity", agent="oracle", limit=2, out=tmp_path / "bad", topk=2)


async def test_arun_inside_a_running_event_loop(tmp_path):
    """What a notebook does: `await finprobe.arun(...)` in the running loop; plain `finprobe.run(...)` works
    there too (on a worker thread)."""
    assert asyncio.get_running_loop().is_running()
    result = await finprobe.arun("reasoning", agent="reference", limit=2, out=tmp_path / "a")
    assert result.metrics["pass_rate"] == 1.0 and (result.run_dir / "report.html").is_file()
    sync = finprobe.run("reasoning", agent="reference", limit=2, out=tmp_path / "b")
    assert sync.metrics["pass_rate"] == 1.0


def test_import_finprobe_stays_light():
    code = "import sys, finprobe; print('finprobe.api' in sys.modules, 'finprobe.report' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False"]
    code = "import sys, finprobe; finprobe.run; print('finprobe.api' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "True"


def test_a_preflight_request_that_hangs_only_warns(tmp_path, no_keys):
    """A server that lists its models but leaves one request unanswered is slow, not dead: the preflight
    waits at most the sample deadline, notes it, and the run goes on."""
    with MockServerThread(default_reply="ANSWER: 1", schedule=["hang"], hang_s=600) as server:
        started = time.monotonic()
        r = invoke("run", "reasoning", "--agent", "openai:mock-model", "--base-url", server.base_url, "--limit", "2",
                   "--sample-timeout", "2", "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 0, r.output
    assert "got no reply within 2 s" in one_line(r.output) and time.monotonic() - started < 60


def test_a_400_that_does_not_name_the_model_only_warns(tmp_path, no_keys):
    with MockServerThread(default_reply="ANSWER: 1", schedule=["400"]) as server:
        r = invoke("validate", "reasoning", "--agent", "openai:another-model", "--base-url", server.base_url)
    assert r.exit_code == 0, r.output
    assert "the preflight request got HTTP 400" in one_line(r.output)


# --------------------------------------------------------------------------- signals through the API (with issue 28)
def test_an_interrupt_while_the_report_is_written_says_the_run_is_stored(tmp_path, monkeypatch):
    """The run goes through `finprobe.api` (issue 27) and a signal is still told apart by phase (issue 28):
    after the trials are stored, Ctrl-C while the report is written names the command that writes it."""
    import finprobe.report.html as html

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(html, "write_run_report", interrupted)
    out = tmp_path / "run"
    r = invoke("run", "reasoning", "--agent", "reference", "--limit", "2", "--out", out, "--no-progress")
    assert r.exit_code == 130, r.output
    text = one_line(r.output)
    assert "interrupted by SIGINT: the run is complete (2 of 2 stored) but its HTML report was not written" in text
    assert f"finprobe report {out} --html {out / 'report.html'}" in text
    assert (out / "samples.jsonl").read_text().count("\n") == 2 and not (out / "report.html").exists()


def test_an_interrupt_during_the_preflight_stores_nothing(tmp_path, monkeypatch, no_keys):
    from finprobe.core.runner import Runner

    async def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(Runner, "preflight", interrupted)
    with MockServerThread(default_reply="ANSWER: 1") as server:
        r = invoke("run", "reasoning", "--agent", "openai:mock-model", "--base-url", server.base_url,
                   "--out", tmp_path / "run", "--no-progress")
        sent = server.server.n_requests
    assert r.exit_code == 130, r.output
    assert "interrupted by SIGINT: before any sample ran: nothing new was stored" in one_line(r.output)
    assert sent == 0 and not (tmp_path / "run" / "samples.jsonl").exists()
