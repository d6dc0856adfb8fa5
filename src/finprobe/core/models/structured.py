"""Structured output over OpenAI-compatible endpoints: the request shapes servers accept, and choosing one
per role at the start of a run (negotiation).

Servers differ exactly here. The request shapes (modes), from the most to the least constrained:

- `json_schema`: `response_format: {"type": "json_schema", "json_schema": {"name", "schema", "strict": true}}`.
  OpenAI Structured Outputs; vLLM compiles it with its guided-decoding backend (xgrammar/guidance,
  docs.vllm.ai "Structured Outputs"); Ollama >= 0.5 turns it into a llama.cpp grammar; llama.cpp's
  `llama-server` accepts it in recent builds; OpenRouter for the models that support it.
- `json_object_schema`: `response_format: {"type": "json_object", "schema": S}`, and S in the prompt. The
  llama.cpp dialect: llama-cpp-python's server accepts only `text` or `json_object` (its
  `ChatCompletionRequestResponseFormat`; a `json_schema` request is answered with HTTP 500) and turns
  `schema` into a grammar (`llama_chat_format._grammar_for_response_format`); `llama-server` reads the same
  `schema` key (`oaicompat_chat_params_parse`).
- `json_object`: `response_format: {"type": "json_object"}` (any JSON object) and S in the prompt: OpenAI
  JSON mode, Ollama (`format: "json"`), OpenRouter.
- `prompt`: no `response_format`; the format instructions in the prompt and the tolerant parser
  (`finprobe.core.actions.parse_action`).

A mode names the request shape, not whether the server enforced it: a server may accept a key and ignore it.

Negotiation (`negotiate_structured_output`) tries a backend's modes in its preset's order with one tiny
request each; the first that the server accepts *and* whose reply parses as an action of a small probe
schema is used for the whole run (`settle_structured_output`), recorded in the run manifest, and re-used
when the run resumes, so results from different modes are never mixed. A mode the server rejects as
malformed (a 4xx, or a 5xx whose body names a request field) costs one request, not six.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from finprobe.core.actions import ActionParseError, ActionSpec, ArgSpec, action_schema, parse_action
from finprobe.core.models._base import ModelError, ModelOutput
from finprobe.core.schema import GenerateConfig, Message

log = logging.getLogger(__name__)


class StructuredOutput(StrEnum):
    json_schema = "json_schema"
    json_object_schema = "json_object_schema"
    json_object = "json_object"
    prompt = "prompt"


#: the order tried when a preset says nothing more specific: the most constrained first
DEFAULT_LADDER: tuple[StructuredOutput, ...] = (StructuredOutput.json_schema, StructuredOutput.json_object_schema,
                                                StructuredOutput.json_object, StructuredOutput.prompt)

#: HTTP statuses that say nothing about the request's shape (auth, no such model or route): negotiation stops
_NOT_A_FORMAT_PROBLEM = frozenset({401, 403, 404})


def parse_mode(value: StructuredOutput | str) -> StructuredOutput:
    """A mode from its name, with a clear error naming the allowed values."""
    try:
        return StructuredOutput(value)
    except ValueError:
        allowed = ", ".join(m.value for m in StructuredOutput)
        raise ValueError(f"unknown structured_output {value!r}; use one of: {allowed}") from None


def schema_instruction(schema: dict[str, Any]) -> str:
    """The text that puts a JSON schema in the prompt (modes json_object_schema and json_object)."""
    return ("Your reply must be one JSON object, and nothing else, that validates against this JSON schema:\n"
            + json.dumps(schema, ensure_ascii=False, separators=(",", ":")))


def with_schema_instruction(messages: list[dict[str, Any]], schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Chat messages (request dicts) with the schema instruction appended to the first system message, or
    a system message put first when there is none. The input list is not changed."""
    text = schema_instruction(schema)
    out = [dict(m) for m in messages]
    for m in out:
        if m.get("role") == "system":
            m["content"] = f"{m.get('content', '')}\n\n{text}"
            return out
    return [{"role": "system", "content": text}, *out]


