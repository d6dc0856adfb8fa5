"""Deterministic extraction of FinHopper hop answers from the release's own text (`prompt`, `reference_response`).

The release stores no per-hop fields: each K-hop question is K sub-questions in sequence, and the reference
response states each hop's conclusion in prose ("Only X satisfies …", "只有X满足…", "X was listed on D",
"前两名为X和Y"). These rules read it back, per language:

1. **Sub-questions** (`split_subquestions`): the prompt's question sentences; a sentence that only follows up
   on the one before (it adds no back-reference and the one before asks for figures "respectively", or it
   starts "Among them" / "其中") joins it. A prompt whose sentences cannot be made K is left to review.
2. **Candidates** (`entity_candidates`, `date_candidates`): the names (or dates) a sub-question chooses among,
   from its lists ("A、B和C三家公司", "between A and B", "among A, B, and C"); a name counts only when the
   reference response names it too (fuzzy for English, whose translations of a name drift).
3. **Answers** (`extract_answers`): walking through the reference response with a cursor, a choice hop's
   answer is the first *conclusion clause* after the cursor (a clause with a cue: only / therefore / highest /
   the top two …, 只有 / 因此 / 最高 / 前两名 …) that names exactly the number of candidates the sub-question
   asks for ("which two" → 2); an open date hop ("When was that company listed?") takes the first date after
   the cursor that the sub-question does not itself state. Anything else is left unsettled, never guessed.

`finprobe.build.multihop.release_hops` runs these rules on both languages of a chain and accepts a hop only
when they agree (the same date, or the candidate at the same position of the same-length lists); the
remaining hops are settled by review.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz

from finprobe.benchmarks.multihop.periods import find_time_mentions

__all__ = ["Draft", "HopDraft", "date_candidates", "en_key", "en_short_forms", "en_spellings", "entity_candidates",
           "expected_count", "extract_answers", "final_reference_parts", "question_kind", "split_scoring_note",
           "split_subquestions"]

Lang = Literal["en", "zh"]


@dataclass
class HopDraft:
    """A hop as the rules read it: its sub-question, candidates, and (when settled) answer parts."""

    question: str
    candidates: list[str] = field(default_factory=list)  # entity names (or ISO dates) chosen among
    choice: Literal["entity", "date", "open"] = "open"
    parts: list[str] = field(default_factory=list)  # the answer, as written in the reference response
    indices: list[int] = field(default_factory=list)  # positions of the parts among the candidates
    values: list[str] = field(default_factory=list)  # ISO dates of date answers
    rule: str | None = None
    evidence: str = ""


@dataclass
class Draft:
    hops: list[HopDraft]
    problem: str | None = None  # why the sub-questions could not be split, if they could not


# --------------------------------------------------------------------------- sub-questions
_Q_END = re.compile(r"(?<=[?？])")
_BACKREF = {
    "en": re.compile(
        r"(?i)\b(?:th(?:at|is|ese|ose)|the\s+(?:above|former|latter|same|qualifying|selected|corresponding))\b"
        r"|\bthe\s+(?:company|fund|day|date|stock|category|two|one|quarter|period|year|sector|industry|index)\b"
        r"[^?]{0,80}?\b(?:with|that|which|whose|meeting|satisfying|ranked|having)\b|\bit\b|\bits\b|\bsuch\b"),
    "zh": re.compile(r"[那这该此其]|上述|满足.{0,12}(?:的|那)|对应的那|更高的|最高的|较高的|更低的|最低的"),
}
_FOLLOW_UP = {
    "en": re.compile(r"(?i)^(?:among\s+(?:them|these|those)|of\s+(?:them|these|those)|which\b|who\b|and\s+which)"),
    "zh": re.compile(r"^(?:其中|哪|谁|并且|且)"),
}
_RESPECTIVELY = {"en": re.compile(r"(?i)\brespectively\b|\beach\b"), "zh": re.compile(r"分别|各自|各是")}


def split_subquestions(prompt: str, lang: Lang, k: int) -> list[str] | None:
    """The K sub-questions of a prompt, in order; None when its question sentences cannot be grouped into K."""
    if k == 1:
        return [prompt.strip()]
    sents = [s.strip() for s in _Q_END.split(prompt) if s.strip()]
    if len(sents) == k:
        return sents
    if len(sents) < k:
        return None
    merged: list[str] = []
    for s in sents:
        follows = merged and (_FOLLOW_UP[lang].search(s) or _RESPECTIVELY[lang].search(merged[-1])) \
            and not _starts_new_hop(s, lang)
        if follows:
            merged[-1] = f"{merged[-1]} {s}" if lang == "en" else merged[-1] + s
        else:
            merged.append(s)
    return merged if len(merged) == k else None


def _starts_new_hop(sentence: str, lang: Lang) -> bool:
    head = sentence[:60] if lang == "en" else sentence[:14]
    if lang == "zh":
        return bool(re.search(r"^(?:在)?(?:那|这|该)|^(?:对于|针对)(?:那|这|该)", head))
    return bool(re.search(r"(?i)^(?:on|for|in|at|of|by|from|during|as\s+of)\s+(?:that|this|these|those|the\s+day)", head))


# --------------------------------------------------------------------------- candidates
_ZH_COUNT = r"(?:[两二三四五六七八九十]|\d{1,2})"
_ZH_CLASSIFIER = re.compile(rf"(?:这|那)?{_ZH_COUNT}(?:家公司|家上市公司|只基金|只股票|家|只|个基金|个分类|个时间点|个日期|个报告期|天).*$")
_ZH_TAIL = re.compile(r"(?:哪|谁|是否|分别|截止|截至|按照|按|对应|相比|比较|当中|之中|中的|在\d|在近|同时|满足|近\d|的(?:近|同类|成立|单位|复权|收益|营业|归母|净利|货币|经营|换手|成交|主力|销售|资产|流动|研发|融资|投资|所属|基金|上市|总)).*$")
_ZH_HEAD = re.compile(r"^(?:在|从|对于|对|比较|其中|对比|以下|针对|关于|按|于|将|把)+")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _zh_clean(piece: str) -> str:
    p = _ZH_CLASSIFIER.sub("", piece.strip())
    p = _ZH_TAIL.sub("", p)
    p = _ZH_HEAD.sub("", p)
    return p.strip().rstrip("的中").strip()


def _zh_named(name: str, response: str) -> bool:
    if len(name) < 2 or re.fullmatch(r"[\d\-年月日./]+", name):
        return False
    return _fold(name) in _fold(response)


def _zh_entities(question: str, response: str) -> list[str]:
    out: list[str] = []
    for seg in re.split(r"[，,。？?；;：:]", question):
        if "、" not in seg and not re.search(r"[和与及或]", seg):
            continue
        for piece in seg.split("、"):
            found = _zh_piece(piece, response)
            out += [f for f in found if f not in out]
    return out


def _zh_piece(piece: str, response: str) -> list[str]:
    """The names in one 、-separated piece: the piece itself, or two names joined by 和/与/及/或 — whichever the
    response names (a name may contain 和: 招商和悦…, 东方红欣和平衡…)."""
    whole = _zh_clean(piece)
    if whole and _zh_named(whole, response):
        return [whole]
    for m in re.finditer(r"[和与及或]", piece):
        a, b = _zh_clean(piece[: m.start()]), _zh_clean(piece[m.end():])
        if a and b and _zh_named(a, response) and _zh_named(b, response):
            return [a, b]
    for m in re.finditer(r"[和与及或]", piece):
        a = _zh_clean(piece[: m.start()])
        if a and _zh_named(a, response):
            return [a]
    return []


_EN_SYNONYMS = [
    (r"\b(?:feeder|link|connect|linked)\b", "feeder"), (r"\bmixed\b", "hybrid"), (r"\bco\.?,?\s*ltd\.?", ""),
    (r"\bcorp(?:oration)?\b\.?", ""), (r"\binc\b\.?", ""), (r"\bsemi-?annual\b", "semiannual"),
    (r"\bfund\b", ""), (r"\bshare\s+class\b", ""), (r"\s+", " "),
]


def en_key(name: str) -> str:
    """An English fund/company name folded for fuzzy comparison (feeder = link = connect, hybrid = mixed …)."""
    k = _fold(name).replace("&", " and ").replace("’", "'")
    k = re.sub(r"[()（）\[\],.;:\"“”]", " ", k)
    for pattern, repl in _EN_SYNONYMS:
        k = re.sub(pattern, repl, k)
    return k.strip()


def en_similar(a: str, b: str) -> float:
    ka, kb = en_key(a), en_key(b)
    if not ka or not kb:
        return 0.0
    return float(fuzz.token_sort_ratio(ka, kb))


_EN_COMPANY_SUFFIX = re.compile(r"\bCo\.,\s*Ltd\.?|\bCo\.\s*Ltd\.?|\bInc\.|\bCorp\.|\bLtd\.|\bS\*ST\b|\*ST\b")
_EN_NUMBER = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "2": 2, "3": 3, "4": 4,
              "5": 5, "6": 6}
_EN_LEAD = re.compile(
    r"(?i)(?:\b(?:between|among(?:st)?|of|for|from|comparing|compare)\s+(?:the\s+)?"
    r"(?:(?P<n>two|three|four|five|six|seven|eight|[2-8])\s+)?(?:listed\s+|following\s+|a-share\s+)?"
    r"(?:companies|funds|stocks|firms|securities|fund\s+products)?\s*[—:,-]?\s*"
    r"|\b(?:which|what)\s+(?:company|fund|stock)\s*,\s*"
    r"|^)")
_EN_STOP = re.compile(
    r"(?i)(?:,\s*|\s+|—\s*)(?=(?:which|who|whose|what|when|how|respectively|on|in|as\s+of|at|for|during|by|based|"
    r"according|had|has|have|was|were|is|are|ranked|rank|did|does|do|from|with|over|between)\b)|[?—]")


def _en_split(chunk: str, expected: int | None) -> list[str]:
    items = [x for x in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?=\S)", chunk) if x.strip()]
    if expected is not None and len(items) != expected:
        by_comma = [x for x in re.split(r",\s*(?:and\s+|or\s+)?", chunk) if x.strip()]
        if len(by_comma) == expected:
            items = by_comma
    return [i.strip(" ,.") for i in items]


def _en_entities(question: str, response: str) -> list[str]:
    """Names listed in an English sub-question: "among the three companies A, B, and C, which …", "between A and
    B", "which company, A or B, …", "For A and B, based on …" (the stated count, when there is one, decides between
    splitting at commas only or at "and" too)."""
    protected = _EN_COMPANY_SUFFIX.sub(lambda m: m.group(0).replace(",", "\u0001").replace(".", "\u0002")
                                       .replace("*", "\u0003"), question)
    best: list[str] = []
    for lead in _EN_LEAD.finditer(protected):
        rest = protected[lead.end():]
        if not rest[:1].strip() or not re.match(r"[A-Z0-9\u0003*\"'“]", rest):
            continue
        stop = _EN_STOP.search(rest)
        chunk = rest[: stop.start()] if stop else rest
        if not re.search(r",|\s(?:and|or)\s", chunk):
            continue
        n = lead.groupdict().get("n")
        expected = _EN_NUMBER.get(n.lower()) if n else None
        items = [i.replace("\u0001", ",").replace("\u0002", ".").replace("\u0003", "*") for i in _en_split(chunk, expected)]
        items = [i for i in items if _en_name_like(i)]
        if len(items) >= 2 and len(items) > len(best):
            best = items
    return best


def _en_name_like(item: str) -> bool:
    if len(item) < 2 or not re.match(r"[A-Z0-9*\"'“]", item):
        return False
    if re.match(r"(?i)(?:on|in|at|for|as|among|between|during|by)\s+(?:that|this|the|those|these|it)\b", item):
        return False
    if re.fullmatch(r"[-\d.,%/ ]+", item):
        return False
    times = find_time_mentions(item)
    return not (times and len(times[0].raw) >= len(item) * 0.6)


def _en_in_response(name: str, response: str) -> bool:
    key = en_key(name)
    if not key:
        return False
    if key in en_key(response):
        return True
    return fuzz.partial_ratio(key, en_key(response)) >= 88 and len(key) >= 6


def entity_candidates(question: str, lang: Lang, response: str) -> list[str]:
    """The names a sub-question chooses among, in its order (only those the response also names)."""
    return _zh_entities(question, response) if lang == "zh" else _en_entities(question, response)


def date_candidates(question: str) -> list[str]:
    """The ISO dates a sub-question lists (two or more: a choice among dates), else []."""
    dates = []
    for m in find_time_mentions(question):
        if m.kind == "date" and not m.value.startswith("--") and m.value not in dates:
            dates.append(m.value)
    return dates if len(dates) >= 2 else []


# --------------------------------------------------------------------------- what a sub-question asks
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "2": 2, "3": 3}
_EXPECT = {
    "en": re.compile(r"(?i)\b(?:which|what|the\s+top|top|highest|lowest|first)\s+(two|three|2|3)\b"
                     r"|\b(two|three)\s+(?:companies|funds|dates|days|stocks|time\s+points|categories)\s+"
                     r"(?:had|have|has|were|are|ranked|rank|with|show)"),
    "zh": re.compile(r"哪(两|三|2|3)|前(两|三|2|3)|(?:最高|最低|最大|最小)的(两|三)"),
}
_RANKING = {"en": re.compile(r"(?i)\b(?:rank(?:ed|ing)?|order|sort(?:ed)?)\b[^?]*\b(?:from|highest|lowest|best|high\s+to)\b"),
            "zh": re.compile(r"排序|从高到低|从低到高|从优到差|依次")}


def expected_count(question: str, lang: Lang, n_candidates: int) -> int | None:
    """How many candidates the sub-question's answer names: 1, 2, 3, all (a ranking), or None (unknown: "哪些")."""
    if _RANKING[lang].search(question):
        return n_candidates
    m = _EXPECT[lang].search(question)
    if m:
        word = next(g for g in m.groups() if g)
        return _COUNT_WORDS.get(word.lower(), None)
    if lang == "zh" and re.search(r"哪些", question):
        return None
    return 1


