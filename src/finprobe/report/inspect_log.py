"""A stored run as an Inspect AI eval log, so `inspect view` and the tools built on Inspect logs open it.

Two writers:
- `.json`: dependency-free, written from finprobe's own records in the key order Inspect's streaming
  header reader needs (`version`, `status`, `eval`, `plan`, `results`, `stats` before `samples`; it
  stops at `samples`, so a field after it would be lost from list previews). Log schema version 2.
- `.eval`: with the `inspect` extra (inspect-ai) installed, the same document is validated into
  `inspect_ai.log.EvalLog` and written by `write_eval_log(..., format="eval")`; the zip layout and its
  compression are Inspect's own, never written by hand here.

Mapping (finprobe → Inspect): family → `task = "finprobe/<family>"`; run id → `task_id` (unique per run:
Inspect folds logs that share a task_id into retries); fingerprint → `eval_id` / `run_id`; mode, data and
options → `task_args`; trial → `epoch` (from 1); messages → `ChatMessage`s, with each parsed action an
assistant `tool_calls` entry and its observation a `tool` message; score → `scores[<family>]` with the
status and failure reason in `metadata` (an unscored trial has no score: NaN is not JSON, and the reason
is in `metadata`); error records → `error`; tokens per model → `model_usage`, per role → `role_usage`;
with K epochs, pass^k for k = 1..K as one `EvalScore` per `pass_k_{k}` reducer, plus `reductions`.
`target` is the family's gold answer for the sample (`Benchmark.target`: a list when there are several),
else a text `expected`/`target` detail of the score, else "". `events` (Inspect's transcript view): the
sample's init, one `model` event per model call (every role, failed attempts included, with its input,
output, usage and latency), a `tool` event per parsed action with its observation, and the score.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from finprobe.core.schema import ModelCall, SampleRecord, SampleStatus, Step, StepKind, Transcript
from finprobe.core.stats import pass_hat_k
from finprobe.report._run import StoredRun

__all__ = ["eval_log", "inspect_file_name", "write_inspect_log"]

LOG_SCHEMA_VERSION = 2
_STOP = {"stop": "stop", "length": "max_tokens", "tool_calls": "tool_calls", "content_filter": "content_filter"}
_TARGET_KEYS = ("expected", "target")


def _iso(dt: datetime) -> str:
    return dt.astimezone(UTC).isoformat()


def _finite(x: Any) -> Any:
    return None if isinstance(x, float) and not math.isfinite(x) else x


def _clean(obj: Any) -> Any:
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {str(k): _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    if obj is None or isinstance(obj, (str, int, bool)):
        return obj
    return str(obj)


def _model_name(call: ModelCall) -> str:
    return f"{call.backend}/{call.model}"


def _roles(run: StoredRun) -> dict[str, Any]:
    roles: dict[str, Any] = {name: {"spec": spec} for name, spec in run.bench.roles.items()}
    for name, rc in run.manifest.config.roles.items():
        roles[name] = {"spec": rc.spec, "base_url": rc.base_url, "generate": rc.generate}
    return roles


def _generate_config(generate: Any) -> dict[str, Any]:
    if generate is None:
        return {}
    out: dict[str, Any] = {}
    for ours, theirs in (("temperature", "temperature"), ("max_tokens", "max_tokens"), ("seed", "seed"),
                         ("timeout_s", "timeout")):
        value = getattr(generate, ours, None)
        if value is not None:
            out[theirs] = int(value) if theirs == "timeout" else value
    if getattr(generate, "stop", None):
        out["stop_seqs"] = list(generate.stop)
    return out


def _role_models(run: StoredRun) -> dict[str, str]:
    """The model each role used, as Inspect names models (`backend/model`), from the first call seen."""
    seen: dict[str, str] = {}
    for record in run.trials:
        for call in record.transcript.calls if record.transcript else []:
            seen.setdefault(call.role, _model_name(call))
    return seen


# --------------------------------------------------------------------------- one sample
def _acting_steps(transcript: Transcript) -> list[Step]:
    """The steps that answer an assistant message, in order (a note without action wrote none)."""
    return [s for s in transcript.steps if s.kind != StepKind.note or s.action is not None]


def _messages(transcript: Transcript, sample_key: str) -> list[dict[str, Any]]:
    """The conversation as Inspect ChatMessages. When the assistant messages line up one-to-one with the
    parsed steps (the ReAct loop), each action becomes a tool call and its observation a tool message."""
    steps = _acting_steps(transcript)
    n_assistant = sum(1 for m in transcript.messages if m.role == "assistant")
    with_tools = bool(steps) and len(steps) == n_assistant
    out: list[dict[str, Any]] = []
    step_i = 0
    skip_observation = False
    for m in transcript.messages:
        if skip_observation and m.role == "user" and m.content.startswith("Observation: "):
            skip_observation = False
            continue  # already given as the tool message of the action before it
        skip_observation = False
        if m.role == "assistant" and with_tools:
            step = steps[step_i]
            step_i += 1
            msg: dict[str, Any] = {"role": "assistant", "content": m.content, "source": "generate"}
            if step.action is not None:
                call_id = f"{sample_key}-call-{step.index}"
                msg["tool_calls"] = [{"id": call_id, "function": step.action.name,
                                      "arguments": _clean(step.action.args), "type": "function"}]
                out.append(msg)
                tool: dict[str, Any] = {"role": "tool", "content": step.observation or "", "tool_call_id": call_id,
                                        "function": step.action.name}
                if step.kind == StepKind.refused:
                    tool["error"] = {"type": "approval", "message": step.observation or "refused"}
                out.append(tool)
                skip_observation = True
                continue
            out.append(msg)
            continue
        role = m.role if m.role in ("system", "user", "assistant", "tool") else "user"
        msg = {"role": role, "content": m.content}
        if role == "assistant":
            msg["source"] = "generate"
        if role == "tool":
            msg["tool_call_id"] = m.name
        out.append(msg)
    return out


def _usage(calls: Sequence[ModelCall], key: Any) -> dict[str, dict[str, Any]]:
    totals: dict[str, dict[str, Any]] = {}
    for call in calls:
        u = totals.setdefault(key(call), {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0, "total_cost": 0.0})
        u["input_tokens"] += call.usage.input_tokens
        u["output_tokens"] += call.usage.output_tokens
        u["total_tokens"] += call.usage.input_tokens + call.usage.output_tokens
        u["total_cost"] += call.usage.cost_usd
    return totals


def _all_calls(transcript: Transcript | None) -> list[ModelCall]:
    if transcript is None:
        return []
    failed = [ModelCall.model_validate(c) for c in transcript.info.get("failed_attempt_calls", [])
              if isinstance(c, dict)]
    return [*failed, *transcript.calls]


def _target(run: StoredRun, record: SampleRecord) -> str | list[str]:
    sample = (run.samples or {}).get(record.sample_id)
    gold = run.bench.target(sample) if sample is not None else None
    if gold is not None:
        return [str(g) for g in gold] if isinstance(gold, list) else str(gold)
    details = record.score.details if record.score else {}
    for key in _TARGET_KEYS:
        value = details.get(key)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return str(value)
    return ""


def _chat(m: Any) -> dict[str, Any]:
    role = m.role if m.role in ("system", "user", "assistant", "tool") else "user"
    msg: dict[str, Any] = {"role": role, "content": m.content}
    if role == "assistant":
        msg["source"] = "generate"
    if role == "tool":
        msg["tool_call_id"] = m.name
    return msg


def _events(run: StoredRun, record: SampleRecord, sample: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The sample's transcript as Inspect events, in the order they happened: init, then each model call
    (with the tool event of the action it produced, when actions line up with the agent's calls), then
    the score. Times are the record's start plus the latencies so far."""
    t = record.transcript
    start = record.started_at
    elapsed = 0.0

    def at() -> dict[str, Any]:
        return {"timestamp": _iso(start + timedelta(seconds=elapsed)), "working_start": elapsed}

    events: list[dict[str, Any]] = [{"event": "sample_init", **at(), "sample": {
        "input": sample["input"], "target": sample["target"], "id": record.sample_id}, "state": {}}]
    if t is None:
        return events
    steps = [s for s in t.steps if s.action is not None]
    failed = _all_calls(t)[: len(_all_calls(t)) - len(t.calls)]
    agent_calls = [c for c in t.calls if c.role == "agent"]
    step_of = dict(zip((id(c) for c in agent_calls), steps, strict=False)) if len(steps) == len(agent_calls) else {}
    for call in [*failed, *t.calls]:
        inputs = call.messages or (t.messages[: call.input_prefix] if call.input_prefix else [])
        usage = {"input_tokens": call.usage.input_tokens, "output_tokens": call.usage.output_tokens,
                 "total_tokens": call.usage.input_tokens + call.usage.output_tokens,
                 "total_cost": call.usage.cost_usd}
        event: dict[str, Any] = {
            "event": "model", **at(), "model": _model_name(call), "role": call.role,
            "input": [_chat(m) for m in inputs], "tools": [], "tool_choice": "none",
            "config": _generate_config(call.config),
            "output": {"model": _model_name(call), "choices": [] if call.output is None else [
                {"message": {"role": "assistant", "content": call.output, "source": "generate"},
                 "stop_reason": _STOP.get(call.finish_reason or "", "unknown")}],
                "usage": usage, "time": call.latency_s, **({"error": call.error} if call.error else {})},
            "retries": max(0, call.attempts - 1), "working_time": call.latency_s}
        if call.error:
            event["error"] = call.error
        if call.cached:
            event["cache"] = "read"
        events.append(event)
        elapsed += call.latency_s
        step = step_of.get(id(call))
        if step is not None and step.action is not None:
            tool: dict[str, Any] = {"event": "tool", **at(), "type": "function", "id": f"{key}-call-{step.index}",
                                    "function": step.action.name, "arguments": _clean(step.action.args),
                                    "result": step.observation or "", "events": []}
            if step.kind == StepKind.refused:
                tool["error"] = {"type": "approval", "message": step.observation or "refused"}
            events.append(tool)
    score = (sample.get("scores") or {}).get(run.bench.name)
    if score is not None:
        events.append({"event": "score", **at(), "score": score, "target": sample["target"], "scorer": run.bench.name})
    return events


