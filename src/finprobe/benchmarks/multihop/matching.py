"""The deterministic final-answer matcher: s_final ∈ {0, 1} of DESIGN §6 without an LLM.

`match_final(answer, hop)` decides whether a free-text final answer states the gold answer of the last hop:

- **numbers** (`kind="number"`): DESIGN §2, magnitude-aware: both sides' scale words apply ("23.42 million
  shares", "2342.02万股" = 23,420,200 shares); a figure matches within 1% **and** equal at the coarser
  stated precision ("21.8 yuan" matches 21.76; "22 yuan" does not; a whole figure's trailing zeros are
  rounding: "820 million" matches 819,230,815); a count of 手 (A-share lots) is 100 shares each. Dates,
  periods and security codes in the answer are not figures. A figure in brackets that the bracket labels
  as something else ("1265.35 (the index closed at 1,736.59)", "13.6%（今年以来收益率为12.68%）") is an
  aside, not a second answer. An answer that commits to two different figures is a hedge (wrong) unless
  one of them is marked as the conclusion ("…; final answer: X") or carries the reference's unit while
  the others do not (a summary that quotes intermediate prices before the volume asked for);
- **dates and periods**: every common English/Chinese form (see `periods`); a date or quarter written
  without a year matches when month/day or quarter agree (the question fixes the year); the
  neighbouring day or quarter does not match;
- **entities and other names**: the gold answer or any alias (names, short names, tickers, codes, EN or
  ZH) as whole words (substrings for Chinese), case and legal suffixes ignored.

For dates, periods and names, mentions that are only points of reference are set aside: comparison
terms ("higher than X", "X相比", "(1,500,600 vs 423,500 for X)"), "after/before X", "X之后", concessive
clauses ("although X traded more"), and rejections ("not X", "不是X", "X did not close higher"). If after
that the answer still names the gold and another candidate, the conclusion segment decides; then the
subject of the comparative claim ("X closed higher (…), Y …", "更高的是X（…），Y…"), wherever it stands;
failing those, a hedge word makes it a hedge, and the last sentence or clause decides. An empty answer, or
one without any candidate, is `no_answer` (wrong).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from finprobe.benchmarks.multihop.chains import Hop
from finprobe.benchmarks.multihop.mentions import (
    EntityLexicon,
    Mention,
    conclusion_segment,
    figure_matches,
    find_figures,
    find_gold_mentions,
    is_context,
    is_negated,
    reference_number,
    selected_by_comparison,
    sentences,
)
from finprobe.core.numbers import ParsedNumber, same_figure

__all__ = ["MatchResult", "match_final"]

Verdict = Literal["match", "mismatch", "hedge", "no_answer"]


class MatchResult(BaseModel):
    """The matcher's verdict. Only `match` is correct; `reason` says what was compared."""

    verdict: Verdict
    reason: str = ""

    @property
    def correct(self) -> bool:
        return self.verdict == "match"


def match_final(answer: str | None, hop: Hop, *, lexicon: EntityLexicon | None = None) -> MatchResult:
    """Whether `answer` states `hop`'s gold answer (see the module docstring). Never raises."""
    text = (answer or "").strip()
    if not text:
        return MatchResult(verdict="no_answer", reason="empty answer")
    if not hop.answer.strip() and hop.value is None:
        return MatchResult(verdict="no_answer", reason="the reference has no answer")
    if hop.kind == "number":
        return _match_number(text, hop)
    return _match_mentions(text, hop, lexicon)


# --------------------------------------------------------------------------- names, dates, periods
def _committed(text: str, mentions: list[Mention]) -> list[Mention]:
    return [m for m in mentions if not is_context(text, m) and not is_negated(text, m)]


_HEDGE = re.compile(r"(?i)\b(?:either|or|maybe|perhaps|possibly|depending|can'?t\s+tell|not\s+sure|unclear)\b|"
                    r"或者|或是|也可能|可能是|不确定|难以|无法判断|还是")
_FORMER = re.compile(r"(?i)\bthe\s+former\b|前者")
_LATTER = re.compile(r"(?i)\bthe\s+latter\b|后者")
_CLAUSE = re.compile(r"[,，;；:：]")


def _former_latter(text: str, g: list[Mention], o: list[Mention]) -> MatchResult | None:
    """"X rose 0.57%, Y fell 0.11%; the former moved more": the former/latter names the first/second candidate."""
    tail = _CLAUSE.split(text)[-1]
    ordered = sorted(g + o, key=lambda m: m.start)
    firsts: list[Mention] = []
    for m in ordered:  # distinct candidates in order of first mention
        if all((m.gold != f.gold) or (not m.gold and m.key != f.key) for f in firsts):
            firsts.append(m)
    if len(firsts) != 2 or any(m.start >= len(text) - len(tail) for m in ordered):
        return None
    if _FORMER.search(tail):
        pick = firsts[0]
    elif _LATTER.search(tail):
        pick = firsts[1]
    else:
        return None
    return MatchResult(verdict="match" if pick.gold else "mismatch", reason=f"'{tail.strip()}' refers to {pick.raw!r}")


