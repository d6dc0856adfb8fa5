"""Normalised token sets for comparing interpretation values with questions (EN and ZH).

Financial phrases that differ in surface form but name the same idea ("attributable to shareholders",
"归属于母公司股东的", "归母") are folded into one concept token ("@attrib_parent") before the remaining
text is tokenised with the core bilingual tokenizer. Words that name a dimension rather than a value
("period", "metric", "口径", "指标", ...) are dropped, so a question's scaffolding never counts as
evidence for a reading.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TypeVar

from finprobe.core.retrieval import tokenize

T = TypeVar("T")

__all__ = ["CONCEPT_PREFIX", "NEGATED_PREFIX", "NON_DECISIVE", "STRUCTURAL_WORDS", "NEGATION", "NOT_SPECIFYING", "PolarTokens",
           "concept_tokens", "has_negation", "is_decisive", "polar_tokens"]

CONCEPT_PREFIX = "@"

_W = r"(?<![a-z0-9]){}(?![a-z0-9])"  # English word boundary that also works next to CJK characters


def _w(*alts: str) -> str:
    return "|".join(_W.format(a) for a in alts)


# concept id -> regex over NFKC-lowercased text. Longest match wins where patterns overlap.
_CONCEPTS: list[tuple[str, str]] = [
    ("nci", _w(r"attributable to (?:the )?(?:non-?controlling|minority) interests?", r"(?:non-?controlling|minority) interests?")
     + r"|含少数股东(?:损益|权益)?|少数股东(?:损益|权益)?"),
    ("attrib_parent", _w(r"attributable to", r"owners of the parent")
     + r"|归属于(?:母公司|上市公司)(?:普通股)?(?:股东|所有者)?(?:的)?|归母"),
    ("consolidated", _w(r"consolidated", r"consolidation") + r"|合并(?:报表|口径|层面)?"),
    ("parent_only", _w(r"parent[- ]company(?:[- ]only)?", r"stand-?alone") + r"|母公司(?:单体|报表|本部|口径)?|单体|本部"),
    ("segment", _w(r"(?:reportable |operating )?segments?") + r"|分部"),
    ("nongaap", _w(r"non-?gaap") + r"|非公认会计准则"),
    ("gaap", _w(r"gaap") + r"|公认会计准则"),
    ("kf", _w(r"excluding (?:non-?recurring|one-?time|special) (?:items|gains and losses|charges)")
     + r"|扣非|扣除非经常性损益(?:后)?(?:的)?"),
    ("nonrecurring", _w(r"non-?recurring", r"one-?time items?") + r"|非经常性损益"),
    ("adjusted", _w(r"adjusted") + r"|调整后"),
    ("diluted", _w(r"diluted", r"dilution") + r"|稀释(?:后)?|摊薄"),
    ("basic", _w(r"basic") + r"|基本"),
    ("fy", _w(r"fiscal(?: year)?", r"fy") + r"|(?<![a-z0-9])fy(?= ?\d)|财年|会计年度"),
    ("cy", _w(r"calendar(?: year)?", r"cy") + r"|(?<![a-z0-9])cy(?= ?\d)|自然年|日历年"),
    ("q1", _w(r"q1", r"first quarter") + r"|第一季度|一季度"),
    ("q2", _w(r"q2", r"second quarter") + r"|第二季度|二季度"),
    ("q3", _w(r"q3", r"third quarter") + r"|第三季度|三季度"),
    ("q4", _w(r"q4", r"fourth quarter") + r"|第四季度|四季度"),
    ("annual", _w(r"full[- ]year", r"annual", r"twelve months ended") + r"|全年|年度(?!报告)"),
    ("ytd", _w(r"year[- ]to[- ]date", r"ytd", r"nine months") + r"|前三季度|年初至今|1-9月|1至9月"),
    ("ttm", _w(r"trailing (?:twelve|12) months", r"ttm", r"ltm", r"last twelve months") + r"|滚动十二个月|近十二个月"),
    ("yoy", _w(r"year[- ]over[- ]year", r"yoy") + r"|同比"),
    ("gross_basis", _w(r"(?:on a )?gross basis", r"gross method") + r"|总额法|按总额"),
    ("net_basis", _w(r"(?:on a )?net basis", r"net method") + r"|净额法|按净额"),
    ("principal", _w(r"principal") + r"|主要责任人"),
    ("agent", _w(r"agent") + r"|代理人"),
    ("pit", _w(r"(?:at )?a point in time", r"point[- ]in[- ]time") + r"|某一时点|时点"),
    ("over_time", _w(r"over time", r"over the (?:contract|service) (?:term|period)") + r"|某一时段内?|时段"),
    ("restated", _w(r"as restated", r"restated", r"restatement", r"recast") + r"|追溯调整(?:后)?|重述(?:后)?|更正后|重新列报"),
    ("original", _w(r"as originally reported", r"originally reported", r"as originally filed", r"originally filed")
     + r"|原报告|原披露|原始报告|更正前|调整前|原年报"),
    ("amended", _w(r"amended", r"amendment", r"10-?k/a", r"10-?q/a")),
]
_COMPILED = [(cid, re.compile(p)) for cid, p in _CONCEPTS]

#: concepts that name a kind of reading but not which one ("a segment": which segment?); every other
#: concept names a reading on its own (@nongaap, @fy, @restated, @attrib_parent, ...)
NON_DECISIVE = frozenset({CONCEPT_PREFIX + "segment", CONCEPT_PREFIX + "yoy"})


def is_decisive(token: str) -> bool:
    token = token.removeprefix(NEGATED_PREFIX)
    return token.startswith(CONCEPT_PREFIX) and token not in NON_DECISIVE


#: marks a token that an exclusion cue governs ("excluding X" gives "!x"): it never matches a plain "x"
NEGATED_PREFIX = "!"

#: words that name a dimension or are question scaffolding, never a value of a reading
STRUCTURAL_WORDS = frozenset(
    """figure figures amount amounts value values number numbers company reporting entity scope period metric
    definition defined recognition recognized recognised basis filing version measure measured mean means
    refer refers only just data reading interpretation should cover covering want looking about
    口径 指标 期间 数据 金额 公司 报告 确认 按 中 您 问 说 指 是 要 吗 的 年 版本""".split()
)

#: cues that an attribute phrase describes what the reading is NOT (such phrases are not used as evidence)
NEGATION = re.compile(
    _w(r"not", r"no", r"without", r"exclud\w*", r"except", r"rather than", r"instead of", r"other than")
    + r"|不含|不包括|而非|并非|不是|除外"
)


def normalise(text: str) -> str:
    """The form every matcher here works on: NFKC (full-width folded), lower case."""
    return unicodedata.normalize("NFKC", text).lower()


def longest_matches(text: str, patterns: Sequence[tuple[T, re.Pattern[str]]]) -> list[tuple[int, int, T]]:
    """Non-overlapping matches of `patterns` in `text`, longest first (ties: earlier start, then list
    order), returned in text order with each pattern's payload. Used by the concept and lexicon matchers."""
    found: list[tuple[int, int, int, T]] = []
    for order, (payload, pattern) in enumerate(patterns):
        for m in pattern.finditer(text):
            if m.end() > m.start():
                found.append((m.start(), m.end(), order, payload))
    found.sort(key=lambda x: (-(x[1] - x[0]), x[0], x[2]))
    taken: list[tuple[int, int, T]] = []
    for start, end, _order, payload in found:
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, payload))
    taken.sort(key=lambda x: x[0])
    return taken