def _sample(run: StoredRun, record: SampleRecord) -> dict[str, Any]:
    t = record.transcript
    key = f"{record.sample_id}-{record.epoch}"
    first_user = next((m.content for m in (t.messages if t else []) if m.role == "user"), "")
    family = run.bench.name
    sample: dict[str, Any] = {
        "id": record.sample_id, "epoch": record.epoch, "input": first_user, "target": _target(run, record),
        "messages": _messages(t, re.sub(r"[^\w.-]", "_", key)) if t else [],
    }
    agent_calls = [c for c in (t.calls if t else []) if c.role == "agent"]
    if t is not None and t.final_answer is not None:
        last = agent_calls[-1] if agent_calls else None
        sample["output"] = {
            "model": _model_name(last) if last else "", "completion": t.final_answer,
            "choices": [{"message": {"role": "assistant", "content": t.final_answer, "source": "generate"},
                         "stop_reason": _STOP.get((last.finish_reason if last else None) or "", "unknown")}],
        }
    meta = {"status": record.status.value, "attempt": record.attempt, "meta": _clean(record.meta)}
    if t is not None:
        meta.update({"episode_end": None if t.outcome is None else t.outcome.value, "final_args": _clean(t.final_args),
                     "transcript_info": _clean(t.info)})
    if record.status == SampleStatus.scored and record.score is not None and record.score.value is not None \
            and math.isfinite(record.score.value):
        s = record.score
        sample["scores"] = {family: {
            "value": s.value, "answer": None if t is None else t.final_answer, "explanation": s.reason,
            "metadata": _clean({"passed": s.passed, "success": run.bench.success(s), "reason": s.reason,
                                "status": record.status.value, "scorer_version": s.scorer_version,
                                "details": s.details})}}
    else:
        meta["unscored_reason"] = record.error or (record.score.reason if record.score else None) or record.status.value
    sample["metadata"] = meta
    calls = _all_calls(t)
    sample["model_usage"] = _usage(calls, _model_name)
    sample["role_usage"] = {role: {"input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
                                   "total_tokens": u.input_tokens + u.output_tokens, "total_cost": u.cost_usd}
                            for role, u in record.usage_by_role.items()}
    sample["started_at"] = _iso(record.started_at)
    sample["completed_at"] = _iso(record.finished_at)
    sample["total_time"] = max(0.0, (record.finished_at - record.started_at).total_seconds())
    sample["uuid"] = f"{run.manifest.run_id}-{key}"
    if record.status == SampleStatus.error:
        sample["error"] = {"message": record.error or "unknown error", "traceback": "", "traceback_ansi": ""}
    sample["events"] = _events(run, record, sample, re.sub(r"[^\w.-]", "_", key))
    return sample


