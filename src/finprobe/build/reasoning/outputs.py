"""What a review writes: the overlay, the funnel, the per-task trail, the records behind it, the pending
inputs; and `ship_review`, which copies the overlay and its records into the package's data folder.

Everything written is a deterministic function of the records (ids sorted, no clock), so the same
records always give byte-identical files: the shipped overlay can be checked by regenerating it.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from finprobe.benchmarks.reasoning.audit import classify
from finprobe.benchmarks.reasoning.corrections import KINDS, check_overlay, ids_digest, load_corrections, records_digest
from finprobe.build.reasoning.records import BlindRecord
from finprobe.build.reasoning.roles import ModelRole, RecordedRole
from finprobe.core.schema import Sample, SampleRecord, Usage

if TYPE_CHECKING:
    from finprobe.build.reasoning.pipeline import ReviewConfig, ReviewResult, ReviewRoles, TaskReview, _State

__all__ = ["overlay_document", "roles_from_records", "ship_review", "write_outputs"]

OVERLAY = "corrections.yaml"
FUNNEL = "funnel.json"


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _jsonl(rows: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=False) + "\n" for r in rows)


def _number(v: Any) -> Any:
    """An integral float as an int (23688, not 23688.0), for a readable overlay."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return int(v)
    return v


# --------------------------------------------------------------------------- the overlay
def _entry(review: TaskReview, blind: dict[str, BlindRecord], checks: dict[str, BlindRecord]) -> dict[str, Any]:
    d = review.decision
    assert d is not None
    entry: dict[str, Any] = {}
    if "value" in review.final:
        entry["value"] = _number(d.value)
    if "question" in review.final:
        entry["question"] = d.question
    if "sign_agnostic" in review.final:
        entry["sign_agnostic"] = True
    if "skip" in review.final:
        entry["skip"] = d.skip
    entry["note"] = d.reason
    reviewers = [f"{k}: {r.reviewer} ({r.reviewer_kind})" for k, r in blind.items()]
    reviewers += [f"{k}: {r.reviewer} ({r.reviewer_kind}), original wording" for k, r in checks.items()]
    prov: dict[str, Any] = {"decided_by": f"{d.decided_by} ({d.decided_by_kind})", "reviewers": reviewers,
                            "blind_answers": {k: _number(r.answer) for k, r in blind.items()}}
    if "question" in review.final and review.rewording:
        prov["rewording_check"] = f"{review.rewording['status']}: {review.rewording['why']}"
    entry["provenance"] = prov
    return entry


def overlay_document(samples: Sequence[Sample], tasks: Sequence[TaskReview], state: _State,
                     config: ReviewConfig) -> dict[str, Any]:
    """The overlay as a YAML-ready mapping (entries sorted by id)."""
    corrections = {}
    for review in sorted(tasks, key=lambda t: t.id):
        if not review.final:
            continue
        blind = {k: recs[review.id] for k, recs in state.blind.items() if review.id in recs}
        checks = {k: recs[review.id] for k, recs in state.rewording.items() if review.id in recs}
        corrections[review.id] = _entry(review, blind, checks)
    name = Path(config.source).name if config.source else None
    return {
        "version": config.version,
        "split": config.split,
        "data": {"file": name, "n": len(samples), "records_sha256": records_digest(samples),
                 "ids_sha256": ids_digest(samples)},
        "review": f"../review/{config.split}" if config.split else None,
        "corrections": corrections,
    }


def _overlay_text(doc: dict[str, Any], funnel: dict[str, Any]) -> str:
    kinds = ", ".join(f"{k} {v}" for k, v in funnel["overlay"]["by_kind"].items())
    head = (f"# Corrections overlay {doc['version']} for {doc['data']['file'] or 'the reviewed data'} "
            f"({doc['data']['n']} tasks): {funnel['overlay']['entries']} entries ({kinds}).\n"
            "# Written by `finprobe build reasoning` from the review records (blind pass, two further blind\n"
            "# reviewers, decision, rewording check): regenerate it, do not edit it by hand. Each entry's note\n"
            "# is the decision's reason; its provenance names every reviewer whose record it rests on.\n")
    body = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110, default_flow_style=False)
    return head + body


