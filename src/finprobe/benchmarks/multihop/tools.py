"""The agent's tools over a market database: typed action specs, an executor, and a web-search plug-in.

Tools (arguments in brackets are optional):

| tool            | arguments                            | returns                                                  |
|-----------------|--------------------------------------|----------------------------------------------------------|
| `lookup_entity` | query                                | matching stocks/funds/indices: id, names, sector, listing |
| `list_sector`   | sector                               | a sector's index and member stocks                       |
| `price`         | entity, date                         | the day's bar (OHLC, volume, amount, change, turnover; NAV) |
| `trading_day`   | date, [offset]                       | the trading day `offset` trading days after `date`       |
| `report_metric` | entity, metric, period, [basis]      | a report figure (single-quarter or cumulative)           |
| `fund_metric`   | fund, metric, horizon, as_of         | a fund's trailing return / drawdown / volatility         |
| `fund_holdings` | fund, period                         | a fund's top holdings at a quarter end                   |
| `macro`         | indicator, period                    | a month's or quarter's value, or every period of a year  |
| `events`        | entity, [event_type], [start], [end] | earnings releases, dividends, listings                   |
| `search`        | query                                | passages of the text corpus (BM25)                       |
| `web_search`    | query                                | a web search service (only when one is configured)       |

`SearchTools` offers only `search` (over a user's corpus) and `web_search`: the search-only setting of real-world
chains, whose facts no local market database holds.

Arguments are validated beyond their JSON type (dates, periods, metric names, entities that exist); a bad
argument is not an exception but a tool result with `ok=False` whose observation says what was wrong and
how to write it, so the agent can correct itself. Every result renders as one JSON object (the
observation), which both a model and the `gold-path` policy read.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import threading
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.market.db import MarketDB, normalise_alias
from finprobe.benchmarks.multihop.market.schema import EVENT_TYPES, FUND_METRICS, HORIZONS, Entity
from finprobe.benchmarks.multihop.periods import (
    ArgumentError,
    find_time_mentions,
    parse_date_arg,
    parse_month_arg,
    parse_period_arg,
)
from finprobe.benchmarks.multihop.websearch import WebResult, WebSearch, WebSearchError, load_web_search
from finprobe.core.actions import ActionSpec, ArgSpec
from finprobe.core.retrieval import BM25Index, Passage

__all__ = [
    "MarketTools",
    "SearchTools",
    "ToolResult",
    "TOOL_NAMES",
    "WebResult",
    "WebSearch",
    "WebSearchError",
    "corpus_index",
    "load_web_search",
    "market_corpus",
]

_MAX_LIST = 20
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

# Names agents use for the report metrics and macro indicators (beyond the database's own names).
METRIC_SYNONYMS: dict[str, list[str]] = {
    "revenue": ["revenue", "revenues", "operating revenue", "sales", "total revenue", "turnover", "营业收入", "营收",
                "收入", "营业总收入"],
    "net_profit": ["net profit", "net income", "profit", "earnings", "net profit attributable",
                   "attributable net profit",
                   "net profit attributable to shareholders", "净利润", "归母净利润", "归属于母公司股东的净利润",
                   "归属于上市公司股东的净利润"],
    "operating_cash_flow": ["operating cash flow", "cash flow from operations", "cash flow from operating activities",
                            "ocf", "net operating cash flow", "经营现金流", "经营活动现金流量净额", "经营性现金流",
                            "经营活动产生的现金流量净额"],
    "eps": ["eps", "earnings per share", "basic eps", "basic earnings per share", "每股收益", "基本每股收益"],
    "gross_margin": ["gross margin", "gross profit margin", "gross margin ratio", "毛利率", "销售毛利率"],
}
INDICATOR_SYNONYMS: dict[str, list[str]] = {
    "CPI_YOY": ["cpi", "cpi yoy", "consumer price index", "inflation", "cpi year on year", "居民消费价格指数",
                "cpi同比",
                "消费者物价指数"],
    "PPI_YOY": ["ppi", "ppi yoy", "producer price index", "ppi year on year", "工业生产者出厂价格指数", "ppi同比",
                "生产者物价指数"],
    "PMI": ["pmi", "manufacturing pmi", "purchasing managers index", "采购经理指数", "制造业pmi", "制造业采购经理指数"],
    "M2_YOY": ["m2", "m2 yoy", "m2 growth", "money supply", "broad money", "广义货币", "m2同比", "广义货币供应量"],
    "GDP_YOY": ["gdp", "gdp yoy", "gdp growth", "gross domestic product", "国内生产总值", "gdp同比", "gdp增速"],
    "LPR_1Y": ["lpr", "1y lpr", "loan prime rate", "one-year lpr", "1-year lpr", "贷款市场报价利率", "一年期lpr",
               "1年期lpr"],
}
BASIS_SYNONYMS = {
    "single_quarter": ["single_quarter", "single quarter", "single-quarter", "quarter", "quarterly", "q", "单季",
                       "单季度", "当季"],
    "cumulative": ["cumulative", "ytd", "year to date", "year-to-date", "cumulative ytd", "累计", "年初至今",
                   "年初至报告期末"],
}
EVENT_SYNONYMS = {
    "earnings_release": ["earnings_release", "earnings", "earnings release", "report", "results", "financial report",
                         "财报", "业绩发布", "定期报告", "财报发布"],
    "dividend": ["dividend", "dividends", "ex-dividend", "ex dividend", "分红", "派息", "除息", "权益分派"],
    "listing": ["listing", "ipo", "listed", "上市", "首发上市"],
}
FUND_METRIC_SYNONYMS = {
    "return": ["return", "returns", "total return", "performance", "收益率", "回报", "涨幅", "净值增长率"],
    "max_drawdown": ["max_drawdown", "max drawdown", "maximum drawdown", "drawdown", "最大回撤", "回撤"],
    "volatility": ["volatility", "annualized volatility", "annualised volatility", "波动率", "年化波动率"],
}
HORIZON_SYNONYMS = {
    "1M": ["1m", "1 month", "one month", "1-month", "近1月", "近一月", "近1个月", "近一个月"],
    "3M": ["3m", "3 months", "three months", "3-month", "近3月", "近三月", "近3个月", "近三个月"],
    "6M": ["6m", "6 months", "six months", "6-month", "近6月", "近六月", "近6个月", "近六个月"],
    "1Y": ["1y", "1 year", "one year", "12m", "12 months", "1-year", "近1年", "近一年"],
    "YTD": ["ytd", "year to date", "year-to-date", "今年以来", "年初至今"],
}


def _lookup(table: dict[str, list[str]], value: str) -> str | None:
    key = normalise_alias(value)
    for canonical, names in table.items():
        if key == normalise_alias(canonical) or key in {normalise_alias(n) for n in names}:
            return canonical
    return None


# --------------------------------------------------------------------------- results
class ToolResult(BaseModel):
    """What one tool call returned: `data` when it worked, else `error` (with a stable `code`) and `hint`."""

    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    ok: bool
    data: dict[str, Any] | None = None
    error: str | None = None
    code: str | None = None
    hint: str | None = None

    def observation(self) -> str:
        if self.ok:
            return json.dumps(self.data, ensure_ascii=False)
        body: dict[str, Any] = {"error": self.error}
        if self.hint:
            body["hint"] = self.hint
        return json.dumps(body, ensure_ascii=False)

    def record(self) -> dict[str, Any]:
        """The call as stored in the step's info (the full result is the step's observation)."""
        out: dict[str, Any] = {"tool": self.tool, "args": self.args, "ok": self.ok}
        if not self.ok:
            out["code"] = self.code
        return out


class _Fail(Exception):
    def __init__(self, code: str, error: str, hint: str | None = None):
        super().__init__(error)
        self.code, self.error, self.hint = code, error, hint


# --------------------------------------------------------------------------- corpus
def market_corpus(db: MarketDB) -> list[Passage]:
    """The database's documents as searchable passages."""
    return [Passage(passage_id=d.doc_id, text=d.text, language=d.language, company=d.entity_id, period=d.date)
            for d in db.documents()]


