"""The atomic question patterns of synthesis: per answer state, a question (EN and ZH), its slots, its data
pool, the gold tool calls and the rule that derives the answer from their results.

A pattern has typed **slots**. Explicit slots are filled from the data pool (`pool.MarketPool`) and written
into the question; the **input slot** takes the previous hop's answer (answer substitution: in the released
question it becomes a referring phrase, in the gold path a `Binding`); a **subject slot** (a company) may
take the company an earlier answer is about ("its closing price on that day"). A slot accepts answers of
given types, some through a transform (a day answer fills a quarter slot as `quarter_of`). Hop 1's input
slot is explicit: its state is the walk's s_0.

| pattern            | slots (input-capable *)                  | answer         | gold calls → derivation                         |
|--------------------|------------------------------------------|----------------|-------------------------------------------------|
| `sector_of`        | stock*                                   | sector         | lookup_entity → matches.0.sector_id             |
| `sector_index`     | sector*                                  | index          | list_sector → index                             |
| `release_date`     | stock*, quarter*                         | day            | report_metric → report_date                     |
| `dividend_exdate`  | stock*, fiscal year                      | day            | events(dividend) → events[fiscal_year=Y].date   |
| `listing_date`     | stock*                                   | day            | lookup_entity → matches.0.listing_date          |
| `best_quarter`     | stock*, year, metric, op                 | quarter        | report_metric ×4 → max/min value → period       |
| `compare_price`    | candidates*, day*, field, op             | stock/fund/idx | price ×n → max/min field → entity               |
| `compare_report`   | candidates*, quarter*, metric, op        | stock          | report_metric ×n → max/min value → entity       |
| `compare_fund`     | candidates*, date*, fund metric, horizon | fund           | fund_metric ×n → max/min value → fund           |
| `top_holding`      | fund*, quarter*                          | stock          | fund_holdings → holdings.0.entity               |
| `shift_days`       | date*, offset                            | day            | trading_day → result                            |
| `first_report_after` | stock*, date*                          | report (Event) | events(earnings_release, start) → events.0.period |
| `price_value`      | entity*, day*, field                     | number         | price → field                                   |
| `report_value`     | stock*, quarter*, metric, basis          | number         | report_metric → value                           |
| `fund_value`       | fund*, date*, fund metric, horizon       | number         | fund_metric → value                             |
| `macro_value(_q)`  | indicator, month* (quarter*)             | number         | macro → values.0.value                          |
| `macro_extreme(_q)`| indicator, year*, op                     | month (quarter)| macro(year) → max/min values.value → period     |
| `macro_release(_q)`| indicator, month* (quarter*)             | day            | macro → values.0.release_date                   |

Uniqueness rules beyond the derivation's own tie check (`unique`): one entity per name, one dividend per
fiscal year, no two reports released the same first day, a complete year for a "which month of Y" question.

A build uses the patterns its market has data for (`Pattern.available`, gathered in a `Library`): a market
without funds' holdings or macro series simply realises fewer transitions (`graph.restrict`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from finprobe.benchmarks.multihop.chains import Derivation
from finprobe.build.multihop.graph import STATE_OF, TRANSITIONS, State
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.vocab import (
    FUND_METRIC_NAMES,
    HORIZON_NAMES,
    OP_WORDS,
    PRICE_FIELD_NAMES,
    Vocabulary,
    ordinal_en,
    possessive,
    render_date,
    render_month,
    render_quarter,
)

__all__ = [
    "ACCEPTS",
    "AnswerSpec",
    "CallSpec",
    "FULL_LIBRARY",
    "KEYWORD_KINDS",
    "Library",
    "PATTERNS",
    "Pattern",
    "SampleContext",
    "SlotSpec",
    "can_continue",
    "edges",
    "explicit_text",
    "feasible",
    "feasible_walk",
    "reference_text",
]

ENTITY_KINDS = ("stock", "fund", "index")
#: slot kinds that are words of the question rather than values (read with keyword tables)
KEYWORD_KINDS = ("field", "metric", "basis", "fund_metric", "horizon", "indicator", "op")

#: slot kind -> answer type -> how the answer becomes the slot's value (a `Binding.transform`)
ACCEPTS: dict[str, dict[str, str]] = {
    "stock": {"stock": "value"},
    "fund": {"fund": "value"},
    "entity": {"stock": "value", "fund": "value", "index": "value"},
    "candidates": {"stock": "value", "fund": "value", "index": "value"},
    "sector": {"sector": "value"},
    "day": {"day": "value"},
    "date": {"day": "value", "date": "value"},
    "quarter": {"quarter": "value", "report": "value", "day": "quarter_of", "date": "quarter_of"},
    "month": {"month": "value", "day": "month_of", "date": "month_of"},
    "year": {"day": "year_of", "date": "year_of"},
}


@dataclass(frozen=True)
class SlotSpec:
    name: str
    kind: str
    #: answer types this slot takes as the hop's input, with their transform ({}: always explicit)
    accepts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CallSpec:
    """A gold call with concrete arguments; `refs` names the arguments that come from a slot (and which
    candidate), so a bound slot becomes a `Binding` on exactly those arguments."""

    tool: str
    args: dict[str, Any]
    refs: dict[str, tuple[str, int | None]] = field(default_factory=dict)


@dataclass(frozen=True)
class AnswerSpec:
    kind: str  # Hop.kind: entity, date, period, number
    type: str  # the answer type (graph.STATE_OF)
    unit: str | None = None


@dataclass
class SampleContext:
    """What a pattern samples with: the seeded rng, the pools, the slots already fixed (input, subject),
    and what must not be named explicitly (earlier answers; entities the chain already mentions)."""

    rng: random.Random
    pool: MarketPool
    vocab: Vocabulary
    fixed: dict[str, Any]
    exclude_entities: set[str] = field(default_factory=set)
    exclude_values: set[str] = field(default_factory=set)
    #: answer types the rest of the walk can go on from (None: any, e.g. the last hop)
    allowed: set[str] | None = None

    def allows(self, answer_type: str) -> bool:
        return self.allowed is None or answer_type in self.allowed

    def pick(self, items: list[Any]) -> Any | None:
        return self.rng.choice(items) if items else None

    def free_entities(self, items: list[Any]) -> list[Any]:
        return [e for e in items if e.entity_id not in self.exclude_entities]

    def free_values(self, items: list[str]) -> list[str]:
        return [x for x in items if x not in self.exclude_values]


# --------------------------------------------------------------------------- rendering
_REF: dict[tuple[str, str], tuple[str, str]] = {
    ("entity", "stock"): ("that company", "该公司"), ("entity", "fund"): ("that fund", "该基金"),
    ("entity", "index"): ("that index", "该指数"), ("sector", "sector"): ("that sector", "该行业"),
    ("day", "day"): ("that day", "当日"), ("day", "date"): ("that day", "当日"),
    ("quarter", "quarter"): ("that quarter", "该季度"), ("quarter", "report"): ("the quarter that report covered",
                                                                            "该报告对应的季度"),
    ("quarter", "day"): ("the quarter containing that day", "当日所在季度"),
    ("quarter", "date"): ("the quarter containing that day", "当日所在季度"),
    ("month", "month"): ("that month", "该月"), ("month", "day"): ("the month containing that day", "当日所在月份"),
    ("month", "date"): ("the month containing that day", "当日所在月份"),
    ("year", "day"): ("the year containing that day", "当日所在年份"),
    ("year", "date"): ("the year containing that day", "当日所在年份"),
}
_REF_KIND = {"stock": "entity", "fund": "entity", "entity": "entity", "candidates": "entity", "date": "day"}


def reference_text(slot_kind: str, answer_type: str, lang: str) -> str:
    """The referring phrase that stands for an earlier answer in a slot ("that company", "当日", ...)."""
    en, zh = _REF[(_REF_KIND.get(slot_kind, slot_kind), answer_type)]
    return zh if lang == "zh" else en


def explicit_text(pool: MarketPool, kind: str, value: Any, lang: str, style: int = 0) -> str:
    """A slot value written out (entity names, sectors, dates, periods, years)."""
    if kind in ("stock", "fund", "entity"):
        e = pool.entity(str(value))
        name = e.name(lang)
        return f"the {name}" if lang == "en" and e.kind == "index" and not name.lower().startswith("the ") else name
    if kind == "sector":
        s = pool.db.sector(str(value))
        assert s is not None
        return f"{s.name_zh or s.name_en}行业" if lang == "zh" else f"the {s.name_en} sector"
    if kind in ("day", "date"):
        return render_date(str(value), lang, style)
    if kind == "quarter":
        return render_quarter(str(value), lang, style)
    if kind == "month":
        return render_month(str(value), lang, style)
    if kind == "year":
        return f"{value}年" if lang == "zh" else str(value)
    if kind == "fiscal_year":
        return f"{value}年度" if lang == "zh" else f"fiscal {value}"
    raise ValueError(f"no explicit text for slot kind {kind!r}")


def _join(names: list[str], lang: str, word: str) -> str:
    if lang == "zh":
        return names[0] if len(names) == 1 else "、".join(names[:-1]) + "和" + names[-1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


# --------------------------------------------------------------------------- patterns
class Pattern:
    """One atomic question pattern (subclasses below). See the module docstring."""

    id: str = ""
    out_types: tuple[str, ...] = ()
    slots: tuple[SlotSpec, ...] = ()
    #: a company slot that may take the company the input answer is about
    subject_slot: str | None = None
    #: where the answer's own subject comes from: a slot name, "input" (carried over), or None
    subject_out: str | None = None
    templates: dict[str, str] = {}

    def slot(self, name: str) -> SlotSpec:
        return next(s for s in self.slots if s.name == name)

    @property
    def input_slots(self) -> list[SlotSpec]:
        return [s for s in self.slots if s.accepts]

    @property
    def out_states(self) -> set[State]:
        return {STATE_OF[t] for t in self.out_types}

    def out_types_for(self, slot: str, input_type: str | None) -> tuple[str, ...]:
        """The answer types possible when `slot` takes an answer of `input_type` (None: hop 1, explicit)."""
        return self.out_types

    # -- to implement
    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        raise NotImplementedError

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        raise NotImplementedError

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        raise NotImplementedError

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        """A reason code when the results do not give one answer (beyond the derivation's tie check)."""
        return None

    def implicit(self, pool: MarketPool) -> dict[str, Any]:
        """Slots that the question does not state (constants of the pattern)."""
        return {}

    #: words the wording always states though no slot varies them (kind -> key), e.g. "single-quarter"
    implied: dict[str, str] = {}

    def available(self, pool: MarketPool) -> bool:
        """Whether the market has data this pattern can ask about (checked once per build)."""
        return True

    def words(self, v: dict[str, Any], lang: str, vocab: Vocabulary, pool: MarketPool) -> dict[str, str]:
        out: dict[str, str] = {}
        if "op" in v:
            comp, sup, zh = OP_WORDS[v["op"]]
            out.update(op=zh if lang == "zh" else comp, op_sup=zh if lang == "zh" else sup)
        if "metric" in v:
            out["metric"] = vocab.metric(v["metric"], lang)
        if "indicator" in v:
            out["indicator"] = vocab.indicator(v["indicator"], lang)
        if "fund_metric" in v:
            out["fund_metric"] = FUND_METRIC_NAMES[v["fund_metric"]][1 if lang == "zh" else 0]
        if "horizon" in v:
            out["horizon"] = HORIZON_NAMES[v["horizon"]][1 if lang == "zh" else 0]
        return out

    # -- rendering
    def render(self, form: str, v: dict[str, Any], lang: str, pool: MarketPool, vocab: Vocabulary, style: int,
               refs: Mapping[str, str] | None = None, ref_index: int | None = None) -> str:
        """The question (`form` "ask") or the sentence that introduces the answer (`define`) in `lang`;
        `refs` maps slot names to referring phrases (the candidate at `ref_index` for candidates)."""
        refs = refs or {}
        fields: dict[str, str] = {}
        for s in self.slots:
            if s.kind in KEYWORD_KINDS or s.kind == "offset" or s.name not in v:
                continue
            if s.kind == "candidates":
                names = [refs[s.name] if (s.name in refs and i == ref_index) else
                         explicit_text(pool, "entity", e, lang, style) for i, e in enumerate(v[s.name])]
                fields[f"{s.name}_or"] = _join(names, lang, "or")
                fields[f"{s.name}_and"] = _join(names, lang, "and")
                continue
            text = refs[s.name] if s.name in refs else explicit_text(pool, s.kind, v[s.name], lang, style)
            fields[s.name] = text
            fields[f"{s.name}_pos"] = possessive(text) if lang == "en" else text
        fields.update(self.words(v, lang, vocab, pool))
        template = self.templates[f"{form}_{lang}"]
        return template.format(**fields)

    def has_template(self, key: str) -> bool:
        return key in self.templates


def _stock_slot(name: str = "e", *, input_: bool = True) -> SlotSpec:
    return SlotSpec(name, "stock", ACCEPTS["stock"] if input_ else {})


# ----------------------------------------------------------------- Entity -> Sector
class SectorOf(Pattern):
    id = "sector_of"
    out_types = ("sector",)
    slots = (_stock_slot("e"),)
    templates = {
        "ask_en": "Which sector does {e} belong to?", "define_en": "Take the sector {e} belongs to.",
        "ask_zh": "{e}属于哪个行业？", "define_zh": "取{e}所属的行业。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(st.sector_id for st in pool.stocks)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        e = ctx.fixed.get("e") or _id(ctx.pick(ctx.free_entities([s for s in ctx.pool.stocks if s.sector_id])))
        return {"e": e} if e else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("lookup_entity", {"query": v["e"]}, {"query": ("e", None)})],
                Derivation(op="field", path="matches.0.sector_id"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("entity", "sector")

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        return _one_match(results[0])


# ----------------------------------------------------------------- Sector -> Entity
class SectorIndex(Pattern):
    id = "sector_index"
    out_types = ("index",)
    slots = (SlotSpec("s", "sector", ACCEPTS["sector"]),)
    templates = {
        "ask_en": "Which index tracks {s}?", "define_en": "Take the sector index of {s}.",
        "ask_zh": "{s}的行业指数是哪个？", "define_zh": "取{s}的行业指数。",
    }

    def available(self, pool: MarketPool) -> bool:
        return bool(pool.sectors)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        if "s" in ctx.fixed:
            return {"s": ctx.fixed["s"]}
        free = [s for s in ctx.pool.sectors if s.index_id not in ctx.exclude_entities
                and s.sector_id not in ctx.exclude_values]
        s = ctx.pick(free)
        return {"s": s.sector_id} if s else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return [CallSpec("list_sector", {"sector": v["s"]}, {"sector": ("s", None)})], Derivation(op="field",
                                                                                                 path="index")

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("entity", "index")

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        return None if results[0].get("index") else "no_answer"


# ----------------------------------------------------------------- Entity/Time/Event -> Time
class ReleaseDate(Pattern):
    id = "release_date"
    out_types = ("day", "date", "past_date")
    slots = (_stock_slot("e"), SlotSpec("q", "quarter", ACCEPTS["quarter"]))
    subject_slot = "e"
    subject_out = "e"
    templates = {
        "ask_en": "On what date did {e} release its periodic report for {q}?",
        "define_en": "Take the day {e} released its periodic report for {q}.",
        "ask_zh": "{e}在哪一天发布了{q}的定期报告？", "define_zh": "取{e}发布{q}定期报告的日期。",
        # the quarter is a report the company released earlier in the chain
        "ask_report_en": "On what date was that report released?", "define_report_en": "Take the day that report "
                                                                                        "was released.",
        "ask_report_zh": "该报告是哪一天发布的？", "define_report_zh": "取该报告的发布日期。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(pool.release_dates(st.entity_id) for st in pool.stocks)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        e, q = ctx.fixed.get("e"), ctx.fixed.get("q")
        if e is None:
            stocks = ctx.free_entities(pool.stocks)
            if q is not None:
                stocks = [s for s in stocks if q in pool.release_dates(s.entity_id)]
            e = _id(ctx.pick(stocks))
            if e is None:
                return None
        if q is None:
            q = ctx.pick(ctx.free_values(sorted(pool.release_dates(e))))
        elif q not in pool.release_dates(e):
            return None
        return {"e": e, "q": q, **self.implicit(pool)} if q else None

    def implicit(self, pool: MarketPool) -> dict[str, Any]:
        return {"release_metric": pool.release_metric}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        args = {"entity": v["e"], "metric": v["release_metric"], "period": v["q"], "basis": "single_quarter"}
        return ([CallSpec("report_metric", args, {"entity": ("e", None), "period": ("q", None)})],
                Derivation(op="field", path="report_date"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("date", pool.date_type(str(value)))


class DividendExDate(Pattern):
    id = "dividend_exdate"
    out_types = ("day", "date", "past_date")
    slots = (_stock_slot("e"), SlotSpec("y", "fiscal_year"))
    subject_slot = "e"
    subject_out = "e"
    templates = {
        "ask_en": "What was the ex-dividend date of {e_pos} cash dividend for {y}?",
        "define_en": "Take the ex-dividend date of {e_pos} cash dividend for {y}.",
        "ask_zh": "{e}{y}现金分红的除息日是哪一天？", "define_zh": "取{e}{y}现金分红的除息日。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(self._years(pool, st.entity_id) for st in pool.stocks)

    def _years(self, pool: MarketPool, e: str) -> list[str]:
        years = [str(ev.fiscal_year) for ev in pool.events(e, "dividend") if ev.fiscal_year is not None]
        return sorted(y for y in set(years) if years.count(y) == 1)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        e = ctx.fixed.get("e") or _id(ctx.pick([s for s in ctx.free_entities(ctx.pool.stocks)
                                                if self._years(ctx.pool, s.entity_id)]))
        if e is None:
            return None
        y = ctx.pick(self._years(ctx.pool, e))
        return {"e": e, "y": y} if y else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("events", {"entity": v["e"], "event_type": "dividend"}, {"entity": ("e", None)})],
                Derivation(op="field", path=f"events[fiscal_year={v['y']}].date"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("date", pool.date_type(str(value)))

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        hits = [x for x in results[0].get("events", []) if str(x.get("fiscal_year")) == str(v["y"])]
        return None if len(hits) == 1 else ("not_unique" if hits else "no_answer")


class ListingDate(Pattern):
    id = "listing_date"
    out_types = ("day", "date", "past_date")
    slots = (_stock_slot("e"),)
    subject_slot = "e"
    subject_out = "e"
    templates = {
        "ask_en": "On what date did {e} list on the exchange?", "define_en": "Take the day {e} listed on the exchange.",
        "ask_zh": "{e}是哪一天上市的？", "define_zh": "取{e}的上市日期。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(st.listing_date for st in pool.stocks)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        def ok(listing: str | None) -> bool:
            return bool(listing) and ctx.allows(ctx.pool.date_type(str(listing)))

        e = ctx.fixed.get("e") or _id(ctx.pick([s for s in ctx.free_entities(ctx.pool.stocks) if ok(s.listing_date)]))
        if e is None or not ok(ctx.pool.entity(e).listing_date):
            return None
        return {"e": e}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("lookup_entity", {"query": v["e"]}, {"query": ("e", None)})],
                Derivation(op="field", path="matches.0.listing_date"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("date", pool.date_type(str(value)))

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        return _one_match(results[0])


class BestQuarter(Pattern):
    id = "best_quarter"
    out_types = ("quarter",)
    implied = {"basis": "single_quarter"}
    slots = (_stock_slot("e"), SlotSpec("y", "year"), SlotSpec("metric", "metric"), SlotSpec("op", "op"))
    subject_slot = "e"
    subject_out = "e"
    templates = {
        "ask_en": "In which quarter of {y} was {e_pos} single-quarter {metric} the {op_sup}?",
        "define_en": "Take the quarter of {y} in which {e_pos} single-quarter {metric} was the {op_sup}.",
        "ask_zh": "{e}{y}哪个季度的单季{metric}最{op}？", "define_zh": "取{e}{y}单季{metric}最{op}的季度。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(self._years(pool, st.entity_id, m) for m in pool.metrics[:1] for st in pool.stocks)

    def _years(self, pool: MarketPool, e: str, metric: str) -> list[str]:
        periods = pool.reported(e, metric)
        years = sorted({p[:4] for p in periods})
        return [y for y in years if all(f"{y}Q{i}" in periods for i in (1, 2, 3, 4))]

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        metric = ctx.pick(ctx.pool.metrics)
        if metric is None:
            return None
        e = ctx.fixed.get("e") or _id(ctx.pick([s for s in ctx.free_entities(ctx.pool.stocks)
                                                if self._years(ctx.pool, s.entity_id, metric)]))
        if e is None:
            return None
        y = ctx.pick(self._years(ctx.pool, e, metric))
        return {"e": e, "y": y, "metric": metric, "op": ctx.pick(["max", "min"])} if y else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        calls = [CallSpec("report_metric", {"entity": v["e"], "metric": v["metric"], "period": f"{v['y']}Q{i}",
                                            "basis": "single_quarter"}, {"entity": ("e", None)}) for i in range(1, 5)]
        return calls, Derivation(op=v["op"], path="value", key="period")

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("period", "quarter")


# ----------------------------------------------------------------- comparisons (-> Entity)
class _Compare(Pattern):
    kinds: tuple[str, ...] = ENTITY_KINDS
    key = "entity"

    def _others(self, ctx: SampleContext, kind: str, bound: str | None, ok: Any) -> list[str] | None:
        """1–2 further candidates of `kind` (same sector as a bound stock when possible) that pass `ok`."""
        pool = ctx.pool
        items = [e for e in ctx.free_entities(pool.of_kind(kind)) if e.entity_id != bound and ok(e.entity_id)]
        if bound is not None and kind == "stock":
            sector = pool.entity(bound).sector_id
            same = [e for e in items if e.sector_id == sector]
            if len(same) >= 1 and ctx.rng.random() < 0.7:
                items = same
        n = ctx.rng.choice([1, 1, 2]) if bound is not None else ctx.rng.choice([2, 2, 3])
        if len(items) < n:
            return None
        return [e.entity_id for e in ctx.rng.sample(items, n)]

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("entity", pool.entity(str(value)).kind)

    def out_types_for(self, slot: str, input_type: str | None) -> tuple[str, ...]:
        # a bound candidate fixes the kind of every candidate, so of the answer
        return (input_type,) if slot == "c" and input_type in self.out_types else self.out_types

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        return None if len(set(v["c"])) == len(v["c"]) else "duplicate_candidates"


class ComparePrice(_Compare):
    id = "compare_price"
    out_types = ENTITY_KINDS
    slots = (SlotSpec("c", "candidates", ACCEPTS["candidates"]), SlotSpec("d", "day", ACCEPTS["day"]),
             SlotSpec("field", "field"), SlotSpec("op", "op"))
    templates = {
        "ask_en": "Which had the {op} {field} on {d}: {c_or}?",
        "define_en": "Of {c_and}, take the one with the {op} {field} on {d}.",
        "ask_zh": "{d}，{c_and}中哪一个的{field}更{op}？", "define_zh": "取{c_and}中{d}{field}较{op}的一个。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(len(pool.of_kind(k)) >= 2 for k in ENTITY_KINDS)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        bound = ctx.fixed.get("c")
        d = ctx.fixed.get("d")
        kind: str
        if bound is not None:
            kind = pool.entity(bound).kind
        else:
            kinds: list[str] = [k for k in ("stock", "stock", "stock", "index", "fund") if ctx.allows(k)]
            if not kinds:
                return None
            kind = ctx.rng.choice(kinds)
        if d is not None:
            others = self._others(ctx, kind, bound, lambda eid: pool.first_day(eid) <= d)
        else:
            others = self._others(ctx, kind, bound, lambda eid: True)
        if not others:
            return None
        cands = ([bound] if bound is not None else []) + others
        if d is None:
            first = max(pool.first_day(c) for c in cands)
            d = ctx.pick(ctx.free_values(pool.days_from(first)))
            if d is None:
                return None
        fields = list(PRICE_FIELD_NAMES[kind])
        return {"c": cands, "d": d, "field": ctx.pick(fields), "op": ctx.pick(["max", "min"])}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        calls = [CallSpec("price", {"entity": c, "date": v["d"]}, {"entity": ("c", i), "date": ("d", None)})
                 for i, c in enumerate(v["c"])]
        return calls, Derivation(op=v["op"], path=v["field"], key="entity")

    def words(self, v: dict[str, Any], lang: str, vocab: Vocabulary, pool: MarketPool) -> dict[str, str]:
        kind = pool.entity(v["c"][0]).kind
        return {**super().words(v, lang, vocab, pool),
                "field": PRICE_FIELD_NAMES[kind][v["field"]][1 if lang == "zh" else 0]}


class CompareReport(_Compare):
    id = "compare_report"
    out_types = ("stock",)
    implied = {"basis": "single_quarter"}
    slots = (SlotSpec("c", "candidates", {"stock": "value"}), SlotSpec("q", "quarter", ACCEPTS["quarter"]),
             SlotSpec("metric", "metric"), SlotSpec("op", "op"))
    templates = {
        "ask_en": "Which had the {op} single-quarter {metric} in {q}: {c_or}?",
        "define_en": "Of {c_and}, take the one with the {op} single-quarter {metric} in {q}.",
        "ask_zh": "{q}，{c_and}中哪家公司的单季{metric}更{op}？", "define_zh": "取{c_and}中{q}单季{metric}较{op}的公司。",
    }

    def available(self, pool: MarketPool) -> bool:
        return bool(pool.metrics) and sum(1 for st in pool.stocks if pool.reported(st.entity_id, pool.metrics[0])) >= 2

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        metric = ctx.pick(pool.metrics)
        if metric is None:
            return None
        bound, q = ctx.fixed.get("c"), ctx.fixed.get("q")
        if bound is not None and q is None:
            q = ctx.pick(ctx.free_values(sorted(pool.reported(bound, metric))))
            if q is None:
                return None
        if q is not None:
            others = self._others(ctx, "stock", bound, lambda eid: q in pool.reported(eid, metric))
            if not others:
                return None
            cands = ([bound] if bound is not None else []) + others
        else:
            others = self._others(ctx, "stock", None, lambda eid: bool(pool.reported(eid, metric)))
            if not others:
                return None
            cands = others
            common = set.intersection(*(set(pool.reported(c, metric)) for c in cands))
            q = ctx.pick(ctx.free_values(sorted(common)))
            if q is None:
                return None
        return {"c": cands, "q": q, "metric": metric, "op": ctx.pick(["max", "min"])}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        calls = [CallSpec("report_metric", {"entity": c, "metric": v["metric"], "period": v["q"],
                                            "basis": "single_quarter"}, {"entity": ("c", i), "period": ("q", None)})
                 for i, c in enumerate(v["c"])]
        return calls, Derivation(op=v["op"], path="value", key="entity")


class CompareFund(_Compare):
    id = "compare_fund"
    out_types = ("fund",)
    slots = (SlotSpec("c", "candidates", {"fund": "value"}), SlotSpec("d", "date", ACCEPTS["date"]),
             SlotSpec("fund_metric", "fund_metric"), SlotSpec("horizon", "horizon"), SlotSpec("op", "op"))
    templates = {
        "ask_en": "As of {d}, which had the {op} {horizon} {fund_metric}: {c_or}?",
        "define_en": "Of {c_and}, take the fund with the {op} {horizon} {fund_metric} as of {d}.",
        "ask_zh": "截至{d}，{c_and}中哪只基金的{horizon}{fund_metric}更{op}？",
        "define_zh": "取{c_and}中截至{d}{horizon}{fund_metric}较{op}的基金。",
    }

    def available(self, pool: MarketPool) -> bool:
        return sum(1 for f in pool.funds if pool.fund_dates(f.entity_id)) >= 2

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        bound, d = ctx.fixed.get("c"), ctx.fixed.get("d")
        metric: str = ctx.rng.choice(list(FUND_METRIC_NAMES))
        horizon: str = ctx.rng.choice(list(HORIZON_NAMES))

        def has(eid: str, day: str | None = d) -> bool:
            dates = pool.fund_dates(eid)
            return bool(dates) and pool.fund_figure(eid, metric, horizon, day or dates[-1])

        others = self._others(ctx, "fund", bound, has)
        if not others:
            return None
        cands = ([bound] if bound is not None else []) + others
        if d is None:
            d = ctx.pick(ctx.free_values([x for x in pool.fund_dates(cands[0])
                                          if all(has(c, x) for c in cands)]))
            if d is None:
                return None
        elif not all(has(c) for c in cands):
            return None
        return {"c": cands, "d": d, "fund_metric": metric, "horizon": horizon, "op": ctx.pick(["max", "min"])}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        calls = [CallSpec("fund_metric", {"fund": c, "metric": v["fund_metric"], "horizon": v["horizon"],
                                          "as_of": v["d"]}, {"fund": ("c", i), "as_of": ("d", None)})
                 for i, c in enumerate(v["c"])]
        return calls, Derivation(op=v["op"], path="value", key="fund")


class TopHolding(Pattern):
    id = "top_holding"
    out_types = ENTITY_KINDS
    slots = (SlotSpec("f", "fund", ACCEPTS["fund"]), SlotSpec("q", "quarter", ACCEPTS["quarter"]))
    templates = {
        "ask_en": "What was {f_pos} largest holding at the end of {q}?",
        "define_en": "Take {f_pos} largest holding at the end of {q}.",
        "ask_zh": "{f}{q}末的第一大重仓股是哪家公司？", "define_zh": "取{f}{q}末的第一大重仓股。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(pool.holding_periods(f.entity_id) for f in pool.funds)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        f, q = ctx.fixed.get("f"), ctx.fixed.get("q")
        if f is None:
            funds = [x for x in ctx.free_entities(pool.funds) if pool.holding_periods(x.entity_id)
                     and (q is None or q in pool.holding_periods(x.entity_id))]
            f = _id(ctx.pick(funds))
            if f is None:
                return None
        if q is None:
            q = ctx.pick(ctx.free_values(pool.holding_periods(f)))
        elif q not in pool.holding_periods(f):
            return None
        return {"f": f, "q": q} if q else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("fund_holdings", {"fund": v["f"], "period": v["q"]}, {"fund": ("f", None),
                                                                               "period": ("q", None)})],
                Derivation(op="field", path="holdings.0.entity"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("entity", pool.entity(str(value)).kind)

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        holdings = results[0].get("holdings") or []
        if not holdings or not holdings[0].get("entity"):
            return "no_answer"
        return None


# ----------------------------------------------------------------- Time -> Time / Event
class ShiftDays(Pattern):
    id = "shift_days"
    out_types = ("day",)
    slots = (SlotSpec("d", "date", ACCEPTS["date"]), SlotSpec("n", "offset"))
    subject_out = "input"
    templates = {
        "ask_en": "What is the {nth} trading day {dir} {d}?", "define_en": "Take the {nth} trading day {dir} {d}.",
        "ask_zh": "{d}{dir}的第{n}个交易日是哪一天？", "define_zh": "取{d}{dir}的第{n}个交易日。",
    }
    OFFSETS = (1, 1, 1, 2, 3, 5, 10, -1, -2, -3)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        d = ctx.fixed.get("d") or ctx.pick(ctx.free_values(ctx.pool.days[15:-15]))
        return {"d": d, "n": ctx.pick(list(self.OFFSETS))} if d else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("trading_day", {"date": v["d"], "offset": v["n"]}, {"date": ("d", None)})],
                Derivation(op="field", path="result"))

    def words(self, v: dict[str, Any], lang: str, vocab: Vocabulary, pool: MarketPool) -> dict[str, str]:
        n = int(v["n"])
        if lang == "zh":
            return {"n": str(abs(n)), "dir": "之后" if n > 0 else "之前"}
        return {"nth": ordinal_en(abs(n)), "dir": "after" if n > 0 else "before"}

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("date", pool.date_type(str(value)))


class FirstReportAfter(Pattern):
    id = "first_report_after"
    out_types = ("report",)
    slots = (_stock_slot("e"), SlotSpec("d", "date", ACCEPTS["date"]))
    subject_slot = "e"
    subject_out = "e"
    templates = {
        "ask_en": "Which quarter did the first periodic report released by {e} on or after {d} cover?",
        "define_en": "Take the first periodic report {e} released on or after {d}.",
        "ask_zh": "{e}自{d}起发布的第一份定期报告对应哪个季度？", "define_zh": "取{e}自{d}起发布的第一份定期报告。",
    }

    def available(self, pool: MarketPool) -> bool:
        return any(pool.events(st.entity_id, "earnings_release") for st in pool.stocks)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        e, d = ctx.fixed.get("e"), ctx.fixed.get("d")
        if e is None:
            stocks = [s for s in ctx.free_entities(pool.stocks)
                      if any(x.date >= (d or pool.start) for x in pool.events(s.entity_id, "earnings_release"))]
            e = _id(ctx.pick(stocks))
            if e is None:
                return None
        if d is None:
            releases = [x.date for x in pool.events(e, "earnings_release") if x.date >= pool.start]
            if not releases:
                return None
            d = ctx.pick(ctx.free_values([x for x in pool.days if x <= releases[-1]]))
        elif not any(x.date >= d for x in pool.events(e, "earnings_release")):
            return None
        return {"e": e, "d": d} if d else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        args = {"entity": v["e"], "event_type": "earnings_release", "start": v["d"]}
        return ([CallSpec("events", args, {"entity": ("e", None), "start": ("d", None)})],
                Derivation(op="field", path="events.0.period"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("period", "report")

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        events = results[0].get("events") or []
        if not events:
            return "no_answer"
        if len(events) > 1 and events[0].get("date") == events[1].get("date"):
            return "not_unique"
        return None


# ----------------------------------------------------------------- -> Indicator (figures)
class PriceValue(Pattern):
    id = "price_value"
    out_types = ("number",)
    slots = (SlotSpec("e", "entity", ACCEPTS["entity"]), SlotSpec("d", "day", ACCEPTS["day"]),
             SlotSpec("field", "field"))
    subject_slot = "e"
    templates = {"ask_en": "What was {e_pos} {field} on {d}?", "ask_zh": "{e}{d}的{field}是多少？"}

    def available(self, pool: MarketPool) -> bool:
        return bool(pool.stocks or pool.indices or pool.funds)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        e, d = ctx.fixed.get("e"), ctx.fixed.get("d")
        if e is None:
            kind = ctx.rng.choice(["stock", "stock", "index", "fund"])
            e = _id(ctx.pick([x for x in ctx.free_entities(pool.of_kind(kind))
                              if d is None or pool.first_day(x.entity_id) <= d]))
            if e is None:
                return None
        if d is None:
            d = ctx.pick(ctx.free_values(pool.days_from(pool.first_day(e))))
        elif pool.first_day(e) > d:
            return None
        kind = pool.entity(e).kind
        return {"e": e, "d": d, "field": ctx.pick(list(PRICE_FIELD_NAMES[kind]))} if d else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("price", {"entity": v["e"], "date": v["d"]}, {"entity": ("e", None), "date": ("d", None)})],
                Derivation(op="field", path=v["field"]))

    def words(self, v: dict[str, Any], lang: str, vocab: Vocabulary, pool: MarketPool) -> dict[str, str]:
        kind = pool.entity(v["e"]).kind
        return {"field": PRICE_FIELD_NAMES[kind][v["field"]][1 if lang == "zh" else 0]}

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        kind = pool.entity(v["e"]).kind
        unit = {"volume": "shares", "amount": "yuan", "change_pct": "%", "turnover_rate": "%", "nav": "yuan",
                "close": "points" if kind == "index" else "yuan"}[v["field"]]
        return AnswerSpec("number", "number", unit)


class ReportValue(Pattern):
    id = "report_value"
    out_types = ("number",)
    slots = (_stock_slot("e"), SlotSpec("q", "quarter", ACCEPTS["quarter"]), SlotSpec("metric", "metric"),
             SlotSpec("basis", "basis"))
    subject_slot = "e"
    templates = {
        "ask_en": "What was {e_pos} {basis_en} {metric} {basis_prep} {q}?", "ask_zh": "{e}{basis_zh_pre}{q}的{basis_zh}"
                                                                               "{metric}是多少？",
        "ask_report_en": "What {basis_en} {metric} did that report show?", "ask_report_zh": "该报告中的{basis_zh}{metric}"
                                                                                        "是多少？",
    }

    def available(self, pool: MarketPool) -> bool:
        return bool(pool.metrics) and any(pool.reported(st.entity_id, pool.metrics[0]) for st in pool.stocks)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        metric = ctx.pick(pool.metrics)
        if metric is None:
            return None
        e, q = ctx.fixed.get("e"), ctx.fixed.get("q")
        if e is None:
            e = _id(ctx.pick([s for s in ctx.free_entities(pool.stocks)
                              if (q in pool.reported(s.entity_id, metric) if q is not None
                                  else bool(pool.reported(s.entity_id, metric)))]))
            if e is None:
                return None
        if q is None:
            q = ctx.pick(ctx.free_values(sorted(pool.reported(e, metric))))
        elif q not in pool.reported(e, metric):
            return None
        basis = ctx.pick(["single_quarter", "single_quarter", "cumulative"])
        return {"e": e, "q": q, "metric": metric, "basis": basis} if q else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        args = {"entity": v["e"], "metric": v["metric"], "period": v["q"], "basis": v["basis"]}
        return ([CallSpec("report_metric", args, {"entity": ("e", None), "period": ("q", None)})],
                Derivation(op="field", path="value"))

    def words(self, v: dict[str, Any], lang: str, vocab: Vocabulary, pool: MarketPool) -> dict[str, str]:
        single = v["basis"] == "single_quarter"
        return {**super().words(v, lang, vocab, pool),
                "basis_en": "single-quarter" if single else "cumulative year-to-date",
                "basis_prep": "for" if single else "through",
                "basis_zh": "单季" if single else "累计", "basis_zh_pre": "" if single else "截至"}

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("number", "number", _metric_unit(pool, v["metric"]))


class FundValue(Pattern):
    id = "fund_value"
    out_types = ("number",)
    slots = (SlotSpec("f", "fund", ACCEPTS["fund"]), SlotSpec("d", "date", ACCEPTS["date"]),
             SlotSpec("fund_metric", "fund_metric"), SlotSpec("horizon", "horizon"))
    templates = {"ask_en": "As of {d}, what was {f_pos} {horizon} {fund_metric}?",
                 "ask_zh": "截至{d}，{f}的{horizon}{fund_metric}是多少？"}

    def available(self, pool: MarketPool) -> bool:
        return any(pool.fund_dates(f.entity_id) for f in pool.funds)

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        pool = ctx.pool
        f, d = ctx.fixed.get("f"), ctx.fixed.get("d")
        if f is None:
            f = _id(ctx.pick([x for x in ctx.free_entities(pool.funds) if pool.fund_dates(x.entity_id)
                              and (d is None or pool.fund_dates(x.entity_id)[0] <= d)]))
            if f is None:
                return None
        metric: str = ctx.rng.choice(list(FUND_METRIC_NAMES))
        horizon: str = ctx.rng.choice(list(HORIZON_NAMES))
        dates = [x for x in pool.fund_dates(f) if pool.fund_figure(f, metric, horizon, x)]
        if not dates:
            return None
        if d is None:
            d = ctx.pick(ctx.free_values(dates))
        elif not pool.fund_figure(f, metric, horizon, d):
            return None
        return {"f": f, "d": d, "fund_metric": metric, "horizon": horizon} if d else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        args = {"fund": v["f"], "metric": v["fund_metric"], "horizon": v["horizon"], "as_of": v["d"]}
        return [CallSpec("fund_metric", args, {"fund": ("f", None), "as_of": ("d", None)})], Derivation(op="field",
                                                                                                       path="value")

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("number", "number", "%")


# ----------------------------------------------------------------- macro
class _Macro(Pattern):
    frequency = "monthly"
    period_kind = "month"

    def available(self, pool: MarketPool) -> bool:
        return any(pool.macro(m.indicator_id) for m in pool.indicators_of(self.frequency))

    def _indicator(self, ctx: SampleContext) -> Any:
        return ctx.pick(ctx.pool.indicators_of(self.frequency))

    def _periods(self, ctx: SampleContext, indicator_id: str) -> list[str]:
        return [v.period for v in ctx.pool.macro(indicator_id)]

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        ind = self._indicator(ctx)
        if ind is None:
            return None
        p = ctx.fixed.get("p")
        periods = self._periods(ctx, ind.indicator_id)
        if p is None:
            p = ctx.pick(ctx.free_values(periods))
        elif p not in periods:
            return None
        return {"indicator": ind.indicator_id, "p": p} if p else None


class MacroValue(_Macro):
    id = "macro_value"
    out_types = ("number",)
    slots = (SlotSpec("indicator", "indicator"), SlotSpec("p", "month", ACCEPTS["month"]))
    templates = {"ask_en": "What was {indicator} for {p}?", "ask_zh": "{p}的{indicator}是多少？"}

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("macro", {"indicator": v["indicator"], "period": v["p"]}, {"period": ("p", None)})],
                Derivation(op="field", path="values.0.value"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("number", "number", _indicator_unit(pool, v["indicator"]))

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        return None if len(results[0].get("values") or []) == 1 else "not_unique"


class MacroValueQ(MacroValue):
    id = "macro_value_q"
    frequency = "quarterly"
    period_kind = "quarter"
    slots = (SlotSpec("indicator", "indicator"), SlotSpec("p", "quarter", ACCEPTS["quarter"]))


class MacroRelease(_Macro):
    id = "macro_release"
    out_types = ("day", "date", "past_date")
    slots = (SlotSpec("indicator", "indicator"), SlotSpec("p", "month", ACCEPTS["month"]))
    templates = {
        "ask_en": "On what date was {indicator} for {p} released?",
        "define_en": "Take the day {indicator} for {p} was released.",
        "ask_zh": "{p}的{indicator}数据是哪一天发布的？", "define_zh": "取{p}{indicator}数据的发布日期。",
    }

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        out = super().sample(ctx)
        if out is None:
            return None
        released = {v.period: v.release_date for v in ctx.pool.macro(out["indicator"])}
        return out if released.get(out["p"]) else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("macro", {"indicator": v["indicator"], "period": v["p"]}, {"period": ("p", None)})],
                Derivation(op="field", path="values.0.release_date"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("date", pool.date_type(str(value)))

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        values = results[0].get("values") or []
        if len(values) != 1:
            return "not_unique"
        return None if values[0].get("release_date") else "no_answer"


class MacroReleaseQ(MacroRelease):
    id = "macro_release_q"
    frequency = "quarterly"
    period_kind = "quarter"
    slots = (SlotSpec("indicator", "indicator"), SlotSpec("p", "quarter", ACCEPTS["quarter"]))


class MacroExtreme(_Macro):
    id = "macro_extreme"
    out_types = ("month",)
    slots = (SlotSpec("indicator", "indicator"), SlotSpec("y", "year", ACCEPTS["year"]), SlotSpec("op", "op"))
    unit_word = ("month", "月")
    templates = {
        "ask_en": "In which month of {y} was {indicator} the {op_sup}?",
        "define_en": "Take the month of {y} in which {indicator} was the {op_sup}.",
        "ask_zh": "{y}哪个月的{indicator}最{op}？", "define_zh": "取{y}{indicator}最{op}的月份。",
    }

    def sample(self, ctx: SampleContext) -> dict[str, Any] | None:
        ind = self._indicator(ctx)
        if ind is None:
            return None
        years = ctx.pool.complete_years(ind)
        y = ctx.fixed.get("y")
        if y is None:
            y = ctx.pick(years)
        elif y not in years:
            return None
        return {"indicator": ind.indicator_id, "y": y, "op": ctx.pick(["max", "min"])} if y else None

    def calls(self, v: dict[str, Any], pool: MarketPool) -> tuple[list[CallSpec], Derivation]:
        return ([CallSpec("macro", {"indicator": v["indicator"], "period": v["y"]}, {"period": ("y", None)})],
                Derivation(op=v["op"], path="values", field="value", key="period"))

    def answer(self, v: dict[str, Any], value: Any, pool: MarketPool) -> AnswerSpec:
        return AnswerSpec("period", self.period_kind)

    def unique(self, v: dict[str, Any], results: list[dict[str, Any]]) -> str | None:
        need = 12 if self.frequency == "monthly" else 4
        return None if len(results[0].get("values") or []) == need else "incomplete_period"


class MacroExtremeQ(MacroExtreme):
    id = "macro_extreme_q"
    frequency = "quarterly"
    period_kind = "quarter"
    out_types = ("quarter",)
    templates = {
        "ask_en": "In which quarter of {y} was {indicator} the {op_sup}?",
        "define_en": "Take the quarter of {y} in which {indicator} was the {op_sup}.",
        "ask_zh": "{y}哪个季度的{indicator}最{op}？", "define_zh": "取{y}{indicator}最{op}的季度。",
    }


# --------------------------------------------------------------------------- helpers
def _id(entity: Any) -> str | None:
    return entity.entity_id if entity is not None else None


def _one_match(result: dict[str, Any]) -> str | None:
    matches = result.get("matches") or []
    if len(matches) > 1:
        return "ambiguous_entity"
    return None if matches else "no_answer"


def _metric_unit(pool: MarketPool, metric: str) -> str | None:
    d = next((m for m in pool.db.metric_definitions() if m.metric == metric), None)
    return d.unit if d is not None else None


def _indicator_unit(pool: MarketPool, indicator_id: str) -> str | None:
    m = next((x for x in pool.indicators if x.indicator_id == indicator_id), None)
    return m.unit if m is not None else None


PATTERNS: dict[str, Pattern] = {p.id: p for p in [
    SectorOf(), SectorIndex(), ReleaseDate(), DividendExDate(), ListingDate(), BestQuarter(), ComparePrice(),
    CompareReport(), CompareFund(), TopHolding(), ShiftDays(), FirstReportAfter(), PriceValue(), ReportValue(),
    FundValue(), MacroValue(), MacroValueQ(), MacroRelease(), MacroReleaseQ(), MacroExtreme(), MacroExtremeQ(),
]}


def edges() -> dict[State, set[State]]:
    """The state edges the pattern library realises (must equal `graph.TRANSITIONS`; a test checks it)."""
    return FULL_LIBRARY.edges()


def can_continue(answer_type: str, next_state: State) -> bool:
    """Whether an answer of `answer_type` can be the input of some pattern whose answer has `next_state`."""
    return any(answer_type in slot.accepts and next_state in p.out_states
               for p in PATTERNS.values() for slot in p.input_slots)


class Library:
    """The patterns a build can use (those with data in its market) and what chains they can realise."""

    def __init__(self, patterns: list[Pattern]):
        self.patterns = {p.id: p for p in patterns}
        self._feasible: dict[tuple[str, tuple[State, ...]], bool] = {}

    @classmethod
    def for_market(cls, pool: MarketPool) -> Library:
        return cls([p for p in PATTERNS.values() if p.available(pool)])

    def feasible(self, answer_type: str, rest: tuple[State, ...]) -> bool:
        """Whether a chain can go on from an answer of `answer_type` through the states `rest` (each a hop's
        answer state), by the slots and answer types of these patterns."""
        if not rest:
            return True
        key = (answer_type, rest)
        if key not in self._feasible:
            self._feasible[key] = any(
                answer_type in slot.accepts and STATE_OF[t] == rest[0] and self.feasible(t, rest[1:])
                for p in self.patterns.values() for slot in p.input_slots
                for t in p.out_types_for(slot.name, answer_type))
        return self._feasible[key]

    def feasible_walk(self, walk: tuple[State, ...]) -> bool:
        """Whether some typed chain realises the walk (s_0, …, s_K): a type of s_0 that leads through s_1..s_K."""
        return any(STATE_OF[t] == walk[0] and self.feasible(t, walk[1:]) for t in STATE_OF)

    def edges(self) -> dict[State, set[State]]:
        """The state edges these patterns realise (the full library's must equal `graph.TRANSITIONS`)."""
        out: dict[State, set[State]] = {s: set() for s in TRANSITIONS}
        for p in self.patterns.values():
            for slot in p.input_slots:
                for answer_type in slot.accepts:
                    for state in p.out_states:
                        out[STATE_OF[answer_type]].add(state)
        return out


FULL_LIBRARY = Library(list(PATTERNS.values()))


def feasible(answer_type: str, rest: tuple[State, ...]) -> bool:
    """`Library.feasible` over every pattern."""
    return FULL_LIBRARY.feasible(answer_type, rest)


def feasible_walk(walk: tuple[State, ...]) -> bool:
    """`Library.feasible_walk` over every pattern."""
    return FULL_LIBRARY.feasible_walk(walk)
