"""The deterministic final-answer matcher: s_final ∈ {0, 1} of DESIGN §6 without an LLM.

`match_final(answer, hop)` decides whether a free-text final answer states the gold answer of the last hop:

- **numbers** (`kind="number"`): DESIGN §2, magnitude-aware: both sides' scale words apply ("23.42 million
  shares", "2342.02万股" = 23,420,200 shares); a figure matches within 1% **and** equal at the coarser
  stated precision ("21.8 yuan" matches 21.76; "22 yuan" does not; a whole figure's trailing zeros are
  rounding: "820 million" matches 819,230,815); a count of 手 (A-share lots) is 100 shares each. Dates,
  periods and security codes in the answer are not figures. A word of decline before the figure ("fell
  2.88%", "下跌2.88%") or a noun of decline after it ("a 2.88% decline", "2.88%的跌幅") makes it negative.
  The figure after "vs" is a point of comparison, the one before it is stated; a figure restated in full in
  brackets ("8.19亿元（819,230,815元）") is one figure. A labelled aside (see `asides`: in brackets after
  words of its own, "1265.35 (the index closed at 1,736.59)"; labelled with another scope than the hop's
  question, "H1 cumulative ¥2.38bn" for a single-quarter question; "同期…") gives way to a figure stated
  without one. A figure the answer gives for the entity its comparative claim passed over gives way to the one
  it gives for the entity it chose ("X rose more … closed at A, while the Y index closed at B", "X涨幅较大，
  收盘A点；Y收于B点"; see `_of_the_chosen`): entities by the lexicon, or without one, indices and funds by
  the generic last word of their names. An answer that commits to two different figures is a hedge (wrong) unless one of them is
  marked as the conclusion ("…; final answer: X") or carries the reference's unit while the others do not
  (a summary that quotes intermediate prices before the volume asked for);
- **dates and periods**: every common English/Chinese form (see `periods`); a date or quarter written
  without a year matches when month/day or quarter agree (the question fixes the year); the
  neighbouring day or quarter does not match;
- **entities and other names**: the gold answer or any alias (names, short names, tickers, codes, EN or
  ZH) as whole words (substrings for Chinese), case and legal suffixes ignored; also the short names agents
  use for the gold and the other candidates (see `mentions._short_names`: the distinctive first word,
  "Northwind"; the descriptive rest of a fund's or an index's name, "the software index").

For dates, periods and names, mentions that are only points of reference are set aside: comparison
terms ("higher than X", "X相比", "(1,500,600 vs 423,500 for X)"), "after/before X", "X之后", concessive
clauses ("although X traded more"), rejections ("not X", "不是X", "X did not close higher", "X? No —"), and
labelled asides ("(Ashgrove listed 2008-04-18)", "; the fund itself was launched on …" for a listing date).
When the hop's direction is known (`comparisons.hop_direction`: its `derive` max/min, or its question's
comparative), a comparative claim decides by that direction, not by its word order: "Zephyrine … well below
Quillon" commits to Quillon for a `max` hop and to Zephyrine for a `min` hop (see `comparisons`). Another
candidate kept open in a concessive clause ("although Y may come out ahead") makes the answer a hedge. If the
answer still names the gold and another candidate, the conclusion segment decides; then the candidate the
comparative claim chooses ("X closed higher (…), Y …", "更高的是X（…），Y…"; with no known direction, its
subject; for a hop that chooses nothing, e.g. "that sector's index?", no comparison decides); failing those,
a hedge word makes it a hedge, and the last sentence or clause decides. An empty answer, or one without any
candidate, is `no_answer` (wrong).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel

from finprobe.benchmarks.multihop.asides import in_labelled_brackets, is_aside
from finprobe.benchmarks.multihop.chains import Hop
from finprobe.benchmarks.multihop.comparisons import Role, comparative_claims, comparison_roles, hop_direction
from finprobe.benchmarks.multihop.mentions import (
    EntityLexicon,
    Mention,
    conclusion_segment,
    figure_matches,
    find_figures,
    find_gold_mentions,
    in_concessive_clause,
    is_context,
    is_negated,
    reference_number,
    selected_by_comparison,
    sentences,
)
from finprobe.benchmarks.multihop.periods import find_time_mentions
from finprobe.core.numbers import ParsedNumber, same_figure

__all__ = ["MatchResult", "match_final", "says_none_qualifies"]

Verdict = Literal["match", "mismatch", "hedge", "no_answer"]


class MatchResult(BaseModel):
    """The matcher's verdict. Only `match` is correct; `reason` says what was compared."""

    verdict: Verdict
    reason: str = ""

    @property
    def correct(self) -> bool:
        return self.verdict == "match"


