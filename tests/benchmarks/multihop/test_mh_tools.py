"""The agent's tools over the demo market: results, typed argument errors returned as observations,
the web-search plug-in (exercised with a local fake only)."""

from __future__ import annotations

import json
import sys
import types

import pytest

from finprobe.benchmarks.multihop import MarketTools, WebResult, load_web_search, market_corpus
from finprobe.benchmarks.multihop.tools import TOOL_NAMES, WebSearchError
from finprobe.core.actions import action_schema
from finprobe.core.retrieval import BM25Index


def ok(tools, name, **args):
    r = tools.execute(name, args)
    assert r.ok, r.observation()
    assert json.loads(r.observation()) == r.data  # the observation is the result, as JSON
    return r.data


def err(tools, name, code, **args):
    r = tools.execute(name, args)
    assert not r.ok and r.code == code, r.observation()
    body = json.loads(r.observation())
    assert body["error"]
    return body


def test_price_and_units(tools, db):
    bar = ok(tools, "price", entity="Zephyrine", date="March 5, 2024")
    stored = db.bar("ZPHR.DEMO", "2024-03-05")
    assert bar["date"] == "2024-03-05" and bar["close"] == stored.close and bar["volume"] == int(stored.volume)
    assert bar["units"]["volume"] == "shares" and bar["units"]["price"] == "yuan"
    nav = ok(tools, "price", entity="SLCE", date="2024-03-05")
    assert "nav" in nav and "volume" not in nav
    assert ok(tools, "price", entity="DSEMII", date="2024-03-05")["units"]["price"] == "points"


def test_not_a_trading_day_says_why_and_where_to_go(tools):
    body = err(tools, "price", "not_trading_day", entity="ZPHR", date="2024-02-12")
    assert "Spring Festival" in body["error"] and "2024-02-08" in body["hint"] and "2024-02-19" in body["hint"]
    assert "Saturday" in err(tools, "price", "not_trading_day", entity="ZPHR", date="2024-02-10")["error"]
    err(tools, "price", "no_data", entity="ZPHR", date="2021-01-04")
    assert "listed on" in err(tools, "price", "no_data", entity="OBSY", date="2024-01-02")["error"]


def test_argument_errors_are_observations(tools):
    assert "did you mean" in err(tools, "price", "unknown_entity", entity="Zephyrin", date="2024-03-05")["hint"]
    err(tools, "price", "bad_argument", entity="ZPHR", date="next Tuesday")
    assert "metrics:" in err(tools, "report_metric", "bad_argument", entity="ZPHR", metric="ebitda",
                             period="2024Q3")["hint"]
    err(tools, "report_metric", "bad_argument", entity="ZPHR", metric="revenue", period="2024")
    err(tools, "report_metric", "bad_argument", entity="ZPHR", metric="revenue", period="2024Q3", basis="weekly")
    assert "2024Q3" in err(tools, "report_metric", "no_data", entity="ZPHR", metric="revenue", period="2024Q4")["hint"]
    err(tools, "fund_metric", "wrong_kind", fund="ZPHR", metric="return", horizon="1Y", as_of="2024-06-28")
    err(tools, "fund_metric", "bad_argument", fund="ZGEF", metric="return", horizon="2Y", as_of="2024-06-28")
    err(tools, "macro", "bad_argument", indicator="unemployment", period="2024-03")
    err(tools, "macro", "bad_argument", indicator="GDP", period="2024-03")  # quarterly series, monthly period
    err(tools, "events", "bad_argument", entity="ZPHR", event_type="merger")
    err(tools, "trading_day", "no_data", date="2024-12-31", offset=3)
    err(tools, "nonexistent", "unknown_tool")


def test_single_quarter_and_cumulative_are_separate(tools, db):
    single = ok(tools, "report_metric", entity="ZPHR", metric="net income", period="Q3 2024")
    cum = ok(tools, "report_metric", entity="ZPHR", metric="净利润", period="2024年第三季度", basis="累计")
    assert single["basis"] == "single_quarter" and cum["basis"] == "cumulative" and cum["covers"] == "2024Q1-Q3"
    quarters = [db.report_value("ZPHR.DEMO", "net_profit", 2024, q, "single_quarter").value for q in (1, 2, 3)]
    assert cum["value"] == pytest.approx(sum(quarters)) and single["value"] == quarters[2]


