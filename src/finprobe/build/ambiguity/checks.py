"""The 14 code-level sanity checks (R1–R14, DESIGN §4), run on a constructed candidate without model calls.

Each check is a named function `rN_...(c: CheckInput) -> CheckResult` that handles English and Chinese
(question phrasing, company names, term lists, 亿/万 figures). `run_checks` applies all of them and
returns every result, so a rejected candidate records each check it failed, not only the first.

Figures are compared with the family's magnitude-aware rules (`finprobe.core.numbers`): both sides'
scale words and currency applied, equality at the coarser stated precision.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES
from finprobe.benchmarks.ambiguity.doctor import value_in_text
from finprobe.build.ambiguity.passages import CandidatePassage
from finprobe.core.numbers import find_numbers, parse_number, parse_yes_no, same_figure
from finprobe.core.retrieval import tokenize

__all__ = [
    "CHECKS",
    "CheckInput",
    "CheckResult",
    "DISAMBIGUATING_TERMS",
    "failed_rules",
    "run_checks",
]


@dataclass
class CheckInput:
    """A constructed instance (release-format fields), its passage and the primary category asked for."""

    record: dict[str, Any]
    passage: CandidatePassage
    category: str
    #: the candidate value the constructor was given (None: it chose one)
    candidate_value: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def text(self, key: str) -> str:
        v = self.record.get(key)
        return v.strip() if isinstance(v, str) else ""

    @property
    def language(self) -> str:
        return self.passage.language

    def reading(self, which: str) -> dict[str, str]:
        v = self.record.get(f"{which}_interpretation")
        if not isinstance(v, dict):
            return {}
        return {k: str(x) for k, x in v.items() if x not in (None, "")}


class CheckResult(BaseModel):
    rule: str  # "R1" ... "R14"
    name: str  # the function's name
    passed: bool
    detail: str = ""


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def _result(rule: str, name: str, problems: list[str], ok_detail: str = "") -> CheckResult:
    return CheckResult(rule=rule, name=name, passed=not problems, detail="; ".join(problems) or ok_detail)


_PLACEHOLDERS = frozenset({"", "0", ".", "-", "—", "–", "n/a", "na", "none", "null", "nil", "unknown", "tbd",
                           "not available", "not disclosed", "无", "不适用", "未知", "未披露", "暂无", "0.0", "$0"})


def _placeholder(value: str) -> bool:
    return _norm(value).strip().strip("。.") in _PLACEHOLDERS or _norm(value).strip() in _PLACEHOLDERS


# --------------------------------------------------------------------------- R1
_EN_AUX = re.compile(r"^\W*(?:so,?\s+|and\s+|but\s+)?(?:is|are|was|were|am|do|does|did|has|have|had|can|could|will|"
                     r"would|should|shall|may|might|must|isn't|aren't|wasn't|weren't|didn't|doesn't|don't|hasn't|"
                     r"haven't)\b", re.I)
_ZH_YES_NO = re.compile(r"吗\s*[？?。]?\s*$|么\s*[？?]\s*$|是否|是不是|有没有|能否|可否|对不对|是吗|对吗|是或否")
#: a request for a value in a polite yes/no frame ("Could you tell me ...?", "Do you know what ...?")
_EN_POLITE_REQUEST = re.compile(r"^\W*(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:tell|give|provide|share|state|"
                                r"find|show|report|let\s+me\s+know|look\s+up)\b|^\W*do\s+you\s+know\s+(?:what|how)\b",
                                re.I)
#: "..., didn't it?", "Yes or no."
_EN_TAG = re.compile(r",\s*(?:didn't|doesn't|isn't|wasn't|aren't|weren't|hasn't|haven't|won't|can't|did|was|is)\s+"
                     r"(?:it|they|he|she)\s*\?|\byes\s+or\s+no\b|\btrue\s+or\s+false\b", re.I)


def r1_not_yes_no_question(c: CheckInput) -> CheckResult:
    """R1: Q asks for a value, not a yes/no judgement (P2); and A is not a bare yes/no."""
    q, a = c.text("question"), c.text("answer")
    problems = []
    if c.language == "zh":
        if _ZH_YES_NO.search(q):
            problems.append(f"question {q!r} is a yes/no question (吗/是否/是不是)")
    elif (_EN_AUX.match(q) and not _EN_POLITE_REQUEST.match(q)) or _EN_TAG.search(q) or \
            re.search(r"\bor not\s*\??\s*$", q, re.I):
        problems.append(f"question {q!r} is a yes/no question")
    if a and parse_yes_no(a) is not None and not find_numbers(a):
        problems.append(f"answer {a!r} is yes/no")
    return _result("R1", "r1_not_yes_no_question", problems)


# --------------------------------------------------------------------------- R2
def _en_terms(*alts: str) -> list[re.Pattern[str]]:
    return [re.compile(rf"(?<![a-z0-9]){a}(?![a-z0-9])") for a in alts]


def _zh_terms(*alts: str) -> list[re.Pattern[str]]:
    return [re.compile(a) for a in alts]


#: words that would settle each category's ambiguity if the question used them (EN and ZH)
DISAMBIGUATING_TERMS: dict[str, dict[str, list[re.Pattern[str]]]] = {
    "entity_scope": {
        "en": _en_terms(r"consolidat\w*", r"segments?", r"subsidiar(?:y|ies)", r"parent(?:[- ]company)?(?:[- ]only)?",
                        r"stand-?alone", r"attributable", r"(?:non-?controlling|minority) interests?", r"nci",
                        r"company-wide", r"group-wide", r"divisions?", r"business units?",
                        r"(?:continuing|discontinued) operations"),
        "zh": _zh_terms(r"合并", r"归属于", r"归母", r"少数股东", r"母公司", r"分部", r"子公司", r"本部", r"单体",
                        r"集团口径", r"持续经营"),
    },
    "metric_definition": {
        "en": _en_terms(r"non-?gaap", r"gaap", r"adjusted", r"unadjusted", r"diluted", r"basic", r"pro[- ]forma",
                        r"non-?recurring", r"one-?time items?", r"special items?", r"organic", r"underlying",
                        r"core", r"excluding"),
        "zh": _zh_terms(r"扣非", r"扣除", r"非经常性", r"调整后", r"稀释", r"摊薄", r"基本每股", r"归母", r"归属于",
                        r"备考", r"非公认"),
    },
    "temporal_scope": {
        "en": _en_terms(r"quarter(?!ly)", r"q[1-4]", r"(?:three|six|nine|twelve)[- ]months?", r"year[- ]to[- ]date",
                        r"ytd", r"trailing", r"ttm", r"ltm", r"full[- ]year", r"annual", r"fiscal", r"fy ?'?\d{0,4}",
                        r"calendar", r"half[- ]year", r"h[12]", r"(?:first|second) half", r"year[- ]end(?:ed)?",
                        r"months? ended", r"year[- ]over[- ]year"),
        "zh": _zh_terms(r"季度", r"前三季", r"上半年", r"下半年", r"半年", r"全年", r"年度", r"年初至", r"累计",
                        r"单季",
                        r"财年", r"自然年", r"滚动", r"十二个月", r"12个月", r"TTM", r"同比", r"年末", r"期末"),
    },
    "recognition_policy": {
        "en": _en_terms(r"point[- ]in[- ]time", r"over time", r"gross", r"net basis", r"principal", r"agent",
                        r"recogni[sz]\w*", r"asc ?606", r"ifrs ?15", r"deferred", r"pass[- ]through", r"gmv",
                        r"commissions?"),
        "zh": _zh_terms(r"时点", r"时段", r"总额", r"净额", r"主要责任人", r"代理人", r"确认", r"佣金"),
    },
    "filing_vintage": {
        "en": _en_terms(r"restat\w*", r"originally", r"original", r"as reported", r"as filed", r"amend\w*",
                        r"10-?[kq]/a", r"revised", r"recast", r"previously reported", r"corrected", r"latest filing",
                        r"(?:most )?recent (?:filing|report|10-?k)"),
        "zh": _zh_terms(r"重述", r"追溯", r"更正", r"原报告", r"原披露", r"原始", r"调整前", r"调整后", r"修订",
                        r"差错",
                        r"最新年报", r"重新列报"),
    },
}


def _field_values_differ(c: CheckInput) -> dict[str, str]:
    """Intended values of the fields on which the two readings differ."""
    i, d = c.reading("intended"), c.reading("default")
    return {k: v for k, v in i.items() if _squash(v) != _squash(d.get(k, ""))}


def _squash(text: str) -> str:
    return re.sub(r"[\s\W_]+", "", _norm(text))


def r2_no_disambiguating_terms(c: CheckInput) -> CheckResult:
    """R2: Q holds no term that settles its own ambiguity: the scope/period/definition words of each of the
    instance's categories (EN and ZH lists in `DISAMBIGUATING_TERMS`), and no intended value verbatim."""
    q = _norm(c.text("question"))
    axes = [a for a in c.record.get("axes") or [] if a in DISAMBIGUATING_TERMS] or [c.category]
    lang = "zh" if c.language == "zh" else "en"
    problems = []
    for category in axes:
        hits = []
        # Chinese questions also mix in English terms ("TTM", "Q4", "non-GAAP")
        patterns = DISAMBIGUATING_TERMS[category][lang] + (DISAMBIGUATING_TERMS[category]["en"] if lang == "zh" else [])
        for pattern in patterns:
            m = pattern.search(q)
            if m:
                hits.append(m.group(0))
        if hits:
            problems.append(f"question names {', '.join(repr(h) for h in dict.fromkeys(hits))} ({category})")
    squashed_q = _squash(c.text("question"))
    for key, value in _field_values_differ(c).items():
        v = _squash(value)
        if len(v) >= 4 and v in squashed_q:
            problems.append(f"question states the intended {key} {value!r}")
    return _result("R2", "r2_no_disambiguating_terms", problems)