_DATE_Q = {"en": re.compile(r"(?i)\b(?:when|what\s+(?:date|day|time)|which\s+(?:date|day|trading\s+day)|on\s+what\s+date|"
                            r"on\s+which\s+(?:date|day)|(?:release|publication|listing|establishment|inception|"
                            r"announcement|disclosure|launch)\s+date|date\s+(?:of|on\s+which|when))\b"),
           "zh": re.compile(r"什么时候|哪天|哪一天|何时|什么时间|什么日期|哪个日期|日期是|哪日|日期")}


#: a date question about an event (not a choice among dates found earlier): only these take the open-date rule
_EVENT_Q = {"en": re.compile(r"(?i)\b(?:list(?:ed|ing)|releas(?:e|ed)|publish(?:ed)?|publication|disclos(?:e|ed|ure)|"
                             r"announc(?:e|ed|ement)|establish(?:ed|ment)|found(?:ed)?|incept(?:ed|ion)|launch(?:ed)?|"
                             r"held|convened|issued)\b"),
            "zh": re.compile(r"上市|发布|披露|公布|成立|召开|举行|公告|设立")}
#: a reference back to a set the previous hop found ("these two days", "那两只基金")
_SET_BACKREF = {"en": re.compile(r"(?i)\b(?:th(?:ese|ose)\s+(?:two|three|four|\d)|between\s+th(?:ese|ose)|among\s+th(?:ese|ose)|"
                                 r"of\s+th(?:ese|ose)|(?:the|these|those)\s+two\s+(?:dates|days|funds|companies|time))\b"),
                "zh": re.compile(r"[这那](?:两|三|四|些)|其中")}


