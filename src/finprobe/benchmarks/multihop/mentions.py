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
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.core.numbers import ParsedNumber, find_numbers, parse_number, same_figure

__all__ = [
    "EntityLexicon",
    "Mention",
    "clause_before",
    "conclusion_segment",
    "find_gold_mentions",
    "is_context",
    "is_negated",
    "mask_spans",
    "reference_number",
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


class EntityLexicon:
    """Names of entities (id -> aliases). `find(text)` returns non-overlapping mentions, longest first."""

    def __init__(self, names: Mapping[str, Iterable[str]]):
        self._patterns: list[tuple[int, str, re.Pattern[str]]] = []
        for key, aliases in names.items():
            for alias in {a for a in aliases if isinstance(a, str)}:
                p = _alias_pattern(alias)
                if p is not None:
                    self._patterns.append((len(alias), key, p))
        self._patterns.sort(key=lambda t: -t[0])

    def __bool__(self) -> bool:
        return bool(self._patterns)

    def keys(self) -> set[str]:
        return {key for _, key, _ in self._patterns}

    def names_entity(self, name: str) -> bool:
        """Whether `name` as a whole is one of the lexicon's names."""
        found = self.find(name)
        return len(found) == 1 and found[0].end - found[0].start >= len(name.strip()) - 1

    def with_entries(self, extra: Mapping[str, Iterable[str]]) -> EntityLexicon:
        out = EntityLexicon({})
        out._patterns = list(self._patterns)
        for key, aliases in extra.items():
            for alias in set(aliases):
                p = _alias_pattern(alias)
                if p is not None:
                    out._patterns.append((len(alias), key, p))
        out._patterns.sort(key=lambda t: -t[0])
        return out

    def find(self, text: str) -> list[Mention]:
        folded = _fold(text)
        taken: list[tuple[int, int]] = []
        found: list[Mention] = []
        for _, key, pattern in self._patterns:
            for m in pattern.finditer(folded):
                s, e = m.start(), m.end()
                if any(s < te and e > ts for ts, te in taken):
                    continue
                taken.append((s, e))
                found.append(Mention(key=key, start=s, end=e, raw=text[s:e]))
        return sorted(found, key=lambda m: m.start)


# --------------------------------------------------------------------------- cue words
_CLAUSE_BREAK = re.compile(r"(?i)[,;:，；：。!?！？\n]|\b(?:is|was|are|were|be|equals?|which|and then|then)\b|=|为|是")
# Words before a mention that make it a comparison term or a point of reference, not the answer.
_CONTEXT_BEFORE = re.compile(
    r"(?i)(?:\b(?:after|following|since|from|before|prior\s+to|preceding|than|vs\.?|versus|compared\s+(?:with|to)"
    r"|relative\s+to|against|over|instead\s+of|rather\s+than|not|unlike|other\s+than|except|besides|beating|beat"
    r"|ahead\s+of|above|below|outperform(?:ed|ing|s)?|underperform(?:ed|ing|s)?|behind|exceed(?:ed|ing|s)?"
    r"|surpass(?:ed|ing|es)?|trail(?:ed|ing|s)?|excluding|ruling\s+out|ruled\s+out|times)\b(?:[^.;,:\n]|(?<=\d)\.(?=\d)){0,40}"
    r"|(?:自|从|(?<![同环])比|较|与|跟|不是|而非|并非|而不是|不同于|早于|晚于|高于|低于|超过|胜过|领先于|落后于|相比于|相较于|排除|"
    r"除了)[^，。；;：:\n]{0,20})$"
)
_CONTEXT_AFTER = re.compile(
    r"(?i)^(?:[\s的]{0,2}(?:之后|以后|后|之前|以前|前|以来|起|相比|相较|比较|之外|除外)"
    r"|(?:['’]s)?\s*(?:\([^)]{0,40}\)\s*)?(?:vs\.?|versus|compared\s+(?:with|to)|against)\b)"
)
_NEGATION_BEFORE = re.compile(
    r"(?i)(?:\b(?:not|never|no|instead\s+of|rather\s+than|ruling\s+out|ruled\s+out|excluding|other\s+than|isn'?t|"
    r"wasn'?t)\s+(?:the\s+|it\s+|that\s+)?(?:\w+\s+){0,1}"
    r"|\b(?:first|initially|originally|mistakenly)\s+(?:thought|assumed|guessed|picked|took|read)\s+"
    r"(?:(?:it|that)\s+(?:was|is)\s+|it'?s\s+)?(?:the\s+)?"
    r"|(?:不是|而非|并非|而不是|排除了?|并不是|不为|以为是|误以为|原以为是?|起初以为是?)\s*)$"
)
_NEGATION_AFTER = re.compile(
    r"(?i)^[\s'’s)）]{0,4}(?:\bis\s+not\b|\bisn'?t\b|\bwas\s+not\b|\bwasn'?t\b|\bis\s+(?:wrong|incorrect)\b|"
    r"\bwas\s+(?:wrong|incorrect)\b|\bdoes\s+not\s+(?:qualify|match|fit)|不是|并非|不对|错误|有误|不符"
    r"|[,，]?\s*(?:but|however)\s*,?\s+(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not\s+right|a\s+mistake)"
    r"|[,，]?\s*(?:但|不过)(?:这|那|这个|该)?(?:是错的|是错误的|不对|有误|错了))"
)


def clause_before(text: str, start: int, width: int = 60) -> str:
    """The words before `start` back to the nearest clause break (",", ";", "is", "为" ...)."""
    window = text[max(0, start - width):start]
    cut = 0
    for m in _CLAUSE_BREAK.finditer(window):
        cut = m.end()
    return window[cut:]


def is_context(text: str, m: Mention) -> bool:
    """Whether a mention is a point of comparison or reference ("after X", "than X", "与X相比", "X之后")."""
    return bool(_CONTEXT_BEFORE.search(clause_before(text, m.start))) or bool(_CONTEXT_AFTER.match(text[m.end:]))


def is_negated(text: str, m: Mention) -> bool:
    """Whether a mention is rejected ("not X", "rather than X", "X is not", "不是X", "X不对")."""
    before = text[max(0, m.start - 30):m.start]
    return bool(_NEGATION_BEFORE.search(before)) or bool(_NEGATION_AFTER.match(text[m.end:m.end + 30]))


# --------------------------------------------------------------------------- segments
_SENT_SPLIT = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.])\s+(?=\S)")
_CONCLUSION = re.compile(
    r"(?i)(?:\bfinal\s+answer\b|\bthe\s+answer\s+is\b|\banswer\s*[:：]|\bin\s+(?:short|summary|conclusion)\b|"
    r"\bto\s+(?:sum\s+up|summari[sz]e)\b|\btherefore\b|\bthus\b|\bhence\b|\bso\b(?!\s+(?:far|that\s+we|-called))\s*,?|"
    r"最终答案|答案(?:是|为|：|:)|综上所述|综上|因此|所以|故而|结论(?:是|为|：|:)|即为)"
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
_CODE = re.compile(r"(?<![\w.])\d{4,6}\.(?:SH|SZ|BJ|HK|SS|DEMO)\b|(?<![\w])[A-Z]{2,6}\.[A-Z]{2,5}\b", re.I)


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


def find_figures(text: str) -> list[tuple[Mention, ParsedNumber]]:
    """Numbers of `text` that can be figures: dates, periods and security codes are masked out first."""
    spans = [(t.start, t.end) for t in find_time_mentions(text)]  # bare years stay: they are year-like figures
    spans += [(m.start(), m.end()) for m in _CODE.finditer(text)]
    masked = mask_spans(text, spans, "#")
    out = []
    for n in find_numbers(masked):
        out.append((Mention(key=repr(n.value), start=n.start, end=n.end, raw=text[n.start:n.end]), n))
    return out


def figure_matches(n: ParsedNumber, ref: ParsedNumber) -> bool:
    """The DESIGN §2 figure match (1% band and equal at the coarser stated precision); a bare number also
    matches a percent reference written without its sign ("2.44" for 2.44%)."""
    if same_figure(n, ref):
        return True
    if ref.is_percent and not n.is_percent and n.scale == 1.0:
        bare = parse_number(f"{n.mantissa}%")
        return bare is not None and same_figure(bare.model_copy(update={"decimals": n.decimals}), ref)
    return False


def find_gold_mentions(text: str, hop: Hop,
                       lexicon: EntityLexicon | None = None) -> tuple[list[Mention], list[Mention]]:
    """(gold mentions, other mentions of the same kind) in `text` for a hop's answer.

    Entities and other text answers: the hop's names (answer and aliases) and, as others, its distractors
    and every entity of `lexicon` that is not the gold one. Dates/periods: mentions of the gold's kind, gold
    when equal (see `time_equal`). Numbers: figures, gold when they match the reference (`figure_matches`).
    """
    if hop.kind in ("entity", "text"):
        gold_key = "__gold__"
        names = {gold_key: hop.names()}
        for i, d in enumerate(hop.distractors):
            names[f"__distractor{i}__"] = d
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
        return gold, other
    if hop.kind in ("date", "period"):
        g = gold_time_value(hop)
        kinds = time_kind_of(hop)
        gold, other = [], []
        for m in find_time(text, kinds):
            if g is not None and time_equal(m.key, g):
                gold.append(Mention(key=m.key, start=m.start, end=m.end, raw=m.raw, gold=True))
            else:
                other.append(m)
        return gold, other
    ref = reference_number(hop)
    gold, other = [], []
    for m, n in find_figures(text):
        if ref is not None and figure_matches(n, ref):
            gold.append(Mention(key=m.key, start=m.start, end=m.end, raw=m.raw, gold=True))
        elif not n.is_year_like:
            other.append(m)
    return gold, other


def _is_gold_entity(key: str, hop: Hop) -> bool:
    return isinstance(hop.value, str) and key == hop.value
