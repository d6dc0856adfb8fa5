"""The adversarial verifier: can Q be answered the intended way *without* the context C?

N trials (default 10; e.g. two verifier models × 5) each answer Q alone and state the interpretation they
assumed. An instance is rejected when at least 2 trials both give A — graded by the family's own
financial grading (`grade_answer`: magnitude-aware, 1% band, coarser precision, hedges wrong) — and
state the intended interpretation. Both conditions are needed: a lucky value under the default reading is
not a leak, nor is the intended reading with a wrong value.

"States the intended interpretation" is decided field by field (`compare_interpretation`), never by
shared substrings: on every field where the intended and default readings differ, the trial's value must
side with the intended one. Period fields are compared as periods (years, period type, quarter, fiscal vs.
calendar: `parse_period`); other fields by their financial concepts ("attributable to shareholders" =
"归母", "adjusted" = "non-GAAP") and distinguishing words, with negated phrases ("not the segment")
left out and the company's own name ignored.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._text import is_decisive, polar_tokens
from finprobe.benchmarks.ambiguity.doctor import PeriodLabel, parse_period
from finprobe.benchmarks.ambiguity.grading import grade_answer
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.core.actions import first_json_object
from finprobe.core.schema import Message

__all__ = [
    "FieldSide",
    "InterpretationMatch",
    "TrialOutcome",
    "VERIFIER_FIELDS",
    "VERIFIER_SCHEMA",
    "VerifierDecision",
    "assess_trial",
    "compare_interpretation",
    "decide",
    "parse_verifier_reply",
    "verifier_messages",
]

VERIFIER_FIELDS = ("entity", "period", "metric", "basis", "vintage")

VERIFIER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "answer": {"type": "string"},
        "interpretation": {
            "type": "object",
            "properties": {f: {"type": "string"} for f in VERIFIER_FIELDS},
            "required": list(VERIFIER_FIELDS),
            "additionalProperties": False,
        },
    },
    "required": ["answer", "interpretation"],
    "additionalProperties": False,
}

_SYSTEM = {
    "en": ("You answer financial questions about public companies. You have no documents: answer from what you "
           "know, and if you are unsure give your best estimate as one value. Then state the interpretation of "
           "the question you assumed: the reporting entity (e.g. consolidated group, a segment, attributable to "
           "shareholders), the period, the metric and its definition, the recognition basis, and the filing "
           "version (as originally reported or restated); write \"\" for a field you did not consider. Reply "
           'with one JSON object: {"answer": "...", "interpretation": {"entity": "...", "period": "...", '
           '"metric": "...", "basis": "...", "vintage": "..."}}.'),
    "zh": ("你回答关于上市公司的财务问题。你没有任何资料：请凭你所知作答，不确定时也给出一个最可能的数值。"
           "然后说明你对问题的理解："
           "报告主体（如合并口径、某个分部、归属于母公司股东）、期间、指标及其定义、确认基础、披露版本（原披露或追溯调整后）；"
           '没有考虑的字段写 ""。只回复一个 JSON 对象：{"answer": "...", "interpretation": {"entity": "...", '
           '"period": "...", "metric": "...", "basis": "...", "vintage": "..."}}。'),
}


def verifier_messages(question: str, language: str) -> list[Message]:
    """The verifier's prompt: Q alone (never C, never the passage)."""
    return [Message(role="system", content=_SYSTEM["zh" if language == "zh" else "en"]),
            Message(role="user", content=question)]


# --------------------------------------------------------------------------- parsing


class VerifierReply(BaseModel):
    answer: str
    interpretation: dict[str, str] = Field(default_factory=dict)


def parse_verifier_reply(text: str) -> VerifierReply:
    """The trial's answer and stated interpretation; ValueError when the reply holds neither."""
    obj = first_json_object(text or "")
    if obj is None:
        raise ValueError("no JSON object in the verifier's reply")
    answer = obj.get("answer")
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        answer = str(answer)
    if not isinstance(answer, str):
        raise ValueError("the verifier's reply has no 'answer' string")
    interp = obj.get("interpretation")
    if not isinstance(interp, dict):
        raise ValueError("the verifier's reply has no 'interpretation' object")
    fields = {str(k): str(v) for k, v in interp.items() if isinstance(v, (str, int, float)) and str(v).strip()}
    return VerifierReply(answer=answer, interpretation=fields)


