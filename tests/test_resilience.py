"""A killed run resumes without loss or duplication; injected faults never lose a sample.

Real processes, the real HTTP client and the real mock server on 127.0.0.1."""

import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.reasoning import BENCHMARK, reference_value
from finprobe.cli import app
from finprobe.core.aio import run_async
from finprobe.core.models.openai_compat import OpenAICompatibleModel
from finprobe.core.runner import Runner
from finprobe.core.schema import RoleConfig, RunConfig, SampleStatus
from finprobe.core.store import SAMPLES, RunStore
from finprobe.testing.mock_server import MockServerThread

# The demo tasks' reference answers, keyed by the prompt's last line (the question).
_REFERENCES = {}
for _s in BENCHMARK.load(None, BENCHMARK.parse_options({})):
    _value, _ = reference_value(_s.data)
    _REFERENCES[_s.data["qa"]["question"]] = _value


def _reply(body):
    """Deterministic per prompt, mixing passes and failures: right for every other question."""
    prompt = body["messages"][-1]["content"]
    for question, value in _REFERENCES.items():
        if question in prompt:
            return f"Reasoning...\nANSWER: {value if len(question) % 2 else 123456789}"
    return "ANSWER: 0"


def _cli(base_url, out, *extra):
    return [sys.executable, "-m", "finprobe.cli", "run", "reasoning", "--agent", "openai:mock",
            "--base-url", base_url, "--concurrency", "2", "--out", str(out), "--no-progress", *extra]


def _lines(path):
    try:
        return (path / SAMPLES).read_text().count("\n")
    except FileNotFoundError:
        return 0


