"""Preflight: each endpoint role's server, model and key, checked with one or two tiny requests before the
first sample, so that a missing key, a dead server or a wrong base URL costs one line, not a whole run.

For each OpenAI-compatible role (`check_endpoint`):
1. the key: a hosted API (api.openai.com, openrouter.ai) with its key variable unset fails at once, with
   no request; elsewhere a missing key is only noted (local servers usually need none);
2. `GET /models` (free): unreachable → fail; 401/403 → fail naming the key variable; the listed models
   are kept to check the role's model against;
3. one chat completion of at most `PREFLIGHT_MAX_TOKENS` tokens, sent exactly as the run would send it
   (the role's own generation settings, the backend's `build_body`), within the backend's timeout and the
   sample deadline: 401/403, 404 (a base URL without `/v1`, a model the server does not serve), a 400
   naming the model, or a refused connection fail; a transient status (429, 5xx), another refused
   parameter, or no reply in time from a server that did answer `GET /models` only warns, since the run's
   retries, deadlines and its own requests decide.

A failure raises `PreflightError` with one line naming the role, the URL or variable, and the likely fix.
Requests and tokens are counted and returned, so callers can show what the check cost. Nothing is
retried: the point is to find out fast.
"""

from __future__ import annotations

import os
import urllib.parse
from typing import Any

from pydantic import BaseModel, Field

from finprobe.core.models._base import ModelError
from finprobe.core.models.openai_compat import OpenAICompatibleModel, RawResponse
from finprobe.core.schema import GenerateConfig, Message
from finprobe.core.suggest import close_matches

__all__ = ["PREFLIGHT_MAX_TOKENS", "EndpointCheck", "PreflightError", "check_endpoint", "needs_key"]

PREFLIGHT_MAX_TOKENS = 1
#: hosts that always need a key: an unset variable is an error before any request
_HOSTED = ("api.openai.com", "openrouter.ai")
#: seconds for `GET /models` (a listing; a server that cannot list in this time is in trouble anyway)
_MODELS_TIMEOUT_S = 15.0
_PROMPT = [Message(role="user", content="Reply with the word OK.")]


class PreflightError(ValueError):
    """An endpoint role cannot work: the message is one line with the fix."""


class EndpointCheck(BaseModel):
    """What the preflight found for one endpoint role."""

    role: str
    spec: str
    base_url: str
    model: str
    #: the variable the key is read from (None: no key is sent)
    key_env: str | None = None
    #: the models `GET /models` listed (None: the server does not list them)
    models: list[str] | None = None
    requests: int = 0
    tokens: int = 0
    latency_s: float | None = None
    #: things the run should know that do not stop it (a model not listed, a transient status, no key)
    notes: list[str] = Field(default_factory=list)

    def line(self) -> str:
        """One line for the terminal: what was checked, what it cost."""
        listed = ("" if self.models is None else
                  (" · model listed" if self.model in self.models else " · model not listed, but answered"))
        latency = "" if self.latency_s is None else f" in {self.latency_s:.2f} s"
        key = f" · key ${self.key_env}" if self.key_env else " · no key sent"
        return (f"preflight {self.role} ({self.spec}) at {self.base_url}: answered{latency}{listed}{key} · "
                f"{self.requests} request{'s' if self.requests != 1 else ''}, {self.tokens} tokens")


def needs_key(base_url: str) -> bool:
    host = (urllib.parse.urlsplit(base_url).hostname or "").lower()
    return any(host == h or host.endswith("." + h) for h in _HOSTED)


def _error_text(resp: RawResponse) -> str:
    body = resp.body
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        text = str(body["error"].get("message", ""))
    elif isinstance(body, dict) and "detail" in body:
        text = str(body["detail"])
    elif isinstance(body, dict) and isinstance(body.get("error"), str):
        text = body["error"]
    else:
        text = resp.text
    text = " ".join(text.split())
    return text if len(text) <= 160 else text[:159] + "…"


def _without_v1_hint(base_url: str) -> str:
    path = urllib.parse.urlsplit(base_url).path.rstrip("/")
    if path.endswith("/v1") or "/v1/" in path + "/" or path.endswith(("/api/v1", "/openai")):
        return ""
    return f"; the base URL has no /v1: try --base-url {base_url.rstrip('/')}/v1"