def question_kind(question: str, lang: Lang) -> Literal["date", "other"]:
    return "date" if _DATE_Q[lang].search(question) else "other"


# --------------------------------------------------------------------------- answers
_COMPARATIVE = (r"(?:highest|lowest|higher|lower|largest|smallest|larger|smaller|greater|greatest|best|better|worst|"
                r"worse|most|least|fewest|fewer|more|top|first|leading|better-performing|strongest|weakest)")
_CUE = {
    # A conclusion, not a comparison with a threshold ("greater than 40 million" states evidence).
    "en": re.compile(
        rf"(?i)\b(?:only|therefore|thus|hence|consequently|so|meets|meet|satisfies|satisfy|satisfied|met|"
        rf"conclusion|namely|outperform(?:s|ed)?|performed\s+(?:better|best)|best-performing|ranks?\s+(?:first|highest|higher|top)|"
        rf"ranked\s+(?:first|highest|higher|top|1st)|top\s+(?:two|three|2|3)|in\s+first\s+place)\b"
        rf"|\b(?:the|is|was|were|are|had|has|have|with)\s+(?:a\s+|the\s+)?{_COMPARATIVE}\b(?!\s+than)(?!\s*[-\d])"),
    "zh": re.compile(r"只有|仅有|仅|因此|所以|故|最高|最低|更高|更低|较高|较低|最大|最小|更大|更小|最多|最少|更多|更少|"
                     r"前两|前三|前1|前2|第一|第1|满足|最好|更好|较好|最优|领先|排名(?:第|最|前|更|靠)|依次|排序|为准|"
                     r"符合|较少|较多|更靠前|最靠前"),
}
_CLAUSE_SPLIT = {"en": re.compile(r"(?<=[.;:])\s+(?=[A-Z(*])|;\s*|(?<=\.)\s*$|(?<!\bCo\.),\s+(?!Ltd|\d{4}\b)|\n+"),
                 "zh": re.compile(r"[，,。；;：:\n]")}


