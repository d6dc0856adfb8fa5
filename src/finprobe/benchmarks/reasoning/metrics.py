"""Aggregate metrics of a reasoning run: pass rates overall, by level and by operation; failure reasons;
tokens per answer; a bootstrap CI for the pass rate.

Denominators: `pass_rate` = passed / (passed + failed + errors). A sample whose model calls failed is
counted as not passed (it is a task the agent did not answer), never dropped. `pass_rate_scored` =
passed / (passed + failed) is given next to it. Skipped tasks (corrections overlay) are in neither
denominator; they are listed with their reasons.

Corrected vs original (seed 002: the same answers graded on FinQA's own tasks and on the corrected ones):
`original_pass_rate` = the answers that pass against the ORIGINAL task (no correction: FinQA's reference,
its question's sign rule) / the same denominator as `pass_rate`. A task the overlay skips has no answer in
the run, so it is in neither; `-O corrections=none` runs the original benchmark in full. `corrections`
counts the overlay's entries applied to the run's data by kind (an entry with two kinds counts in both).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from finprobe.benchmarks.reasoning.corrections import KINDS
from finprobe.core.benchmark import AggregationSettings
from finprobe.core.display import PlotData, Series, TableData, count_table, interval, rate
from finprobe.core.schema import Sample, SampleRecord, SampleStatus
from finprobe.core.stats import bootstrap_ci

LEVEL_ORDER = ("Medium", "Hard", "VeryHard")


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def _meta(record: SampleRecord, samples: Mapping[str, Sample] | None) -> dict[str, Any]:
    if record.meta:
        return record.meta
    if samples and record.sample_id in samples:
        return samples[record.sample_id].meta
    return {}


def _outcome(record: SampleRecord) -> str:
    """passed / failed / error / skipped."""
    if record.status == SampleStatus.skipped:
        return "skipped"
    if record.status == SampleStatus.error:
        return "error"
    return "passed" if record.score is not None and record.score.passed else "failed"


def _group_stats(outcomes: list[str]) -> dict[str, Any]:
    c = Counter(outcomes)
    den = c["passed"] + c["failed"] + c["error"]
    return {"n": den, "passed": c["passed"], "failed": c["failed"], "errors": c["error"],
            "skipped": c["skipped"], "pass_rate": _rate(c["passed"], den)}


def _kind_stats(rows: list[tuple[str, bool | None]]) -> dict[str, Any]:
    """Pass rates of the answered tasks with one kind of fix, on the corrected and on the original task."""
    n = len(rows)
    passed = sum(out == "passed" for out, _ in rows)
    orig = None if any(o is None for _, o in rows) else sum(bool(o) for _, o in rows)
    return {"n": n, "passed": passed, "pass_rate": _rate(passed, n),
            "original_passed": orig, "original_pass_rate": None if orig is None else _rate(orig, n)}


def _agent_output_tokens(record: SampleRecord) -> int | None:
    if record.transcript is None:
        return None
    calls = [c for c in record.transcript.calls if c.role == "agent" and c.error is None]
    if not calls:
        return None
    return sum(c.usage.output_tokens for c in calls)


def original_passed(record: SampleRecord, outcome: str) -> bool | None:
    """Whether the answer passes the original (uncorrected) task; None when a corrected task's record
    predates the corrected-vs-original grading (rescore the run)."""
    if outcome != "passed" and outcome != "failed":
        return False  # an error is not passed on either
    assert record.score is not None
    if not (record.meta or {}).get("corrected"):
        return bool(record.score.passed)
    original = record.score.details.get("original")
    return None if not isinstance(original, dict) else bool(original.get("passed"))


def corrections_summary(records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None) -> dict[str, Any]:
    """`{"version", "value", "question", "sign_agnostic", "skip"}`: the overlay's version and its entries
    applied to the run's tasks, by kind."""
    counts = dict.fromkeys(KINDS, 0)
    version = None
    for r in records:
        meta = _meta(r, samples)
        version = version or meta.get("corrections_version")
        for kind in meta.get("correction_kinds") or ():
            if kind in counts:
                counts[kind] += 1
    return {"version": version, **counts}


def pass_value(record: SampleRecord) -> float | None:
    """One task's contribution to `pass_rate`: 1 passed, 0 failed or error, None skipped."""
    outcome = _outcome(record)
    if outcome == "skipped":
        return None
    return 1.0 if outcome == "passed" else 0.0


