"""AmbigQA runs through the engine: exact baselines on the bundled demo, the random-target check, the modes
(search absent, context oracle), options that do not apply, the report's keys, finance vs general compare,
and a run over the real HTTP client against the local OpenAI-compatible server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aq_support import DEMO_AQ, instance_for, run_aq
from typer.testing import CliRunner

from finprobe.benchmarks.ambiguity import BENCHMARK
from finprobe.benchmarks.ambiguity.metrics import HEADLINE
from finprobe.cli import app
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Message, StepKind
from finprobe.core.store import RunStore
from finprobe.report import load_run, rescore_run
from finprobe.report.compare import compare_runs

#: demo instances whose target (the `specific` rule) is the first reading, i.e. the one `default` answers:
#: checked by hand against the rule (most added content words; ties by a hash of the record id)
TARGET_IS_FIRST = {"aqdemo-03", "aqdemo-09", "aqdemo-10", "aqdemo-11", "aqdemo-12", "aqdemo-14", "aqdemo-17",
                   "aqdemo-18"}
KEYS = ("n", "accuracy", "any_valid", "default_capture", "overstatement", "interaction_rate")


def test_the_hand_checked_targets_are_the_rules():
    assert {i for i, inst in DEMO_AQ.items() if inst.target == 0} == TARGET_IS_FIRST
    assert len(DEMO_AQ) == 18


async def test_default_baseline_any_valid_one_intended_below_one(tmp_path):
    m = (await run_aq(tmp_path, agent="default", mode="answer-only")).metrics
    assert m["n"] == 18 and m["errors"] == 0
    assert m["any_valid"] == 1.0
    assert m["accuracy"] == pytest.approx(8 / 18)
    assert m["default_capture"] == pytest.approx(1 - m["accuracy"])
    assert m["overstatement"] == pytest.approx(18 / 8)
    assert m["overstatement_ci_low"] <= m["overstatement"] <= m["overstatement_ci_high"]
    assert m["domain"] == "general" and m["target_rule"] == "specific"
    assert m["conversion"] == {"file": m["conversion"]["file"], "records": 22, "instances": 18, "skipped": {
        "single_answer": 2, "fewer_than_two_readings": 1, "answers_not_distinct": 1}}
    assert set(m["labels"].values()) == {"Correct", "E1"}
    wrong = {sid for sid, label in m["labels"].items() if label == "E1"}
    assert wrong == set(DEMO_AQ) - TARGET_IS_FIRST


@pytest.mark.parametrize("mode", ["answer-only", "context-oracle", "answer+search+interact", "always-ask",
                                  "forced-interaction"])
async def test_oracle_baseline_intended_one_in_every_mode(tmp_path, mode):
    m = (await run_aq(tmp_path, agent="oracle", mode=mode)).metrics
    assert (m["accuracy"], m["any_valid"], m["default_capture"], m["overstatement"]) == (1.0, 1.0, 0.0, 1.0)
    assert m["em_intended"] == 1.0 and m["f1_intended"] == 1.0
    if mode in ("always-ask", "forced-interaction"):  # the policy complies with the refusals: asks, then answers
        assert m["interaction_rate"] == 1.0 and m["rounds"] == (1.0 if mode == "always-ask" else 4.0)


async def test_ask_then_oracle_asks_once_and_the_user_says_yes(tmp_path):
    m = (await run_aq(tmp_path, agent="ask-then-oracle")).metrics
    assert m["interaction_rate"] == 1.0 and m["rounds"] == 1.0 and m["accuracy"] == 1.0
    for record in RunStore(tmp_path).load_records().values():
        asks = [s for s in record.transcript.steps if s.action is not None and s.action.name == "interact"]
        assert [s.info["reply"] for s in asks] == ["yes"]
    assert m["ac1_touch"] is None and m["notes"]  # the financial question taxonomy does not apply


async def test_silent_baseline_never_answers_and_overstatement_is_undefined(tmp_path):
    m = (await run_aq(tmp_path, agent="silent")).metrics
    assert m["accuracy"] == 0.0 and m["any_valid"] == 0.0 and m["outcomes"] == {"no_answer_invalid": 18}
    assert m["overstatement"] is None and m["overstatement_ci_low"] is None
    assert m["overstatement_note"].startswith("undefined: intended accuracy is 0")


@pytest.mark.parametrize("seed", [1, 2])
async def test_the_random_target_rule_changes_only_the_target(tmp_path, seed):
    await run_aq(tmp_path / "s", agent="default", seed=seed)
    rnd = await run_aq(tmp_path / "r", agent="default", seed=seed, options={"target": "random"})
    oracle = await run_aq(tmp_path / "o", agent="oracle", seed=seed, options={"target": "random"})
    assert oracle.metrics["accuracy"] == 1.0
    m = rnd.metrics
    assert m["any_valid"] == 1.0 and m["default_capture"] == pytest.approx(1 - m["accuracy"])
    assert m["target_rule"] == "random"
    a, b = RunStore(tmp_path / "s").load_records(), RunStore(tmp_path / "r").load_records()
    assert set(a) == set(b)
    changed = [sid for sid in a if a[sid].meta["target"] != b[sid].meta["target"]]
    assert changed  # the rule moves some targets ...
    for sid in a:   # ... and nothing else: same question, readings and answer
        assert a[sid].transcript.final_answer == b[sid].transcript.final_answer
        assert a[sid].meta["n_readings"] == b[sid].meta["n_readings"]
    assert json.dumps(a[changed[0]].transcript.messages[1].content) == json.dumps(b[changed[0]].transcript.messages[1].content)


async def test_other_seeds_draw_other_random_targets(tmp_path):
    runs = [await run_aq(tmp_path / str(s), agent="default", seed=s, options={"target": "random"}) for s in (1, 2)]
    targets = [{sid: r.meta["target"] for sid, r in RunStore(tmp_path / str(s)).load_records().items()} for s in (1, 2)]
    assert targets[0] != targets[1]
    assert all(r.metrics["any_valid"] == 1.0 for r in runs)


def _search_then_answer(messages: list[Message]) -> str:
    inst = instance_for(messages)
    if not any(m.role == "assistant" for m in messages):
        return action_text("search", query=inst.question)
    return action_text("answer", value=inst.target_reading.answers[0], confidence=80)


async def test_search_is_absent_for_ambigqa_and_recorded(tmp_path):
    backend = ScriptedModel(lambda messages, config: _search_then_answer(messages))
    await run_aq(tmp_path, backend=backend, mode="answer+search+interact")
    for record in RunStore(tmp_path).load_records().values():
        t = record.transcript
        assert t.info["search"].startswith("absent") and t.info["offered_actions"] == ["interact", "answer"]
        assert "search(" not in t.messages[0].content and "interact" in t.messages[0].content
        assert t.steps[0].kind == StepKind.invalid  # a search action is unknown here
        assert record.score.passed


async def test_context_oracle_gives_c_and_no_passage(tmp_path):
    await run_aq(tmp_path, agent="default", mode="context-oracle", limit=3)
    for sid, record in RunStore(tmp_path).load_records().items():
        task = record.transcript.messages[1].content
        assert f"What the user means: {DEMO_AQ[sid].context}" in task and "Passage" not in task


@pytest.mark.parametrize("mode, options, message", [
    ("answer+search", {}, "does not apply to -O source=ambigqa"),
    ("template-oracle", {}, "does not apply"),
    ("category-aware", {}, "does not apply"),
    (None, {"corpus": "x.jsonl"}, "corpus"),
    (None, {"oracle_retrieval": "true"}, "oracle_retrieval"),
])
def test_modes_and_options_that_do_not_apply_fail_before_the_run(mode, options, message):
    opts = BENCHMARK.parse_options({"source": "ambigqa", **options})
    with pytest.raises(ValueError, match=message):
        BENCHMARK.check_config(mode, opts)


def test_ambigqa_options_need_source_ambigqa():
    with pytest.raises(ValueError, match="source=ambigqa only"):
        BENCHMARK.check_config(None, BENCHMARK.parse_options({"target": "random"}))


def test_llm_judge_is_not_silently_applied(tmp_path):
    """An LLM judge on AmbigQA answers records every instance as unscored by the judge, with the reason."""
    import asyncio

    judge = ScriptedModel(lambda m, c: '{"verdict_intended": "correct", "verdict_default": "correct"}')
    result = asyncio.run(run_aq(tmp_path, agent="oracle", limit=2, roles={"judge": "scripted"},
                                backends={"judge": judge}))
    assert result.metrics["judge"]["n_judged"] == 0
    assert {u["reason"] for u in result.metrics["judge"]["unscored"]} == {"no LLM judge for AmbigQA answers"}


async def test_stored_runs_reproduce_and_rescore_the_live_metrics(tmp_path):
    live = (await run_aq(tmp_path, agent="default", options={"target": "random"}, seed=4)).metrics
    assert json.loads(json.dumps(load_run(tmp_path).metrics)) == json.loads(json.dumps(live))
    assert json.loads(json.dumps(rescore_run(tmp_path).metrics)) == json.loads(json.dumps(live))


runner = CliRunner()


def _invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def test_cli_interface_and_report_json(tmp_path):
    out = tmp_path / "run"
    r = _invoke("run", "ambiguity", "-O", "source=ambigqa", "--mode", "answer-only", "--agent", "default",
                "--limit", "10", "--seed", "3", "--out", out, "--no-progress")
    assert r.exit_code == 0, r.output
    assert "single-gold illusion" in r.output
    html = (out / "report.html").read_text()
    assert "single-gold illusion" in html and "<svg" in html
    report = _invoke("report", out, "--format", "json")
    m = json.loads(report.output)
    for key in KEYS:
        assert key in m and (key == "n" or (f"{key}_ci_low" in m and f"{key}_ci_high" in m))
    assert m["n"] == 10 and m["any_valid"] == 1.0
    assert set(HEADLINE) <= set(m)
    doctor = _invoke("doctor", "ambiguity", "-O", "source=ambigqa", "--format", "json")
    kinds = [f["kind"] for f in json.loads(doctor.output)["findings"]]
    assert kinds.count("skipped_single_answer") == 2 and json.loads(doctor.output)["n"] == 22


def test_compare_finance_with_general_side_by_side(tmp_path):
    fin, gen = tmp_path / "fin", tmp_path / "gen"
    assert _invoke("run", "ambiguity", "--agent", "default", "--out", fin, "--no-progress").exit_code == 0
    assert _invoke("run", "ambiguity", "-O", "source=ambigqa", "--agent", "default", "--out", gen,
                   "--no-progress").exit_code == 0
    result = compare_runs(fin, gen)
    pair = result["pairs"][0]
    assert pair["paired"] is False and pair["n_common"] == 0 and pair["unpaired"]["domains"] == ["finance", "general"]
    rows = {row["metric"]: row for row in pair["unpaired"]["headline"]}
    assert rows["any_valid"]["a"]["value"] == rows["any_valid"]["b"]["value"] == 1.0
    assert rows["accuracy"]["difference"] == pytest.approx(8 / 18 - 0.0)
    text = _invoke("compare", fin, gen)
    assert text.exit_code == 0 and "general (B) vs finance (A): unpaired" in " ".join(text.output.split())
    page = _invoke("compare", fin, gen, "--format", "html")
    assert page.exit_code == 0 and "unpaired" in page.output and "general (B) vs finance (A)" in page.output


def _http_agent(body: dict) -> str:
    """The scripted model behind the HTTP server: asks once, then answers from the user's reply."""
    messages = body["messages"]
    if "calculator" in messages[0]["content"]:  # the run's structured-output negotiation
        return action_text("answer", value="4")
    question = messages[1]["content"].split("\n")[0].removeprefix("Question: ")
    inst = next(i for i in DEMO_AQ.values() if i.question == question)
    if not any(m["role"] == "assistant" for m in messages):
        return action_text("interact", question=f"Are you asking: {inst.readings[0].question}")
    reading = inst.readings[0] if messages[-1]["content"].endswith("yes") else inst.readings[-1]
    return action_text("answer", value=reading.answers[0], confidence=70)


