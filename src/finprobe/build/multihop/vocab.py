"""Words: how the synthesis writes values and concepts in English and Chinese, and how its verifier reads them back.

Two directions share one module so they cannot drift apart silently, yet they are independent tables: the
renderer writes one fixed phrase per concept (`METRIC_NAMES`, `PRICE_FIELD_NAMES`, ...); the reader
(`find_keywords`) accepts that phrase *and* the synonyms the market tools accept (`tools.METRIC_SYNONYMS`,
...), so a question that says "营收" or "net income" is read like one that says "营业收入". Markets with
their own metrics or indicators are covered by the database's own names (`metric_definitions`,
`macro_indicators`), which both directions fall back to.

Values: entities by their full name in the question's language; dates ISO or "March 5, 2024" in English,
"2024年3月5日" in Chinese; quarters "2024Q3" or "the third quarter of 2024" / "2024年第三季度"; months
"March 2024" or "2024-03" / "2024年3月" — every form is one `periods.find_time_mentions` reads.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.mentions import non_overlapping_matches
from finprobe.benchmarks.multihop.tools import (
    FUND_METRIC_SYNONYMS,
    HORIZON_SYNONYMS,
    INDICATOR_SYNONYMS,
    METRIC_SYNONYMS,
)

__all__ = [
    "Keyword",
    "KeywordTable",
    "Vocabulary",
    "find_keywords",
    "ordinal_en",
    "possessive",
    "render_date",
    "render_month",
    "render_quarter",
]

_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"]
_ORD_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
_ZH_Q = "一二三四"


# --------------------------------------------------------------------------- values
def render_date(iso: str, lang: str, style: int = 0) -> str:
    """A date: ISO (style 0) or "March 5, 2024" (style 1) in English; "2024年3月5日" in Chinese."""
    d = dt.date.fromisoformat(iso)
    if lang == "zh":
        return f"{d.year}年{d.month}月{d.day}日"
    return iso if style % 2 == 0 else f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"


def render_quarter(period: str, lang: str, style: int = 0) -> str:
    """A quarter (2024Q3): "2024Q3" (style 0) or "the third quarter of 2024" (style 1); "2024年第三季度"."""
    year, q = period[:4], int(period[5])
    if lang == "zh":
        return f"{year}年第{_ZH_Q[q - 1]}季度"
    return period if style % 2 == 0 else f"the {_ORD_WORDS[q]} quarter of {year}"


def render_month(period: str, lang: str, style: int = 0) -> str:
    """A month (2024-03): "March 2024" (style 0) or "2024-03" (style 1); "2024年3月"."""
    year, month = period[:4], int(period[5:7])
    if lang == "zh":
        return f"{year}年{month}月"
    return f"{_MONTHS[month - 1]} {year}" if style % 2 == 0 else period


def ordinal_en(n: int) -> str:
    if n == 1:
        return "first"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def possessive(name: str) -> str:
    """English possessive: "Redmere Spirits'" / "that company's"."""
    return name + ("'" if name.endswith("s") else "'s")


# --------------------------------------------------------------------------- concepts (render)
#: report metrics: (English, Chinese) as written in questions
METRIC_NAMES: dict[str, tuple[str, str]] = {
    "revenue": ("revenue", "营业收入"),
    "net_profit": ("net profit attributable to shareholders", "归母净利润"),
    "operating_cash_flow": ("net operating cash flow", "经营活动现金流量净额"),
    "eps": ("basic EPS", "基本每股收益"),
    "gross_margin": ("gross margin", "毛利率"),
}
#: price-tool fields by entity kind: (English, Chinese)
PRICE_FIELD_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "stock": {"close": ("closing price", "收盘价"), "volume": ("trading volume", "成交量"),
              "amount": ("trading amount", "成交额"), "change_pct": ("daily percentage change", "涨跌幅"),
              "turnover_rate": ("turnover rate", "换手率")},
    "index": {"close": ("closing level", "收盘点位"), "volume": ("trading volume", "成交量"),
              "change_pct": ("daily percentage change", "涨跌幅")},
    "fund": {"nav": ("unit NAV", "单位净值"), "change_pct": ("daily NAV change", "净值涨跌幅")},
}
FUND_METRIC_NAMES: dict[str, tuple[str, str]] = {
    "return": ("return", "收益率"), "max_drawdown": ("maximum drawdown", "最大回撤"),
    "volatility": ("annualised volatility", "年化波动率"),
}
HORIZON_NAMES: dict[str, tuple[str, str]] = {
    "1M": ("one-month", "近1个月"), "3M": ("three-month", "近3个月"), "6M": ("six-month", "近6个月"),
    "1Y": ("one-year", "近1年"), "YTD": ("year-to-date", "今年以来"),
}
INDICATOR_NAMES: dict[str, tuple[str, str]] = {
    "CPI_YOY": ("year-on-year CPI", "CPI同比"), "PPI_YOY": ("year-on-year PPI", "PPI同比"),
    "PMI": ("the manufacturing PMI", "制造业PMI"), "M2_YOY": ("year-on-year M2 growth", "M2同比增速"),
    "GDP_YOY": ("year-on-year GDP growth", "GDP同比增速"), "LPR_1Y": ("the one-year loan prime rate", "一年期LPR"),
}
#: comparison words: op -> (comparative EN, superlative EN, ZH character)
OP_WORDS: dict[str, tuple[str, str, str]] = {"max": ("higher", "highest", "高"), "min": ("lower", "lowest", "低")}

# --------------------------------------------------------------------------- concepts (read)
_FIELD_READ: dict[str, list[str]] = {
    "close": ["closing price", "closing level", "close", "closed", "closes", "收盘价", "收盘点位", "收盘"],
    "nav": ["unit nav", "nav", "net asset value", "单位净值", "净值"],
    "volume": ["trading volume", "volume", "shares traded", "how many shares", "number of shares traded", "成交量"],
    "amount": ["trading amount", "amount traded", "turnover value", "成交额", "成交金额"],
    "change_pct": ["daily percentage change", "percentage change", "percent change", "% change", "by what percentage",
                   "price change", "daily nav change", "daily change", "涨跌幅", "净值涨跌幅", "涨幅"],
    "turnover_rate": ["turnover rate", "换手率"],
}
_OP_READ: dict[str, list[str]] = {
    "max": ["higher", "highest", "larger", "largest", "greater", "greatest", "bigger", "biggest", "more", "most",
            "更高", "较高", "最高", "更大", "较大", "最大", "更多", "较多", "最多"],
    "min": ["lower", "lowest", "smaller", "smallest", "less", "least", "fewer", "fewest",
            "更低", "较低", "最低", "更小", "较小", "最小", "更少", "较少", "最少"],
}
_BASIS_READ: dict[str, list[str]] = {
    "single_quarter": ["single-quarter", "single quarter", "for the quarter alone", "单季度", "单季", "当季"],
    "cumulative": ["cumulative", "year-to-date", "year to date", "累计", "年初至今", "年初至报告期末"],
}


@dataclass(frozen=True)
class Keyword:
    key: str
    start: int
    end: int
    raw: str


_CJK = re.compile(r"[\u3400-\u9fff]")


class KeywordTable:
    """Canonical key -> phrases; `find(text)` returns non-overlapping phrase mentions, longest first
    (Latin phrases as whole words, case-insensitive; Chinese as substrings)."""

    def __init__(self, table: Mapping[str, Iterable[str]]):
        entries: list[tuple[str, str]] = []
        for key, phrases in table.items():
            for p in phrases:
                p = p.strip().lower()
                if p and (key, p) not in entries:
                    entries.append((key, p))
        entries.sort(key=lambda kp: -len(kp[1]))
        self.entries = entries
        self._patterns = [(key, _phrase_pattern(p)) for key, p in entries]

    def find(self, text: str) -> list[Keyword]:
        return [Keyword(key=key, start=s, end=e, raw=text[s:e])
                for key, s, e in non_overlapping_matches(self._patterns, text.lower())]


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    if _CJK.search(phrase):
        return re.compile(re.escape(phrase))
    body = r"[\s\-]+".join(re.escape(p) for p in re.split(r"[\s\-]+", phrase))
    plural = "(?:s|es)?" if phrase[-1:].isalpha() else ""  # "gross margins", "closes", "returns"
    return re.compile(r"(?<![a-z0-9])" + body + plural + r"(?![a-z0-9])")


def find_keywords(table: KeywordTable, text: str) -> list[Keyword]:
    return table.find(text)


def _merge(*tables: Mapping[str, Iterable[str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for t in tables:
        for k, v in t.items():
            out.setdefault(k, []).extend(v)
    return out


class Vocabulary:
    """The words of one market: the fixed tables above plus the database's own metric and indicator names."""

    def __init__(self, db: MarketDB):
        self.metric_units: dict[str, str] = {}
        self.metric_names: dict[str, tuple[str, str]] = {}
        for d in db.metric_definitions():
            self.metric_units[d.metric] = d.unit
            self.metric_names[d.metric] = METRIC_NAMES.get(d.metric, (d.name_en.lower(), d.name_zh or d.name_en))
        self.indicators = {m.indicator_id: m for m in db.macro_indicators()}
        self.indicator_names = {i: INDICATOR_NAMES.get(i, (m.name_en, m.name_zh or m.name_en))
                                for i, m in self.indicators.items()}
        metric_read = _merge({m: [n[0], n[1]] for m, n in self.metric_names.items()},
                             {m: v for m, v in METRIC_SYNONYMS.items() if m in self.metric_names},
                             {d.metric: [d.name_en, d.name_zh or ""] for d in db.metric_definitions()})
        indicator_read = _merge({i: [n[0], n[1]] for i, n in self.indicator_names.items()},
                                {i: v for i, v in INDICATOR_SYNONYMS.items() if i in self.indicators},
                                {i: [m.name_en, m.name_zh or "", i] for i, m in self.indicators.items()})
        self.tables: dict[str, KeywordTable] = {
            "metric": KeywordTable(metric_read),
            "indicator": KeywordTable(indicator_read),
            "field": KeywordTable(_FIELD_READ),
            "op": KeywordTable(_OP_READ),
            "basis": KeywordTable(_BASIS_READ),
            "fund_metric": KeywordTable(_merge({k: list(v) for k, v in FUND_METRIC_NAMES.items()},
                                               FUND_METRIC_SYNONYMS)),
            "horizon": KeywordTable(_merge({k: list(v) for k, v in HORIZON_NAMES.items()}, HORIZON_SYNONYMS)),
        }

    def metric(self, metric: str, lang: str) -> str:
        en, zh = self.metric_names.get(metric, (metric, metric))
        return zh if lang == "zh" else en

    def indicator(self, indicator_id: str, lang: str) -> str:
        en, zh = self.indicator_names.get(indicator_id, (indicator_id, indicator_id))
        return zh if lang == "zh" else en