# --------------------------------------------------------------------------- R3
def _stated_in(value: str, text: str) -> bool:
    """`value`'s figure appears in `text` at least as precisely as `text` states it."""
    target = parse_number(value)
    if target is None:
        return value_in_text(value, text)
    return any(n.is_percent == target.is_percent and same_figure(n, target, sign_agnostic=True)
               and target.precision <= n.precision * (1 + 1e-9) for n in find_numbers(text))


def r3_answer_from_passage(c: CheckInput) -> CheckResult:
    """R3: A is taken from the passage (its figure is stated there, not rounded) and is the candidate value
    the constructor was given."""
    a = c.text("answer")
    problems = []
    if not a:
        problems.append("no answer")
    else:
        if not _stated_in(a, c.passage.text):
            problems.append(f"answer {a!r} is not stated in the passage")
        if c.candidate_value:
            target = parse_number(c.candidate_value)
            got = parse_number(a)
            same = (target is not None and got is not None and same_figure(got, target)
                    and got.precision <= target.precision * (1 + 1e-9))
            if not same and _squash(a) != _squash(c.candidate_value):
                problems.append(f"answer {a!r} is not the candidate value {c.candidate_value!r}")
    return _result("R3", "r3_answer_from_passage", problems)


# --------------------------------------------------------------------------- R4
_EN_SUFFIX = re.compile(r"\s*(?:\((?:fictional|demo)\)|,?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|"
                        r"limited|plc|llc|lp|l\.p|holdings?|group|n\.v|s\.a|ag|se)\.?)+\s*$", re.I)