# --------------------------------------------------------------------------- the funnel
def _usage(records: dict[str, SampleRecord], roles: ReviewRoles) -> dict[str, Any]:
    by_role: dict[str, dict[str, Any]] = {}
    for role in roles.all():
        if isinstance(role, RecordedRole):
            by_role[role.name] = {"kind": "recorded", "spec": role.spec, "records": len(role.records),
                                  "calls": 0, "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0}
    for record in records.values():
        name = str(record.meta.get("role", "?"))
        row = by_role.setdefault(name, {"kind": "model", "spec": record.meta.get("spec"), "records": 0, "calls": 0,
                                        "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0,
                                        "failed_calls": 0})
        if row["kind"] != "model":
            continue
        row["records"] += 1
        usage = Usage()
        for call in record.transcript.calls if record.transcript else []:
            usage = usage + call.usage
            row["calls"] += 1
            row["failed_calls"] = row.get("failed_calls", 0) + (1 if call.error else 0)
        row["input_tokens"] += usage.input_tokens
        row["output_tokens"] += usage.output_tokens
        row["cost_usd"] = round(row["cost_usd"] + usage.cost_usd, 6)
    for role in roles.all():
        if isinstance(role, ModelRole) and role.name in by_role:
            by_role[role.name]["model"] = role.binding.backend.model
    total = round(sum(r["cost_usd"] for r in by_role.values()), 6)
    return {"by_role": dict(sorted(by_role.items())), "total_usd": total,
            "note": "cost is 0 for recorded roles (people or helper sessions: not metered here) and for "
                    "models without a price (--prices)"}


def _funnel(samples: Sequence[Sample], tasks: Sequence[TaskReview], state: _State, roles: ReviewRoles,
            stored: dict[str, SampleRecord], overlay: dict[str, Any]) -> dict[str, Any]:
    from finprobe.build.reasoning.pipeline import PIPELINE_VERSION
    from finprobe.build.reasoning.rules import agree, task_facts, value_cause

    by_id = {t.id: t for t in tasks}
    data = {s.id: s.data for s in samples}
    letters = list(state.blind)
    first = state.blind[letters[0]] if letters else {}
    facts = {i: task_facts(data[i]) for i in first}
    agree_ref = sum(1 for i, r in first.items() if r.verdict == "clear"
                    and agree(r.answer, facts[i].reference, facts[i].sign_agnostic))
    statuses = Counter(t.status.split(":")[0] if t.status.startswith("error") else t.status for t in tasks)
    selected = [t for t in tasks if t.selected]
    reasons: Counter[str] = Counter(r for t in selected for r in t.selected)
    decided = [t for t in tasks if t.decision is not None]
    decision_kinds = Counter(";".join(t.decision.kinds) or "keep" for t in decided
                             if t.decision is not None and t.decision.status in ("decided",))
    rejected_rules: Counter[str] = Counter(p.split(" is reached")[0].split(" ")[0] if p.startswith("value ")
                                           else p for t in decided if t.decision is not None
                                           for p in t.decision.problems)
    rewording = Counter(t.rewording["status"] for t in tasks if t.rewording)
    stages = [
        {"stage": "blind", "role": letters[0] if letters else "A", "in": len(tasks), "reviewed": len(first),
         "pending": len(state.pending.get(f"blind.{letters[0] if letters else 'A'}", [])),
         "errors": sum(1 for t in tasks if t.status == "error:blind"),
         "verdicts": dict(Counter(r.verdict for r in first.values())),
         "agrees_with_reference": agree_ref, "differs_from_reference": len(first) - agree_ref},
        {"stage": "select", "in": len(first), "out": len(selected), "reasons": dict(reasons.most_common()),
         "note": "a task can be selected for several reasons"},
        {"stage": "second", "in": len(selected),
         "reviewed": sum(1 for t in selected if not t.status.startswith(("pending:second", "error:second"))),
         "pending": statuses.get("pending:second", 0), "errors": sum(1 for t in tasks if t.status == "error:second"),
         "by_role": {k: {"records": len(state.blind[k]),
                         "verdicts": dict(Counter(r.verdict for r in state.blind[k].values()))}
                     for k in letters[1:]}},
        {"stage": "decide", "in": len(decided) + statuses.get("pending:adjudication", 0)
         + sum(1 for t in tasks if t.status == "error:adjudication"),
         "settled": statuses.get("settled", 0), "decided": sum(decision_kinds.values()),
         "decisions": dict(sorted(decision_kinds.items())), "rejected": statuses.get("rejected", 0),
         "rejected_rules": dict(rejected_rules.most_common()), "unresolved": statuses.get("unresolved", 0),
         "pending": statuses.get("pending:adjudication", 0),
         "errors": sum(1 for t in tasks if t.status == "error:adjudication")},
        {"stage": "rewording", "in": sum(rewording.values()), "kept": rewording.get("kept", 0),
         "restored": rewording.get("restored", 0), "pending": rewording.get("pending", 0)},
    ]
    entries = overlay["corrections"]
    by_kind = dict.fromkeys(KINDS, 0)
    for e in entries.values():
        for k in KINDS:
            if k in e:
                by_kind[k] += 1
    both_wrong = sum(1 for i, e in entries.items() if "value" in e
                     and classify(data[i]["qa"].get("answer", ""), float(e["value"]) if not isinstance(e["value"], str)
                                  else e["value"])[0] is not None)
    value_causes = Counter(value_cause(task_facts(data[i]), e["value"]) for i, e in entries.items() if "value" in e)
    pending = {k: len(v) for k, v in sorted(state.pending.items())}
    n_errors = sum(1 for t in tasks if t.status.startswith("error"))
    role_specs = {r.name: r.spec for r in roles.all()}
    if not isinstance(roles.adjudicator, (ModelRole, RecordedRole)):
        role_specs["adjudicator"] = roles.adjudicator or "none"
    return {
        "pipeline": PIPELINE_VERSION,
        "version": overlay["version"],
        "split": overlay["split"],
        "roles": dict(sorted(role_specs.items())),
        "tasks": len(tasks),
        "stages": stages,
        "status": dict(sorted(statuses.items())),
        "overlay": {"entries": len(entries), "by_kind": by_kind,
                    "value_fixes_by_cause": {k: value_causes.get(k, 0)
                                             for k in ("computation", "contract_scale", "yes_no")},
                    "value_fixes_where_the_human_answer_is_also_wrong": both_wrong,
                    "of_tasks_whose_fields_disagree": sum(1 for i in entries if by_id[i].selected
                                                         and "fields_disagree" in by_id[i].selected)},
        "pending": pending,
        "errors": n_errors,
        "complete": not pending and n_errors == 0,
        "cost": _usage(stored, roles),
    }


# --------------------------------------------------------------------------- writing
def write_outputs(out: Path, samples: Sequence[Sample], tasks: list[TaskReview], state: _State,
                  config: ReviewConfig, roles: ReviewRoles, stored: dict[str, SampleRecord],
                  n_calls: int) -> ReviewResult:
    from finprobe.build.reasoning.pipeline import ReviewResult

    doc = overlay_document(samples, tasks, state, config)
    funnel = _funnel(samples, tasks, state, roles, stored, doc)
    _atomic_write(out / OVERLAY, _overlay_text(doc, funnel))
    check_overlay(list(samples), load_corrections(out / OVERLAY), "the reviewed data")  # it loads, and fits
    _atomic_write(out / FUNNEL, json.dumps(funnel, indent=2, ensure_ascii=False) + "\n")
    _atomic_write(out / "review.jsonl", _jsonl([t.model_dump(mode="json") for t in tasks]))
    records_dir = out / "records"
    if records_dir.exists():
        shutil.rmtree(records_dir)
    for letter, recs in state.blind.items():
        if recs:
            _atomic_write(records_dir / f"blind.{letter}.jsonl",
                          _jsonl([recs[i].model_dump(mode="json") for i in sorted(recs)]))
    if state.adjudication:
        _atomic_write(records_dir / "adjudication.jsonl",
                      _jsonl([state.adjudication[i].model_dump(mode="json") for i in sorted(state.adjudication)]))
    for letter, recs in state.rewording.items():
        if recs:
            _atomic_write(records_dir / f"rewording.{letter}.jsonl",
                          _jsonl([recs[i].model_dump(mode="json") for i in sorted(recs)]))
    pending_dir = out / "pending"
    if pending_dir.exists():
        shutil.rmtree(pending_dir)
    for name, jobs in sorted(state.pending.items()):
        _atomic_write(pending_dir / f"{name}.jsonl",
                      _jsonl([{"id": j.task_id, "prompt": j.prompt} for j in sorted(jobs, key=lambda j: j.task_id)]))
    return ReviewResult(out_dir=str(out), funnel=funnel, tasks=tasks, n_calls=n_calls, complete=funnel["complete"])


def roles_from_records(review_dir: Path, ids: Sequence[str]) -> tuple[ReviewRoles, dict[str, Any]]:
    """The roles that replay a shipped (or any `records/`) folder: `blind.A.jsonl` as A, `blind.B.jsonl`,
    `blind.C.jsonl`, ... as the further reviewers, `adjudication.jsonl` as the adjudicator (else the
    decision the funnel names: rules or none), `rewording.R*.jsonl` as the rewording checks; and the funnel."""
    from finprobe.build.reasoning.pipeline import ReviewRoles, Role
    from finprobe.build.reasoning.records import Adjudication

    ids = list(ids)
    funnel_path = review_dir / FUNNEL
    if not funnel_path.is_file():
        raise ValueError(f"{review_dir}: no {FUNNEL}: give a folder `build reasoning --ship` wrote (review/SPLIT)")
    funnel = json.loads(funnel_path.read_text(encoding="utf-8"))
    blind = {p.name.split(".")[1]: p for p in sorted(review_dir.glob("blind.*.jsonl"))}
    if "A" not in blind:
        raise ValueError(f"{review_dir}: no blind.A.jsonl")
    second: list[Role] = [RecordedRole.open(k, str(p), BlindRecord, ids) for k, p in blind.items() if k != "A"]
    adjudication = review_dir / "adjudication.jsonl"
    adjudicator: Any = (RecordedRole.open("adjudicator", str(adjudication), Adjudication, ids)
                        if adjudication.is_file() else funnel.get("roles", {}).get("adjudicator", "rules"))
    if adjudicator == "none":
        adjudicator = None
    rewording: list[Role] = [RecordedRole.open(p.name.split(".")[1], str(p), BlindRecord, ids)
                 for p in sorted(review_dir.glob("rewording.*.jsonl"))]
    roles = ReviewRoles(blind=RecordedRole.open("A", str(blind["A"]), BlindRecord, ids), second=second,
                        adjudicator=adjudicator, rewording=rewording)
    return roles, funnel


def ship_review(out: Path, data_dir: Path, split: str, *, allow_incomplete: bool = False) -> list[Path]:
    """Copy a finished review into a package data folder: `corrections/<split>.yaml` and
    `review/<split>/` (the records and the funnel). Refuses an incomplete review unless allowed."""
    funnel = json.loads((out / FUNNEL).read_text(encoding="utf-8"))
    if not funnel["complete"] and not allow_incomplete:
        raise ValueError(f"{out}: the review is not complete ({funnel['pending'] or ''} pending, "
                         f"{funnel['errors']} errors): finish it, or ship with --allow-incomplete")
    written = []
    target = data_dir / "corrections" / f"{split}.yaml"
    _atomic_write(target, (out / OVERLAY).read_text(encoding="utf-8"))
    written.append(target)
    review_dir = data_dir / "review" / split
    if review_dir.exists():
        shutil.rmtree(review_dir)
    review_dir.mkdir(parents=True)
    for src in sorted((out / "records").glob("*.jsonl")):
        shutil.copyfile(src, review_dir / src.name)
        written.append(review_dir / src.name)
    shutil.copyfile(out / FUNNEL, review_dir / FUNNEL)
    written.append(review_dir / FUNNEL)
    return written
