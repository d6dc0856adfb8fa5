"""Magnitude-aware grading of a free-text numeric answer against a reference (DESIGN §2, FinInteract).

Public names are re-exported by `finprobe.core.numbers`; import them from there.

Each number of the answer gets one role:
- `label`: not a quantity (a bare year, a date part, an enumerator, "10-K", a ticker);
- `context`: introduced as a comparison or change ("vs.", "compared with", "an increase of", "from X",
  "up", "同比", "较上年", "12% year-over-year", an explicit "+12%"), or chained to such a figure (", or 12%");
- `period`: stated for another period ("last year it was", "上年同期为", or a clause naming a fiscal year the
  reference does not); a weak context: such figures are graded only when the answer states nothing else;
- `count`: a number of things: a small bare integer or a currency-less scaled figure followed by a noun
  ("3 segments", "2.3 million shares", "10家"); graded only when the reference itself is a bare number;
- `per_unit`: a per-share figure ("$1.52 per diluted share", "0.52元/股", "每股收益0.52元", "EPS of $1.52");
  graded instead of the stated values when the reference is itself per-share, else only when the answer
  states nothing else (an EPS given beside net income is not a second answer);
- `share`: a percentage of a whole ("35% of total revenue", "占总收入的35%"); graded only for a percent
  reference (it is context beside an amount);
- `operand`: a figure the answer's value is derived from ("excluding $82.1M of stock-based compensation",
  "after $22.3M attributable to the noncontrolling interest", "less $635.4M", "（1.23亿元已剔除）", quarters
  that sum to the stated total, the lines of a reconciliation table: `_derivation.derivation_operands`); not
  a candidate, but a grader can still see that it was stated (a derivation that states the other reading's
  value is a hedge under the paper's rule, see `finprobe.benchmarks.ambiguity.grading`);
- `other_metric`: labelled as another figure than the one asked for ("当年非经常性损益合计0.52亿元" beside the
  扣非净利润 asked for), when the caller says which labels those are (`other_figure`); context, but still
  stated (a grader can see an answer that states the other reading's value under another label);
- `candidate`: everything else.

The whole of a share is `context`: "of total revenue of $133.6B", "out of $133.6B", "14% of the segment's
full-year revenue of $1.3 billion", "占合并营业收入（86.40亿元）的25.1%". Bare figures of a markdown table
carry the unit its row header, column header or caption states ("Revenue ($ millions) | 184.2").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict

from finprobe.core._derivation import apply_table_units, derivation_operands, ratio_operands
from finprobe.core._numparse import (
    ParsedNumber,
    date_spans,
    equal_at_full_precision,
    extract_years,
    find_numbers,
    fiscal_year_aliases,
    fiscal_year_mentions,
    is_label,
    normalise_chars,
    same_figure,
    year_mentions,
)
from finprobe.core._textmatch import text_answer_match

Role = Literal["label", "context", "period", "count", "per_unit", "share", "operand", "other_metric", "candidate"]
#: a predicate on the label a figure carries (the words of its clause before it, lower case): True when the label
#: names another figure than the reference ("当年非经常性损益合计" when net income is asked for)
OtherFigure = Callable[[str], bool]
Verdict = Literal["match", "mismatch", "no_answer", "hedge", "year_mismatch"]


class ClassifiedNumber(BaseModel):
    """A number of an answer with the role it plays there and why."""

    model_config = ConfigDict(frozen=True)

    number: ParsedNumber
    role: Role
    why: str


class MagnitudeMatch(BaseModel):
    """Verdict of `magnitude_match`. Only "match" is correct; `candidate` is the graded value."""

    verdict: Verdict
    candidate: float | None = None
    candidates: list[float] = []
    reason: str = ""
    reference: float | None = None
    #: a match whose only conflict is a year label: the stated value equals the reference at the
    #: reference's full stated precision, but the answer names another (fiscal) year than the reference
    year_label_conflict: bool = False

    @property
    def correct(self) -> bool:
        return self.verdict == "match"


# --------------------------------------------------------------------------- trigger vocabulary
def _words(*items: str) -> str:
    return "|".join(sorted(items, key=len, reverse=True))


# English triggers are matched on lower-cased text between word boundaries; Chinese ones as substrings.
# At one position the longest alternative wins, so "compared to" is not read as the level word "to".
_CONTEXT_EN = _words(
    "vs", "versus", "compared with", "compared to", "compared against", "in comparison with",
    "in comparison to", "relative to", "as against", "against", "from", "up", "down", "increase",
    "increased", "increases", "increasing", "decrease", "decreased", "decreases", "decreasing", "rise",
    "rises", "risen", "rose", "rising", "fell", "fall", "falls", "fallen", "falling", "drop", "drops",
    "dropped", "dropping", "decline", "declined", "declines", "declining", "grew", "grow", "grows",
    "grown", "growing", "growth", "gain", "gains", "gained", "jump", "jumped", "jumps", "climbed",
    "climb", "surged", "surge", "plunged", "slumped", "shrank", "shrunk", "expanded", "contracted",
    "improved", "improvement", "reduction", "higher", "lower", "change", "changed", "changes", "by",
    "than", "yoy", "y/y", "year-over-year", "year-on-year", "over the prior year", "of total",
    "of the total", "out of", "out of a total of",
)
_STRICT_EN = {"from", "by", "than", "up", "down", "against"}  # only filler words may follow these
_PERIOD_EN = _words(
    "prior year", "prior-year", "previous year", "preceding year", "last year", "a year earlier",
    "year earlier", "a year ago", "prior period", "prior fiscal year", "previous fiscal year",
    "same period last year", "prior quarter", "previous quarter", "last quarter",
)
_LEVEL_EN = _words(
    "to", "at", "reached", "reaching", "reach", "totaled", "totalled", "totaling", "totalling", "total",
    "was", "were", "is", "are", "be", "been", "amounted", "amounting", "stood", "came in", "equal",
    "equals", "equaled", "equalled", "became", "landed",
)
_CONTEXT_ZH = _words(
    "较上年同期", "较去年同期", "比上年同期", "比去年同期", "与上年相比", "与去年相比", "较上年", "较去年",
    "比上年", "比去年", "较上期", "同比", "环比", "相比", "相较", "对比", "高于", "低于", "多于", "少于", "较", "比", "增长", "增加",
    "上升", "上涨", "提高", "提升", "增幅", "下降", "减少", "下滑", "降低", "下跌", "降幅", "变动", "由",
    "从", "增", "降", "减", "涨", "跌",
)
_STRICT_ZH = {"较", "比", "由", "从"}
#: comparisons name what is compared before its figure ("compared with GAAP operating income of $188.9M")
_COMPARE = frozenset({"vs", "versus", "compared with", "compared to", "compared against", "in comparison with",
                      "in comparison to", "relative to", "as against", "相比", "相较", "对比"})
# operands of a derivation: "excluding $82.1M of SBC", "after $22.3M attributable to NCI", "less $635.4M",
# "plus $58.5M", "adding back stock-based compensation ($82.1M)", "剔除1.23亿元"
_OPERAND_EN = _words(
    "excluding", "excludes", "exclusive of", "excl", "less", "minus", "plus", "after", "before", "net of",
    "adding back", "added back", "add back", "adds back", "add-backs of", "add-back of", "addbacks of",
    "deducting", "subtracting", "removing", "stripping out", "without",
)
_OPERAND_ZH = _words("剔除", "扣除", "减去", "加上", "加回", "扣掉", "不含", "不包括", "减除")
#: a figure followed by these was taken out of or added to the value ("$41.2M excluded", "1.23亿元已剔除")
_OPERAND_AFTER_RE = re.compile(
    r"\s*(?:of\s+[a-z][a-z\s'-]{0,40}?\s+)?(?:(?:was|were|is|are|has been|have been|being)\s+)?"
    r"(?:excluded|added back|deducted|stripped out|removed|subtracted|taken out|backed out)(?![a-z])"
    r"|[^\d,;。，；(（]{0,6}?(?:已被?|被)(?:剔除|扣除|加回|减去)|\s*除外"
)
_PERIOD_ZH = _words("上年同期", "去年同期", "上年度", "上一年", "前一年", "上年", "去年", "上期", "上季度")
_LEVEL_ZH = _words("达到", "约为", "共计", "合计", "总计", "录得", "实现", "至", "到", "达", "为", "是")

_TRIGGER_RE = re.compile(
    rf"(?<![a-z0-9])(?P<oe>{_OPERAND_EN})(?![a-z])|(?P<oz>{_OPERAND_ZH})"
    rf"|(?<![a-z0-9])(?P<pe>{_PERIOD_EN})(?![a-z])"
    rf"|(?<![a-z0-9])(?P<ce>{_CONTEXT_EN})(?![a-z])"
    rf"|(?<![a-z0-9])(?P<le>{_LEVEL_EN})(?![a-z])"
    rf"|(?P<pz>{_PERIOD_ZH})|(?P<cz>{_CONTEXT_ZH})|(?P<lz>{_LEVEL_ZH})|(?P<lp>[:=≈])"
)
_FILLER_EN = frozenset(
    "the a an of by in on approximately approx about around roughly nearly almost some just only over under "
    "more less than its their prior previous preceding last year years year's years' prior-year same period "
    "figure level amount total estimated another further additional slightly sharply significantly strongly "
    "modestly marginally materially substantially fiscal fy yoy year-over-year year-on-year or and from "
    "reported respectively".split()
)
_FILLER_ZH = frozenset("的了约近逾超过年度同期末上去全共计期")
_LOSS_RE = re.compile(r"(?<![a-z])(?:loss|losses|deficit|outflow|outflows|negative|shortfall)(?![a-z])|亏损|负(?!债)|流出")
_BOUNDARY_RE = re.compile(r"[;!?。\n、]|\.(?=\s|$)|,(?!\d)")
_SENTENCE_RE = re.compile(r"[;!?。\n]|\.(?=\s|$)")
_SUBCLAUSE_RE = re.compile(
    r"[;!?。\n、]|\.(?=\s|$)|,(?!\d)|(?<![a-z])(?:and|while|whereas|but|versus|vs|compared|against|than|from|to)(?![a-z])"
    r"|而|但|和|与|及"
)
_CHAIN_RE = re.compile(
    r"\s*[,(/]?\s*(?:or|and|i\.e\.|或|及|即)?\s*(?:approximately|about|roughly|nearly|约)?\s*[(]?\s*"
)
_TRAIL_RE = re.compile(
    r"\s*(?:(?:in|for|over|than|from|versus|vs)\s+(?:the\s+)?)?(?:prior|previous|preceding|last|same\s+period\s+last)"
    r"(?:[\s-]+fiscal)?[\s-]+(?:year|period|quarter)"
    r"|\s*(?:a\s+)?year\s+(?:earlier|ago|before)"
    r"|\s*(?:year-over-year|year-on-year|yoy|y/y)(?![a-z])"
    r"|\s*(?:increase|decrease|growth|decline|rise|drop|gain|jump|improvement|reduction)(?![a-z])"
    r"|\s*(?:higher|lower|more|less|above|below|up|down)\s+(?:than|from|on|over|vs|versus|compared|year)(?![a-z])"
    r"|\s*的?(?:增长|增幅|下降|降幅|增加|减少|上升|涨幅|跌幅)"
)
_FUNCTION_WORDS = frozenset(
    "in for to from and or vs versus compared at on of as by was were is are which that with than the a an per "
    "each during over under higher lower up down yoy while but after before since when according this these "
    "it its respectively approximately about total overall net gross reported hong kong new taiwan australian "
    "canadian singapore japanese yen won rupees pounds francs sterling swiss dollar dollars".split()
)
# per-share figures: "$1.52 per diluted share", "$1.52 a share", "0.52元/股", "每股0.52元", "EPS of $1.52"
_PER_UNIT_AFTER_RE = re.compile(
    r"\s*(?:per\s+(?:diluted\s+|basic\s+)?(?:common\s+|ordinary\s+)?(?:share|ads|adr)|a\s+(?:diluted\s+)?share"
    r"|/\s*(?:diluted\s+|basic\s+)?share|每股|/\s*股)(?![a-z])"
)
_PER_UNIT_BEFORE_RE = re.compile(
    r"每股|(?<![a-z])(?:eps|per\s+(?:diluted\s+|basic\s+)?(?:common\s+)?share|earnings\s+per)(?![a-z])"
)
# a percentage of a whole: "35% of total revenue", "占总收入的35%"
_SHARE_AFTER_RE = re.compile(r"\s*of(?![a-z])")
_SHARE_BEFORE_RE = re.compile(r"占")
_CLASSIFIER_RE = re.compile(r"\s*(?:个月|个|家|名|项|次|只|条|位|户|笔|倍|年|月|日|天|周|季度|人|股|类)")
_ABBREVIATIONS = re.compile(r"(?i)\b(?:vs|approx|est|incl|no|u\.s|e\.g|i\.e|etc|inc|corp|co|ltd)\.")


def _analysis_text(text: str) -> str:
    """Lower-cased normalised text, same length as `text`, with the dots of abbreviations blanked."""
    norm = normalise_chars(text)
    low = "".join(c.lower() if len(c.lower()) == 1 else c for c in norm)
    return _ABBREVIATIONS.sub(lambda m: m.group(0).replace(".", " "), low)


def _tail_after_boundary(seg: str) -> str:
    last = None
    for last in _BOUNDARY_RE.finditer(seg):  # noqa: B007 - the loop keeps the last match
        pass
    return seg[last.end() :] if last else seg


def _head_before_boundary(s: str) -> str:
    m = _BOUNDARY_RE.search(s)
    return s[: m.start()] if m else s


def _governs(trigger: str, between: str, *, limit: int = 2) -> bool:
    """Whether a context trigger applies to the number that follows it after `between`: only filler words
    between for a strict trigger ("from", "by"), at most `limit` other words for the others, and up to six
    for a comparison, which names what is compared ("compared with GAAP operating income of $188.9M")."""
    strict = trigger in _STRICT_EN or trigger in _STRICT_ZH
    if trigger in _COMPARE:
        return _other_words(between, cjk_weight=0.5) <= 6
    return _other_words(between) == 0 if strict else _other_words(between) <= limit


def _other_words(between: str, *, cjk_weight: float = 1.0) -> float:
    """Words of `between` that are not filler; each Chinese character counts `cjk_weight` (a two-character
    word is one word at 0.5)."""
    others = 0.0
    for tok in re.findall(r"[a-z]+(?:['’-][a-z]+)*|\d+|[\u4e00-\u9fff]", between):
        if tok in _FILLER_EN or tok in _FILLER_ZH or re.fullmatch(r"(?:19|20)\d\d", tok):
            continue
        others += cjk_weight if "\u4e00" <= tok <= "\u9fff" else 1.0
    return others


#: between two operands of one list ("$82.1M of stock-based compensation and $34.4M of amortization",
#: "($82.1 million) and amortization of acquired intangibles (", "、资产处置收益")
_OPERAND_LINK = re.compile(r"(?:,|\band\b|\bplus\b|\+|、|及|和|以及|与)")
_RESULT_WORDS = re.compile(r"(?<![a-z])(?:giving|gives|to arrive|arriving|resulting|results|was|were|is|are|came|comes"
                           r"|total|totaling|totalling|equals?|leaves?|leaving)(?![a-z])|=|得到|为|是|合计|即")


_VERB_RE = re.compile(r"(?<![a-z])(?:was|were|is|are|giving|gives|equals?|came|comes)(?![a-z])|=")


def _chained_operand(seg: str) -> bool:
    """`seg` (the text between an operand and the next number) continues the operand list."""
    if re.search(r"[;。；!?]|\.(?=\s|$)", seg) or _RESULT_WORDS.search(seg) or not _OPERAND_LINK.search(seg):
        return False
    return _other_words(re.sub(r"\band\b|\bplus\b|\bof\b", " ", seg), cjk_weight=0.5) <= 4


#: "43% of the company's adjusted EBITDA, or $318.2 million": a figure put after ", or" / "i.e." restates the share
#: as an amount (the part), it is not the whole the share is taken of
_RESTATED_SHARE = re.compile(r"(?:,|;|—|–|\(|^)\s*(?:or|i[\s.]*e\b\.?|that is|which is|equal to|equivalent to|amounting to"
                             r"|representing|worth)\s*,?\s*(?:about|roughly|approximately|around|some|nearly|almost)?\s*\(?\s*$"
                             r"|(?:，|,)\s*(?:即|约为|约|合计)\s*$")
_WHOLE = "the whole of a share"
#: "占合并营业收入（86.40亿元）的25.1%": the figure between 占 and the share is the share's whole
_ZH_SHARE_TAIL = re.compile(r"^[^,;。，；]*?的\s*[\d.]+\s*%")


class _Layout:
    """Clause boundaries and year mentions of one answer, computed once (answers can be long)."""

    def __init__(self, a: str) -> None:
        self.a = a
        self.sub = [m.span() for m in _SUBCLAUSE_RE.finditer(a)]
        self.sentence = [m.span() for m in _SENTENCE_RE.finditer(a)]
        self.years = year_mentions(a)
        self.fiscal = fiscal_year_mentions(a)
        self.blanked: list[tuple[int, int]] = []

    @staticmethod
    def _span(bounds: list[tuple[int, int]], lo_pos: int, hi_pos: int, size: int) -> tuple[int, int]:
        i = bisect.bisect_left(bounds, (lo_pos, -1))  # boundaries starting before the number
        lo = max((e for _, e in bounds[max(0, i - 3) : i] if e <= lo_pos), default=0)
        j = bisect.bisect_left(bounds, (hi_pos, -1))
        return lo, bounds[j][0] if j < len(bounds) else size

    def subclause(self, n: ParsedNumber) -> tuple[int, int]:
        return self._span(self.sub, n.start, n.end, len(self.a))

    def years_in(self, lo: int, hi: int) -> set[int]:
        return {
            y for s, e, y in self.years
            if lo <= s and e <= hi and not any(bs <= s and e <= be for bs, be in self.blanked)
        }

    def clause_years(self, n: ParsedNumber) -> set[int]:
        """Years named in the number's sub-clause (split at commas and conjunctions), else in its
        sentence ("In FY2022, revenue was $41.7B"); comparison clauses are not looked at."""
        years = self.years_in(*self.subclause(n))
        if not years:
            years = self.years_in(*self._span(self.sentence, n.start, n.end, len(self.a)))
        return years

    def blank_context(self, classified: list[ClassifiedNumber]) -> None:
        """Ignore the sub-clauses of comparison/change figures: a year named there ("vs $28.9B in 2022")
        is the comparison's period, not the period the answer states."""
        self.blanked = [self.subclause(c.number) for c in classified if c.role in ("context", "operand")]

    def stated_years(self) -> set[int]:
        return self.years_in(0, len(self.a))

    def stated_fiscal_years(self) -> set[int]:
        """Years the answer names with a fiscal-year label ("fiscal 2024"), comparison clauses left out."""
        return {y for s, e, y in self.fiscal if not any(bs <= s and e <= be for bs, be in self.blanked)}


