"""A self-contained HTML report of one stored run: metrics, per-sample table with filters, transcripts.

Model output is data: every text goes through Jinja2's autoescaping, and the page embeds no script that
evaluates it (the filter script only reads text content)."""

from __future__ import annotations

import json
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from finprobe.report._run import StoredRun


def _flatten(metrics: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for key, value in metrics.items():
        if key in ("error_list", "run") or isinstance(value, list):
            continue
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            rows.extend(_flatten(value, name + "."))
        elif isinstance(value, float):
            rows.append((name, f"{value:.4f}"))
        else:
            rows.append((name, str(value)))
    return rows


def render_html(run: StoredRun) -> str:
    env = Environment(loader=PackageLoader("finprobe.report", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    template = env.get_template("run.html.j2")
    samples = []
    for r in run.records:
        t = r.transcript
        samples.append({
            "id": r.sample_id, "status": r.status.value,
            "passed": None if r.score is None else r.score.passed,
            "reason": (r.score.reason if r.score else None) or r.error or "",
            "meta": {k: v for k, v in r.meta.items() if isinstance(v, (str, int, float, bool))},
            "final_answer": t.final_answer if t else None,
            "messages": [m.model_dump() for m in t.messages] if t else [],
            "steps": [s.model_dump(mode="json") for s in t.steps] if t else [],
            "score_details": json.dumps(r.score.details if r.score else {}, ensure_ascii=False, indent=1, default=str),
        })
    return template.render(manifest=run.manifest, metrics=_flatten(run.metrics), samples=samples,
                           run_info=run.metrics.get("run", {}))
