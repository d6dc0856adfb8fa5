"""Final answer → intent (DESIGN §5): alias matching, normalised containment, fuzzy for long aliases.

Definition (the labelled set's): the answer selects intent z when it commits to one of z's aliases and to
no alias of another intent. Mentions the answer itself sets aside ("not the 1989 one", "rather than X",
"unlike X") do not count. An answer that commits to the aliases of two intents is a hedge: no intent.
No match is a wrong answer (U = 0), never a guess.
"""

from __future__ import annotations

import re

from pydantic import BaseModel
from rapidfuzz import fuzz

from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG
from finprobe.core.numbers import ParsedNumber, find_dates, find_numbers, parse_number, same_figure

__all__ = ["IntentMatch", "match_intent", "FUZZY_MIN_WORDS", "FUZZY_THRESHOLD"]

#: aliases of at least this many words may match fuzzily (long titles are rarely quoted verbatim)
FUZZY_MIN_WORDS = 4
#: rapidfuzz partial_ratio an alias needs to match fuzzily (chosen on bench/data/regret/matcher.jsonl)
FUZZY_THRESHOLD = 90.0

_SET_ASIDE = re.compile(
    r"(?:\bnot\b|\bn't\b|\brather than\b|\binstead of\b|\bas opposed to\b|\bunlike\b|\bother than\b|\bnor\b|"
    r"\bexcept\b|\bexcluding\b|\bvs\b|\bversus\b|\bcompared (?:to|with)\b|\bconfused with\b|\bmistaken for\b|"
    r"\b(?:up|down|increased?|decreased?|rose|fell|grew|declined?) from\b|\bafter\b|\bbefore\b|\bsucceeded\b)"
    r"(?:\W+\w+){0,4}\W*$")


_AMOUNT_REST = re.compile(r"(?i)\b(?:million|billion|thousand|trillion|mn|bn|mm|m|b|k|usd|us|rmb|cny|eur|hk|gbp|jpy|"
                          r"percent|pct|per cent|bps)\b|[^a-z]")


def _amount(alias: str) -> ParsedNumber | None:
    """A financial amount alias ("$538.9 million", "14.5%", "9.34亿元"): a number with a scale, currency or
    percent sign and no other words. Such aliases match any equal figure (1% tolerance), however written."""
    p = parse_number(alias)
    if p is None or not (p.currency or p.is_percent or p.scale != 1.0):
        return None
    rest = alias[:p.start] + alias[p.end:]
    return p if not _AMOUNT_REST.sub("", rest.lower()).strip() else None


_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")


def _n(text: str) -> str:
    """Normalised text without possessive 's ("George Michael's version" names "George Michael")."""
    return norm(_POSSESSIVE.sub("", text))


class IntentMatch(BaseModel):
    intent_id: str | None
    #: "alias" | "date" | "fuzzy" for a match; "none" or "hedge" otherwise
    method: str
    matched: dict[str, list[str]] = {}
    score: float = 0.0


def _spans(alias_norm: str, text_norm: str) -> list[tuple[int, int]]:
    # A number alias also matches its ordinal ("78" in "ranked 78th").
    suffix = r"(?:st|nd|rd|th)?" if alias_norm.isdigit() else ""
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<!\w){re.escape(alias_norm)}{suffix}(?!\w)", text_norm)]


def _alias_parts(cig: CIG) -> dict[str, list[str]]:
    """Parts of compound aliases ("Clark Gable and Jean Harlow", "Willemstad, Curaçao") that belong to one
    intent only: naming such a part names the intent."""
    parts: dict[str, set[str]] = {}
    for intent in cig.intents:
        for alias in intent.answer_aliases:
            pieces = [x.strip() for x in re.split(r",|\band\b|&|;|/", alias) if x.strip()]
            if len(pieces) < 2:
                continue
            for piece in pieces:
                n = _n(piece)
                if len(n) >= 3 and not n.isdigit():
                    parts.setdefault(n, set()).add(intent.intent_id)
    whole = {_n(a) for i in cig.intents for a in i.answer_aliases}
    out: dict[str, list[str]] = {}
    for n, owners in parts.items():
        if len(owners) == 1 and n not in whole:
            out.setdefault(next(iter(owners)), []).append(n)
    return out


