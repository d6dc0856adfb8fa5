"""The mock OpenAI-compatible server, driven by a plain HTTP client (no finprobe client involved)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import urllib.request

import aiohttp
import pytest

from finprobe.testing.mock_server import MockOpenAIServer, MockServerThread, rough_token_count

KEY = "sk-mock-EXPECTED-31415926"


async def post(session: aiohttp.ClientSession, url: str, body: object, **kw) -> tuple[int, dict, bytes]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    async with session.post(url + "/chat/completions", data=data, **kw) as r:
        return r.status, dict(r.headers), await r.read()


def chat(text: str, **extra) -> dict:
    return {"model": "m", "messages": [{"role": "user", "content": text}], **extra}


async def test_models_endpoint():
    async with MockOpenAIServer(model="served-model") as srv, aiohttp.ClientSession() as s:
        async with s.get(srv.base_url + "/models") as r:
            data = await r.json()
    assert r.status == 200
    assert [m["id"] for m in data["data"]] == ["served-model"]


async def test_scripted_replies_then_default_then_echo():
    async with MockOpenAIServer(["one", "two"], default_reply="dflt") as srv, aiohttp.ClientSession() as s:
        texts = []
        for q in ["a", "b", "c"]:
            status, _, raw = await post(s, srv.base_url, chat(q))
            assert status == 200
            texts.append(json.loads(raw)["choices"][0]["message"]["content"])
    assert texts == ["one", "two", "dflt"]

    async with MockOpenAIServer() as srv, aiohttp.ClientSession() as s:
        body = {"messages": [{"role": "user", "content": "first"}, {"role": "assistant", "content": "x"},
                             {"role": "user", "content": "echo me"}]}
        _, _, raw = await post(s, srv.base_url, body)
    assert json.loads(raw)["choices"][0]["message"]["content"] == "echo me"


async def test_callable_reply_sees_request_and_usage_is_counted():
    seen = []

    def reply(body: dict) -> str:
        seen.append(body)
        return "T=" + str(body["temperature"])

    async with MockOpenAIServer(reply) as srv, aiohttp.ClientSession() as s:
        _, _, raw = await post(s, srv.base_url, chat("hello world, how are you", temperature=0.3))
    obj = json.loads(raw)
    assert seen[0]["temperature"] == 0.3
    assert obj["choices"][0]["message"]["content"] == "T=0.3"
    assert obj["choices"][0]["finish_reason"] == "stop"
    assert obj["usage"]["prompt_tokens"] == rough_token_count("hello world, how are you") > 0
    assert obj["usage"]["completion_tokens"] == rough_token_count("T=0.3")
    assert obj["usage"]["total_tokens"] == obj["usage"]["prompt_tokens"] + obj["usage"]["completion_tokens"]


async def test_faults_do_not_consume_scripted_replies():
    async with MockOpenAIServer(["first"], schedule=["500", None]) as srv, aiohttp.ClientSession() as s:
        s1, _, raw1 = await post(s, srv.base_url, chat("q"))
        s2, _, raw2 = await post(s, srv.base_url, chat("q"))
    assert s1 == 500 and json.loads(raw1)["error"]["message"] == "injected fault 500"
    assert s2 == 200 and json.loads(raw2)["choices"][0]["message"]["content"] == "first"
    assert [e.fault for e in srv.log] == ["500", None]
    assert srv.fault_counts["500"] == 1


async def test_retry_after_on_429_and_503_only():
    async with MockOpenAIServer(schedule=["429", "503", "500"], retry_after=7) as srv, aiohttp.ClientSession() as s:
        results = [await post(s, srv.base_url, chat("q")) for _ in range(3)]
    assert [r[0] for r in results] == [429, 503, 500]
    assert results[0][1]["Retry-After"] == "7" and results[1][1]["Retry-After"] == "7"
    assert "Retry-After" not in results[2][1]


async def test_malformed_nochoices_and_truncated_bodies():
    async with MockOpenAIServer(schedule={0: "malformed", 1: "nochoices", 2: "truncated"}) as srv, \
            aiohttp.ClientSession() as s:
        status, _, raw = await post(s, srv.base_url, chat("q"))
        assert status == 200
        with pytest.raises(json.JSONDecodeError):
            json.loads(raw)
        status, _, raw = await post(s, srv.base_url, chat("q"))
        assert status == 200 and json.loads(raw)["choices"] == []
        with pytest.raises(aiohttp.ClientPayloadError):
            await post(s, srv.base_url, chat("q"))
        # The server keeps serving after a truncated reply.
        status, _, _ = await post(s, srv.base_url, chat("q"))
        assert status == 200


async def test_hang_is_released_when_the_client_gives_up():
    async with MockOpenAIServer(schedule=["hang"], hang_s=60) as srv, aiohttp.ClientSession() as s:
        with pytest.raises(asyncio.TimeoutError):
            await post(s, srv.base_url, chat("q"), timeout=aiohttp.ClientTimeout(total=0.2))
        for _ in range(200):  # handler cancellation happens soon after the disconnect
            if srv.in_flight == 0:
                break
            await asyncio.sleep(0.01)
        assert srv.in_flight == 0
        status, _, _ = await post(s, srv.base_url, chat("q"))
    assert status == 200
    assert srv.max_in_flight == 1


async def test_auth_is_checked_and_logged_without_the_key():
    async with MockOpenAIServer(["ok"], expected_api_key=KEY) as srv, aiohttp.ClientSession() as s:
        good, _, _ = await post(s, srv.base_url, chat("q"), headers={"Authorization": f"Bearer {KEY}"})
        bad, _, _ = await post(s, srv.base_url, chat("q"), headers={"Authorization": "Bearer nope"})
        none, _, _ = await post(s, srv.base_url, chat("q"))
    assert (good, bad, none) == (200, 401, 401)
    assert [(e.auth_present, e.auth_ok) for e in srv.log] == [(True, True), (True, False), (False, False)]
    assert KEY not in repr(srv.log) and KEY not in repr(vars(srv))


async def test_no_expected_key_logs_presence_only():
    async with MockOpenAIServer(["ok"]) as srv, aiohttp.ClientSession() as s:
        await post(s, srv.base_url, chat("q"), headers={"Authorization": "Bearer whatever"})
    assert (srv.log[0].auth_present, srv.log[0].auth_ok) == (True, None)


async def test_invalid_request_json_is_400():
    async with MockOpenAIServer() as srv, aiohttp.ClientSession() as s:
        status, _, _ = await post(s, srv.base_url, b"{not json")
        status2, _, _ = await post(s, srv.base_url, {"no": "messages"})
    assert (status, status2) == (400, 400)
    assert srv.log[0].body is None


def test_fault_rates_are_seeded_and_roughly_right():
    rates = {"429": 0.1, "500": 0.1, "malformed": 0.05, "hang": 0.02, "truncated": 0.03}

    def draws(seed: int) -> list[str | None]:
        srv = MockOpenAIServer(faults=rates, seed=seed)
        return [srv._pick_fault(i) for i in range(20_000)]

    a, b, c = draws(3), draws(3), draws(4)
    assert a == b and a != c
    for name, rate in rates.items():
        assert a.count(name) / len(a) == pytest.approx(rate, abs=0.01)
    assert a.count(None) / len(a) == pytest.approx(0.7, abs=0.015)


def test_bad_fault_configuration_is_rejected():
    with pytest.raises(ValueError, match="unknown fault"):
        MockOpenAIServer(faults={"explode": 0.1})
    with pytest.raises(ValueError, match="sum to at most 1"):
        MockOpenAIServer(faults={"500": 0.7, "429": 0.7})
    with pytest.raises(ValueError, match="unknown fault"):
        MockOpenAIServer(schedule=["200"])


async def test_latency_overlaps_many_concurrent_requests():
    async with MockOpenAIServer(default_reply="x", latency_s=0.2) as srv:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=100)) as s:
            results = await asyncio.gather(*(post(s, srv.base_url, chat(str(i))) for i in range(100)))
    assert all(r[0] == 200 for r in results)
    # All 100 were waiting in asyncio.sleep at the same time, not queued behind each other.
    assert srv.max_in_flight > 50


def test_thread_runner_serves_sync_clients():
    with MockServerThread(["threaded"], model="t") as srv:
        req = urllib.request.Request(srv.base_url + "/chat/completions", data=json.dumps(chat("hi")).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            obj = json.loads(r.read())
        assert obj["choices"][0]["message"]["content"] == "threaded"
    assert srv.server.n_requests == 1 and srv.server.log[0].body["messages"][0]["content"] == "hi"
    srv.stop()  # idempotent


def test_thread_runner_reports_a_port_in_use():
    with MockServerThread() as first:
        port = first.server.port
        with pytest.raises(RuntimeError, match="failed to start"):
            MockServerThread(port=port).start()


def test_command_line_entry_point():
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "finprobe.testing.mock_server", "--port", "0", "--reply",
                             "from cli", "--latency", "0.01"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline().strip()  # type: ignore[union-attr]
        assert line.startswith("serving http://127.0.0.1:"), line
        base_url = line.split()[1]
        req = urllib.request.Request(base_url + "/chat/completions", data=json.dumps(chat("hi")).encode())
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.loads(r.read())["choices"][0]["message"]["content"] == "from cli"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


async def test_response_format_kinds_are_refused_as_configured_and_usage_can_be_left_out():
    msgs = [{"role": "user", "content": "hi"}]
    formats = {"json_schema": {"type": "json_schema", "json_schema": {"name": "a", "schema": {}}},
               "json_object+schema": {"type": "json_object", "schema": {}}, "json_object": {"type": "json_object"}}
    async with MockOpenAIServer(default_reply="ok", response_formats={"text", "json_object"}, reject_status=500,
                                report_usage=False) as srv:
        async with aiohttp.ClientSession() as s:
            results = {kind: await post(s, srv.base_url, {"messages": msgs, "response_format": fmt})
                       for kind, fmt in formats.items()}
            plain = await post(s, srv.base_url, {"messages": msgs})
    for kind in ("json_schema", "json_object+schema"):
        status, _, raw = results[kind]
        assert status == 500 and "response_format" in json.loads(raw)["error"]["message"]
    assert results["json_object"][0] == 200 and plain[0] == 200
    assert "usage" not in json.loads(plain[2])
    assert srv.rejections == {"json_schema": 1, "json_object+schema": 1}
    with pytest.raises(ValueError, match="response_formats"):
        MockOpenAIServer(response_formats={"grammar"})
