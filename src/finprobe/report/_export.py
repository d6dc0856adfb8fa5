"""CSV export: one row per sample, flat (status, score, reason, grouping keys, tokens)."""

from __future__ import annotations

import csv
import io

from finprobe.core.schema import SampleRecord


def samples_csv(records: list[SampleRecord]) -> str:
    meta_keys = sorted({k for r in records for k, v in r.meta.items() if isinstance(v, (str, int, float, bool))})
    fields = ["sample_id", "status", "passed", "value", "reason", "error", "outcome", "final_answer",
              "input_tokens", "output_tokens", "cost_usd", *meta_keys]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    for r in records:
        usage = [u for u in r.usage_by_role.values()]
        row = {
            "sample_id": r.sample_id, "status": r.status.value,
            "passed": "" if r.score is None or r.score.passed is None else int(r.score.passed),
            "value": "" if r.score is None or r.score.value is None else r.score.value,
            "reason": "" if r.score is None else (r.score.reason or ""),
            "error": r.error or "",
            "outcome": "" if r.transcript is None or r.transcript.outcome is None else r.transcript.outcome.value,
            "final_answer": "" if r.transcript is None else (r.transcript.final_answer or ""),
            "input_tokens": sum(u.input_tokens for u in usage),
            "output_tokens": sum(u.output_tokens for u in usage),
            "cost_usd": sum(u.cost_usd for u in usage),
        }
        for k in meta_keys:
            v = r.meta.get(k)
            row[k] = v if isinstance(v, (str, int, float, bool)) else ""
        writer.writerow(row)
    return buf.getvalue()