def test_funds_macro_events_sectors_calendar(tools):
    fm = ok(tools, "fund_metric", fund="Zenith Growth", metric="return", horizon="1 year", as_of="2024-06-30")
    assert fm["as_of"] == "2024-06-28" and fm["requested_as_of"] == "2024-06-30" and fm["unit"] == "%"
    holdings = ok(tools, "fund_holdings", fund="ZGEF", period="2024Q2")["holdings"]
    assert [h["rank"] for h in holdings] == [1, 2, 3, 4, 5]
    assert holdings[0]["weight_pct"] > holdings[-1]["weight_pct"]
    year = ok(tools, "macro", indicator="CPI", period="2024")["values"]
    assert [v["period"] for v in year] == [f"2024-{m:02d}" for m in range(1, 13)]
    assert ok(tools, "macro", indicator="GDP_YOY", period="2024Q2")["values"][0]["period"] == "2024Q2"
    events = ok(tools, "events", entity="ZPHR", event_type="earnings", start="2024-01-01")["events"]
    assert events and all(e["event_type"] == "earnings_release" and e["date"] >= "2024-01-01" for e in events)
    sector = ok(tools, "list_sector", sector="Semiconductors")
    assert sector["index"] == "DSEMII.DEMO" and len(sector["members"]) == 5
    assert ok(tools, "trading_day", date="2024-02-08", offset=1)["result"] == "2024-02-19"
    card = ok(tools, "lookup_entity", query="奎隆微芯")["matches"][0]
    assert card["entity"] == "QLMC.DEMO" and card["sector_id"] == "SEMI"


def test_chinese_tool_language(db):
    zh = MarketTools(db, language="zh")
    assert ok(zh, "price", entity="ZPHR", date="2024-03-05")["name"] == "泽风半导体"
    assert "春节" in str(zh.execute("price", {"entity": "ZPHR", "date": "2024-02-12"}).error)


def test_text_search_uses_bm25(db):
    tools = MarketTools(db, corpus=BM25Index(market_corpus(db)))
    assert "search" in tools.names
    hits = ok(tools, "search", query="泽风半导体 2024年第三季度报告 净利润")["results"]
    assert hits[0]["id"] == "rep-ZPHR-2024Q3-zh"
    assert not tools.execute("search", {"query": "  "}).ok


def test_specs_fit_constrained_decoding(tools):
    specs = tools.specs()
    assert {s.name for s in specs} == set(TOOL_NAMES) - {"search", "web_search"}
    schema = action_schema(specs)
    assert len(schema["anyOf"]) == len(specs)


class FakeSearch:
    """A local stand-in for a user's search API."""

    def __init__(self, fail: Exception | None = None):
        self.queries: list[tuple[str, int]] = []
        self.fail = fail

    async def search(self, query: str, k: int) -> list[WebResult]:
        self.queries.append((query, k))
        if self.fail:
            raise self.fail
        return [WebResult(title=f"result {i} for {query}", url=f"https://example.test/{i}", snippet="...")
                for i in range(10)]


async def test_web_search_plugin(db):
    fake = FakeSearch()
    tools = MarketTools(db, web_search=fake, web_top_k=3)
    assert "web_search" in tools.names
    r = await tools.call("web_search", {"query": "Zephyrine Q3 results"})
    assert r.ok and r.data is not None and len(r.data["results"]) == 3
    assert fake.queries == [("Zephyrine Q3 results", 3)]
    broken = MarketTools(db, web_search=FakeSearch(fail=WebSearchError("quota exceeded")))
    r = await broken.call("web_search", {"query": "x"})
    assert not r.ok and r.code == "web_search_failed" and "quota exceeded" in str(r.error)
    crashing = MarketTools(db, web_search=FakeSearch(fail=RuntimeError("socket closed")))
    r = await crashing.call("web_search", {"query": "x"})
    assert not r.ok and "RuntimeError" in str(r.error)
    none = await MarketTools(db).call("web_search", {"query": "x"})
    assert not none.ok and none.code == "unknown_tool"


def test_load_web_search_from_a_factory(monkeypatch):
    mod = types.ModuleType("mh_fake_search_plugin")
    mod.make = lambda: FakeSearch()  # type: ignore[attr-defined]
    mod.not_a_search = lambda: object()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mh_fake_search_plugin", mod)
    assert isinstance(load_web_search("mh_fake_search_plugin:make"), FakeSearch)
    for spec in ("mh_fake_search_plugin", "mh_fake_search_plugin:missing", "no_such_module_xyz:make",
                 "mh_fake_search_plugin:not_a_search"):
        with pytest.raises(ValueError):
            load_web_search(spec)