def response_format(mode: StructuredOutput, schema: dict[str, Any]) -> dict[str, Any] | None:
    """The `response_format` value a mode sends with `schema` (None: the field is left out)."""
    if mode is StructuredOutput.json_schema:
        return {"type": "json_schema", "json_schema": {"name": "action", "schema": schema, "strict": True}}
    if mode is StructuredOutput.json_object_schema:
        return {"type": "json_object", "schema": schema}
    if mode is StructuredOutput.json_object:
        return {"type": "json_object"}
    return None


# --------------------------------------------------------------------------- the probe request
#: two actions, so the probe schema has the `anyOf` shape that the agent loop's schemas have
PROBE_SPECS = [
    ActionSpec(name="answer", description="Give the final answer.",
               args=[ArgSpec(name="value", description="the answer", max_length=16)]),
    ActionSpec(name="ask", description="Ask the user a question.",
               args=[ArgSpec(name="question", description="the question", max_length=40)]),
]
PROBE_SCHEMA = action_schema(PROBE_SPECS)
PROBE_MESSAGES = [
    Message(role="system", content="You are a calculator. Reply with exactly one action as a JSON object and "
                                   "nothing else. Actions:\n"
                                   + "\n".join(f"- {s.signature}: {s.description} Example: {s.example}"
                                               for s in PROBE_SPECS)),
    Message(role="user", content="What is 2 + 2? Give the answer."),
]
#: enough for one short action from any model, small enough to cost nothing
PROBE_MAX_TOKENS = 64


def probe_config(mode: StructuredOutput, *, seed: int = 0, max_tokens: int = PROBE_MAX_TOKENS) -> GenerateConfig:
    schema = None if mode is StructuredOutput.prompt else PROBE_SCHEMA
    return GenerateConfig(temperature=0.0, max_tokens=max_tokens, seed=seed, response_schema=schema)


def reply_parses(text: str) -> str | None:
    """None when `text` is one valid probe action, else the parser's reason code."""
    try:
        parse_action(text, PROBE_SPECS)
    except ActionParseError as exc:
        return exc.reason
    return None


# --------------------------------------------------------------------------- negotiation
@runtime_checkable
class StructuredBackend(Protocol):
    """A backend whose structured-output request shape can be chosen (the OpenAI-compatible one)."""

    model: str
    #: the mode in use; None until negotiated or set (then it behaves as json_schema)
    structured_output: StructuredOutput | None
    #: the modes to try, in order (from the server preset's dialect)
    structured_output_ladder: tuple[StructuredOutput, ...]
    #: whether the mode was chosen by the user (then it is not negotiated)
    structured_output_explicit: bool

    def use_structured_output(self, mode: StructuredOutput | str | None) -> None: ...

    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput: ...

    async def aclose(self) -> None: ...


class NegotiationStep(BaseModel):
    mode: StructuredOutput
    #: works: accepted and the reply parsed; rejected: refused as malformed; unparsed: accepted, but the reply
    #: is not a valid action (the server may have ignored the constraint)
    outcome: Literal["works", "rejected", "unparsed"]
    detail: str = ""


class Negotiation(BaseModel):
    mode: StructuredOutput
    steps: list[NegotiationStep] = Field(default_factory=list)

    @property
    def requests(self) -> int:
        return len(self.steps)

    def summary(self) -> str:
        tried = "; ".join(f"{s.mode.value}: {s.outcome}" + (f" ({s.detail})" if s.detail else "")
                          for s in self.steps)
        return f"{self.mode.value} after {self.requests} request(s): {tried}"


