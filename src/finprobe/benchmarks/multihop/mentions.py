"""Finding what an answer or a trajectory says: mentions of entities, dates/periods and figures, with the
words around them that decide whether a mention is the answer, context, or a rejection.

Shared by the final-answer matcher (`matching`) and the process-hit detector (`process`). Nothing here
knows the gold answer's *truth*: it locates mentions and classifies their surroundings.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from finprobe.benchmarks.multihop.chains import Hop
from finprobe.benchmarks.multihop.periods import TimeMention, find_time_mentions
from finprobe.core.numbers import ParsedNumber, find_numbers, parse_number, same_figure

__all__ = [
    "EntityLexicon",
    "Mention",
    "clause_before",
    "conclusion_segment",
    "in_concessive_clause",
    "find_gold_mentions",
    "is_context",
    "is_negated",
    "mask_spans",
    "reference_number",
    "selected_by_comparison",
    "sentences",
]


@dataclass(frozen=True)
class Mention:
    """A span of `text` naming something: `key` identifies what (an entity id, a canonical date, a figure)."""

    key: str
    start: int
    end: int
    raw: str
    gold: bool = False


def _fold(text: str) -> str:
    """Case- and width-folded text with the same length as the input (offsets stay valid)."""
    out = []
    for ch in text:
        f = unicodedata.normalize("NFKC", ch).casefold()
        out.append(f if len(f) == 1 else ch.lower())
    return "".join(out)


_CJK = re.compile(r"[\u3400-\u9fff]")


def _alias_pattern(alias: str) -> re.Pattern[str] | None:
    a = _fold(alias.strip())
    if len(a) < 2:
        return None
    if _CJK.search(a):
        return re.compile(re.escape(a))
    # Latin: whole words; spaces and hyphens interchangeable; a possessive is fine.
    body = r"[\s\-]+".join(re.escape(p) for p in re.split(r"[\s\-]+", a))
    return re.compile(r"(?<![a-z0-9])" + body + r"(?![a-z0-9])")


def non_overlapping_matches(patterns: Iterable[tuple[str, re.Pattern[str]]], text: str) -> list[tuple[str, int, int]]:
    """(key, start, end) of every match of `patterns` in `text` that overlaps no match of an earlier pattern (so
    patterns given longest first win), in text order."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[str, int, int]] = []
    for key, pattern in patterns:
        for m in pattern.finditer(text):
            s, e = m.start(), m.end()
            if any(s < te and e > ts for ts, te in taken):
                continue
            taken.append((s, e))
            found.append((key, s, e))
    return sorted(found, key=lambda f: f[1])


class EntityLexicon:
    """Names of entities (id -> aliases). `find(text)` returns non-overlapping mentions, longest first."""

    def __init__(self, names: Mapping[str, Iterable[str]]):
        self._patterns: list[tuple[int, str, re.Pattern[str]]] = []
        self._names: dict[str, set[str]] = {}
        self._name_sets: list[frozenset[str]] | None = None
        self._short: list[tuple[str, re.Pattern[str]]] | None = None
        for key, aliases in names.items():
            for alias in {a for a in aliases if isinstance(a, str)}:
                self._names.setdefault(key, set()).add(alias)
                p = _alias_pattern(alias)
                if p is not None:
                    self._patterns.append((len(alias), key, p))
        self._patterns.sort(key=lambda t: -t[0])

    def __bool__(self) -> bool:
        return bool(self._patterns)

    def keys(self) -> set[str]:
        return {key for _, key, _ in self._patterns}

    def name_sets(self) -> list[frozenset[str]]:
        """Each entity's names, as a set (computed once)."""
        if self._name_sets is None:
            self._name_sets = [frozenset(v) for v in self._names.values()]
        return self._name_sets

    def find_with_short_names(self, text: str) -> list[Mention]:
        """`find`, plus the entities' short names where no full name was found ("Northwind", "the semiconductor
        index"; see `_short_names`)."""
        if self._short is None:
            self._short = _short_names({k: sorted(v) for k, v in self._names.items()}, self)
        found = self.find(text)
        taken = [(m.start, m.end) for m in found]
        for key, pattern in self._short:
            for sm in pattern.finditer(text):
                if not any(sm.start() < e and sm.end() > s for s, e in taken):
                    taken.append((sm.start(), sm.end()))
                    found.append(Mention(key=key, start=sm.start(), end=sm.end(), raw=sm.group()))
        return sorted(found, key=lambda m: m.start)

    def names_entity(self, name: str) -> bool:
        """Whether `name` as a whole is one of the lexicon's names."""
        found = self.find(name)
        return len(found) == 1 and found[0].end - found[0].start >= len(name.strip()) - 1

    def with_entries(self, extra: Mapping[str, Iterable[str]]) -> EntityLexicon:
        out = EntityLexicon({})
        out._patterns = list(self._patterns)
        out._names = {k: set(v) for k, v in self._names.items()}
        for key, aliases in extra.items():
            for alias in set(aliases):
                out._names.setdefault(key, set()).add(alias)
                p = _alias_pattern(alias)
                if p is not None:
                    out._patterns.append((len(alias), key, p))
        out._patterns.sort(key=lambda t: -t[0])
        return out

    def find(self, text: str) -> list[Mention]:
        return [Mention(key=key, start=s, end=e, raw=text[s:e])
                for key, s, e in non_overlapping_matches(((k, p) for _, k, p in self._patterns), _fold(text))]


