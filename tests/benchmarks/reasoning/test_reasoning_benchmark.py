import json
import random
from collections import Counter

import pytest
from rich.console import Console

from finprobe.benchmarks.reasoning import BENCHMARK, demo_path
from finprobe.benchmarks.reasoning.contract import user_prompt
from finprobe.benchmarks.reasoning.grader import grade
from finprobe.benchmarks.reasoning.policies import reference_reply
from finprobe.core.benchmark import AggregationSettings, Benchmark, EpisodeContext, RoleModel
from finprobe.core.models._base import ModelOutput
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import (
    GenerateConfig,
    ModelCall,
    Outcome,
    RoleConfig,
    RunConfig,
    SampleRecord,
    SampleStatus,
    Score,
    Transcript,
    Usage,
)
from finprobe.report import rich_table


def test_protocol_and_shape():
    assert isinstance(BENCHMARK, Benchmark)
    assert BENCHMARK.name == "reasoning" and BENCHMARK.roles == {"agent": "local"}
    assert [m.name for m in BENCHMARK.modes()] == ["contract"]
    assert {p.name for p in BENCHMARK.policies()} == {"reference", "human-answer"}
    assert BENCHMARK.components() == {}
    BENCHMARK.check_config("contract", BENCHMARK.parse_options({}))
    with pytest.raises(ValueError):
        BENCHMARK.check_config("bogus", BENCHMARK.parse_options({}))
    with pytest.raises(ValueError):
        BENCHMARK.check_config(None, BENCHMARK.parse_options({"corrections": "/nonexistent.yaml"}))


def test_demo_set_is_fictional_small_and_varied():
    samples = BENCHMARK.load(None, BENCHMARK.parse_options({}))
    assert 18 <= len(samples) <= 25
    raw = json.loads(demo_path().read_text())
    for rec in raw:
        assert rec["filename"].startswith("DEMO/fictional-")
        assert "is a fictional company; all figures are invented for this demo." in rec["pre_text"][0]
    for s in samples:
        assert len(user_prompt(s.data)) < 1200, s.id
    levels = Counter(s.meta["level"] for s in samples)
    assert set(levels) == {"Medium", "Hard", "VeryHard"}
    ops = {op for s in samples for op in s.meta["operations"]}
    assert {"greater", "exp", "table_sum", "table_average", "table_max", "table_min"} <= ops
    assert any("%" in s.data["qa"]["program"] for s in samples)
    assert sum(s.meta["question_type"] == "yes_no" for s in samples) >= 2


def test_reference_passes_every_demo_task_and_exe_ans_is_reproduced():
    for s in BENCHMARK.load(None, BENCHMARK.parse_options({})):
        score = grade(s.data, reference_reply(s), "stop")
        assert score.passed and score.details["reference_source"] == "executor", s.id


def _ctx(sample, backend):
    transcript = Transcript()

    async def call(role, be, messages, config, *rest):
        out = await be.generate(messages, config)
        mc = ModelCall(role=role, backend=be.kind, model=be.model, messages=messages, config=config,
                       output=out.text, finish_reason=out.finish_reason, usage=out.usage)
        (rest[0] if rest else transcript).calls.append(mc)
        return mc

    model = RoleModel("agent", backend, transcript, GenerateConfig(), call)
    return EpisodeContext(sample=sample, transcript=transcript, models={"agent": model}, rng=random.Random(0),
                          options=BENCHMARK.parse_options({}))


async def test_run_episode_builds_transcript_and_scores():
    sample = BENCHMARK.load(None, BENCHMARK.parse_options({}))[1]
    model = ScriptedModel(["Growth is 127.6 / 1355.0.\nANSWER: 0.09417"])
    ctx = _ctx(sample, model)
    await BENCHMARK.run_episode(ctx)
    t = ctx.transcript
    assert [m.role for m in t.messages] == ["system", "user", "assistant"]
    assert "ANSWER: X" in t.messages[0].content and sample.data["qa"]["question"] in t.messages[1].content
    assert t.outcome == Outcome.answered and t.final_answer.endswith("0.09417")
    assert model.requests[0][0] == t.messages[:2]
    assert BENCHMARK.score(sample, t, BENCHMARK.parse_options({})).passed

    truncated = _ctx(sample, ScriptedModel([ModelOutput(text="ANSWER: 0.09417", finish_reason="length")]))
    await BENCHMARK.run_episode(truncated)
    assert BENCHMARK.score(sample, truncated.transcript, BENCHMARK.parse_options({})).reason == "truncated"