_index_lock = threading.Lock()
_indexes: dict[int, tuple[MarketDB, BM25Index]] = {}


def corpus_index(db: MarketDB) -> BM25Index:
    """The BM25 index of a database's documents, built once per database object (building it takes seconds)."""
    with _index_lock:
        hit = _indexes.get(id(db))
        if hit is None or hit[0] is not db:
            hit = (db, BM25Index(market_corpus(db)))
            _indexes[id(db)] = hit
        return hit[1]


# --------------------------------------------------------------------------- specs
def _spec(name: str, description: str, *args: ArgSpec) -> ActionSpec:
    return ActionSpec(name=name, description=description, args=list(args))


def _arg(name: str, description: str = "", *, required: bool = True, type_: str = "string",
         max_length: int | None = 80) -> ArgSpec:
    return ArgSpec(name=name, type=type_, description=description, required=required,
                   max_length=max_length if type_ == "string" else None)


TOOL_SPECS: dict[str, ActionSpec] = {
    "lookup_entity": _spec("lookup_entity", "Find a stock, fund or index by name or ticker (id, names, sector, "
                           "listing date).", _arg("query")),
    "list_sector": _spec("list_sector", "A sector's index and member stocks.", _arg("sector")),
    "price": _spec("price", "Daily bar of a stock/index (open, high, low, close, volume in shares, amount in "
                   "yuan, change_pct, turnover_rate in %) or a fund's NAV, on a date (YYYY-MM-DD).",
                   _arg("entity"), _arg("date", max_length=20)),
    "trading_day": _spec("trading_day", "The trading day `offset` trading days after a date (negative: before; "
                         "0: the date itself if it is a trading day, else the next one).",
                         _arg("date", max_length=20), _arg("offset", type_="integer", required=False)),
    "report_metric": _spec("report_metric", "A periodic report figure: metric (revenue, net_profit, "
                           "operating_cash_flow, eps, gross_margin), period (e.g. 2024Q3), basis single_quarter "
                           "(default) or cumulative (year to date).",
                           _arg("entity"), _arg("metric", max_length=40), _arg("period", max_length=20),
                           _arg("basis", required=False, max_length=20)),
    "fund_metric": _spec("fund_metric", "A fund's trailing metric (return, max_drawdown, volatility; in %) over a "
                         "horizon (1M, 3M, 6M, 1Y, YTD) as of a date (month-end figures).",
                         _arg("fund"), _arg("metric", max_length=30), _arg("horizon", max_length=10),
                         _arg("as_of", max_length=20)),
    "fund_holdings": _spec("fund_holdings", "A fund's top holdings at a quarter end (period e.g. 2024Q2).",
                           _arg("fund"), _arg("period", max_length=20)),
    "macro": _spec("macro", "A macro indicator (CPI_YOY, PPI_YOY, PMI, M2_YOY, GDP_YOY, LPR_1Y) for a period: "
                   "a month (2024-03), a quarter (2024Q1) or a year (2024: every period of that year).",
                   _arg("indicator", max_length=40), _arg("period", max_length=20)),
    "events": _spec("events", "Corporate events of an entity: earnings_release, dividend (date = ex-dividend date), "
                    "listing; optional type and date range (YYYY-MM-DD).",
                    _arg("entity"), _arg("event_type", required=False, max_length=30),
                    _arg("start", required=False, max_length=20), _arg("end", required=False, max_length=20)),
    "search": _spec("search", "Search announcements, company profiles and macro releases (text).",
                    _arg("query", max_length=200)),
    "web_search": _spec("web_search", "Search the web.", _arg("query", max_length=200)),
}
TOOL_NAMES = tuple(TOOL_SPECS)


