"""A real local HTTP server speaking two web-search APIs, for tests of the multihop `web_search` adapters and for
trying the search-only setting without a search service:

- SearXNG's JSON API: `GET /search?q=…&format=json` → `{"query", "number_of_results", "results": [{"title",
  "url", "content", "engine"}], "answers": [], "suggestions": [], "unresponsive_engines": []}`; without
  `format=json` it answers 403, as an instance whose settings do not allow JSON does;
- the Brave Search API: `GET /res/v1/web/search?q=…&count=…` with header `X-Subscription-Token` →
  `{"type": "search", "query": {"original"}, "web": {"type": "search", "results": [{"title", "url",
  "description", "extra_snippets"}]}}`; a missing or wrong token answers 401 (`key` sets the expected one).

Results come from `results_for(query)` when given, else from a passage corpus (BM25 over `passages`), else a
fixed page of `n` placeholder results naming the query. `fail_status` makes every search answer that status.
Each request is logged (path, query, whether a token was sent and matched; never the token).

    async with MockSearchServer(key="k") as srv: ...  # srv.base_url
    with MockSearchThread(key="k") as srv: ...         # the same, on its own loop (for the CLI, sync code)
    python -m finprobe.testing.search_mock --port 8888 [--corpus passages.jsonl] [--key K]
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import socket
import threading
from collections.abc import Callable
from typing import Any

from aiohttp import web

from finprobe.core.retrieval import BM25Index, Passage, load_corpus

__all__ = ["MockSearchServer", "MockSearchThread"]

Result = dict[str, str]


class MockSearchServer:
    def __init__(self, *, port: int = 0, key: str | None = None, results_for: Callable[[str], list[Result]] | None = None,
                 passages: list[Passage] | None = None, n: int = 5, fail_status: int | None = None):
        self.port = port
        self.key = key
        self.results_for = results_for
        self.index = BM25Index(passages) if passages else None
        self.n = n
        self.fail_status = fail_status
        self.log: list[dict[str, Any]] = []
        self._runner: web.AppRunner | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _results(self, query: str, k: int) -> list[Result]:
        if self.results_for is not None:
            return self.results_for(query)[:k]
        if self.index is not None:
            return [{"title": h.passage_id, "url": f"https://example.test/{h.passage_id}", "text": h.text}
                    for h in self.index.search(query, k=k)]
        return [{"title": f"Result {i} for {query}", "url": f"https://example.test/{i}",
                 "text": f"A page about {query} (placeholder result {i} of the mock search service)."}
                for i in range(1, min(k, self.n) + 1)]

    async def _searxng(self, request: web.Request) -> web.Response:
        query = request.query.get("q", "")
        self.log.append({"api": "searxng", "query": query, "format": request.query.get("format")})
        if self.fail_status:
            return web.Response(status=self.fail_status, text="error")
        if request.query.get("format") != "json":
            return web.Response(status=403, text="<html>Forbidden</html>", content_type="text/html")
        found = self._results(query, 20)
        return web.json_response({
            "query": query, "number_of_results": len(found),
            "results": [{"title": r["title"], "url": r["url"], "content": r["text"], "engine": "mock",
                         "engines": ["mock"], "score": 1.0, "category": "general"} for r in found],
            "answers": [], "corrections": [], "infoboxes": [], "suggestions": [], "unresponsive_engines": []})

    async def _brave(self, request: web.Request) -> web.Response:
        query = request.query.get("q", "")
        token = request.headers.get("X-Subscription-Token")
        ok = token is not None and (self.key is None or hmac.compare_digest(token, self.key))
        self.log.append({"api": "brave", "query": query, "count": request.query.get("count"),
                         "token_sent": token is not None, "token_ok": ok})
        if not ok:
            return web.json_response({"type": "ErrorResponse", "error": {"code": "SUBSCRIPTION_TOKEN_INVALID",
                                                                          "status": 401}}, status=401)
        if self.fail_status:
            return web.Response(status=self.fail_status, text="error")
        k = int(request.query.get("count", "20") or 20)
        found = self._results(query, k)
        return web.json_response({
            "type": "search", "query": {"original": query},
            "web": {"type": "search", "results": [
                {"type": "search_result", "title": f"<strong>{r['title']}</strong>", "url": r["url"],
                 "description": r["text"], "extra_snippets": []} for r in found]}})

    async def start(self) -> MockSearchServer:
        app = web.Application()
        app.router.add_get("/search", self._searxng)
        app.router.add_get("/res/v1/web/search", self._brave)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def __aenter__(self) -> MockSearchServer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


class MockSearchThread:
    """A MockSearchServer on its own event loop in a background thread (same arguments; `.server` is it)."""

    def __init__(self, **kwargs: Any):
        self.server = MockSearchServer(**kwargs)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="finprobe-search-mock", daemon=True)

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def start(self, timeout_s: float = 10.0) -> MockSearchThread:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self._loop).result(timeout_s)
        return self

    def stop(self, timeout_s: float = 10.0) -> None:
        if not self._thread.is_alive():
            return
        asyncio.run_coroutine_threadsafe(self.server.stop(), self._loop).result(timeout_s)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout_s)
        self._loop.close()

    def __enter__(self) -> MockSearchThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m finprobe.testing.search_mock", description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, default=8888)
    ap.add_argument("--key", default=None, help="the Brave token to expect (default: any)")
    ap.add_argument("--corpus", default=None, help="passages (JSONL) to search with BM25 (default: placeholders)")
    args = ap.parse_args(argv)

    async def serve() -> None:
        passages = load_corpus(args.corpus) if args.corpus else None
        async with MockSearchServer(port=args.port, key=args.key, passages=passages) as srv:
            print(f"mock search service on {srv.base_url} (SearXNG: /search?format=json, Brave: /res/v1/web/search)",
                  flush=True)
            await asyncio.Event().wait()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