def _clauses(text: str, lang: Lang) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in _CLAUSE_SPLIT[lang].finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def _named_in(clause: str, candidates: list[str], lang: Lang, choice: str) -> list[tuple[int, int]]:
    """(candidate index, position) of each candidate the clause names, in order of mention."""
    found: list[tuple[int, int]] = []
    if choice == "date":
        for m in find_time_mentions(clause):
            if m.kind == "date" and m.value in candidates:
                i = candidates.index(m.value)
                if all(i != j for j, _ in found):
                    found.append((i, m.start))
        return sorted(found, key=lambda x: x[1])
    if lang == "zh":
        for i, name in enumerate(candidates):
            pos = _find_zh(clause, name, candidates)
            if pos is not None:
                found.append((i, pos))
        return sorted(found, key=lambda x: x[1])
    return _find_en(clause, candidates)


def _find_zh(text: str, name: str, candidates: list[str]) -> int | None:
    t, n = _fold(text), _fold(name)
    at = t.find(n)
    while at >= 0:
        # not inside a longer candidate's name ("南方沪深300联接A" inside "南方沪深300联接A类")
        if not any(c != name and n in _fold(c) and _fold(c) in t[max(0, at - 20):at + 60] for c in candidates):
            return at
        at = t.find(n, at + 1)
    return None