_ZH_SUFFIX = re.compile(r"(?:[（(](?:虚构|fictional)[)）]|股份有限公司|有限责任公司|有限公司|集团|控股|股份)+$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def company_short_names(company: str, ticker: str | None = None) -> list[str]:
    """Ways a question may name the company: its name without legal suffixes, that name's first word (EN,
    capitalised) or first four characters (ZH), and the ticker without a demo/exchange suffix."""
    names: list[str] = []
    name = company.strip()
    if _CJK.search(name):
        core = _ZH_SUFFIX.sub("", re.sub(r"\s+", "", name))
        names += [core, core[:4]] if len(core) > 4 else [core]
    else:
        prev = None
        core = name
        while prev != core:
            prev, core = core, _EN_SUFFIX.sub("", core).strip()
        words = core.split()
        names += [core]
        if words and len(words[0]) >= 3:
            names.append(words[0])
    if ticker:
        t = re.sub(r"[-.](?:demo|t|sh|sz|hk|n|o)$", "", ticker.strip(), flags=re.I)
        if len(t) >= 2:
            names.append(t)
    return [n for n in dict.fromkeys(names) if n]


def r4_company_named(c: CheckInput) -> CheckResult:
    """R4: Q names the company (P3): a capitalised proper noun in English, the CJK name in Chinese (short
    forms without legal suffixes count), or the ticker."""
    q = c.text("question")
    names = company_short_names(c.passage.company, c.passage.ticker)
    ticker = names[-1] if c.passage.ticker and names else None
    if ticker and re.search(rf"(?<![A-Za-z0-9]){re.escape(ticker)}(?![A-Za-z0-9])", q) and not ticker.islower():
        return _result("R4", "r4_company_named", [], f"names the ticker {ticker!r}")
    for n in names:
        if _CJK.search(n):
            if n in q:
                return _result("R4", "r4_company_named", [], f"names {n!r}")
        elif re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![a-z])", q) and n[:1].isupper():
            return _result("R4", "r4_company_named", [], f"names {n!r}")
    return _result("R4", "r4_company_named", [f"question {q!r} does not name the company ({' / '.join(names)})"])