def _blank_concepts(norm: str) -> tuple[list[tuple[int, int, str]], str]:
    """The concept phrases found in `norm`, and `norm` with them blanked (same length, so offsets hold)."""
    spans = longest_matches(norm, _COMPILED)
    chars = list(norm)
    for start, end, _ in spans:
        chars[start:end] = " " * (end - start)
    return spans, "".join(chars)


def _words(text: str) -> set[str]:
    return {t for t in tokenize(text) if t not in STRUCTURAL_WORDS and t.strip("-/.'")}


def concept_tokens(text: str) -> set[str]:
    """Concept tokens ("@..."), then the remaining word tokens, minus structural words."""
    norm = normalise(text)
    taken, rest = _blank_concepts(norm)
    tokens = {CONCEPT_PREFIX + cid for _, _, cid in taken}
    tokens.update(_words(rest))
    return tokens


# ----------------------------------------------------------------------------- negation scope
#: "不特别指明X", "不区分X": a figure that does not specify a qualifier is the figure without it (an exclusion cue here
#: and in `_propositions`)
NOT_SPECIFYING = r"不(?:特别|特意|单独|专门)?(?:指明|区分|限定|指定)"
# Cues are looked for in the text left once concept phrases are blanked, so a cue that is part of a concept
# ("扣除非经常性损益" = @kf, "excluding one-time items") is not a cue.
#: exclusion cues that govern what follows them, up to a clause boundary ("excluding X", "剔除了X")
_FORWARD_CUES = re.compile(
    _w(r"not includ\w*", r"not count\w*", r"exclud(?:e|es|ing)", r"exclusive of", r"excl\.?", r"without",
       r"net of", r"other than", r"rather than", r"instead of", r"except(?: for)?", r"no", r"minus")
    + r"|(?<![a-z0-9])ex-(?=[a-z@])|不含|不包括|不包含|不计入?|剔除了?|扣除了?|扣掉|除去|排除|而非"
    # "不特别指明归属或扣非": not specifying a qualifier is leaving it out
    + "|" + NOT_SPECIFYING
)
#: exclusion cues that govern what precedes them ("should X be excluded?", "X除外")
_BACKWARD_CUES = re.compile(_w(r"(?:be |is |are )?excluded", r"removed", r"left out", r"stripped out")
                            + r"|除外|被剔除|剔除在外")