#: how close (rapidfuzz partial ratio, 0-100) an English clause's wording must come to a candidate's name; the
#: release translates one name several ways ("Yuwell Medical" / "Yuyue Medical", "Bosera" / "Boshi")
EN_NAME_SIMILARITY = 80


def _find_en(clause: str, candidates: list[str]) -> list[tuple[int, int]]:
    """Candidates an English clause names, by fuzzy alignment of folded names; where two candidates align with the
    same words, the closer one keeps them."""
    text = en_key(clause)
    hits: list[tuple[int, int, int, float]] = []  # index, start, end, score
    for i, name in enumerate(candidates):
        key = en_key(name)
        if len(key) < 4:
            continue
        al = fuzz.partial_ratio_alignment(key, text)
        if al is not None and al.score >= EN_NAME_SIMILARITY:
            hits.append((i, al.dest_start, al.dest_end, al.score))
    kept: list[tuple[int, int, int, float]] = []
    for h in sorted(hits, key=lambda h: -h[3]):
        if all(h[2] <= k[1] or h[1] >= k[2] for k in kept):
            kept.append(h)
    return sorted(((i, s) for i, s, _, _ in kept), key=lambda x: x[1])


_NOT_CONCLUSION = {"en": re.compile(r"(?i)\b(?:not|neither|nor|fails?|failed|does\s+not|did\s+not)\b"),
                   "zh": re.compile(r"不满足|不符合|未满足|未能|不是|并非|均不|都不|没有")}