class _Probe:
    def __init__(self, role: str, spec: str, backend: OpenAICompatibleModel, key_var: str | None):
        self.role, self.spec, self.backend, self.key_var = role, spec, backend, key_var
        self.check = EndpointCheck(role=role, spec=spec, base_url=backend.base_url, model=backend.model,
                                   key_env=backend.api_key_env)

    @property
    def where(self) -> str:
        return f"role {self.role} ({self.spec})"

    def fail(self, text: str) -> PreflightError:
        return PreflightError(f"{self.where}: {text}")

    def unreachable(self, exc: ModelError, what: str) -> PreflightError:
        detail = str(exc).split(": ", 1)[-1]
        return self.fail(f"cannot reach {self.backend.base_url} ({what}: {detail}); is the server running, and "
                         "is this its address? (--base-url)")

    def key_refused(self, resp: RawResponse) -> PreflightError:
        excerpt = _error_text(resp)
        if self.backend.api_key_env:
            return self.fail(f"{self.backend.base_url} refused the API key in ${self.backend.api_key_env} "
                             f"(HTTP {resp.status}: {excerpt}); check the key, or name another variable with "
                             "--api-key-env NAME")
        var = self.key_var or "OPENAI_API_KEY"
        return self.fail(f"{self.backend.base_url} wants an API key (HTTP {resp.status}: {excerpt}) and none was "
                         f"sent: ${var} is not set; export it, or name the variable that holds the key with "
                         "--api-key-env NAME")

    async def send(self, method: str, path: str, body: Any = None, *, timeout_s: float) -> RawResponse:
        self.check.requests += 1
        resp = await self.backend.raw_request(method, path, body, timeout_s=timeout_s)
        usage = resp.body.get("usage") if resp.status == 200 and isinstance(resp.body, dict) else None
        if isinstance(usage, dict):
            for key in ("prompt_tokens", "completion_tokens"):
                count = usage.get(key)
                if isinstance(count, int) and not isinstance(count, bool) and count > 0:
                    self.check.tokens += count
        return resp

    async def models(self) -> None:
        try:
            resp = await self.send("GET", "/models", timeout_s=min(_MODELS_TIMEOUT_S, self.backend.timeout_s))
        except ModelError as exc:
            raise self.unreachable(exc, "GET /models") from None
        if resp.status in (401, 403):
            raise self.key_refused(resp)
        data = resp.body.get("data") if isinstance(resp.body, dict) else None
        if resp.status == 200 and isinstance(data, list):
            self.check.models = [str(d.get("id")) for d in data if isinstance(d, dict) and d.get("id") is not None]

    def model_refused(self, resp: RawResponse) -> PreflightError | None:
        """The chat request's 4xx as "no such model", when it is one: a 404 for a model the server does
        not list, or any 400/404/422 whose message names the model."""
        listed = self.check.models
        names_model = "model" in _error_text(resp).lower()
        if listed is not None and self.backend.model not in listed and (resp.status == 404 or names_model):
            similar = close_matches(self.backend.model, listed)
            hint = f"did you mean {', '.join(repr(s) for s in similar)}? " if similar else ""
            shown = ", ".join(listed[:8]) + (f" (+{len(listed) - 8} more)" if len(listed) > 8 else "")
            return self.fail(f"model {self.backend.model!r} is not served at {self.backend.base_url} (HTTP "
                             f"{resp.status}: {_error_text(resp)}); {hint}it serves: {shown or 'nothing'}")
        if names_model:
            return self.fail(f"{self.backend.base_url} refused model {self.backend.model!r} (HTTP {resp.status}: "
                             f"{_error_text(resp)}); check the name after '{self.spec.partition(':')[0]}:'")
        return None

    async def chat(self, generate: GenerateConfig, timeout_s: float) -> None:
        config = generate.model_copy(update={"max_tokens": PREFLIGHT_MAX_TOKENS, "response_schema": None,
                                             "stop": None})
        body = self.backend.build_body(list(_PROMPT), config)
        try:
            resp = await self.send("POST", "/chat/completions", body, timeout_s=timeout_s)
        except ModelError as exc:
            if self.check.models is None or "Timeout" not in str(exc):
                raise self.unreachable(exc, "POST /chat/completions") from None
            # the server listed its models but this request got no reply in time: slow or stuck once
            self.check.notes.append(f"the preflight request got no reply within {timeout_s:g} s; the run goes "
                                    "on, and its timeouts and --sample-timeout decide")
            return
        self.check.latency_s = resp.latency_s
        if resp.status == 200:
            if self.check.models is not None and self.backend.model not in self.check.models:
                self.check.notes.append(f"model {self.backend.model!r} is not among the models the server lists "
                                        f"({', '.join(self.check.models[:5]) or 'none'}), but it answered")
            return
        if resp.status in (401, 403):
            raise self.key_refused(resp)
        refused = self.model_refused(resp) if resp.status in (400, 404, 422) else None
        if refused is not None:
            raise refused
        if resp.status == 404:
            raise self.fail(f"HTTP 404 from {self.backend.base_url}/chat/completions ({_error_text(resp)})"
                            + (_without_v1_hint(self.backend.base_url) or
                               "; is this an OpenAI-compatible /v1 endpoint?"))
        # A transient status or a refused parameter: the run's retries and its own requests decide.
        self.check.notes.append(f"the preflight request got HTTP {resp.status} ({_error_text(resp)}); "
                                "the run goes on and records what its own requests get")


async def check_endpoint(role: str, spec: str, backend: OpenAICompatibleModel, generate: GenerateConfig, *,
                         key_var: str | None = None, deadline_s: float | None = None) -> EndpointCheck:
    """Check one endpoint role (see the module docstring). `key_var` is the variable the role's key would be
    read from (the preset's default when no `--api-key-env` was given), for the messages; `deadline_s`
    (the sample deadline) caps the chat request's wait. Raises PreflightError; sends at most two requests."""
    probe = _Probe(role, spec, backend, key_var)
    if backend.api_key_env is None:
        var = key_var or "OPENAI_API_KEY"
        if needs_key(backend.base_url):
            raise probe.fail(f"${var} is not set, and {backend.base_url} needs an API key: export {var}=..., or "
                             "name the variable that holds it with --api-key-env NAME")
        if key_var and not os.environ.get(key_var):
            probe.check.notes.append(f"no API key sent (${key_var} is not set)")
    await probe.models()
    timeout = backend.timeout_s if generate.timeout_s is None else generate.timeout_s
    await probe.chat(generate, min(timeout, deadline_s) if deadline_s else timeout)
    return probe.check
