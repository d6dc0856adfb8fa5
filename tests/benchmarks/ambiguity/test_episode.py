"""The episode end to end: release-format data, simulators by role, invalid actions, grading of answers."""

from __future__ import annotations

import json

import pytest
from amb_eval_support import DEMO, agent_actions, answer, instance_of, records, run, scripted

from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.templates import template_question
from finprobe.core.agent import action_text
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Outcome, SampleStatus, StepKind

FIRST = "amb-demo-001"


# --------------------------------------------------------------------------- release-format data
def _release_records() -> list[dict]:
    """Release-format items (all fictional): EN and ZH, one and two categories, one without optional fields."""
    return [
        {"instance_id": "r-en-1", "passage_id": "p-en-1", "language": "en", "source": "fixture (fictional)",
         "ticker": "ACME-F", "company": "Acme Widgets Inc. (fictional)", "filing_type": "10-K",
         "filing_date": "2024-02-01", "question": "What was Acme Widgets' operating income in fiscal 2023?",
         "context": "I manage the industrial products business and need my own segment's profit.",
         "answer": "$46.75B", "default_answer": "$62.87B",
         "intended_evidence_span": "Industrial Products segment operating income was $46.75B",
         "default_evidence_span": "consolidated operating income was $62.87B",
         "intended_interpretation": {"entity": "Industrial Products segment", "period": "fiscal year 2023",
                                     "metric": "operating income", "basis": "GAAP"},
         "default_interpretation": {"entity": "Acme Widgets consolidated", "period": "fiscal year 2023",
                                    "metric": "operating income", "basis": "GAAP"},
         "shared_attributes": ["fiscal year 2023", "operating income"],
         "distinctive_attributes": ["Industrial Products segment"],
         "axes": ["entity_scope"], "n_axes": 1, "h0": 1.585, "qc": {"fictional": True}},
        {"instance_id": "r-en-2", "passage_id": "p-en-2", "language": "en", "source": "fixture (fictional)",
         "ticker": None, "company": "Birch Analytics Corp. (fictional)", "filing_type": "10-K",
         "filing_date": "2024-03-01", "question": "What was Birch Analytics' operating income for fiscal 2022?",
         "context": "I want the figure from the corrected statements, for the ongoing business only.",
         "answer": "$92.6 million", "default_answer": "$78.1 million",
         "intended_evidence_span": "as recast, was $92.6 million",
         "default_evidence_span": "as originally reported, was $78.1 million",
         "intended_interpretation": {"entity": "continuing operations", "period": "fiscal year 2022",
                                     "metric": "operating income", "vintage": "as restated"},
         "default_interpretation": {"entity": "all operations", "period": "fiscal year 2022",
                                    "metric": "operating income", "vintage": "as originally reported"},
         "shared_attributes": ["fiscal year 2022"], "distinctive_attributes": ["restated"],
         "axes": ["filing_vintage", "entity_scope"], "n_axes": 2, "h0": 1.0, "qc": {}},
        {"instance_id": "r-zh-1", "passage_id": "p-zh-1", "language": "zh", "source": "fixture (fictional)",
         "ticker": "QTST-F", "company": "青岚测试股份有限公司（虚构）", "filing_type": "年度报告",
         "filing_date": "2024-04-26", "question": "青岚测试2023年的净利润是多少？",
         "context": "我只关心上市公司股东能分享的那部分利润。", "answer": "9.34亿元", "default_answer": "10.52亿元",
         "intended_evidence_span": "归属于母公司股东的净利润为9.34亿元", "default_evidence_span": "合并净利润为10.52亿元",
         "intended_interpretation": {"entity": "归属于母公司股东", "period": "2023年度", "metric": "净利润"},
         "default_interpretation": {"entity": "合并报表（含少数股东损益）", "period": "2023年度", "metric": "净利润"},
         "shared_attributes": ["2023年度", "净利润"], "distinctive_attributes": ["归母"],
         "axes": ["entity_scope"], "n_axes": 1, "h0": 1.0, "qc": {}},
        {"instance_id": "r-zh-2", "language": "zh", "source": "fixture (fictional)",
         "company": "云栖测试股份有限公司（虚构）", "question": "云栖测试2023年的净利润是多少？",
         "context": "我要看归属于上市公司股东、且剔除一次性项目后的利润。", "answer": "5.08亿元", "default_answer": "6.90亿元",
         "intended_interpretation": {"entity": "归属于母公司股东", "period": "2023年度",
                                     "metric": "扣除非经常性损益后的净利润"},
         "default_interpretation": {"entity": "合并报表（含少数股东损益）", "period": "2023年度",
                                    "metric": "净利润（含非经常性损益）"},
         "axes": ["metric_definition", "entity_scope"]},  # no passage, spans, h0 or n_axes
    ]


