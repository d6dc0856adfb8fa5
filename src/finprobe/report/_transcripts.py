"""The transcript browser's data: a light index to filter and page through, and each trial's full
episode as its own JSON text, parsed by the page only when that transcript is opened.

Why this shape: a 5,000-sample run has tens of megabytes of transcripts. The page parses the index at
load (a few hundred bytes per trial) and keeps each episode as one string until it is opened, so the
page's memory and start-up time follow the index, not the transcripts. Long message texts repeated
across trials (system prompts, shared instructions) are stored once in `strings` and referred to by
number. Everything ends up inside one `<script type="application/json">` block (see `script_json`):
the page reads it with `JSON.parse` and writes every text with `textContent`, never as HTML.
"""

from __future__ import annotations

import functools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from finprobe.core.schema import Message, SampleRecord, Score
from finprobe.report._export import _scalar, record_outcome
from finprobe.report._text import error_type

__all__ = ["browser_payload", "dumps", "record_detail", "script_escape", "script_json"]

#: message texts at least this long that occur twice or more are stored once
_INTERN_MIN_CHARS = 120
#: a filter offers a meta key whose values are few enough to list
_MAX_FILTER_VALUES = 60
_ANSWER_PREVIEW = 160


def _finite(obj: Any) -> Any:
    """NaN and infinities (not JSON) as null."""
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_finite(v) for v in obj]
    return obj


def dumps(obj: Any) -> str:
    """Compact JSON (UTF-8 text kept as is); NaN and infinities become null."""
    try:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(obj), ensure_ascii=False, separators=(",", ":"), default=str, allow_nan=False)


def script_json(obj: Any) -> str:
    """JSON text safe to place inside `<script type="application/json">`: `<`, `>` and `&` (and the
    JavaScript line separators) are written as \\u escapes, so no data text can close the block or
    open a tag, and `JSON.parse` gives back the exact strings."""
    return script_escape(dumps(obj))


def script_escape(text: str) -> str:
    """JSON text (`dumps`) made safe to place inside `<script type="application/json">` (`script_json`)."""
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


class _Strings:
    """Long texts that repeat across trials, stored once."""

    def __init__(self, records: Iterable[SampleRecord]):
        counts: Counter[str] = Counter()
        for r in records:
            for m in self._messages(r):
                if len(m.content) >= _INTERN_MIN_CHARS:
                    counts[m.content] += 1
        self.table = [text for text, n in counts.items() if n > 1]
        self._index = {text: i for i, text in enumerate(self.table)}

    @staticmethod
    def _messages(r: SampleRecord) -> list[Message]:
        if r.transcript is None:
            return []
        return [*r.transcript.messages, *(m for c in r.transcript.calls for m in c.messages)]

    def message(self, m: Message) -> dict[str, Any]:
        out: dict[str, Any] = {"role": m.role}
        ref = self._index.get(m.content)
        if ref is None:
            out["content"] = m.content
        else:
            out["ref"] = ref
        if m.name:
            out["name"] = m.name
        return out


def _score(score: Score | None) -> dict[str, Any] | None:
    return None if score is None else score.model_dump(mode="json")


#: a sample's gold answer by sample id (`Benchmark.target`), None where there is none to show
TargetOf = Callable[[str], "str | list[str] | None"]


def _no_target(sample_id: str) -> None:
    return None


def record_detail(record: SampleRecord, strings: _Strings | None = None, *,
                  success: Callable[[Score], bool] | None = None, target: str | list[str] | None = None) -> dict[str, Any]:
    """One trial's full episode as plain JSON: status, score, the gold answer (`target`), messages, steps
    (actions, tool results, simulator replies, refusals), every model call (agent, user simulator, judge,
    classifier) with its tokens, latency and errors, and the transcript's info (judge verdicts, state, ...)."""
    strings = strings or _Strings([])
    t = record.transcript
    detail: dict[str, Any] = {
        "id": record.sample_id, "epoch": record.epoch, "status": record.status.value, "attempt": record.attempt,
        "outcome": record_outcome(record, success) if success else record_outcome(record),
        "error": record.error, "error_type": error_type(record.error), "meta": record.meta,
        "score": _score(record.score), "target": target,
        "usage": {role: u.model_dump() for role, u in record.usage_by_role.items()},
        "started_at": record.started_at.isoformat(), "finished_at": record.finished_at.isoformat(),
    }
    if t is not None:
        detail.update({
            "end": None if t.outcome is None else t.outcome.value,
            "final_answer": t.final_answer, "final_args": t.final_args,
            "messages": [strings.message(m) for m in t.messages],
            "steps": [s.model_dump(mode="json", exclude_none=True) for s in t.steps],
            "calls": [_call(c, strings) for c in t.calls],
            "info": t.info,
        })
    return detail


