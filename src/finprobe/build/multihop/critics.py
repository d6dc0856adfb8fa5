"""Chain-merge verification (paper §3.5.1): the deterministic question critic and answer critic.

**Question critic** (`question_critic`), every check on the released text (template or paraphrase):

- `leak`: no hop's answer — intermediate or final — is stated in the question, in any form the family's
  matchers recognise (`mentions.find_gold_mentions`): an entity by any name, short name, ticker or code
  in either language; a date or period in any format (2024-10-18, October 18, 2024, 2024年10月18日,
  18 Oct, Q3 2024, 2024年第三季度); a figure reformatted (1,234.5 / 1234.50 / 1.23 thousand / 12.3亿,
  within the DESIGN §2 figure match, either sign: "(1,234)" or "fell 2.5%" states the figure too). One exception, the paper's own recommended splicing: a comparison
  names its candidates ("Of A and B, take the one with ..."), which says nothing about which one wins, so
  an entity answer may appear inside named candidate lists (its own hop's or an earlier one's) — as many
  times as such lists name it, and nowhere else. A sector answer also leaks through its sector
  index's name. Short Latin names (≤ 3 letters, e.g. a ticker "ON") count only with their exact case.
- `scope_lost` / `scope_added`: every explicit constraint of every hop (entities, sectors, dates, periods,
  years, offsets, metric / field / indicator / horizon / basis words, comparison directions) is still
  stated (a direction word per comparison), and no entity, date or period is stated that no hop has (no drift).
- `ambiguous_reference` / `no_dependency`: each hop after the first takes the previous answer (strict
  dependency); a "that company" that reaches back further refers to the most recent company answer.
- `too_short` / `too_long`: English 5 … 30·K+20 words, Chinese 8 … 70·K+30 characters (configurable).

Unique solvability in the database is established per hop by single-hop verification and re-checked by
the answer critic.

**Answer critic** (`answer_critic`): the chain's gold tool path is replayed with `solver.solve_chain` (each
hop bound to the values derived before it), every hop must re-derive its gold value, and the gold-path
policy's final answer text (`format_answer`) must match the final answer under the family's matcher.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Chain, Hop
from finprobe.benchmarks.multihop.market.db import MarketDB
from finprobe.benchmarks.multihop.matching import match_final
from finprobe.benchmarks.multihop.mentions import (
    EntityLexicon,
    Mention,
    figure_matches,
    find_figures,
    find_gold_mentions,
    reference_number,
)
from finprobe.benchmarks.multihop.solver import format_answer, solve_chain
from finprobe.benchmarks.multihop.tools import MarketTools
from finprobe.build.multihop.patterns import KEYWORD_KINDS, PATTERNS
from finprobe.build.multihop.reader import QuestionReader
from finprobe.build.multihop.singlehop import HopDraft

__all__ = ["Constraints", "CriticResult", "LengthBounds", "answer_critic", "constraints_of", "leak_problems",
           "named_candidates", "question_critic", "reference_problems", "scope_problems", "text_critic"]


class LengthBounds(BaseModel):
    min_words_en: int = 5
    words_per_hop_en: int = 30
    extra_words_en: int = 20
    min_chars_zh: int = 8
    chars_per_hop_zh: int = 70
    extra_chars_zh: int = 30


@dataclass
class CriticResult:
    ok: bool
    reason: str = ""
    problems: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- leaks
def _leak_hop(hop: Hop, db: MarketDB) -> Hop:
    """The hop as the leak check sees it: a sector answer also names its sector index."""
    if hop.kind == "entity" and isinstance(hop.value, str):
        s = db.sector(hop.value)
        if s is not None and s.index_id:
            return hop.model_copy(update={"aliases": [*hop.aliases, *db.names_of(s.index_id)]})
    return hop


def _figures_of_either_sign(question: str, hop: Hop, found: set[tuple[int, int]]) -> list[Mention]:
    """Figures that state the answer's magnitude with the other sign ("fell 2.5%" for −2.5%; "(1,234)" read as an
    accounting negative): for a leak, the sign does not hide the figure."""
    ref = reference_number(hop)
    if ref is None:
        return []
    out = []
    for m, n in find_figures(question):
        flipped = n.model_copy(update={"value": -n.value, "mantissa": -n.mantissa})
        if (m.start, m.end) not in found and figure_matches(flipped, ref):
            out.append(m)
    return out


def named_candidates(d: HopDraft) -> list[str]:
    """The candidates a comparison hop names in the question (a bound candidate is a referring phrase)."""
    ref = d.bindings.get("c")
    return [c for i, c in enumerate(d.candidates) if ref is None or ref.index != i]


def leak_problems(question: str, hops: list[Hop], lexicon: EntityLexicon, db: MarketDB,
                  candidates: list[list[str]] | None = None) -> list[str]:
    """Every hop answer `question` states beyond the candidate-list allowance (see the module docstring);
    `candidates[i]` are the entity ids hop i+1 names as comparison candidates."""
    lists = candidates or []
    problems = []
    for k, hop in enumerate(hops, start=1):
        check = _leak_hop(hop, db)
        exact = set(check.names())
        gold, _ = find_gold_mentions(question, check, lexicon)
        if hop.kind in ("entity", "text"):  # a short Latin name (a ticker like "ON") counts only in its exact case
            gold = [g for g in gold if not (len(g.raw) <= 3 and g.raw.isascii() and g.raw not in exact)]
        if hop.kind == "number":
            gold += _figures_of_either_sign(question, hop, {(g.start, g.end) for g in gold})
        allowed = sum(1 for names in lists if str(hop.value) in names)
        if len(gold) > allowed:
            what = "final answer" if k == len(hops) else f"hop {k} answer"
            problems.append(f"{what} {hop.answer!r} stated as " + ", ".join(repr(g.raw) for g in gold))
    return problems


# --------------------------------------------------------------------------- scope
class Constraints(BaseModel):
    """What a chain's question must state: every explicit value of every hop (entity and sector ids, dates,
    periods and years, trading-day offsets, metric/field/indicator/horizon/basis/op keys) and, per hop, the
    candidates a comparison names. Stored in `chain.meta["constraints"]`, so a released chain can be checked
    again (e.g. a paraphrase) without rebuilding it."""

    entities: list[str] = Field(default_factory=list)
    sectors: list[str] = Field(default_factory=list)
    times: list[str] = Field(default_factory=list)
    offsets: list[int] = Field(default_factory=list)
    keywords: dict[str, list[str]] = Field(default_factory=dict)
    candidates: list[list[str]] = Field(default_factory=list)


def constraints_of(drafts: list[HopDraft]) -> Constraints:
    entities: list[str] = []
    sectors: list[str] = []
    times: list[str] = []
    offsets: list[int] = []
    keywords: dict[str, list[str]] = {}
    for d in drafts:
        p = PATTERNS[d.pattern]
        entities += [e for e in d.explicit_entities if e not in entities]
        for s in p.slots:
            if s.name in d.bindings or s.name not in d.values:
                continue
            v = d.values[s.name]
            if s.kind == "sector" and str(v) not in sectors:
                sectors.append(str(v))
            elif s.kind in ("day", "date", "quarter", "month", "year", "fiscal_year") and str(v) not in times:
                times.append(str(v))
            elif s.kind == "offset":
                offsets.append(int(v))
            elif s.kind == "op":  # kept per hop: two comparisons need two direction words
                keywords.setdefault("op", []).append(str(v))
            elif s.kind in KEYWORD_KINDS and str(v) not in keywords.setdefault(s.kind, []):
                keywords[s.kind].append(str(v))
        for kind, key in p.implied.items():
            if key not in keywords.setdefault(kind, []):
                keywords[kind].append(key)
    return Constraints(entities=entities, sectors=sectors, times=times, offsets=offsets, keywords=keywords,
                       candidates=[named_candidates(d) for d in drafts])


def scope_problems(question: str, constraints: Constraints, answers: set[str],
                   reader: QuestionReader) -> tuple[list[str], list[str]]:
    """(lost, added): explicit constraints the question no longer states; entities/dates/periods it adds
    (`answers`, the hops' answer values, are the leak check's business, not drift)."""
    m = reader.find_mentions(question, bare_years=True)
    found_e = {e for e, _ in m.entities}
    found_s = {s for s, _ in m.sectors}
    found_t = {v for _, v in m.times}
    lost = [f"entity {e}" for e in constraints.entities if e not in found_e]
    lost += [f"sector {s}" for s in constraints.sectors if s not in found_s]
    lost += [f"time {t}" for t in constraints.times if t not in found_t]
    lost += [f"offset {n}" for n in constraints.offsets if n not in m.offsets]
    for kind, keys in sorted(constraints.keywords.items()):
        if kind == "op":  # each comparison states its direction: as many "lower" words as lower-comparisons
            need = Counter(keys)
            lost += [f"op {k} (x{n})" for k, n in sorted(need.items()) if m.keyword_counts.get(k, 0) < n]
            continue
        lost += [f"{kind} {k}" for k in keys if k not in m.keywords.get(kind, set())]
    added = [f"entity {e}" for e in sorted(found_e - set(constraints.entities) - answers)]
    added += [f"sector {s}" for s in sorted(found_s - set(constraints.sectors) - answers)]
    added += [f"time {t}" for t in sorted(found_t - set(constraints.times) - answers)]
    return lost, added


# --------------------------------------------------------------------------- references
def reference_problems(drafts: list[HopDraft]) -> list[str]:
    """The chain's dependency structure: hop k>1 takes hop k−1's answer; a subject reference is unambiguous."""
    problems = []
    for d in drafts:
        inputs = [r for r in d.bindings.values() if r.via == "input"]
        if d.k > 1 and (len(inputs) != 1 or inputs[0].hop != d.k - 1):
            problems.append(f"hop {d.k} does not take hop {d.k - 1}'s answer")
        for slot, r in d.bindings.items():
            if r.via != "subject":
                continue
            between = [h for h in drafts if r.hop < h.k < d.k and h.answer.type == "stock"]
            if between or drafts[r.hop - 1].answer.type != "stock":
                problems.append(f"hop {d.k} slot {slot}: 'that company' would not mean hop {r.hop}'s answer")
    return problems


def _length_problem(question: str, lang: str, k: int, bounds: LengthBounds) -> str | None:
    if lang == "zh":
        n = len(re.sub(r"\s", "", question))
        lo, hi, unit = bounds.min_chars_zh, bounds.chars_per_hop_zh * k + bounds.extra_chars_zh, "characters"
    else:
        n = len(question.split())
        lo, hi, unit = bounds.min_words_en, bounds.words_per_hop_en * k + bounds.extra_words_en, "words"
    if n < lo:
        return f"too_short: {n} {unit} < {lo}"
    if n > hi:
        return f"too_long: {n} {unit} > {hi}"
    return None


def text_critic(question: str, hops: list[Hop], constraints: Constraints, lang: str, reader: QuestionReader,
                lexicon: EntityLexicon, bounds: LengthBounds) -> CriticResult:
    """The checks on the text alone (leak, scope, length): what a paraphrase must pass, from the chain's data."""
    leaks = leak_problems(question, hops, lexicon, reader.db, constraints.candidates)
    if leaks:
        return CriticResult(False, "leak", leaks)
    lost, added = scope_problems(question, constraints, {str(h.value) for h in hops}, reader)
    if lost:
        return CriticResult(False, "scope_lost", lost)
    if added:
        return CriticResult(False, "scope_added", added)
    length = _length_problem(question, lang, len(hops), bounds)
    if length:
        return CriticResult(False, length.split(":")[0], [length])
    return CriticResult(True)