def _set_aside(text_norm: str, start: int) -> bool:
    return bool(_SET_ASIDE.search(text_norm[max(0, start - 40):start]))


def match_intent(answer: str, cig: CIG) -> IntentMatch:
    """The intent a final answer selects, or intent_id None ("none": no alias; "hedge": several intents)."""
    if not isinstance(answer, str) or not answer.strip():
        return IntentMatch(intent_id=None, method="none")
    text = _n(answer)
    answer_dates: set[str] | None = None
    numbers: list[ParsedNumber] | None = None
    hits: dict[str, list[tuple[int, int, str, str]]] = {}  # intent -> (start, end, alias, method)
    for intent in cig.intents:
        for alias in intent.answer_aliases:
            a = _n(alias)
            if not a:
                continue
            found = [(s, e, alias, "alias") for s, e in _spans(a, text) if not _set_aside(text, s)]
            if not found and find_dates(alias):
                answer_dates = find_dates(answer) if answer_dates is None else answer_dates
                if find_dates(alias) <= answer_dates:  # every date of the alias, in any format
                    found = [(0, 0, alias, "date")]
            amount = _amount(alias) if not found else None
            if amount is not None:
                answer_numbers = numbers if numbers is not None else find_numbers(answer)
                numbers = answer_numbers
                found = [(n.start, n.end, alias, "amount") for n in answer_numbers
                         if same_figure(amount, n) and not _set_aside(answer.lower(), n.start)]
            if not found and len(a.split()) >= FUZZY_MIN_WORDS and len(a) <= len(text):
                al = fuzz.partial_ratio_alignment(a, text)
                if al is not None and al.score >= FUZZY_THRESHOLD and not _set_aside(text, al.dest_start):
                    found = [(al.dest_start, al.dest_end, alias, "fuzzy")]
            if found:
                hits.setdefault(intent.intent_id, []).extend(found)
    if not hits:
        for iid, parts in _alias_parts(cig).items():
            for part in parts:
                found = [(s, e, part, "alias_part") for s, e in _spans(part, text) if not _set_aside(text, s)]
                if found:
                    hits.setdefault(iid, []).extend(found)
    if len(hits) > 1 and any(h[3] != "fuzzy" for hs in hits.values() for h in hs):
        # An exact mention outranks a fuzzy resemblance ("Cooluli 15L ..." named, "Cooluli 20L ..." only similar).
        hits = {k: v for k, v in hits.items() if any(h[3] != "fuzzy" for h in v)}
    if not hits:
        return IntentMatch(intent_id=None, method="none")
    matched = {k: sorted({h[2] for h in v}) for k, v in hits.items()}
    if len(hits) > 1:
        # An intent whose every mention lies inside another intent's longer mention is not separately named
        # ("18" inside "18 years of age" of another intent; "Season 1" is not inside "Season 11" by word bounds).
        def covered(k: str) -> bool:
            spans = [h for h in hits[k] if h[3] in ("alias", "fuzzy")]
            return bool(spans) and all(any(o != k and h2[0] <= h[0] and h[1] <= h2[1]
                                           and (h2[1] - h2[0]) > (h[1] - h[0])
                           for o, hs in hits.items() for h2 in hs if h2[3] in ("alias", "fuzzy")) for h in spans)
        keep = {k: v for k, v in hits.items() if not covered(k)}
        if len(keep) != 1:
            return IntentMatch(intent_id=None, method="hedge", matched=matched)
        hits = keep
    (iid, hs), = hits.items()
    method = "alias" if any(h[3] == "alias" for h in hs) else hs[0][3]
    return IntentMatch(intent_id=iid, method=method, matched=matched, score=1.0)
