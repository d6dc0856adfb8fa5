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

from finprobe.core.retrieval import tokenize

__all__ = ["CONCEPT_PREFIX", "NON_DECISIVE", "STRUCTURAL_WORDS", "NEGATION", "concept_tokens", "has_negation",
           "is_decisive"]

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
    return token.startswith(CONCEPT_PREFIX) and token not in NON_DECISIVE

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


def _normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def concept_tokens(text: str) -> set[str]:
    """Concept tokens ("@..."), then the remaining word tokens, minus structural words."""
    norm = _normalise(text)
    found: list[tuple[int, int, int, str]] = []
    for order, (cid, pattern) in enumerate(_COMPILED):
        for m in pattern.finditer(norm):
            if m.end() > m.start():
                found.append((m.start(), m.end(), order, cid))
    found.sort(key=lambda x: (-(x[1] - x[0]), x[0], x[2]))
    taken: list[tuple[int, int, str]] = []
    for start, end, _o, cid in found:
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, cid))
    chars = list(norm)
    for start, end, _ in taken:
        for i in range(start, end):
            chars[i] = " "
    tokens = {CONCEPT_PREFIX + cid for _, _, cid in taken}
    tokens.update(t for t in tokenize("".join(chars)) if t not in STRUCTURAL_WORDS and t.strip("-/.'"))
    return tokens


def has_negation(text: str) -> bool:
    return bool(NEGATION.search(_normalise(text)))
