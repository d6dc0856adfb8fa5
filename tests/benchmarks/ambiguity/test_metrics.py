"""The metric definitions (DESIGN §4), their recomputation from stored runs, the judge and `compare`."""

from __future__ import annotations

import json

import pytest
from amb_eval_support import DEMO, agent_actions, answer, instance_of, records, run, scripted

from finprobe.benchmarks.ambiguity import metrics as M
from finprobe.benchmarks.ambiguity.aggregate import sample_values
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.report import load_run, rescore_run, rich_table
from finprobe.report.compare import compare_runs

E, MD, T = "entity_scope", "metric_definition", "temporal_scope"


def q(*cats, main=None):
    return M.QuestionFacts(categories=list(cats), main=main, generic=not cats)


def facts(**kw):
    base = dict(id="x", status="scored", axes=[E], h0=1.0, answered=True)
    base.update(kw)
    return M.InstanceFacts(**base)


# --------------------------------------------------------------------------- definitions
def test_taxonomy_labels_each_fire():
    assert M.taxonomy_label(facts(correct=True)) == "Correct"
    assert M.taxonomy_label(facts(correct=True, asks=2, questions=[q(E), q(E)])) == "Correct"  # 2 = 2*H0
    assert M.taxonomy_label(facts(correct=True, asks=3, questions=[q(E)] * 3)) == "E7"
    assert M.taxonomy_label(facts()) == "E1"
    assert M.taxonomy_label(facts(searched=True)) == "E1"  # searched, but not the default answer
    assert M.taxonomy_label(facts(searched=True, default_captured=True)) == "E4"
    assert M.taxonomy_label(facts(default_captured=True)) == "E1"  # default without searching
    assert M.taxonomy_label(facts(asks=1, questions=[q(MD)])) == "E2"
    assert M.taxonomy_label(facts(asks=2, questions=[q(), q(MD)])) == "E2"
    assert M.taxonomy_label(facts(asks=2, questions=[q(), q()])) == "E3"
    assert M.taxonomy_label(facts(asks=2, questions=[q(T), q(E, T)])) == "E5"
    assert M.taxonomy_label(facts(asks=1, questions=[q(E)]), template_oracle_correct=True) == "E6"
    assert M.taxonomy_label(facts(), template_oracle_correct=True) == "E6"
    assert M.taxonomy_label(facts(asks=1, questions=[q(E)]), template_oracle_correct=False) == "E5"
    assert M.taxonomy_label(facts(correct=True), template_oracle_correct=True) == "Correct"


def test_ac1_touch_and_central_differ():
    fs = [facts(asks=1, questions=[q(E, T, main=T)]),        # touches E, centred on T
          facts(asks=1, questions=[q(E, main=E)]),
          facts(asks=2, questions=[q(MD, main=MD), q(E, main=E)]),  # only the first question counts
          facts(asks=0)]                                       # not an asker
    assert M.ac1_touch(fs) == pytest.approx(2 / 3)
    assert M.ac1_central(fs) == pytest.approx(1 / 3)
    assert M.ac1_touch([facts()]) is None


def test_per_question_rates_and_rounds():
    fs = [facts(asks=3, questions=[q(), q(MD), q(E)]), facts(asks=1, questions=[q(T)]), facts()]
    assert M.generic_ask_rate(fs) == pytest.approx(1 / 4)
    assert M.wrong_category_rate(fs) == pytest.approx(2 / 4)
    assert M.rounds(fs) == pytest.approx(4 / 3)
    assert M.interaction_rate(fs) == pytest.approx(2 / 3)


def test_ece_missing_confidence_is_not_zero():
    fs = [facts(correct=True, confidence=1.0), facts(correct=False, confidence=None),
          facts(correct=False, confidence=0.9)]
    res = M.ece(fs)
    assert res["coverage"] == pytest.approx(2 / 3) and res["n_with_confidence"] == 2
    # bins: (0.8, 1.0] holds 1.0 (right) and 0.9 (wrong): acc 0.5, conf 0.95
    assert res["ece"] == pytest.approx(0.45)
    assert M.ece([facts(confidence=None)])["ece"] is None


def test_dise_plus():
    fs = [facts(correct=True, asks=2, h0=2.0), facts(correct=True, asks=0, h0=2.0), facts(correct=False, asks=1, h0=3.0),
          facts(correct=True, asks=1, h0=1.585)]
    assert M.dise_plus(fs) == pytest.approx((1.0 + 0 + 0 + 1.585) / 4)


# --------------------------------------------------------------------------- a mixed scripted agent
def mixed(messages) -> str:
    """Different behaviour per instance so every metric gets non-trivial values."""
    inst = instance_of(messages)
    k = int(inst.instance_id[-3:])
    acts = agent_actions(messages)
    if k % 5 == 0:
        return action_text("answer", value=inst.default_answer) if "search" in acts else action_text("search", query=inst.question)
    if k % 5 == 1:
        if "interact" not in acts:
            return action_text("interact", question=template_question(inst, inst.primary_category).question)
        return answer(inst.answer, 80)
    if k % 5 == 2:
        if "interact" not in acts:
            return action_text("interact", question="Could you clarify?")
        return answer("please tell me more", 30)
    if k % 5 == 3:
        if acts.count("interact") < 3:
            return action_text("interact", question="Do you mean the restated figures as reported in a 10-K/A?")
        return answer(inst.default_answer, 60)
    return answer(inst.answer, None)