# --------------------------------------------------------------------------- R5
_METRIC_EN = re.compile(
    r"(?<![a-z])(?:revenues?|sales|income|profits?|earnings|eps|ebitda|ebit|margins?|cash flows?|assets|"
    r"liabilit(?:y|ies)|"
    r"equity|debt|expenses?|costs?|capex|capital expenditures?|dividends?|backlog|bookings|arr|book value|loss(?:es)?|"
    r"r&d|research and development|taxes|interest expense|depreciation|amortization|inventor(?:y|ies)|receivables|"
    r"goodwill|payables|borrowings|gmv|turnover|shares outstanding|free cash flow|operating cash flow|return on|"
    r"earn(?:s|ed)?|profitab\w*|spen[dt]|capital spending)"
    r"(?![a-z])")
_METRIC_ZH = re.compile(r"收入|营收|利润|毛利|每股收益|资产|负债|现金流|费用|成本|股息|分红|净资产|所有者权益|"
                        r"存货|应收|应付|盈利|亏损|盈亏|赚|"
                        r"研发投入|资本开支|借款|商誉|营业额|交易额|收益")


def r5_asks_financial_metric(c: CheckInput) -> CheckResult:
    """R5: Q asks for a financial metric (revenue, net income, EPS, assets, 营业收入, 净利润, 每股收益, ...)."""
    q = _norm(c.text("question"))
    if _METRIC_EN.search(q) or _METRIC_ZH.search(q):
        return _result("R5", "r5_asks_financial_metric", [])
    return _result("R5", "r5_asks_financial_metric", [f"question {c.text('question')!r} names no financial metric"])


# --------------------------------------------------------------------------- R6
_COUNT_EN = re.compile(r"\bhow many\b|\bnumber of\b|\bcount of\b|\bheadcount\b", re.I)
_COUNT_ZH = re.compile(r"多少(?:家|名|个|人|户|座|间|辆|台|位|笔)|几(?:家|名|个|人|户)|数量|人数|家数|户数|门店数")


def r6_no_percent_for_count(c: CheckInput) -> CheckResult:
    """R6: a question that asks for a count ("how many", "number of", 多少家, 人数) is not answered with a
    percentage."""
    q = c.text("question")
    is_count = bool(_COUNT_EN.search(q) or _COUNT_ZH.search(q))
    problems = []
    if is_count:
        for key in ("answer", "default_answer"):
            n = parse_number(c.text(key))
            if n is not None and n.is_percent:
                problems.append(f"count question answered with a percentage ({key} {c.text(key)!r})")
    return _result("R6", "r6_no_percent_for_count", problems)


