"""Published FinInteract results as finprobe run folders, so a user's runs can stand beside the paper's.

A published results file is JSON Lines, one row per instance × model × mode, with the fields
`instance_id, model, mode, user_sim, forced_n, correct, final_answer, correct_answer, default_answer,
default_captured, confidence, first_action, n_turns, n_asks, n_searches, interacted, axis_hits, axes,
n_axes, h0, language, source, trajectory`; `trajectory` is a list of `{turn, action, content}` whose
`content` is the action as a Python-literal or JSON dict (`{'action': 'interact', 'question': '...'}`).

`import_results` writes one run folder per (model, mode, forced_n). Each row becomes a stored record
whose transcript is rebuilt from the trajectory (the agent's actions as steps, the final answer and
confidence), scored by finprobe's own grader like any run; the published verdicts stay in the transcript
(`info["published"]`), where rescoring never touches them. The report then shows how far finprobe's
grader agrees with the published one, and `finprobe report RUN --grader published` (the aggregation
option `grader=published`) recomputes every metric under the published verdicts.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, field_validator

from finprobe.benchmarks.ambiguity.environment import parse_confidence
from finprobe.benchmarks.ambiguity.modes import MODES
from finprobe.core.aggregation import aggregate_run, ordered
from finprobe.core.benchmark import AggregationSettings, Benchmark, DataError
from finprobe.core.provenance import run_info
from finprobe.core.runner import Runner
from finprobe.core.schema import (
    Action,
    Message,
    Outcome,
    RoleConfig,
    RunConfig,
    SampleRecord,
    SampleStatus,
    Step,
    StepKind,
    Transcript,
)
from finprobe.core.sources import decode_text, read_source, validation_message
from finprobe.core.store import RunStore

__all__ = ["ImportResult", "PublishedRow", "import_results", "mode_name", "parse_results"]

AGENT_ACTIONS = ("search", "interact", "answer", "precheck")

#: how published files name the modes (the paper's shorthand), normalised by `_mode_key`
_MODE_ALIASES = {
    "a": "answer-only", "answeronly": "answer-only",
    "as": "answer+search", "answersearch": "answer+search",
    "asi": "answer+search+interact", "answersearchinteract": "answer+search+interact", "interact": "answer+search+interact",
    "forced": "forced-interaction", "forcedinteraction": "forced-interaction", "asiforced": "forced-interaction",
    "alwaysask": "always-ask", "contextoracle": "context-oracle", "coracle": "context-oracle",
    "interpretationoracle": "interpretation-oracle", "templateoracle": "template-oracle",
    "categoryoracle": "category-oracle", "categoryaware": "category-aware", "genericstructured": "generic-structured",
}


class PublishedRow(BaseModel):
    """One row of a published results file (unknown extra fields are kept, not an error)."""

    instance_id: str
    model: str
    mode: str
    user_sim: str | None = None
    forced_n: int | None = None
    correct: bool
    final_answer: str | None = None
    correct_answer: str | None = None
    default_answer: str | None = None
    default_captured: bool | None = None
    confidence: float | str | None = None
    first_action: str | None = None
    n_turns: int | None = None
    n_asks: int | None = None
    n_searches: int | None = None
    interacted: bool | None = None
    axis_hits: Any = None
    axes: Any = None
    n_axes: int | None = None
    h0: float | None = None
    language: str | None = None
    source: str | None = None
    trajectory: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("forced_n", mode="after")
    @classmethod
    def _no_forced_asks(cls, value: int | None) -> int | None:
        """The published files write `forced_n: 0` for runs that force no asks (every main run): that is no
        forced-interaction run, not a run forcing zero asks."""
        if value is not None and value < 0:
            raise ValueError("forced_n must be 0 (no forced asks) or a positive number of asks")
        return value or None


class ImportResult(BaseModel):
    """The run folders written, with their row counts."""

    runs: dict[str, int]
    n_rows: int


def _mode_key(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def mode_name(mode: str, forced_n: int | None) -> str:
    """finprobe's mode for a published mode label (forced_n set means forced-interaction)."""
    if forced_n is not None:
        return "forced-interaction"
    if mode in MODES:
        return mode
    key = _mode_key(mode)
    if key in _MODE_ALIASES:
        return _MODE_ALIASES[key]
    raise ValueError(f"unknown published mode {mode!r}; known: {', '.join(MODES)} and the paper's A, A+S, A+S+I")


def parse_results(source: str | Path) -> list[PublishedRow]:
    """Rows of a published results file (path or URL). Raises DataError naming the file and the line."""
    src = str(source)
    text = decode_text(read_source(src, what="results"), src)
    rows = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(PublishedRow.model_validate_json(line))
        except ValidationError as exc:
            raise DataError(f"{src}:{lineno}: {validation_message(exc)}") from None
    if not rows:
        raise DataError(f"{src}: no result rows")
    return rows


def _action_of(content: Any) -> dict[str, Any] | None:
    """The action dict of a trajectory entry's content (a dict, or its JSON / Python-literal text)."""
    if isinstance(content, dict):
        return content
    if not isinstance(content, str):
        return None
    for parse in (json.loads, ast.literal_eval):  # literal_eval evaluates literals only, never code
        try:
            value = parse(content)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    return None