# --------------------------------------------------------------------------- cue words
# A comma between digits ("423,500") is a thousands separator, not a clause break; a dash between words is one.
_CLAUSE_BREAK = re.compile(r"(?i)(?<!\d),|,(?!\d{3}(?!\d))|[;:，；：。!?！？\n—]|\s[–-]\s|"
                           r"\b(?:is|was|are|were|be|equals?|which|and then|then)\b|=|为|是")
# Inside a cue's reach: any character but a clause mark or a closing bracket (a cue inside "(... vs 6.90M)" does
# not reach past the bracket), and the "." or "," inside a figure ("6.90", "423,500").
_CUE_REACH = r"(?:[^.;,:\n)）\]—]|(?<=\d)[.,](?=\d))"
# Words before a mention that make it a comparison term or a point of reference, not the answer.
_CONTEXT_BEFORE = re.compile(
    r"(?i)(?:\b(?:after|following|since|from|before|prior\s+to|preceding|than|vs\.?|versus|compared\s+(?:with|to)"
    r"|relative\s+to|against|over|instead\s+of|rather\s+than|not|unlike|other\s+than|except|besides|beating|beat"
    r"|ahead\s+of|above|below|outperform(?:ed|ing|s)?|underperform(?:ed|ing|s)?|behind|exceed(?:ed|ing|s)?"
    r"|surpass(?:ed|ing|es)?|outpac(?:ed|es|ing|e)|outstrip(?:ped|s|ping)?|trail(?:ed|ing|s)?|excluding|ruling\s+out|ruled\s+out|times)\b" + _CUE_REACH + r"{0,40}"
    r"|(?:自|从|(?<![同环可对])比|较|与|跟|不是|而非|并非|而不是|不同于|早于|晚于|高于|低于|大于|小于|多于|少于|超过|胜过|胜于|"
    r"领先于|落后于|优于|劣于|好于|差于|强于|弱于|逊于|不如|不及|跑赢|跑输|相比于|相较于|排除|除了)[^，。；;：:\n)）]{0,20})$"
)
# A concessive clause ("although Y traded more", "虽然Y成交更多") concedes a point about something that is not the
# answer; it reaches to the next clause mark, whatever verbs it holds.
_CONCESSIVE_BEFORE = re.compile(
    r"(?i)(?:\b(?:although|though|even\s+though|even\s+if|despite|in\s+spite\s+of|notwithstanding)\b|虽然|尽管|虽说|即使|即便)"
    r"(?:[^.;,:!?，。；：！？\n]|(?<=\d)[.,](?=\d))*$"
)
_CONTEXT_AFTER = re.compile(
    r"(?i)^(?:[\s的]{0,2}(?:之后|以后|后|之前|以前|前|以来|起|相比|相较|比较|之外|除外)"
    r"|(?:['’]s)?\s*(?:\([^)]{0,40}\)\s*)?(?:vs\.?|versus|compared\s+(?:with|to)|against)\b)"
)
_CONTEXT_AFTER_NO_VS = re.compile(r"^[\s的]{0,2}(?:之后|以后|后|之前|以前|前|以来|起|相比|相较|比较|之外|除外)")
_NEGATION_BEFORE = re.compile(
    r"(?i)(?:\b(?:not|never|no|instead\s+of|rather\s+than|ruling\s+out|ruled\s+out|excluding|other\s+than|isn'?t|"
    r"wasn'?t)\s+(?:the\s+|it\s+|that\s+)?(?:\w+\s+){0,1}"
    r"|\b(?:first|initially|originally|mistakenly)\s+(?:thought|assumed|guessed|picked|took|read)\s+"
    r"(?:(?:it|that)\s+(?:was|is)\s+|it'?s\s+)?(?:the\s+)?"
    r"|(?:不是|而非|并非|而不是|排除了?|剔除|舍弃|忽略|不考虑|并不是|不为|以为是|误以为|原以为是?|起初以为是?)\s*)$"
)
_NEGATION_AFTER = re.compile(
    r"(?i)^[\s'’s)）]{0,4}(?:\bis\s+not\b|\bisn'?t\b|\bwas\s+not\b|\bwasn'?t\b|\bis\s+(?:wrong|incorrect)\b|"
    r"\bwas\s+(?:wrong|incorrect)\b|\bdoes\s+not\s+(?:qualify|match|fit)|不是|并非|不对|错误|有误|不符"
    r"|[,，]?\s*(?:but|however)\s*,?\s+(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not\s+right|a\s+mistake)"
    r"|[,，]?\s*(?:但|不过)(?:这|那|这个|该)?(?:是错的|是错误的|不对|有误|错了)"
    # "X? No — …", "X？不是…": a candidate raised and turned down at once; "set X aside"
    r"|[?？]\s*(?:no\b|nope\b|不[，,。是对])|\s*aside\b)"
)

