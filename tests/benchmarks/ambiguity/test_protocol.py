"""The published protocol's options (issue 7 §6), each on its own and as `--protocol fininteract-paper`."""

from __future__ import annotations

import json

import pytest
from amb_eval_support import DEMO, agent_actions, answer, instance_of, records, run, scripted
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.cli import app
from finprobe.core.agent import action_text
from finprobe.core.schema import Outcome, StepKind

FIRST = "amb-demo-001"


async def test_max_asks_refuses_the_seventh_ask_and_does_not_count_it(tmp_path):
    def asker(messages):
        if agent_actions(messages).count("interact") < 8:
            return action_text("interact", question="Do you mean the consolidated figure?")
        return answer(instance_of(messages).answer)

    result = await run(tmp_path, backend=scripted(asker), options={"max_asks": 6, "max_rounds": 12}, limit=1)
    (record,) = records(tmp_path).values()
    refused = [s for s in record.transcript.steps if s.kind == StepKind.refused]
    assert [s.info["refused"] for s in refused] == ["ask_limit", "ask_limit"]
    assert "Refused [ask_limit]" in refused[0].observation
    assert record.transcript.info["asks"] == 6 and result.metrics["rounds"] == 6.0
    # every agent step counts in mean_steps (6 asks, 2 refused asks, the answer), accepted ones in mean_actions
    assert result.metrics["mean_steps"] == 9.0 and result.metrics["mean_actions"] == 7.0


async def test_an_unparseable_reply_is_the_final_answer_when_asked_for(tmp_path):
    def prose(messages):
        return f"The answer is {instance_of(messages).answer}."

    taken = await run(tmp_path / "a", backend=scripted(prose), options={"invalid_reply_as_answer": True}, limit=2)
    assert taken.metrics["accuracy"] == 1.0
    rec = records(tmp_path / "a")[FIRST]
    assert rec.transcript.outcome == Outcome.answered and rec.transcript.steps[-1].info["taken_as_answer"]
    default = await run(tmp_path / "b", backend=scripted(prose), limit=2)
    assert default.metrics["accuracy"] == 0.0
    assert records(tmp_path / "b")[FIRST].transcript.outcome == Outcome.no_answer_invalid


async def test_confidence_is_asked_in_a_separate_call(tmp_path):
    def agent(messages):
        if "how confident" in messages[-1].content:
            return "I would say 70%."
        return answer(instance_of(messages).answer, 95)

    result = await run(tmp_path, backend=scripted(agent), options={"confidence_call": True}, limit=3)
    rec = records(tmp_path)[FIRST]
    assert rec.transcript.final_args["confidence"] == 70.0
    assert rec.transcript.info["confidence_call"] == {"raw": "I would say 70%.", "parsed": 70.0,
                                                      "answer_confidence": 95.0}
    assert [m.role for m in rec.transcript.messages[-2:]] == ["user", "assistant"]
    # all three correct at 0.70: ECE = |1 - 0.7|
    assert result.metrics["ece"] == pytest.approx(0.3)


def test_the_preset_sets_its_options_and_explicit_options_win():
    opts = BENCHMARK.parse_options({}, "fininteract-paper")
    assert (opts.max_asks, opts.max_rounds, opts.top_k, opts.confidence_call, opts.invalid_reply_as_answer,
            opts.oracle_retrieval) == (6, 12, 1, True, True, "auto")
    assert BENCHMARK.parse_options({"max_asks": "3"}, "fininteract-paper").max_asks == 3
    with pytest.raises(ValueError, match="unknown ambiguity protocol 'nope'"):
        BENCHMARK.parse_options({}, "nope")


@pytest.mark.parametrize("mode", ["answer-only", "answer+search+interact"])
def test_protocol_runs_from_the_cli_and_is_recorded(tmp_path, mode):
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["run", "ambiguity", "--protocol", "fininteract-paper", "--mode", mode,
                                      "--agent", "oracle", "--out", str(out), "--no-progress", "--limit", "3"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["config"]["protocol"] == "fininteract-paper"
    assert manifest["options"]["max_asks"] == 6 and manifest["options"]["confidence_call"] is True
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["accuracy"] == 1.0 and metrics["ece"] == 0.0  # the oracle answers 100 to the confidence call
    rec = records(out)[FIRST]
    if mode != "answer-only":
        assert rec.transcript.info["oracle_retrieval"] is True
    assert DEMO[FIRST].answer == rec.transcript.final_answer
