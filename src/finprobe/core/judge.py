"""An LLM judge with structured output, for any family.

The judge is asked for one JSON object with named fields, each taking one of a few allowed values (a
list of values: single choice), or a list of them (`{"any_of": [...]}`: multiple choice). The
reply is parsed strictly (after the usual wrappers: a code fence, surrounding prose). A reply that does not
parse is retried once with a reminder; if it still does not parse, or the judge's model call fails, the
verdict is *unscored* with the reason: it is never turned into "wrong". Families store the verdict in the
transcript so reports can be recomputed without calling the judge again.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, Field

from finprobe.core.benchmark import RoleModel
from finprobe.core.models._base import ModelError
from finprobe.core.schema import Message

__all__ = ["JudgeVerdict", "judge_json", "json_object_schema", "parse_judge_reply"]

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)
_TRUE = {"true", "yes", "correct", "match", "1"}
_FALSE = {"false", "no", "incorrect", "wrong", "mismatch", "0"}


class JudgeVerdict(BaseModel):
    """What the judge said. `ok` False means unscored: `reason` says why (never read it as a wrong answer)."""

    ok: bool
    data: dict[str, Any] = Field(default_factory=dict)
    reason: str | None = None
    raw: list[str] = Field(default_factory=list)  # every reply text, in order (the retry included)
    attempts: int = 0


FieldSpec = Any  # list of allowed values (single choice) or {"any_of": [...]} (a list of them)


def json_object_schema(fields: dict[str, FieldSpec]) -> dict[str, Any]:
    """A JSON schema for {field: one of the allowed values}, all required (for constrained decoding)."""
    props: dict[str, Any] = {}
    for name, allowed in fields.items():
        if isinstance(allowed, dict):
            props[name] = {"type": "array", "items": {"type": "string", "enum": [str(v) for v in allowed["any_of"]]}}
        elif all(isinstance(v, bool) for v in allowed):
            props[name] = {"type": "boolean"}
        else:
            props[name] = {"type": "string", "enum": [str(v) for v in allowed]}
    return {"type": "object", "properties": props, "required": list(fields), "additionalProperties": False}


def _first_object(text: str) -> dict[str, Any] | None:
    stripped = text.strip()
    for candidate in [stripped, *_FENCE.findall(text)]:
        try:
            obj = json.loads(candidate.strip())
        except (json.JSONDecodeError, RecursionError):
            continue
        if isinstance(obj, dict):
            return obj
    # The first balanced {...} in prose.
    start = text.find("{")
    while start >= 0:
        depth = 0
        for j in range(start, len(text)):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    try:
                        obj = json.loads(text[start:j + 1])
                    except (json.JSONDecodeError, RecursionError):
                        break
                    if isinstance(obj, dict):
                        return obj
                    break
        start = text.find("{", start + 1)
    return None


def _normalise_value(value: Any, allowed: list[Any]) -> Any:
    """Map a reply value onto the allowed values (case-insensitive; booleans from yes/no words)."""
    if all(isinstance(v, bool) for v in allowed):
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            word = value.strip().strip(".").lower()
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
        raise ValueError(f"expected true or false, got {value!r}")
    if isinstance(value, str):
        for option in allowed:
            if value.strip().strip(".").lower() == str(option).lower():
                return option
    raise ValueError(f"expected one of {allowed}, got {value!r}")


def _normalise_field(value: Any, allowed: FieldSpec) -> Any:
    if isinstance(allowed, dict):
        options = list(allowed["any_of"])
        items = value if isinstance(value, list) else [x for x in re.split(r"[,;，；]\s*", value)
                                                       if x.strip()] if isinstance(value, str) else None
        if items is None:
            raise ValueError(f"expected a list, got {value!r}")
        out = []
        for item in items:
            v = _normalise_value(item, options)
            if v not in out:
                out.append(v)
        return out
    return _normalise_value(value, allowed)


def parse_judge_reply(text: str, fields: dict[str, FieldSpec]) -> dict[str, Any]:
    """The judge's fields from a reply, or ValueError with the reason."""
    obj = _first_object(text or "")
    if obj is None:
        raise ValueError("no JSON object in the judge's reply")
    out: dict[str, Any] = {}
    for name, allowed in fields.items():
        if name not in obj:
            raise ValueError(f"the judge's reply lacks {name!r}")
        try:
            out[name] = _normalise_field(obj[name], allowed)
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
    return out


async def judge_json(model: RoleModel, messages: list[Message], fields: dict[str, FieldSpec], *,
                     retries: int = 1, max_tokens: int = 200) -> JudgeVerdict:
    """Ask the judge for {field: allowed value}; retry a malformed reply `retries` times, then unscored."""
    schema = json_object_schema(fields) if model.supports_schema else None
    convo = list(messages)
    raw: list[str] = []
    reason = "no reply"
    for attempt in range(1, retries + 2):
        try:
            call = await model.generate(convo, response_schema=schema, max_tokens=max_tokens)
        except ModelError as exc:
            return JudgeVerdict(ok=False, reason=f"judge call failed: {exc}", raw=raw, attempts=attempt)
        text = call.output or ""
        raw.append(text)
        try:
            data = parse_judge_reply(text, fields)
        except ValueError as exc:
            reason = f"unparseable judge reply: {exc}"
            example = json.dumps({k: ([v["any_of"][0]] if isinstance(v, dict) else v[0]) for k, v in fields.items()})
            convo = convo + [Message(role="assistant", content=text),
                             Message(role="user", content=f"Reply with only one JSON object like {example}.")]
            continue
        return JudgeVerdict(ok=True, data=data, raw=raw, attempts=attempt)
    return JudgeVerdict(ok=False, reason=reason, raw=raw, attempts=retries + 1)
