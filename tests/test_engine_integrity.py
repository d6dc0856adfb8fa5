"""Issue 28: numbers that never depend on how a run got there, and a store that can be repaired.

Real processes, the real HTTP client, the real mock server on 127.0.0.1 and the real FinQA dev file:
- `report` is a function of the run folder alone (the data file moved, deleted, the folder copied);
- a record that is not a trial of the run is never counted;
- a damaged `samples.jsonl` is repaired (`finprobe repair`) and the same command completes it;
- `--concurrency 256` means 256 requests in flight;
- deleting `run.lock` during a run admits no second writer;
- SIGINT / SIGTERM / SIGHUP: one line (what is stored, the command that resumes), exit 130 / 143 / 129;
- a folder scored by an older scorer is brought forward by `rescore`, and resume names what changed.
"""

from __future__ import annotations

import base64
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import zlib

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.reasoning import BENCHMARK, reference_value
from finprobe.cli import app
from finprobe.core.store import REMOVED, SAMPLES
from finprobe.testing.mock_server import MockServerThread

_cli = CliRunner()
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def _invoke(*args):
    return _cli.invoke(app, [str(a) for a in args], catch_exceptions=False)


def _references(data=None) -> dict[str, object]:
    refs = {}
    for s in BENCHMARK.load(data, BENCHMARK.parse_options({})):
        try:
            value, _ = reference_value(s.data)
        except Exception:  # noqa: BLE001 - a task without a computable reference: answered wrong
            continue
        refs[s.data["qa"]["question"]] = value
    return refs


def _mixed_replies(refs):
    """Right for about two questions in three (by a hash of the question), wrong for the rest: a pass rate
    whose confidence interval depends on the order of the samples."""
    def reply(body):
        prompt = body["messages"][-1]["content"]
        for question, value in refs.items():
            if question in prompt:
                return f"ANSWER: {value if zlib.crc32(question.encode()) % 3 else 12345}"
        return "ANSWER: 0"
    return reply


def _run_cmd(base_url, out, *extra):
    return [sys.executable, "-m", "finprobe.cli", "run", "reasoning", "--agent", "openai:mock", "--base-url",
            base_url, "--out", str(out), "--no-progress", *extra]


def _report(run_dir) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "finprobe.cli", "report", str(run_dir), "--format", "json"],
                          capture_output=True, text=True, timeout=300, env=ENV)


def _requests(server) -> tuple[int, int]:
    """Chat requests the mock received: (the samples', the preflights') -- a preflight (issue 27) asks for
    one token (`max_tokens` 1) before a run's first sample; a sample's request never does."""
    preflights = sum(1 for entry in server.server.log if (entry.body or {}).get("max_tokens") == 1)
    return server.server.n_requests - preflights, preflights


def _lines(run_dir) -> int:
    try:
        return (run_dir / SAMPLES).read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _wait_for_lines(run_dir, n, proc, timeout_s=120):
    deadline = time.monotonic() + timeout_s
    while _lines(run_dir) < n and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.005)


# --------------------------------------------------------------------------- item 1
def test_report_is_a_function_of_the_run_folder_alone(tmp_path, finqa_dev):
    """200 real FinQA tasks: moving the data file, deleting it, or copying the folder elsewhere changes no
    byte of `report --format json`, which is the folder's own metrics.json, and nothing is warned."""
    data = tmp_path / "finqa200.json"
    data.write_text(json.dumps(json.loads(finqa_dev.read_text())[:200]))
    out = tmp_path / "run"
    with MockServerThread(_mixed_replies(_references(str(data)))) as server:
        proc = subprocess.run(_run_cmd(server.base_url, out, "--data", str(data), "--concurrency", "16"),
                              capture_output=True, text=True, timeout=600, env=ENV)
    assert proc.returncode == 0, proc.stderr[-2000:]
    first = _report(out)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    metrics = json.loads(first.stdout)
    assert 0.3 < metrics["pass_rate"] < 0.9 and metrics["pass_rate_ci_low"] < metrics["pass_rate"]
    assert first.stdout == (out / "metrics.json").read_text() + "\n"
    data.rename(tmp_path / "elsewhere.json")
    moved = _report(out)
    assert moved.stdout == first.stdout and moved.stderr == ""
    (tmp_path / "elsewhere.json").unlink()
    copy = tmp_path / "another" / "machine" / "run"
    shutil.copytree(out, copy)
    copied = _report(copy)
    assert copied.stdout == first.stdout and copied.stderr == ""