# The grading note some FinHopper answers end with ("… Scoring criterion: accurate to 1.41", "评分标准：精确到…"):
# the answer key's words, not the answer's; its figures are the tolerance, not other answers.
_GRADING_NOTE = re.compile(
    r"(?is)\s*(?:(?:scoring|evaluation|grading)\s+(?:requirements?|criteri(?:on|a)|standards?)(?:\s+for\b(?P<subject>[^:：]*))?"
    r"|评(?:分|估|判)(?:要求|标准))\s*[:：].*$")


def _without_grading_note(text: str) -> str:
    m = _GRADING_NOTE.search(text)
    if m is None:
        return text
    rest = text[: m.start()].strip()
    # "Scoring standard for X and Y: either counts" wraps the answer itself in the note
    return rest or (m.group("subject") or "").strip()


def match_final(answer: str | None, hop: Hop, *, lexicon: EntityLexicon | None = None) -> MatchResult:
    """Whether `answer` states `hop`'s gold answer (see the module docstring). Never raises."""
    text = _without_grading_note(answer or "").strip()
    if not text:
        return MatchResult(verdict="no_answer", reason="empty answer")
    if not hop.answer.strip() and hop.value is None:
        return MatchResult(verdict="no_answer", reason="the reference has no answer")
    result = _match_parts(text, hop, lexicon) if hop.parts else _match_one(text, hop, lexicon)
    for alt in hop.alternatives if not result.correct else []:
        other = match_final(text, alt, lexicon=lexicon)
        if other.correct:
            return MatchResult(verdict="match", reason=f"{other.reason} (an answer the reference also accepts)")
    return result


def _match_one(text: str, hop: Hop, lexicon: EntityLexicon | None) -> MatchResult:
    if hop.kind == "number":
        return _match_number(text, hop, lexicon)
    if hop.kind == "none":
        return _match_none(text, hop, lexicon)
    return _match_mentions(text, hop, lexicon)


_NONE_QUALIFIES = re.compile(
    r"(?i)\b(?:no|none(?:\s+of)?|neither)\b[^.;!?。；]{0,60}?\b(?:meets?|met|satisf(?:y|ies|ied)|qualif(?:y|ies|ied)|"
    r"fulfil(?:s|ls|led)?)\b|\bnot\s+(?:a\s+single|any|one)\b[^.;!?]{0,40}?\b(?:meets?|satisf)"
    r"|(?:没有|无)[^。；！？]{0,24}?(?:同时)?(?:满足|符合)|(?:均|都)(?:不|未)(?:同时)?(?:满足|符合)|无一(?:满足|符合)"
    # a bare "None." / "No fund" / "没有基金" is the same answer
    r"|^\W*(?:none|neither|no\s+(?:fund|company|stock|one|date|day|such\s+\w+)s?)\W*$"
    r"|^\W*(?:没有|无|均不|都不)(?:基金|公司|股票|满足条件的基金|满足条件的公司)?\W*$")


def says_none_qualifies(text: str) -> bool:
    """Whether a text states that no candidate qualifies ("No fund meets …", "没有基金同时满足…")."""
    return _NONE_QUALIFIES.search(text or "") is not None