# A figure or name broken off by a dash or an ellipsis and taken back at once: "1736.59点……不对，…应为1265.35点",
# "15.59亿元——不，这是单季数", "1,736.59 points — no wait, …", "2008-04-18… correction: …". The unit of a figure may
# come between ("点", "亿元", "points").
_RETRACTED_AFTER = re.compile(
    r"(?i)^\s*(?:点|元|股|手|亿元|万元|亿|万|个百分点|\bpoints?\b|\bpts\b|\byuan\b|\bshares\b)?\s*"
    r"(?:…+|\.{3,}|—+|--|\s-\s|[,，])\s*"
    r"(?:不对|不是|错了|有误|说错了|更正|纠正|不[，,、]|"
    r"no\s*[,—-]?\s*(?:wait|sorry|that|this|it|i)\b|(?:wait|sorry|correction|scratch\s+that|i\s+mean)\b)"
)


def clause_before(text: str, start: int, width: int = 60) -> str:
    """The words before `start` back to the nearest clause break (",", ";", "is", "为" ...)."""
    window = text[max(0, start - width):start]
    cut = 0
    for m in _CLAUSE_BREAK.finditer(window):
        cut = m.end()
    return window[cut:]


def in_concessive_clause(text: str, m: Mention) -> bool:
    """Whether a mention sits in a concessive clause ("although X traded more", "虽然X成交更多")."""
    return bool(_CONCESSIVE_BEFORE.search(text[max(0, m.start - 80):m.start]))


def is_context(text: str, m: Mention, *, before_vs: bool = True) -> bool:
    """Whether a mention is a point of comparison or reference ("after X", "than X", "与X相比", "X之后"), or
    sits in a concessive clause ("although X traded more", "虽然X成交更多"). With `before_vs` a term right
    before "vs" ("X (…) vs Y") is one too — not for figures: in "¥819m (Q2) vs ¥1,565m (Q1)" the figure before
    "vs" is the one stated, the one after it the point of comparison."""
    after = _CONTEXT_AFTER if before_vs else _CONTEXT_AFTER_NO_VS
    return (bool(_CONTEXT_BEFORE.search(clause_before(text, m.start))) or bool(after.match(text[m.end:]))
            or in_concessive_clause(text, m))


def is_negated(text: str, m: Mention) -> bool:
    """Whether a mention is rejected ("not X", "rather than X", "X is not", "不是X", "X不对"), taken back right
    after a dash or an ellipsis ("1736.59点……不对", "15.59亿元——不，", "X — no wait"), or is the subject of a
    negated comparison ("X did not close higher", "X并没有更高")."""
    before = text[max(0, m.start - 30):m.start]
    after = text[m.end:m.end + 60]
    return (bool(_NEGATION_BEFORE.search(before)) or bool(_NEGATION_AFTER.match(after[:30]))
            or bool(_RETRACTED_AFTER.match(after)) or bool(_NEGATED_COMPARISON_AFTER.match(after)))


