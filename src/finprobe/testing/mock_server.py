"""A real local HTTP server speaking the OpenAI chat-completions protocol, for tests and benchmarks.

It listens on 127.0.0.1 only, replies from a script (a list, a function, or a default reply / echo),
waits a configurable latency with asyncio.sleep (so thousands of concurrent requests cost nothing), and
injects faults by rate (seeded RNG) or by schedule:

- an HTTP status given as a string of three digits ("429", "500", "503", "400", ...): a JSON error body;
  429 and 503 carry a `Retry-After` header;
- "hang": sleeps `hang_s` (longer than any sane client timeout) before answering;
- "malformed": HTTP 200 with a body that is not JSON;
- "truncated": HTTP 200 whose Content-Length promises more bytes than are sent, then the connection closes;
- "nochoices": HTTP 200 with valid JSON but no `choices`.

Servers also differ in the structured output they accept: `response_formats` names the kinds of
`response_format` the mock accepts ("text" (none), "json_schema", "json_object", "json_object+schema": JSON mode
with a `schema` key); any other kind is refused with `reject_status` and an error naming `response_format`
(llama-cpp-python's server answers a json_schema request with HTTP 500 this way). `report_usage=False`
leaves `usage` out of replies, as some servers do.

Every request is logged (request JSON, fault applied, whether an Authorization header was present and
whether it matched the expected key): the key itself is never stored.

Use `async with MockOpenAIServer(...) as srv:` inside an event loop, `with MockServerThread(...) as srv:`
from sync code, or `python -m finprobe.testing.mock_server --port P --latency L --reply TEXT`.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import hmac
import random
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from aiohttp import web

from finprobe.core.aio import run_async

ReplyFn = Callable[[dict[str, Any]], str]
NAMED_FAULTS = frozenset({"hang", "malformed", "truncated", "nochoices"})
RESPONSE_FORMAT_KINDS = frozenset({"text", "json_schema", "json_object", "json_object+schema"})


def response_format_kind(body: Mapping[str, Any]) -> str:
    """The kind of structured output a request asks for (see the module docstring); "invalid" if malformed."""
    fmt = body.get("response_format")
    if fmt is None:
        return "text"
    if not isinstance(fmt, dict) or fmt.get("type") not in ("text", "json_schema", "json_object"):
        return "invalid"
    if fmt["type"] == "json_object" and "schema" in fmt:
        return "json_object+schema"
    return str(fmt["type"])


def _check_fault(name: str) -> str:
    if name in NAMED_FAULTS or (len(name) == 3 and name.isdigit() and 400 <= int(name) <= 599):
        return name
    raise ValueError(f"unknown fault {name!r}: use an HTTP status 400-599 or one of {sorted(NAMED_FAULTS)}")


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).digest()


def rough_token_count(text: str) -> int:
    """About four characters per token: good enough for usage numbers in a mock."""
    return (len(text) + 3) // 4


@dataclass
class RequestLog:
    """One request the server received."""

    index: int
    path: str
    body: Any  # the parsed request JSON (None when it was not JSON)
    fault: str | None
    auth_present: bool
    auth_ok: bool | None  # None when the server expects no particular key
    received_at: float


class MockOpenAIServer:
    """OpenAI-compatible chat-completions server bound to 127.0.0.1, run in the current event loop.

    Args:
        replies: a list of reply texts consumed in order by successful responses (faulty responses do
            not consume one), or a function request_json -> reply text.
        default_reply: the reply once the list is used up (or without one); None echoes the last user
            message.
        latency_s: seconds every request waits before it is answered.
        faults: fault name -> probability per request (drawn with a seeded RNG; sum <= 1).
        schedule: faults for the first requests in arrival order (None = no fault); or a mapping request
            index -> fault. Takes precedence over `faults`.
        expected_api_key: when set, requests without `Authorization: Bearer <key>` get HTTP 401.
        retry_after: value of the Retry-After header on 429/503 faults.
        hang_s: how long a "hang" fault sleeps.
        keep_log: keep a RequestLog per request (turn off for very long benchmarks).
        response_formats: the kinds of `response_format` accepted (None: all); others get `reject_status`.
        reject_status: the HTTP status of a refused `response_format` (400; 500 mimics llama-cpp-python).
        report_usage: include `usage` in replies.
    """

    def __init__(
        self,
        replies: Sequence[str] | ReplyFn | None = None,
        *,
        default_reply: str | None = None,
        latency_s: float = 0.0,
        faults: Mapping[str, float] | None = None,
        schedule: Sequence[str | None] | Mapping[int, str] | None = None,
        seed: int = 0,
        model: str = "mock-model",
        expected_api_key: str | None = None,
        retry_after: str | float = 0,
        hang_s: float = 3600.0,
        port: int = 0,
        keep_log: bool = True,
        response_formats: Collection[str] | None = None,
        reject_status: int = 400,
        report_usage: bool = True,
    ):
        self._fn: ReplyFn | None = replies if callable(replies) else None
        self._replies: list[str] = [] if replies is None or callable(replies) else list(replies)
        self._next_reply = 0
        self.default_reply = default_reply
        self.latency_s = float(latency_s)
        self.faults = {_check_fault(k): float(v) for k, v in (faults or {}).items()}
        if any(v < 0 for v in self.faults.values()) or sum(self.faults.values()) > 1.0 + 1e-9:
            raise ValueError("fault rates must be >= 0 and sum to at most 1")
        if isinstance(schedule, Mapping):
            self._schedule: dict[int, str | None] = {int(k): _check_fault(v) for k, v in schedule.items()}
        else:
            self._schedule = {i: (None if f is None else _check_fault(f)) for i, f in enumerate(schedule or ())}
        self._rng = random.Random(seed)
        self.model = model
        # Only a digest of the expected header is kept, so not even the server object holds the key.
        self._expected_auth = None if expected_api_key is None else _digest(f"Bearer {expected_api_key}")
        self.retry_after = str(retry_after)
        self.hang_s = float(hang_s)
        self.port = port
        self.keep_log = keep_log
        if response_formats is not None and not set(response_formats) <= RESPONSE_FORMAT_KINDS:
            raise ValueError(f"response_formats must be among {sorted(RESPONSE_FORMAT_KINDS)}")
        self.response_formats = None if response_formats is None else frozenset(response_formats)
        self.reject_status = int(reject_status)
        self.report_usage = report_usage
        #: refused requests by response_format kind
        self.rejections: Counter[str] = Counter()

        self.log: list[RequestLog] = []
        self.n_requests = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.fault_counts: Counter[str] = Counter()
        self._runner: web.AppRunner | None = None

    def __repr__(self) -> str:
        return f"MockOpenAIServer(port={self.port}, model={self.model!r}, latency_s={self.latency_s})"

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:PORT/v1`, the value to give a client as its base URL."""
        if self._runner is None:
            raise RuntimeError("server is not running")
        return f"http://127.0.0.1:{self.port}/v1"

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> MockOpenAIServer:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        # handler_cancellation: a client that gives up on a "hang" frees the handler at once;
        # access_log=None: logging every request would dominate the cost at thousands per second.
        self._runner = web.AppRunner(app, handler_cancellation=True, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock, backlog=1024).start()
        return self

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def __aenter__(self) -> MockOpenAIServer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ behaviour
    def _pick_fault(self, index: int) -> str | None:
        if index in self._schedule:
            return self._schedule[index]
        if not self.faults:
            return None
        u = self._rng.random()
        for name, rate in self.faults.items():
            if u < rate:
                return name
            u -= rate
        return None

    def _reply_text(self, body: dict[str, Any]) -> str:
        if self._fn is not None:
            return str(self._fn(body))
        if self._next_reply < len(self._replies):
            self._next_reply += 1
            return self._replies[self._next_reply - 1]
        if self.default_reply is not None:
            return self.default_reply
        for m in reversed(body.get("messages") or []):
            if isinstance(m, dict) and m.get("role") == "user":
                return str(m.get("content", ""))
        return ""

    @staticmethod
    def _error(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
        body = orjson.dumps({"error": {"message": message, "type": "mock_error", "code": status}})
        return web.Response(status=status, body=body, content_type="application/json", headers=headers)

    async def _models(self, request: web.Request) -> web.Response:
        data = {"object": "list", "data": [{"id": self.model, "object": "model", "owned_by": "finprobe-mock"}]}
        return web.Response(body=orjson.dumps(data), content_type="application/json")

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        index = self.n_requests
        self.n_requests += 1
        self.in_flight += 1
        if self.in_flight > self.max_in_flight:
            self.max_in_flight = self.in_flight
        try:
            raw = await request.read()
            try:
                body = orjson.loads(raw)
            except orjson.JSONDecodeError:
                body = None
            auth = request.headers.get("Authorization")
            auth_ok = (
                None
                if self._expected_auth is None
                else auth is not None and hmac.compare_digest(_digest(auth), self._expected_auth)
            )
            fault = self._pick_fault(index)
            if self.keep_log:
                self.log.append(RequestLog(index, request.path, body, fault, auth is not None, auth_ok, time.time()))
            if fault is not None:
                self.fault_counts[fault] += 1
            if self.latency_s > 0:
                await asyncio.sleep(self.latency_s)
            if auth_ok is False:
                return self._error(401, "invalid or missing API key")
            if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
                return self._error(400, "request body must be a JSON object with a 'messages' list")
            kind = response_format_kind(body)
            if self.response_formats is not None and kind not in self.response_formats:
                self.rejections[kind] += 1
                accepted = " or ".join(sorted(self.response_formats))
                return self._error(self.reject_status, f"1 validation error: ('body', 'response_format', 'type'): "
                                                       f"{kind!r} is not supported here; input should be {accepted}")
            if fault is not None:
                return await self._faulty(request, fault)
            return self._completion(body)
        finally:
            self.in_flight -= 1

    def _completion(self, body: dict[str, Any]) -> web.Response:
        text = self._reply_text(body)
        prompt = "".join(str(m.get("content", "")) for m in body["messages"] if isinstance(m, dict))
        n_in, n_out = rough_token_count(prompt), rough_token_count(text)
        reply = {
            "id": f"chatcmpl-mock-{self.n_requests}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model") or self.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        }
        if self.report_usage:
            reply["usage"] = {"prompt_tokens": n_in, "completion_tokens": n_out, "total_tokens": n_in + n_out}
        return web.Response(body=orjson.dumps(reply), content_type="application/json")

    async def _faulty(self, request: web.Request, fault: str) -> web.StreamResponse:
        if fault == "hang":
            await asyncio.sleep(self.hang_s)
            return self._error(504, "hung request finally answered")
        if fault == "malformed":
            return web.Response(body=b'{"choices": [{"message": {"content": "cut', content_type="application/json")
        if fault == "nochoices":
            return web.Response(body=orjson.dumps({"object": "chat.completion", "choices": []}),
                                content_type="application/json")
        if fault == "truncated":
            full = orjson.dumps({"choices": [{"message": {"role": "assistant", "content": "x" * 64}}]})
            resp = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
            resp.content_length = len(full)
            resp.force_close()  # close after the short body, so the client sees EOF, not a stall
            await resp.prepare(request)
            await resp.write(full[: len(full) // 2])
            return resp
        status = int(fault)
        headers = {"Retry-After": self.retry_after} if status in (429, 503) else None
        return self._error(status, f"injected fault {fault}", headers)


class MockServerThread:
    """Runs a MockOpenAIServer on its own event loop in a background thread, for sync code and CLI tests.

    Takes the same arguments as MockOpenAIServer; `.server` is that server (read its log and counters
    after `stop()`, or while running for a snapshot).
    """

    def __init__(self, *args: Any, **kwargs: Any):
        self.server = MockOpenAIServer(*args, **kwargs)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._error: BaseException | None = None

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def start(self, timeout_s: float = 10.0) -> MockServerThread:
        if self._thread is not None:
            raise RuntimeError("already started")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="finprobe-mock-server", daemon=True)
        self._thread.start()
        if not self._started.wait(timeout_s):
            raise RuntimeError("mock server did not start in time")
        if self._error is not None:
            raise RuntimeError(f"mock server failed to start: {self._error}") from self._error
        return self

    def _run(self) -> None:
        loop = self._loop
        assert loop is not None
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self.server.start())
        except BaseException as exc:  # reported to the starting thread
            self._error = exc
            self._started.set()
            loop.close()
            return
        self._started.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self.server.stop())
            loop.close()

    def stop(self, timeout_s: float = 10.0) -> None:
        if self._thread is None or self._loop is None:
            return
        if self._thread.is_alive() and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout_s)
        self._thread = None

    def __enter__(self) -> MockServerThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _parse_fault(text: str) -> tuple[str, float]:
    name, _, rate = text.partition("=")
    if not rate:
        raise argparse.ArgumentTypeError(f"expected NAME=RATE, got {text!r}")
    return _check_fault(name), float(rate)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m finprobe.testing.mock_server", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each reply")
    parser.add_argument("--reply", default=None, help="reply text for every request (default: echo)")
    parser.add_argument("--fault", action="append", type=_parse_fault, default=[], metavar="NAME=RATE",
                        help="inject a fault with this probability (repeatable), e.g. 429=0.1")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--model", default="mock-model")
    parser.add_argument("--retry-after", default="1")
    args = parser.parse_args(argv)

    async def serve() -> None:
        srv = MockOpenAIServer(default_reply=args.reply, latency_s=args.latency, faults=dict(args.fault),
                               seed=args.seed, model=args.model, retry_after=args.retry_after, port=args.port,
                               keep_log=False)
        async with srv:
            print(f"serving {srv.base_url}", flush=True)
            await asyncio.Event().wait()

    try:
        run_async(serve())  # uvloop when installed: the server should not be the bottleneck
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