def _match_none(text: str, hop: Hop, lexicon: EntityLexicon | None) -> MatchResult:
    """The answer is that no candidate qualifies: the answer must say so (in its conclusion, when it has one)."""
    seg = conclusion_segment(text)
    scope = seg[1] if seg is not None else text
    m = _NONE_QUALIFIES.search(scope) or _NONE_QUALIFIES.search(text)
    if m is None:
        return MatchResult(verdict="mismatch", reason="does not say that none qualifies")
    return MatchResult(verdict="match", reason=f"says none qualifies: {m.group(0)[:60]!r}")


# --------------------------------------------------------------------------- several-part answers
def _match_parts(text: str, hop: Hop, lexicon: EntityLexicon | None) -> MatchResult:
    """An answer that names several things (the two funds, a ranking, every release date): each part must be
    stated by the rules for one answer, the others being its companions rather than rivals; for an `ordered`
    hop, in the given order (first mentions in the conclusion, when there is one). A rival candidate the answer
    commits to beside them makes the single-part rules call it a mismatch or a hedge."""
    subs = hop.part_hops()
    seg = conclusion_segment(text)
    scopes = [seg[1], text] if seg is not None else [text]
    for scope in scopes:
        results = [_match_one(scope, sub, lexicon) for sub in subs]
        if all(r.correct for r in results):
            if hop.ordered and not _in_order(scope, subs, lexicon):
                return MatchResult(verdict="mismatch", reason="states every part, not in the order asked for")
            return MatchResult(verdict="match", reason=f"states all {len(subs)} parts")
        if scope is scopes[-1]:
            missing = [sub.answer for sub, r in zip(subs, results, strict=True) if not r.correct]
            worst = next(r for r in results if not r.correct)
            return MatchResult(verdict=worst.verdict if worst.verdict != "match" else "mismatch",
                               reason=f"part {missing[0]!r} not stated ({worst.reason})"
                               + (f"; {len(missing) - 1} more parts missing" if len(missing) > 1 else ""))
    raise AssertionError("unreachable")


def _in_order(text: str, subs: list[Hop], lexicon: EntityLexicon | None) -> bool:
    """The parts' last mentions come in order: an answer restates the candidates before it ranks them ("of Q1
    and Q2, the order is Q2, Q1")."""
    lasts = []
    for sub in subs:
        gold, _ = find_gold_mentions(text, sub, lexicon, gold_short_names=True)
        if not gold:
            return False
        lasts.append(max(m.start for m in gold))
    return lasts == sorted(lasts)


# --------------------------------------------------------------------------- names, dates, periods
def _committed(text: str, mentions: list[Mention], roles: dict[int, Role]) -> list[Mention]:
    """Mentions the answer commits to: not reference points, not rejected — and, when the hop's direction is
    known, not the side a comparative claim chooses against ("Zephyrine … well below Quillon" commits to Quillon
    for a `max` hop, to Zephyrine for a `min` hop)."""
    out = []
    for m in mentions:
        role = roles.get(m.start)
        if role in ("loser", "unclear") or is_negated(text, m):
            continue
        if role == "winner" or not is_context(text, m):
            out.append(m)
    return out


# A concessive or contrastive clause that keeps another candidate open ("although Zephyrine may come out ahead
# on an adjusted basis", "虽然泽风也可能更高"): the answer hedges, however firmly it starts.
_OPEN_MODAL = re.compile(
    r"(?i)\b(?:may|might|could|possibly|perhaps|conceivably)\b(?:\s+\w+){0,4}?\s+"
    r"(?:ahead|higher|highest|larger|more|most|greater|better|lower|fewer|smaller|edge|win|top|beat|outperform\w*)\b"
    r"|(?:可能|也许|或许|说不定)[^，。；,;]{0,8}?(?:更|领先|胜出|超过|高于|低于|最)"
)
_CONTRAST_BEFORE = re.compile(r"(?i)\b(?:but|however|yet)\b[^.;,:!?，。；：！？\n]*$|(?:但是?|不过|然而)[^，。；：！？\n]*$")


def _keeps_open(text: str, m: Mention) -> bool:
    """Whether another candidate sits in a concessive or contrastive clause that says it may still win."""
    before = text[max(0, m.start - 80):m.start]
    if not (in_concessive_clause(text, m) or _CONTRAST_BEFORE.search(before)):
        return False
    end = re.search(r"[.;,:!?，。；：！？\n]", text[m.end:])
    clause = text[m.end:m.end + (end.start() if end else len(text) - m.end)]
    return bool(_OPEN_MODAL.search(clause))


