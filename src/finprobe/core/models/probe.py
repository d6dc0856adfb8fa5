"""`finprobe check`: what an OpenAI-compatible endpoint can do, measured with a handful of tiny requests.

Servers differ in what a run depends on: the structured output they accept, whether `seed` makes replies
reproducible, whether they report token usage, how they answer a malformed request, and how fast they are.
`probe_endpoint` measures each with one or a few requests (at most 8 in all, each asking for at most 64 tokens),
exactly as a run would send them (the backend's own `build_body`), without retries, and recommends the
`--set` values to use.
"""

from __future__ import annotations

import statistics
from typing import Any

from pydantic import BaseModel, Field

from finprobe.core.models._base import ModelError
from finprobe.core.models.openai_compat import (
    OpenAICompatibleModel,
    RawResponse,
    names_request_field,
)
from finprobe.core.models.structured import (
    PROBE_MESSAGES,
    StructuredOutput,
    probe_config,
    reply_parses,
)
from finprobe.core.schema import GenerateConfig, Message

#: the structured-output modes probed, each with one request (prompting needs none: it is always possible)
_PROBED_MODES = (StructuredOutput.json_schema, StructuredOutput.json_object_schema, StructuredOutput.json_object)
_SEED_PROMPT = [Message(role="user", content="Write one random English word.")]
_SEED_MAX_TOKENS = 8
#: a reply this slow for 8 tokens makes the default 120 s timeout tight for real replies
_SLOW_S = 5.0


class Check(BaseModel):
    name: str  # models | chat | usage | seed | json_schema | json_object_schema | json_object | bad_request | latency
    label: str
    #: True: works; False: does not; None: could not tell, or information only
    ok: bool | None
    detail: str = ""


class EndpointReport(BaseModel):
    spec: str
    base_url: str
    model: str
    #: requests sent and tokens they cost (as far as the server reports usage)
    requests: int = 0
    tokens: int = 0
    checks: list[Check] = Field(default_factory=list)
    #: whether a plain chat completion works at all
    usable: bool = False
    #: the mode a run would negotiate (the first working one in the preset's order)
    structured_output: StructuredOutput | None = None
    #: `--set` values to use, e.g. "agent.structured_output=json_object_schema"
    recommended: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def check(self, name: str) -> Check | None:
        return next((c for c in self.checks if c.name == name), None)


def _content(resp: RawResponse) -> str | None:
    """The reply text of a chat completion response, None if it is not one."""
    try:
        content = resp.body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        return None
    return content if isinstance(content, str) else None


def _usage_tokens(resp: RawResponse) -> int | None:
    """prompt + completion tokens when the response reports them, None when it does not."""
    usage = resp.body.get("usage") if isinstance(resp.body, dict) else None
    if not isinstance(usage, dict):
        return None
    total = 0
    for key in ("prompt_tokens", "completion_tokens"):
        count = usage.get(key)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            return None
        total += count
    return total


def _error_text(resp: RawResponse) -> str:
    body = resp.body
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return str(body["error"].get("message", ""))
    if isinstance(body, dict) and "detail" in body:
        return str(body["detail"])
    return resp.text


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


class _Prober:
    def __init__(self, backend: OpenAICompatibleModel, report: EndpointReport):
        self.backend = backend
        self.report = report

    async def send(self, method: str, path: str, body: Any = None) -> RawResponse:
        self.report.requests += 1
        resp = await self.backend.raw_request(method, path, body)
        tokens = _usage_tokens(resp) if resp.status == 200 else None
        self.report.tokens += tokens or 0
        return resp

    async def chat(self, messages: list[Message], config: GenerateConfig,
                   mode: StructuredOutput | None = None) -> RawResponse:
        saved = self.backend.structured_output
        self.backend.use_structured_output(mode if mode is not None else saved)
        try:
            body = self.backend.build_body(messages, config)
        finally:
            self.backend.use_structured_output(saved)
        return await self.send("POST", "/chat/completions", body)