def test_a_run_through_the_real_http_client(tmp_path):
    from finprobe.testing.mock_server import MockServerThread

    out = tmp_path / "http"
    with MockServerThread(_http_agent) as server:
        r = _invoke("run", "ambiguity", "--data", _demo_data(), "-O", "source=ambigqa", "--mode",
                    "answer+search+interact", "--agent", "openai:mock-model", "--base-url", server.base_url,
                    "--limit", "6", "--seed", "2", "--out", out, "--no-progress")
        n_requests = server.server.n_requests
    assert r.exit_code == 0, r.output
    records = RunStore(out).load_records()
    assert len(records) == 6 and all(rec.status.value == "scored" for rec in records.values())
    assert n_requests >= 12  # each episode: a question and an answer, over HTTP
    for sid, rec in records.items():
        inst = DEMO_AQ[sid]
        asks = [s for s in rec.transcript.steps if s.action is not None and s.action.name == "interact"]
        assert len(asks) == 1 and all(c.backend == "openai" for c in rec.transcript.calls)
        # the simulator confirms the first reading exactly when it is the target
        assert asks[0].info["reply"] == ("yes" if inst.target == 0 else "no")
    m = json.loads(_invoke("report", out, "--format", "json").output)
    assert m["interaction_rate"] == 1.0 and m["n"] == 6
    expected = sum(1 for sid in records if DEMO_AQ[sid].target in (0, len(DEMO_AQ[sid].readings) - 1)) / 6
    assert m["accuracy"] == pytest.approx(expected)


def _demo_data() -> Path:
    from finprobe.benchmarks.ambiguity.ambigqa import demo_ambigqa_path

    return demo_ambigqa_path()