def _without_asides(text: str, g: list[Mention], o: list[Mention], hop: Hop) -> tuple[list[Mention], list[Mention]]:
    """Drop labelled asides ("(Ashgrove listed 2008-04-18)", "; the fund itself was launched on …") when a
    candidate stated without such a label remains."""
    both = sorted(g + o, key=lambda m: m.start)
    asides = {m.start for m in both if is_aside(text, m, [x for x in both if x is not m], hop)}
    if not asides or all(m.start in asides for m in both):
        return g, o
    return [m for m in g if m.start not in asides], [m for m in o if m.start not in asides]


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


_FIRST_AFTER = re.compile(r"(?i)^[^.;。；\n]{0,130}?(?:排名第(?:1|一)(?!\d)|排第(?:1|一)(?!\d)|第一名|\brank(?:ed|s|ing)?\s*[:：]?\s*(?:no\.\s*)?(?:1|1st|first)\b)")


def _ranked_first(text: str, g: list[Mention], o: list[Mention], hop: Hop) -> MatchResult | None:
    """"X … (ranked No. 1)", "X…（排名第1位）": the one candidate of the hop's own question the answer says ranks
    first decides (a question that lists its candidates; rankings of other hops' candidates say nothing)."""
    question = hop.question or ""
    asked = {m.value for m in find_time_mentions(question)} if hop.kind in ("date", "period") else set()
    in_question = [m for m in g + o if (m.key in asked if asked else
                                        m.gold or m.raw in question or m.key.startswith("__distractor"))]
    if len(in_question) < 2:
        return None
    ordered = sorted(in_question, key=lambda m: m.start)
    firsts = []
    for i, m in enumerate(ordered):
        nxt = ordered[i + 1].start if i + 1 < len(ordered) else len(text)
        if _FIRST_AFTER.match(text[m.end:nxt]):
            firsts.append(m)
    keys = {(m.gold, m.key) for m in firsts}
    if len(keys) != 1:
        return None
    pick = firsts[0]
    return MatchResult(verdict="match" if pick.gold else "mismatch", reason=f"{pick.raw!r} ranks first")


def _decide(text: str, hop: Hop, lexicon: EntityLexicon | None, depth: int = 0) -> MatchResult:
    gold, other = find_gold_mentions(text, hop, lexicon, gold_short_names=True)
    if not gold and not other:
        return MatchResult(verdict="no_answer", reason="no candidate answer found")
    direction = hop_direction(hop)
    everything = sorted(gold + other, key=lambda m: m.start)
    roles = comparison_roles(text, everything, direction) if direction in ("max", "min") else {}
    g, o = _committed(text, gold, roles), _committed(text, other, roles)
    g, o = _without_asides(text, g, o, hop)
    if g and depth == 0 and any(_keeps_open(text, m) for m in other):
        seg = conclusion_segment(text)
        inner = _decide(seg[1], hop, lexicon, depth=1) if seg is not None else None
        if inner is not None and inner.verdict in ("match", "mismatch"):
            return MatchResult(verdict=inner.verdict, reason=f"conclusion: {inner.reason}")
        return MatchResult(verdict="hedge", reason="keeps another candidate open")
    if g and not o:
        return MatchResult(verdict="match", reason=f"states {g[0].raw!r}")
    if not g:
        if o:
            return MatchResult(verdict="mismatch", reason=f"states {o[0].raw!r}")
        if gold and depth > 0 and all(roles.get(m.start) == "unclear" and not is_negated(text, m) for m in gold):
            # a conclusion that only calls the gold "better" on a `min` hop decides nothing; the whole answer does
            return MatchResult(verdict="no_answer", reason=f"{gold[0].raw!r} only in a claim of merit")
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
        first = _ranked_first(text, g, o, hop)
        if first is not None:
            return first
        # The committed answer is the one the comparative claim chooses, not whatever is named last: with the
        # hop's direction known, by the claim's direction; unknown, its subject; for a hop that is no choice
        # ("that sector's index?") a comparison is about an earlier hop and chooses nothing.
        if direction in ("max", "min"):
            sel_g = [m for m in g if roles.get(m.start) == "winner"]
            sel_o = [m for m in o if roles.get(m.start) == "winner"]
        elif direction is None:
            sel_g = [m for m in g if selected_by_comparison(text, m, everything)]
            sel_o = [m for m in o if selected_by_comparison(text, m, everything)]
        else:
            sel_g, sel_o = [], []
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
    "times": ("倍", "times", "×", "x"),
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


