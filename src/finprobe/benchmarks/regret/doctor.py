"""CIG defects (issue 9: `finprobe doctor regret --data CIGS`).

Kinds: `no_alias` (an intent with no answer alias: it can never be selected), `inseparable` (two intents
that no variable separates: no clarification can tell them apart), `single_value` (a variable with one value:
its ask carries no information), `reference_maps_elsewhere` (a reference question the mapper maps to another
variable or to unsupported: the planner's own questions would be misread), `alias_matches_elsewhere` (answering
with an intent's first alias does not select that intent: the planner's own answers would be misread),
`shared_alias` (an alias of two intents: an answer naming it is a hedge), `control` (one intent: no
clarification needed; informational); and what a careful reader rejects (`quality`, issue 26):
`fragment_alias`, `concatenated_value`, `swapped_slots`, `misaligned_slot`, `mistyped_variable`,
`self_revealing_slot`."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG
from finprobe.benchmarks.regret.mapper import ActionMapper
from finprobe.benchmarks.regret.matching import match_intent
from finprobe.benchmarks.regret.planner import answer_text
from finprobe.benchmarks.regret.quality import quality_findings

__all__ = ["CIGFinding", "doctor"]


class CIGFinding(BaseModel):
    id: str
    kind: str
    detail: str


def doctor(cigs: Iterable[CIG], mapper: ActionMapper | None = None) -> list[CIGFinding]:
    """Every defect of every CIG (`id` is the cig_id)."""
    mapper = mapper or ActionMapper("lexical")
    out: list[CIGFinding] = []
    for cig in cigs:
        cid = cig.cig_id
        if cig.is_control:
            out.append(CIGFinding(id=cid, kind="control", detail="one intent: no clarification needed"))
        for intent in cig.intents:
            if not intent.answer_aliases:
                out.append(CIGFinding(id=cid, kind="no_alias",
                                      detail=f"intent {intent.intent_id!r} has no answer alias"))
            elif not cig.is_control:
                match = match_intent(answer_text(intent), cig)
                if match.intent_id != intent.intent_id:
                    out.append(CIGFinding(id=cid, kind="alias_matches_elsewhere",
                                          detail=f"intent {intent.intent_id!r}: answering {answer_text(intent)!r} "
                                                 f"selects {match.intent_id!r} ({match.method})"))
        for i, a in enumerate(cig.intents):
            for b in cig.intents[i + 1:]:
                if all(a.slots[v.name] == b.slots[v.name] for v in cig.variables):
                    out.append(CIGFinding(id=cid, kind="inseparable",
                                          detail=f"intents {a.intent_id!r} and {b.intent_id!r} have the same value "
                                                 "for every variable"))
                shared = {norm(x) for x in a.answer_aliases} & {norm(x) for x in b.answer_aliases}
                if shared:
                    out.append(CIGFinding(id=cid, kind="shared_alias",
                                          detail=f"intents {a.intent_id!r} and {b.intent_id!r} share alias(es) "
                                                 f"{sorted(shared)}"))
        for var in cig.variables:
            used = {i.slots[var.name] for i in cig.intents}
            if len(var.values) < 2 or len(used) < 2:
                out.append(CIGFinding(id=cid, kind="single_value",
                                      detail=f"variable {var.name!r} takes one value over the intents "
                                             f"({sorted(used)})"))
        out += [CIGFinding(id=cid, kind=f.kind, detail=f.detail) for f in quality_findings(cig)]
        for action in cig.actions:
            for q in action.reference_questions:
                m = mapper.map(q, cig)
                if m.variable != action.variable:
                    out.append(CIGFinding(id=cid, kind="reference_maps_elsewhere",
                                          detail=f"{action.action} reference question {q!r} maps to {m.action} "
                                                 f"({m.method}, {m.confidence:.2f}"
                                                 f"{', ' + m.reason if m.reason else ''})"))
    return out