# --------------------------------------------------------------------------- comparisons
# Words of a comparative or superlative claim ("closed higher", "traded more", "成交量更大", "最高").
COMPARATIVE = (
    r"\b(?:higher|highest|larger|largest|bigger|biggest|greater|greatest|more|most|lower|lowest|smaller|smallest|"
    r"less|least|fewer|fewest|better|best|worse|worst|stronger|strongest|weaker|weakest|earlier|earliest|later|latest|"
    r"outperform(?:ed|s)?|underperform(?:ed|s)?|beat|beats|topped|tops|led|leads|exceeded|exceeds|outpac(?:ed|es)|"
    r"outstripp(?:ed)?|outstrips|as\s+(?:much|many|"
    r"high|low|large|well))\b|"
    r"更高|最高|较高|更大|最大|较大|更多|最多|较多|更低|最低|较低|更小|最小|较小|更少|最少|较少|更早|最早|更晚|最晚|更强|最强|"
    r"更活跃|最活跃|领先|胜出|居首|超过|高于|低于|大于|小于|多于|少于|优于|劣于|好于|差于|强于|弱于|逊于|不如|跑赢|跑输"
)
_NEGATED_COMPARISON_AFTER = re.compile(
    r"(?i)^[^.;,:!?，。；：！？\n]{0,25}?(?:\b(?:did\s+not|didn'?t|does\s+not|doesn'?t|has\s+not|hasn'?t|had\s+not|"
    r"hadn'?t|was\s+not|wasn'?t|is\s+not|isn'?t|never)\s+(?!only\b|just\b)(?:\w+\s+){0,3}?"
    r"|(?:并没有|没有|并未|未能|未|并不|不)(?![仅但只光])[^，。；！？\n]{0,6}?)"
    r"(?:" + COMPARATIVE + r")"
)
_SELECTED_AFTER = re.compile(r"(?i)^(?:[^.;!?。；！？\n]|(?<=\d)\.(?=\d)){0,60}?(?:" + COMPARATIVE + r")")
_SELECTED_BEFORE = re.compile(
    r"(?i)(?:" + COMPARATIVE + r")[^.;,!?，。；！？\n]{0,30}?"
    r"(?:的是|的为|是|为|属于|归|[:：]|\b(?:is|was|belongs\s+to|goes\s+to|went\s+to)\b)\s*(?:the\s+)?[*_`\"'“「《]*\s*$"
)


def selected_by_comparison(text: str, m: Mention, mentions: list[Mention]) -> bool:
    """Whether `m` is the subject of a comparative or superlative claim: the comparative follows it before any
    other mention ("X closed higher", "宽塔云成交量更大") or introduces it ("更高的是X", "the higher close
    belongs to X", "higher: X"). Comparison terms and concessive clauses should be set aside first."""
    nxt = min((o.start for o in mentions if o.start >= m.end), default=len(text))
    if _SELECTED_AFTER.match(text[m.end:nxt]):
        return True
    prev = max((o.end for o in mentions if o.end <= m.start), default=0)
    return bool(_SELECTED_BEFORE.search(text[prev:m.start]))