# A noun of decline right after the figure: "a 2.88% decline", "a 1.0% year-on-year drop", "2.88%的跌幅".
_DECLINE_AFTER = re.compile(
    r"(?i)^\s*(?:(?:year[\s-]on[\s-]year|yoy|month[\s-]on[\s-]month|mom|quarter[\s-]on[\s-]quarter|qoq|"
    r"day[\s-]on[\s-]day|daily|annual|overall|net|sharp|steep|modest|slight)\s+){0,2}"
    r"(?:declines?|drops?|falls?|decreases?|losses|loss|slides?|dips?|contraction|pullback)\b"
    r"|^\s*的?(?:跌幅|降幅|下跌|下降|下滑|回落|减少|亏损)"
)


def _signed(text: str, m: Mention, n: ParsedNumber) -> ParsedNumber:
    """A positive figure introduced by a word of decline ("fell 2.88%", "下跌2.88%") or followed by a noun of
    decline ("a 2.88% decline", "2.88%的跌幅") is negative."""
    if n.value > 0 and (_DECLINE.search(text[max(0, m.start - 24):m.start]) or _DECLINE_AFTER.match(text[m.end:])):
        return n.model_copy(update={"value": -n.value, "mantissa": -n.mantissa})
    return n


def _candidates(text: str) -> list[tuple[Mention, ParsedNumber]]:
    """Figures of the answer that can be the answer: not reference points, not rejected, not years; the
    sign given by words applied."""
    out: list[tuple[Mention, ParsedNumber]] = []
    years: list[tuple[Mention, ParsedNumber]] = []
    for m, n in find_figures(text):
        if is_context(text, m, before_vs=False) or is_negated(text, m):
            continue
        (years if n.is_year_like else out).append((m, _signed(text, m, n)))
    # A bare four-digit figure ("1900") is read as a year only when the answer states something else; eight
    # digits that form a date ("20020701") are a figure when the answer states nothing else.
    if not out and not years:
        out = [(m, _signed(text, m, n)) for m, n in find_figures(text, compact_dates=True)
               if not is_context(text, m, before_vs=False) and not is_negated(text, m)]
    return out or years


def _groups(items: list[tuple[Mention, ParsedNumber]]) -> list[ParsedNumber]:
    groups: list[ParsedNumber] = []
    for _, n in items:
        if not any(same_figure(n, g) or same_figure(g, n) for g in groups):
            groups.append(n)
    return groups


# Without a lexicon, the names of indices and funds still show by their generic last word: "the Demo Software
# Index", "the semiconductor index", "演示半导体指数" (a Chinese name from a clause start).
_HEADED_EN = re.compile(r"\b(?:[A-Z][\w&'-]*\s+){1,4}(?:Index|Fund|ETF)\b|\bthe\s+(?:[a-z][\w-]*\s+){1,3}"
                        r"(?:index|fund|ETF)\b")
_HEADED_ZH = re.compile(r"(?:^|(?<=[，。；：、,;:\s]))[\u4e00-\u9fff]{2,8}?(?:指数|基金)")
_ARTICLE = re.compile(r"(?i)^(?:the|a|an)\s+")