def _num(x: float | None) -> float | int | None:
    """A stored number as shown to the agent: integral values without a trailing .0."""
    if x is None:
        return None
    return int(x) if float(x).is_integer() and abs(x) < 1e15 else x


# --------------------------------------------------------------------------- executor
class _TextSearch:
    """`search` over a corpus and `web_search` through a plug-in, shared by both tool sets."""

    corpus: BM25Index | None
    web: WebSearch | None
    search_top_k: int
    passage_chars: int
    web_top_k: int

    def _search(self, args: dict[str, Any]) -> dict[str, Any]:
        assert self.corpus is not None
        q = str(args.get("query", "")).strip()
        if not q:
            raise _Fail("bad_argument", "query is empty")
        hits = self.corpus.search(q, k=self.search_top_k)
        results = [{"id": h.passage_id, "text": h.text if len(h.text) <= self.passage_chars
                    else h.text[: self.passage_chars - 1] + "…"} for h in hits]
        return {"query": q, "results": results}

    async def _web_search(self, args: dict[str, Any]) -> ToolResult:
        q = str(args.get("query", "")).strip()
        if self.web is None:
            return ToolResult(tool="web_search", args=args, ok=False, code="unknown_tool",
                              error="web search is not configured")
        if not q:
            return ToolResult(tool="web_search", args=args, ok=False, code="bad_argument", error="query is empty")
        try:
            results = await self.web.search(q, self.web_top_k)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a user's plug-in failing is a tool result, not a crash
            what = str(exc) if isinstance(exc, WebSearchError) else f"{type(exc).__name__}: {exc}"
            return ToolResult(tool="web_search", args=args, ok=False, code="web_search_failed",
                              error=f"web search failed: {what[:200]}")
        shown = [r.model_dump() for r in list(results)[: self.web_top_k]]
        return ToolResult(tool="web_search", args=args, ok=True, data={"query": q, "results": shown})