@pytest.fixture
def release(tmp_path):
    """A release-format JSONL file and a corpus JSONL holding both evidence spans of each passage."""
    corpus = [
        {"passage_id": "p-en-1", "language": "en", "company": "Acme Widgets Inc. (fictional)", "period": "FY2023",
         "text": "Acme Widgets Inc. (fictional) 10-K FY2023: consolidated operating income was $62.87B; "
                 "Industrial Products segment operating income was $46.75B."},
        {"passage_id": "p-en-2", "language": "en", "company": "Birch Analytics Corp. (fictional)",
         "text": "Birch Analytics Corp. (fictional) operating income for fiscal 2022, as originally reported, was "
                 "$78.1 million; as recast, was $92.6 million after the discontinued unit was removed."},
        {"passage_id": "p-zh-1", "language": "zh", "company": "青岚测试股份有限公司（虚构）",
         "text": "青岚测试股份有限公司（虚构）2023年度报告：合并净利润为10.52亿元，其中归属于母公司股东的净利润为9.34亿元。"},
    ]
    paths = []
    for name, rows in (("release.jsonl", _release_records()), ("passages.jsonl", corpus)):
        path = tmp_path / name
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


async def test_release_format_file_loads_and_runs(tmp_path, release):
    data, corpus = release
    m = (await run(tmp_path / "o", agent="ask-then-oracle", data=str(data), options={"corpus": str(corpus)})).metrics
    assert m["n"] == 4 and m["errors"] == 0
    assert m["accuracy"] == 1.0 and m["interaction_rate"] == 1.0 and m["rounds"] == 1.0
    assert {k: v["n"] for k, v in m["by_language"].items()} == {"en": 2, "zh": 2}
    assert {k: v["n"] for k, v in m["by_category"].items()} == {"entity_scope": 2, "filing_vintage": 1,
                                                                 "metric_definition": 1}
    recs = records(tmp_path / "o")
    assert recs["r-en-2"].meta["axes"] == ["filing_vintage", "entity_scope"]
    assert recs["r-zh-2"].meta["h0"] == 1.0  # absent in the file: the loader's documented assumption
    d = (await run(tmp_path / "d", agent="default", data=str(data), options={"corpus": str(corpus)})).metrics
    assert d["default_capture"] == 1.0 and d["accuracy"] == 0.0


async def test_release_data_without_corpus_or_passage(tmp_path, release):
    data, corpus = release
    # no corpus: a searching mode is refused before anything runs; never a fallback to C or the gold passage
    with pytest.raises(ValueError, match="searches a passage corpus"):
        await run(tmp_path / "a", agent="oracle", data=str(data))
    assert not (tmp_path / "a" / "samples.jsonl").exists()
    m = (await run(tmp_path / "b", agent="oracle", mode="answer-only", data=str(data))).metrics
    assert m["errors"] == 0 and m["accuracy"] == 1.0
    # oracle retrieval on an instance whose passage is not in the corpus: refused up front, naming it
    with pytest.raises(ValueError, match=r"oracle retrieval: .*r-zh-2"):
        await run(tmp_path / "c", agent="oracle", mode="oracle-retrieval", data=str(data),
                  options={"corpus": str(corpus)})


