"""Comparative claims in an answer or a trajectory, and which candidate they choose for a hop.

A comparative claim has a subject, a direction and, often, a reference: "Zephyrine's close of 21.76 was well
below Quillon's 42.11" says Zephyrine is the *lesser* and Quillon the *greater*; "常青红利基金表现优于巅峰医疗
基金" says 常青 did *better*. Which of the two the claim chooses depends on what the hop asks for: the greater
one for "which closed higher" (a `max` hop), the lesser one for "which closed lower" (a `min` hop). So the
selected candidate of "X below Y" is Y for a `max` hop and X for a `min` hop — the subject of a comparative is
not always the answer.

The hop's direction (`hop_direction`) comes from its derivation rule (`derive.op` max/min over the tool
results; `field` means the hop is no choice between candidates, so a comparison in the answer is about
something else) or, without one, from the comparative words of its question; claims and questions worded with
a word of decline ("fell more", "跌幅更大") are turned around, so both read on the scale of the value itself.
Words of merit (better, outperformed, 优于, 跑输) choose only for a `max` hop (for returns and prices "better"
is "greater"; for a drawdown "better" is "smaller"): for a `min` hop both sides of such a claim are `unclear`,
neither stated nor passed over.

With no known direction (`None`) the subject of a claim is read as the chosen one, as agents mostly word the
claim after the question ("X had the higher close").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from finprobe.benchmarks.multihop.chains import Hop
from finprobe.benchmarks.multihop.mentions import Mention, in_concessive_clause, is_negated

__all__ = ["Claim", "Direction", "Role", "comparative_claims", "comparison_roles", "hop_direction"]

Direction = Literal["max", "min", "none"]
Role = Literal["winner", "loser", "unclear"]
Polarity = Literal["greater", "lesser", "better", "worse"]

# Words of a comparison, by what they say about the subject. Prepositional ones ("below Y", "高于Y") take their
# reference right after them; the others through "than"/"to" ("fewer shares than Y").
_GREATER_PREP = (r"above|exceed(?:ed|s|ing)?|surpass(?:ed|es|ing)?|ahead\s+of|topped|tops|"
                 r"outpac(?:ed|es|ing|e)|outstrip(?:ped|s|ping)?|outgrew|outgrow(?:s|ing)?|"
                 r"高于|大于|多于|超过|超出|领先于?|晚于")
_LESSER_PREP = (r"below|beneath|behind|trail(?:ed|s|ing)?|lagg?(?:ed|s|ing)?|"
                r"低于|小于|少于|不如|不及|落后于?|早于")
_BETTER_PREP = r"outperform(?:ed|s|ing)?|beat(?:s|ing)?|优于|好于|强于|胜过|胜于|跑赢"
_WORSE_PREP = r"underperform(?:ed|s|ing)?|劣于|差于|弱于|逊于|逊色于|跑输"
_GREATER = (r"higher|highest|larger|largest|bigger|biggest|greater|greatest|more|most|further|farther|later|latest|"
            r"led|leads|"
            r"更高|最高|较高|更大|最大|较大|更多|最多|较多|更晚|最晚|较晚|居首")
_LESSER = (r"lower|lowest|smaller|smallest|less|least|fewer|fewest|earlier|earliest|"
           r"更低|最低|较低|更小|最小|较小|更少|最少|较少|更早|最早|较早")
_BETTER = r"better|best|stronger|strongest|更好|最好|更强|最强|更优|最优|胜出"
_WORSE = r"worse|worst|weaker|weakest|更差|最差|更弱|最弱"

_KINDS: list[tuple[Polarity, str, bool]] = [
    ("greater", _GREATER_PREP, True), ("lesser", _LESSER_PREP, True), ("better", _BETTER_PREP, True),
    ("worse", _WORSE_PREP, True), ("greater", _GREATER, False), ("lesser", _LESSER, False),
    ("better", _BETTER, False), ("worse", _WORSE, False),
]
_CJK = re.compile(r"[\u3400-\u9fff]")


def _word(alts: str) -> str:
    """Latin alternatives as whole words; Chinese ones as they are."""
    latin = [a for a in alts.split("|") if not _CJK.search(a)]
    cjk = [a for a in alts.split("|") if _CJK.search(a)]
    parts = []
    if latin:
        parts.append(r"\b(?:" + "|".join(latin) + r")\b")
    if cjk:
        parts.append("(?:" + "|".join(cjk) + ")")
    return "|".join(parts)


_COMPARISON = re.compile("(?i)" + "|".join(f"(?P<k{i}>{_word(alts)})" for i, (_, alts, _) in enumerate(_KINDS)))
# Bare Chinese adjectives after "X比Y" / "X较Y" ("X比Y高", "X较Y更低").
_ZH_BARE: dict[str, Polarity] = {
    "高": "greater", "大": "greater", "多": "greater", "晚": "greater", "强": "better", "好": "better",
    "低": "lesser", "小": "lesser", "少": "lesser", "早": "lesser", "弱": "worse", "差": "worse",
}
_ZH_THAN = re.compile(r"\s*[^，。；,;\s]{0,8}?(?<![同环可对])(?:比|较|相比于?|相较于?)\s*")
_ZH_BARE_AFTER = re.compile(r"\s*[^，。；,;\s]{0,6}?(?:更|还|要|略|明显|稍)?(?P<w>[高大多晚强好低小少早弱差])")
# A word of decline turns the claim around: "X fell more" makes X the lesser on the value's own scale.
_DECLINE = re.compile(r"(?i)\b(?:fell|falls?|falling|dropp?(?:ed|s|ing)?|declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|"
                      r"lost|loss|slid|slipped|down|negative)\b|(?<!涨)跌|下降|降幅|回落|下滑|亏损")
# ... and so does a noun of decline that the comparative qualifies ("the smaller loss", "the larger drop").
_DECLINE_NOUN = re.compile(r"(?i)^\s*(?:[\w-]+\s+)?(?:declines?|drops?|falls?|loss(?:es)?|decreases?|slides?|dips?|"
                           r"pullbacks?)\b|^\s*(?:的)?(?:跌幅|降幅|亏损)")
_FLIP: dict[Polarity, Polarity] = {"greater": "lesser", "lesser": "greater", "better": "better", "worse": "worse"}
_SENTENCE_END = re.compile(r"[;!?。；！？\n]|\.(?!\d)")
_THAN = re.compile(r"(?i)\b(?:than|to)\b|比|于")
# A comparative that introduces the next mention ("the larger one is Y", "更高的是Y", "higher: Y") is Y's claim.
_INTRO = re.compile(
    r"(?i)[^.;,!?，。；！？\n]{0,30}?(?:的是|的为|是|为|属于|归|[:：]|\b(?:is|was|belongs\s+to|goes\s+to|went\s+to)\b)"
    r"\s*(?:the\s+)?[*_`\"'“「《]*\s*$"
)


@dataclass(frozen=True)
class Claim:
    """One comparative claim: `subject` is the `polarity` one (on the value's scale) of itself and `reference`."""

    subject: Mention
    polarity: Polarity
    reference: Mention | None = None


def _polarity(m: re.Match[str]) -> tuple[Polarity, bool]:
    for i, (pol, _, prep) in enumerate(_KINDS):
        if m.group(f"k{i}"):
            return pol, prep
    raise AssertionError("unreachable")


def _oriented(m: re.Match[str], before: str, after: str) -> Polarity:
    """The polarity of comparative `m` on the value's own scale: turned around by a word of decline in the claim
    before it ("X fell more", "跌幅更大") or by the noun of decline it qualifies ("the smaller loss")."""
    pol, _ = _polarity(m)
    if _DECLINE.search(before) or _DECLINE_NOUN.match(after):
        return _FLIP[pol]
    return pol


def _clip(text: str) -> str:
    """`text` up to the end of its sentence (a decimal point is no end)."""
    end = _SENTENCE_END.search(text)
    return text[:end.start()] if end else text


def comparative_claims(text: str, mentions: list[Mention]) -> list[Claim]:
    """The comparative claims `text` makes about `mentions` (candidates of one kind, in order):

    - subject first: "X closed higher", "X's close was well below Y's", "X traded fewer shares than Y",
      "X表现优于Y", "环同科技的成交量小于宽塔云" — the comparative follows X before any other candidate;
      a candidate right after a prepositional comparative, or after "than"/"to", is the reference;
    - "X比Y高", "X较Y更低": subject, then "比/较" and the reference, then the comparative;
    - comparative first: "the higher close belongs to X", "更高的是X", "higher: X" (no reference).

    Rejected subjects ("X did not rise more") and subjects of concessive clauses ("although X traded more") make
    no claim. A candidate that is the reference of a claim makes no claim of its own (in "…高于港石银行，换手率
    也应更高" the second comparative still speaks of the first subject).
    """
    ordered = sorted(mentions, key=lambda m: m.start)
    claims: list[Claim] = []
    references: set[int] = set()
    for i, m in enumerate(ordered):
        nxt = ordered[i + 1] if i + 1 < len(ordered) else None
        prev_end = ordered[i - 1].end if i > 0 else 0
        if m.start in references or is_negated(text, m) or in_concessive_clause(text, m):
            continue
        # comparative first ("更高的是X")
        before = text[prev_end:m.start]
        intro = _INTRO.search(before)
        comps = [c for c in _COMPARISON.finditer(before) if intro is not None and c.start() >= intro.start()]
        if intro is not None and comps and not _SENTENCE_END.search(before[comps[0].start():]):
            head = comps[0]  # "the larger change (the smaller decline) was X": the first names the scale
            pol = _oriented(head, before[intro.start():head.start()], before[head.end():])
            claims.append(Claim(subject=m, polarity=pol))
            continue
        window = _clip(text[m.end:nxt.start if nxt else len(text)])
        # "X比Y高"
        if nxt is not None and _ZH_THAN.fullmatch(window):
            zm = _ZH_BARE_AFTER.match(text[nxt.end:nxt.end + 12])
            if zm is not None:
                claims.append(Claim(subject=m, polarity=_ZH_BARE[zm["w"]], reference=nxt))
                references.add(nxt.start)
            continue
        comp = _COMPARISON.search(window)
        if comp is None:
            continue
        # The comparative introduces the next candidate ("…, so the larger one is Y"): not this one's claim.
        if nxt is not None:
            rest = text[m.end + comp.start():nxt.start]
            if _INTRO.match(rest) and not _THAN.search(rest):
                continue
        _, prep = _polarity(comp)
        pol = _oriented(comp, window[:comp.start()], window[comp.end():])
        ref = None
        if nxt is not None and m.end + len(window) >= nxt.start:
            gap = window[comp.end():]
            if len(gap) <= 30 and not re.search(r"[,，:：]", gap) and (prep or _THAN.search(gap)):
                ref = nxt
                references.add(nxt.start)
        claims.append(Claim(subject=m, polarity=pol, reference=ref))
    return claims


def comparison_roles(text: str, mentions: list[Mention], direction: Literal["max", "min"] | None) -> dict[int, Role]:
    """Each candidate's role in the comparative claims of `text` (keyed by its start): the chosen one
    (`winner`), the one it was chosen over (`loser`), or a side of a claim of merit on a `min` hop (`unclear`).
    A candidate given different roles by different claims gets none. With no direction the subject is the
    winner (see the module docstring)."""
    roles: dict[int, set[Role]] = {}

    def give(m: Mention | None, role: Role) -> None:
        if m is not None:
            roles.setdefault(m.start, set()).add(role)

    for c in comparative_claims(text, mentions):
        if direction is None:
            subject_wins: bool | None = True
        elif direction == "max":
            subject_wins = c.polarity in ("greater", "better")
        else:
            subject_wins = {"lesser": True, "greater": False}.get(c.polarity)
        if subject_wins is None:
            give(c.subject, "unclear")
            give(c.reference, "unclear")
            continue
        give(c.subject, "winner" if subject_wins else "loser")
        give(c.reference, "loser" if subject_wins else "winner")
    return {k: next(iter(v)) for k, v in roles.items() if len(v) == 1}


def hop_direction(hop: Hop) -> Direction | None:
    """What the hop chooses: the greatest (`max`) or least (`min`) of its candidates, nothing (`none`: its answer
    is read off a result, not chosen by comparing), or unknown (`None`). From `derive` when the hop has one, else
    from the comparative words of its question."""
    if hop.derive is not None:
        op = hop.derive.op
        return "max" if op == "max" else "min" if op == "min" else "none"
    q = hop.question or ""
    found: set[Literal["max", "min"]] = set()
    for m in _COMPARISON.finditer(q):
        pol = _oriented(m, q[max(0, m.start() - 20):m.start()], q[m.end():])
        found.add("max" if pol in ("greater", "better") else "min")
    if not found and q.strip() and hop.source == "sidecar" and not hop.distractors and not hop.parts:
        # a release sub-question with no comparison and no candidates asks for a fact ("When was it listed?"):
        # comparisons in an answer are about other hops
        return "none"
    return found.pop() if len(found) == 1 else None
