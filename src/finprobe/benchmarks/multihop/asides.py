"""Labelled asides: a figure, date or name that the answer itself labels as something other than what the hop
asks for, so it is context, not a second candidate.

- **in brackets, after words of its own**: "(the index closed at 1,736.59)", "（今年以来收益率为12.68%）",
  "(its Q1 2024 report followed on April 16)", "(Ashgrove listed 2008-04-18)" — but not an alternative
  ("(or 12.68%)") and not a bare restatement ("Quillon Microchips (QLMC)");
- **labelled with another scope than the question's**: the words before it in its clause name a window, a
  period or an event ("H1 2024 cumulative", "上半年累计", "今年以来", "the fund itself was launched on"), the hop's
  question names one too ("2024Q2 single-quarter", "近一年", "when did that company list") and they share none;
- **introduced as "in the same period"** ("同期…", "over the same period…"): a second metric beside the one stated.

An aside gives way only to a candidate stated without such a label (the caller keeps all of them when every
candidate is an aside).
"""

from __future__ import annotations

import re

from finprobe.benchmarks.multihop.chains import Hop
from finprobe.benchmarks.multihop.mentions import Mention, mask_spans
from finprobe.benchmarks.multihop.periods import find_time_mentions

__all__ = ["is_aside", "scope_terms"]

_BRACKETS = re.compile(r"[(（]([^()（）]*)[)）]")
_LABEL = re.compile(r"[A-Za-z]{2,}|[\u3400-\u9fff]")
_ALTERNATIVE = re.compile(r"(?i)\b(?:or|maybe|perhaps|possibly|either)\b|或|也可能|可能")


def in_labelled_brackets(text: str, m: Mention) -> bool:
    """Whether a mention sits in brackets after words that label it as something else ("(the index closed at
    1,736.59)", "（今年以来收益率为12.68%）"), not offered as an alternative ("(or 12.68%)")."""
    for b in _BRACKETS.finditer(text):
        if b.start(1) <= m.start and m.end <= b.end(1):
            head = text[b.start(1):m.start]
            return bool(_LABEL.search(head)) and not _ALTERNATIVE.search(b.group(1))
    return False


# Windows, bases and events that scope a figure or a date. Each regex names one scope; a label and a question
# that name scopes but none in common speak of different things.
_SCOPES: dict[str, str] = {
    "cumulative": r"\bcumulative(?:ly)?\b|\baccumulated\b|累计|合计",
    "nine_months": r"(?i:\bfirst\s+(?:three|3)\s+quarters\b|\bnine\s+months\b|\b9M\b)|前三季度|1-9月|1至9月",
    "single_quarter": r"(?i:\bsingle[\s-]quarter\b|\bquarter\s+alone\b|\balone\b)|单季",
    "ytd": r"(?i:\byear[\s-]to[\s-]date\b|\bYTD\b|\bso\s+far\s+this\s+year\b)|今年以来|年初至今|年内",
    "one_year": r"(?i:\b(?:1|one)[\s-]?(?:y|yr|year)\b|\b12[\s-]month\b|\bpast\s+year\b|\btrailing\s+year\b)|近一年|近1年|过去一年",
    "three_years": r"(?i:\b(?:3|three)[\s-]?(?:y|yr|year)s?\b)|近三年|近3年",
    "full_year": r"(?i:\bfull[\s-]year\b|\bannual\b|\bwhole\s+year\b)|全年|年度",
    "first_half": r"(?i:\bfirst\s+half\b|\bH1\b)|上半年",
    "second_half": r"(?i:\bsecond\s+half\b|\bH2\b)|下半年",
    "listing": r"(?i:\blist(?:ed|ing|s)?\b|\bIPO\b|\bwent\s+public\b)|上市|挂牌",
    "launch": r"(?i:\blaunch(?:ed|es)?\b|\binception\b|\bincepted\b|\bfounded\b|\bestablished\b|\bset\s+up\b)|成立|设立",
    "report": r"(?i:\breport(?:ed|s)?\b|\bpublish(?:ed|es)?\b|\bfiled\b|\bdisclos(?:ed|es)\b|\brelease[sd]?\b)"
              r"|年报|季报|报告|披露|发布|公布",
    "dividend": r"(?i:\bdividends?\b|\bex-dividend\b|\bpayout\b|\brecord\s+date\b)|分红|派息|除息|除权",
}
_SCOPE_RE = {k: re.compile(v) for k, v in _SCOPES.items()}
# A figure introduced as "in the same period" is a second metric beside the one stated.
_SAME_PERIOD = re.compile(r"(?i)同期|\b(?:over|in|during|for)\s+the\s+same\s+(?:period|window)\b")
_LABEL_BREAK = re.compile(r"[,，;；。:：!?！？\n(（)）—]|\s[–-]\s")


def scope_terms(text: str) -> set[str]:
    """The scopes `text` names: windows and bases ("cumulative", "近一年", "单季"), events ("listed", "发布"),
    and quarters or halves ("Q2", "2024年第二季度" -> "Q2"; the "三季度" of "前三季度" is a window, not Q3)."""
    found: set[str] = set()
    spans: list[tuple[int, int]] = []
    for name, pattern in _SCOPE_RE.items():
        for m in pattern.finditer(text):
            found.add(name)
            spans.append((m.start(), m.end()))
    for t in find_time_mentions(mask_spans(text, spans, "#")):
        if t.kind in ("quarter", "half"):
            found.add(t.value[-2:])  # "2024Q2" and "Q2" both name the second quarter
    return found


def _label(text: str, m: Mention, others: list[Mention]) -> str:
    """The words around a mention in its clause, back and forth to a clause mark or another candidate (Chinese
    puts the event after the date: "于2011年9月14日上市")."""
    start = max([o.end for o in others if o.end <= m.start] + [max(0, m.start - 60)])
    window = text[start:m.start]
    cut = 0
    for b in _LABEL_BREAK.finditer(window):
        cut = b.end()
    end = min([o.start for o in others if o.start >= m.end] + [m.end + 30])
    after = text[m.end:end]
    stop = _LABEL_BREAK.search(after)
    return window[cut:] + " " + (after[:stop.start()] if stop else after)


def is_aside(text: str, m: Mention, others: list[Mention], hop: Hop) -> bool:
    """Whether a mention is labelled as something other than what the hop asks for (see the module docstring);
    `others` are the other candidates of the answer (the label stops at them)."""
    if in_labelled_brackets(text, m):
        return True
    label = _label(text, m, others)
    if _SAME_PERIOD.search(label):
        return True
    if not hop.question:
        return False
    mine = scope_terms(label)
    asked = scope_terms(hop.question)
    return bool(mine) and bool(asked) and not (mine & asked)