def stated_years(answer_text: str) -> set[int]:
    """Fiscal years the answer states for its own value: `extract_years` outside comparison clauses."""
    if not isinstance(answer_text, str):
        return set()
    layout = _Layout(_analysis_text(answer_text))
    layout.blank_context(classify_numbers(answer_text))
    return layout.stated_years()


def _is_count(n: ParsedNumber, a: str) -> bool:
    """A number of things rather than money or a rate: "3 segments", "2.3 million shares", "10家"."""
    if n.is_percent or n.currency:
        return False
    after = a[n.end : n.end + 20]
    if _CLASSIFIER_RE.match(after):
        return True
    word = re.match(r"\s+([a-z]+)", after)
    if word is None or word.group(1) in _FUNCTION_WORDS:
        return False
    return n.scale != 1.0 or (n.decimals <= 0 and abs(n.value) < 1000)


def _is_per_unit(n: ParsedNumber, a: str, local: str) -> bool:
    """A per-share figure: followed by "per (diluted|basic) share" / 每股 / "/股", or introduced by 每股 / EPS
    in its own stretch of text (`local`: from the previous number or clause boundary to this number)."""
    if n.is_percent:
        return False
    return bool(_PER_UNIT_AFTER_RE.match(a, n.end) or _PER_UNIT_BEFORE_RE.search(local))


