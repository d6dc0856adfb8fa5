"""Web search for the multihop agent: the plug-in interface and adapters for two search services.

The FinHopper paper's agents answer real-world chains with public search engines; finprobe's `web_search` tool
(modes `tools` and `search`) calls one of:

- `searxng`: a self-hosted SearXNG instance (https://docs.searxng.org/dev/search_api.html):
  `GET {url}/search?q=…&format=json`, results `results[].{title, url, content}`. The instance must allow the
  JSON format (`search: formats: [html, json]` in its settings.yml; otherwise it answers 403). An API key is
  optional (`-O web_search_key_env=NAME` sends it as `Authorization: Bearer …`, for an instance behind a proxy);
- `brave`: the Brave Search API (https://api.search.brave.com/app/documentation/web-search):
  `GET {url}/res/v1/web/search?q=…&count=k`, header `X-Subscription-Token: <key>`, results
  `web.results[].{title, url, description, extra_snippets}`; the key is read from `$BRAVE_SEARCH_API_KEY` (or the
  variable `-O web_search_key_env` names), the URL defaults to https://api.search.brave.com;
- a user's own plug-in, `module:factory`: the factory takes no arguments and returns an object with
  `async search(query, k) -> list[WebResult]` (see `WebSearch`); it reads its own settings and keys from the
  environment. Raise `WebSearchError` for a failure the agent should see.

A failure (an HTTP error, a timeout, a reply that is not the service's JSON) is the tool's result with the reason
(`ok` false, code `web_search_failed`), never a crash of the episode; keys never appear in a message.
"""

from __future__ import annotations

import html
import importlib
import os
import re
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import aiohttp
from pydantic import BaseModel

__all__ = ["BRAVE_KEY_ENV", "SERVICES", "BraveSearch", "SearxngSearch", "WebResult", "WebSearch", "WebSearchError",
           "load_web_search", "web_search_for"]

BRAVE_KEY_ENV = "BRAVE_SEARCH_API_KEY"
BRAVE_URL = "https://api.search.brave.com"
SERVICES = ("searxng", "brave")
_TAG = re.compile(r"<[^>]+>")


class WebResult(BaseModel):
    title: str
    url: str = ""
    snippet: str = ""


class WebSearchError(Exception):
    """The search service failed; the agent sees the message (it must hold no secret)."""


@runtime_checkable
class WebSearch(Protocol):
    """A web search the agent's `web_search` tool calls. Implement `search` (async): up to `k` results."""

    async def search(self, query: str, k: int) -> list[WebResult]: ...


def _text(value: Any) -> str:
    """A result field as plain text: services mark matches up (`<strong>`) and escape entities."""
    return html.unescape(_TAG.sub("", str(value or ""))).strip()


@dataclass
class _HttpSearch:
    base_url: str
    timeout_s: float = 20.0

    async def _get_json(self, path: str, params: dict[str, str], headers: dict[str, str], service: str) -> Any:
        url = self.base_url.rstrip("/") + path
        try:
            timeout = aiohttp.ClientTimeout(total=self.timeout_s)
            async with aiohttp.ClientSession(timeout=timeout) as session, \
                    session.get(url, params=params, headers=headers) as resp:
                if resp.status != 200:
                    hint = (" (is the JSON format enabled in the instance's settings.yml?)"
                            if service == "searxng" and resp.status == 403 else "")
                    raise WebSearchError(f"{service} answered HTTP {resp.status}{hint}")
                try:
                    return await resp.json(content_type=None)
                except ValueError:
                    raise WebSearchError(f"{service} answered something that is not JSON") from None
        except TimeoutError:
            raise WebSearchError(f"{service} did not answer within {self.timeout_s:g} s") from None
        except aiohttp.ClientError as exc:
            raise WebSearchError(f"{service} could not be reached ({type(exc).__name__})") from None