async def test_runner_end_to_end_with_reference_policy(tmp_path):
    from finprobe.core.runner import Runner

    config = RunConfig(benchmark="reasoning", roles={"agent": RoleConfig(spec="reference")}, concurrency=4)
    result = await Runner(config, tmp_path, benchmark=BENCHMARK, progress=False).run()
    m = result.metrics
    assert m["n"] == 20 and m["passed"] == 20 and m["pass_rate"] == 1.0 and m["errors"] == 0


def _record(sid, status, meta, passed=None, reason=None, tokens=None, error=None):
    transcript = None
    if tokens is not None:
        transcript = Transcript(calls=[ModelCall(role="agent", backend="x", model="m", messages=[],
                                                 config=GenerateConfig(), output="o",
                                                 usage=Usage(output_tokens=tokens))])
    score = Score(value=1.0 if passed else 0.0, passed=passed, reason=reason) if status == SampleStatus.scored else (
        Score(reason=reason) if status == SampleStatus.skipped else None)
    return SampleRecord(sample_id=sid, status=status, meta=meta, transcript=transcript, score=score, error=error)


def test_aggregate_counts_and_denominators():
    med = {"level": "Medium", "operations": ["divide"], "question_type": "numeric"}
    hard = {"level": "Hard", "operations": ["subtract", "divide", "divide"], "question_type": "numeric"}
    recs = [
        _record("a", SampleStatus.scored, med, True, tokens=10),
        _record("b", SampleStatus.scored, med, False, "off_by_100", tokens=30),
        _record("c", SampleStatus.scored, hard, True, tokens=20),
        _record("d", SampleStatus.error, hard, error="model call failed after retries: HTTP 500"),
        _record("e", SampleStatus.skipped, hard, reason="excerpt lacks the data"),
    ]
    m = BENCHMARK.aggregate(recs, None, BENCHMARK.parse_options({}), AggregationSettings(seed=1))
    assert (m["n"], m["passed"], m["failed"], m["errors"], m["skipped"]) == (5, 2, 1, 1, 1)
    assert m["pass_rate"] == pytest.approx(2 / 4) and m["pass_rate_scored"] == pytest.approx(2 / 3)
    assert m["skipped_tasks"] == [{"id": "e", "reason": "excerpt lacks the data"}]
    assert m["error_tasks"][0]["id"] == "d" and "HTTP 500" in m["error_tasks"][0]["error"]
    assert m["by_level"]["Medium"] == {"n": 2, "passed": 1, "failed": 1, "errors": 0, "skipped": 0,
                                       "pass_rate": 0.5}
    assert m["by_level"]["Hard"]["n"] == 2 and m["by_level"]["Hard"]["pass_rate"] == 0.5
    assert m["by_operation"]["divide"]["n"] == 4  # counted once per task, though c uses it twice
    assert m["by_operation"]["subtract"]["passed"] == 1
    assert m["failure_reasons"] == {"off_by_100": 1}
    assert m["tokens_per_answer"] == pytest.approx(20.0)
    ci = m["pass_rate_ci"]
    assert ci["n"] == 4 and ci["ci_low"] <= ci["estimate"] <= ci["ci_high"]
    json.dumps(m)
    console = Console(record=True, width=120)
    for table in BENCHMARK.summary_tables(m):
        console.print(rich_table(table))
    text = console.export_text()
    assert "by level" in text and "VeryHard" not in text and "off_by_100" in text and "50.0%" in text