def question_critic(question: str, hops: list[Hop], drafts: list[HopDraft], lang: str, reader: QuestionReader,
                    lexicon: EntityLexicon, bounds: LengthBounds) -> CriticResult:
    """The deterministic question critic (module docstring); the first failing check names the reason."""
    refs = reference_problems(drafts)
    if refs:
        reason = "no_dependency" if any("does not take" in p for p in refs) else "ambiguous_reference"
        return CriticResult(False, reason, refs)
    return text_critic(question, hops, constraints_of(drafts), lang, reader, lexicon, bounds)


def answer_critic(chain: Chain, tools: MarketTools, lexicon: EntityLexicon) -> CriticResult:
    """The gold path re-solves every hop to its gold value, and its final answer matches (module docstring)."""
    solutions = solve_chain(chain, tools)
    for k, (hop, sol) in enumerate(zip(chain.hops, solutions, strict=False), start=1):
        if sol.error:
            return CriticResult(False, "resolve_error", [sol.error])
        if sol.value != hop.value:
            return CriticResult(False, "resolve_mismatch", [f"hop {k}: re-solved {sol.value!r}, gold {hop.value!r}"])
    if len(solutions) != len(chain.hops):
        return CriticResult(False, "resolve_error", ["the path stopped early"])
    last = chain.hops[-1]
    text = format_answer(last.kind, solutions[-1].value, unit=last.unit, language=chain.language)
    m = match_final(text, chain.final_hop(), lexicon=lexicon)
    if not m.correct:
        return CriticResult(False, "final_unmatched", [f"{text!r} vs {chain.final_answer!r}: {m.verdict} ({m.reason})"])
    return CriticResult(True)