# --------------------------------------------------------------------------- segments
_SENT_SPLIT = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.])\s+(?=\S)")
_CONCLUSION = re.compile(
    r"(?i)(?:\bfinal\s+answer\b|\bthe\s+answer\s+is\b|\banswer\s*[:：]|\bin\s+(?:short|summary|conclusion)\b|"
    r"\bto\s+(?:sum\s+up|summari[sz]e)\b|\btherefore\b|\bthus\b|\bhence\b|\bso\b(?!\s+(?:far|that\s+we|-called))\s*,?|"
    r"最终答案|答案(?:是|为|：|:)|综上所述|综上|因此|所以|故而|结论(?:是|为|：|:)|即为"
    # "Only X (simultaneously) meets the conditions": the verdict of a screening question
    r"|\bonly\b(?=(?:[^.;!?。；\n]|\.(?!\s+(?-i:[A-Z]))){1,160}?\b(?:meets?|met|satisf(?:y|ies|ied)|fulfil(?:s|ls|led)?|qualif(?:y|ies|ied))\b)"
    r"|(?:只有|仅有|仅)(?=[^。；！？\n]{1,80}?(?:满足|符合))"
    # "the top two are X and Y", "前两名为X和Y": the verdict of a ranking question
    r"|\btop\s+(?:two|three|2|3)\b[^.;!?\n]{0,60}?\b(?:are|were|is|was)\b\s*:?"
    r"|(?:排名)?前(?:两|二|三|2|3)(?:名|位|家|只|天|个)(?:分别)?(?:为|是|：|:)"
    r"|(?:排名)?(?:前|第)(?:1|一)(?:名|位)?的?(?:是|为)"
    r"|(?:最|更|较)(?:高|低|大|小|多|少|好|优|强|快)的(?:是|为)"
    r"|\bthe\s+(?:top\s+)?(?:two|three)\s+(?:[\w-]+\s+){0,3}?(?:are|were)\b\s*:?"
    r"|最(?:好|高|低|大|小|多|少|优)的(?:两|三)(?:个|家|只|天|名|位)?[^，。；：]{0,6}?(?:为|是|：))"
)


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) spans of the sentences of `text` (a decimal point is not a sentence end)."""
    spans, start = [], 0
    for m in _SENT_SPLIT.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def conclusion_segment(text: str) -> tuple[int, str] | None:
    """(offset, text) after the last explicit conclusion marker ("Final answer:", "therefore", "综上", "答案是"),
    or None when the text has no such marker."""
    last = None
    for m in _CONCLUSION.finditer(text):
        last = m
    if last is None or not text[last.end():].strip():
        return None
    return last.end(), text[last.end():]


def mask_spans(text: str, spans: Iterable[tuple[int, int]], ch: str = " ") -> str:
    chars = list(text)
    for s, e in spans:
        for i in range(s, e):
            chars[i] = ch
    return "".join(chars)


# --------------------------------------------------------------------------- gold mentions by kind
_PERIOD_KINDS = ("quarter", "month", "half", "year")
_CODE = re.compile(r"(?<![\w.])\d{4,6}\.(?:SH|SZ|BJ|HK|SS|OF|DEMO)\b|(?<![\w])[A-Z]{2,6}\.[A-Z]{2,5}\b", re.I)


def reference_number(hop: Hop) -> ParsedNumber | None:
    """The gold figure of a numeric hop: its `value` in its `unit` when set, else the number in its answer."""
    if isinstance(hop.value, (int, float)) and not isinstance(hop.value, bool):
        unit = hop.unit or ""
        text = f"{hop.value}{'%' if unit == '%' else ''}"
        return parse_number(text)
    return parse_number(hop.answer)


def time_kind_of(hop: Hop) -> tuple[str, ...]:
    value = str(hop.value or "")
    if hop.kind == "date":
        return ("date",)
    for text in (value, hop.answer):
        ms = find_time_mentions(text, bare_years=True)
        if ms:
            return (ms[0].kind,)
    return _PERIOD_KINDS


def gold_time_value(hop: Hop) -> str | None:
    for text in (str(hop.value or ""), hop.answer, *hop.aliases):
        ms = find_time_mentions(text, bare_years=True)
        if ms:
            return ms[0].value
    return None


def time_equal(found: str, gold: str) -> bool:
    """Whether a found date/period names the gold one. A date or quarter written without a year
    ("April 26", "Q3") matches the gold's month/day or quarter: the question fixes the year."""
    if found == gold:
        return True
    if found.startswith("--") and len(gold) == 10 and len(found) == 7:
        return gold[4:] == found[1:]
    if found.startswith("--") and len(gold) == 7 and len(found) == 4:  # a month without a year
        return gold[4:] == found[1:]
    if found.startswith(("Q", "H")) and len(gold) == 6:
        return gold[4:] == found
    return False


def find_time(text: str, kinds: tuple[str, ...]) -> list[Mention]:
    bare = "year" in kinds and kinds == ("year",)
    return [Mention(key=t.value, start=t.start, end=t.end, raw=t.raw) for t in find_time_mentions(text, bare_years=bare)
            if t.kind in kinds]


# 手 is the A-share trading unit of 100 shares (exchange rule); Chinese volumes are often stated in it. The
# English "lot" is not converted: its size depends on the market (a Hong Kong board lot varies by stock).
_LOT = re.compile(r"^\s*手")
_RESTATED_GAP = re.compile(r"\s*(?:元|股|手|点|shares|yuan|points)?\s*")
SHARES_PER_LOT = 100


def _inside_number(text: str, t: TimeMention) -> bool:
    """Digits read as a compact date that belong to a longer number ("0.20780201亿"): no date."""
    if not t.raw.isdigit():
        return False
    before, after = text[max(0, t.start - 1):t.start], text[t.end:t.end + 2]
    return before in (".", ",") or before.isdigit() or after[:1].isdigit() or bool(re.match(r"\.\d", after))


