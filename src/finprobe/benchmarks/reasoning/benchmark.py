"""The reasoning family (FinQA, corrected) as a `finprobe.core.benchmark.Benchmark`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from finprobe.benchmarks.reasoning import metrics as _metrics
from finprobe.benchmarks.reasoning.audit import audit as _audit
from finprobe.benchmarks.reasoning.audit import review_audit
from finprobe.benchmarks.reasoning.contract import build_messages
from finprobe.benchmarks.reasoning.corrections import NO_OVERLAY, apply_corrections, resolve_overlay
from finprobe.benchmarks.reasoning.grader import SCORER_VERSION, grade, original_task, reference_value
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
        choice = options.corrections
        if choice is not None and choice.lower() not in NO_OVERLAY and not choice.startswith("bundled:") \
                and not Path(choice).is_file():
            if Path(choice).is_dir():
                raise ValueError(f"{choice}: is a folder; -O corrections takes a corrections YAML file")
            raise ValueError(f"corrections file not found: {choice}")

    def load(self, data: str | None, options: ReasoningOptions) -> list[Sample]:
        """FinQA records from `data` (path or URL; the bundled demo set when None), with the overlay applied:
        by default the bundled overlay made for these very tasks (`corrections.overlay_for`), none for a
        file no bundled overlay was made for; `-O corrections=none` the original tasks; `-O
        corrections=PATH` a user's overlay, checked against the data."""
        source = data if data is not None else demo_path()
        records = load_finqa(source, sha256=options.sha256)
        samples = [to_sample(r) for r in records]
        overlay = resolve_overlay(samples, options.corrections, str(source))
        if overlay is None:
            return samples
        return apply_corrections(samples, overlay)

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
        score = grade(sample.data, transcript.final_answer, finish)
        if sample.data.get("correction"):
            # the same answer on the original task, for `original_pass_rate` (corrected vs original side by side)
            original = grade(original_task(sample.data), transcript.final_answer, finish)
            score.details["original"] = {"passed": original.passed, "reason": original.reason,
                                         "expected": original.details["expected"]}
        return score

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

    def sample_columns(self, record: SampleRecord) -> dict[str, str | int | float | bool | None]:
        """`correction`: the kinds of fix applied to the task, joined by `;` (empty when none)."""
        return {"correction": ";".join((record.meta or {}).get("correction_kinds") or ())}

    # ------------------------------------------------------------------ data audit (`finprobe doctor`)
    def doctor(self, data: str | None, options: ReasoningOptions) -> DoctorReport:
        """Reference defects of the source data: one finding per task whose human answer and exe_ans
        disagree, per program that does not reproduce exe_ans, and per correction of the overlay that
        applies to the data (the bundled one made for it, or `-O corrections=PATH`), which sees what the
        two fields cannot. `details` is the full audit (`finprobe audit reasoning --format json`)."""
        source = data if data is not None else demo_path()
        samples = [to_sample(r) for r in load_finqa(source, sha256=options.sha256)]
        result = _audit(samples)
        overlay = resolve_overlay(samples, options.corrections, str(source))
        findings = [Finding(id=d.id, kind=d.cls, detail=f"human answer {d.answer!r} vs exe_ans {d.exe_ans}")
                    for d in result.disagreements]
        findings += [Finding(id=i, kind="executor_mismatch", detail="the program does not reproduce exe_ans")
                     for i in result.executor_mismatches]
        review = review_audit(samples, result, overlay)
        findings += [Finding(id=e["id"], kind="correction:" + ";".join(e["kinds"]), detail=e["note"])
                     for e in review.get("entries", [])]
        details = result.model_dump(mode="json")
        details["corrections"] = review
        return DoctorReport(n=result.total, findings=findings, details=details)

    def doctor_tables(self, report: DoctorReport) -> list[TableData]:
        return _metrics.audit_tables(report.details)
