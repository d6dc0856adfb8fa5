"""The reasoning family (FinQA, corrected) as a `finprobe.core.benchmark.Benchmark`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from finprobe.benchmarks.reasoning import metrics as _metrics
from finprobe.benchmarks.reasoning.audit import audit as _audit
from finprobe.benchmarks.reasoning.contract import build_messages
from finprobe.benchmarks.reasoning.corrections import apply_corrections, load_corrections
from finprobe.benchmarks.reasoning.grader import SCORER_VERSION, grade, reference_value
from finprobe.benchmarks.reasoning.loader import load_finqa, to_sample
from finprobe.benchmarks.reasoning.options import ReasoningOptions
from finprobe.benchmarks.reasoning.policies import POLICIES, policy_backend
from finprobe.core.benchmark import (
    AggregationSettings,
    Benchmark,
    DataFormat,
    DoctorReport,
    EpisodeContext,
    Finding,
    MetricInfo,
    ModeInfo,
    PolicyInfo,
)
from finprobe.core.display import PlotData, TableData
from finprobe.core.models._base import ModelBackend
from finprobe.core.schema import Message, Outcome, Sample, SampleRecord, Score, Transcript

DEFAULT_MODE = "contract"


def demo_path() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.reasoning") / "data" / "demo.json"))


class ReasoningBenchmark(Benchmark[ReasoningOptions]):
    """Numeric reasoning over one report excerpt, graded deterministically under an answer contract."""

    name = "reasoning"
    description = "FinQA-style numeric reasoning over a report excerpt, graded under an explicit answer contract"
    version = "2"
    roles = {"agent": "local"}
    scorer_version = SCORER_VERSION
    options_model = ReasoningOptions
    constrained_roles = frozenset()  # the agent answers in prose, graded after ANSWER:

    def modes(self) -> list[ModeInfo]:
        return [ModeInfo(name=DEFAULT_MODE, description=(
            "one reply; the system prompt states the answer contract; the text after the last ANSWER: "
            "is graded (1% tolerance, contract unit, sign-agnostic for differences/decreases)"))]

    def policies(self) -> list[PolicyInfo]:
        return [PolicyInfo(name=n, description=d) for n, d in POLICIES.items()]

    def policy_backend(self, name: str, sample: Sample, options: ReasoningOptions) -> ModelBackend:
        return policy_backend(name, sample)

    def check_config(self, mode: str | None, options: ReasoningOptions) -> None:
        super().check_config(mode, options)
        if options.uses_overlay and options.corrections is not None and not Path(options.corrections).is_file():
            raise ValueError(f"corrections file not found: {options.corrections}")

    def load(self, data: str | None, options: ReasoningOptions) -> list[Sample]:
        """FinQA records from `data` (path or URL; the bundled demo set when None), with the overlay applied."""
        source = data if data is not None else demo_path()
        records = load_finqa(source, sha256=options.sha256)
        samples = [to_sample(r) for r in records]
        if not options.uses_overlay:
            return samples
        return apply_corrections(samples, load_corrections(options.corrections))

    async def run_episode(self, ctx: EpisodeContext[ReasoningOptions]) -> None:
        messages = build_messages(ctx.sample.data)
        # Messages first, so the call record can point at them instead of copying them.
        ctx.transcript.messages = list(messages)
        call = await ctx.model("agent").generate(messages)
        reply = call.output or ""
        ctx.transcript.messages.append(Message(role="assistant", content=reply))
        ctx.transcript.final_answer = reply
        ctx.transcript.outcome = Outcome.answered
        ctx.transcript.info["finish_reason"] = call.finish_reason

    def score(self, sample: Sample, transcript: Transcript, options: ReasoningOptions) -> Score:
        finish = transcript.info.get("finish_reason")
        if finish is None:
            agent_calls = [c for c in transcript.calls if c.role == "agent"]
            finish = agent_calls[-1].finish_reason if agent_calls else None
        return grade(sample.data, transcript.final_answer, finish)

    def aggregate(self, records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None,
                  options: ReasoningOptions, settings: AggregationSettings) -> dict[str, Any]:
        return _metrics.aggregate(records, samples, settings)

    def headline_metrics(self) -> list[str]:
        return ["pass_rate"]

    def metric_info(self) -> dict[str, MetricInfo]:
        return {"pass_rate": MetricInfo(label="pass rate", better="higher")}

    def data_formats(self) -> list[DataFormat]:
        return [DataFormat(name="FinQA", keys=frozenset({"pre_text", "post_text", "table", "qa"}))]

    def target(self, sample: Sample) -> str | None:
        """The value the grader expects (the correction, the executor's exact result, or exe_ans), with the
        human answer beside it when that reads differently."""
        value, _ = reference_value(sample.data)
        human = str((sample.data.get("qa") or {}).get("answer") or "")
        text = f"{value:.10g}" if isinstance(value, float) else str(value)
        return f"{text} (human answer: {human})" if human and human != text else text

    def summary_tables(self, metrics: Mapping[str, Any]) -> list[TableData]:
        return _metrics.summary_tables(metrics)

    def plots(self, metrics: Mapping[str, Any]) -> list[PlotData]:
        return _metrics.plots(metrics)

    def sample_values(self, record: SampleRecord, sample: Sample | None) -> dict[str, float | None]:
        """Per-sample values for paired comparisons and epochs: pass = 1/0; errors count as 0 (as in
        `pass_rate`); skipped tasks enter no metric."""
        return {"pass_rate": _metrics.pass_value(record)}

    # ------------------------------------------------------------------ data audit (`finprobe doctor`)
    def doctor(self, data: str | None, options: ReasoningOptions) -> DoctorReport:
        """Reference defects of the source data (corrections are not applied: it audits the data itself):
        one finding per task whose human answer and exe_ans disagree, and per program that does not
        reproduce exe_ans. `details` is the full audit (`finprobe audit reasoning --format json`)."""
        source = data if data is not None else demo_path()
        samples = [to_sample(r) for r in load_finqa(source, sha256=options.sha256)]
        result = _audit(samples)
        findings = [Finding(id=d.id, kind=d.cls, detail=f"human answer {d.answer!r} vs exe_ans {d.exe_ans}")
                    for d in result.disagreements]
        findings += [Finding(id=i, kind="executor_mismatch", detail="the program does not reproduce exe_ans")
                     for i in result.executor_mismatches]
        return DoctorReport(n=result.total, findings=findings, details=result.model_dump(mode="json"))

    def doctor_tables(self, report: DoctorReport) -> list[TableData]:
        return _metrics.audit_tables(report.details)