def _choose(text: str, start: int, hop: HopDraft, count: int | None, lang: Lang) -> tuple[list[int], int, str] | None:
    """The first conclusion clause after `start` naming `count` candidates: (indices, clause end, clause)."""
    for s, e in _clauses(text, lang):
        if s < start:
            continue
        clause = text[s:e]
        if not _CUE[lang].search(clause) or _NOT_CONCLUSION[lang].search(clause):
            continue
        named = _named_in(clause, hop.candidates, lang, hop.choice)
        if not named:
            continue
        if count is None or len(named) == count:
            return [i for i, _ in named], e, clause.strip()
    return None


#: a date stated as an event's date: "listed on D", "was released on D", "成立于D", "于D发布", "发布日期为D", "D发布"
_EVENT_BEFORE = {
    "en": re.compile(r"(?i)\b(?:listed|released|published|disclosed|announced|established|founded|launched|incepted|held|"
                     r"convened|issued|signed|occurred|took\s+place|(?:release|publication|listing|inception|establishment|"
                     r"announcement)\s+date\s+(?:of\s+[^,.;]{0,80}?\s+)?(?:is|was|were))\s+(?:[^,.;]{0,40}?\s)?(?:on\s+)?$"),
    "zh": re.compile(r"(?:于|日期为|日期是|时间为|时间是|日为|日是|是在|是|为)\s*$"),
}
_EVENT_AFTER = {"en": re.compile(r"^\W{0,3}$"),
                "zh": re.compile(r"^\s*(?:在[^，。；]{0,8})?(?:发布|上市|成立|披露|公布|召开|举行|公告|签署|设立)")}


def _open_date(text: str, start: int, prompt: str, lang: Lang, found: list[str]) -> tuple[str, int, str] | None:
    """The first full date after `start` (with an event word near it) that neither the prompt states (an open
    question's answer is hidden from it) nor an earlier hop found."""
    asked = {m.value for m in find_time_mentions(prompt)} | set(found)
    for m in find_time_mentions(text[start:]):
        if m.kind != "date" or m.value.startswith("--") or m.value in asked:
            continue
        s, e = start + m.start, start + m.end
        before, after = text[max(0, s - 120):s], text[e:e + 16]
        if after.lstrip().startswith("对应") or re.match(r"(?i)\W{0,3}(?:correspond|\()", after):
            continue  # "D对应的半年报" names a report by a date, it is not the event's date
        if _EVENT_BEFORE[lang].search(before) or (lang == "zh" and _EVENT_AFTER["zh"].search(after)):
            clause = next((text[a:b] for a, b in _clauses(text, lang) if a <= s < b), text[s:e])
            return m.value, e, clause.strip()
    return None


def extract_answers(subquestions: list[str], response: str, lang: Lang, *, final_reference: str = "") -> list[HopDraft]:
    """Per-hop drafts for one language of a chain (see the module docstring). The last hop's conclusion is read
    from the final reference first, then from the reference response."""
    hops: list[HopDraft] = []
    for q in subquestions:
        dates = date_candidates(q)
        names = entity_candidates(q, lang, response + "\n" + final_reference)
        if len(names) >= 2:
            hops.append(HopDraft(question=q, candidates=names, choice="entity"))
        elif dates:
            hops.append(HopDraft(question=q, candidates=dates, choice="date"))
        else:
            hops.append(HopDraft(question=q))
    cursor = 0
    for t, hop in enumerate(hops):
        last = t == len(hops) - 1
        prev = hops[t - 1] if t else None
        if hop.choice == "open" and prev is not None and len(prev.parts) >= 2 and _SET_BACKREF[lang].search(hop.question):
            # "Of these two days, on which …" chooses among the previous hop's answers
            hop.candidates = list(prev.values or prev.parts)
            hop.choice = "date" if prev.values else "entity"
        if hop.choice in ("entity", "date"):
            count = expected_count(hop.question, lang, len(hop.candidates))
            got = None
            if last and final_reference:
                got = _choose(final_reference, 0, hop, count, lang)
            if got is None:
                got = _choose(response, cursor, hop, count, lang)
                if got is not None:
                    cursor = got[1]
            if got is not None:
                idx, _, clause = got
                hop.indices = idx
                hop.parts = [hop.candidates[i] for i in idx]
                if hop.choice == "date":
                    hop.values = list(hop.parts)
                hop.rule = f"conclusion_{hop.choice}"
                hop.evidence = clause
        elif question_kind(hop.question, lang) == "date" and _EVENT_Q[lang].search(hop.question) and not last:
            got_d = _open_date(response, cursor, " ".join(subquestions), lang, [v for h in hops[:t] for v in h.values])
            if got_d is not None:
                value, cursor, clause = got_d
                hop.values = [value]
                hop.parts = [value]
                hop.rule = "open_date"
                hop.evidence = clause
    return hops


