"""Web search for the multihop agent (issue 24): the SearXNG and Brave adapters against a local server speaking
each API, the plug-in interface, the tool's failures as results, the mode checks, and the search-only mode run on
the real release end to end."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from finprobe.benchmarks.multihop.tools import SearchTools
from finprobe.benchmarks.multihop.websearch import (
    BraveSearch,
    SearxngSearch,
    WebSearchError,
    load_web_search,
    web_search_for,
)
from finprobe.cli import app
from finprobe.core.agent import action_text
from finprobe.core.families import load_family
from finprobe.core.store import RunStore
from finprobe.testing.mock_server import MockServerThread
from finprobe.testing.search_mock import MockSearchServer, MockSearchThread

KEY = "test-brave-key-0123456789"


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def pages(query: str) -> list[dict[str, str]]:
    return [{"title": f"{query} & <b>more</b>", "url": "https://example.test/a", "text": "first &amp; best"},
            {"title": "second", "url": "https://example.test/b", "text": "another page"}]


# --------------------------------------------------------------------------- the adapters
async def test_searxng_reads_the_json_api():
    async with MockSearchServer(results_for=pages) as srv:
        results = await SearxngSearch(base_url=srv.base_url).search("Wanhua Chemical 2025 report", 5)
    assert [r.url for r in results] == ["https://example.test/a", "https://example.test/b"]
    assert results[0].title == "Wanhua Chemical 2025 report & more" and results[0].snippet == "first & best"
    assert srv.log == [{"api": "searxng", "query": "Wanhua Chemical 2025 report", "format": "json"}]


async def test_searxng_results_are_cut_to_k_and_a_forbidden_format_is_explained():
    async with MockSearchServer(n=9) as srv:
        assert len(await SearxngSearch(base_url=srv.base_url).search("q", 3)) == 3
    async with MockSearchServer(fail_status=403) as srv:
        with pytest.raises(WebSearchError, match=r"HTTP 403 \(is the JSON format enabled"):
            await SearxngSearch(base_url=srv.base_url).search("q", 3)


async def test_brave_sends_the_key_and_reads_web_results():
    async with MockSearchServer(key=KEY, results_for=pages) as srv:
        results = await BraveSearch(base_url=srv.base_url, api_key=KEY).search("GDP 2023 Q2", 4)
    assert [r.title for r in results] == ["GDP 2023 Q2 & more", "second"]  # markup stripped
    assert srv.log == [{"api": "brave", "query": "GDP 2023 Q2", "count": "4", "token_sent": True, "token_ok": True}]


async def test_a_wrong_key_or_a_dead_service_is_an_error_that_holds_no_key():
    async with MockSearchServer(key=KEY) as srv:
        with pytest.raises(WebSearchError, match="brave answered HTTP 401") as info:
            await BraveSearch(base_url=srv.base_url, api_key="wrong-key-987").search("q", 3)
        port = srv.port
    assert "wrong-key-987" not in str(info.value)
    with pytest.raises(WebSearchError, match="could not be reached"):
        await SearxngSearch(base_url=f"http://127.0.0.1:{port}").search("q", 3)  # closed now


def test_adapters_are_configured_by_url_and_an_environment_key(monkeypatch):
    with pytest.raises(ValueError, match="web_search_url"):
        web_search_for("searxng")
    assert isinstance(web_search_for("searxng", url="http://127.0.0.1:1"), SearxngSearch)
    monkeypatch.delenv("BRAVE_SEARCH_API_KEY", raising=False)
    with pytest.raises(ValueError, match=r"\$BRAVE_SEARCH_API_KEY"):
        web_search_for("brave")
    monkeypatch.setenv("BRAVE_SEARCH_API_KEY", KEY)
    brave = web_search_for("brave")
    assert isinstance(brave, BraveSearch) and brave.base_url == "https://api.search.brave.com" and brave.api_key == KEY
    monkeypatch.setenv("MY_KEY", "other")
    assert web_search_for("brave", key_env="MY_KEY", url="http://127.0.0.1:1").api_key == "other"
    with pytest.raises(ValueError, match=r"\$UNSET_KEY_XYZ"):
        web_search_for("searxng", url="http://127.0.0.1:1", key_env="UNSET_KEY_XYZ")


async def test_a_plug_in_is_module_colon_factory():
    plugin = web_search_for("mh_support:list_search")
    assert [r.title for r in await plugin.search("q", 2)] == ["q #0", "q #1"]
    with pytest.raises(ValueError, match="module:factory"):
        load_web_search("nonsense")
    with pytest.raises(ValueError, match="no async search"):
        load_web_search("json:JSONDecoder")
    with pytest.raises(ValueError, match="its factory failed"):
        load_web_search("json:dumps")
    with pytest.raises(ValueError, match="apply to web_search=searxng or brave"):
        web_search_for("mh_support:list_search", url="http://x")


# --------------------------------------------------------------------------- the tool
async def test_the_search_only_tools_and_a_failing_search_as_a_result():
    async with MockSearchServer(key=KEY) as srv:
        tools = SearchTools(web_search=BraveSearch(base_url=srv.base_url, api_key=KEY), web_top_k=2)
        assert tools.names == ["web_search"]
        ok = await tools.call("web_search", {"query": "CPI March 2025"})
        assert ok.ok and len(ok.data["results"]) == 2
        empty = await tools.call("web_search", {"query": "  "})
        assert not empty.ok and empty.code == "bad_argument"
        market = await tools.call("price", {"entity": "X", "date": "2024-01-02"})
        assert not market.ok and market.code == "unknown_tool"
        tools.web = BraveSearch(base_url=srv.base_url, api_key="bad-key-555")
        failed = await tools.call("web_search", {"query": "q"})
    assert not failed.ok and failed.code == "web_search_failed" and "bad-key-555" not in json.dumps(failed.model_dump())
    with pytest.raises(ValueError, match="web search"):
        SearchTools()


@pytest.mark.parametrize(("mode", "options", "message"), [
    ("no-tools", {"web_search": "searxng", "web_search_url": "http://127.0.0.1:1"}, "no-tools gives the agent no tools"),
    ("search", {}, "mode search needs a web search"),
    ("tools", {"corpus": "x.jsonl"}, "applies to mode search"),
    ("search", {"market": "demo", "web_search": "searxng", "web_search_url": "http://127.0.0.1:1"},
     "applies to mode tools"),
])
def test_mode_and_option_combinations_that_make_no_sense_are_refused(mode, options, message):
    family = load_family("multihop")
    with pytest.raises(ValueError, match=re.escape(message)):
        family.check_config(mode, family.options_model(**options))


# --------------------------------------------------------------------------- the release, end to end
def search_then_answer(records: list[dict]):
    """An agent behind the mock OpenAI server: one web search for the question, then the reference response."""
    by_prompt = {r["prompt"]: r for r in records}

    def reply(body: dict) -> str:
        messages = body["messages"]
        if "calculator" in messages[0]["content"]:
            return action_text("answer", value="4")
        question = next(p for p in by_prompt if p in messages[1]["content"])
        if not any(m["role"] == "assistant" for m in messages):
            return action_text("web_search", query=question[:120])
        assert "example.test" in messages[-1]["content"]  # the search results came back as the observation
        return action_text("answer", value=by_prompt[question]["reference_response"])

    return reply


@pytest.mark.shared_data
@pytest.mark.parametrize("service", ["searxng", "brave"])
def test_search_mode_runs_the_release_end_to_end(shared_data, tmp_path, monkeypatch, service):
    data = shared_data / "finhopper" / "benchmark_en.json"
    if not data.is_file():
        pytest.skip("the FinHopper release is not in ../shared/data/finhopper")
    records = json.loads(data.read_text(encoding="utf-8"))
    monkeypatch.setenv("BRAVE_SEARCH_API_KEY", KEY)
    out = tmp_path / service
    with MockSearchThread(key=KEY) as search, MockServerThread(search_then_answer(records)) as agent:
        r = invoke("run", "multihop", "--data", data, "--mode", "search", "-O", f"web_search={service}",
                   "-O", f"web_search_url={search.base_url}", "--agent", "openai:mock-agent",
                   "--base-url", agent.base_url, "--out", out, "--no-progress")
        log = list(search.server.log)
    assert r.exit_code == 0, r.output
    report = json.loads(invoke("report", out, "--format", "json").output)
    assert report["n"] == 200 and report["n_errors"] == 0 and report["error_list"] == []
    assert report["score"] == 1.0 and report["final_accuracy"] == 1.0
    assert len(log) == 200 and all(e["api"] == service for e in log)
    assert all(e.get("token_ok", True) for e in log)
    for rec in RunStore(out).load_records().values():
        assert rec.transcript.info["actions"] == ["web_search", "answer"]
        assert KEY not in json.dumps(rec.transcript.model_dump(mode="json"))
