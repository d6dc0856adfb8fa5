"""`finprobe build multihop`: the demo and a market file end to end (the output runs through `finprobe run
multihop` with the gold-path policy scoring 1.0), model roles over HTTP against the local OpenAI-compatible
server with prices and a key that is never written, user errors, and a SIGKILLed build that resumes."""

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

from finprobe.benchmarks.multihop import load_chains
from finprobe.benchmarks.multihop.market import write_demo_market
from finprobe.cli import app
from finprobe.testing.mock_server import MockServerThread

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def demo_out(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("mh-cli") / "demo"
    r = invoke("build", "multihop", "--demo", "--out", out, "--n", 36, "--seed", 5)
    assert r.exit_code == 0, r.output
    assert "accepted 36 of 36" in r.output and "single-hop QA" in r.output
    return out


def _report(run_dir: Path) -> dict:
    r = invoke("report", run_dir, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_demo_build_runs_through_the_family_with_the_gold_path_policy_scoring_one(demo_out, tmp_path):
    chains = load_chains(demo_out / "chains.json")
    assert len(chains) == 36 and {c.k for c in chains} == {1, 2, 3, 4, 5, 6}
    funnel = json.loads((demo_out / "funnel.json").read_text(encoding="utf-8"))
    assert funnel["accepted"] == 36
    run = tmp_path / "run"
    r = invoke("run", "multihop", "--data", demo_out / "chains.json", "--agent", "gold-path", "--out", run)
    assert r.exit_code == 0, r.output
    m = _report(run)
    assert m["n"] == 36 and m["score"] == pytest.approx(1.0) and m["final_accuracy"] == 1.0
    assert {int(k) for k in m["by_hops"]} == {1, 2, 3, 4, 5, 6}
    assert all(v["score"] == pytest.approx(1.0) for v in m["by_hops"].values())
    r = invoke("doctor", "multihop", "--data", demo_out / "chains.json", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.output)["findings"] == []


def test_json_funnel_and_resume_builds_nothing(demo_out):
    r = invoke("build", "multihop", "--demo", "--out", demo_out, "--n", 36, "--seed", 5, "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == json.loads((demo_out / "funnel.json").read_text(encoding="utf-8"))


def test_a_market_file_builds_and_runs_with_its_market_option(tmp_path):
    market = write_demo_market(tmp_path / "market.sqlite")
    out = tmp_path / "out"
    r = invoke("build", "multihop", "--db", market, "--out", out, "--n", 12, "--depths", "2,4", "--depth-weights",
               "1,2", "--languages", "zh", "--seed", 1)
    assert r.exit_code == 0, r.output
    chains = load_chains(out / "chains.json")
    assert {c.k for c in chains} <= {2, 4} and {c.language for c in chains} == {"zh"}
    assert {c.market for c in chains} == {str(market.resolve())}
    run = tmp_path / "run"
    r = invoke("run", "multihop", "--data", out / "chains.json", "--agent", "gold-path", "--out", run,
               "-O", f"market={market}")
    assert r.exit_code == 0, r.output
    assert _report(run)["score"] == pytest.approx(1.0)


@pytest.mark.parametrize(("args", "message"), [
    ((), "--db MARKET.sqlite or --demo"),
    (("--demo", "--db", "x.sqlite"), "--db MARKET.sqlite or --demo"),
    (("--demo", "--depths", "0-9"), "--depths"),
    (("--demo", "--depths", "1-3", "--depth-weights", "1,2"), "--depth-weights"),
    (("--demo", "--languages", "fr"), "--languages"),
    (("--db", "no/such/market.sqlite"), "no such market database file"),
])
def test_user_errors_are_one_line(tmp_path, args, message):
    r = invoke("build", "multihop", "--out", tmp_path / "o", *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def _mock_reply(body: dict) -> str:
    system = body["messages"][0]["content"]
    user = body["messages"][-1]["content"]
    if "question critic" in system:
        return json.dumps({"verdict": "pass", "problems": []})
    question = user.split("Question:\n", 1)[1]
    return json.dumps({"question": question.replace("Take the", "Consider the")})


def test_http_roles_with_prices_and_a_key_never_written(tmp_path, monkeypatch):
    key = "sk-finprobe-mh-build-test-5d1e"
    monkeypatch.setenv("FINPROBE_MH_KEY", key)
    prices = tmp_path / "prices.yaml"
    prices.write_text("critic-model: {input: 1.0, output: 4.0}\npara-model: {input: 2.0, output: 8.0}\n")
    out = tmp_path / "http"
    with MockServerThread(_mock_reply, expected_api_key=key) as server:
        r = invoke("build", "multihop", "--demo", "--out", out, "--n", 8, "--seed", 2, "--languages", "en",
                   "--critic", "openai:critic-model", "--paraphraser", "openai:para-model", "--base-url",
                   server.base_url, "--api-key-env", "FINPROBE_MH_KEY", "--prices", prices, "--concurrency", 3,
                   "--format", "json")
        log = server.server.log
    assert r.exit_code == 0, r.output
    assert log and all(entry.auth_ok for entry in log)
    funnel = json.loads(r.output)
    roles = funnel["cost"]["by_role"]
    assert set(roles) == {"critic", "paraphraser"}
    c = roles["critic"]
    assert c["calls"] >= 8 and c["cost_usd"] == pytest.approx((c["input_tokens"] * 1.0 + c["output_tokens"] * 4.0) / 1e6)
    assert funnel["cost"]["total_usd"] > 0
    chains = load_chains(out / "chains.json")
    assert len(chains) == 8 and all(ch.meta["paraphrase"]["adopted"] for ch in chains)
    for path in out.rglob("*"):
        if path.is_file():
            assert key.encode() not in path.read_bytes(), path


def _cli(out: Path) -> list[str]:
    return [sys.executable, "-m", "finprobe.cli", "build", "multihop", "--demo", "--out", str(out), "--n", "400",
            "--seed", "9", "--format", "json"]


def test_sigkill_mid_build_then_resume_gives_the_same_chains(tmp_path):
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    killed = tmp_path / "killed"
    proc = subprocess.Popen(_cli(killed), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    samples = killed / "samples.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline:
        if samples.exists() and samples.read_bytes().count(b"\n") >= 150:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    stored = samples.read_bytes().count(b"\n")
    assert stored >= 150 and not (killed / "chains.json").exists()
    resumed = subprocess.run(_cli(killed), env=env, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    reference = subprocess.run(_cli(tmp_path / "ref"), env=env, capture_output=True, text=True, timeout=300)
    assert reference.returncode == 0, reference.stderr[-2000:]
    assert (killed / "chains.json").read_bytes() == (tmp_path / "ref" / "chains.json").read_bytes()
    funnel = json.loads(resumed.stdout)
    assert funnel["accepted"] == 400
