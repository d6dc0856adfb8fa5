"""The five FinInteract ambiguity categories and a deterministic question-category classifier.

The classifier reads only the agent's clarification question (optionally also the user's original
question, to discount words the agent merely repeats); it never sees an instance's true axes. It is a
lexicon matcher over English and Chinese terms: every lexicon term belongs to one category and has a
weight (2 = a qualifier that only makes sense as a clarification on that category, e.g. "non-GAAP",
"restated", "扣非"; 1 = a weak cue, e.g. a bare metric name or a bare year). Matches are taken longest
first and never overlap, so "non-GAAP" is one metric cue, not also a "GAAP" cue, and "gross profit" is a
metric, not a recognition ("gross") cue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._propositions import is_off_intent
from finprobe.benchmarks.ambiguity._text import longest_matches, normalise

__all__ = [
    "CATEGORIES",
    "CATEGORY_FIELD",
    "CATEGORY_NAMES",
    "Category",
    "CategoryVerdict",
    "classify_question",
    "normalize_category",
]


class Category(BaseModel):
    name: str
    field: str  # the interpretation field this category is about
    title: str
    description: str
    title_zh: str


CATEGORIES: dict[str, Category] = {
    c.name: c
    for c in [
        Category(
            name="entity_scope", field="entity", title="Entity scope", title_zh="主体口径",
            description="Which reporting entity the figure covers: the consolidated group, a segment, a "
                        "subsidiary or the parent company alone; amounts attributable to the parent's "
                        "shareholders vs. including non-controlling (minority) interests (归母 vs. 含少数股东).",
        ),
        Category(
            name="metric_definition", field="metric", title="Metric definition", title_zh="指标定义",
            description="How the metric is defined: GAAP vs. non-GAAP/adjusted, basic vs. diluted, operating "
                        "vs. net, with or without non-recurring items (扣非 vs. 归母 net profit).",
        ),
        Category(
            name="temporal_scope", field="period", title="Temporal scope", title_zh="期间口径",
            description="Which period: fiscal vs. calendar year, a quarter vs. the full year, year-to-date, "
                        "trailing twelve months, the base period of a growth rate.",
        ),
        Category(
            name="recognition_policy", field="basis", title="Recognition policy", title_zh="确认政策",
            description="How amounts are recognised or measured: gross vs. net (principal vs. agent), point in "
                        "time vs. over time, lease and revenue standards (IFRS 15/16, ASC 606/842), accrual vs. cash.",
        ),
        Category(
            name="filing_vintage", field="vintage", title="Filing vintage", title_zh="披露版本",
            description="Which version of the figures: as originally reported vs. restated, recast or amended "
                        "(e.g. a 10-K/A, 追溯调整/更正后) in a later filing.",
        ),
    ]
}
CATEGORY_NAMES: tuple[str, ...] = tuple(CATEGORIES)
CATEGORY_FIELD: dict[str, str] = {name: c.field for name, c in CATEGORIES.items()}

_ALIASES = {
    "entity": "entity_scope", "entity_scope": "entity_scope", "scope": "entity_scope",
    "metric": "metric_definition", "metric_definition": "metric_definition", "definition": "metric_definition",
    "temporal": "temporal_scope", "temporal_scope": "temporal_scope", "period": "temporal_scope",
    "time": "temporal_scope",
    "recognition": "recognition_policy", "recognition_policy": "recognition_policy",
    "recognition_basis": "recognition_policy", "basis": "recognition_policy",
    "vintage": "filing_vintage", "filing_vintage": "filing_vintage",
}


def normalize_category(label: str) -> str | None:
    """The canonical category name for a label ("Entity Scope", "entity-scope", "entity"), or None."""
    if not isinstance(label, str):
        return None
    key = re.sub(r"[\s\-]+", "_", label.strip().lower())
    return _ALIASES.get(key)


# --------------------------------------------------------------------------- lexicon
@dataclass(frozen=True)
class _Term:
    category: str
    weight: int
    pattern: re.Pattern[str]


def _en(category: str, weight: int, *patterns: str) -> list[_Term]:
    return [_Term(category, weight, re.compile(rf"(?<![a-z0-9]){p}(?![a-z0-9])")) for p in patterns]


def _zh(category: str, weight: int, *patterns: str) -> list[_Term]:
    return [_Term(category, weight, re.compile(p)) for p in patterns]


E, M, T, R, V = "entity_scope", "metric_definition", "temporal_scope", "recognition_policy", "filing_vintage"

_LEXICON: list[_Term] = [
    # a company named with its legal form ("Northwind Trading Co.", "海川新能源股份有限公司")
    _Term("entity_scope", 2, re.compile(r"(?<![a-z])(?:inc|corp|co|holdings|ltd)\.(?![a-z])|股份有限公司")),
    # entity scope
    *_en(E, 2, r"consolidat\w*", r"(?:reportable |operating |business )?segments?", r"subsidiar(?:y|ies)",
         r"parent(?:[- ]company)?(?:[- ]only)?", r"stand-?alone", r"(?:non-?controlling|minority) interests?",
         r"attributable to", r"business units?", r"divisions?", r"(?:whole|entire|total) (?:company|group)",
         r"company-wide", r"group[- ]level", r"(?:reporting )?entity", r"scope of consolidation",
         r"(?:continuing|discontinued) operations", r"joint ventures?", r"equity[- ]method", r"affiliates?"),
    *_en(E, 2, r"(?:as a|the) whole", r"whole company", r"total company", r"shareholders?", r"stockholders?",
         r"owners of the parent", r"joint[- ]venture partner'?s?(?: share)?", r"all operations",
         r"(?:the )?hardware (?:unit|business)", r"on a consolidated basis",
         r"whose share"),
    *_en(E, 1, r"group", r"regions?", r"geographic\w*"),
    # which company: a stock code or an exchange listing ("600176.SH", 证券代码 600009, A股上市公司)
    *_zh(E, 2, r"(?<!\d)\d{6}(?:\.(?:sh|sz|ss|bj))?(?!\d)", r"(?:证券|股票)代码", r"a股", r"h股", r"港股", r"上市公司",
         r"(?:nyse|nasdaq)(?::\s?[a-z]{1,5})?", r"上交所|深交所|北交所"),
    *_zh(E, 2, r"合并", r"归属于(?:母公司|上市公司)(?:股东|所有者)?", r"归母", r"母公司", r"分部", r"子公司",
         r"少数股东(?:权益|损益)?", r"含少数股东", r"集团", r"本部", r"单体", r"主体", r"板块", r"合营", r"联营",
         r"上市公司股东", r"子公司其他股东", r"少数股东的份额"),
    # metric definition
    *_en(M, 2, r"non-?gaap", r"gaap", r"adjusted", r"diluted", r"basic", r"pro[- ]forma",
         r"non-?recurring", r"one-?time items?", r"special items?", r"organic", r"underlying",
         r"core (?:earnings|profit|income)", r"(?:metric )?definition", r"defined", r"metric", r"measure",
         r"stock-based compensation", r"sbc", r"amorti[sz]ation(?: of acquired intangibles)?", r"restructuring",
         r"add(?:ed|s)? back", r"adjustments?", r"unadjusted", r"one-?off(?: items)?", r"covenant",
         r"reported (?:revenue )?growth", r"acquisitions", r"currency (?:effects|moves)",
         r"options? (?:are )?exercised",
         r"convertible notes?", r"per-share figure", r"eps measure"),
    *_en(M, 1, r"operating (?:income|profit|loss)", r"net (?:income|profit|earnings|loss)", r"ebitda", r"ebit",
         r"earnings per share", r"eps", r"gross (?:profit|margin)", r"free cash flow", r"operating cash flow",
         r"net sales",
         r"growth(?: rate)?", r"total assets", r"balance sheet",
         r"margin", r"per share", r"revenues?", r"sales", r"earnings", r"profit"),
    *_zh(M, 2, r"扣非", r"扣除非经常性损益", r"非经常性损益", r"经常性", r"调整后", r"稀释", r"摊薄", r"基本每股收益",
         r"非公认会计准则", r"备考", r"指标", r"定义", r"一次性(?:项目|收益)?", r"政府补助", r"转股", r"可转债",
         r"每股收益"),
    *_zh(M, 2, r"净利润率", r"净利率", r"利润率", r"毛利率", r"总利润", r"利润总额"),
    *_en(M, 2, r"(?:net |profit |operating |gross )?margins?", r"per[- ]share", r"bookings", r"par value"),
    *_zh(M, 1, r"增长率", r"增速", r"总资产", r"资产总额",
         r"净利润", r"营业利润", r"利润总额", r"毛利率?", r"每股收益", r"营业收入", r"收入", r"现金流", r"利润"),
    # temporal scope
    *_en(T, 2, r"fiscal(?: year)?", r"fy ?\d{0,4}", r"calendar(?: year)?", r"cy ?\d{4}", r"quarter(?:ly|s)?",
         r"q[1-4]", r"(?:first|second|third|fourth) quarter", r"full[- ]year", r"annual(?:ly)?",
         r"year[- ]to[- ]date", r"ytd", r"trailing (?:twelve|12) months", r"ttm", r"ltm", r"last twelve months",
         r"year[- ]over[- ]year", r"yoy", r"year[- ]end(?:ed)?", r"(?:three|six|nine|twelve) months",
         r"half[- ]year", r"h[12]", r"(?:first|second) half", r"(?:reporting )?period", r"months? ended",
         r"as of", r"(?:prior|previous|current|last) year", r"most recent(?: fiscal)?(?: year| quarter)?",
         r"latest(?: fiscal)?(?: year| quarter)?", r"last (?:fiscal )?year", r"past (?:twelve|12) months",
         r"rolling (?:twelve|12) months", r"holiday(?:-season)? quarter", r"year-end", r"(?:jan|january)\s?[-–]\s?"
         r"(?:sep|september|dec|december)", r"(?:19|20)\d{2}\s?[-–]\s?(?:19|20)?\d{2}"),
    *_en(T, 1, r"(?:19|20)\d{2}", r"year"),
    *_zh(T, 2, r"年度(?!报告)", r"第[一二三四1-4]季度", r"[一二三四1-4]季度", r"季度", r"同比", r"环比", r"上半年",
         r"下半年", r"半年度", r"年初至今", r"前三季度", r"报告期", r"期末", r"年末", r"年初", r"全年", r"财年",
         r"自然年", r"会计年度", r"累计", r"上年同期", r"滚动十二个月", r"近十二个月", r"期间", r"最近一年",
         r"最近一期", r"最新一期", r"最近一个(?:会计)?(?:年度|季度)", r"近一年", r"过去\s?(?:12|十二)个月",
         r"最近\s?(?:12|十二)个月", r"近\s?12个月", r"滚动\s?12个月", r"ttm", r"年报", r"年度报告", r"一季报",
         r"半年报",
         r"三季报", r"中报", r"季报", r"单季", r"年末", r"全年"),
    *_zh(T, 1, r"\d{4}年", r"上年", r"本年", r"\d{1,2}月\d{1,2}日"),
    # securities, spun-off businesses and assets taken by themselves are other reporting entities
    *_en(E, 2, r"common stock", r"preferred stock", r"series [a-z]", r"share class", r"class [ab](?: shares)?",
         r"spun[- ]off", r"spin-?offs?", r"(?:energy|aerospace|healthcare|legacy) business"),
    *_zh(E, 2, r"普通股", r"优先股", r"(?:线路|项目|资产|工程|电站|门店)(?:/[\u4e00-\u9fff]{1,4})?本身"),
    *_zh(T, 2, r"(?:最近|近|过去)\s?(?:[二三四五六七八九十几两]|\d{1,2})\s?(?:个)?(?:年|财年|会计年度)(?!度)", r"每年", r"按年度?",
         r"自定义", r"起止(?:日期)?", r"日期区间", r"月度", r"单月", r"当月"),
    *_en(T, 2, r"to date", r"monthly", r"custom (?:date )?range"),
    # a period left to the user or described, not named: 某个特定年份, 历史上的某个时期, 最新公布期, "a specific year"
    *_zh(T, 2, r"(?:特定|具体|某一?个?|哪一?个?)的?(?:年份|年度|时期|期间|时间段|时间范围|时间|季度|报告期|会计年度|财年)",
         r"哪一?年", r"年份", r"时间段", r"时间范围", r"历史(?:上)?", r"历年", r"多年", r"(?:成立|上市)以来",
         r"(?:最新|最近)(?:公布|披露|发布)(?:的)?(?:期|期间)?", r"(?:公布|披露)期", r"(?:一份|一期)财报", r"预测", r"预期",
         r"指引"),
    *_en(T, 2, r"(?:specific|particular|certain) (?:past |fiscal |calendar )?(?:year|period|quarter|time(?: period| frame)?)",
         r"time (?:period|frame|range)", r"timeframe", r"historical(?: (?:period|data|trend))?", r"history", r"cagr",
         r"compound annual", r"since (?:its )?inception", r"(?:past|last|next) (?:\d+|two|three|five|ten) years",
         r"guidance", r"forecasts?", r"forward[- ]looking", r"projected", r"outlook", r"estimates?",
         r"most recently (?:reported|completed)", r"latest available"),
    # recognition policy
    *_en(R, 2, r"gross basis", r"net basis", r"gross(?: revenues?| sales)?",
         r"principal", r"agent", r"accrual\w*", r"cash basis", r"ifrs ?1[56]", r"asc ?(?:606|842)", r"leases?",
         r"recogni(?:[sz]\w*|tion)", r"point[- ]in[- ]time", r"over time", r"deferred revenues?",
         r"percentage[- ]of[- ]completion", r"capitali[sz]\w*", r"expensed", r"pass[- ]through",
         r"accounting (?:policy|method|standard)", r"booked", r"(?:on|upon) delivery", r"handover", r"handed over",
         r"commissions?", r"gross merchandise value", r"gmv", r"billed through", r"revenue basis",
         r"net revenues?", r"gross revenues?", r"gross", r"go-between", r"net of returns"),
    *_zh(R, 2, r"(?<![请想您])确认(?![一：:，,])",  # "请确认" is "please confirm", not recognition
         r"总额法", r"净额法", r"总额", r"净额", r"权责发生制", r"收付实现制", r"收入准则", r"租赁准则",
         r"租赁", r"时点", r"时段", r"履约进度", r"资本化", r"费用化", r"递延", r"代理人", r"主要责任人", r"会计政策",
         r"控制权转移", r"中间人", r"差价", r"收入总额"),
    # filing vintage
    *_en(V, 2, r"restat\w*", r"as originally reported", r"originally (?:reported|filed)", r"original (?:filing|report)",
         r"amend\w*", r"10-?[kq]/a", r"revised", r"recast", r"reclassif\w*", r"as filed",
         r"(?:later|subsequent|latest|prior|earlier) (?:filing|report|annual report|10-?k)", r"comparatives?",
         r"vintage", r"(?:filing )?version", r"correct(?:ed|ion)s?", r"original(?:ly)?", r"newest annual report",
         r"(?:latest|later|newest) 10-?k"),
    *_zh(V, 2, r"重述", r"追溯调整", r"更正", r"原报告", r"原披露", r"原始", r"调整前", r"修订", r"差错", r"原年报",
         r"重新列报", r"重新列示", r"版本", r"最新年报", r"原来披露", r"修正", r"差错更正"),
]


_TICKER = re.compile(r"(?:[A-Z][\w&'.-]+|[\u4e00-\u9fff]{2,})\s*[(（]\s*([A-Z]{2,5})\s*[)）]")


_NOT_TICKERS = frozenset("LTM TTM YTD GAAP EPS SBC GMV NCI USD RMB CNY HKD EBIT FY CY JV US SEC ASC IFRS PIT".split())


#: lexicon matches that name the parent's share vs. minority interests
_ATTRIBUTION = re.compile(r"归属于|归母|少数股东|上市公司股东|attributable to|(?:non-?controlling|minority) interests?"
                          r"|shareholders?|stockholders?|owners of the parent")


class CategoryVerdict(BaseModel):
    """Which categories a clarification question touches, its single main category, and whether it is generic."""

    categories: list[str] = Field(default_factory=list)  # every touched category, in canonical order
    main: str | None = None  # the unique highest-scoring category; None when none or tied
    #: about the user's intent but names no category ("Can you clarify?", "Do you mean something else?")
    generic: bool = False
    #: not about the user's intent at all: a request about the agent's own process ("May I search again?");
    #: it names no category even when it mentions one ("May I search the 10-K for the segment table?")
    none: bool = False
    scores: dict[str, int] = Field(default_factory=dict)
    matches: dict[str, list[str]] = Field(default_factory=dict)  # category -> matched surface terms


def _find(text: str) -> list[tuple[int, int, _Term]]:
    """Non-overlapping lexicon matches, longest first (ties: earlier start, then lexicon order)."""
    return longest_matches(text, [(term, term.pattern) for term in _LEXICON])


def classify_question(text: str, language: str | None = None, *, original_question: str | None = None
                      ) -> CategoryVerdict:
    """Classify one clarification question into the five categories (deterministic, lexicon-based).

    Both the English and the Chinese lexicons are always applied (agents mix languages), so `language`
    does not change the result; it is accepted to keep the classifier interface uniform with LLM
    classifiers. When `original_question` is given, a term that also appears in it (same surface form)
    is not counted: repeating the user's own words ("net income" in "Do you mean 2023 net income?") is
    not a clarification on that term's category.

    A request about the agent's own process that names no category ("May I search again?", "我可以再检索一下年报
    吗？") is `none`: not about the user's intent, so neither a category nor a generic question. One that names a
    category is classified by it ("May I fetch the 2023 10-K for the GAAP operating income?": temporal scope and
    metric definition), as the release's own classifier does in the published runs.
    """
    del language  # see docstring: both lexicons apply
    off_intent = is_off_intent(text)
    norm = normalise(text)
    repeated: set[str] = set()
    if original_question:
        repeated = {norm_q[s:e] for norm_q in [normalise(original_question)] for s, e, _ in _find(norm_q)}
    scores: dict[str, int] = {}
    matches: dict[str, list[str]] = {}
    # a company named with its ticker ("Acme Holdings (ACME)", "海川新能源（HCXN）"): case matters, so the raw text
    for m in _TICKER.finditer(text):
        if m.group(1) in _NOT_TICKERS:
            continue
        scores["entity_scope"] = scores.get("entity_scope", 0) + 2
        matches.setdefault("entity_scope", []).append(m.group(0))
    for start, end, term in _find(norm):
        surface = norm[start:end]
        if surface in repeated:
            continue
        scores[term.category] = scores.get(term.category, 0) + term.weight
        matches.setdefault(term.category, []).append(surface)
    # the release labels the parent's share vs. minority interests (归母 vs. 含少数股东) as entity scope on some
    # instances and as metric definition on others (the net profit's definition): a question about it touches both
    if any(_ATTRIBUTION.search(m) for m in matches.get("entity_scope", [])) and "metric_definition" not in scores:
        scores["metric_definition"] = 1
        matches["metric_definition"] = [m for m in matches["entity_scope"] if _ATTRIBUTION.search(m)]
    touched = [c for c in CATEGORY_NAMES if c in scores]
    if off_intent and not touched:
        return CategoryVerdict(none=True)
    main: str | None = None
    if touched:
        best = max(scores.values())
        leaders = [c for c in touched if scores[c] == best]
        main = leaders[0] if len(leaders) == 1 else None
    return CategoryVerdict(categories=touched, main=main, generic=not touched,
                           scores={c: scores[c] for c in touched}, matches={c: matches[c] for c in touched})
