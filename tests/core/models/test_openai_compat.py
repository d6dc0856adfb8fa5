"""The real OpenAI-compatible client against the real mock server, over HTTP on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import email.utils

import pytest
from aiohttp import web
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.models import _base
from finprobe.core.models.openai_compat import OpenAICompatibleModel, parse_retry_after
from finprobe.core.models.pricing import Price
from finprobe.core.schema import GenerateConfig, Message
from finprobe.testing.mock_server import MockOpenAIServer, rough_token_count

ModelError = _base.ModelError
FAKE_KEY = "sk-finprobe-TEST-9f8e7d6c5b4a-do-not-leak"
MSGS = [Message(role="system", content="You are an analyst."), Message(role="user", content="Revenue 2019?")]


@contextlib.asynccontextmanager
async def handler_server(handler):
    """A one-route HTTP server on 127.0.0.1 with a hand-written handler (replies the mock cannot script);
    yields its base URL."""
    app = web.Application()
    app.router.add_post("/v1/chat/completions", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        await runner.cleanup()


def fast_model(base_url: str, **kw) -> OpenAICompatibleModel:
    """A client with retries that wait (almost) nothing, recording each delay it would have slept."""
    kw.setdefault("backoff_base_s", 0.001)
    kw.setdefault("backoff_max_s", 0.01)
    kw.setdefault("timeout_s", 5.0)
    kw.setdefault("seed", 0)
    m = OpenAICompatibleModel(base_url, "test-model", **kw)
    m.delays = []  # type: ignore[attr-defined]

    async def record(delay: float) -> None:
        m.delays.append(delay)  # type: ignore[attr-defined]
        await asyncio.sleep(0)

    m._sleep = record
    return m


async def test_implements_protocol():
    m = OpenAICompatibleModel("http://127.0.0.1:9/v1", "x")
    assert isinstance(m, _base.ModelBackend)
    assert (m.kind, m.cacheable, m.supports_schema) == ("openai", True, True)
    await m.aclose()


async def test_happy_path_usage_cost_and_request_body():
    price = Price(input_usd_per_1m=3.0, output_usd_per_1m=15.0)
    async with MockOpenAIServer(["ANSWER: 0.145"]) as srv:
        m = fast_model(srv.base_url, price=price, extra_body={"top_p": 0.5})
        cfg = GenerateConfig(temperature=0.2, max_tokens=64, seed=7, stop=["\nObservation:"])
        out = await m.generate(MSGS, cfg)
        await m.aclose()
    assert out.text == "ANSWER: 0.145"
    assert out.finish_reason == "stop"
    assert out.attempts == 1
    n_in = rough_token_count("".join(msg.content for msg in MSGS))
    n_out = rough_token_count("ANSWER: 0.145")
    assert (out.usage.input_tokens, out.usage.output_tokens) == (n_in, n_out)
    assert out.usage.cost_usd == pytest.approx((n_in * 3.0 + n_out * 15.0) / 1e6)
    (entry,) = srv.log
    assert entry.path == "/v1/chat/completions"
    assert entry.body == {
        "model": "test-model",
        "messages": [
            {"role": "system", "content": "You are an analyst."},
            {"role": "user", "content": "Revenue 2019?"},
        ],
        "temperature": 0.2,
        "max_tokens": 64,
        "seed": 7,
        "stop": ["\nObservation:"],
        "top_p": 0.5,
    }
    assert entry.auth_present is False  # no api_key_env: no Authorization header


async def test_no_price_means_zero_cost_and_missing_usage_means_zero_tokens():
    async def handler(request: web.Request) -> web.Response:
        return web.json_response({"choices": [{"message": {"content": "ok"}, "finish_reason": "stop"}]})

    async with handler_server(handler) as base_url:
        m = fast_model(base_url + "/", price=Price(input=1, output=1))
        out = await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert out.text == "ok"
    assert (out.usage.input_tokens, out.usage.output_tokens, out.usage.cost_usd) == (0, 0, 0.0)


async def test_response_format_sent_only_with_schema_and_support():
    schema = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    async with MockOpenAIServer(default_reply='{"name": "answer"}') as srv:
        m = fast_model(srv.base_url)
        await m.generate(MSGS, GenerateConfig(response_schema=schema))
        await m.generate(MSGS, GenerateConfig())
        no_schema = fast_model(srv.base_url, supports_schema=False)
        await no_schema.generate(MSGS, GenerateConfig(response_schema=schema))
        await m.aclose()
        await no_schema.aclose()
    with_schema, without, unsupported = (e.body for e in srv.log)
    assert with_schema["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "action", "schema": schema, "strict": True},
    }
    assert "response_format" not in without
    assert "response_format" not in unsupported


@pytest.mark.parametrize("retry_after", ["0", "1"])
async def test_429_honours_retry_after_and_succeeds(retry_after):
    async with MockOpenAIServer(["done"], schedule=["429"], retry_after=retry_after) as srv:
        # A huge backoff proves the wait came from Retry-After, not from the backoff schedule.
        m = fast_model(srv.base_url, backoff_base_s=500.0, backoff_max_s=500.0)
        out = await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert (out.text, out.attempts) == ("done", 2)
    assert m.delays == [float(retry_after)]
    assert [e.fault for e in srv.log] == ["429", None]


async def test_retry_after_http_date_and_cap():
    past = email.utils.formatdate(0, usegmt=True)
    async with MockOpenAIServer(["a", "b"], schedule=["503", None, "429"], retry_after=past) as srv:
        m = fast_model(srv.base_url)
        assert (await m.generate(MSGS, GenerateConfig())).attempts == 2
        srv.retry_after = "3600"
        m.retry_after_cap_s = 2.5
        assert (await m.generate(MSGS, GenerateConfig())).attempts == 2
        await m.aclose()
    assert m.delays == [0.0, 2.5]


@pytest.mark.parametrize("fault", ["500", "502", "503", "408", "409", "malformed", "truncated", "nochoices"])
async def test_transient_faults_are_retried(fault):
    async with MockOpenAIServer(["recovered"], schedule=[fault, fault]) as srv:
        m = fast_model(srv.base_url)
        out = await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert (out.text, out.attempts) == ("recovered", 3)
    assert [e.fault for e in srv.log] == [fault, fault, None]


async def test_hang_times_out_and_is_retried():
    async with MockOpenAIServer(["after hang"], schedule=["hang"], hang_s=60) as srv:
        m = fast_model(srv.base_url, timeout_s=60)
        # The per-call timeout overrides the backend default (generous: the retried request must not time out
        # too on a loaded machine).
        out = await m.generate(MSGS, GenerateConfig(timeout_s=1.5))
        await m.aclose()
    assert (out.text, out.attempts) == ("after hang", 2)


@pytest.mark.parametrize("status", ["400", "404", "422"])
async def test_client_errors_are_not_retried(status):
    async with MockOpenAIServer(schedule=[status]) as srv:
        m = fast_model(srv.base_url)
        with pytest.raises(ModelError) as info:
            await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert info.value.retryable is False
    assert info.value.attempts == 1
    assert srv.n_requests == 1
    assert f"HTTP {status}" in str(info.value) and f"injected fault {status}" in str(info.value)


async def test_exhausted_retries_raise_retryable_error_with_attempts():
    async with MockOpenAIServer(faults={"500": 1.0}) as srv:
        m = fast_model(srv.base_url, max_retries=3)
        with pytest.raises(ModelError) as info:
            await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert info.value.retryable is True
    assert info.value.attempts == 4
    assert srv.n_requests == 4
    assert "HTTP 500" in str(info.value)
    assert len(m.delays) == 3


async def test_connection_refused_is_retried_then_fails():
    async with MockOpenAIServer() as srv:
        url = srv.base_url
    m = fast_model(url, max_retries=2)  # the server is gone: nothing listens on that port now
    with pytest.raises(ModelError) as info:
        await m.generate(MSGS, GenerateConfig())
    await m.aclose()
    assert (info.value.retryable, info.value.attempts) == (True, 3)


async def test_backoff_is_full_jitter_and_reproducible():
    async def delays(seed: int) -> list[float]:
        async with MockOpenAIServer(faults={"500": 1.0}) as srv:
            m = fast_model(srv.base_url, max_retries=6, backoff_base_s=0.5, backoff_max_s=4.0, seed=seed)
            with pytest.raises(ModelError):
                await m.generate(MSGS, GenerateConfig())
            await m.aclose()
        return m.delays

    first, again, other = await delays(1), await delays(1), await delays(2)
    assert first == again
    assert first != other
    caps = [min(4.0, 0.5 * 2**k) for k in range(6)]
    assert all(0.0 <= d <= cap for d, cap in zip(first, caps, strict=True))


async def test_api_key_sent_as_bearer_and_never_leaked(monkeypatch):
    monkeypatch.setenv("FINPROBE_TEST_KEY", FAKE_KEY)
    async with MockOpenAIServer(["ok"], expected_api_key=FAKE_KEY) as srv:
        m = fast_model(srv.base_url, api_key_env="FINPROBE_TEST_KEY", max_retries=1)
        assert (await m.generate(MSGS, GenerateConfig())).text == "ok"
        srv.faults = {"500": 1.0}
        with pytest.raises(ModelError) as exhausted:
            await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert srv.log[0].auth_present is True and srv.log[0].auth_ok is True
    exc = exhausted.value
    for text in (str(exc), repr(exc), repr(m), str(m), repr(vars(m)), repr(srv.log), repr(vars(srv))):
        assert FAKE_KEY not in text
    assert "FINPROBE_TEST_KEY" in repr(m)


async def test_wrong_key_is_a_non_retryable_401(monkeypatch):
    monkeypatch.setenv("FINPROBE_TEST_KEY", FAKE_KEY)
    async with MockOpenAIServer(["ok"], expected_api_key="sk-the-right-one") as srv:
        m = fast_model(srv.base_url, api_key_env="FINPROBE_TEST_KEY")
        with pytest.raises(ModelError) as info:
            await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert (info.value.retryable, info.value.attempts) == (False, 1)
    assert "HTTP 401" in str(info.value)
    assert srv.log[0].auth_present is True and srv.log[0].auth_ok is False
    assert FAKE_KEY not in str(info.value)


async def test_error_body_echoing_the_key_is_redacted(monkeypatch):
    """A server that echoes the Authorization header in its error body must not leak it via ModelError."""
    monkeypatch.setenv("FINPROBE_TEST_KEY", FAKE_KEY)

    async def handler(request: web.Request) -> web.Response:
        echoed = f"bad request with {request.headers['Authorization']}"
        return web.json_response({"error": {"message": echoed}}, status=400)

    async with handler_server(handler) as base_url:
        m = fast_model(base_url, api_key_env="FINPROBE_TEST_KEY")
        with pytest.raises(ModelError) as info:
            await m.generate(MSGS, GenerateConfig())
        await m.aclose()
    assert "bad request with Bearer <secret>" in str(info.value)
    assert FAKE_KEY not in str(info.value)


def test_missing_key_env_names_the_variable(monkeypatch):
    monkeypatch.delenv("FINPROBE_ABSENT_KEY", raising=False)
    with pytest.raises(ModelError, match="FINPROBE_ABSENT_KEY") as info:
        OpenAICompatibleModel("http://127.0.0.1:9/v1", "x", api_key_env="FINPROBE_ABSENT_KEY")
    assert info.value.retryable is False


async def test_concurrency_limit_is_respected():
    async with MockOpenAIServer(default_reply="x", latency_s=0.05) as srv:
        m = fast_model(srv.base_url, max_concurrency=4)
        outs = await asyncio.gather(*(m.generate(MSGS, GenerateConfig()) for _ in range(40)))
        await m.aclose()
    assert len(outs) == 40 and srv.n_requests == 40
    assert srv.max_in_flight <= 4
    assert srv.max_in_flight >= 2  # the limit was actually exercised, not trivially met by serial calls


async def test_thirty_percent_faults_none_lost():
    faults = {"429": 0.1, "500": 0.1, "malformed": 0.04, "truncated": 0.03, "hang": 0.03}

    def reply(body: dict) -> str:
        return "re: " + body["messages"][-1]["content"]

    async with MockOpenAIServer(reply, faults=faults, seed=42, retry_after="0", hang_s=60) as srv:
        m = fast_model(srv.base_url, timeout_s=0.5, max_retries=6, max_concurrency=32)
        prompts = [[Message(role="user", content=f"q{i}")] for i in range(200)]
        results = await asyncio.gather(*(m.generate(p, GenerateConfig()) for p in prompts), return_exceptions=True)
        await m.aclose()
    assert len(results) == 200
    attempts = 0
    for i, r in enumerate(results):
        assert isinstance(r, (_base.ModelOutput, ModelError)), repr(r)
        if isinstance(r, ModelError):
            assert r.retryable is True
        else:
            assert r.text == f"re: q{i}"  # each reply belongs to its own request
        attempts += r.attempts
    assert sum(isinstance(r, _base.ModelOutput) for r in results) >= 190
    assert sum(srv.fault_counts.values()) >= 30  # the faults really happened
    assert attempts == srv.n_requests  # every attempt reached the server once, none vanished


def test_sync_use_across_event_loops():
    """Sync callers may run asyncio.run twice with one backend: a new loop gets a new session."""
    from finprobe.testing.mock_server import MockServerThread

    with MockServerThread(default_reply="sync") as srv:
        m = fast_model(srv.base_url)
        assert asyncio.run(m.generate(MSGS, GenerateConfig())).text == "sync"
        assert asyncio.run(m.generate(MSGS, GenerateConfig())).text == "sync"
        asyncio.run(m.aclose())
    assert srv.server.n_requests == 2


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_parse_retry_after_seconds(secs):
    assert parse_retry_after(repr(secs)) == pytest.approx(secs)


@given(st.text(max_size=40))
def test_parse_retry_after_never_raises(text):
    v = parse_retry_after(text)
    assert v is None or v >= 0


def test_parse_retry_after_http_date():
    date = email.utils.formatdate(1_000_030, usegmt=True)
    assert parse_retry_after(date, now=1_000_000) == pytest.approx(30)
    assert parse_retry_after(date, now=2_000_000) == 0.0
    assert parse_retry_after(None) is None and parse_retry_after("soon") is None


async def test_a_complete_reply_without_text_is_an_empty_answer_not_a_retry():
    # e.g. a content filter or a reasoning model that spent its budget: {"content": null, "finish_reason": ...}
    calls = 0

    async def handler(request: web.Request) -> web.Response:
        nonlocal calls
        calls += 1
        return web.json_response({"choices": [{"index": 0, "message": {"role": "assistant", "content": None},
                                               "finish_reason": "length"}]})

    async with handler_server(handler) as base_url:
        model = fast_model(base_url)
        try:
            out = await model.generate([Message(role="user", content="hi")], GenerateConfig())
        finally:
            await model.aclose()
    assert (out.text, out.finish_reason, calls) == ("", "length", 1)
