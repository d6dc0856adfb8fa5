"""A killed run resumes without loss or duplication; injected faults never lose a sample.

Real processes, the real HTTP client and the real mock server on 127.0.0.1."""

import json
import os
import signal
import subprocess
import sys
import time

from finprobe.benchmarks.reasoning import BENCHMARK, reference_value
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