# --------------------------------------------------------------------------- the log
def _value(record: SampleRecord) -> float | None:
    s = record.score
    if record.status != SampleStatus.scored or s is None or s.value is None or not math.isfinite(s.value):
        return None
    return float(s.value)


def _results(run: StoredRun) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    family, epochs = run.bench.name, run.manifest.config.epochs
    by_sample: dict[str, list[SampleRecord]] = {}
    for r in run.trials:
        by_sample.setdefault(r.sample_id, []).append(r)
    scored = [r for r in run.trials if _value(r) is not None]
    metrics: dict[str, Any] = {}
    names = list(run.bench.headline_metrics()) or [k for k, v in run.metrics.items()
                                                    if isinstance(v, (int, float)) and f"{k}_ci_low" in run.metrics]
    for name in names:
        value = _finite(run.metrics.get(name))
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            lo, hi = _finite(run.metrics.get(f"{name}_ci_low")), _finite(run.metrics.get(f"{name}_ci_high"))
            metrics[name] = {"name": name, "value": value,
                             "metadata": {"ci_low": lo, "ci_high": hi, "confidence": run.settings.confidence,
                                          "method": "percentile bootstrap over instances",
                                          "n_resamples": run.settings.n_resamples, "seed": run.settings.seed}}
    mean_samples: list[dict[str, Any]] = []
    for sid, trials in by_sample.items():
        values = [v for r in trials if (v := _value(r)) is not None]
        if values:
            mean_samples.append({"value": sum(values) / len(values), "sample_id": sid})
    scores = [{"name": family, "scorer": family, "reducer": "mean" if epochs > 1 else None,
               "scored_samples": len({r.sample_id for r in scored}),
               "unscored_samples": len(by_sample) - len({r.sample_id for r in scored}),
               "metrics": metrics or {"mean": {"name": "mean", "value": (
                   sum(s["value"] for s in mean_samples) / len(mean_samples)) if mean_samples else 0.0}}}]
    reductions = [{"scorer": family, "reducer": "mean", "samples": mean_samples}]
    if epochs > 1:
        for k in range(1, epochs + 1):
            reduced = []
            for sid, trials in by_sample.items():
                outcomes = [run.bench.success(r.score) for r in trials
                            if r.status == SampleStatus.scored and r.score is not None]
                value = pass_hat_k(len(outcomes), sum(outcomes), k)
                if value is not None:  # fewer than k scored trials: unscored, left out (never 1.0, never NaN)
                    reduced.append({"value": value, "sample_id": sid})
            section = (run.metrics.get("epochs") or {}).get("pass_k", {}).get(str(k), {})
            value = section.get("value")
            metric = {"name": "mean", "value": value if value is not None else 0.0,
                      "metadata": {"ci_low": section.get("ci_low"), "ci_high": section.get("ci_high"),
                                   "defined": value is not None}}
            scores.append({"name": family, "scorer": family, "reducer": f"pass_k_{k}", "scored_samples": len(reduced),
                           "unscored_samples": len(by_sample) - len(reduced), "metrics": {"mean": metric}})
            reductions.append({"scorer": family, "reducer": f"pass_k_{k}", "samples": reduced})
    results = {"total_samples": len(run.trials), "completed_samples": len(scored), "scores": scores}
    return results, reductions


