"""Backend for any OpenAI-compatible chat-completions endpoint (vLLM, SGLang, llama.cpp server, Ollama,
OpenRouter, OpenAI, ...).

aiohttp was chosen by measurement: at 100 ms latency and 64 concurrent requests it sustained 0.94 of the
ideal rate at ~0.3 ms CPU per request, where httpx and the openai SDK were far slower. The per-call path
is kept small on purpose (one pre-serialised body, orjson, no per-request objects beyond the output).
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import logging
import os
import random
import re
import time
from collections.abc import Sequence
from typing import Any

import aiohttp
import orjson
from pydantic import BaseModel

from finprobe.core.models._base import ModelError, ModelOutput
from finprobe.core.models.pricing import Price, cost
from finprobe.core.models.structured import (
    StructuredOutput,
    ladder_from,
    parse_mode,
    response_format,
    with_schema_instruction,
)
from finprobe.core.schema import GenerateConfig, Message, Usage

# orjson is a dependency: request bodies and replies are (de)serialised on the hot path
_dumps = orjson.dumps
_loads = orjson.loads
_DecodeError: tuple[type[Exception], ...] = (orjson.JSONDecodeError,)

log = logging.getLogger(__name__)

# 408 (request timeout), 409 (conflict/lock) and 429 are transient by definition; other 4xx are the
# caller's fault and would fail identically on every retry.
_RETRYABLE_4XX = frozenset({408, 409, 429})
_RETRY_AFTER_STATUSES = frozenset({429, 503})
# Gateway and availability errors are transient by definition, whatever their body says.
_TRANSIENT_5XX = frozenset({502, 503, 504})
_EXCERPT_CHARS = 300
# Request fields whose names are too common in error prose to say anything ("model failed to load").
_UNTELLING_FIELDS = frozenset({"model", "type", "name"})


def _check_settings(*, max_concurrency: int | None, max_retries: int, timeout_s: float, backoff_base_s: float,
                    backoff_max_s: float, retry_after_cap_s: float) -> None:
    """Each setting's range, with its name in the message (`--set ROLE.NAME=VALUE` sets them)."""
    def number(name: str, value: Any, *, positive: bool, whole: bool = False) -> None:
        kind = "a whole number" if whole else "a number"
        ok = isinstance(value, int) if whole else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok or value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{name} must be {kind}, got {value!r}")
        if (value <= 0) if positive else (value < 0):
            raise ValueError(f"{name} must be {'> 0' if positive else '>= 0'}, got {value!r}")

    if max_concurrency is not None:
        number("max_concurrency", max_concurrency, positive=True, whole=True)
    number("max_retries", max_retries, positive=False, whole=True)
    number("timeout_s", timeout_s, positive=True)
    number("backoff_base_s", backoff_base_s, positive=False)
    number("backoff_max_s", backoff_max_s, positive=False)
    number("retry_after_cap_s", retry_after_cap_s, positive=False)


class _Secret:
    """Holds the API key so that no repr, vars() dump or log line can show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str):
        self._value = value

    def get(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "<secret>"

    __str__ = __repr__


class _Retry(Exception):
    """One attempt failed in a way worth retrying. `retry_after` is the server's hint in seconds."""

    def __init__(self, reason: str, retry_after: float | None = None):
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


class _Fatal(Exception):
    """One attempt failed in a way that retrying cannot fix. `status` is the HTTP status, when there was one."""

    def __init__(self, reason: str, status: int | None = None):
        super().__init__(reason)
        self.status = status


def request_fields(body: dict[str, Any]) -> tuple[str, ...]:
    """The field names of a request that a server's error message may name: top-level keys and those of
    `response_format`, less words too common to tell anything."""
    names = set(body)
    fmt = body.get("response_format")
    if isinstance(fmt, dict):
        names.update(fmt)
    return tuple(sorted(n for n in names if n not in _UNTELLING_FIELDS))