def aggregate(records: Sequence[SampleRecord], samples: Mapping[str, Sample] | None = None,
              settings: AggregationSettings | None = None) -> dict[str, Any]:
    """Metrics as one JSON-able dict (see the module docstring for the denominators).

    pass_rate = passed / (passed + failed + errors), with a percentile bootstrap CI over tasks
    (`finprobe.core.stats.bootstrap_ci`, seeded by the run's seed)."""
    settings = settings or AggregationSettings()
    outcomes = {r.sample_id: _outcome(r) for r in records}
    counts = Counter(outcomes.values())
    passed, failed, errors = counts["passed"], counts["failed"], counts["error"]
    values = [1.0 if outcomes[r.sample_id] == "passed" else 0.0 for r in records
              if outcomes[r.sample_id] != "skipped"]

    by_level: dict[str, list[str]] = {}
    by_op: dict[str, list[str]] = {}
    by_qtype: dict[str, list[str]] = {}
    reasons: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    skipped_list, error_list, tokens = [], [], []
    original: list[bool | None] = []
    changes: Counter[str] = Counter()
    by_kind: dict[str, list[tuple[str, bool | None]]] = {}
    for r in records:
        meta, out = _meta(r, samples), outcomes[r.sample_id]
        if out != "skipped":
            orig = original_passed(r, out)
            original.append(orig)
            if orig is not None and orig != (out == "passed"):
                changes["gained" if out == "passed" else "lost"] += 1
            for kind in meta.get("correction_kinds") or ():
                by_kind.setdefault(kind, []).append((out, orig))
        by_level.setdefault(str(meta.get("level", "unknown")), []).append(out)
        for op in sorted(set(meta.get("operations") or [])):
            by_op.setdefault(op, []).append(out)
        by_qtype.setdefault(str(meta.get("question_type", "unknown")), []).append(out)
        if out == "skipped":
            reason = (r.score.reason if r.score else None) or r.error or "skipped"
            skipped_list.append({"id": r.sample_id, "reason": reason})
        elif out == "error":
            error_list.append({"id": r.sample_id, "error": r.error or "unknown error"})
        else:
            if out == "failed":
                reasons[(r.score.reason if r.score else None) or "wrong"] += 1
            if r.score is not None and r.score.details.get("reference_source"):
                sources[str(r.score.details["reference_source"])] += 1
            t = _agent_output_tokens(r)
            if t is not None:
                tokens.append(t)

    ci = bootstrap_ci(values, seed=settings.seed, n_resamples=settings.n_resamples,
                      confidence=settings.confidence) if values else None
    level_keys = [k for k in LEVEL_ORDER if k in by_level] + sorted(k for k in by_level if k not in LEVEL_ORDER)
    return {
        "n": len(records),
        "passed": passed,
        "failed": failed,
        "skipped": counts["skipped"],
        "skipped_tasks": skipped_list,
        "errors": errors,
        "error_tasks": error_list,
        "error_list": error_list,  # the key every family uses ({id, error}); error_tasks kept for old readers
        "pass_rate": _rate(passed, passed + failed + errors),
        "pass_rate_ci_low": None if ci is None else ci.ci_low,
        "pass_rate_ci_high": None if ci is None else ci.ci_high,
        "pass_rate_scored": _rate(passed, passed + failed),
        "original_pass_rate": None if None in original else _rate(sum(bool(o) for o in original), len(original)),
        "original": {
            "n": len(original), "passed": None if None in original else sum(bool(o) for o in original),
            "needs_rescore": sum(o is None for o in original),
            "verdicts_changed": {"gained": changes["gained"], "lost": changes["lost"]},
        },
        "corrections": corrections_summary(records, samples),
        "by_correction": {k: _kind_stats(by_kind[k]) for k in KINDS if k in by_kind},
        "pass_rate_ci": None if ci is None else {
            "estimate": ci.estimate, "ci_low": ci.ci_low, "ci_high": ci.ci_high, "n": ci.n},
        "by_level": {k: _group_stats(by_level[k]) for k in level_keys},
        "by_operation": {k: _group_stats(v) for k, v in sorted(by_op.items())},
        "by_question_type": {k: _group_stats(v) for k, v in sorted(by_qtype.items())},
        "failure_reasons": dict(reasons.most_common()),
        "reference_sources": dict(sources.most_common()),
        "tokens_per_answer": (sum(tokens) / len(tokens)) if tokens else None,
        "answers_with_tokens": len(tokens),
    }