# --------------------------------------------------------------------------- item 2
def test_a_record_of_another_sample_or_epoch_is_never_counted(tmp_path):
    out = tmp_path / "run"
    assert _invoke("run", "reasoning", "--agent", "reference", "--out", out, "--no-progress").exit_code == 0
    before = json.loads((out / "metrics.json").read_text())
    line = (out / SAMPLES).read_text().splitlines()[0]
    record = json.loads(line)
    with open(out / SAMPLES, "a") as fh:
        fh.write(json.dumps({**record, "sample_id": "not-in-the-data"}) + "\n")
        fh.write(json.dumps({**record, "epoch": 2}) + "\n")
    r = _invoke("report", out, "--format", "json")
    assert r.exit_code == 0
    text = r.output
    warning = [x for x in text.splitlines() if x.startswith("warning:")]
    assert len(warning) == 1 and "2 stored records are not trials of this run" in warning[0]
    metrics = json.loads(text[text.index("{"):])
    assert metrics["n"] == before["n"] == 20 and metrics["passed"] == before["passed"]
    assert metrics["run"]["n_stored"] == 20 and metrics["run"]["n_foreign"] == 2 and metrics["run"]["n_missing"] == 0
    assert {k: v for k, v in metrics.items() if k != "run"} == {k: v for k, v in before.items() if k != "run"}
    resumed = _invoke("run", "reasoning", "--agent", "reference", "--out", out, "--no-progress")
    assert resumed.exit_code == 0 and "0 samples run, 20 resumed" in " ".join(resumed.output.split())
    repaired = _invoke("repair", out)
    assert repaired.exit_code == 0 and "moved 2" in repaired.output and "foreign" in repaired.output
    assert json.loads((out / "metrics.json").read_text()) == before