async def test_stored_transcripts_reproduce_the_live_metrics(tmp_path):
    live = (await run(tmp_path, backend=scripted(mixed))).metrics
    stored = load_run(tmp_path).metrics
    assert json.loads(json.dumps(stored)) == json.loads(json.dumps(live))
    assert json.loads((tmp_path / "metrics.json").read_text()) == json.loads(json.dumps(live))
    rescored = rescore_run(tmp_path).metrics
    assert json.loads(json.dumps(rescored)) == json.loads(json.dumps(live))
    # the mix gives non-trivial values
    assert 0 < live["accuracy"] < 1 and 0 < live["default_capture"] < 1
    assert live["taxonomy"]["E4"] > 0 and live["taxonomy"]["E3"] > 0 and live["taxonomy"]["E2"] > 0
    assert live["non_committal"] > 0 and 0 < live["ece_coverage"] < 1
    assert sum(live["taxonomy"].values()) == live["n_scored"]
    for name in M.HEADLINE:
        if live[name] is not None:
            assert live[f"{name}_ci_low"] <= live[name] + 1e-12 and live[name] <= live[f"{name}_ci_high"] + 1e-12
    assert set(live["by_language"]) == {"en", "zh"}
    assert sum(g["n"] for g in live["by_category"].values()) == live["n_scored"]
    assert live["labels"] and set(live["labels"].values()) <= set(M.TAXONOMY_LABELS)


async def test_e6_needs_the_paired_template_oracle_run(tmp_path):
    await run(tmp_path / "tpl", mode="template-oracle", agent="oracle")
    plain = (await run(tmp_path / "a", agent="default")).metrics
    assert plain["taxonomy"]["E6"] == 0 and plain["taxonomy_paired"] is False
    paired = (await run(tmp_path / "b", agent="default",
                        options={"paired_template_oracle": str(tmp_path / "tpl")})).metrics
    assert paired["taxonomy"]["E6"] == len(DEMO) and paired["taxonomy_unpaired"]["E1"] == len(DEMO)
    with pytest.raises(ValueError, match="not an ambiguity template-oracle run"):
        await run(tmp_path / "c", agent="default", options={"paired_template_oracle": str(tmp_path / "a")})


async def test_errors_are_counted_not_scored_wrong(tmp_path):
    from finprobe.core.models._base import ModelError

    def flaky(messages):
        if instance_of(messages).instance_id in ("amb-demo-001", "amb-demo-002"):
            return ModelError("HTTP 503 after 3 attempts")
        return answer(instance_of(messages).answer)
    m = (await run(tmp_path, backend=ScriptedModel(lambda msgs, cfg: flaky(msgs)))).metrics
    assert m["errors"] == 2 and m["n"] == len(DEMO) and m["n_scored"] == len(DEMO) - 2
    assert {e["id"] for e in m["error_list"]} == {"amb-demo-001", "amb-demo-002"}
    assert "HTTP 503" in m["error_list"][0]["error"]
    assert m["accuracy"] == 1.0  # over the scored instances; the errors are listed, not counted wrong


# --------------------------------------------------------------------------- compare
async def test_compare_two_stored_runs(tmp_path):
    await run(tmp_path / "a", agent="default")
    await run(tmp_path / "b", agent="ask-then-oracle")
    res = compare_runs(tmp_path / "a", tmp_path / "b", seed=1, n_resamples=2000)
    acc = res["metrics"]["accuracy"]
    assert res["n_common"] == len(DEMO) and acc["delta"] == 1.0 and acc["mean_a"] == 0.0 and acc["mean_b"] == 1.0
    assert acc["p_value"] < 0.01 and acc["n"] == len(DEMO)
    assert res["metrics"]["interaction_rate"]["delta"] == 1.0
    assert res["metrics"]["ac1_touch"]["n"] == 0  # run A never asked: not paired, not zero
    same = compare_runs(tmp_path / "a", tmp_path / "a", n_resamples=500)
    assert same["metrics"]["accuracy"]["delta"] == 0.0 and same["metrics"]["accuracy"]["p_value"] == 1.0
    # run-level statistics are compared too: ECE (A: confident and wrong, B: confident and right)
    e = res["metrics"]["ece"]
    assert (e["mean_a"], e["mean_b"], e["delta"]) == (1.0, 0.0, -1.0) and e["p_value"] < 0.01
    # the per-question rates are undefined for a run that never asked: reported, not invented
    assert res["metrics"]["generic_ask_rate"]["mean_a"] is None and res["metrics"]["generic_ask_rate"]["mean_b"] == 0.0
    assert res["metrics"]["wrong_category_rate"]["p_value"] is None

    from typer.testing import CliRunner

    from finprobe.cli import app
    out = CliRunner().invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--format", "json",
                                   "--resamples", "500"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["metrics"]["default_capture"]["delta"] == -1.0
    table = CliRunner().invoke(app, ["compare", str(tmp_path / "a"), str(tmp_path / "b"), "--resamples", "200"])
    assert table.exit_code == 0 and "accuracy" in table.output