def summary_tables(metrics: Mapping[str, Any]) -> list[TableData]:
    """Overall, by level, by operation, failure reasons."""
    ci = metrics.get("pass_rate_ci")
    tpa = metrics.get("tokens_per_answer")
    overall = TableData(
        title="reasoning: overall",
        columns=["tasks", "passed", "failed", "errors", "skipped", "pass rate", "95% CI", "tokens/answer"],
        rows=[[metrics["n"], metrics["passed"], metrics["failed"], metrics["errors"], metrics["skipped"],
               rate(metrics["pass_rate"]), "-" if not ci else interval(ci["ci_low"], ci["ci_high"]),
               "-" if tpa is None else f"{tpa:.0f}"]],
        align=["right"] * 8)
    tables = [overall, *correction_tables(metrics)]

    def group_table(title: str, key: str, groups: Mapping[str, Any]) -> TableData:
        return TableData(title=title, columns=[key, "tasks", "passed", "pass rate"],
                         rows=[[name, g["n"], g["passed"], rate(g["pass_rate"])] for name, g in groups.items()])

    tables.append(group_table("reasoning: by level", "level", metrics.get("by_level", {})))
    tables.append(group_table("reasoning: by operation", "operation", metrics.get("by_operation", {})))
    if metrics.get("failure_reasons"):
        tables.append(count_table("reasoning: failure reasons", "reason", metrics["failure_reasons"]))
    return tables


def correction_tables(metrics: Mapping[str, Any]) -> list[TableData]:
    """Accuracy on the corrected and on the original tasks side by side, the fixes by kind, and the tasks
    the overlay skips with their reasons."""
    corr = metrics.get("corrections") or {}
    orig = metrics.get("original") or {}
    if not corr.get("version"):
        return []
    changed = orig.get("verdicts_changed") or {}
    tables = [TableData(
        title=f"reasoning: corrected vs original tasks (corrections {corr['version']})",
        columns=["answered tasks", "pass rate (corrected)", "pass rate (original)", "passes gained", "passes lost"],
        rows=[[orig.get("n", 0), rate(metrics.get("pass_rate")),
               rate(metrics.get("original_pass_rate")) if orig.get("needs_rescore", 0) == 0 else "rescore the run",
               changed.get("gained", 0), changed.get("lost", 0)]],
        align=["right"] * 5)]
    by_kind = metrics.get("by_correction") or {}
    rows = []
    for kind in KINDS:
        stats = by_kind.get(kind) or {}
        rows.append([kind, corr.get(kind, 0), stats.get("n", 0), rate(stats.get("pass_rate")),
                     rate(stats.get("original_pass_rate"))])
    tables.append(TableData(title="reasoning: corrections applied, by kind of fix",
                            columns=["kind", "tasks", "answered", "pass rate (corrected)", "pass rate (original)"],
                            rows=rows, align=["left", "right", "right", "right", "right"]))
    skipped = metrics.get("skipped_tasks") or []
    if skipped:
        tables.append(TableData(title="reasoning: skipped tasks (corrections overlay)", columns=["id", "reason"],
                                rows=[[t["id"], t["reason"]] for t in skipped]))
    return tables


def plots(metrics: Mapping[str, Any]) -> list[PlotData]:
    """Pass rate by level and by operation."""
    out = []
    for key, title, label in (("by_level", "pass rate by level", "level"),
                              ("by_operation", "pass rate by operation", "operation")):
        groups = metrics.get(key) or {}
        if groups:
            out.append(PlotData(kind="bar", title=title, categories=list(groups), x_label=label,
                                y_label="pass rate", y_range=(0.0, 1.0), source=key,
                                series=[Series(name="pass rate", values=[g["pass_rate"] for g in groups.values()])]))
    return out


def audit_tables(result: Mapping[str, Any]) -> list[TableData]:
    """The audit summary: executor reproduction, disagreement classes, and the disagreements."""
    summary = TableData(
        title="FinQA audit",
        columns=["tasks", "programs reproducing exe_ans", "human answer agrees", "disagreements"],
        rows=[[result["total"], f"{result['executor_matches']}/{result['total']}", result["agreements"],
               len(result["disagreements"])]])
    listing = TableData(title="disagreements", columns=["id", "class", "answer", "exe_ans"],
                        rows=[[d["id"], d["cls"], d["answer"], str(d["exe_ans"])] for d in result["disagreements"]],
                        align=["left", "left", "right", "right"])
    tables = [summary, count_table("answer vs exe_ans disagreements by class", "class", result["by_class"])]
    review = result.get("corrections") or {}
    if review.get("version"):
        tables.append(count_table(f"corrections {review['version']}: fixes by kind", "kind",
                                  review["by_kind"]))
        sides = review["crosstab"]
        labels = sorted({k for side in sides.values() for k in side})
        tables.append(TableData(
            title="corrections vs FinQA's two fields (fields agree: defects the field comparison cannot see)",
            columns=["correction", "fields disagree", "fields agree"],
            rows=[[k, sides["fields_disagree"].get(k, 0), sides["fields_agree"].get(k, 0)] for k in labels],
            align=["left", "right", "right"]))
    return [*tables, listing]