def eval_log(run: StoredRun) -> dict[str, Any]:
    """The run as an Inspect `EvalLog` document (plain JSON, keys in the order Inspect's readers need)."""
    m, cfg, family = run.manifest, run.manifest.config, run.bench.name
    roles = _roles(run)
    used = _role_models(run)
    agent = roles.get("agent", {})
    info = run.metrics.get("run") or {}
    spec = {
        "eval_id": m.fingerprint[:22], "run_id": m.fingerprint[:22], "created": _iso(m.created_at),
        "task": f"finprobe/{family}", "task_id": m.run_id, "task_version": m.family_version or 0,
        "task_display_name": family, "task_description": run.bench.description,
        "task_args": _clean({"mode": run.mode, "data": cfg.data or "bundled demo",
                             "limit": cfg.limit, "options": m.options}),
        "solver": f"finprobe/{family}/{run.mode}",
        "dataset": {"name": Path(cfg.data).name if cfg.data else f"{family}-demo",
                    "location": cfg.data or f"finprobe.benchmarks.{family} (bundled demo)",
                    "samples": m.n_samples, "sample_ids": [r.sample_id for r in run.records], "shuffled": False},
        "model": used.get("agent") or f"finprobe/{agent.get('spec', 'none')}",
        "model_generate_config": _generate_config(agent.get("generate")),
        "model_base_url": agent.get("base_url"),
        "model_roles": {role: {"model": used.get(role) or f"finprobe/{r['spec']}", "base_url": r.get("base_url"),
                               "config": _generate_config(r.get("generate")), "args": {"spec": r["spec"]}}
                        for role, r in roles.items() if role != "agent"} or None,
        "config": {"epochs": cfg.epochs, **({"epochs_reducer": ["mean", *(f"pass_k_{k}" for k in range(1, cfg.epochs + 1))]}
                                           if cfg.epochs > 1 else {}),
                   **({"limit": cfg.limit} if cfg.limit else {})},
        **({"revision": {"type": "git", "origin": "", "commit": m.git_revision}} if m.git_revision else {}),
        "packages": {"finprobe": m.package_version, **{k: v for k, v in m.versions.items() if k != "finprobe"}},
        "metadata": {"finprobe_fingerprint": m.fingerprint, "data_hash": m.data_hash, "scorer_version": m.scorer_version,
                     "contract_version": m.contract_version, "seed": cfg.seed, "run_folder": str(run.path),
                     "roles": {role: r["spec"] for role, r in roles.items()}},
    }
    results, reductions = _results(run)
    starts = [r.started_at for r in run.trials]
    ends = [r.finished_at for r in run.trials]
    all_calls = [c for r in run.trials for c in _all_calls(r.transcript)]
    stats = {
        "started_at": _iso(min(starts)) if starts else "", "completed_at": _iso(max(ends)) if ends else "",
        "model_usage": _usage(all_calls, _model_name),
        "role_usage": {role: {"input_tokens": u["input_tokens"], "output_tokens": u["output_tokens"],
                              "total_tokens": u["input_tokens"] + u["output_tokens"], "total_cost": u["cost_usd"]}
                       for role, u in (info.get("usage_by_role") or {}).items()},
    }
    complete = not info.get("n_missing")
    plan = {"name": "finprobe", "steps": [{"solver": spec["solver"], "params": {
        "roles": {role: r["spec"] for role, r in roles.items()}, "mode": run.mode}}]}
    return {
        "version": LOG_SCHEMA_VERSION,
        "status": "success" if complete else "cancelled",
        "eval": _clean(spec),
        "plan": plan,
        "results": _clean(results),
        "stats": _clean(stats),
        "samples": [_clean(_sample(run, r)) for r in run.trials],
        "reductions": _clean(reductions),
    }