def test_sigkill_mid_run_then_resume_gives_the_same_metrics(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with MockServerThread(_reply, latency_s=0.15) as server:
        killed = tmp_path / "killed"
        proc = subprocess.Popen(_cli(server.base_url, killed), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120
        while _lines(killed) < 6 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        assert proc.poll() is None, f"run ended before it could be killed: {proc.stderr.read().decode()[-500:]}"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        done_before = _lines(killed)
        assert 6 <= done_before < 20
        resumed = subprocess.run(_cli(server.base_url, killed), env=env, capture_output=True, text=True, timeout=300)
        assert resumed.returncode == 0, resumed.stderr[-2000:]
        assert f"{20 - done_before} samples run, {done_before} resumed" in resumed.stdout.replace("\n", " ")
        whole = tmp_path / "whole"
        subprocess.run(_cli(server.base_url, whole), env=env, capture_output=True, text=True, timeout=300, check=True)

    ids = [json.loads(line)["sample_id"] for line in (killed / SAMPLES).read_text().splitlines()]
    assert len(ids) == 20 and len(set(ids)) == 20  # nothing lost, nothing written twice
    a = RunStore(killed).load_records()
    b = RunStore(whole).load_records()
    assert {k: (r.status, r.score.passed) for k, r in a.items()} == {k: (r.status, r.score.passed) for k, r in b.items()}
    ma = json.loads((killed / "metrics.json").read_text())
    mb = json.loads((whole / "metrics.json").read_text())
    for key in ("n", "passed", "failed", "errors", "pass_rate", "by_level", "by_operation"):
        assert ma[key] == mb[key]
    assert 0 < ma["passed"] < 20  # the scripted replies really mix passes and failures


def test_thirty_percent_faults_every_sample_scored_or_error(tmp_path):
    faults = {"429": 0.08, "500": 0.08, "malformed": 0.06, "truncated": 0.05, "hang": 0.03}
    with MockServerThread(_reply, faults=faults, seed=7, retry_after=0, hang_s=5.0) as server:
        async def go():
            backend = OpenAICompatibleModel(base_url=server.base_url, model="mock", max_retries=1,
                                            backoff_base_s=0.01, backoff_max_s=0.05, timeout_s=0.5, seed=1)
            config = RunConfig(benchmark="reasoning", concurrency=8, sample_retries=0,
                               roles={"agent": RoleConfig(spec="mock")})
            try:
                return await Runner(config, tmp_path, benchmark=BENCHMARK, progress=False, backends={"agent": backend}).run()
            finally:
                await backend.aclose()
        result = run_async(go())
        injected = sum(server.server.fault_counts.values())
    records = RunStore(tmp_path).load_records()
    assert len(records) == 20 and result.metrics["n"] == 20
    statuses = {r.status for r in records.values()}
    assert statuses <= {SampleStatus.scored, SampleStatus.error}
    errors = [r for r in records.values() if r.status == SampleStatus.error]
    assert injected > 0
    assert all(r.error and "model call failed" in r.error for r in errors)
    assert result.metrics["errors"] == len(errors)
    assert result.metrics["passed"] + result.metrics["failed"] + result.metrics["errors"] == 20
    # retried calls are visible: some transcripts needed more than one HTTP attempt
    attempts = [c.attempts for r in records.values() if r.transcript for c in r.transcript.calls]
    assert max(attempts) >= 2


# =========================================================================== issue 8
# Real processes against the real mock server: one writer per folder, byte-identical reports, exit
# codes, inputs refused before any request, a sample deadline, no key in any file, read-only folders.
_cli_runner = CliRunner()


def _invoke(*args, env=None):
    return _cli_runner.invoke(app, [str(a) for a in args], env=env, catch_exceptions=False)


def _wait_for_lines(path, n, proc, timeout_s=120):
    deadline = time.monotonic() + timeout_s
    while _lines(path) < n and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.005)


def _report_json(run_dir, env=None) -> str:
    """`finprobe report RUN --format json` in its own process (its own hash seed, its own imports)."""
    proc = subprocess.run([sys.executable, "-m", "finprobe.cli", "report", str(run_dir), "--format", "json"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_a_second_run_on_the_same_folder_is_refused_at_once(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with MockServerThread(_reply, latency_s=1.0) as server:  # the first run takes ~10 s
        out = tmp_path / "run"
        first = subprocess.Popen(_cli(server.base_url, out), env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        _wait_for_lines(out, 2, first)
        assert first.poll() is None, first.stderr.read().decode()[-500:]
        for extra in ([], ["--fresh"]):
            before = (out / SAMPLES).read_bytes()
            t0 = time.monotonic()
            second = subprocess.run(_cli(server.base_url, out, *extra), env=env, capture_output=True, text=True,
                                    timeout=120)
            assert second.returncode == 2, second.stderr
            lines = second.stderr.strip().splitlines()
            assert len(lines) == 1 and f"process {first.pid} is writing" in lines[0], second.stderr
            assert time.monotonic() - t0 < 60  # at once: it did not wait for the first to finish
            assert (out / SAMPLES).read_bytes().startswith(before)  # nothing deleted, nothing rewritten
        assert first.wait(timeout=300) == 0
        # the refused runs sent no request (not even a preflight); the first run's preflight sent one
        assert server.server.n_requests == 20 + 1
    ids = [json.loads(line)["sample_id"] for line in (out / SAMPLES).read_text().splitlines()]
    assert len(ids) == 20 and len(set(ids)) == 20  # one run's work, once
    assert json.loads((out / "metrics.json").read_text())["n"] == 20


def test_kill_and_resume_trials_report_byte_for_byte(tmp_path):
    """10 kill -9 / resume trials (every other one killed twice) report exactly what an uninterrupted run
    reports, and what their own metrics.json holds."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with MockServerThread(_reply, latency_s=0.05) as server:
        whole = tmp_path / "whole"
        subprocess.run(_cli(server.base_url, whole), env=env, capture_output=True, timeout=300, check=True)
        expected = _invoke("report", whole, "--format", "json").output
        assert expected == (whole / "metrics.json").read_text() + "\n"
        for trial in range(10):
            out = tmp_path / f"killed{trial}"
            kills = [2 + trial] + ([12 + trial // 2] if trial % 2 else [])
            for at in kills:
                proc = subprocess.Popen(_cli(server.base_url, out), env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
                _wait_for_lines(out, at, proc)
                proc.send_signal(signal.SIGKILL)
                proc.wait()
            resumed = subprocess.run(_cli(server.base_url, out), env=env, capture_output=True, text=True, timeout=300)
            assert resumed.returncode == 0, resumed.stderr[-2000:]
            ids = [json.loads(line)["sample_id"] for line in (out / SAMPLES).read_text().splitlines()]
            assert len(ids) == 20 and len(set(ids)) == 20, f"trial {trial}"
            got = _invoke("report", out, "--format", "json").output
            assert got == expected, f"trial {trial}: the report differs from the uninterrupted run's"
            assert (out / "metrics.json").read_text() + "\n" == expected, f"trial {trial}: metrics.json differs"


def test_report_ignores_line_order_and_hash_seed(tmp_path):
    """Reversing samples.jsonl, or another process with another hash seed, gives the same bytes, and those
    are the folder's own metrics.json (reasoning, and ambiguity with its hundreds of metrics)."""
    runs = {"reasoning": ["--agent", "reference"], "ambiguity": ["--agent", "oracle"]}
    for family, agent in runs.items():
        out = tmp_path / family
        r = _invoke("run", family, *agent, "--out", out, "--no-progress")
        assert r.exit_code == 0, r.output
        stored = (out / "metrics.json").read_text() + "\n"
        assert _report_json(out, {"PYTHONHASHSEED": "1"}) == stored
        lines = (out / SAMPLES).read_text().splitlines()
        (out / SAMPLES).write_text("\n".join(reversed(lines)) + "\n")
        assert _report_json(out, {"PYTHONHASHSEED": "2"}) == stored, family
        assert _invoke("report", out, "--format", "json").output == stored


def test_no_sample_scored_exits_non_zero_with_the_reasons(tmp_path):
    # without the preflight (which stops this run before its first sample, tests/test_first_contact.py)
    r = _cli_runner.invoke(app, ["run", "reasoning", "--agent", "openai:m", "--base-url", "http://127.0.0.1:9/v1",
                                 "--set", "agent.max_retries=0", "--sample-retries", "0", "--limit", "3",
                                 "--out", str(tmp_path / "run"), "--no-progress", "--no-preflight"])
    assert r.exit_code == 1, r.output
    last = r.output.strip().splitlines()[-1]
    assert last.startswith("error: no sample was scored") and "3 of 3 samples ended in error" in last
    assert "3 × model call failed after retries: ClientConnectorError" in last


def test_partial_errors_exit_zero_and_are_listed(tmp_path):
    with MockServerThread(_reply, schedule=["400", "400"]) as server:
        # the faults are scheduled per request: no preflight request may take one
        r = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", server.base_url, "--limit", "5",
                    "--concurrency", "1", "--out", tmp_path / "run", "--no-progress", "--no-preflight")
    assert r.exit_code == 0, r.output
    assert "2 samples ended in error" in r.output
    last = r.output.strip().splitlines()[-1]
    assert "2 errors (2 × model call failed (not retryable): HTTP 400: injected fault 400)" in last


def test_a_malformed_corpus_is_refused_before_any_request(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"passage_id": "p1", "text": "ok"}\n{"passage_id": "p2", "text": ["not", "text"]}\n')
    with MockServerThread(default_reply='{"action": "answer", "value": "1"}') as server:
        for command in ("run", "validate"):
            args = [command, "ambiguity", "--agent", "openai:m", "--base-url", server.base_url, "--corpus", corpus]
            if command == "run":
                args += ["--out", tmp_path / "run", "--no-progress"]
            r = _invoke(*args)
            assert r.exit_code == 2 and f"{corpus}:2" in r.output, r.output
        assert server.server.n_requests == 0
    assert not (tmp_path / "run").exists() or not any((tmp_path / "run").glob("samples.jsonl"))


def test_a_hung_server_costs_one_sample_deadline_not_24_minutes(tmp_path):
    from finprobe.core.store import RunStore as Store

    with MockServerThread(_reply, schedule=["hang"], hang_s=600) as server:
        t0 = time.monotonic()
        # the hang is scheduled for the first request: a sample's, not a preflight's (see test_first_contact)
        r = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", server.base_url, "--limit", "2",
                    "--concurrency", "2", "--sample-timeout", "1.5", "--out", tmp_path / "run", "--no-progress",
                    "--no-preflight")
        took = time.monotonic() - t0
        assert r.exit_code == 0, r.output
        assert took < 120  # the HTTP timeout alone is 120 s, times 6 attempts, times 2 sample attempts
        records = Store(tmp_path / "run").load_records()
        errors = [rec for rec in records.values() if rec.status == SampleStatus.error]
        assert len(errors) == 1 and errors[0].error.startswith("sample deadline exceeded: not finished after 1.5 s")
        assert "sample deadline exceeded" in r.output
        # operational: another deadline resumes the same run (it is not part of the fingerprint)
        again = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", server.base_url, "--limit", "2",
                        "--sample-timeout", "30", "--out", tmp_path / "run", "--no-progress")
    assert again.exit_code == 0, again.output
    assert "1 samples run, 1 resumed" in " ".join(again.output.split())


def test_a_key_reflected_by_the_server_is_in_no_file(tmp_path, monkeypatch):
    key = "sk-reflect-0123456789abcdef"
    monkeypatch.setenv("FINPROBE_REFLECT_KEY", key)
    monkeypatch.setenv("FINPROBE_CACHE_DIR", str(tmp_path / "cache"))

    def reflect(body):  # a server that echoes the caller's credentials back inside a good reply
        return f"Your key is {key}. " + _reply(body)

    out = tmp_path / "run"
    with MockServerThread(reflect, expected_api_key=key) as server:
        r = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", server.base_url, "--api-key-env",
                    "FINPROBE_REFLECT_KEY", "--limit", "4", "--cache", "--out", out, "--no-progress")
        assert r.exit_code == 0, r.output
        assert all(entry.auth_ok for entry in server.server.log)  # the key was really sent
        again = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", server.base_url, "--api-key-env",
                        "FINPROBE_REFLECT_KEY", "--limit", "4", "--cache", "--out", tmp_path / "cached",
                        "--no-progress")  # served from the cache
    outputs = [r.output, again.output]
    for fmt in ("json", "csv", "html", "table"):
        outputs.append(_invoke("report", out, "--format", fmt, "--output", tmp_path / f"r.{fmt}").output)
    outputs.append(_invoke("rescore", out).output)
    scanned = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert len(scanned) >= 10
    for path in scanned:
        assert key.encode() not in path.read_bytes(), path
    assert all(key not in text for text in outputs)
    assert "***" in (out / SAMPLES).read_text()