def find_figures(text: str, *, compact_dates: bool = False) -> list[tuple[Mention, ParsedNumber]]:
    """Numbers of `text` that can be figures: dates, periods and security codes are masked out first (a run
    of eight digits that is a calendar date, "20020701", too unless `compact_dates`). A count of 手
    ("322,328手", "32.23万手") is converted to shares (× `SHARES_PER_LOT`), its precision with it."""
    spans = [(t.start, t.end) for t in find_time_mentions(text)  # bare years stay: they are year-like figures
             if not (compact_dates and t.raw.isdigit() and len(t.raw) == 8) and not _inside_number(text, t)]
    spans += [(m.start(), m.end()) for m in _CODE.finditer(text)]
    masked = mask_spans(text, spans, "#")
    out: list[tuple[Mention, ParsedNumber]] = []
    for n in find_numbers(masked):
        if not n.is_percent and n.currency is None and _LOT.match(text[n.end:n.end + 12]):
            n = n.model_copy(update={"value": n.value * SHARES_PER_LOT, "unit_factor": n.unit_factor * SHARES_PER_LOT})
        if n.value < 0 and text[n.start:n.start + 1] in "(（" and out and \
                _RESTATED_GAP.fullmatch(text[out[-1][0].end:n.start]):
            # "8.19亿元（819,230,815元）": a figure in brackets right after another restates it, it is no
            # accounting negative (those follow a label, not a figure).
            n = n.model_copy(update={"value": -n.value, "mantissa": -n.mantissa})
        out.append((Mention(key=repr(n.value), start=n.start, end=n.end, raw=text[n.start:n.end]), n))
    return out


def _as_rounded(n: ParsedNumber) -> ParsedNumber:
    """Trailing zeros of a whole figure before a scale word are rounding: "820 million" is stated to the ten
    million (its precision is where its last non-zero digit is). A figure written out in full ("1,750" points)
    keeps the precision of its last digit."""
    if n.scale == 1.0 or n.decimals != 0 or n.mantissa == 0 or n.mantissa != int(n.mantissa):
        return n
    digits = str(abs(int(n.mantissa)))
    zeros = len(digits) - len(digits.rstrip("0"))
    return n.model_copy(update={"decimals": -zeros}) if zeros else n


def figure_matches(n: ParsedNumber, ref: ParsedNumber) -> bool:
    """The DESIGN §2 figure match (1% band and equal at the coarser stated precision, the trailing zeros of the
    answer's scaled figure read as rounding, see `_as_rounded`); a bare number also matches a percent reference
    written without its sign ("2.44" for 2.44%)."""
    if same_figure(_as_rounded(n), ref):
        return True
    if ref.is_percent and not n.is_percent and n.scale == 1.0:
        bare = parse_number(f"{n.mantissa}%")
        return bare is not None and same_figure(bare.model_copy(update={"decimals": n.decimals}), ref)
    return False


def find_gold_mentions(text: str, hop: Hop, lexicon: EntityLexicon | None = None, *,
                       gold_short_names: bool = False) -> tuple[list[Mention], list[Mention]]:
    """(gold mentions, other mentions of the same kind) in `text` for a hop's answer; for a hop that stands for
    one part of a several-part answer, the other parts (`hop.companions`) are neither (they are not rivals).
"""
    gold, other = _gold_mentions(text, hop, lexicon, gold_short_names=gold_short_names)
    if other and hop.question and hop.kind in ("date", "period", "number"):
        other = _not_restated(other, hop)
    if not hop.companions or not other:
        return gold, other
    names = {_fold(c) for c in hop.companions}
    times = {m.value for c in hop.companions for m in find_time_mentions(c, bare_years=True)}
    # nor are mentions inside a companion's name ("Huabao" of "Huabao CSI Nonferrous … C", another part)
    folded = _fold(text)
    spans = [(m.start(), m.end()) for c in hop.companions if len(c) >= 2
             for m in re.finditer(re.escape(_fold(c)), folded)]
    return gold, [m for m in other if _fold(m.raw) not in names and m.key not in times
                  and not any(s <= m.start and m.end <= e for s, e in spans)]


