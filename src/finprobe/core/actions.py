"""Agent actions: their specs, the JSON schema for constrained decoding, and a tolerant but strict parser.

The parser accepts a reply that holds exactly one action as a JSON object, wherever it sits (bare, in a
code fence, nested inside commentary). It refuses replies that hold two different actions, unknown
action names, missing or ill-typed arguments: those are invalid actions, not guesses. Raw control
characters inside strings (a newline in a value) are accepted: the grammar of llama-cpp-python's server
lets a constrained model write them, and they change nothing a reader would take from the action.
"""

from __future__ import annotations

import json
import re
from functools import cached_property
from typing import Any, Literal

import orjson
from pydantic import BaseModel, Field

from finprobe.core.schema import Action

ArgType = Literal["string", "integer", "number", "boolean"]


class ArgSpec(BaseModel):
    name: str
    type: ArgType = "string"
    description: str = ""
    required: bool = True
    minimum: float | None = None
    maximum: float | None = None
    #: cap on a string's length in the decoding schema: small models otherwise run on inside a string
    #: until the token limit, leaving truncated JSON
    max_length: int | None = None


class ActionSpec(BaseModel):
    """One action an agent may take, e.g. search(query) or answer(value, confidence)."""

    name: str
    description: str
    args: list[ArgSpec] = Field(default_factory=list)

    # Cached: the loop renders these every episode, and specs do not change once built.
    @cached_property
    def signature(self) -> str:
        return f"{self.name}(" + ", ".join(a.name for a in self.args) + ")"

    @cached_property
    def example(self) -> str:
        fields: dict[str, Any] = {"action": self.name}
        for a in self.args:
            fields[a.name] = {"string": "...", "integer": 0, "number": 0.0, "boolean": True}[a.type]
        return json.dumps(fields, ensure_ascii=False)


class ActionParseError(ValueError):
    """The reply is not exactly one valid action. `reason` is a short code, str() a readable message."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


def action_schema(specs: list[ActionSpec]) -> dict[str, Any]:
    """JSON schema accepting exactly one of the actions, flat: {"action": NAME, ARG: ...}.

    Uses `enum` rather than `const` and no numeric bounds: llama.cpp's grammar converter and most
    OpenAI-compatible servers support this subset. Bounds are enforced by the parser instead.
    """
    variants = []
    for spec in specs:
        props: dict[str, Any] = {"action": {"type": "string", "enum": [spec.name]}}
        required = ["action"]
        for arg in spec.args:
            props[arg.name] = {"type": arg.type}
            if arg.type == "string" and arg.max_length:
                props[arg.name]["maxLength"] = arg.max_length
            if arg.required:
                required.append(arg.name)
        variants.append({"type": "object", "properties": props, "required": required,
                         "additionalProperties": False})
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


#: `json.loads(text, strict=False)` without building a decoder per call (control characters inside strings
#: are allowed: models put raw newlines in long answers)
_LENIENT_JSON = json.JSONDecoder(strict=False)
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)
_NAME_KEYS = ("action", "name", "tool", "type")
_ARG_CONTAINERS = ("args", "arguments", "parameters", "input", "action_input")
MAX_REPLY_CHARS = 20_000
#: how many failed candidate starts the scanner retries one position later (nested or broken JSON);
#: bounded so a hostile reply of nested braces costs linear, not quadratic, time
MAX_RESCANS = 32


def json_object_spans(text: str) -> list[tuple[int, int, Any]]:
    """(start, end, value) of every top-level balanced {...} in `text` that parses as JSON (strings and
    escapes respected), in order. Linear on hostile input: at most MAX_RESCANS failed objects are re-entered."""
    found: list[tuple[int, int, Any]] = []
    i, n = 0, len(text)
    rescans = 0
    while i < n:
        start = text.find("{", i)
        if start < 0:
            break
        depth, j, in_str, esc = 0, start, False, False
        while j < n:
            ch = text[j]
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if depth == 0:
            try:
                found.append((start, j + 1, _LENIENT_JSON.decode(text[start:j + 1])))
                i = j + 1
                continue
            except (json.JSONDecodeError, RecursionError):
                pass
        # Unbalanced or not JSON: a valid object may start inside this one.
        rescans += 1
        if rescans > MAX_RESCANS:
            break
        i = start + 1
    return found


def _json_objects(text: str) -> list[Any]:
    return [value for _, _, value in json_object_spans(text)]


def first_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object of a model reply: the whole reply, else the first in a code fence, else the first
    balanced {...} in the prose (the order `parse_action` reads a reply in). None when there is none."""
    return next((c for c in _candidates(text) if isinstance(c, dict)), None)


_NOT_JSON = object()
_LONG_DIGITS = re.compile(r"\d{19}")


