"""CondAmbigQA records `{id, question, properties: [{condition, groundtruth, citations}]}` → CIGs
(DESIGN §5; RegretBench §3.2): each condition is an intent; its condition and ground truth form the intent's
context; compact answer aliases are the concise spans of the ground truth no other condition's ground
truth contains. Variables: typed attributes of the conditions (`attributes.features`), else one
`condition` variable valued by the short condition phrases; long conditions are not cleanly labelled."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.build.regret.attributes import VariablePlan, build_variables, features, reference_questions
from finprobe.build.regret.common import ConversionResult

__all__ = ["compact_aliases", "condition_phrase", "convert_condambigqa_records"]

MAX_CONDITION_WORDS = 8
_LEAD = re.compile(r"^(?:if\s+referring\s+to|referring\s+to|if|when|assuming|in the context of|considering|for|"
                   r"regarding|in terms of)\s+"
                   r"(?:the\s+(?:question|user|query)\s+(?:is\s+)?(?:refers?|asks?|asking|referring)\s+(?:to|about)\s+)?"
                   r"(?:we\s+(?:are\s+)?(?:consider|talking about|mean)\s+)?", re.I)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_SPAN = re.compile(rf"(?:\b{_MONTH}\s+\d{{1,2}},?\s+\d{{4}})|(?:\b\d{{1,2}}\s+{_MONTH}\s+\d{{4}})|"
                   r"(?:[A-Z][\w.'&-]*(?:\s+(?:of|the|and|de|la|von|van|&)?\s*[A-Z][\w.'&-]*)+)|(?:\b[A-Z][a-z]{2,}\b)|"
                   r"(?:\$?\d[\d,.]*\s*(?:%|percent|million|billion|thousand|km|miles|meters|metres|feet|years?)?)")


def condition_phrase(condition: str) -> str:
    t = _LEAD.sub("", condition.strip()).strip(" ,.;:")
    return t[0].upper() + t[1:] if t else t


_STARTERS = {"The", "It", "In", "If", "This", "That", "He", "She", "They", "According", "When", "On", "At", "As",
             "A", "An", "There", "His", "Her", "Its", "Their", "After", "Before", "During", "From", "Since"}


def compact_aliases(groundtruth: str, others: list[str], given: str = "") -> list[str]:
    """Concise spans of a ground truth (names, dates, amounts) that no other ground truth contains and that
    the question or the condition (`given`) does not already state; a short ground truth is its own alias."""
    gt = groundtruth.strip()
    if len(gt.split()) <= 6 and not any(norm(gt) in norm(o) for o in others):
        return [gt]
    other_norm = [norm(o) for o in others]
    given_norm = norm(given)
    out = []
    for m in _SPAN.finditer(gt):
        span = m.group(0).strip(" ,.")
        if len(span) < 2 or span.isdigit() and len(span) < 3 or span in _STARTERS or re.fullmatch(r"\d{4}", span):
            continue
        if norm(span) and re.search(rf"(?<!\w){re.escape(norm(span))}(?!\w)", given_norm):
            continue
        if any(re.search(rf"(?<!\w){re.escape(norm(span))}(?!\w)", o) for o in other_norm if norm(span)):
            continue
        out.append(span)
    return list(dict.fromkeys(out))[:5]


def _plan(conditions: list[str]) -> VariablePlan | str:
    plan = build_variables([features(c) for c in conditions])
    if not isinstance(plan, str):
        return plan
    phrases = [condition_phrase(c) for c in conditions]
    if any(len(p.split()) > MAX_CONDITION_WORDS or not p for p in phrases):
        return "conditions not reducible to a concise attribute (long conditions)"
    if len({p.lower() for p in phrases}) < len(phrases):
        return "two conditions read the same"
    var = Variable(name="condition", values=phrases, description="condition")
    return VariablePlan(variables=[var], actions=[ClarifyAction(action=ask_action("condition"),
                        reference_questions=reference_questions("condition", phrases))],
                        slots=[{"condition": p} for p in phrases])


def convert_condambigqa_records(records: Iterable[tuple[str, Any]], result: ConversionResult) -> None:
    for where, rec in records:
        result.n_records += 1
        if not isinstance(rec, dict) or not isinstance(rec.get("properties"), list) or not rec.get("question"):
            result.drop(str(rec.get("id") if isinstance(rec, dict) else "?"), "malformed record",
                        detail="expected {id, question, properties: [{condition, groundtruth, citations}]}",
                        where=where)
            continue
        rid = str(rec.get("id"))
        props = [p for p in rec["properties"] if isinstance(p, dict)]
        props = [p for p in props if str(p.get("condition") or "").strip() and str(p.get("groundtruth") or "").strip()]
        if len(props) < 2:
            result.drop(rid, "fewer than two valid conditional interpretations", where=where)
            continue
        gts = [str(p["groundtruth"]).strip() for p in props]
        aliases = [compact_aliases(g, gts[:k] + gts[k + 1:], f"{rec['question']} {props[k]['condition']}")
                   for k, g in enumerate(gts)]
        if any(not a for a in aliases):
            result.drop(rid, "no concise answer span distinguishes a condition's ground truth", where=where)
            continue
        sets = [{norm(a) for a in al} for al in aliases]
        if any(sets[i] & sets[j] for i in range(len(sets)) for j in range(i + 1, len(sets))):
            result.drop(rid, "clarification does not change the answer (conditions share an answer)", where=where)
            continue
        plan = _plan([str(p["condition"]) for p in props])
        if isinstance(plan, str):
            result.drop(rid, plan, where=where)
            continue
        intents = [Intent(intent_id=f"c{k + 1}", description=str(p["condition"]).strip(), slots=plan.slots[k],
                          answer_aliases=aliases[k], context=f"{p['condition']} {p['groundtruth']}")
                   for k, p in enumerate(props)]
        result.keep(CIG(cig_id=f"condambigqa-{rid}", prompt=str(rec["question"]).strip(), intents=intents,
                               variables=plan.variables, actions=plan.actions,
                               metadata={"source": "condambigqa", "source_id": rid}), rid, where)