def _not_restated(other: list[Mention], hop: Hop) -> list[Mention]:
    """Drop the dates (figures) that only restate the hop's own question ("as of 2025-12-08, …", "above 10%")
    when the question does not list the gold among them: then they are its constraints, not rival answers."""
    question = hop.question or ""
    if hop.kind == "number":
        ref = reference_number(hop)
        stated = [n for _, n in find_figures(question)]
        if ref is None or any(figure_matches(n, ref) for n in stated):
            return other
        return [m for m in other if m.raw.strip() not in question]
    asked = {m.value for m in find_time_mentions(question, bare_years=True)}
    gold = gold_time_value(hop)
    if gold is None or any(time_equal(a, gold) for a in asked):
        return other
    return [m for m in other if m.key not in asked]


def _gold_mentions(text: str, hop: Hop, lexicon: EntityLexicon | None = None, *,
                   gold_short_names: bool = False) -> tuple[list[Mention], list[Mention]]:
    """(gold mentions, other mentions of the same kind) in `text` for a hop's answer.

    Entities and other text answers: the hop's names (answer and aliases) and, as others, its distractors
    and every entity of `lexicon` that is not the gold one; the other candidates' short names too, and the gold's
    with `gold_short_names` (the final-answer matcher: an answer commits to "Northwind" or "the software index";
    the detector leaves them out, as "And Northwind." before a call is a plan, not a finding). Dates/periods: mentions of the gold's kind, gold
    when equal (see `time_equal`). Numbers: figures, gold when they match the reference (`figure_matches`).
    """
    if hop.kind in ("entity", "text"):
        gold_key = "__gold__"
        names = {gold_key: hop.names()}
        for i, d in enumerate(hop.distractors):
            names[f"__distractor{i}__"] = d
        short = [(k, p) for k, p in _short_names(names, lexicon) if gold_short_names or k != gold_key]
        # The lexicon's entities compete with the gold only when the gold is one of them (a company named
        # next to the sector asked for is not another answer).
        gold_is_entity = lexicon is not None and (
            (isinstance(hop.value, str) and hop.value in lexicon.keys())
            or any(lexicon.names_entity(n) for n in hop.names()))
        lex = (lexicon if gold_is_entity and lexicon is not None else EntityLexicon({})).with_entries(names)
        gold_norm = {_fold(a) for a in hop.names()}
        gold, other = [], []
        # A gold name inside a longer name of something else ("Software" in "Lexigrid Software") is not a mention.
        inside = [m for m in (lexicon.find(text) if lexicon is not None and not gold_is_entity else [])
                  if not any(_fold(m.raw) == g for g in gold_norm)]
        for m in lex.find(text):
            if any(i.start <= m.start and m.end <= i.end and (i.end - i.start) > (m.end - m.start) for i in inside):
                continue
            if m.key == gold_key or _fold(m.raw) in gold_norm or _is_gold_entity(m.key, hop):
                gold.append(Mention(key=gold_key, start=m.start, end=m.end, raw=m.raw, gold=True))
            else:
                other.append(m)
        taken = [(m.start, m.end) for m in gold + other]
        for key, pattern in short:
            for sm in pattern.finditer(text):
                if not any(sm.start() < e and sm.end() > s for s, e in taken):
                    taken.append((sm.start(), sm.end()))
                    if key == gold_key:
                        gold.append(Mention(key=gold_key, start=sm.start(), end=sm.end(), raw=sm.group(), gold=True))
                    else:
                        other.append(Mention(key=key, start=sm.start(), end=sm.end(), raw=sm.group()))
        return sorted(gold, key=lambda m: m.start), sorted(other, key=lambda m: m.start)
    if hop.kind in ("date", "period"):
        g = gold_time_value(hop)
        kinds = time_kind_of(hop)
        gold, other = [], []
        for m in find_time(text, kinds):
            if g is not None and time_equal(m.key, g):
                gold.append(Mention(key=m.key, start=m.start, end=m.end, raw=m.raw, gold=True))
            else:
                other.append(m)
        # other ways the release writes the date that are no date ("45167", a spreadsheet serial number)
        for alias in hop.aliases:
            times = find_time_mentions(alias, bare_years=True)
            if alias.strip() and sum(t.end - t.start for t in times) < 0.9 * len(alias.strip()):
                for am in re.finditer(rf"(?<![A-Za-z0-9.]){re.escape(alias.strip())}(?![A-Za-z0-9])", text):
                    gold.append(Mention(key=g or alias, start=am.start(), end=am.end(), raw=am.group(), gold=True))
        return sorted(gold, key=lambda m: m.start), other
    ref = reference_number(hop)
    gold, other = [], []
    for m, n in find_figures(text):
        if ref is not None and figure_matches(n, ref):
            gold.append(Mention(key=m.key, start=m.start, end=m.end, raw=m.raw, gold=True))
        elif not n.is_year_like:
            other.append(m)
    return gold, other