# --------------------------------------------------------------------------- R7
def r7_context_omits_answer(c: CheckInput) -> CheckResult:
    """R7: C does not contain A (P4): no figure in C is A's figure at the coarser precision ("$47B" leaks
    $46.75B), and A's text does not appear in C."""
    ctx, a = c.text("context"), c.text("answer")
    problems = []
    if a and _squash(a) and _squash(a) in _squash(ctx):
        problems.append(f"context contains the answer text {a!r}")
    else:
        target = parse_number(a)
        if target is not None and not target.is_year_like:
            for n in find_numbers(ctx):
                same_kind = not n.is_year_like and n.is_percent == target.is_percent
                if same_kind and same_figure(n, target, sign_agnostic=True):
                    problems.append(f"context states {n.raw!r}, the answer's figure")
                    break
    return _result("R7", "r7_context_omits_answer", problems)


# --------------------------------------------------------------------------- R8
def r8_readings_differ(c: CheckInput) -> CheckResult:
    """R8: the intended and default interpretations differ in at least one field."""
    i, d = c.reading("intended"), c.reading("default")
    if not i or not d:
        return _result("R8", "r8_readings_differ", ["an interpretation is missing"])
    differ = [k for k in dict.fromkeys([*i, *d]) if _squash(i.get(k, "")) != _squash(d.get(k, ""))]
    if not differ:
        return _result("R8", "r8_readings_differ", ["intended and default interpretations are the same"])
    return _result("R8", "r8_readings_differ", [], f"differ in {', '.join(differ)}")


# --------------------------------------------------------------------------- R9
def r9_valid_categories(c: CheckInput) -> CheckResult:
    """R9: the category labels are the five canonical names, without repeats, at most three, and the first
    (primary) is the category the constructor was asked for."""
    axes = c.record.get("axes")
    problems = []
    if not isinstance(axes, list) or not axes:
        problems.append("no category labels")
    else:
        bad = [a for a in axes if a not in CATEGORY_NAMES]
        if bad:
            problems.append(f"labels outside the five: {bad}")
        if len(set(axes)) != len(axes):
            problems.append("a label is repeated")
        if len(axes) > 3:
            problems.append(f"{len(axes)} labels (at most one primary and two secondary)")
        if axes[0] != c.category:
            problems.append(f"primary category {axes[0]!r}, asked for {c.category!r}")
    return _result("R9", "r9_valid_categories", problems)


# --------------------------------------------------------------------------- R10, R11
def r10_answer_present(c: CheckInput) -> CheckResult:
    """R10: A is non-empty and not a placeholder ("0", ".", "N/A", "无")."""
    a = c.text("answer")
    if _placeholder(a):
        return _result("R10", "r10_answer_present", [f"answer {a!r} is empty or a placeholder"])
    return _result("R10", "r10_answer_present", [])


def _same_value(a: str, b: str) -> bool:
    na, nb = parse_number(a), parse_number(b)
    if na is not None and nb is not None:
        return na.is_percent == nb.is_percent and same_figure(na, nb)
    return _squash(a) == _squash(b)


def r11_default_answer_differs(c: CheckInput) -> CheckResult:
    """R11: A_d is present and is not A (magnitude-aware: "$46.75B" and "$46,750 million" are the same)."""
    a, d = c.text("answer"), c.text("default_answer")
    if _placeholder(d):
        return _result("R11", "r11_default_answer_differs", [f"default_answer {d!r} is empty or a placeholder"])
    if a and _same_value(a, d):
        return _result("R11", "r11_default_answer_differs", [f"default_answer {d!r} is the answer {a!r}"])
    return _result("R11", "r11_default_answer_differs", [])


# --------------------------------------------------------------------------- R12, R13
def r12_evidence_spans_present(c: CheckInput) -> CheckResult:
    """R12: both evidence spans are non-empty and quoted from the passage (a span the passage does not
    contain is no evidence, and the family's corpus check needs literal spans)."""
    problems = []
    for key in ("intended_evidence_span", "default_evidence_span"):
        span = c.text(key)
        if not span:
            problems.append(f"{key} is empty")
        elif span not in c.passage.text:
            problems.append(f"{key} {span!r} is not quoted from the passage")
    return _result("R12", "r12_evidence_spans_present", problems)