async def probe_endpoint(backend: OpenAICompatibleModel, *, spec: str | None = None, role: str = "agent",
                         seed: int = 1234) -> EndpointReport:
    """Probe `backend`'s endpoint (see the module docstring); never raises for what the server does."""
    report = EndpointReport(spec=spec or f"openai:{backend.model}", base_url=backend.base_url, model=backend.model)
    p = _Prober(backend, report)
    add = report.checks.append

    # ---- models listed (GET /models)
    try:
        resp = await p.send("GET", "/models")
    except ModelError as exc:
        add(Check(name="models", label="models listed", ok=False, detail=str(exc)))
        report.notes.append("the endpoint is unreachable: check --base-url and that the server is running")
        return report
    data = resp.body.get("data") if isinstance(resp.body, dict) else None
    if resp.status == 200 and isinstance(data, list):
        ids = [str(d.get("id")) for d in data if isinstance(d, dict)]
        listed = backend.model in ids
        shown = ", ".join(ids[:5]) + (f" (+{len(ids) - 5} more)" if len(ids) > 5 else "")
        add(Check(name="models", label="models listed", ok=True,
                  detail=f"{len(ids)}: {shown}" + ("" if listed else f"; {backend.model!r} is not among them")))
        if not listed:
            report.notes.append(f"model {backend.model!r} is not listed (listed: {shown or 'none'}); single-model "
                                "servers often answer any name, others refuse it")
    else:
        add(Check(name="models", label="models listed", ok=False,
                  detail=f"HTTP {resp.status}: {_short(_error_text(resp))}"))

    # ---- a plain chat completion, usage, and seed (three replies at temperature 1: seed s, s, s + 1)
    replies: list[str | None] = []
    latencies: list[float] = []
    first: RawResponse | None = None
    for s in (seed, seed, seed + 1):
        resp = await p.chat(list(_SEED_PROMPT), GenerateConfig(temperature=1.0, max_tokens=_SEED_MAX_TOKENS, seed=s))
        first = first or resp
        text = _content(resp) if resp.status == 200 else None
        replies.append(text)
        if text is None:
            break
        latencies.append(resp.latency_s)
    assert first is not None
    if replies[0] is None:
        why = f"HTTP {first.status}: {_short(_error_text(first))}" if first.status != 200 else "no choices[0].message"
        add(Check(name="chat", label="plain chat completion", ok=False, detail=why))
        if first.status == 401:
            report.notes.append("the endpoint wants an API key: name the variable holding it with --api-key-env")
        elif first.status == 404:
            report.notes.append("no such model or route: check the model name and that --base-url ends in /v1")
        return report
    report.usable = True
    add(Check(name="chat", label="plain chat completion", ok=True, detail=f"replied {_short(replies[0], 60)!r}"))
    tokens = _usage_tokens(first)
    add(Check(name="usage", label="usage reported", ok=tokens is not None,
              detail=f"{tokens} tokens for the first request" if tokens is not None else
              "no usage in the reply: tokens and costs will read 0"))
    if tokens is None:
        report.notes.append("the server reports no token usage: token counts and costs in reports will be 0")
    if len(replies) == 3 and all(r is not None for r in replies):
        same, other = replies[0] == replies[1], replies[0] != replies[2]
        if same and other:
            add(Check(name="seed", label="seed honoured", ok=True,
                      detail="same seed, same reply; another seed, another reply (temperature 1)"))
        elif not same:
            add(Check(name="seed", label="seed honoured", ok=False,
                      detail="the same seed gave different replies at temperature 1"))
            report.notes.append("seed is not honoured: keep temperature 0 (the default) for reproducible runs")
        else:
            add(Check(name="seed", label="seed honoured", ok=None,
                      detail="two seeds gave the same reply: cannot tell (the sampler may ignore temperature)"))
    else:
        add(Check(name="seed", label="seed honoured", ok=None, detail="a repeat request failed"))

    # ---- structured output: one request per mode, exactly as a run would send it
    works: dict[StructuredOutput, bool] = {}
    for mode in _PROBED_MODES:
        if mode is StructuredOutput.json_object and works.get(StructuredOutput.json_object_schema):
            add(Check(name=mode.value, label=_MODE_LABEL[mode], ok=None,
                      detail="not sent: json_object with a schema works, and constrains more"))
            continue
        resp = await p.chat(list(PROBE_MESSAGES), probe_config(mode), mode)
        text = _content(resp) if resp.status == 200 else None
        if text is None:
            works[mode] = False
            what = f"HTTP {resp.status}: {_short(_error_text(resp))}" if resp.status != 200 else "no reply text"
            add(Check(name=mode.value, label=_MODE_LABEL[mode], ok=False, detail=f"rejected: {what}"))
            continue
        reason = reply_parses(text)
        works[mode] = reason is None
        latencies.append(resp.latency_s)
        add(Check(name=mode.value, label=_MODE_LABEL[mode], ok=reason is None,
                  detail=(f"accepted; valid action {_short(text, 60)!r}" if reason is None else
                          f"accepted, but the reply is not a valid action ({reason}): {_short(text, 60)!r}")))

    # ---- the error shape of a malformed request
    resp = await p.send("POST", "/chat/completions", {"model": backend.model, "messages": "this is not a list"})
    message = _error_text(resp)
    openai_shaped = isinstance(resp.body, dict) and isinstance(resp.body.get("error"), dict)
    shape = "OpenAI-style {error: {message}}" if openai_shaped else (
        "FastAPI-style {detail}" if isinstance(resp.body, dict) and "detail" in resp.body else "not OpenAI-style")
    if resp.status == 200:
        add(Check(name="bad_request", label="malformed request refused", ok=False,
                  detail="HTTP 200: the server accepted a request whose messages are not a list"))
    elif 400 <= resp.status < 500:
        add(Check(name="bad_request", label="malformed request refused", ok=True,
                  detail=f"HTTP {resp.status}, {shape}: not retried"))
    else:
        named = names_request_field(message, ("messages",))
        add(Check(name="bad_request", label="malformed request refused", ok=named is not None,
                  detail=f"HTTP {resp.status}, {shape}, " + (
                      f"names the field {named!r}: finprobe does not retry it" if named else
                      "names no request field: finprobe retries it as a server fault")))
        if named is None:
            report.notes.append(f"the server answers a malformed request with HTTP {resp.status} and does not say "
                                "why: such requests are retried like server faults")

    # ---- latency
    if latencies:
        worst = max(latencies)
        add(Check(name="latency", label="latency", ok=None,
                  detail=f"median {statistics.median(latencies):.2f} s, max {worst:.2f} s over {len(latencies)} "
                         "replies of at most 64 tokens"))
        if worst > _SLOW_S:
            report.notes.append(f"slow replies ({worst:.1f} s for a few tokens): consider --set {role}.timeout_s=600 "
                                "and a lower --concurrency")

    # ---- recommendation: the mode a run would negotiate (the preset's order), pinned
    chosen = next((m for m in backend.structured_output_ladder if m is StructuredOutput.prompt or works.get(m)),
                  StructuredOutput.prompt)
    report.structured_output = chosen
    report.recommended.append(f"{role}.structured_output={chosen.value}")
    if chosen is StructuredOutput.prompt:
        report.notes.append("no constrained mode works: actions rely on the prompt and the tolerant parser")
    return report


_MODE_LABEL = {
    StructuredOutput.json_schema: "response_format json_schema",
    StructuredOutput.json_object_schema: "json_object with a schema",
    StructuredOutput.json_object: "json_object (schema in the prompt)",
}