def _is_share(n: ParsedNumber, a: str, local: str) -> bool:
    return n.is_percent and bool(_SHARE_AFTER_RE.match(a, n.end) or _SHARE_BEFORE_RE.search(local))


def classify_numbers(answer_text: str, *, reference_years: set[int] | None = None,
                     other_figure: OtherFigure | None = None) -> list[ClassifiedNumber]:
    """Every number of `answer_text` with its role (see the module docstring). `other_figure`, when given,
    says which labels name another figure than the one asked for (role `other_metric`). Never raises."""
    if not isinstance(answer_text, str):
        return []
    numbers = apply_table_units(answer_text, find_numbers(answer_text))
    norm = normalise_chars(answer_text)
    a = _analysis_text(answer_text)
    dates = date_spans(norm)
    out: list[ClassifiedNumber] = []
    prev_end, prev_context, prev_role, prev_why = 0, False, "label", ""
    for n in numbers:
        if n.is_year_like or is_label(n, norm, dates):
            out.append(ClassifiedNumber(number=n, role="label", why="year, date part or label"))
            continue
        seg = a[prev_end : n.start]
        role: Role = "candidate"
        why = ""
        local = _tail_after_boundary(seg)
        if prev_context and _CHAIN_RE.fullmatch(seg) and not (prev_why == _WHOLE and _RESTATED_SHARE.search(seg)):
            role, why = "context", "chained to a comparison/change figure"
        elif prev_role == "operand" and _chained_operand(seg):
            role, why = "operand", "listed with an operand of the derivation"
        elif prev_role == "share" and re.match(r"\s*of(?![a-z])", seg) and _other_words(seg) <= 6 \
                and not _VERB_RE.search(seg) and not _RESTATED_SHARE.search(seg):
            role, why = "context", _WHOLE
        elif "占" in local and _ZH_SHARE_TAIL.match(_head_before_boundary(a[n.end : n.end + 40])):
            role, why = "context", _WHOLE
        elif re.match(r"^[^\d]*\+", n.raw):
            role, why = "context", "an explicit + sign marks a change"
        elif _OPERAND_AFTER_RE.match(a, n.end):
            role, why = "operand", "taken out of or added to the value"
        else:
            last = None
            for last in _TRIGGER_RE.finditer(local):  # noqa: B007 - the loop keeps the last match
                pass
            period = any(m.group("pe") or m.group("pz") for m in _TRIGGER_RE.finditer(local))
            if last is not None and (last.group("ce") or last.group("cz")):
                trigger = last.group(0)
                if _governs(trigger, local[last.end() :]):
                    role, why = "context", f"introduced by {trigger!r}"
            elif last is not None and (last.group("oe") or last.group("oz")):
                # the item's name may stand between ("excluding restructuring charges of $58.5M", 扣除非经常性损益1.23亿元)
                between = local[last.end() :]
                # …后 closes the item: "扣除政府补助后净利润5.08亿元" states the result
                if _other_words(between, cjk_weight=1 / 3) <= 4 and "后" not in between:
                    role, why = "operand", f"an operand of the derivation ({last.group(0)!r})"
            if role == "candidate":
                trail_src = _head_before_boundary(a[n.end : n.end + 60])
                if _TRAIL_RE.match(trail_src):
                    role, why = "context", f"followed by {trail_src.strip()[:20]!r}"
            if role == "candidate" and period:
                role, why = "period", "stated for another period"
        if role == "candidate" and _is_per_unit(n, a, _tail_after_boundary(seg)):
            role, why = "per_unit", "a per-share figure"
        elif role == "candidate" and _is_share(n, a, _tail_after_boundary(a[max(0, n.start - 60) : n.start])):
            role, why = "share", "a percentage of a whole"
        if role == "candidate" and _is_count(n, a):
            role, why = "count", "a count of something"
        out.append(ClassifiedNumber(number=n, role=role, why=why or "stated value"))
        prev_end, prev_context, prev_role, prev_why = n.end, role == "context", role, why
    if reference_years:
        # Second pass, once comparison clauses are known: a value in a clause that names only other
        # fiscal years ("FY2022: $41.7B") is that year's figure.
        layout = _Layout(a)
        layout.blank_context(out)
        for i, c in enumerate(out):
            if c.role in ("candidate", "count", "per_unit"):
                years = layout.clause_years(c.number)
                if years and not years & reference_years:
                    out[i] = ClassifiedNumber(number=c.number, role="period", why=f"stated for {sorted(years)}")
    _mark_derivation(answer_text, out)
    _mark_ratio(answer_text, out)
    if other_figure is not None:
        _mark_other_figures(a, out, other_figure)
    return out


