"""The reasoning family (FinQA, corrected) as a `finprobe.core.benchmark.Benchmark`."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from finprobe.benchmarks.reasoning import metrics as _metrics
from finprobe.benchmarks.reasoning.audit import audit as _audit
from finprobe.benchmarks.reasoning.contract import build_messages
from finprobe.benchmarks.reasoning.corrections import apply_corrections, load_corrections
from finprobe.benchmarks.reasoning.grader import SCORER_VERSION, grade
from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
from finprobe.benchmarks.reasoning.policies import POLICIES, policy_backend
from finprobe.core.benchmark import EpisodeContext, ModeInfo, PolicyInfo
from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import Message, Outcome, Sample, SampleRecord, SampleStatus, Score, Transcript

DEFAULT_MODE = "contract"
KNOWN_OPTIONS = {"corrections", "sha256", "seed", "limit"}


def demo_path() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.reasoning") / "data" / "demo.json"))


class ReasoningBenchmark:
    """Numeric reasoning over one report excerpt, graded deterministically under an answer contract."""

    name = "reasoning"
    description = "FinQA-style numeric reasoning over a report excerpt, graded under an explicit answer contract"
    roles = {"agent": "local"}
    scorer_version = SCORER_VERSION

    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name=DEFAULT_MODE, description=(
            "one reply; the system prompt states the answer contract; the text after the last ANSWER: "
            "is graded (1% tolerance, contract unit, sign-agnostic for differences/decreases)"))]

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name=n, description=d) for n, d in POLICIES.items()]

    def policy_backend(self, name: str, sample: Sample, options: dict[str, Any]) -> ModelBackend:
        return policy_backend(name, sample)

    def components(self) -> dict[str, list[str]]:
        return {}  # the only role is the agent; no built-in non-LLM components

    def validate_options(self, mode: str | None, options: dict[str, Any]) -> None:
        if mode not in (None, DEFAULT_MODE):
            raise ValueError(f"unknown reasoning mode {mode!r}; known: {DEFAULT_MODE}")
        unknown = set(options) - KNOWN_OPTIONS
        if unknown:
            raise ValueError(f"unknown reasoning options {sorted(unknown)}; known: {sorted(KNOWN_OPTIONS)}")
        corr = options.get("corrections")
        if corr not in (None, False, "none") and not Path(str(corr)).is_file():
            raise ValueError(f"corrections file not found: {corr}")

    def load(self, data: str | None, options: dict[str, Any]) -> list[Sample]:
        """FinQA records from `data` (path or URL; the bundled demo set when None), with the overlay applied.

        options: `corrections` (path; default the bundled overlay; `none`/False for none), `sha256`.
        """
        source = data if data is not None else demo_path()
        records = load_finqa(source, sha256=options.get("sha256"))
        samples = [to_sample(r) for r in records]
        corr = options.get("corrections")
        if corr in (False, "none"):
            return samples
        return apply_corrections(samples, load_corrections(corr))

    async def run_episode(self, ctx: EpisodeContext) -> None:
        messages = build_messages(ctx.sample.data)
        # Messages first, so the call record can point at them instead of copying them.
        ctx.transcript.messages = list(messages)
        call = await ctx.model("agent").generate(messages)
        reply = call.output or ""
        ctx.transcript.messages.append(Message(role="assistant", content=reply))
        ctx.transcript.final_answer = reply
        ctx.transcript.outcome = Outcome.answered
        ctx.transcript.info["finish_reason"] = call.finish_reason

    def score(self, sample: Sample, transcript: Transcript, options: dict[str, Any]) -> Score:
        finish = transcript.info.get("finish_reason")
        if finish is None:
            agent_calls = [c for c in transcript.calls if c.role == "agent"]
            finish = agent_calls[-1].finish_reason if agent_calls else None
        return grade(sample.data, transcript.final_answer, finish)

    def aggregate(self, records: list[SampleRecord], samples: dict[str, Sample] | None = None,
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
        return _metrics.aggregate(records, samples, options)

    def summary_tables(self, metrics: dict[str, Any]) -> list[Any]:
        return _metrics.summary_tables(metrics)

    def sample_values(self, record: SampleRecord, sample: Sample | None = None) -> dict[str, float | None]:
        """Per-sample values for paired comparisons (`finprobe compare`): pass = 1/0; errors count as 0."""
        if record.status == SampleStatus.skipped:
            return {"pass_rate": None}
        return {"pass_rate": 1.0 if (record.score is not None and record.score.passed) else 0.0}

    # ------------------------------------------------------------------ data audit (`finprobe audit`)
    def audit(self, data: str | None, options: dict[str, Any]) -> dict[str, Any]:
        """Reference defects of the source data (corrections are not applied: it audits the data itself)."""
        source = data if data is not None else demo_path()
        samples = [to_sample(r) for r in load_finqa(source, sha256=options.get("sha256"))]
        return _audit(samples).model_dump(mode="json")

    def print_audit(self, console: Any, result: dict[str, Any]) -> None:
        from rich.table import Table

        from finprobe.report import count_table

        console.print(f"{result['total']} tasks; programs reproducing exe_ans (5 decimals): "
                      f"{result['executor_matches']}/{result['total']}; human answer agrees with exe_ans: "
                      f"{result['agreements']}; disagreements: {len(result['disagreements'])}")
        console.print(count_table("answer vs exe_ans disagreements by class", "class", result["by_class"]))
        listing = Table(title="disagreements")
        for col in ("id", "class", "answer", "exe_ans"):
            listing.add_column(col)
        for d in result["disagreements"]:
            listing.add_row(d["id"], d["cls"], d["answer"], str(d["exe_ans"]))
        console.print(listing)
