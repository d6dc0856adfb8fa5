"""A tiny benchmark for testing the engine: look up a key, answer its value. Not a real benchmark.

It uses every part of the engine a real family uses (ReAct loop, tools, scoring, aggregation, policies)
with nothing domain-specific, so engine tests do not depend on a family's details.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table

from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.agent import EnvResult, LoopConfig, action_text, run_react
from finprobe.core.benchmark import EpisodeContext, ModeInfo, PolicyInfo
from finprobe.core.models.scripted import ScriptedModel
from finprobe.core.schema import Action, Outcome, Sample, SampleRecord, SampleStatus, Score, Transcript

ACTIONS = [
    ActionSpec(name="lookup", description="Look up a key in the table.", args=[ArgSpec(name="key")]),
    ActionSpec(name="answer", description="Give the final answer.",
               args=[ArgSpec(name="value"), ArgSpec(name="confidence", type="integer", minimum=0, maximum=100)]),
]


class _Env:
    def __init__(self, table: dict[str, str]):
        self.table = table

    def actions(self) -> list[ActionSpec]:
        return ACTIONS

    async def step(self, action: Action) -> EnvResult:
        if action.name == "lookup":
            return EnvResult(observation=self.table.get(action.args["key"], "not found"))
        return EnvResult(observation="answer recorded", done=True, final=action.args)


class ToyBenchmark:
    name = "toy"
    description = "look up a key and answer its value (engine tests only)"
    roles = {"agent": "oracle"}
    scorer_version = "1"

    def __init__(self, n: int = 10):
        self.n = n

    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name="default", description="lookup + answer")]

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name="oracle", description="looks up the key, then answers its value")]

    def components(self) -> dict[str, list[str]]:
        return {}

    def policy_backend(self, name: str, sample: Sample, options: dict[str, Any]) -> ScriptedModel:
        key, value = sample.data["key"], sample.data["value"]
        return ScriptedModel([action_text("lookup", key=key), action_text("answer", value=value, confidence=90)],
                             model="oracle")

    def validate_options(self, mode: str | None, options: dict[str, Any]) -> None:
        if mode not in (None, "default"):
            raise ValueError(f"toy has no mode {mode!r}")

    def load(self, data: str | None, options: dict[str, Any]) -> list[Sample]:
        n = int(options.get("n", self.n))
        return [Sample(id=f"t{i:04d}", data={"key": f"k{i}", "value": str(i * 7)}, meta={"parity": i % 2})
                for i in range(n)]

    async def run_episode(self, ctx: EpisodeContext) -> None:
        data = ctx.sample.data
        env = _Env({data["key"]: data["value"]})
        await run_react(ctx, "You answer questions by looking things up.", f"What is the value of {data['key']}?",
                        env, LoopConfig(max_rounds=int(ctx.options.get("max_rounds", 4))))

    def score(self, sample: Sample, transcript: Transcript, options: dict[str, Any]) -> Score:
        if transcript.outcome != Outcome.answered:
            return Score(value=0.0, passed=False, reason=transcript.outcome.value if transcript.outcome else "no_outcome")
        ok = transcript.final_answer == sample.data["value"]
        return Score(value=float(ok), passed=ok, reason=None if ok else "wrong")

    def aggregate(self, records: list[SampleRecord], samples=None, options=None) -> dict[str, Any]:
        scored = [r for r in records if r.status == SampleStatus.scored]
        passed = sum(1 for r in scored if r.score and r.score.passed)
        errors = [r for r in records if r.status == SampleStatus.error]
        return {"n": len(records), "passed": passed, "errors": len(errors),
                "pass_rate": passed / len(records) if records else 0.0,
                "ids": sorted(r.sample_id for r in records),
                "error_list": [{"id": r.sample_id, "error": r.error or ""} for r in errors]}

    def summary_tables(self, metrics: dict[str, Any]) -> list[Any]:
        table = Table(title="toy")
        table.add_column("n")
        table.add_column("pass rate")
        table.add_row(str(metrics["n"]), f"{metrics['pass_rate']:.3f}")
        return [table]