def names_request_field(message: str, fields: Sequence[str]) -> str | None:
    """The first of `fields` that `message` names as a word (e.g. pydantic's `('body', 'response_format',
    'type')`), or None."""
    for name in fields:
        if re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", message):
            return name
    return None


class RawResponse(BaseModel):
    """One HTTP exchange as it happened (for `finprobe check`): no retries, nothing interpreted."""

    status: int
    body: Any = None  # the parsed JSON body, None when it was not JSON
    text: str = ""  # the body's first characters (secrets removed), whatever it was
    latency_s: float


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); None if absent/invalid."""
    if not value:
        return None
    value = value.strip()
    try:
        secs = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when is None:
            return None
        secs = when.timestamp() - (time.time() if now is None else now)
    if secs != secs:  # NaN
        return None
    return max(0.0, secs)


class OpenAICompatibleModel:
    """A ModelBackend that POSTs to `{base_url}/chat/completions` with retries, backoff and an optional
    concurrency cap.

    The API key is read once from the environment variable named by `api_key_env` and sent as a Bearer
    token; it never appears in reprs, errors or logs. `api_key_env=None` sends no Authorization header
    (typical for local servers). Instances are safe to call concurrently from one event loop.

    `max_concurrency`: requests in flight at once to this endpoint. None (the default) sets no cap of the
    backend's own: the caller's concurrency is the limit (a run's `--concurrency`, which the runner
    enforces for every model call), so `--concurrency 256` means 256 requests in flight, not a hidden 64.
    Set it to cap one endpoint below the run's concurrency (a rate-limited provider).
    """

    kind = "openai"
    cacheable = True

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key_env: str | None = None,
        timeout_s: float = 120.0,
        max_retries: int = 5,
        backoff_base_s: float = 0.5,
        backoff_max_s: float = 30.0,
        retry_after_cap_s: float = 60.0,
        max_concurrency: int | None = None,
        price: Price | None = None,
        extra_body: dict[str, Any] | None = None,
        supports_schema: bool | None = None,
        structured_output: StructuredOutput | str | None = None,
        structured_output_ladder: Sequence[StructuredOutput | str] | None = None,
        seed: int | None = None,
    ):
        _check_settings(max_concurrency=max_concurrency, max_retries=max_retries, timeout_s=timeout_s,
                        backoff_base_s=backoff_base_s, backoff_max_s=backoff_max_s,
                        retry_after_cap_s=retry_after_cap_s)
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key_env = api_key_env
        self.timeout_s = float(timeout_s)
        self.max_retries = int(max_retries)
        self.backoff_base_s = float(backoff_base_s)
        self.backoff_max_s = float(backoff_max_s)
        self.retry_after_cap_s = float(retry_after_cap_s)
        self.max_concurrency = None if max_concurrency is None else int(max_concurrency)
        self.price = price
        self.extra_body = dict(extra_body or {})
        # How a response schema is sent (see finprobe.core.models.structured). `supports_schema=False` is the
        # older spelling of structured_output="prompt". Unset, the runner negotiates it per run; until then
        # a schema goes out as json_schema.
        if structured_output is None and supports_schema is not None:
            structured_output = StructuredOutput.json_schema if supports_schema else StructuredOutput.prompt
        self.structured_output_ladder = ladder_from(structured_output_ladder)
        self.structured_output_explicit = structured_output is not None
        self.structured_output: StructuredOutput | None = None
        self.supports_schema = True
        self.use_structured_output(structured_output)
        self._url = self.base_url + "/chat/completions"
        self._key: _Secret | None = None
        if api_key_env:
            value = os.environ.get(api_key_env)
            if not value:
                raise ModelError(
                    f"environment variable {api_key_env} is not set or empty; it must hold the API key "
                    f"for {self.base_url}",
                    retryable=False,
                    attempts=0,
                )
            self._key = _Secret(value)
        # Seeded so that backoff schedules are reproducible in tests.
        self._rng = random.Random(seed)
        self._session: aiohttp.ClientSession | None = None
        self._sem: asyncio.Semaphore | contextlib.nullcontext[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._default_timeout = aiohttp.ClientTimeout(total=self.timeout_s)
        # How retries wait; an attribute so tests can record the delays instead of sleeping them.
        self._sleep = asyncio.sleep

    def use_structured_output(self, mode: StructuredOutput | str | None) -> None:
        """Send response schemas in this mode from now on (None: json_schema, the unnegotiated default)."""
        self.structured_output = None if mode is None else parse_mode(mode)
        self.supports_schema = self.structured_output is not StructuredOutput.prompt

    def cache_identity(self) -> dict[str, object]:
        """Everything besides the request that changes the reply (part of the response-cache key)."""
        mode = self.structured_output.value if self.structured_output is not None else None
        return {"base_url": self.base_url, "extra_body": self.extra_body, "supports_schema": self.supports_schema,
                "structured_output": mode}

    def __repr__(self) -> str:
        return (
            f"OpenAICompatibleModel(model={self.model!r}, base_url={self.base_url!r}, "
            f"api_key_env={self.api_key_env!r}, max_concurrency={self.max_concurrency})"
        )

    __str__ = __repr__

    # ------------------------------------------------------------------ plumbing
    def _ensure_session(self) -> tuple[aiohttp.ClientSession, asyncio.Semaphore | contextlib.nullcontext[None]]:
        loop = asyncio.get_running_loop()
        if self._session is None or self._session.closed or self._loop is not loop:
            # A session and a semaphore belong to one event loop; a new loop (e.g. a second
            # asyncio.run in sync code) gets fresh ones.
            headers = {"Content-Type": "application/json", "Accept": "application/json"}
            if self._key is not None:
                headers["Authorization"] = "Bearer " + self._key.get()
            # limit=0: no connection cap of aiohttp's own (its default is 100) beyond max_concurrency
            connector = aiohttp.TCPConnector(limit=self.max_concurrency or 0, limit_per_host=0, ttl_dns_cache=300)
            # No cookie jar: an API client keeps no cookies, and the jar costs time on every request.
            self._session = aiohttp.ClientSession(connector=connector, headers=headers, raise_for_status=False,
                                                  cookie_jar=aiohttp.DummyCookieJar())
            self._sem = (asyncio.Semaphore(self.max_concurrency) if self.max_concurrency is not None
                         else contextlib.nullcontext())
            self._loop = loop
        assert self._sem is not None
        return self._session, self._sem

    async def aclose(self) -> None:
        """Close the HTTP session (idempotent)."""
        session, self._session = self._session, None
        if session is not None and not session.closed:
            await session.close()

    def _redact(self, text: str) -> str:
        if self._key is not None:
            text = text.replace(self._key.get(), "<secret>")
        return text

    def _excerpt(self, raw: bytes) -> str:
        text = raw[: _EXCERPT_CHARS * 4].decode("utf-8", "replace")
        try:  # OpenAI-style error bodies: {"error": {"message": ...}}
            obj = _loads(raw)
            if isinstance(obj, dict) and isinstance(obj.get("error"), dict) and obj["error"].get("message"):
                text = str(obj["error"]["message"])
        except _DecodeError:
            pass
        text = re.sub(r"\s+", " ", self._redact(text)).strip()
        return text[:_EXCERPT_CHARS] + ("…" if len(text) > _EXCERPT_CHARS else "")

    def _error_message(self, raw: bytes) -> str:
        """The whole error message of a failed response (OpenAI-shaped or not), for telling what it names."""
        try:
            obj = _loads(raw)
            if isinstance(obj, dict) and isinstance(obj.get("error"), dict):
                return str(obj["error"].get("message", ""))
            if isinstance(obj, dict) and "detail" in obj:  # FastAPI's validation errors
                return str(obj["detail"])
        except _DecodeError:
            pass
        return raw[:_EXCERPT_CHARS * 16].decode("utf-8", "replace")

    async def raw_request(self, method: str, path: str, body: Any = None, *,
                          timeout_s: float | None = None) -> RawResponse:
        """One request to `{base_url}{path}` with this backend's headers and key, no retries (for `finprobe
        check`). Network failures raise ModelError."""
        session, _ = self._ensure_session()
        timeout = aiohttp.ClientTimeout(total=timeout_s or self.timeout_s)
        data = None if body is None else _dumps(body)
        start = time.perf_counter()
        try:
            async with session.request(method, self.base_url + path, data=data, timeout=timeout) as resp:
                status, raw = resp.status, await resp.read()
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            detail = self._redact(str(exc))[:_EXCERPT_CHARS] or type(exc).__name__
            raise ModelError(f"{method} {self.base_url}{path}: {detail}", retryable=True) from None
        latency = time.perf_counter() - start
        try:
            parsed = _loads(raw)
        except _DecodeError:
            parsed = None
        if parsed is not None and self._key is not None:
            parsed = _loads(self._redact(_dumps(parsed).decode("utf-8", "replace")))
        text = self._redact(raw[:_EXCERPT_CHARS * 4].decode("utf-8", "replace"))
        return RawResponse(status=status, body=parsed, text=text, latency_s=latency)

    def build_body(self, messages: list[Message], config: GenerateConfig) -> dict[str, Any]:
        """The JSON body sent for one call (public so callers and tests can inspect it)."""
        msgs = []
        for m in messages:
            d = {"role": m.role, "content": m.content}
            if m.name is not None:
                d["name"] = m.name
            msgs.append(d)
        mode = self.structured_output or StructuredOutput.json_schema
        schema = config.response_schema
        if schema is not None and mode in (StructuredOutput.json_object_schema, StructuredOutput.json_object):
            msgs = with_schema_instruction(msgs, schema)  # JSON mode alone says nothing of the shape
        body: dict[str, Any] = {"model": self.model, "messages": msgs}
        if config.temperature is not None:
            body["temperature"] = config.temperature
        if config.max_tokens is not None:
            body["max_tokens"] = config.max_tokens
        if config.seed is not None:
            body["seed"] = config.seed
        if config.stop:
            body["stop"] = list(config.stop)
        if schema is not None:
            fmt = response_format(mode, schema)
            if fmt is not None:
                body["response_format"] = fmt
        body.update(self.extra_body)
        return body

    def _backoff(self, attempt: int) -> float:
        """Full jitter: uniform in [0, min(max, base·2^(attempt-1))]."""
        return self._rng.uniform(0.0, min(self.backoff_max_s, self.backoff_base_s * (2 ** (attempt - 1))))

    # ------------------------------------------------------------------ the call
    async def generate(self, messages: list[Message], config: GenerateConfig) -> ModelOutput:
        body = self.build_body(messages, config)
        payload = _dumps(body)
        timeout = (
            self._default_timeout
            if config.timeout_s is None
            else aiohttp.ClientTimeout(total=float(config.timeout_s))
        )
        attempts = 0
        while True:
            attempts += 1
            session, sem = self._ensure_session()
            try:
                async with sem:
                    text, finish, n_in, n_out = await self._attempt(session, payload, timeout, body)
            except _Fatal as exc:
                msg = f"{self.model} at {self.base_url}: {exc}"
                raise ModelError(msg, retryable=False, attempts=attempts, rejected=exc.status is not None,
                                 status=exc.status) from None
            except _Retry as exc:
                if attempts > self.max_retries:
                    raise ModelError(
                        f"{self.model} at {self.base_url}: failed after {attempts} attempts; last error: {exc.reason}",
                        retryable=True,
                        attempts=attempts,
                    ) from None
                delay = (
                    min(exc.retry_after, self.retry_after_cap_s)
                    if exc.retry_after is not None
                    else self._backoff(attempts)
                )
                log.debug("retrying %s (attempt %d) in %.2fs: %s", self.model, attempts, delay, exc.reason)
                await self._sleep(delay)
                continue
            usage = Usage(input_tokens=n_in, output_tokens=n_out)
            if self.price is not None:
                usage.cost_usd = cost(usage, self.price)
            return ModelOutput(text=text, finish_reason=finish, usage=usage, attempts=attempts)

    async def _attempt(
        self, session: aiohttp.ClientSession, payload: bytes, timeout: aiohttp.ClientTimeout,
        body: dict[str, Any] | None = None,
    ) -> tuple[str, str | None, int, int]:
        """One HTTP attempt: returns (text, finish_reason, input_tokens, output_tokens) or raises _Retry/_Fatal.

        A 5xx whose message names one of the fields of the request (`body`, see `request_fields`) is the server
        refusing the request's shape (llama-cpp-python answers a `response_format` it does not know with
        HTTP 500): it is not retried."""
        try:
            async with session.post(self._url, data=payload, timeout=timeout) as resp:
                status = resp.status
                raw = await resp.read()
                retry_after = (
                    parse_retry_after(resp.headers.get("Retry-After")) if status in _RETRY_AFTER_STATUSES else None
                )
        except (TimeoutError, aiohttp.ServerTimeoutError):
            raise _Retry(f"timed out after {timeout.total}s") from None
        except aiohttp.InvalidURL:
            raise _Fatal(f"invalid URL {self._url!r}") from None
        except aiohttp.ClientPayloadError as exc:
            raise _Retry(f"truncated or corrupt response body ({type(exc).__name__})") from None
        except aiohttp.ClientError as exc:
            # Connection refused/reset, server disconnected, bad HTTP framing, ...: all transient.
            raise _Retry(f"{type(exc).__name__}: {self._redact(str(exc))[:_EXCERPT_CHARS]}") from None
        except OSError as exc:
            raise _Retry(f"{type(exc).__name__}: {exc.strerror or ''}") from None

        if status != 200:
            excerpt = self._excerpt(raw)
            what = f"HTTP {status}: {excerpt}"
            if status in _RETRYABLE_4XX:
                raise _Retry(what, retry_after)
            if status >= 500:
                named = (None if status in _TRANSIENT_5XX or body is None
                         else names_request_field(self._error_message(raw), request_fields(body)))
                if named is None:
                    raise _Retry(what, retry_after)
                raise _Fatal(f"{what} (names the request field {named!r}: not retried)", status)
            raise _Fatal(what, status)
        try:
            obj = _loads(raw)
            choice = obj["choices"][0]
            content = choice["message"].get("content")
            # Only a dict supports these string subscripts, so obj and choice are dicts from here on.
        except _DecodeError:
            raise _Retry(f"malformed response body (invalid JSON, {len(raw)} bytes)") from None
        except (KeyError, IndexError, TypeError, AttributeError):
            raise _Retry("malformed response body (no choices[0].message)") from None
        if content is None and isinstance(choice.get("finish_reason"), str):
            # A complete reply with no text (content filter, a tool call, a reasoning model that spent its
            # budget): asking again gives the same, so it is an empty answer with its finish reason.
            content = ""
        if not isinstance(content, str):
            raise _Retry("malformed response body (choices[0].message.content is not a string)")
        u = obj.get("usage")
        if isinstance(u, dict):
            n_in, n_out = _count(u.get("prompt_tokens")), _count(u.get("completion_tokens"))
        else:  # some servers omit usage; 0 means "not reported", and the cost is then 0 too
            n_in = n_out = 0
        finish = choice.get("finish_reason")
        return content, finish if isinstance(finish, str) else None, n_in, n_out


def _count(value: Any) -> int:
    """A token count from a usage field; anything that is not a non-negative number counts as 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        return 0
    return int(value)