class SearchTools(_TextSearch):
    """The search-only tools: `search` over a user's corpus and/or `web_search` (at least one). `call` never raises
    for bad arguments or a failing service: the result says what went wrong."""

    def __init__(self, *, corpus: BM25Index | None = None, web_search: WebSearch | None = None,
                 search_top_k: int = 5, passage_chars: int = 600, web_top_k: int = 5):
        if corpus is None and web_search is None:
            raise ValueError("search-only tools need a web search (-O web_search=…) or a corpus (-O corpus=PATH)")
        self.corpus, self.web = corpus, web_search
        self.search_top_k, self.passage_chars, self.web_top_k = search_top_k, passage_chars, web_top_k

    def specs(self) -> list[ActionSpec]:
        return [TOOL_SPECS[n] for n in ("search", "web_search")
                if (n == "search" and self.corpus is not None) or (n == "web_search" and self.web is not None)]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.specs()]

    async def call(self, name: str, args: dict[str, Any]) -> ToolResult:
        args = dict(args or {})
        if name == "web_search" and self.web is not None:
            return await self._web_search(args)
        if name == "search" and self.corpus is not None:
            try:
                return ToolResult(tool=name, args=args, ok=True, data=self._search(args))
            except _Fail as f:
                return ToolResult(tool=name, args=args, ok=False, code=f.code, error=f.error, hint=f.hint)
        return ToolResult(tool=name, args=args, ok=False, code="unknown_tool",
                          error=f"unknown or unavailable tool {name!r}", hint=f"tools: {', '.join(self.names)}")