#: spans sharing more than this share of their tokens are one piece of evidence, not two
MAX_SPAN_OVERLAP = 0.85


def span_overlap(a: str, b: str) -> float:
    """Token overlap of two spans: Jaccard |A ∩ B| / |A ∪ B| over the core bilingual tokens (stemmed EN
    words, jieba ZH words, numbers). Jaccard, not overlap over the smaller span: the paired Chinese spans
    "归属于上市公司股东的扣除非经常性损益的净利润3.68亿元" / "归属于上市公司股东的净利润4.27亿元" are two pieces of
    evidence, yet nearly every token of the shorter is in the longer."""
    ta, tb = set(tokenize(a)), set(tokenize(b))
    if not ta or not tb:
        return 1.0 if _squash(a) == _squash(b) else 0.0
    return len(ta & tb) / len(ta | tb)


def r13_spans_distinct(c: CheckInput) -> CheckResult:
    """R13: the two evidence spans are not identical and overlap at most 85% (token overlap)."""
    a, b = c.text("intended_evidence_span"), c.text("default_evidence_span")
    if not a or not b:
        return _result("R13", "r13_spans_distinct", ["an evidence span is empty"])
    if _squash(a) == _squash(b):
        return _result("R13", "r13_spans_distinct", ["the evidence spans are identical"])
    overlap = span_overlap(a, b)
    if overlap > MAX_SPAN_OVERLAP:
        return _result("R13", "r13_spans_distinct", [f"the evidence spans overlap {overlap:.0%} (> 85%)"])
    return _result("R13", "r13_spans_distinct", [], f"overlap {overlap:.0%}")


# --------------------------------------------------------------------------- R14
MIN_RATE_GAP_PP = 1.5
MIN_AMOUNT_GAP = 0.03


def r14_answers_far_apart(c: CheckInput) -> CheckResult:
    """R14: A and A_d are far enough apart to tell which reading an answer took: more than 1.5 percentage
    points for rates, more than 3% for amounts (relative to the larger of the two)."""
    a, d = parse_number(c.text("answer")), parse_number(c.text("default_answer"))
    if a is None or d is None:
        return _result("R14", "r14_answers_far_apart", ["answer or default_answer states no figure"])
    if a.is_percent != d.is_percent:
        return _result("R14", "r14_answers_far_apart", ["one answer is a rate and the other an amount"])
    if a.is_percent:
        gap = abs(a.value - d.value) * 100
        ok = gap > MIN_RATE_GAP_PP
        detail = f"{gap:.2f} percentage points apart"
    else:
        base = max(abs(a.value), abs(d.value))
        gap = abs(a.value - d.value) / base if base else 0.0
        ok = gap > MIN_AMOUNT_GAP
        detail = f"{gap:.1%} apart"
    return _result("R14", "r14_answers_far_apart", [] if ok else [f"answers only {detail}"], detail)


# --------------------------------------------------------------------------- all
CHECKS: dict[str, Callable[[CheckInput], CheckResult]] = {
    "R1": r1_not_yes_no_question,
    "R2": r2_no_disambiguating_terms,
    "R3": r3_answer_from_passage,
    "R4": r4_company_named,
    "R5": r5_asks_financial_metric,
    "R6": r6_no_percent_for_count,
    "R7": r7_context_omits_answer,
    "R8": r8_readings_differ,
    "R9": r9_valid_categories,
    "R10": r10_answer_present,
    "R11": r11_default_answer_differs,
    "R12": r12_evidence_spans_present,
    "R13": r13_spans_distinct,
    "R14": r14_answers_far_apart,
}


def run_checks(c: CheckInput) -> list[CheckResult]:
    """All 14 checks, in order; a check that raises is recorded as failed with the error (never skipped)."""
    out = []
    for rule, check in CHECKS.items():
        try:
            out.append(check(c))
        except Exception as exc:  # noqa: BLE001 - a bug in one rule must not pass a candidate silently
            out.append(CheckResult(rule=rule, name=check.__name__, passed=False, detail=f"check raised {exc!r}"))
    return out


def failed_rules(results: list[CheckResult]) -> list[str]:
    return [r.rule for r in results if not r.passed]