async def test_sample_values_are_the_per_instance_metric_terms(tmp_path):
    from finprobe.core.schema import SampleRecord, SampleStatus

    live = (await run(tmp_path, backend=scripted(mixed))).metrics
    values = [sample_values(r) for r in records(tmp_path).values()]
    for name in ("accuracy", "default_capture", "interaction_rate", "rounds", "mean_actions", "dise_plus"):
        assert sum(v[name] for v in values) / len(values) == pytest.approx(live[name])
    touched = [v["ac1_touch"] for v in values if v["ac1_touch"] is not None]
    assert sum(touched) / len(touched) == pytest.approx(live["ac1_touch"])
    rec = SampleRecord(sample_id="x", status=SampleStatus.error, error="boom")
    assert set(sample_values(rec).values()) == {None}


# --------------------------------------------------------------------------- LLM judge and LLM classifier
async def test_judge_verdicts_agreement_and_unscored(tmp_path):
    def judge(messages, cfg):
        text = messages[1].content
        if "amb-demo" in text:  # never: ids are not shown to the judge
            raise AssertionError
        answer_line = text.split("Answer to grade: ")[1].split("\n")[0]
        inst = next(i for i in DEMO.values() if i.question in text)
        if inst.instance_id == "amb-demo-003":
            return "I think it is right"  # unparseable, twice
        if inst.instance_id == "amb-demo-004":  # disagrees with the deterministic grader
            return '{"verdict_intended": "incorrect", "verdict_default": "correct"}'
        ok = answer_line == inst.answer
        return json.dumps({"verdict_intended": "correct" if ok else "incorrect", "verdict_default": "incorrect"})
    m = (await run(tmp_path, agent="oracle", roles={"judge": "openai:judge-model"},
                   backends={"judge": ScriptedModel(judge)})).metrics
    j = m["judge"]
    assert j["n_ran"] == len(DEMO) and j["n_judged"] == len(DEMO) - 1
    assert j["unscored"] == [{"id": "amb-demo-003", "reason": j["unscored"][0]["reason"]}]
    assert "unparseable" in j["unscored"][0]["reason"]
    assert {(d["id"], d["reading"]) for d in j["disagreements"]} == {("amb-demo-004", "intended"),
                                                                      ("amb-demo-004", "default")}
    assert j["agreement_intended"] == pytest.approx((len(DEMO) - 2) / (len(DEMO) - 1))
    assert m["accuracy"] == 1.0  # the deterministic grade stays the headline; unscored is not wrong
    rec = records(tmp_path)["amb-demo-003"]
    assert rec.score.passed is True and rec.transcript.info["judge"]["ok"] is False
    assert len(rec.transcript.info["judge"]["raw"]) == 2  # retried once


async def test_llm_classifier_drives_categories_and_reports_agreement(tmp_path):
    def classifier(messages, cfg):
        return '{"categories": ["temporal_scope"], "main": "temporal_scope"}'
    m = (await run(tmp_path, agent="ask-then-oracle", roles={"classifier": "openai:clf"},
                   backends={"classifier": ScriptedModel(classifier)}, limit=4)).metrics
    # the scripted classifier says "temporal" for every question; the demo's first items are entity/metric
    assert m["classifier"]["used"] == {"llm": 4} and m["classifier"]["n_compared"] == 4
    assert m["classifier"]["agreement_main"] < 1.0
    rec = records(tmp_path)["amb-demo-001"]
    assert rec.transcript.info["classifier_llm"][0]["main"] == "temporal_scope"
    assert rec.score.details["questions"][0]["lexicon"]["main"] == "entity_scope"
    assert m["ac1_touch"] == pytest.approx(sum(1 for i in list(DEMO.values())[:4] if T in i.axes) / 4)


async def test_summary_tables_render(tmp_path):
    from rich.console import Console

    from finprobe.benchmarks.ambiguity import BENCHMARK

    def judge(messages, cfg):
        return '{"verdict_intended": "incorrect", "verdict_default": "correct"}'
    m = (await run(tmp_path, agent="default", roles={"judge": "openai:j"}, backends={"judge": ScriptedModel(judge)},
                   limit=3)).metrics
    console = Console(record=True, width=160)
    for table in BENCHMARK.summary_tables(m):
        console.print(rich_table(table))
    text = console.export_text()
    assert "default-capture" in text and "error taxonomy" in text and "LLM judge vs deterministic" in text
    assert m["judge"]["agreement_intended"] == 1.0 and m["judge"]["disagreements"] == []
