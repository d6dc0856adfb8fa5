"""The regret family through the engine and the CLI: issue 9's interface, baselines, personas, real model."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from finprobe.cli import app
from finprobe.core.families import load_family

KEYS = ("n", "reward", "regret", "n_regret", "success", "avg_turns", "avg_cost", "avg_penalty", "unsupported_rate",
        "forced_terminal_rate", "reference_reward", "baseline_reward", "by_persona")
HEADLINE = ("reward", "regret", "n_regret", "success", "avg_turns", "avg_cost", "avg_penalty", "forced_terminal_rate")


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def run_json(tmp_path, *args) -> dict:
    out = tmp_path / "run"
    result = invoke("run", "regret", *args, "--out", out, "--no-progress")
    assert result.exit_code == 0, result.output
    return json.loads(invoke("report", out, "--format", "json").output)


def test_family_is_registered():
    family = load_family("regret")
    assert {p.name for p in family.policies()} == {"planner", "immediate"}


def test_planner_has_zero_regret_and_the_baseline_its_margin(tmp_path):
    planner = run_json(tmp_path / "p", "--agent", "planner", "-O", "profile=full-cost")
    for key in KEYS:
        assert key in planner
    for key in HEADLINE:
        assert f"{key}_ci_low" in planner and f"{key}_ci_high" in planner
        assert planner[f"{key}_ci_low"] <= planner[key] <= planner[f"{key}_ci_high"]
    # cooperative persona: the planner's dialogues are deterministic, so its reward is its planned value
    assert planner["regret"] == pytest.approx(0.0, abs=1e-9)
    assert planner["reward"] == pytest.approx(planner["reference_reward"])
    # the default profile values the reference as the paper does (its commitment costs no tokens): the planner
    # played as an assistant pays its answers' tokens, a small positive regret
    paper = run_json(tmp_path / "pp", "--agent", "planner")
    assert paper["profile"] == "default@2" and 0 < paper["regret"] < 0.03
    assert paper["reference_reward"] == pytest.approx(planner["reference_reward"] + paper["regret"], abs=1e-9)
    immediate = run_json(tmp_path / "i", "--agent", "immediate", "-O", "profile=full-cost")
    assert immediate["reward"] == pytest.approx(immediate["baseline_reward"], abs=1e-9)
    assert immediate["regret"] == pytest.approx(immediate["reference_reward"] - immediate["baseline_reward"])
    assert immediate["n_regret"] == pytest.approx(1.0)


@pytest.mark.parametrize("persona", ["cooperative", "vague", "contradictory"])
def test_scripted_agent_under_each_persona(tmp_path, persona):
    from finprobe.core.aio import run_async
    from finprobe.core.models.scripted import ScriptedModel
    from finprobe.core.runner import Runner
    from finprobe.core.schema import RoleConfig, RunConfig

    # a fixed, plausible assistant: one generic question, then a (usually wrong) answer
    def reply(messages, config):
        asked = any(m.role == "assistant" for m in messages)
        if not asked:
            return '{"type": "ASK", "question_text": "Could you tell me which one you mean?"}'
        return '{"type": "ANSWER", "final_response": "I am not sure."}'

    config = RunConfig(benchmark="regret", roles={"agent": RoleConfig(spec="scripted")}, limit=5,
                       options={"persona": persona, "rollouts": "2"})
    result = run_async(Runner(config, tmp_path, benchmark=load_family("regret"), progress=False,
                              backends={"agent": ScriptedModel(reply)}).run())
    m = result.metrics
    assert m["n"] == 5 and m["errors"] == 0 and m["persona"] == persona
    assert m["avg_turns"] == pytest.approx(1.0)
    assert m["unsupported_rate"] == pytest.approx(1.0)  # a question about nothing the CIG knows
    assert m["success"] == 0.0 and m["regret"] > 0
    assert list(m["by_persona"]) == [persona]


def test_doctor_and_unknown_persona(tmp_path):
    result = invoke("doctor", "regret", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.output)["n"] == 32
    bad = invoke("run", "regret", "--persona", "grumpy", "--agent", "planner", "--out", tmp_path / "x")
    assert bad.exit_code == 2 and "unknown persona" in bad.output.lower()


@pytest.mark.shared_data
def test_build_from_real_pscon_writes_cigs_and_drops(tmp_path, shared_data):
    out = tmp_path / "cigs"
    result = invoke("build", "regret", "--from", "pscon", shared_data / "pscon" / "conversation_en.json", "--out",
                    out, "--format", "json")
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)
    assert counts["records"] == 242 and counts["cigs"] + counts["controls"] + counts["dropped"] == 242
    dropped = [json.loads(line) for line in (out / "dropped.jsonl").read_text().splitlines()]
    assert len(dropped) == counts["dropped"] and all(d["reason"] for d in dropped)
    report = run_json(tmp_path, "--data", out / "cigs.jsonl", "--agent", "immediate", "--limit", "10")
    assert report["n"] == 10


@pytest.mark.llama
def test_embedded_model_plays_regret_dialogues(tmp_path):
    if not os.environ.get("FINPROBE_REQUIRE_LLAMA"):
        pytest.importorskip("llama_cpp")
    report = run_json(tmp_path, "--agent", "local", "--limit", "1", "-O", "rollouts=1")
    assert report["n"] == 1 and report["errors"] == 0
    assert report["reward"] is not None and report["reward"] <= report["reference_reward"] + 1e-9