#: cues that negate the question itself ("Not the segment figure?", "不是归母吗？"): a yes or no to such a
#: question is ambiguous, so what they govern is kept apart
_POLAR_CUES = re.compile(_w(r"not", r"isn't", r"aren't", r"don't", r"doesn't", r"wasn't", r"weren't")
                         + r"|(?<!是)不是|并非")  # 是不是 asks (an A-not-A question), it negates nothing
#: a bare 不 / 未 directly before a concept negates that concept only ("不扣除非经常性损益")
_ADJACENT_CUE = re.compile(r"[不未]\s*$")
_BOUNDARY = re.compile(
    r"[,;:?!。，；：？！、()（）\[\]]"
    + "|" + _w(r"or", r"but", r"and", r"for", r"in", r"during", r"from", r"to", r"with", r"that", r"which",
               r"is", r"are", r"was", r"were", r"do", r"does", r"did", r"should", r"would", r"will", r"can")
    + r"|还是|或者|或|而|的|吗|呢|和|与|及"
)


class PolarTokens:
    """A text's tokens split by what governs them: plain, excluded by a cue, or under a negated question."""

    __slots__ = ("plain", "negated", "polar")

    def __init__(self, plain: set[str], negated: set[str], polar: set[str]):
        self.plain, self.negated, self.polar = plain, negated, polar

    def marked(self) -> set[str]:
        """Plain tokens plus excluded ones marked with NEGATED_PREFIX (polar ones are left out)."""
        return self.plain | {NEGATED_PREFIX + t for t in self.negated}

    def __repr__(self) -> str:
        return f"PolarTokens(plain={sorted(self.plain)}, negated={sorted(self.negated)}, polar={sorted(self.polar)})"


def polar_tokens(text: str) -> PolarTokens:
    """`concept_tokens`, with the tokens an exclusion cue governs ("excluding noncontrolling interests",
    "Should X be excluded?", "剔除了非经常性损益", "不含少数股东损益") set apart from the plain ones, and
    those under a negated question ("Not the segment figure?", "不是…吗") set apart again.

    A cue's scope runs from the cue to the next clause boundary (punctuation, "or", "but", "and", "for",
    a verb, 还是, 的, 吗, ...); a post-positioned cue ("excluded", 除外) governs back to the previous one.
    Cue words themselves are not tokens.
    """
    norm = normalise(text)
    spans, rest = _blank_concepts(norm)
    residual = list(rest)
    label = [0] * len(norm)  # 0 plain, 1 excluded, 2 polar
    boundaries = [(m.start(), m.end()) for m in _BOUNDARY.finditer(rest)]
    cue_chars: set[int] = set()

    def forward_end(pos: int) -> int:
        return min((b for b, _ in boundaries if b >= pos), default=len(norm))

    def backward_start(pos: int) -> int:
        return max((e for _, e in boundaries if e <= pos), default=0)

    def mark(lo: int, hi: int, value: int) -> None:
        for i in range(lo, hi):
            label[i] = max(label[i], value)

    for pattern, value, backward in ((_FORWARD_CUES, 1, False), (_BACKWARD_CUES, 1, True), (_POLAR_CUES, 2, False)):
        for m in pattern.finditer(rest):
            if any(i in cue_chars for i in range(m.start(), m.end())):
                continue
            cue_chars.update(range(m.start(), m.end()))
            if backward:
                mark(backward_start(m.start()), m.start(), value)
            else:
                mark(m.end(), forward_end(m.end()), value)
    for start, _end, _cid in spans:
        cue = _ADJACENT_CUE.search(rest, 0, start)
        if cue is not None and not any(i in cue_chars for i in range(cue.start(), cue.end())):
            cue_chars.update(range(cue.start(), cue.end()))
            mark(start, start + 1, 1)
    for i in cue_chars:
        residual[i] = " "
    sets: tuple[set[str], set[str], set[str]] = (set(), set(), set())
    for start, _end, cid in spans:
        sets[label[start]].add(CONCEPT_PREFIX + cid)
    # words: tokenise each maximal run of one label separately
    i = 0
    while i < len(norm):
        j = i
        while j < len(norm) and label[j] == label[i]:
            j += 1
        sets[label[i]].update(_words("".join(residual[i:j])))
        i = j
    return PolarTokens(*sets)


def has_negation(text: str) -> bool:
    return bool(NEGATION.search(normalise(text)))