# --------------------------------------------------------------------------- item 3
def _damage(path):
    """Cut line 3 short, overwrite line 7 with bytes that are not UTF-8, drop line 11's status."""
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2][: len(lines[2]) // 2]
    lines[6] = b"\xff\xfe\x00 not a record \x80"
    lines[10] = lines[10].replace(b'"status":"scored",', b"")
    path.write_bytes(b"\n".join(lines))
    return lines


def test_a_damaged_store_is_repaired_and_the_same_run_completes_it(tmp_path):
    demo = BENCHMARK.load(None, BENCHMARK.parse_options({}))
    whole, damaged = tmp_path / "whole", tmp_path / "damaged"
    with MockServerThread(_mixed_replies(_references())) as server:
        for out in (whole, damaged):
            proc = subprocess.run(_run_cmd(server.base_url, out, "--concurrency", "4"), capture_output=True,
                                  text=True, timeout=300, env=ENV)
            assert proc.returncode == 0, proc.stderr[-2000:]
        expected = _report(whole).stdout
        assert 0 < json.loads(expected)["passed"] < 20
        original = (damaged / SAMPLES).read_bytes().split(b"\n")
        damaged_lines = _damage(damaged / SAMPLES)
        cut_id = json.loads(original[2])["sample_id"]

        # report and resume stop at the first damaged line, naming it and the way on
        for argv in (["report", damaged, "--format", "json"],
                     ["run", "reasoning", "--agent", "openai:mock", "--base-url", server.base_url, "--out", damaged,
                      "--no-progress"]):
            r = _cli.invoke(app, [str(a) for a in argv])
            assert r.exit_code == 2, r.output
            last = r.output.strip().splitlines()[-1]
            assert f"{damaged / SAMPLES}:3: unreadable record (not JSON" in last, last
            assert f"finprobe repair {damaged}" in last, last

        r = _invoke("repair", damaged)
        assert r.exit_code == 0, r.output
        summary = " ".join(r.output.split())
        assert "kept 17 of 20 lines; moved 3" in summary and "runs 3 trials" in summary, summary
        side = [json.loads(x) for x in (damaged / REMOVED).read_text().splitlines()]
        assert [e["line"] for e in side] == [3, 7, 11]
        assert side[0]["sample_id"] == cut_id and side[0]["text"].encode() == damaged_lines[2] + b"\n"
        assert base64.b64decode(side[1]["base64"]) == damaged_lines[6] + b"\n"  # the exact bytes
        assert side[1]["reason"].startswith("not UTF-8") and "no 'status' field" in side[2]["reason"]
        kept = (damaged / SAMPLES).read_bytes().split(b"\n")
        assert kept[:-1] == [x for i, x in enumerate(original[:-1]) if i not in (2, 6, 10)]  # byte for byte

        proc = subprocess.run(_run_cmd(server.base_url, damaged, "--concurrency", "4"), capture_output=True,
                              text=True, timeout=300, env=ENV)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "3 samples run, 17 resumed" in " ".join(proc.stdout.split())
        n_requests, n_preflights = _requests(server)
    assert n_requests == 20 + 20 + 3  # two whole runs, then exactly the removed samples
    # one preflight per invocation: both whole runs, the resume refused on the damaged store (the damage is
    # found when the store opens, after the preflight), and the completing run
    assert n_preflights == 4
    ids = [json.loads(x)["sample_id"] for x in (damaged / SAMPLES).read_text().splitlines()]
    assert sorted(ids) == sorted(s.id for s in demo)
    assert _report(damaged).stdout == expected


def test_a_record_missing_a_field_names_the_field(tmp_path):
    out = tmp_path / "run"
    assert _invoke("run", "reasoning", "--agent", "reference", "--limit", "3", "--out", out,
                   "--no-progress").exit_code == 0
    lines = (out / SAMPLES).read_text().splitlines()
    lines[1] = lines[1].replace('"status":"scored",', "")
    (out / SAMPLES).write_text("\n".join(lines) + "\n")
    r = _cli.invoke(app, ["report", str(out)])
    assert r.exit_code == 2 and "samples.jsonl:2: unreadable record (the record has no 'status' field)" in r.output


# --------------------------------------------------------------------------- item 4
def test_concurrency_256_puts_256_requests_in_flight(tmp_path, finqa_dev):
    out = tmp_path / "run"
    with MockServerThread(default_reply="ANSWER: 1", latency_s=2.0) as server:
        proc = subprocess.run(_run_cmd(server.base_url, out, "--data", str(finqa_dev), "--limit", "300",
                                       "--concurrency", "256", "--sample-retries", "0"),
                              capture_output=True, text=True, timeout=600, env=ENV)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert server.server.max_in_flight == 256
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["concurrency"] == 256


# --------------------------------------------------------------------------- item 8
def test_deleting_run_lock_during_a_run_admits_no_second_writer(tmp_path):
    out = tmp_path / "run"
    with MockServerThread(_mixed_replies(_references()), latency_s=1.0) as server:  # ~10 s at concurrency 2
        first = subprocess.Popen(_run_cmd(server.base_url, out, "--concurrency", "2"), env=ENV,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait_for_lines(out, 2, first)
        assert first.poll() is None, first.stderr.read().decode()[-500:]
        (out / "run.lock").unlink()
        second = subprocess.run(_run_cmd(server.base_url, out, "--concurrency", "2"), env=ENV,
                                capture_output=True, text=True, timeout=300)
        assert second.returncode == 2, second.stderr
        assert "is writing this run folder" in second.stderr and second.stderr.count("\n") == 1
        assert first.wait(timeout=300) == 0
        # the first run's 20 samples and its preflight; the second was refused before any request
        assert _requests(server) == (20, 1)
    ids = [json.loads(x)["sample_id"] for x in (out / SAMPLES).read_text().splitlines()]
    assert len(ids) == 20 and len(set(ids)) == 20


# --------------------------------------------------------------------------- item 6
@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_stops_the_run_with_a_summary_and_the_command_that_resumes(tmp_path, sig, status):
    out = tmp_path / "run"
    with MockServerThread(_mixed_replies(_references()), latency_s=0.3) as server:
        proc = subprocess.Popen(_run_cmd(server.base_url, out, "--concurrency", "2"), env=ENV,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        _wait_for_lines(out, 4, proc)
        assert proc.poll() is None
        proc.send_signal(sig)
        _, stderr = proc.communicate(timeout=120)
        assert proc.returncode == status, stderr
        lines = stderr.strip().splitlines()
        assert len(lines) == 1, stderr
        stored = _lines(out)
        name = signal.Signals(sig).name
        assert lines[0].startswith(f"interrupted by {name}: {stored} of 20 samples stored in {out}; resume with: "
                                   "finprobe run reasoning "), lines[0]
        command = shlex.split(lines[0].split("resume with: ", 1)[1])
        assert command[0] == "finprobe"
        again = subprocess.run([sys.executable, "-m", "finprobe.cli", *command[1:]], capture_output=True, text=True,
                               timeout=300, env=ENV)
    assert again.returncode == 0, again.stderr
    assert f"{20 - stored} samples run, {stored} resumed" in " ".join(again.stdout.split())


# --------------------------------------------------------------------------- item 7
def test_a_folder_from_an_older_scorer_is_brought_forward(tmp_path, monkeypatch):
    from finprobe.benchmarks.reasoning.benchmark import ReasoningBenchmark

    out = tmp_path / "run"
    argv = ["run", "reasoning", "--agent", "reference", "--limit", "5", "--out", str(out), "--no-progress"]
    assert _invoke(*argv).exit_code == 0
    old = ReasoningBenchmark.scorer_version
    monkeypatch.setattr(ReasoningBenchmark, "scorer_version", old + "-next")
    refused = _cli.invoke(app, argv)
    assert refused.exit_code == 2
    assert f"the scorer version ({old} → {old}-next)" in refused.output and f"finprobe rescore {out}" in refused.output
    warned = _cli.invoke(app, ["report", str(out), "--format", "json"])
    assert f"scored with reasoning scorer version {old}; this finprobe's is {old}-next" in warned.output
    r = _invoke("rescore", out, "--format", "json")
    assert r.exit_code == 0 and "warning" not in r.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["scorer_version"] == old + "-next"
    resumed = _invoke(*argv)
    assert resumed.exit_code == 0 and "0 samples run, 5 resumed" in " ".join(resumed.output.split())
    assert "warning" not in _invoke("report", out, "--format", "json").output


def test_a_refused_resume_names_each_change(tmp_path):
    out = tmp_path / "run"
    assert _invoke("run", "reasoning", "--agent", "reference", "--limit", "3", "--out", out,
                   "--no-progress").exit_code == 0
    r = _cli.invoke(app, ["run", "reasoning", "--agent", "human-answer", "--limit", "4", "--seed", "7", "--out",
                          str(out), "--no-progress"])
    assert r.exit_code == 2
    text = " ".join(r.output.split())
    for change in ("--seed (0 → 7)", "--limit (3 → 4)", "role agent (reference → human-answer)", "the data ("):
        assert change in text, text
    assert "finprobe rescore" not in text  # not only the scorer changed: rescoring would not help
