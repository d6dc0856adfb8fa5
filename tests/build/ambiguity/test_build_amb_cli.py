"""`finprobe build ambiguity`: the demo end to end (its output runs through `finprobe run ambiguity`), real
model roles over HTTP against the local OpenAI-compatible server, and a SIGKILLed build that resumes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from finprobe.build.ambiguity.demo import DemoScript, demo_companyfacts_path, demo_passages_path
from finprobe.cli import _verifier_roles, app
from finprobe.core.schema import GenerateConfig, Message
from finprobe.testing.mock_server import MockServerThread

runner = CliRunner()
QUOTA = ["--quota", "entity=0.3", "--quota", "metric=0.3", "--quota", "temporal=0.08", "--quota", "recognition=0.17",
         "--quota", "vintage=0.15"]


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def demo_out(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo-build")
    r = invoke("build", "ambiguity", "--demo", "--out", out)
    assert r.exit_code == 0, r.output
    assert "admission" in r.output and "accepted 11 of target 12" in r.output
    flat = " ".join(r.output.replace("│", " ").split())
    assert "every failed rule: R1 1, R2 1, R3 1, R7 1, R14 1" in flat
    return out


def _metrics(run_dir: Path) -> dict:
    r = invoke("report", run_dir, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_demo_writes_release_instances_and_funnel(demo_out):
    assert (demo_out / "instances.jsonl").is_file() and (demo_out / "funnel.json").is_file()
    funnel = json.loads((demo_out / "funnel.json").read_text())
    assert funnel["accepted"] == 11 and len((demo_out / "instances.jsonl").read_text().splitlines()) == 11


@pytest.mark.parametrize("agent,accuracy,default_capture", [("oracle", 1.0, 0.0), ("default", 0.0, 1.0),
                                                            ("ask-then-oracle", 1.0, 0.0)])
def test_built_instances_run_through_the_ambiguity_family(demo_out, tmp_path, agent, accuracy, default_capture):
    run_dir = tmp_path / agent
    r = invoke("run", "ambiguity", "--data", demo_out / "instances.jsonl", "--corpus", demo_out / "corpus.jsonl",
               "--agent", agent, "--out", run_dir, "--no-progress")
    assert r.exit_code == 0, r.output
    m = _metrics(run_dir)
    assert m["n"] == 11 and m["errors"] == 0
    assert m["accuracy"] == accuracy and m["default_capture"] == default_capture
    if agent == "ask-then-oracle":  # the family's classifier puts each template question in the gold category
        assert m["ac1_touch"] == 1.0


def test_resumed_demo_builds_nothing(demo_out):
    r = invoke("build", "ambiguity", "--demo", "--out", demo_out)
    assert r.exit_code == 0 and "0 candidates built, 22 resumed" in r.output


def _mock_reply(script: DemoScript):
    def reply(body: dict) -> str:
        messages = [Message(role=m["role"], content=m["content"]) for m in body["messages"]]
        if messages[0].content.startswith("You construct instances"):
            return script.construct(messages, GenerateConfig())
        return script.verify(messages, GenerateConfig())
    return reply


def test_real_http_roles_with_prices_and_a_key_never_written(demo_out, tmp_path, monkeypatch):
    key = "sk-finprobe-build-test-91c2"
    monkeypatch.setenv("FINPROBE_BUILD_KEY", key)
    prices = tmp_path / "prices.yaml"
    prices.write_text("ctor-model: {input: 2.0, output: 8.0}\nverif-a: {input: 1.0, output: 4.0}\n")
    out = tmp_path / "http"
    with MockServerThread(_mock_reply(DemoScript()), expected_api_key=key) as server:
        r = invoke("build", "ambiguity", "--passages", demo_passages_path(), "--xbrl", demo_companyfacts_path(),
                   "--out", out, "--target", 12, *QUOTA, "--constructor", "openai:ctor-model",
                   "--verifier", "openai:verif-a*5", "--verifier", "openai:verif-b*5", "--base-url", server.base_url,
                   "--api-key-env", "FINPROBE_BUILD_KEY", "--prices", prices, "--concurrency", 2, "--format", "json")
        log = server.server.log
    assert r.exit_code == 0, r.output
    assert log and all(entry.auth_ok for entry in log)
    funnel = json.loads(r.output)
    demo_funnel = json.loads((demo_out / "funnel.json").read_text())
    assert funnel["steps"] == demo_funnel["steps"]  # the same decisions over HTTP as with scripted backends
    roles = funnel["cost"]["by_role"]
    assert set(roles) == {"constructor", "verifier-1", "verifier-2"}
    ctor = roles["constructor"]
    assert ctor["cost_usd"] == pytest.approx((ctor["input_tokens"] * 2.0 + ctor["output_tokens"] * 8.0) / 1e6)
    assert roles["verifier-2"]["cost_usd"] == 0.0  # no price for verif-b: unknown, reported as 0
    assert roles["verifier-1"]["calls"] >= 5 * funnel["steps"][4]["in"]
    for path in out.rglob("*"):
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path


def test_verifier_roles_split_trials():
    assert _verifier_roles([], "local", 10) == [("verifier", "local", 10)]
    assert _verifier_roles(["openai:a", "openai:b"], "local", 10) == [("verifier-1", "openai:a", 5),
                                                                     ("verifier-2", "openai:b", 5)]
    assert _verifier_roles(["openai:a*7", "openai:b"], "local", 10) == [("verifier-1", "openai:a", 7),
                                                                       ("verifier-2", "openai:b", 3)]
    assert _verifier_roles(["openai:a", "openai:b", "openai:c"], "x", 10)[0][2] == 4


@pytest.mark.parametrize("args,message", [
    (["--demo", "--verifier", "openai:x"], "--demo runs the scripted roles"),
    ([], "give --passages"),
    (["--passages", "missing.jsonl"], "cannot read passages"),
    (["--demo", "--quota", "liquidity=1"], "--quota expects"),
    (["--passages", str(demo_passages_path()), "--constructor", "gpt5"], "unknown model spec"),
])
def test_user_errors_are_one_line(tmp_path, args, message):
    r = invoke("build", "ambiguity", "--out", tmp_path / "o", *args)
    assert r.exit_code == 2 and message in r.output


# --------------------------------------------------------------------------- a real process, killed
def _cli(base_url: str, out: Path) -> list[str]:
    return [sys.executable, "-m", "finprobe.cli", "build", "ambiguity", "--passages", str(demo_passages_path()),
            "--xbrl", str(demo_companyfacts_path()), "--out", str(out), "--target", "12", *QUOTA,
            "--constructor", "openai:mock", "--verifier", "openai:mock", "--base-url", base_url,
            "--concurrency", "1", "--format", "json"]


def _lines(path: Path) -> int:
    try:
        return (path / "samples.jsonl").read_text().count("\n")
    except FileNotFoundError:
        return 0


def test_sigkill_mid_build_then_resume_gives_the_same_instances(tmp_path):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    # Each server gets its own script: the demo verifier numbers its replies per question.
    with MockServerThread(_mock_reply(DemoScript()), latency_s=0.05) as server:
        killed = tmp_path / "killed"
        proc = subprocess.Popen(_cli(server.base_url, killed), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120
        while _lines(killed) < 4 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        assert proc.poll() is None, f"build ended before it could be killed: {proc.stderr.read().decode()[-500:]}"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        done_before = _lines(killed)
        assert 4 <= done_before < 22
    with MockServerThread(_mock_reply(DemoScript()), latency_s=0.0) as server:
        resumed = subprocess.run(_cli(server.base_url, killed), env=env, capture_output=True, text=True, timeout=300)
        n_requests_resume = server.server.n_requests
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    with MockServerThread(_mock_reply(DemoScript())) as server:
        reference = subprocess.run(_cli(server.base_url, tmp_path / "ref"), env=env, capture_output=True, text=True,
                                   timeout=300)
        n_requests_full = server.server.n_requests
    assert reference.returncode == 0, reference.stderr[-2000:]
    assert sorted((killed / "instances.jsonl").read_text().splitlines()) == \
        sorted((tmp_path / "ref" / "instances.jsonl").read_text().splitlines())
    assert json.loads(resumed.stdout)["steps"] == json.loads(reference.stdout)["steps"]
    assert _lines(killed) == _lines(tmp_path / "ref")  # no candidate stored twice
    assert n_requests_resume < n_requests_full  # finished candidates were not built again