def test_a_key_inside_the_base_url_is_refused_and_stored_nowhere(tmp_path):
    r = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", "http://user:sk-url-key-999999@127.0.0.1:9/v1",
                "--out", tmp_path / "run", "--no-progress")
    assert r.exit_code == 2 and "credentials" in r.output and "sk-url-key" not in r.output
    assert not (tmp_path / "run").exists()


class _EscapingHandler(http.server.BaseHTTPRequestHandler):
    """An endpoint whose error body carries terminal escape sequences (retitle, colour, clear screen)."""

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = json.dumps({"error": {"message": "bad\x1b]0;pwned\x07 request\x1b[2J\x1b[31m red\x9b1m"}}).encode()
        self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_server_error_text_reaches_the_terminal_without_escapes(tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _EscapingHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        r = _invoke("run", "reasoning", "--agent", "openai:m", "--base-url", url, "--limit", "2",
                    "--out", tmp_path / "run", "--no-progress")
    finally:
        server.shutdown()
    assert r.exit_code == 1
    assert "\x1b" not in r.output and "\x9b" not in r.output and "\x07" not in r.output
    assert "HTTP 400: bad request red" in r.output
    stored = (tmp_path / "run" / SAMPLES).read_text()
    assert "\\u001b" not in stored and "\\u009b" not in stored


def test_rescore_takes_the_lock_and_report_reads_without_it(tmp_path):
    out = tmp_path / "run"
    assert _invoke("run", "reasoning", "--agent", "reference", "--limit", "3", "--out", out,
                   "--no-progress").exit_code == 0
    holder = RunStore(out)
    holder.lock()  # as a run still writing there would
    try:
        r = _cli_runner.invoke(app, ["rescore", str(out)])
        assert r.exit_code == 2 and "is writing this run folder" in r.output
        assert json.loads(_invoke("report", out, "--format", "json").output)["n"] == 3
    finally:
        holder.close()
    assert _invoke("rescore", out).exit_code == 0


def _without_dac_override(cmd):
    """Run `cmd` so that file permissions apply (root ignores them unless it drops CAP_DAC_OVERRIDE)."""
    if os.geteuid() != 0:
        return cmd
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: read-only folders cannot be tested here")
    return [setpriv, "--inh-caps=-dac_override,-dac_read_search",
            "--bounding-set=-dac_override,-dac_read_search", "--", *cmd]


def test_read_only_run_folders_give_one_line_and_a_finished_run_rewrites_nothing(tmp_path):
    base = [sys.executable, "-m", "finprobe.cli", "run", "reasoning", "--agent", "reference", "--limit", "3",
            "--no-progress", "--out"]
    locked_parent = tmp_path / "ro"
    locked_parent.mkdir()
    empty = tmp_path / "empty"
    empty.mkdir()
    finished = tmp_path / "finished"
    assert _invoke("run", "reasoning", "--agent", "reference", "--limit", "3", "--out", finished,
                   "--no-progress").exit_code == 0
    partial = tmp_path / "partial"
    shutil.copytree(finished, partial)
    lines = (partial / SAMPLES).read_text().splitlines()
    (partial / SAMPLES).write_text(lines[0] + "\n")
    stamps = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in finished.iterdir()}
    for folder in (locked_parent, empty, finished, partial):
        for path in [folder, *folder.iterdir()]:
            path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        cases = {locked_parent / "new": "cannot create the run folder", empty: "cannot write in the run folder",
                 partial: "cannot open for writing"}
        for target, message in cases.items():
            proc = subprocess.run(_without_dac_override([*base, str(target)]), capture_output=True, text=True,
                                  timeout=300, cwd=tmp_path)
            assert proc.returncode == 2, (target, proc.stderr)
            assert proc.stderr.count("\n") == 1 and message in proc.stderr and "Traceback" not in proc.stderr
        proc = subprocess.run(_without_dac_override([*base, str(finished)]), capture_output=True, text=True,
                              timeout=300, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "0 samples run, 3 resumed" in " ".join(proc.stdout.split())
        assert {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in finished.iterdir()} == stamps
        html = subprocess.run(_without_dac_override([sys.executable, "-m", "finprobe.cli", "report", str(finished),
                                                     "--format", "html", "--output", str(finished / "r.html")]),
                              capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert html.returncode == 2 and html.stderr.count("\n") == 1 and "r.html" in html.stderr
    finally:
        for folder in (locked_parent, empty, finished, partial):
            for path in [folder, *folder.iterdir()]:
                path.chmod(0o755 if path.is_dir() else 0o644)