def _decide(text: str, hop: Hop, lexicon: EntityLexicon | None, depth: int = 0) -> MatchResult:
    gold, other = find_gold_mentions(text, hop, lexicon)
    if not gold and not other:
        return MatchResult(verdict="no_answer", reason="no candidate answer found")
    g, o = _committed(text, gold), _committed(text, other)
    if g and not o:
        return MatchResult(verdict="match", reason=f"states {g[0].raw!r}")
    if not g:
        if o:
            return MatchResult(verdict="mismatch", reason=f"states {o[0].raw!r}")
        if gold:
            return MatchResult(verdict="mismatch", reason=f"{gold[0].raw!r} only as a reference point or rejected")
        return MatchResult(verdict="no_answer", reason="only reference points, no answer")
    # Both the gold and another candidate are stated: the conclusion decides (unless the answer hedges).
    if depth == 0:
        seg = conclusion_segment(text)
        if seg is not None:
            inner = _decide(seg[1], hop, lexicon, depth=1)
            if inner.verdict in ("match", "mismatch"):
                return MatchResult(verdict=inner.verdict, reason=f"conclusion: {inner.reason}")
        if _HEDGE.search(text):
            return MatchResult(verdict="hedge", reason="names several candidates and hedges")
        fl = _former_latter(text, g, o)
        if fl is not None:
            return fl
        # The committed answer is the subject of the comparative claim, not whatever is named last.
        everything = sorted(gold + other, key=lambda m: m.start)
        sel_g = [m for m in g if selected_by_comparison(text, m, everything)]
        sel_o = [m for m in o if selected_by_comparison(text, m, everything)]
        if sel_g and not sel_o:
            return MatchResult(verdict="match", reason=f"comparative claim about {sel_g[0].raw!r}")
        if sel_o and not sel_g:
            return MatchResult(verdict="mismatch", reason=f"comparative claim about {sel_o[0].raw!r}")
        spans = sentences(text)
        if len(spans) > 1:
            s, e = spans[-1]
            inner = _decide(text[s:e], hop, lexicon, depth=1)
            if inner.verdict in ("match", "mismatch"):
                return MatchResult(verdict=inner.verdict, reason=f"last sentence: {inner.reason}")
        last = text[spans[-1][0]:spans[-1][1]] if spans else text
        clauses = [c for c in _CLAUSE.split(last) if c.strip()]
        if len(clauses) > 1:
            inner = _decide(clauses[-1], hop, lexicon, depth=1)
            if inner.verdict in ("match", "mismatch"):
                return MatchResult(verdict=inner.verdict, reason=f"last clause: {inner.reason}")
    keys = sorted({m.raw for m in g + o})
    return MatchResult(verdict="hedge", reason=f"states several candidates: {', '.join(keys[:4])}")


def _match_mentions(text: str, hop: Hop, lexicon: EntityLexicon | None) -> MatchResult:
    return _decide(text, hop, lexicon)


# --------------------------------------------------------------------------- numbers
_UNIT_WORDS = {
    "shares": ("share", "shares", "股", "手"),
    "yuan": ("yuan", "元", "rmb", "cny", "¥", "renminbi"),
    "%": ("%", "percent", "per cent", "pct", "个百分点"),
    "points": ("point", "points", "pts", "点"),
}


def _unit_of(text: str, n: ParsedNumber, m: Mention) -> str | None:
    if n.is_percent:
        return "%"
    if n.currency in ("CNY",):
        return "yuan"
    tail = text[m.end:m.end + 12].lower()
    head = text[max(0, m.start - 4):m.start].lower()
    for unit, words in _UNIT_WORDS.items():
        if any(tail.lstrip().startswith(w) for w in words) or (unit == "yuan" and ("¥" in head or "rmb" in head)):
            return unit
    return None


_DECLINE = re.compile(
    r"(?i)(?:\b(?:fell|falls?|falling|down|declin(?:ed|es|ing|e)|drop(?:ped|s)?|decreas(?:ed|es|e)|lost|slid|"
    r"slipped|shed|negative)\b|下跌|下降|跌幅|减少|回落|下滑|跌了|跌|降了|降)"
    r"\s*(?:by\s+|of\s+|about\s+|roughly\s+|approximately\s+|around\s+|了|为|约|达)*$"
)


def _signed(text: str, m: Mention, n: ParsedNumber) -> ParsedNumber:
    """A positive figure introduced by a word of decline ("fell 2.88%", "下跌2.88%") is negative."""
    if n.value > 0 and _DECLINE.search(text[max(0, m.start - 24):m.start]):
        return n.model_copy(update={"value": -n.value, "mantissa": -n.mantissa})
    return n