def _whole_json(text: str) -> Any:
    """`text` parsed as one JSON value (control characters allowed inside strings), or `_NOT_JSON`.

    orjson first (five times faster): where it parses, the lenient decoder gives the same value; what it
    refuses (control characters in strings, NaN, lone surrogates, deep nesting) goes to the lenient
    decoder, and so does text with a run of 19+ digits (orjson reads an integer beyond 64 bits as a float,
    Python's json keeps it exact)."""
    if _LONG_DIGITS.search(text) is None:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    try:
        return _LENIENT_JSON.decode(text)
    except (json.JSONDecodeError, RecursionError):
        return _NOT_JSON


def _candidates(text: str) -> list[Any]:
    stripped = text.strip()
    whole = _whole_json(stripped)
    if whole is not _NOT_JSON:
        return [whole] if isinstance(whole, dict) else []
    out: list[Any] = []
    for block in _FENCE.findall(text):
        out.extend(_json_objects(block))
    if out:
        return out
    return _json_objects(text)


def _coerce(arg: ArgSpec, value: Any) -> Any:
    if arg.type == "string":
        if isinstance(value, (dict, list)):
            raise TypeError("expected text")
        return str(value)
    if arg.type == "boolean":
        if isinstance(value, bool):
            return value
        raise TypeError("expected true/false")
    if isinstance(value, bool):
        raise TypeError(f"expected a {arg.type}")
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*%?\s*", value)
        if not m:
            raise TypeError(f"expected a {arg.type}")
        value = float(m.group(1))
    if not isinstance(value, (int, float)):
        raise TypeError(f"expected a {arg.type}")
    if value != value or value in (float("inf"), float("-inf")):
        raise TypeError("not a finite number")
    if arg.minimum is not None and value < arg.minimum or arg.maximum is not None and value > arg.maximum:
        raise TypeError(f"out of range [{arg.minimum}, {arg.maximum}]")
    if arg.type == "integer":
        return int(round(value))
    return float(value)


def _to_action(obj: Any, specs: dict[str, ActionSpec]) -> Action:
    if not isinstance(obj, dict):
        raise ActionParseError("not_object", "the action must be a JSON object")
    name = None
    for key in _NAME_KEYS:
        if isinstance(obj.get(key), str) and obj[key].strip().lower() in specs:
            name = obj[key].strip().lower()
            rest = {k: v for k, v in obj.items() if k != key}
            break
    else:
        # {"search": {"query": ...}} shape
        if len(obj) == 1:
            key, val = next(iter(obj.items()))
            if key.lower() in specs and isinstance(val, dict):
                name, rest = key.lower(), val
    if name is None:
        named = next((obj.get(k) for k in _NAME_KEYS if isinstance(obj.get(k), str)), None)
        if named is not None:
            raise ActionParseError("unknown_action", f"unknown action {named[:40]!r}; allowed: {', '.join(specs)}")
        raise ActionParseError("no_action_name", 'the JSON object has no "action" field')
    for container in _ARG_CONTAINERS:
        if isinstance(rest.get(container), dict):
            rest = {**{k: v for k, v in rest.items() if k != container}, **rest[container]}
    spec = specs[name]
    args: dict[str, Any] = {}
    for arg in spec.args:
        if arg.name not in rest or rest[arg.name] is None:
            if arg.required:
                raise ActionParseError("missing_argument", f"{name} needs the argument {arg.name!r}")
            continue
        try:
            args[arg.name] = _coerce(arg, rest[arg.name])
        except TypeError as exc:
            raise ActionParseError("bad_argument", f"{name}: argument {arg.name!r}: {exc}") from None
    return Action(name=name, args=args)


def parse_action(text: str, specs: list[ActionSpec]) -> Action:
    """Parse exactly one action out of a model reply, or raise ActionParseError with the reason."""
    if not isinstance(text, str) or not text.strip():
        raise ActionParseError("empty", "the reply is empty")
    if len(text) > MAX_REPLY_CHARS:
        raise ActionParseError("too_long", "the reply is too long to hold one action")
    by_name = {s.name: s for s in specs}
    candidates = _candidates(text)
    if not candidates:
        raise ActionParseError("no_json", "no JSON action object found in the reply")
    actions: list[Action] = []
    first_error: ActionParseError | None = None
    for obj in candidates:
        try:
            actions.append(_to_action(obj, by_name))
        except ActionParseError as exc:
            first_error = first_error or exc
    if not actions:
        assert first_error is not None
        raise first_error
    if len(actions) > 1 and len({json.dumps(a.model_dump(), sort_keys=True) for a in actions}) > 1:
        raise ActionParseError("several_actions", "the reply holds more than one action; give exactly one")
    return actions[0]