async def negotiate_structured_output(backend: StructuredBackend, *, seed: int = 0,
                                      max_tokens: int = PROBE_MAX_TOKENS) -> Negotiation:
    """Try the backend's modes in order (one request each, the backend's own retries for transient faults);
    the first accepted mode whose reply parses wins. The backend is left set to that mode.

    A mode whose reply does not parse is passed over (the server may have accepted the key and ignored it);
    when no reply parses, the last accepted mode is used: the one closest to plain prompting, which claims
    the least. Raises ModelError when the endpoint fails for a reason no request shape can fix
    (unreachable after retries, 401/403/404, or every mode rejected).
    """
    steps: list[NegotiationStep] = []
    last_accepted: StructuredOutput | None = None
    for mode in backend.structured_output_ladder:
        backend.use_structured_output(mode)
        try:
            out = await backend.generate(list(PROBE_MESSAGES), probe_config(mode, seed=seed, max_tokens=max_tokens))
        except ModelError as exc:
            if exc.rejected and exc.status not in _NOT_A_FORMAT_PROBLEM:
                steps.append(NegotiationStep(mode=mode, outcome="rejected", detail=_short(str(exc))))
                continue
            backend.use_structured_output(None)
            raise ModelError(f"structured-output negotiation stopped at {mode.value}: {exc}",
                             retryable=exc.retryable, attempts=exc.attempts, rejected=exc.rejected,
                             status=exc.status) from None
        reason = reply_parses(out.text)
        if reason is None:
            steps.append(NegotiationStep(mode=mode, outcome="works"))
            return Negotiation(mode=mode, steps=steps)
        steps.append(NegotiationStep(mode=mode, outcome="unparsed", detail=f"{reason}: {out.text[:60]!r}"))
        last_accepted = mode
    if last_accepted is not None:
        backend.use_structured_output(last_accepted)
        return Negotiation(mode=last_accepted, steps=steps)
    backend.use_structured_output(None)
    raise ModelError("no structured-output mode was accepted: "
                     + "; ".join(f"{s.mode.value}: {s.detail}" for s in steps), rejected=True)


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


async def settle_structured_output(backends: Mapping[str, Any],
                                   recorded: Mapping[str, str] | None = None) -> dict[str, str] | None:
    """The structured-output mode of every endpoint role, set on its backend for the whole run.

    Per role: a mode the user set (`--set ROLE.structured_output=...`) is kept; else the mode `recorded` for
    it (the manifest of the run being resumed) is re-used without a request; else it is negotiated. Roles
    whose backend has no choice to make (local, scripted, policies) are left out; None when no role has one.
    Raises ValueError naming the role when an endpoint is unusable (all backends are closed first).
    """
    modes: dict[str, str] = {}
    for role, backend in sorted(backends.items()):
        if not isinstance(backend, StructuredBackend):
            continue
        if backend.structured_output_explicit and backend.structured_output is not None:
            modes[role] = backend.structured_output.value
        elif recorded and role in recorded:
            backend.use_structured_output(parse_mode(recorded[role]))
            modes[role] = recorded[role]
        else:
            try:
                result = await negotiate_structured_output(backend)
            except ModelError as exc:
                for b in {id(b): b for b in backends.values()}.values():
                    await b.aclose()
                raise ValueError(f"role {role} ({backend.model}): {exc}") from None
            log.info("role %s: structured output %s", role, result.summary())
            modes[role] = result.mode.value
    return modes or None


def recorded_structured_output(out_dir: str | Path, fingerprint: str) -> dict[str, str] | None:
    """The modes recorded in the manifest of the run in `out_dir`, if it is the same run (fingerprint)."""
    from finprobe.core.store import MANIFEST, RunStore, StoreError

    if not (Path(out_dir) / MANIFEST).is_file():
        return None
    try:
        old = RunStore(out_dir).read_manifest()
    except StoreError:
        return None  # opening the store reports an unreadable manifest with its reason
    return dict(old.structured_output) if old.fingerprint == fingerprint and old.structured_output else None


def ladder_from(value: Sequence[StructuredOutput | str] | None) -> tuple[StructuredOutput, ...]:
    """A ladder from names (a preset's or the user's), checked; the default ladder for None."""
    if value is None:
        return DEFAULT_LADDER
    ladder = tuple(parse_mode(v) for v in value)
    if not ladder:
        raise ValueError("structured_output_ladder needs at least one mode")
    return ladder