_BRACKETS = re.compile(r"[(（]([^()（）]*)[)）]")
_LABEL = re.compile(r"[A-Za-z]{2,}|[\u3400-\u9fff]")
_ALTERNATIVE = re.compile(r"(?i)\b(?:or|maybe|perhaps|possibly|either)\b|或|也可能|可能")


def _labelled_aside(text: str, m: Mention) -> bool:
    """Whether a figure sits in brackets after words that label it as something else ("(the index closed at
    1,736.59)", "（今年以来收益率为12.68%）"), not offered as an alternative ("(or 12.68%)")."""
    for b in _BRACKETS.finditer(text):
        if b.start(1) <= m.start and m.end <= b.end(1):
            head = text[b.start(1):m.start]
            return bool(_LABEL.search(head)) and not _ALTERNATIVE.search(b.group(1))
    return False


def _candidates(text: str) -> list[tuple[Mention, ParsedNumber]]:
    """Figures of the answer that can be the answer: not reference points, not rejected, not years; the
    sign given by words applied."""
    out: list[tuple[Mention, ParsedNumber]] = []
    years: list[tuple[Mention, ParsedNumber]] = []
    for m, n in find_figures(text):
        if is_context(text, m) or is_negated(text, m):
            continue
        (years if n.is_year_like else out).append((m, _signed(text, m, n)))
    # A bare four-digit figure ("1900") is read as a year only when the answer states something else; eight
    # digits that form a date ("20020701") are a figure when the answer states nothing else.
    if not out and not years:
        out = [(m, _signed(text, m, n)) for m, n in find_figures(text, compact_dates=True)
               if not is_context(text, m) and not is_negated(text, m)]
    return out or years


def _groups(items: list[tuple[Mention, ParsedNumber]]) -> list[ParsedNumber]:
    groups: list[ParsedNumber] = []
    for _, n in items:
        if not any(same_figure(n, g) or same_figure(g, n) for g in groups):
            groups.append(n)
    return groups


def _number_verdict(text: str, ref: ParsedNumber, unit: str | None) -> MatchResult:
    cands = _candidates(text)
    if not cands:
        return MatchResult(verdict="no_answer", reason="no figure in the answer")
    # A percent reference is compared with percents; an amount with amounts.
    same_kind = [(m, n) for m, n in cands if n.is_percent == ref.is_percent]
    if same_kind:
        cands = same_kind
    # A labelled aside in brackets gives way to a figure stated outside them.
    main = [(m, n) for m, n in cands if not _labelled_aside(text, m)]
    if main:
        cands = main
    if unit:
        with_unit = [(m, n) for m, n in cands if _unit_of(text, n, m) == unit]
        if with_unit and len(_groups(with_unit)) == 1 and len(_groups(cands)) > 1:
            cands = with_unit
    groups = _groups(cands)
    if len(groups) > 1:
        if any(figure_matches(n, ref) for _, n in cands):
            return MatchResult(verdict="hedge", reason=f"{len(groups)} different figures: "
                               + ", ".join(m.raw for m, _ in cands[:4]))
        return MatchResult(verdict="mismatch", reason="no stated figure is the reference: "
                           + ", ".join(m.raw for m, _ in cands[:4]))
    m, n = cands[0]
    if figure_matches(n, ref):
        return MatchResult(verdict="match", reason=f"{m.raw!r} matches {ref.raw!r}")
    return MatchResult(verdict="mismatch", reason=f"{m.raw!r} vs reference {ref.raw!r}")


def _match_number(text: str, hop: Hop) -> MatchResult:
    ref = reference_number(hop)
    if ref is None:
        return MatchResult(verdict="no_answer", reason=f"the reference {hop.answer!r} holds no number")
    unit = hop.unit or _infer_unit(hop.answer)
    result = _number_verdict(text, ref, unit)
    if result.verdict != "hedge":
        return result
    seg = conclusion_segment(text)
    if seg is not None:
        inner = _number_verdict(seg[1], ref, unit)
        if inner.verdict in ("match", "mismatch"):
            return MatchResult(verdict=inner.verdict, reason=f"conclusion: {inner.reason}")
    spans = sentences(text)
    if len(spans) > 1:
        s, e = spans[-1]
        inner = _number_verdict(text[s:e], ref, unit)
        if inner.verdict in ("match", "mismatch"):
            return MatchResult(verdict=inner.verdict, reason=f"last sentence: {inner.reason}")
    return result


def _infer_unit(answer: str) -> str | None:
    a = answer.lower()
    for unit, words in _UNIT_WORDS.items():
        if any(w in a for w in words):
            return unit
    return None