def test_cli_run_and_report_json(tmp_path, release):
    from typer.testing import CliRunner

    from finprobe.cli import app
    data, corpus = release
    out = tmp_path / "run"
    res = CliRunner().invoke(app, ["run", "ambiguity", "--data", str(data), "--corpus", str(corpus), "--mode",
                                   "always-ask", "--agent", "oracle", "--out", str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    rep = CliRunner().invoke(app, ["report", str(out), "--format", "json"])
    m = json.loads(rep.output)
    for key in ("n", "accuracy", "default_capture", "interaction_rate", "rounds", "ac1_touch", "ac1_central",
                "generic_ask_rate", "wrong_category_rate", "ece", "dise_plus", "taxonomy", "by_language",
                "by_category"):
        assert key in m
    for key in ("accuracy", "default_capture", "interaction_rate", "rounds", "ac1_touch", "ece", "dise_plus"):
        assert f"{key}_ci_low" in m and f"{key}_ci_high" in m
    assert m["n"] == 4 and m["accuracy"] == 1.0 and m["interaction_rate"] == 1.0


# --------------------------------------------------------------------------- simulators by role
def ask_then_answer(question: str):
    def fn(messages):
        if "interact" not in agent_actions(messages):
            return action_text("interact", question=question)
        return answer(instance_of(messages).answer)
    return fn


async def test_i_dont_know_is_never_read_as_no_end_to_end(tmp_path):
    user = ScriptedModel(lambda messages, cfg: "I don't know.")
    await run(tmp_path / "a", roles={"user": "openai:user-model"}, backends={"user": user},
              backend=scripted(ask_then_answer("Do you mean the consolidated figure?")), limit=3)
    for rec in records(tmp_path / "a").values():
        step = next(s for s in rec.transcript.steps if s.action and s.action.name == "interact")
        assert step.info["reply"] == "I don't know" and step.observation.startswith("User: I don't know")
        assert step.info["simulator"] == "llm"
        assert [c.role for c in rec.transcript.calls].count("user") == 1  # parsed first time, no retry
    # category-aware: the reply records that the user declined, the field is settled
    inst = DEMO[FIRST]
    script = [action_text("precheck", unknown="entity"), action_text("interact", question="Is it the segment?"),
              answer(inst.answer)]
    await run(tmp_path / "b", mode="category-aware", roles={"user": "openai:user-model"},
              backends={"user": ScriptedModel(lambda m, c: "I don't know.")}, backend=ScriptedModel(script), limit=1)
    t = records(tmp_path / "b")[FIRST].transcript
    assert t.info["state"]["items"][0]["status"] == "declined" and t.info["state"]["items"][0]["reply"] == "I don't know"


async def test_llm_user_parse_failure_is_logged_and_idk(tmp_path):
    user = ScriptedModel(lambda messages, cfg: "Well, it depends.")
    await run(tmp_path, roles={"user": "openai:user-model"}, backends={"user": user},
              backend=scripted(ask_then_answer("Do you mean the segment?")), limit=1)
    step = next(s for s in records(tmp_path)[FIRST].transcript.steps if s.action and s.action.name == "interact")
    assert step.info["reply"] == "I don't know" and step.info["simulator_info"]["parse_failure"] is True
    assert step.info["simulator_info"]["attempts"] == 2


async def test_noisy_user_flips_yes_no_but_never_i_dont_know(tmp_path):
    gold = template_question(DEMO[FIRST], "entity_scope").question
    await run(tmp_path / "y", roles={"user": "noisy"}, options={"noise_p": 1.0},
              backend=scripted(ask_then_answer(gold)), limit=1)
    step = records(tmp_path / "y")[FIRST].transcript.steps[0]
    assert step.info["reply"] == "no" and step.info["simulator_info"]["base_answer"] == "yes"
    await run(tmp_path / "n", roles={"user": "noisy"}, options={"noise_p": 1.0},
              backend=scripted(ask_then_answer("Is the sky blue?")), limit=1)
    step = records(tmp_path / "n")[FIRST].transcript.steps[0]
    assert step.info["reply"] == "I don't know" and step.info["simulator_info"]["flipped"] is False


async def test_freeform_user_answers_open_questions_from_c(tmp_path):
    await run(tmp_path, roles={"user": "freeform"}, backend=scripted(ask_then_answer("Which business do you run?")),
              limit=1)
    step = records(tmp_path)[FIRST].transcript.steps[0]
    assert step.info["reply"] in DEMO[FIRST].context and step.info["simulator"] == "free_form_overlap"


# --------------------------------------------------------------------------- invalid actions and answers
async def test_three_invalid_actions_end_the_episode_as_no_answer(tmp_path):
    await run(tmp_path, backend=ScriptedModel(["blah", "{\"action\": \"fly\"}", "still nothing"]), limit=1)
    rec = records(tmp_path)[FIRST]
    t = rec.transcript
    assert rec.status == SampleStatus.scored and t.outcome == Outcome.no_answer_invalid
    assert [s.kind for s in t.steps] == [StepKind.invalid] * 3 and t.info["rounds_used"] == 0
    assert rec.score.reason == "no_answer_invalid" and rec.score.passed is False


@pytest.mark.parametrize("conf,expected,flag", [(None, None, False), ("high", None, True), ("85%", 85.0, False),
                                                (70, 70.0, False), ("150", None, True)])
async def test_confidence_missing_or_unparsed_is_none(tmp_path, conf, expected, flag):
    reply = action_text("answer", value=DEMO[FIRST].answer, **({} if conf is None else {"confidence": conf}))
    m = (await run(tmp_path, backend=ScriptedModel([reply]), limit=1)).metrics
    t = records(tmp_path)[FIRST].transcript
    assert t.final_args["confidence"] == expected
    assert bool(t.steps[-1].info.get("confidence_unparsed")) is flag
    assert m["ece_coverage"] == (0.0 if expected is None else 1.0)


@pytest.mark.parametrize("text,reason,non_committal", [
    ("Please specify which period you mean.", "non_committal", True),
    ("$538.9 million for the segment, or $412.6 million consolidated", "hedge", False),
    ("$539 million in fiscal 2022", "year_mismatch", False),
    ("$412.6 million", "default_captured", False),
    ("$500 million", "mismatch", False),
])
async def test_wrong_answers_and_their_reasons(tmp_path, text, reason, non_committal):
    m = (await run(tmp_path, backend=ScriptedModel([answer(text)]), limit=1)).metrics
    rec = records(tmp_path)[FIRST]
    assert rec.score.passed is False and rec.score.reason == reason
    assert rec.score.details["grade"]["non_committal"] is non_committal
    assert m["non_committal"] == int(non_committal)


def test_grading_is_magnitude_aware_in_both_languages():
    from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
    recs = {r["instance_id"]: AmbiguityInstance.model_validate(r) for r in _release_records()}
    en, zh = recs["r-en-1"], recs["r-zh-1"]
    assert grade_answer(en, "46,750 million dollars").correct
    assert grade_answer(en, "$47B").correct and not grade_answer(en, "$46.3B").correct
    assert grade_answer(en, "$62.87 billion").default_captured
    assert not grade_answer(en, "46.75").correct  # a bare number is not $46.75B
    assert grade_answer(zh, "9.34亿元").correct and grade_answer(zh, "934,000,000元").correct
    assert grade_answer(zh, "10.52亿元").default_captured
    assert grade_answer(en, "$46.8B in fiscal 2021").verdict_intended == "year_mismatch"  # not the full precision
    flagged = grade_answer(en, "$46.75B in fiscal 2021")  # equal at full precision: only the label conflicts
    assert flagged.correct and flagged.year_label_conflict
    none = grade_answer(en, None, answered=False)
    assert not none.correct and not none.non_committal and none.verdict_intended == "no_answer"


async def test_agent_reply_cap_for_the_embedded_model(tmp_path):
    local = ScriptedModel([answer(DEMO[FIRST].answer)])
    await run(tmp_path / "l", agent="local", backend=local, limit=1)
    assert local.requests[0][1].max_tokens == 192
    assert records(tmp_path / "l")[FIRST].transcript.info["agent_max_tokens"] == 192
    other = ScriptedModel([answer(DEMO[FIRST].answer)])
    await run(tmp_path / "o", agent="openai:some-model", backend=other, limit=1)
    assert other.requests[0][1].max_tokens is None  # API models keep their configured (default) budget
    capped = ScriptedModel([answer(DEMO[FIRST].answer)])
    await run(tmp_path / "c", agent="openai:some-model", backend=capped, limit=1, options={"agent_max_tokens": 64})
    assert capped.requests[0][1].max_tokens == 64