def _mark_other_figures(a: str, out: list[ClassifiedNumber], other_figure: OtherFigure) -> None:
    """Candidates whose own label (their clause, from the previous number or boundary up to them) names
    another figure become `other_metric`."""
    prev_end = 0
    for i, c in enumerate(out):
        label = _tail_after_boundary(a[prev_end:c.number.start])
        if c.role != "label":
            prev_end = c.number.end
        if c.role == "candidate" and label.strip() and other_figure(label):
            out[i] = ClassifiedNumber(number=c.number, role="other_metric", why="labelled as another figure")


def _mark_ratio(answer_text: str, out: list[ClassifiedNumber]) -> None:
    """The dividend and divisor of a stated quotient (`_derivation.ratio_operands`) become operands."""
    numbers = [c.number for c in out]
    results = [i for i, c in enumerate(out) if c.role in ("candidate", "per_unit")]
    # "divided by 171.0 million shares": "by" reads as a change trigger there, so context figures are inputs too
    inputs = [i for i, c in enumerate(out) if c.role in ("candidate", "count", "per_unit", "period", "context")]
    for i in ratio_operands(answer_text, numbers, results, inputs):
        out[i] = ClassifiedNumber(number=out[i].number, role="operand", why="an input of the stated ratio")


def _mark_derivation(answer_text: str, out: list[ClassifiedNumber]) -> None:
    """Figures the answer's value is computed from (`_derivation.derivation_operands`) become operands."""
    idx = [i for i, c in enumerate(out) if c.role in ("candidate", "period", "operand")]
    values = [out[i].number for i in idx]
    candidates = [k for k, i in enumerate(idx) if out[i].role == "candidate"]
    found = derivation_operands(answer_text, values, candidates)
    if found is None:
        return
    result, operands = found
    for k in operands:
        c = out[idx[k]]
        if c.role != "operand":
            out[idx[k]] = ClassifiedNumber(number=c.number, role="operand",
                                           why=f"an operand of the derivation of {values[result].raw!r}")