_LEADING_WORDS = {"Among", "Between", "Of", "For", "On", "In", "The", "Both", "Only", "Therefore", "Since", "As",
                  "At", "By", "From", "Compared", "And", "Then", "So", "Thus", "Hence", "While", "With"}


def _joins_two_names(span: str, name: str, candidates: list[str]) -> bool:
    """Whether an "and" in `span` ends one name and starts the next: after a share class or a parenthesis ("…
    Index A and Fullgoal", "(FOF) and Southern"), or before another candidate's first word ("Feeder and Orient").
    "China Merchants and Wells Pension …" (one fund's translated name) is no such join."""
    if re.search(r"\band\b", name):
        return False
    firsts = {c.split()[0] for c in candidates if c != name and c.split()}
    for m in re.finditer(r"\s+and\s+", span):
        before, after = span[:m.start()], span[m.end():]
        if re.search(r"(?:\b[A-Z]|\))$", before) or (after.split() and after.split()[0] in firsts):
            return True
    return False


def en_spellings(name: str, text: str, candidates: list[str]) -> list[str]:
    """How an English text writes `name` when it translates it differently ("Yuyue Medical" for "Yuwell Medical"):
    the best-aligned spans of `text` (whole words, starting with a capital, at least `EN_NAME_SIMILARITY` close and
    closer than to any other candidate), without the name itself."""
    key = en_key(name)
    if len(key) < 4:
        return []
    words = list(re.finditer(r"[A-Za-z0-9*&'’\-]+(?:\s*\([^)]{1,20}\))?", text))
    scored: list[tuple[float, int, int]] = []
    n_words = len(key.split())
    for i in range(len(words)):
        if not re.match(r"[A-Z0-9*]", words[i].group()):
            continue
        for j in range(i, min(len(words), i + n_words + 3)):
            if not re.match(r"[A-Z0-9*(]", words[j].group()) and not words[j].group().endswith(")"):
                continue
            end = words[j].end()
            figure = re.search(r"\s*\([^)]*\d[^)]*\)$", text[words[i].start():end])  # "… C (17.26%)": the name
            if figure:
                end = words[i].start() + figure.start()
            span = text[words[i].start():end]
            if not span or name.casefold() in span.casefold() or span.casefold() in name.casefold():
                continue
            if _joins_two_names(span, name, candidates):
                continue  # the end of one name and the start of the next ("… Index A and Fullgoal")
            if "%" in span or span.split()[0] in _LEADING_WORDS:
                continue  # "773% for Harvest …", "Among Southern …": words of the sentence
            if re.match(r"[A-Z]\s+[a-z]", span):  # a share class ending the name before ("C and …")
                continue
            name_words = {w.casefold() for w in re.findall(r"[A-Za-z]+", name)}
            if any(w.islower() and w not in name_words and w not in ("and", "of", "the", "for")
                   for w in re.findall(r"[A-Za-z]+", span)):
                continue  # "… Feeder C was 35": words of the sentence, not of the name
            # one name, not the end of one and the start of the next: no list punctuation inside, and not cut
            # before its share class ("… Index Enhanced" of "… Index Enhanced C")
            if re.search(r"[,;:\n，；：、]|\.\s", _EN_COMPANY_SUFFIX.sub("Co Ltd", span)) or \
                    re.match(r"\s+[A-Z]\b(?![.'’])", text[words[j].end():]):
                continue
            score = fuzz.ratio(key, en_key(span))
            if score < EN_NAME_SIMILARITY:
                continue
            if any(fuzz.ratio(en_key(c), en_key(span)) >= score for c in candidates if c != name):
                continue
            scored.append((score, words[i].start(), end))
    out: list[str] = []
    taken: list[tuple[int, int]] = []
    for _score, s, e in sorted(scored, key=lambda x: -x[0]):
        if any(s < te and e > ts for ts, te in taken):
            continue
        taken.append((s, e))
        span = text[s:e]
        if span.casefold() != name.casefold() and span not in out:
            out.append(span)
    return out