@dataclass
class SearxngSearch(_HttpSearch):
    """A SearXNG instance's JSON API (see the module docstring)."""

    api_key: str | None = None
    language: str | None = None

    async def search(self, query: str, k: int) -> list[WebResult]:
        params = {"q": query, "format": "json", "pageno": "1"}
        if self.language:
            params["language"] = self.language
        headers = {"Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = await self._get_json("/search", params, headers, "searxng")
        results = data.get("results") if isinstance(data, dict) else None
        if not isinstance(results, list):
            raise WebSearchError("searxng answered JSON without a `results` list")
        return [WebResult(title=_text(r.get("title")), url=str(r.get("url") or ""), snippet=_text(r.get("content")))
                for r in results[:k] if isinstance(r, dict)]


@dataclass
class BraveSearch(_HttpSearch):
    """The Brave Search API's web search (see the module docstring)."""

    api_key: str = ""

    async def search(self, query: str, k: int) -> list[WebResult]:
        params = {"q": query, "count": str(max(1, min(k, 20))), "text_decorations": "false"}
        headers = {"Accept": "application/json", "X-Subscription-Token": self.api_key}
        data = await self._get_json("/res/v1/web/search", params, headers, "brave")
        web = data.get("web") if isinstance(data, dict) else None
        results = web.get("results") if isinstance(web, dict) else []
        if not isinstance(results, list):
            raise WebSearchError("brave answered JSON whose `web.results` is not a list")
        out = []
        for r in results[:k]:
            if not isinstance(r, dict):
                continue
            snippet = " ".join([_text(r.get("description")), *(_text(x) for x in r.get("extra_snippets") or [])])
            out.append(WebResult(title=_text(r.get("title")), url=str(r.get("url") or ""), snippet=snippet.strip()))
        return out


def load_web_search(spec: str) -> WebSearch:
    """A user's plug-in from `package.module:factory` (the factory takes no arguments; it reads its keys from the
    environment). Raises ValueError with the reason."""
    if ":" not in spec:
        raise ValueError(f"web search plug-in {spec!r}: expected 'module:factory' (or one of {', '.join(SERVICES)})")
    module_name, attr = spec.split(":", 1)
    try:
        factory = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"web search plug-in {spec!r}: {exc}") from None
    try:
        obj = factory() if callable(factory) and not isinstance(factory, WebSearch) else factory
    except Exception as exc:  # noqa: BLE001 - a user's factory failing is a configuration error, said as one
        raise ValueError(f"web search plug-in {spec!r}: its factory failed ({type(exc).__name__}: {exc})") from None
    if not isinstance(obj, WebSearch):
        raise ValueError(f"web search plug-in {spec!r} has no async search(query, k) method")
    return obj


def web_search_for(spec: str, *, url: str | None = None, key_env: str | None = None, language: str | None = None,
                   timeout_s: float = 20.0) -> WebSearch:
    """The web search option `-O web_search=…` names: `searxng` (needs `url`), `brave` (key from `key_env`, default
    $BRAVE_SEARCH_API_KEY), or a `module:factory` plug-in. Raises ValueError naming the setting to fix."""
    name = spec.strip().lower()
    if name == "searxng":
        if not url:
            raise ValueError("web_search=searxng needs the instance's address: -O web_search_url=http://HOST:PORT")
        key = os.environ.get(key_env) if key_env else None
        if key_env and not key:
            raise ValueError(f"web_search=searxng: ${key_env} (web_search_key_env) is not set")
        return SearxngSearch(base_url=url, timeout_s=timeout_s, api_key=key, language=language)
    if name == "brave":
        env = key_env or BRAVE_KEY_ENV
        key = os.environ.get(env, "")
        if not key:
            raise ValueError(f"web_search=brave needs an API key: set ${env} (or name another variable with "
                             "-O web_search_key_env=NAME)")
        return BraveSearch(base_url=url or BRAVE_URL, timeout_s=timeout_s, api_key=key)
    if url or key_env:
        raise ValueError("web_search_url / web_search_key_env apply to web_search=searxng or brave; a plug-in "
                         "(module:factory) reads its own settings")
    return load_web_search(spec)