_CHANGE_WORD = re.compile(r"grow|grew|growth|increas|decreas|declin|rise|rose|fell|fall|drop|up|down|"
                          r"增长|增加|下降|减少|"
                          r"上升|下滑|增幅|降幅|同比|环比|yoy|year-over-year")


def _change_word(c: ClassifiedNumber) -> bool:
    """A change percentage introduced by a change word ("grew 12%"), not a comparison ("vs 9%", "from 9%")."""
    return c.role == "context" and bool(_CHANGE_WORD.search(c.why))


def _reference_number(reference_text: str) -> ParsedNumber | None:
    numbers = find_numbers(reference_text)
    norm = normalise_chars(reference_text)
    dates = date_spans(norm)
    for n in numbers:
        if not n.is_year_like and not is_label(n, norm, dates):
            return n
    return numbers[0] if numbers else None


def _loss_cue(answer_text: str, n: ParsedNumber) -> bool:
    a = _analysis_text(answer_text[max(0, n.start - 60) : n.start])
    return bool(_LOSS_RE.search(_tail_after_boundary(a)))


def _agrees(c: ParsedNumber, ref: ParsedNumber, answer_text: str, rel: float, sign_agnostic: bool) -> bool:
    if same_figure(c, ref, rel=rel, sign_agnostic=sign_agnostic):
        return True
    if not same_figure(c, ref, rel=rel, sign_agnostic=True):
        return False
    # The sign may be carried by words or by prose parentheses rather than by the digits.
    if c.in_parentheses and ref.value > 0:
        return True
    return ref.value < 0 < c.value and _loss_cue(answer_text, c)