_SCORING_NOTE = re.compile(
    r"(?is)\s*(?:(?:scoring|evaluation|grading)\s+(?:requirements?|criteri(?:on|a)|standards?)(?:\s+for\b[^:：]*)?"
    r"|评(?:分|估|判)(?:要求|标准))\s*[:：].*$")


def split_scoring_note(final_reference: str) -> tuple[str, str | None]:
    """The release's short final answer without the grading note some carry ("… Scoring criterion: accurate to
    1.41", "… 评分标准：精确到1.41"): (answer, note or None)."""
    m = _SCORING_NOTE.search(final_reference)
    if m is None:
        return final_reference.strip(), None
    return final_reference[: m.start()].strip().rstrip("。.;；,，").strip(), m.group(0).strip()


def final_reference_parts(final_reference: str, draft: HopDraft, lang: Lang) -> tuple[list[str], list[int], list[str]]:
    """The parts the release's short final answer names: (parts as written, candidate indices, ISO dates).
    Dates: every full date it states. Names: the sub-question's candidates it names (in its order). Nothing
    found: ([], [], [])."""
    dates = [m for m in find_time_mentions(final_reference) if m.kind == "date" and not m.value.startswith("--")]
    if dates and sum(m.end - m.start for m in dates) >= 0.3 * len(re.sub(r"\s", "", final_reference)):
        values: list[str] = []
        parts: list[str] = []
        for m in dates:
            if m.value not in values:
                values.append(m.value)
                parts.append(final_reference[m.start:m.end])
        return parts, [], values
    if draft.choice == "entity" and draft.candidates:
        named = _named_in(final_reference, draft.candidates, lang, "entity")
        return [draft.candidates[i] for i, _ in named], [i for i, _ in named], []
    return [], [], []


_COMPANY_TAIL = {"group", "metals", "holding", "holdings", "co.", "co", "ltd.", "ltd", "company", "corporation",
                 "corp.", "technology", "technologies", "industry", "industries", "inc.", "international"}
_FUND_WORD = re.compile(r"(?i)\b(?:ETF|LOF|FOF|QDII|fund|index|hybrid|mixed|bond|link|linked|feeder|pension|holding\s+period|"
                        r"connect|[A-Z])\b|\(")


def en_short_forms(name: str, text: str, candidates: list[str]) -> list[str]:
    """The shortened forms of a company's name an English text uses ("Tongling Nonferrous" for "Tongling
    Nonferrous Metals", "Shanghai Construction" for "Shanghai Construction Group"): the name without its
    trailing company words (group, metals, holdings, …), at least two words long, when it starts no other
    candidate's name. Funds and indexes get none: "Harvest CSI 500 ETF" is another fund than its feeder."""
    if _FUND_WORD.search(name):
        return []
    words = name.replace(",", " ").split()
    n = len(words)
    while n > 2 and words[n - 1].casefold() in _COMPANY_TAIL:
        n -= 1
    if n == len(words):
        return []
    short = " ".join(words[:n])
    if any(c != name and c.casefold().startswith(short.casefold()) for c in candidates):
        return []
    rest = re.escape(words[n])
    if re.search(rf"(?<![A-Za-z]){re.escape(short)}(?!,?\s+{rest})(?![A-Za-z0-9])", text):
        return [short]
    return []
