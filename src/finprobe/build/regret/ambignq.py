"""AmbigNQ → CIGs (DESIGN §5; RegretBench §3.2 and Appendix A).

Each record's first `multipleQAs` annotation gives the readings (intents): the disambiguated question is
the intent's description, its answers the aliases. The latent variables come from how the disambiguated
questions differ from the prompt: the words each one adds (`specifier`) are typed by `attributes.features`
(years, ordinals, seasons, media, places, roles, artists, gender, platforms) and turned into variables by
`attributes.build_variables`. Records with only `singleAnswer` annotations become controls (one intent, no
clarification needed), kept apart. Appendix A's filter, as rules; each drop is recorded with its reason:
annotators disagreeing on whether the question is ambiguous (a dominant reading), fewer than two readings,
too many alternatives, a reading without an answer, messy (long) answers, readings that share an answer
(clarification would not change it), readings that are different questions rather than readings of one
(the question word changes), and readings not labelled by a concise shared attribute. A list question split
into its members ("Who starred in X?" read as "Who starred as A in X?", "... as B ...") is kept as one reading
whose answer is the list, among the controls (`metadata.list_question`). Every kept CIG passes `common.vet`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from rapidfuzz.distance import Levenshtein

from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG, Intent
from finprobe.benchmarks.regret.quality import GENERIC_VARIABLE
from finprobe.build.regret.attributes import VariablePlan, build_variables, features
from finprobe.build.regret.common import ConversionResult
from finprobe.core.formats.ambignq import AmbigNQRecord, MultipleQAs

__all__ = ["convert_ambignq_records", "is_list_question", "specifiers", "MAX_INTENTS", "MAX_ANSWER_WORDS"]

MAX_INTENTS = 12
MAX_ANSWER_WORDS = 10
MAX_SPECIFIER_WORDS = 10
_TOK = re.compile(r"\w+(?:'\w+)?|[^\w\s]")
_QWORDS = {"who", "what", "when", "where", "which", "why", "how", "whom", "whose"}
_FILLER = {"the", "a", "an", "is", "was", "are", "were", "did", "does", "do", "has", "have", "had", "that",
           "of", "to", "it", "its", "for", "on", "and", "s", "'", '"', ",", ".", "?", ":", "-", "(", ")"}


def specifiers(prompt: str, question: str) -> tuple[str, list[str]]:
    """The words `question` adds to `prompt` (original case, spans joined by " ... ") and the question words
    it adds or removes (a changed question word means a different question, not a reading)."""
    a = _TOK.findall(prompt)
    b = _TOK.findall(question)
    sm = difflib.SequenceMatcher(a=[t.lower() for t in a], b=[t.lower() for t in b], autojunk=False)
    spans, qchange = [], []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        added = b[j1:j2]
        removed = [t.lower() for t in a[i1:i2]]
        qchange += [t.lower() for t in added if t.lower() in _QWORDS] + [t for t in removed if t in _QWORDS]
        words = [t for t in added if t.lower() not in _FILLER]
        if words:
            spans.append(" ".join(added).strip())
    return " ... ".join(spans), qchange


#: a prompt that asks for several things at once ("Who starred in ...?", "What are the two largest ...?")
_LIST_CUE = re.compile(r"(?i)^\s*(?:who|what|which)\s+(?:\w+\s+){0,3}?(?:are|were)\b|\b(?:starred|starring|stars|cast|"
                       r"members|lineup|line-up|roster|teams|players|founders|judges|hosts|winners|leaders|"
                       r"superpowers)\b|\bthe\s+(?:two|three|four|five|six|seven|"
                       r"eight|nine|ten|\d+)\s+(?:\w+\s+)?\w+s\b")
#: variable types that name members of a set (a character, a place, an unnamed referent), not versions of one thing
_MEMBER_TYPES = frozenset({"role", "place", "referent", "artist"})


def is_list_question(prompt: str, variables: list[str]) -> bool:
    """Whether the readings of `prompt` are the members of one list answer rather than readings of the question:
    the prompt asks for several things and the readings differ only by which member they name."""
    return bool(_LIST_CUE.search(prompt)) and bool(variables) and all(
        v.split("_")[0] in _MEMBER_TYPES for v in variables)


#: prompts about a work that has artists ("the song", "written", "painting"): only there is "by X" an artist
_WORKS = re.compile(r"(?i)\b(?:song|songs|sing|sings|sang|sung|album|single|track|record|recorded|cover|wrote|write|"
                    r"written|writer|compose[ds]?|composer|lyrics|book|novel|poem|painting|painted|band|music)\b")


def _plan(prompt: str, pairs: MultipleQAs) -> VariablePlan | str:
    per = []
    for p in pairs.qaPairs:
        spec, qchange = specifiers(prompt, p.question)
        if qchange:
            return "readings ask different questions (the question word changes), not readings of one question"
        if not spec:
            return "a reading adds nothing to the prompt (already-resolved or duplicate reading)"
        if len(spec.split()) > MAX_SPECIFIER_WORDS:
            return "alternatives not cleanly labelled (long distinguishing phrases)"
        # Typed attributes come from the added words, except a place or role named in the full reading.
        f = features(spec)
        if "artist" in f and not _WORKS.search(prompt):
            f[GENERIC_VARIABLE] = f.pop("artist")  # "won by MS Dhoni" names a captain, not an artist
        per.append(f)
    plan = build_variables(per)
    if not isinstance(plan, str):
        for var in plan.variables:
            near = [(a, b) for i, a in enumerate(var.values) for b in var.values[i + 1:]
                    if min(len(a), len(b)) >= 6 and not re.search(r"\d", a + b)
                    and Levenshtein.distance(a.lower(), b.lower()) <= 2]
            if near:
                return f"readings not separated (near-identical values {near[0][0]!r} and {near[0][1]!r})"
    return plan


def convert_ambignq_records(records: Iterable[AmbigNQRecord], result: ConversionResult,
                            *, max_intents: int = MAX_INTENTS) -> None:
    """Convert records into `result` (CIGs, controls, dropped)."""
    for rec in records:
        result.n_records += 1
        rid = rec.id
        multi, single = rec.multiple_qas, rec.single_answers
        if not multi:
            answers = [a for s in single for a in s.answer]
            if not answers:
                result.drop(rid, "control without an answer", where=rec.where)
                continue
            result.controls.append(CIG(
                cig_id=f"ambignq-{rid}", prompt=rec.question,
                intents=[Intent(intent_id="single", description=rec.question,
                                answer_aliases=list(dict.fromkeys(answers)))],
                metadata={"source": "ambignq", "source_id": rid, "control": True},
            ))
            continue
        if single:
            result.drop(rid, "annotators disagree whether the question is ambiguous (a dominant reading)",
                        where=rec.where)
            continue
        pairs = multi[0]
        n = len(pairs.qaPairs)
        if n < 2:
            result.drop(rid, "fewer than two readings", where=rec.where)
            continue
        if n > max_intents:
            result.drop(rid, f"too many alternatives (> {max_intents})", detail=str(n), where=rec.where)
            continue
        if any(not p.answer for p in pairs.qaPairs):
            result.drop(rid, "a reading without an answer", where=rec.where)
            continue
        if any(len(p.answer[0].split()) > MAX_ANSWER_WORDS for p in pairs.qaPairs):
            result.drop(rid, "messy answers (longer than a concise span)", where=rec.where)
            continue
        alias_sets = [{norm(a) for a in p.answer} - {""} for p in pairs.qaPairs]
        if any(alias_sets[i] & alias_sets[j] for i in range(n) for j in range(i + 1, n)):
            result.drop(rid, "clarification does not change the answer (readings share an answer)", where=rec.where)
            continue
        plan = _plan(rec.question, pairs)
        if isinstance(plan, str):
            result.drop(rid, plan, where=rec.where)
            continue
        if is_list_question(rec.question, [v.name for v in plan.variables]):
            # "Who starred in X?" split into "Who starred as A / as B ...": one reading whose answer is the list
            members = [p.answer[0] for p in pairs.qaPairs]
            listed = ", ".join(members[:-1]) + " and " + members[-1]
            result.controls.append(CIG(
                cig_id=f"ambignq-{rid}", prompt=rec.question,
                intents=[Intent(intent_id="list", description=rec.question, answer_aliases=[listed])],
                metadata={"source": "ambignq", "source_id": rid, "control": True, "list_question": True,
                          "members": members, "member_questions": [p.question for p in pairs.qaPairs]}))
            continue
        intents = [Intent(intent_id=f"r{k + 1}", description=p.question, slots=plan.slots[k],
                          answer_aliases=list(p.answer)) for k, p in enumerate(pairs.qaPairs)]
        result.keep(CIG(
            cig_id=f"ambignq-{rid}", prompt=rec.question, intents=intents, variables=plan.variables,
            actions=plan.actions,
            metadata={"source": "ambignq", "source_id": rid, "n_annotations": len(multi)},
        ), rid, rec.where)