def magnitude_match(
    answer_text: str,
    reference_text: str,
    *,
    rel: float = 0.01,
    reference_years: set[int] | None = None,
    sign_agnostic: bool = False,
    rate_of_change: bool = False,
    reference_per_share: bool = False,
    other_figure: OtherFigure | None = None,
    reference_fiscal_years: set[int] | None = None,
) -> MagnitudeMatch:
    """Grade a free-text answer against a reference figure, magnitude-aware (DESIGN §2).

    Both sides' scale words are applied before comparing ("46,750 million" = "$46.75B"; a bare "46.75" is
    not "$46.75B"). A candidate matches when it is within `rel` of the reference AND equal to it at the
    coarser of the two stated precisions ("$47B" and "$46.8B" match $46.75B; "$46.3B" and "$46.7B" do
    not). Verdicts: "no_answer" (no candidate value), "year_mismatch" (answer and reference — the
    reference text or `reference_years` — both state fiscal years and share none), "hedge" (two or more
    different candidate values), "match", "mismatch". `sign_agnostic` compares absolute values (for
    metrics whose sign convention varies, e.g. capital expenditure). `rate_of_change` says the reference
    is itself a growth rate or change, so percentages introduced by change words ("grew 12%", "同比增长
    18.6%") are stated values, not context. `reference_per_share` says the reference is a per-share figure
    even when its text does not say so ("$2.41" for diluted EPS), so per-share figures are graded first.
    `other_figure` says which labels name another figure than the reference (see `classify_numbers`): figures
    so labelled are context ("扣非净利润2.37亿元，当年非经常性损益合计0.52亿元" states one value), graded only when
    the answer states nothing else. `reference_fiscal_years`: the fiscal-year names of the reference's period
    ("first half of fiscal 2025" -> {2025}); an answer that names another fiscal year ("$612.8 million for
    fiscal 2024") has a year conflict even when the calendar years overlap. Never raises.

    A rate reference (a percentage) is matched against the answer's percentages only; amounts in the same
    answer are context ("grew about 12% (from $41.3B to $46.2B)"). Fiscal years named by their start
    (`fiscal_year_aliases`: the year "ended February 3, 2024" is fiscal 2023) are not a year mismatch. When
    the only conflict is a year label and the single stated value equals the reference at the reference's
    full stated precision, the verdict is "match" with `year_label_conflict` set (instance labels can be
    wrong too); a value that only agrees at a coarser precision stays a "year_mismatch".

    Graded values are the answer's `candidate` numbers (see `classify_numbers`); failing those, its
    other-period figures; failing those and only for a percent reference, its change percentages ("grew
    12.5%"). Among them, figures of the reference's kind (percent or amount) and, where some carry the
    reference's currency, those not in another currency are kept; values that are the same figure at
    their stated precisions ("$46.75B (about $47B)") count once. A candidate in prose parentheses, or a
    positive figure called a loss, may match a reference of the opposite sign.
    """
    if not isinstance(answer_text, str) or not isinstance(reference_text, str):
        return MagnitudeMatch(verdict="no_answer", reason="answer or reference is not text")
    ref = _reference_number(reference_text)
    ref_years = set(reference_years or ()) | extract_years(reference_text)
    if ref_years:
        ref_years |= fiscal_year_aliases(reference_text)
    if ref is None:
        ok = text_answer_match(answer_text, [reference_text])
        return MagnitudeMatch(verdict="match" if ok else "mismatch", reason="reference has no number; text match")
    if ref.is_year_like:
        years = sorted(extract_years(answer_text))
        cands = [float(y) for y in years]
        if not years:
            return MagnitudeMatch(verdict="no_answer", reason="no year stated", reference=ref.value)
        if len(years) > 1:
            return MagnitudeMatch(verdict="hedge", candidate=cands[0], candidates=cands, reference=ref.value,
                                  reason="several years stated")
        verdict: Verdict = "match" if years[0] == int(ref.value) else "mismatch"
        return MagnitudeMatch(verdict=verdict, candidate=cands[0], candidates=cands, reference=ref.value,
                              reason="year reference compared with the stated year")

    classified = classify_numbers(answer_text, reference_years=ref_years or None, other_figure=other_figure)
    bare_ref = ref.scale == 1.0 and not ref.is_percent and ref.currency is None
    roles = {"candidate", "count"} if bare_ref else {"candidate"}
    if ref.is_percent:
        roles.add("share")
    per_unit = [c.number for c in classified if c.role == "per_unit"]
    # A rate reference is matched against the answer's percentages; amounts beside them are context
    # ("grew about 12% (from $41.3B to $46.2B)").
    rate_pool: list[ParsedNumber] = []
    if ref.is_percent:
        first_roles = roles | ({"context"} if rate_of_change else set())
        for wanted in (first_roles, {"period"}, {"context"}):
            rate_pool = [c.number for c in classified if c.role in wanted and c.number.is_percent
                         and not (wanted is first_roles and c.role == "context" and not _change_word(c))]
            if rate_pool:
                break
        if not rate_pool:
            # a rate written as a bare decimal fraction ("增长0.186"), when no percentage is stated
            rate_pool = [c.number for c in classified if c.role != "label" and c.number.scale == 1.0
                         and c.number.currency is None and c.number.decimals > 0 and abs(c.number.value) < 1.5]
    ref_a = _analysis_text(reference_text)
    ref_per_unit = reference_per_share or _is_per_unit(ref, ref_a, _tail_after_boundary(ref_a[: ref.start]))
    if rate_pool:
        pool, source = rate_pool, "percentages (rate reference)"
    elif ref_per_unit and per_unit:
        pool, source = per_unit, "per-share figures (per-share reference)"
    else:
        pool = [c.number for c in classified if c.role in roles]
        source = "stated values"
    if not pool and per_unit:
        pool, source = per_unit, "per-share figures"
    if not pool:
        pool, source = [c.number for c in classified if c.role == "period"], "figures stated for another period"
    if not pool:
        pool, source = [c.number for c in classified if c.role == "other_metric"], "figures labelled as another figure"
    if not pool:
        # "net income excluding the warehouse gain of $143.8 million": with nothing else stated, the figure
        # after the exclusion is the value itself
        pool, source = [c.number for c in classified if c.role == "operand"], "figures read as operands"
    if not pool and ref.is_percent:
        # A rate question is naturally answered as a change ("revenue grew 12.5%").
        pool = [c.number for c in classified if c.role == "context" and c.number.is_percent]
        source = "change percentages (rate reference)"
    if not pool:
        return MagnitudeMatch(verdict="no_answer", reason="no candidate value in the answer", reference=ref.value)

    layout = _Layout(_analysis_text(answer_text))
    layout.blank_context(classified)
    answer_years = layout.stated_years()
    if answer_years:
        answer_years |= fiscal_year_aliases(answer_text)
    same_kind = [c for c in pool if c.is_percent == ref.is_percent]
    pool = same_kind or pool
    if ref.currency and any(c.currency == ref.currency for c in pool):
        pool = [c for c in pool if c.currency in (None, ref.currency)]
    groups: list[ParsedNumber] = []
    for c in pool:
        if not any(same_figure(c, g, rel=rel, sign_agnostic=c.in_parentheses or g.in_parentheses) for g in groups):
            groups.append(c)
    values = [c.value for c in pool]
    answer_fiscal = layout.stated_fiscal_years() if reference_fiscal_years else set()
    fiscal_conflict = bool(answer_fiscal) and not (answer_fiscal & set(reference_fiscal_years or ()))
    if (ref_years and answer_years and not (ref_years & answer_years)) or fiscal_conflict:
        years_reason = (f"answer names fiscal {sorted(answer_fiscal)}, reference fiscal "
                        f"{sorted(reference_fiscal_years or ())}" if fiscal_conflict and ref_years & answer_years
                        else f"answer states {sorted(answer_years)}, reference {sorted(ref_years)}")
        if len(groups) == 1 and equal_at_full_precision(pool[0], ref, sign_agnostic=sign_agnostic):
            return MagnitudeMatch(verdict="match", candidate=pool[0].value, candidates=values, reference=ref.value,
                                  year_label_conflict=True,
                                  reason=f"{pool[0].raw!r} equals {ref.raw!r} at its full precision; only the year "
                                         f"label conflicts ({years_reason})")
        return MagnitudeMatch(verdict="year_mismatch", candidate=pool[0].value, candidates=values,
                              reference=ref.value, reason=years_reason)
    if len(groups) > 1:
        return MagnitudeMatch(verdict="hedge", candidate=values[0], candidates=values, reference=ref.value,
                              reason=f"{len(groups)} different values among {source}")
    first = pool[0]
    verdict = "match" if _agrees(first, ref, answer_text, rel, sign_agnostic) else "mismatch"
    return MagnitudeMatch(verdict=verdict, candidate=first.value, candidates=values, reference=ref.value,
                          reason=f"{first.raw!r} vs reference {ref.raw!r} ({source})")