# --------------------------------------------------------------------------- field-by-field comparison
Side = Literal["intended", "default", "neither", "unstated", "conflict", "shared"]
_ALIASES = {"@adjusted": "@nongaap"}


class FieldSide(BaseModel):
    field: str
    side: Side
    why: str = ""


class InterpretationMatch(BaseModel):
    """How a stated interpretation lines up with the instance's two readings, field by field."""

    fields: list[FieldSide]
    #: every field on which the readings differ sides with the intended one, and no shared field conflicts
    aligned: bool


def _name_words(company: str | None) -> set[str]:
    return set(polar_tokens(company).plain) if company else set()


def _tokens(text: str, ignore: set[str]) -> set[str]:
    return {_ALIASES.get(t, t) for t in polar_tokens(text).plain} - ignore


def _side_text(stated: str, intended: str, default: str, ignore: set[str]) -> tuple[Side, str]:
    """Which reading a stated entity/metric/basis/vintage sides with, by the tokens that tell the two apart:
    a decisive financial concept ("@nongaap", "@attrib_parent", "@restated") weighs 2, a plain word 1, a
    concept that names a kind of reading but not which one ("segment") nothing. When one reading is a part
    of the other ("at a point in time" vs. "point in time and over time combined"), naming the part's
    concepts without the whole's extra terms sides with the part."""
    t, i, d = _tokens(stated, ignore), _tokens(intended, ignore), _tokens(default, ignore)
    # what the statement excludes ("net of pass-through charges", "excluding minority interests")
    t_out = {_ALIASES.get(x, x) for x in polar_tokens(stated).negated} - ignore
    i_only, d_only = i - d, d - i
    if not t and not t_out:
        return "unstated", "nothing stated"

    def score(hits: set[str]) -> int:
        return sum((2 if is_decisive(h) else 0) if h.startswith("@") else 1 for h in hits)

    # excluding what only the other reading includes is siding with this one
    si, sd = score(t & i_only) + score(t_out & d_only), score(t & d_only) + score(t_out & i_only)
    if si > sd:
        return "intended", f"names {sorted(t & i_only)}"
    if sd > si:
        return "default", f"names {sorted(t & d_only)}"
    if not si:
        for side, mine, others in (("intended", i, d_only), ("default", d, i_only)):
            concepts = {x for x in mine if is_decisive(x)}
            if others and not (t & others) and concepts and concepts <= t:
                return side, f"names {sorted(concepts)} without {sorted(others)}"  # type: ignore[return-value]
    return "neither", "names neither reading's distinguishing terms" if not si else "names both readings"


def _period_parts(p: PeriodLabel) -> dict[str, Any]:
    quarter = p.quarter
    if quarter is None and p.kind == "quarter" and p.dates:  # "three months ended December 31, 2023"
        month = int(max(p.dates)[5:7])
        quarter = month // 3 if month % 3 == 0 else None
    return {"years": p.years or None, "kind": p.kind if p.kind_stated else None, "quarter": quarter,
            "fiscal": p.fiscal}


def _agrees(part: str, stated: Any, reading: Any) -> bool:
    if part == "years":
        return bool(stated & reading) and stated <= reading
    return bool(stated == reading)


def _side_period(stated: str, intended: str, default: str) -> tuple[Side, str]:
    """Which reading's period a stated period is: compared part by part (years, period type, quarter,
    fiscal vs. calendar). The parts the intended reading pins down differently from the default must all
    be stated and agree; a stated part that contradicts the intended reading rules it out."""
    t, i, d = (_period_parts(parse_period(x)) for x in (stated, intended, default))
    if not any(v is not None for v in t.values()):
        return "unstated", "no period stated"
    differing = [k for k in i if i[k] is not None and i[k] != d[k]]
    if not differing:  # the readings differ only in how they are written ("FY2023" vs "fiscal year 2023")
        return "neither", "the readings' periods are not told apart"
    against_i = [k for k in i if i[k] is not None and t[k] is not None and not _agrees(k, t[k], i[k])]
    if not against_i and all(t[k] is not None for k in differing):
        return "intended", f"matches the intended {', '.join(differing)}"
    against_d = [k for k in d if d[k] is not None and t[k] is not None and not _agrees(k, t[k], d[k])]
    if against_i and not against_d and any(t[k] is not None for k in d if d[k] is not None):
        return "default", f"contradicts the intended {', '.join(against_i)} and fits the default"
    if against_i:
        return "neither", f"contradicts the intended {', '.join(against_i)}"
    return "neither", f"does not state the {', '.join(k for k in differing if t[k] is None)}"