_GENERIC_FIRST_WORDS = {"general", "national", "international", "global", "united", "american", "china", "first",
                        "great", "royal", "golden", "pacific", "western", "eastern", "northern", "southern", "central"}


def _first_word(name: str) -> str:
    words = name.split()
    return words[0] if len(words) > 1 else ""


# The generic last word of a fund's or an index's name: "Demo Software Index" is "the software index" for short.
_HEADS = ("index", "fund", "etf")


def _descriptive(name: str) -> list[str] | None:
    """The words of a Latin name after its first (the brand) when it ends in a generic head and keeps a word
    before it: "Demo Software Index" -> ["Software", "Index"]; None for others ("Harborstone Bank")."""
    words = name.split()
    if len(words) < 3 or _CJK.search(name) or words[-1].casefold() not in _HEADS:
        return None
    return words[1:]


def _descriptive_key(words: list[str]) -> str:
    """What two descriptive names share when they name the same thing: case, plural "s" and "sector" ignored."""
    return " ".join(_singular(w.casefold()) for w in words if w.casefold() not in ("sector", "industry"))


def _singular(word: str) -> str:
    return word[:-1] if word.endswith(("s", "S")) and len(word) > 3 else word


def _descriptive_pattern(words: list[str]) -> re.Pattern[str]:
    """"Software Index" -> "the software index", "Semiconductors Index" -> "the semiconductor index", "the
    pharmaceuticals sector index": any case, a word's plural "s" optional, "sector"/"industry" before the head."""
    body = [re.escape(_singular(w)) + "s?" if re.fullmatch(r"[A-Za-z]{4,}", w) else re.escape(w)
            for w in words[:-1]]
    head = re.escape(words[-1])
    return re.compile(r"(?i)(?<![A-Za-z0-9])" + r"[\s\-]+".join(body) + r"[\s\-]+(?:(?:sector|industry)\s+)?"
                      + head + r"(?![A-Za-z0-9])")


def _short_names(names: Mapping[str, list[str]], lexicon: EntityLexicon | None) -> list[tuple[str, re.Pattern[str]]]:
    """Short names of the candidates a hop chose among, the gold's included, as agents shorten names:

    - the distinctive first word of a multiword Latin name ("Northwind" for "Northwind Tech Innovation Fund"):
      only a capitalised word of 5+ letters, matched case-sensitively, that starts no name of another candidate
      or of another entity of the lexicon, and is not a generic word ("General", "National");
    - the descriptive rest of a fund's or an index's name after its brand ("the software index" for "Demo
      Software Index", "the semiconductor index" for "Demo Semiconductors Index"), any case, when no other
      candidate or entity of the lexicon has the same one.

    Longer patterns come first (the caller keeps the first of overlapping matches)."""
    owners: dict[str, set[frozenset[str]]] = {}  # first word -> the name sets it starts
    described: dict[str, set[frozenset[str]]] = {}  # descriptive key -> the name sets that have it
    groups = [frozenset(v) for v in names.values()]
    if lexicon is not None:
        groups += lexicon.name_sets()
    for group in groups:
        for a in group:
            owners.setdefault(_fold(_first_word(a)), set()).add(group)
            words = _descriptive(a)
            if words is not None:
                described.setdefault(_descriptive_key(words), set()).add(group)
    out: list[tuple[int, str, re.Pattern[str]]] = []
    for key, aliases in names.items():
        mine = set(aliases)
        for a in aliases:
            first = _first_word(a)
            if not re.fullmatch(r"[A-Z][a-z]{4,}", first) or first.lower() in _GENERIC_FIRST_WORDS:
                continue
            # Every name set starting with this word must be this candidate's (its lexicon entry shares a name).
            if all(g & mine for g in owners.get(_fold(first), set())):
                out.append((len(first), key, re.compile(r"(?<![A-Za-z0-9])" + first + r"(?![A-Za-z0-9])")))
                break
        for a in aliases:
            words = _descriptive(a)
            if words is not None and all(g & mine for g in described.get(_descriptive_key(words), set())):
                out.append((len(" ".join(words)), key, _descriptive_pattern(words)))
                break
    return [(key, pattern) for _, key, pattern in sorted(out, key=lambda t: -t[0])]


def _is_gold_entity(key: str, hop: Hop) -> bool:
    return isinstance(hop.value, str) and key == hop.value