def transcript_of(row: PublishedRow, question: str) -> Transcript:
    """A transcript rebuilt from a published trajectory; the published verdicts in `info["published"]`."""
    transcript = Transcript(messages=[Message(role="user", content=f"Question: {question}")])
    steps: list[Step] = []
    asks = 0
    for entry in row.trajectory:
        name = str(entry.get("action") or "")
        content = entry.get("content")
        action = _action_of(content)
        raw = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        if name in AGENT_ACTIONS or (action and action.get("action") in AGENT_ACTIONS):
            args = {k: v for k, v in (action or {}).items() if k != "action"}
            act = Action(name=str((action or {}).get("action") or name), args=args)
            kind, info = StepKind.action, {"turn": entry.get("turn")}
            if act.name == "interact":
                asks += 1
                # the published protocol refuses asks past its limit (6) and does not count them: the row's
                # n_asks is the count, so a trajectory's later interacts are refused asks (`ask_limit`)
                if row.n_asks is not None and asks > row.n_asks:
                    kind, info = StepKind.refused, {**info, "refused": "ask_limit"}
            steps.append(Step(index=len(steps), kind=kind, raw=raw, action=act, info=info))
            transcript.messages.append(Message(role="assistant", content=raw or ""))
        elif steps:  # an observation or reply that follows the agent's action
            steps[-1].observation = raw if steps[-1].observation is None else f"{steps[-1].observation}\n{raw}"
            transcript.messages.append(Message(role="user", content=f"Observation: {raw}"))
        else:
            steps.append(Step(index=0, kind=StepKind.note, raw=raw, info={"turn": entry.get("turn"), "entry": name}))
    transcript.steps = steps
    answered = bool(row.final_answer and row.final_answer.strip())
    transcript.outcome = Outcome.answered if answered else Outcome.no_answer_budget
    transcript.final_answer = row.final_answer if answered else None
    transcript.final_args = {"value": row.final_answer, "confidence": parse_confidence(row.confidence)} if answered else {}
    transcript.info["published"] = {
        "correct": row.correct, "default_captured": row.default_captured, "n_asks": row.n_asks,
        "n_searches": row.n_searches, "n_turns": row.n_turns, "axis_hits": row.axis_hits,
        "first_action": row.first_action, "model": row.model, "mode": row.mode, "user_sim": row.user_sim,
        "forced_n": row.forced_n, "confidence": row.confidence,
    }
    transcript.info["imported"] = True
    return transcript


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "x"


def _groups(rows: Iterable[PublishedRow]) -> dict[tuple[str, str, int | None], list[PublishedRow]]:
    groups: dict[tuple[str, str, int | None], list[PublishedRow]] = {}
    for row in rows:
        groups.setdefault((row.model, mode_name(row.mode, row.forced_n), row.forced_n), []).append(row)
    return groups


def import_results(bench: Benchmark[Any], results: str | Path, data: str | Path, out_dir: str | Path, *,
                   corpus: str | None = None) -> ImportResult:
    """Write one run folder per (model, mode, forced_n) under `out_dir` from a published results file,
    against the instances `data` (release format). Rows whose instance is not in `data` are an error."""
    rows = parse_results(results)
    data_str = str(data) if str(data).startswith(("http://", "https://")) else str(Path(data).resolve())
    out = Path(out_dir)
    written: dict[str, int] = {}
    for (model, mode, forced_n), group in sorted(_groups(rows).items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] or 0)):
        options: dict[str, Any] = {"corpus": corpus or "none"}
        if forced_n is not None:
            options.update(forced_n=forced_n, max_rounds=max(forced_n + 1, 10))
        user = group[0].user_sim or "published"
        config = RunConfig(benchmark=bench.name, data=data_str, mode=mode, options=options,
                           roles={"agent": RoleConfig(spec=f"published:{model}"), "user": RoleConfig(spec=f"published:{user}")})
        runner = Runner(config, out, benchmark=bench, progress=False)
        samples = bench.load(config.data, runner.options)
        by_id = {s.id: s for s in samples}
        missing = sorted({r.instance_id for r in group} - set(by_id))
        if missing:
            raise DataError(f"{results}: {len(missing)} rows name instances not in {data} (e.g. {', '.join(missing[:5])})")
        name = "__".join([_slug(model), _slug(mode)] + ([f"n{forced_n}"] if forced_n is not None else []))
        folder = out / name
        manifest = runner.manifest_for(samples)
        store = RunStore.open_for_run(folder, manifest, fresh=True)
        store.write_data(samples)  # the folder keeps the run's data, as a run's does: report reads nothing else
        records = []
        seen: set[str] = set()
        for row in group:
            if row.instance_id in seen:
                raise DataError(f"{results}: instance {row.instance_id} appears twice for {model} / {mode}")
            seen.add(row.instance_id)
            sample = by_id[row.instance_id]
            question = sample.data["instance"]["question"]
            transcript = transcript_of(row, question)
            record = SampleRecord(sample_id=sample.id, status=SampleStatus.scored, meta=sample.meta,
                                  transcript=transcript, score=bench.score(sample, transcript, runner.options))
            store.append(record)
            records.append(record)
        store.close()
        settings = AggregationSettings.for_run(config.seed, runner.options)
        metrics = aggregate_run(bench, records, samples, runner.options, settings)
        metrics["run"] = run_info(store.read_manifest(), ordered(records, [s.id for s in samples]), settings)
        store.write_metrics(metrics)
        written[str(folder)] = len(group)
    return ImportResult(runs=written, n_rows=len(rows))