def _headed_names(text: str) -> list[Mention]:
    """Names of indices and funds found by their generic last word, with no lexicon. Two phrases name the same
    thing when one ends with the other once brands are set aside ("the Demo Software Index", "the software
    index"; "演示软件指数", "软件指数"); the key is the shortest such form."""
    found = [(m.start(), m.end(), m.group()) for m in _HEADED_EN.finditer(text)]
    found += [(m.start(), m.end(), m.group()) for m in _HEADED_ZH.finditer(text)]
    forms = []
    for s, e, raw in sorted(found):
        words = _ARTICLE.sub("", raw).casefold().split()
        forms.append((s, e, raw, " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)))
    out = []
    for s, e, raw, form in forms:
        same = [f for *_, f in forms if f.endswith(form) or form.endswith(f)]
        key = min(same, key=len)
        if len(key.split()) < 2 and not _CJK_HEAD.search(key):  # "index" alone names nothing
            continue
        out.append(Mention(key=key, start=s, end=e, raw=raw))
    return out


_CJK_HEAD = re.compile(r"[\u4e00-\u9fff]{3,}")
_FULL_STOP = re.compile(r"[。！？!?\n]|\.(?!\d)")


def _of_the_chosen(text: str, cands: list[tuple[Mention, ParsedNumber]],
                   lexicon: EntityLexicon | None) -> list[tuple[Mention, ParsedNumber]]:
    """Drop the figures the answer gives for the entity it passed over, when it also gives one for the entity it
    chose: "The Demo Software Index rose more (…) and closed at 1,265.35, while the semiconductor index closed at
    1,736.59", "演示软件指数涨幅较大，收盘1265.35点；演示半导体指数收于1736.59点".

    The chosen entity is the subject of the answer's only claim that something is greater or better ("rose
    more", "涨幅较大", "closed higher"); a claim worded the other way ("X lagged Y", "X's drawdown is smaller")
    decides nothing here, as a number hop does not tell which way the earlier choice went. The one passed over
    is the claim's reference or another entity named in the claim's sentence (up to a full stop; "；" goes on).
    A figure belongs to the entity named last before it, not counting points of comparison ("versus 1.99% for
    the semiconductor index, closing at 1,265.35" is the subject's close). `cands` unchanged unless all holds."""
    entities = lexicon.find_with_short_names(text) if lexicon else _headed_names(text)
    if len({e.key for e in entities}) < 2:
        return cands
    claims = [c for c in comparative_claims(text, entities) if c.polarity in ("greater", "better")]
    if len({c.subject.key for c in claims}) != 1:
        return cands
    chosen = claims[0].subject.key
    passed_over: set[str] = set()
    for c in claims:
        start = max([b.end() for b in _FULL_STOP.finditer(text[:c.subject.start])] + [0])
        stop = _FULL_STOP.search(text, c.subject.end)
        end = stop.start() if stop else len(text)
        passed_over |= {e.key for e in entities if start <= e.start < end and e.key != chosen}
        if c.reference is not None:
            passed_over.add(c.reference.key)
    owners_at = [e for e in entities if not is_context(text, e)]

    def owner(m: Mention) -> str | None:
        before = [e for e in owners_at if e.end <= m.start]
        return before[-1].key if before else None

    owners = [owner(m) for m, _ in cands]
    if chosen not in owners or not any(o in passed_over for o in owners):
        return cands
    return [c for c, o in zip(cands, owners, strict=True) if o not in passed_over]


def _number_verdict(text: str, ref: ParsedNumber, unit: str | None, hop: Hop,
                    lexicon: EntityLexicon | None = None) -> MatchResult:
    cands = _candidates(text)
    if not cands:
        return MatchResult(verdict="no_answer", reason="no figure in the answer")
    # A percent reference is compared with percents; an amount with amounts.
    same_kind = [(m, n) for m, n in cands if n.is_percent == ref.is_percent]
    if same_kind:
        cands = same_kind
    # A labelled aside (in brackets after words of its own; labelled with another scope than the question's,
    # "H1 cumulative", "上半年累计", "同期今年以来…") gives way to a figure stated without one.
    mentions = [m for m, _ in cands]
    main = [(m, n) for m, n in cands if not in_labelled_brackets(text, m)]
    if main:
        cands = main
    main = [(m, n) for m, n in cands if not is_aside(text, m, [x for x in mentions if x is not m], hop)]
    if main:
        cands = main
    if unit:
        with_unit = [(m, n) for m, n in cands if _unit_of(text, n, m) == unit]
        if with_unit and len(_groups(with_unit)) == 1 and len(_groups(cands)) > 1:
            cands = with_unit
    if len(_groups(cands)) > 1:
        cands = _of_the_chosen(text, cands, lexicon)
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


def _match_number(text: str, hop: Hop, lexicon: EntityLexicon | None = None) -> MatchResult:
    text = re.sub(r"(?<=\d)\s*[x×](?![\w])", " times", text)  # "0.02x": a multiple, not a letter after a figure
    text = re.sub(r"(?<=\d)(?:st|nd|rd|th)\b", "", text)  # "ranked 2286th": the rank is the figure
    ref = reference_number(hop)
    if ref is None:
        return MatchResult(verdict="no_answer", reason=f"the reference {hop.answer!r} holds no number")
    unit = hop.unit or _infer_unit(hop.answer)
    result = _number_verdict(text, ref, unit, hop, lexicon)
    if result.verdict != "hedge":
        return result
    seg = conclusion_segment(text)
    if seg is not None:
        inner = _number_verdict(seg[1], ref, unit, hop, lexicon)
        if inner.verdict in ("match", "mismatch"):
            return MatchResult(verdict=inner.verdict, reason=f"conclusion: {inner.reason}")
    picked = _picked_figure(text, hop, ref, (_owned_figures, _labelled_figures))
    if picked is not None:
        return picked
    spans = sentences(text)
    if len(spans) > 1:
        s, e = spans[-1]
        inner = _number_verdict(text[s:e], ref, unit, hop, lexicon)
        if inner.verdict in ("match", "mismatch"):
            return MatchResult(verdict=inner.verdict, reason=f"last sentence: {inner.reason}")
    return _picked_figure(text, hop, ref, (_lead_figure,)) or result


def _picked_figure(text: str, hop: Hop, ref: ParsedNumber, rules: tuple[Any, ...]) -> MatchResult | None:
    for rule in rules:
        picked = rule(text, hop, ref)
        if picked is not None and rule is _owned_figures and len(_groups(picked[1])) > 1:
            # several figures of the entity asked about: the one labelled with what the question asks for
            labelled = _labelled_figures(text, hop, ref)
            starts = {m.start for m, _ in labelled[1]} if labelled else set()
            both = [(m, n) for m, n in picked[1] if m.start in starts]
            picked = (f"{picked[0]}, labelled with the question's figure", both) if both else picked
        if picked is not None:
            where, figures = picked
            if len(_groups(figures)) == 1:
                m, n = figures[0]
                ok = figure_matches(n, ref)
                return MatchResult(verdict="match" if ok else "mismatch",
                                   reason=f"{where}: {m.raw!r} {'matches' if ok else 'vs'} reference {ref.raw!r}")
    return None


# A figure the answer gives among several is the one it states: the figure of the entity the question asks about
# (`hop.owner`, when set: "那只基金的近一个月回报率", not its rival's), the figure labelled with what the question asks
# for ("…的近1年回报率是多少" → "近1年回报率为1.02%", not the other returns of the same table), or, failing those, the one
# its first statement leads with before the supporting data ("… had a past 1-year return of 1.02% on D. It also …").
_ASKED_ZH = re.compile(r"(?:的|，|,|^)([^，。？?的]{2,14}?)(?:分别)?(?:是|为|有)?多少")
_ASKED_EN = re.compile(r"(?i)\bwhat\s+(?:was|is|were|are)\s+(?:the\s+|its\s+|their\s+|that\s+\w+'s\s+|[\w.\- ]{0,60}?'s\s+)?"
                       r"((?:[\w-]+\s+){0,8}?[\w-]+?)(?=\s+(?:of|on|in|at|during|as)\b|\s*[,?])")
_LABEL_STOP = {"the", "a", "an", "past", "nearly", "near", "recent", "rate", "specific", "total", "value", "its", "of",
               "over", "in", "for", "that", "fund", "fund's", "company", "company's"}
_ZH_LABEL_STOP = re.compile(r"^(?:具体|该|那只基金|那家公司|这只基金|这家公司|其)")


def _question_label(hop: Hop) -> tuple[str, list[str]] | None:
    if hop.figure_label:
        label = hop.figure_label[0]
        if re.search(r"[\u4e00-\u9fff]", label):
            return "zh", [label]
        return "en", [w.lower() for w in re.findall(r"[\w-]+", label) if w.lower() not in _LABEL_STOP]
    q = hop.question or ""
    asked = list(_ASKED_ZH.finditer(q))
    if asked:  # the last thing the question asks for
        label = _ZH_LABEL_STOP.sub("", asked[-1].group(1).strip())
        return ("zh", [label]) if len(label) >= 2 else None
    m = _ASKED_EN.search(q)
    if m is None:
        return None
    words = [w.lower() for w in re.findall(r"[\w-]+", m.group(1)) if w.lower() not in _LABEL_STOP]
    return ("en", words) if words else None


def _labelled_figures(text: str, hop: Hop, ref: ParsedNumber) -> tuple[str, list[tuple[Mention, ParsedNumber]]] | None:
    label = _question_label(hop)
    if label is None:
        return None
    lang, words = label
    out = []
    cands = [(m, n) for m, n in _candidates(text) if n.is_percent == ref.is_percent]
    starts = [m.start for m, _ in cands]
    for m, n in cands:
        before = text[max(0, m.start - (70 if lang == "zh" else 160)):m.start]
        offset = m.start - len(before)
        if lang == "zh":
            at = before.rfind(words[0])
            ends = [at + len(words[0])] if at >= 0 else []
        else:
            low = before.lower()
            found = [list(re.finditer(rf"\b{re.escape(w)}\b", low)) for w in words]
            ends = [max(f[-1].end() for f in found)] if all(found) else []
        # labelled: the label comes before it with no other figure of its kind in between
        if ends and not any(ends[0] + offset <= st < m.start for st in starts):
            out.append((m, n, m.start - ends[0] - offset))
    if len(_groups([(m, n) for m, n, _ in out])) > 1:  # several labelled: the one right after its label
        nearest = min(d for *_, d in out)
        out = [x for x in out if x[2] == nearest]
    return ("labelled with the question's figure", [(m, n) for m, n, _ in out]) if out else None


def _owned_figures(text: str, hop: Hop, ref: ParsedNumber) -> tuple[str, list[tuple[Mention, ParsedNumber]]] | None:
    """Figures whose nearest preceding entity name is the hop's `owner` (among the owner and `distractors`)."""
    if not hop.owner:
        return None
    names: list[tuple[str, str]] = [("owner", n) for n in hop.owner] + [
        (f"rival{i}", n) for i, d in enumerate(hop.distractors) for n in d]
    spots = []
    for key, name in names:
        for mm in re.finditer(re.escape(name), text, flags=re.I):
            spots.append((mm.start(), mm.end(), key))
    spots.sort()
    out = []
    for m, n in _candidates(text):
        before = [sp for sp in spots if sp[1] <= m.start]
        # the owner named last before the figure, in the same clause
        if before and before[-1][2] == "owner" and not re.search(r"[\n。；;！？!?]", text[before[-1][1]:m.start]):
            out.append((m, n))
    return ("the figure given for the entity asked about", out) if out else None


def _lead_figure(text: str, hop: Hop, ref: ParsedNumber) -> tuple[str, list[tuple[Mention, ParsedNumber]]] | None:
    if _HEDGE.search(text):
        return None
    for s, e in sentences(text):
        cands = [(m, n) for m, n in _candidates(text[s:e]) if n.is_percent == ref.is_percent]
        if cands:
            return ("the figure its first statement gives", cands)
    return None


def _infer_unit(answer: str) -> str | None:
    a = answer.lower()
    for unit, words in _UNIT_WORDS.items():
        if any(w in a for w in words):
            return unit
    return None