class MarketTools(_TextSearch):
    """Executes the tools over one market database (and optionally a corpus and a web-search plug-in).

    `call(name, args)` never raises for bad arguments or missing data: it returns a `ToolResult` with
    `ok=False`. Names are shown in `language` ("en"/"zh") where the data has both.
    """

    def __init__(self, db: MarketDB, *, corpus: BM25Index | None = None, web_search: WebSearch | None = None,
                 language: str = "en", search_top_k: int = 3, passage_chars: int = 300, web_top_k: int = 5):
        self.db = db
        self.corpus = corpus
        self.web = web_search
        self.language = "zh" if language == "zh" else "en"
        self.search_top_k = search_top_k
        self.passage_chars = passage_chars
        self.web_top_k = web_top_k
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "lookup_entity": self._lookup_entity, "list_sector": self._list_sector, "price": self._price,
            "trading_day": self._trading_day, "report_metric": self._report_metric,
            "fund_metric": self._fund_metric, "fund_holdings": self._fund_holdings, "macro": self._macro,
            "events": self._events, "search": self._search,
        }

    def specs(self) -> list[ActionSpec]:
        """The tools available here (`search` only with a corpus, `web_search` only with a plug-in)."""
        names = [n for n in TOOL_NAMES if n not in ("search", "web_search")]
        if self.corpus is not None:
            names.append("search")
        if self.web is not None:
            names.append("web_search")
        return [TOOL_SPECS[n] for n in names]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.specs()]

    async def call(self, name: str, args: dict[str, Any]) -> ToolResult:
        if name == "web_search":
            return await self._web_search(args)
        return self.execute(name, args)

    def execute(self, name: str, args: dict[str, Any]) -> ToolResult:
        """Run a database tool synchronously (everything but `web_search`)."""
        args = dict(args or {})
        if name not in self.names or name == "web_search":
            return ToolResult(tool=name, args=args, ok=False, code="unknown_tool",
                              error=f"unknown or unavailable tool {name!r}", hint=f"tools: {', '.join(self.names)}")
        try:
            data = self._handlers[name](args)
        except _Fail as f:
            return ToolResult(tool=name, args=args, ok=False, code=f.code, error=f.error, hint=f.hint)
        except ArgumentError as exc:
            return ToolResult(tool=name, args=args, ok=False, code="bad_argument", error=str(exc))
        return ToolResult(tool=name, args=args, ok=True, data=data)

    # ------------------------------------------------------------------ argument readers
    def _name(self, e: Entity) -> str:
        return e.name(self.language)

    def entity(self, query: Any, *, kind: str | None = None, arg: str = "entity") -> Entity:
        q = str(query or "").strip()
        if not q:
            raise _Fail("bad_argument", f"{arg} is empty", "give a ticker or a name, e.g. from lookup_entity")
        found = self.db.resolve(q)
        if kind is not None:
            typed = [e for e in found if e.kind == kind]
            if found and not typed:
                raise _Fail("wrong_kind", f"{q!r} is a {found[0].kind}, not a {kind}")
            found = typed
        if not found:
            sugg = [f"{e.ticker} ({self._name(e)})" for e in self.db.suggest(q)]
            raise _Fail("unknown_entity", f"no {kind or 'entity'} named {q!r}",
                        ("did you mean: " + "; ".join(sugg)) if sugg else "use lookup_entity to find the ticker")
        if len(found) > 1:
            raise _Fail("ambiguous_entity", f"{q!r} names several entities: "
                        + "; ".join(f"{e.entity_id} ({self._name(e)})" for e in found), "use the full ticker")
        return found[0]

    @staticmethod
    def _date(value: Any, arg: str = "date") -> str:
        try:
            return parse_date_arg(str(value)).isoformat()
        except ArgumentError as exc:
            raise _Fail("bad_argument", f"{arg}: {exc}") from None

    def _trading_date(self, value: Any) -> str:
        day = self._date(value)
        if self.db.is_trading_day(day):
            return day
        rng = self.db.date_range()
        if rng is None or not rng[0] <= day <= rng[1]:
            raise _Fail("no_data", f"{day} is outside the market data ({rng[0]} to {rng[1]})" if rng
                        else "the market has no trading calendar")
        why = _WEEKDAYS[dt.date.fromisoformat(day).weekday()]
        holiday = self.db.holiday(day)
        if holiday:
            why = f"{holiday['name_zh'] if self.language == 'zh' else holiday['name_en']} holiday"
        prev, nxt = self.db.shift_trading_day(day, -1), self.db.shift_trading_day(day, 1)
        raise _Fail("not_trading_day", f"{day} is not a trading day ({why})",
                    f"previous trading day {prev}, next trading day {nxt}")

    # ------------------------------------------------------------------ tools
    def _entity_card(self, e: Entity) -> dict[str, Any]:
        sector = self.db.sector(e.sector_id) if e.sector_id else None
        card: dict[str, Any] = {"entity": e.entity_id, "ticker": e.ticker, "kind": e.kind, "name": e.name_en,
                                "name_zh": e.name_zh}
        if sector is not None:
            card["sector"] = sector.name_zh if self.language == "zh" and sector.name_zh else sector.name_en
            card["sector_id"] = sector.sector_id
        if e.fund_type:
            card["fund_type"] = e.fund_type
        card["listing_date" if e.kind == "stock" else "inception_date"] = e.listing_date
        return card

    def _lookup_entity(self, args: dict[str, Any]) -> dict[str, Any]:
        q = str(args.get("query", "")).strip()
        if not q:
            raise _Fail("bad_argument", "query is empty")
        found = self.db.resolve(q) or self.db.suggest(q, n=5)
        if not found:
            sectors = self.db.resolve_sector(q)
            hint = f"{q!r} is a sector: use list_sector" if sectors else "try a ticker or another spelling"
            raise _Fail("unknown_entity", f"no entity matches {q!r}", hint)
        out: dict[str, Any] = {"matches": [self._entity_card(e) for e in found]}
        if self.db.is_fictional:
            out["note"] = "fictional demo market"
        return out

    def _list_sector(self, args: dict[str, Any]) -> dict[str, Any]:
        q = str(args.get("sector", "")).strip()
        sectors = self.db.resolve_sector(q)
        if not sectors:
            names = ", ".join(f"{s.sector_id} ({s.name_en}/{s.name_zh})" for s in self.db.sectors())
            raise _Fail("unknown_sector", f"no sector named {q!r}", f"sectors: {names}")
        s = sectors[0]
        members = [{"entity": e.entity_id, "ticker": e.ticker, "name": self._name(e)}
                   for e in self.db.sector_members(s.sector_id)]
        return {"sector_id": s.sector_id, "name": s.name_en, "name_zh": s.name_zh, "index": s.index_id,
                "members": members}

    def _price(self, args: dict[str, Any]) -> dict[str, Any]:
        e = self.entity(args.get("entity"))
        day = self._trading_date(args.get("date"))
        bar = self.db.bar(e.entity_id, day)
        if bar is None:
            if e.listing_date and day < e.listing_date:
                raise _Fail("no_data", f"{e.ticker} has no bar on {day}: it listed on {e.listing_date}")
            raise _Fail("no_data", f"no price data for {e.ticker} on {day}")
        head: dict[str, Any] = {"entity": e.entity_id, "name": self._name(e), "date": day}
        if e.kind == "fund":
            return {**head, "nav": bar.close, "change_pct": bar.change_pct, "units": {"change_pct": "%"}}
        out = {**head, "open": bar.open, "high": bar.high, "low": bar.low, "close": bar.close,
               "volume": _num(bar.volume), "amount": _num(bar.amount), "change_pct": bar.change_pct}
        units = {"volume": "shares", "amount": "yuan", "change_pct": "%"}
        if e.kind == "stock":
            out["turnover_rate"] = bar.turnover_rate
            units["turnover_rate"] = "%"
            units["price"] = "yuan"
        else:
            units["price"] = "points"
        out["units"] = units
        return out

    def _trading_day(self, args: dict[str, Any]) -> dict[str, Any]:
        day = self._date(args.get("date"))
        offset = int(args.get("offset") or 0)
        if abs(offset) > 500:
            raise _Fail("bad_argument", "offset must be between -500 and 500")
        result = self.db.shift_trading_day(day, offset)
        if result is None:
            rng = self.db.date_range()
            raise _Fail("no_data", f"{offset} trading days from {day} falls outside the calendar"
                        + (f" ({rng[0]} to {rng[1]})" if rng else ""))
        return {"date": day, "is_trading_day": self.db.is_trading_day(day), "offset": offset, "result": result,
                "weekday": _WEEKDAYS[dt.date.fromisoformat(result).weekday()]}

    def _report_metric(self, args: dict[str, Any]) -> dict[str, Any]:
        e = self.entity(args.get("entity"))
        metric = _lookup(METRIC_SYNONYMS, str(args.get("metric", "")))
        known = [m.metric for m in self.db.metric_definitions()] or list(METRIC_SYNONYMS)
        if metric is None:
            metric = next((m for m in known if normalise_alias(m) == normalise_alias(str(args.get("metric")))), None)
        if metric is None:
            raise _Fail("bad_argument", f"unknown metric {str(args.get('metric'))[:40]!r}",
                        f"metrics: {', '.join(known)}")
        try:
            year, quarter = parse_period_arg(str(args.get("period", "")))
        except ArgumentError as exc:
            raise _Fail("bad_argument", f"period: {exc}") from None
        basis_raw = args.get("basis") or "single_quarter"
        basis = _lookup(BASIS_SYNONYMS, str(basis_raw))
        if basis is None:
            raise _Fail("bad_argument", f"unknown basis {str(basis_raw)[:30]!r}", "basis: single_quarter or cumulative")
        value = self.db.report_value(e.entity_id, metric, year, quarter, basis)
        if value is None:
            have = self.db.report_values(e.entity_id, metric=metric, basis=basis)
            latest = have[-1].period if have else None
            raise _Fail("no_data", f"no {year}Q{quarter} {metric} ({basis}) for {e.ticker}",
                        f"reported periods run to {latest}" if latest else "no reports for this entity")
        definition = next((m for m in self.db.metric_definitions() if m.metric == metric), None)
        out: dict[str, Any] = {"entity": e.entity_id, "name": self._name(e), "metric": metric}
        if definition is not None:
            zh = self.language == "zh" and definition.name_zh
            out["metric_name"] = definition.name_zh if zh else definition.name_en
        out.update({"period": f"{year}Q{quarter}", "basis": basis, "value": _num(value.value), "unit": value.unit,
                    "report_date": value.report_date})
        if basis == "cumulative":
            out["covers"] = f"{year}Q1-Q{quarter}" if quarter > 1 else f"{year}Q1"
        return out

    def _fund_metric(self, args: dict[str, Any]) -> dict[str, Any]:
        f = self.entity(args.get("fund"), kind="fund", arg="fund")
        metric = _lookup(FUND_METRIC_SYNONYMS, str(args.get("metric", "")))
        if metric is None:
            raise _Fail("bad_argument", f"unknown fund metric {str(args.get('metric'))[:30]!r}",
                        f"metrics: {', '.join(FUND_METRICS)}")
        horizon = _lookup(HORIZON_SYNONYMS, str(args.get("horizon", "")))
        if horizon is None:
            raise _Fail("bad_argument", f"unknown horizon {str(args.get('horizon'))[:20]!r}",
                        f"horizons: {', '.join(HORIZONS)}")
        as_of = self._date(args.get("as_of"), "as_of")
        got = self.db.fund_metric(f.entity_id, metric, horizon, as_of)
        if got is None:
            dates = self.db.fund_metric_dates(f.entity_id)
            raise _Fail("no_data", f"no {horizon} {metric} for {f.ticker} on or before {as_of}",
                        f"figures exist from {dates[0]} to {dates[-1]} (month ends)" if dates else None)
        out = {"fund": f.entity_id, "name": self._name(f), "metric": metric, "horizon": horizon, "as_of": got.as_of,
               "value": got.value, "unit": got.unit}
        if got.as_of != as_of:
            out["requested_as_of"] = as_of
            out["note"] = "figures are published at month ends; this is the latest on or before the requested date"
        return out

    def _fund_holdings(self, args: dict[str, Any]) -> dict[str, Any]:
        f = self.entity(args.get("fund"), kind="fund", arg="fund")
        try:
            year, quarter = parse_period_arg(str(args.get("period", "")))
        except ArgumentError as exc:
            raise _Fail("bad_argument", f"period: {exc}") from None
        period = f"{year}Q{quarter}"
        rows = self.db.holdings(f.entity_id, period)
        if not rows:
            have = self.db.holding_periods(f.entity_id)
            raise _Fail("no_data", f"no holdings of {f.ticker} for {period}",
                        f"periods: {', '.join(have)}" if have else "this fund discloses no holdings here")
        holdings = []
        for h in rows:
            held = self.db.entity(h.holding_id) if h.holding_id else None
            name = self._name(held) if held else h.holding_name
            holdings.append({"rank": h.rank, "entity": h.holding_id, "name": name, "weight_pct": h.weight_pct})
        return {"fund": f.entity_id, "name": self._name(f), "period": period, "holdings": holdings}

    def _indicator(self, value: Any) -> Any:
        q = str(value or "").strip()
        canonical = _lookup(INDICATOR_SYNONYMS, q)
        found = [m for m in self.db.macro_indicators() if m.indicator_id == canonical] if canonical else []
        found = found or self.db.resolve_indicator(q)
        if not found:
            names = ", ".join(m.indicator_id for m in self.db.macro_indicators())
            raise _Fail("bad_argument", f"unknown indicator {q[:40]!r}", f"indicators: {names}")
        return found[0]

    def _macro(self, args: dict[str, Any]) -> dict[str, Any]:
        ind = self._indicator(args.get("indicator"))
        raw = str(args.get("period", "")).strip()
        mentions = find_time_mentions(raw, bare_years=True)
        kinds = {m.kind for m in mentions}
        if len(mentions) != 1:
            raise _Fail("bad_argument", f"period: cannot read {raw[:30]!r}", "write 2024-03, 2024Q1 or 2024")
        m = mentions[0]
        if m.kind == "year":
            values = self.db.macro_values(ind.indicator_id, m.value, m.value + "~")
        elif m.kind == "month" and ind.frequency == "monthly":
            values = [v for v in [self.db.macro_value(ind.indicator_id, parse_month_arg(raw))] if v]
        elif m.kind == "quarter" and ind.frequency == "quarterly" and m.has_year:
            values = [v for v in [self.db.macro_value(ind.indicator_id, m.value)] if v]
        else:
            want = "a month like 2024-03" if ind.frequency == "monthly" else "a quarter like 2024Q1"
            raise _Fail("bad_argument", f"{ind.indicator_id} is {ind.frequency}: period must be {want} or a year",
                        f"got {sorted(kinds) or 'nothing readable'}")
        if not values:
            raise _Fail("no_data", f"no {ind.indicator_id} value for {m.value}")
        name = ind.name_zh if self.language == "zh" and ind.name_zh else ind.name_en
        return {"indicator": ind.indicator_id, "name": name, "unit": ind.unit,
                "values": [{"period": v.period, "value": v.value, "release_date": v.release_date} for v in values]}

    def _events(self, args: dict[str, Any]) -> dict[str, Any]:
        e = self.entity(args.get("entity"))
        etype = None
        if args.get("event_type"):
            etype = _lookup(EVENT_SYNONYMS, str(args["event_type"]))
            if etype is None:
                raise _Fail("bad_argument", f"unknown event type {str(args['event_type'])[:30]!r}",
                            f"event types: {', '.join(EVENT_TYPES)}")
        start = self._date(args["start"], "start") if args.get("start") else None
        end = self._date(args["end"], "end") if args.get("end") else None
        events = self.db.events(e.entity_id, etype, start=start, end=end)
        shown = []
        for ev in events[:_MAX_LIST]:
            item: dict[str, Any] = {"event_type": ev.event_type, "date": ev.date}
            if ev.period and ev.event_type == "earnings_release":
                item["period"] = ev.period
            if ev.event_type == "dividend":
                item["fiscal_year"] = ev.fiscal_year
                item["cash_per_share"] = ev.amount
                item.update({k: ev.details[k] for k in ("record_date", "payment_date") if k in ev.details})
            title = ev.title_zh if self.language == "zh" else ev.title_en
            if title:
                item["title"] = title
            shown.append(item)
        out: dict[str, Any] = {"entity": e.entity_id, "name": self._name(e), "events": shown}
        if len(events) > _MAX_LIST:
            out["truncated"] = f"{len(events) - _MAX_LIST} more; narrow with event_type/start/end"
        return out