def inspect_file_name(run: StoredRun, suffix: str = ".json") -> str:
    """Inspect's file naming, `<ISO time>_<task>_<task id>.json`: `inspect view` lists a `.json` log only
    when its name starts with the timestamp (`.eval` files are listed whatever their name)."""
    stamp = run.manifest.created_at.astimezone(UTC).strftime("%Y-%m-%dT%H-%M-%S+00-00")
    return f"{stamp}_finprobe-{run.bench.name}_{run.manifest.run_id}{suffix}"


def write_inspect_log(run: StoredRun, output: str | Path, *, folder: bool | None = None) -> Path:
    """Write the run as an Inspect log. `output` is a file (`.json` or `.eval`) or a folder, created when
    missing (then the file is named the way Inspect names its logs, as `.json`). `folder`: whether `output`
    is a folder; by default, when it exists as one, ends with a slash, or has no suffix. Returns the path."""
    path = Path(output)
    if folder is None:
        folder = path.is_dir() or str(output).endswith(("/", "\\")) or path.suffix == ""
    if folder:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"{path}: cannot create the folder for the Inspect log: {exc.strerror or exc}") from None
        path = path / inspect_file_name(run)
    elif path.suffix in (".json", ".eval"):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"{path.parent}: cannot create the folder for the Inspect log: "
                             f"{exc.strerror or exc}") from None
    document = eval_log(run)
    if path.suffix == ".eval":
        try:
            from inspect_ai.log import EvalLog, write_eval_log
        except ImportError:
            raise RuntimeError("writing a .eval log needs inspect-ai: pip install 'finprobe[inspect]' "
                               "(or write .json, which needs nothing)") from None
        write_eval_log(EvalLog.model_validate(document), str(path), format="eval")
        return path
    if path.suffix != ".json":
        raise ValueError(f"{path}: an Inspect log is a .json or .eval file")
    path.write_text(json.dumps(document, ensure_ascii=False, allow_nan=False), encoding="utf-8")
    return path