def _call(call: Any, strings: _Strings) -> dict[str, Any]:
    out = call.model_dump(mode="json", exclude={"messages"}, exclude_none=True)
    if call.messages:
        out["messages"] = [strings.message(m) for m in call.messages]
    return out


def _preview(target: str | list[str] | None) -> str | None:
    text = None if target is None else (" · ".join(target) if isinstance(target, list) else target)
    return text if text is None or len(text) <= _ANSWER_PREVIEW else text[:_ANSWER_PREVIEW] + "…"


def _index_entry(record: SampleRecord, success: Callable[[Score], bool],
                 target: str | list[str] | None = None) -> dict[str, Any]:
    t, s = record.transcript, record.score
    answer = None if t is None else t.final_answer
    if answer is not None and len(answer) > _ANSWER_PREVIEW:
        answer = answer[:_ANSWER_PREVIEW] + "…"
    meta = {k: v for k, v in record.meta.items() if _scalar(v) is not None or isinstance(v, list)}
    return {
        "id": record.sample_id, "epoch": record.epoch, "outcome": record_outcome(record, success),
        "reason": None if s is None else s.reason, "error": (record.error or "")[:300] or None,
        "error_type": error_type(record.error), "end": None if t is None or t.outcome is None else t.outcome.value,
        "answer": answer, "target": _preview(target),
        "meta": {k: v for k, v in meta.items() if isinstance(v, (str, int, float, bool, list))},
    }


def _filters(index: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Which filters the page offers: outcome, reason, error type, episode end, and each meta key with a
    listable number of values (list-valued keys such as `operations` match any of their elements)."""
    def values_of(getter: Callable[[dict[str, Any]], Any]) -> Counter[str]:
        counts: Counter[str] = Counter()
        for entry in index:
            value = getter(entry)
            for v in (value if isinstance(value, list) else [value]):
                if v is not None and v != "":
                    counts[str(v)] += 1
        return counts

    out = []
    fixed = [("outcome", "outcome", lambda e: e["outcome"]), ("reason", "score reason", lambda e: e["reason"]),
             ("error_type", "error type", lambda e: e["error_type"]), ("end", "episode end", lambda e: e["end"])]
    for key, label, getter in fixed:
        counts = values_of(getter)
        if counts:
            out.append({"key": key, "label": label, "meta": False,
                        "values": [[v, n] for v, n in sorted(counts.items())]})
    meta_keys = list(dict.fromkeys(k for e in index for k in e["meta"]))
    for key in meta_keys:
        counts = values_of(functools.partial(_meta_value, key))
        if 1 <= len(counts) <= _MAX_FILTER_VALUES:
            out.append({"key": key, "label": key, "meta": True,
                        "values": [[v, n] for v, n in sorted(counts.items())]})
    return out


def _meta_value(key: str, entry: dict[str, Any]) -> Any:
    return entry["meta"].get(key)


def browser_payload(records: Iterable[SampleRecord], success: Callable[[Score], bool],
                    target_of: TargetOf = _no_target, *,
                    seen: Callable[[SampleRecord], None] | None = None) -> dict[str, Any]:
    """The page's data for `records` (every sample × epoch): index, filters, interned strings, and each
    episode as its own JSON text, each with its sample's gold answer (`target_of`). `records` is iterated
    twice, and no record is kept: a list, or a stream that re-reads the store (`StoredRun.stream_trials`),
    so a large run's report never holds every full record at once (only each sample's gold answer is kept).
    `seen` is called once with each record (in the second pass)."""
    strings = _Strings(records)
    index, details, epochs = [], [], 1
    targets: dict[str, str | list[str] | None] = {}
    for r in records:
        if r.sample_id not in targets:
            targets[r.sample_id] = target_of(r.sample_id)
        target = targets[r.sample_id]
        index.append(_index_entry(r, success, target))
        details.append(dumps(record_detail(r, strings, success=success, target=target)))
        epochs = max(epochs, r.epoch)
        if seen is not None:
            seen(r)
    return {"index": index, "details": details, "strings": strings.table, "filters": _filters(index),
            "epochs": epochs}