def compare_interpretation(stated: dict[str, str], instance: AmbiguityInstance) -> InterpretationMatch:
    """Field by field: on each field where the intended and default readings differ, which one the stated
    value sides with; on a shared period, whether the stated years conflict with it."""
    iv, dv = instance.intended_interpretation.values(), instance.default_interpretation.values()
    ignore = _name_words(instance.company)
    out: list[FieldSide] = []
    for field in dict.fromkeys([*iv, *dv]):
        i, d, t = iv.get(field, ""), dv.get(field, ""), stated.get(field, "")
        differ = " ".join(i.lower().split()) != " ".join(d.lower().split())
        if not differ:
            if field == "period" and t and i:
                ty, iy = parse_period(t).years, parse_period(i).years
                if ty and iy and not ty & iy:
                    why = f"states {sorted(ty)}, reading {sorted(iy)}"
                    out.append(FieldSide(field=field, side="conflict", why=why))
                    continue
            out.append(FieldSide(field=field, side="shared"))
            continue
        if not t:
            out.append(FieldSide(field=field, side="unstated", why="nothing stated"))
            continue
        side, why = _side_period(t, i, d) if field == "period" else _side_text(t, i, d, ignore)
        out.append(FieldSide(field=field, side=side, why=why))
    distinctive = [f for f in out if f.side not in ("shared", "conflict")]
    aligned = bool(distinctive) and all(f.side == "intended" for f in distinctive) and \
        not any(f.side == "conflict" for f in out)
    return InterpretationMatch(fields=out, aligned=aligned)


# --------------------------------------------------------------------------- trials and the decision
class TrialOutcome(BaseModel):
    trial: int
    role: str
    parsed: bool
    answer: str | None = None
    gives_answer: bool = False  # graded a match for A
    gives_default: bool = False
    states_intended: bool = False
    fields: list[FieldSide] = Field(default_factory=list)
    reason: str = ""

    @property
    def leak(self) -> bool:
        return self.gives_answer and self.states_intended


def assess_trial(instance: AmbiguityInstance, reply_text: str, *, trial: int, role: str) -> TrialOutcome:
    try:
        reply = parse_verifier_reply(reply_text)
    except ValueError as exc:
        return TrialOutcome(trial=trial, role=role, parsed=False, reason=str(exc))
    grade = grade_answer(instance, reply.answer)
    match = compare_interpretation(reply.interpretation, instance)
    return TrialOutcome(trial=trial, role=role, parsed=True, answer=reply.answer, gives_answer=grade.correct,
                        gives_default=grade.default_captured, states_intended=match.aligned, fields=match.fields,
                        reason=grade.reason_intended)


class VerifierDecision(BaseModel):
    rejected: bool
    reason: str
    n_trials: int
    n_parsed: int
    n_gives_answer: int
    n_states_intended: int
    n_leaks: int  # both at once


#: a verifier whose replies mostly do not parse has not tested the instance
MAX_UNPARSED_SHARE = 0.5


def decide(outcomes: list[TrialOutcome], *, min_leaks: int = 2) -> VerifierDecision:
    """Reject when at least `min_leaks` trials give A *and* state the intended interpretation; also reject
    (as untested) when more than half the trials' replies did not parse."""
    parsed = [o for o in outcomes if o.parsed]
    leaks = [o for o in parsed if o.leak]
    n = len(outcomes)
    base = dict(n_trials=n, n_parsed=len(parsed), n_gives_answer=sum(o.gives_answer for o in parsed),
                n_states_intended=sum(o.states_intended for o in parsed), n_leaks=len(leaks))
    if len(leaks) >= min_leaks:
        return VerifierDecision(rejected=True, reason=f"answerable without C: {len(leaks)} of {n} trials gave A "
                                f"with the intended interpretation", **base)
    if n and (n - len(parsed)) / n > MAX_UNPARSED_SHARE:
        return VerifierDecision(rejected=True, reason=f"verifier untested: {n - len(parsed)} of {n} replies "
                                "did not parse", **base)
    return VerifierDecision(rejected=False, reason=f"{len(leaks)} of {n} trials leaked (< {min_leaks})", **base)
