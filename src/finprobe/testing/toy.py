"""A tiny benchmark for testing the engine: look up a key, answer its value. Not a real benchmark.

It uses every part of the engine a real family uses (ReAct loop, tools, scoring, aggregation, policies,
options) with nothing domain-specific, so engine tests do not depend on a family's details. It is not
registered as an entry point: tests hand it to the Runner directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.agent import EnvResult, LoopConfig, action_text, run_react
from finprobe.core.benchmark import AggregationSettings, Benchmark, EpisodeContext, FamilyOptions, ModeInfo, PolicyInfo
from finprobe.core.display import TableData
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Action, Outcome, Sample, SampleRecord, SampleStatus, Score, Transcript
from finprobe.core.stats import bootstrap_ci

ACTIONS = [
    ActionSpec(name="lookup", description="Look up a key in the table.", args=[ArgSpec(name="key")]),
    ActionSpec(name="answer", description="Give the final answer.",
               args=[ArgSpec(name="value"), ArgSpec(name="confidence", type="integer", minimum=0, maximum=100)]),
]


class ToyOptions(FamilyOptions):
    n: int | None = Field(None, ge=1, description="how many samples (default: the benchmark's n)")
    max_rounds: int = Field(4, ge=1, description="rounds per episode")


class _Env:
    def __init__(self, table: dict[str, str]):
        self.table = table

    def actions(self) -> list[ActionSpec]:
        return ACTIONS

    async def step(self, action: Action) -> EnvResult:
        if action.name == "lookup":
            return EnvResult(observation=self.table.get(action.args["key"], "not found"))
        return EnvResult(observation="answer recorded", done=True, final=action.args)


class ToyBenchmark(Benchmark[ToyOptions]):
    name = "toy"
    description = "look up a key and answer its value (engine tests only)"
    roles = {"agent": "oracle"}
    scorer_version = "1"
    options_model = ToyOptions

    def __init__(self, n: int = 10):
        self.n = n

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name="oracle", description="looks up the key, then answers its value")]

    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name="default", description="lookup + answer")]

    def policy_backend(self, name: str, sample: Sample, options: ToyOptions) -> ScriptedModel:
        key, value = sample.data["key"], sample.data["value"]
        return ScriptedModel([action_text("lookup", key=key), action_text("answer", value=value, confidence=90)],
                             model="oracle")

    def load(self, data: str | None, options: ToyOptions) -> list[Sample]:
        n = options.n or self.n
        return [Sample(id=f"t{i:04d}", data={"key": f"k{i}", "value": str(i * 7)}, meta={"parity": i % 2})
                for i in range(n)]

    async def run_episode(self, ctx: EpisodeContext[ToyOptions]) -> None:
        data = ctx.sample.data
        env = _Env({data["key"]: data["value"]})
        await run_react(ctx, "You answer questions by looking things up.", f"What is the value of {data['key']}?",
                        env, LoopConfig(max_rounds=ctx.options.max_rounds))

    def score(self, sample: Sample, transcript: Transcript, options: ToyOptions) -> Score:
        if transcript.outcome != Outcome.answered:
            return Score(value=0.0, passed=False, reason=transcript.outcome.value if transcript.outcome else "no_outcome")
        ok = transcript.final_answer == sample.data["value"]
        return Score(value=float(ok), passed=ok, reason=None if ok else "wrong")

    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None, options: ToyOptions,
                  settings: AggregationSettings) -> dict[str, Any]:
        passed, values, ids, error_list = 0, [], [], []
        for r in records:  # one pass: a view is looked up once
            ok = r.score is not None and r.score.passed is True
            if ok and r.status == SampleStatus.scored:
                passed += 1
            values.append(1.0 if ok else 0.0)
            ids.append(r.sample_id)
            if r.status == SampleStatus.error:
                error_list.append({"id": r.sample_id, "error": r.error or ""})
        ci = bootstrap_ci(values, seed=settings.seed, n_resamples=settings.n_resamples) if values else None
        return {"n": len(records), "passed": passed, "errors": len(error_list),
                "pass_rate": passed / len(records) if records else 0.0,
                "pass_rate_ci_low": ci.ci_low if ci else None, "pass_rate_ci_high": ci.ci_high if ci else None,
                "ci": {"seed": settings.seed}, "ids": ids, "error_list": error_list}

    def headline_metrics(self) -> list[str]:
        return ["pass_rate"]

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        return {"pass_rate": 1.0 if (record.score and record.score.passed) else 0.0}

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        return [TableData(title="toy", columns=["n", "pass rate"], rows=[[metrics["n"], f"{metrics['pass_rate']:.3f}"]])]
