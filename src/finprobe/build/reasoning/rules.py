"""The review's decision rules (seed 002, "Problems in the original dataset" and "Checking the review
itself"), as pure functions of the records, so every decision can be re-derived and tested.

Values agree when they are within the answer contract's tolerance (`max(1% |b|, 1e-5)`), both signs
accepted where the grader accepts both (a question about a difference, change, decrease, decline or
drop); yes/no values agree when equal.

1. **Selection** (`select`): a task goes to two further blind reviewers when the first blind answer and the
   reference disagree, when FinQA's two reference fields disagree (the audit), or when the first reviewer
   found the question ambiguous or the data missing (or gave no usable record).
2. **Decision** (`check_decision`): a decision is kept only when the blind records support it —
   - `value`: at least two blind reviewers reached the new value, and it is not the reference (a reference
     that computes something other than the question asks; a model failure alone is never a reason); a
     yes/no value only for a question put as a yes/no question, a number only for one that is not;
   - `question`: at least one blind reviewer found two readings, or two reached different values, and at
     least one reached the value the rewording keeps (the reference, or the corrected value);
   - `sign_agnostic`: a blind reviewer reached the reference up to its sign, and the grader does not already
     accept both signs;
   - `skip`: at least one blind reviewer found the data missing.
   `auto_decision` is the decision the rules alone reach (no adjudicator): keep when two blind reviewers
   agree with the reference; skip when two found the data missing; a new value when two agree on one
   that is not the reference; both signs when the two readings differ only in sign; otherwise unresolved
   (a rewording needs someone to write it).
3. **Rewording check** (`rewording_outcome`): a reworded question stays only if every reviewer who saw
   only the original wording also found two readings: an `ambiguous` verdict, or a clear answer that is not
   the value the rewording keeps but another reading's value. Otherwise the original wording is restored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.reasoning.audit import classify
from finprobe.benchmarks.reasoning.contract import clean_question
from finprobe.benchmarks.reasoning.grader import ABS_FLOOR, REL_TOLERANCE, is_sign_agnostic, reference_value
from finprobe.build.reasoning.records import Adjudication, BlindRecord, Value
from finprobe.core.numbers import within_tolerance

__all__ = ["Decision", "TaskFacts", "agree", "auto_decision", "check_decision", "rewording_outcome", "select",
           "settled", "task_facts"]

SELECTION_REASONS = ("blind_disagrees", "fields_disagree", "blind_ambiguous", "blind_missing_data", "blind_missing")


class TaskFacts(BaseModel):
    """What the rules need of one original task."""

    id: str
    question: str  # as shown to the reviewers (cleaned)
    reference: Value
    reference_source: str  # executor | exe_ans
    sign_agnostic: bool  # the grader accepts both signs on the original question
    human_answer: str
    fields_disagree: str | None  # the audit's class of the human answer vs exe_ans disagreement, or None


def task_facts(data: dict[str, Any]) -> TaskFacts:
    """The facts of an original FinQA task (no correction applied)."""
    original = {k: v for k, v in data.items() if k != "correction"}
    ref, source = reference_value(original)
    qa = original["qa"]
    cls, _ = classify(qa.get("answer", ""), qa["exe_ans"])
    return TaskFacts(id=original["id"], question=clean_question(qa["question"]), reference=ref,
                     reference_source=source, sign_agnostic=is_sign_agnostic(original),
                     human_answer=qa.get("answer", ""), fields_disagree=cls)


def agree(a: Value | None, b: Value | None, sign_agnostic: bool = False) -> bool:
    """Whether two values agree under the contract's tolerance (`b` is the one the tolerance is taken of)."""
    if a is None or b is None:
        return False
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return within_tolerance(a, b, rel=REL_TOLERANCE, abs_floor=ABS_FLOOR, sign_agnostic=sign_agnostic)


Records = Mapping[str, BlindRecord]  # reviewer letter (A, B, C, ...) -> that reviewer's record of the task


def _support(value: Value, records: Records, sign_agnostic: bool) -> list[str]:
    """The letters of the reviewers who reached `value` (their answer or one of their readings)."""
    return [k for k, r in records.items() if any(agree(v, value, sign_agnostic) for v in r.values())]


# --------------------------------------------------------------------------- 1. selection
def select(facts: TaskFacts, first: BlindRecord | None) -> list[str]:
    """Why a task goes to two further blind reviewers (empty: it does not)."""
    reasons = []
    if first is None:
        reasons.append("blind_missing")
    else:
        if first.verdict == "clear" and not agree(first.answer, facts.reference, facts.sign_agnostic):
            reasons.append("blind_disagrees")
        if first.verdict == "ambiguous":
            reasons.append("blind_ambiguous")
        if first.verdict == "missing_data":
            reasons.append("blind_missing_data")
    if facts.fields_disagree is not None:
        reasons.append("fields_disagree")
    return reasons


# --------------------------------------------------------------------------- 2. decision
class Decision(BaseModel):
    """The outcome of the decision stage for one selected task."""

    kinds: list[str] = Field(default_factory=list)  # [] = unchanged
    value: Value | None = None
    question: str | None = None
    skip: str | None = None
    readings: list[dict[str, Any]] = Field(default_factory=list)
    reason: str = ""
    decided_by: str = "rules"
    decided_by_kind: str = "rules"
    status: str = "decided"  # settled | decided | unresolved | rejected
    problems: list[str] = Field(default_factory=list)  # the rules a rejected decision broke

    @classmethod
    def from_adjudication(cls, adj: Adjudication) -> Decision:
        return cls(kinds=list(adj.kinds), value=adj.value, question=adj.question, skip=adj.skip,
                   readings=[r.model_dump() for r in adj.readings], reason=adj.reason, decided_by=adj.reviewer,
                   decided_by_kind=adj.reviewer_kind)


def settled(facts: TaskFacts, records: Records) -> bool:
    """Every blind reviewer (at least three) gave a clear answer that agrees with the reference: nothing
    to decide."""
    return len(records) >= 3 and all(r.verdict == "clear" and agree(r.answer, facts.reference, facts.sign_agnostic)
                                     for r in records.values())


def check_decision(facts: TaskFacts, decision: Decision, records: Records) -> list[str]:
    """The rules (module docstring, 2.) that `decision` breaks, given the blind records; [] = it stands."""
    problems = []
    kinds = set(decision.kinds)
    sa = facts.sign_agnostic or "sign_agnostic" in kinds
    if "value" in kinds:
        assert decision.value is not None
        who = _support(decision.value, records, sa)
        if len(who) < 2:
            problems.append(f"value {decision.value} is reached by {len(who)} of {len(records)} blind reviewers "
                            "(two are needed)")
        if agree(decision.value, facts.reference, sa):
            problems.append("value equals the reference")
        # A program can compute a number for a yes/no question (seed 002, example 5: "are purchase
        # commitments greater than ...?"): the answer's type follows the question's form, not the program.
        if isinstance(decision.value, str) and not asks_yes_no(facts.question):
            problems.append("a yes/no value for a question that is not a yes/no question")
        if (not isinstance(decision.value, str) and isinstance(facts.reference, str)
                and asks_yes_no(facts.question)):
            problems.append("a numeric value for a yes/no question")
    target = decision.value if decision.value is not None else facts.reference
    if "question" in kinds:
        assert decision.question is not None
        distinct: list[Value] = []
        for r in records.values():
            if r.answer is not None and not any(agree(r.answer, d, sa) for d in distinct):
                distinct.append(r.answer)
        if not any(r.verdict == "ambiguous" for r in records.values()) and len(distinct) < 2:
            problems.append("no blind reviewer found two readings, and none reached another value")
        if not _support(target, records, sa):
            problems.append(f"no blind reviewer reached {target}, the value the rewording keeps")
        if _words(decision.question) == _words(facts.question):
            problems.append("the rewording is the original question")
    if "sign_agnostic" in kinds:
        if facts.sign_agnostic:
            problems.append("the grader already accepts both signs on this question")
        if not _support(target, records, True):
            problems.append(f"no blind reviewer reached {target} up to its sign")
    if "skip" in kinds and not any(r.verdict == "missing_data" for r in records.values()):
        problems.append("no blind reviewer found the data missing")
    return problems


_WH_WORD = re.compile(r"\b(what|how|which|when|where|who|whom|whose|why)\b")


def asks_yes_no(question: str) -> bool:
    """Whether a question is put as a yes/no question: FinQA's yes/no questions ("as of december 31, 2015,
    are purchase commitments greater than ...?") carry no wh-word; every other question does (or should:
    a typo such as "was was the total amount ..." is read as yes/no, so the check only guards a type change
    the blind reviewers already support)."""
    return not _WH_WORD.search(clean_question(question).lower())


def _words(text: str) -> list[str]:
    """A question's words, lower case, without punctuation or spacing (`2009 ?` is `2009?`)."""
    return re.findall(r"[a-z0-9]+", clean_question(text).lower())


def _first_reason(records: Records, letters: Iterable[str]) -> str:
    """`A: <A's reason>` for the first of `letters`."""
    return next((f"{k}: {records[k].reason}" for k in letters if k in records), "")


def auto_decision(facts: TaskFacts, records: Records) -> Decision:
    """The decision the rules alone reach from the blind records (module docstring, 2.)."""
    sa = facts.sign_agnostic
    missing = [k for k, r in records.items() if r.verdict == "missing_data"]
    if len(missing) >= 2:
        return Decision(kinds=["skip"], skip=records[missing[0]].reason,
                        reason=f"{len(missing)} of {len(records)} blind reviewers ({', '.join(missing)}) found "
                               "the data missing")
    clear = {k: r for k, r in records.items() if r.verdict == "clear"}
    with_ref = [k for k, r in clear.items() if agree(r.answer, facts.reference, sa)]
    if len(with_ref) >= 2:
        return Decision(status="settled" if settled(facts, records) else "decided",
                        reason=f"blind reviewers {', '.join(with_ref)} reached the reference")
    ambiguous = {k: r for k, r in records.items() if r.verdict == "ambiguous"}
    for r in clear.values():  # a value two clear reviewers agree on
        who = [k for k, o in clear.items() if agree(o.answer, r.answer, sa)]
        if len(who) >= 2 and r.answer is not None:
            flipped = not sa and not isinstance(r.answer, str) and agree(r.answer, facts.reference, True)
            if flipped and any(_support(facts.reference, {k: a}, False) and _support(r.answer, {k: a}, False)
                               for k, a in ambiguous.items()):
                return Decision(kinds=["sign_agnostic"], reason=f"the readings differ only in sign; "
                                f"{_first_reason(records, who)}")
            return Decision(kinds=["value"], value=r.answer,
                            reason=f"blind reviewers {', '.join(who)} reached {r.answer}; {_first_reason(records, who)}")
    for k, a in ambiguous.items():
        if not _support(facts.reference, {k: a}, sa):
            continue
        others = [v for v in a.values() if not agree(v, facts.reference, sa)]
        if others and not sa and all(not isinstance(v, str) and agree(v, facts.reference, True) for v in others):
            return Decision(kinds=["sign_agnostic"], reason=f"the readings differ only in sign; {k}: {a.reason}")
    return Decision(status="unresolved", reason=(
        "a reviewer found two readings: the question needs a rewording, which the rules cannot write"
        if ambiguous else "no two blind reviewers agree, with each other or with the reference"))


_SCALES = (100.0, 1000.0, 1e6)


def value_cause(facts: TaskFacts, value: Value) -> str:
    """Why a corrected value differs from the reference: `contract_scale` when it is the reference times a
    power of ten the answer contract fixes (a percentage stored as percent points, 14.5 for 0.145; an amount
    in another unit than the report's) — the format FinQA never defined (seed 002, "Format of the answer");
    `yes_no` when the answer's type changes; else `computation`: the stored program computes something
    other than the question asks (seed 002, "Wrong reference answers")."""
    ref = facts.reference
    if isinstance(value, str) or isinstance(ref, str):
        return "yes_no"
    if ref and value:
        ratio = abs(value / ref)
        if any(abs(ratio / f - 1) <= REL_TOLERANCE or abs(ratio * f - 1) <= REL_TOLERANCE for f in _SCALES):
            return "contract_scale"
    return "computation"


# --------------------------------------------------------------------------- 3. rewording check
def rewording_outcome(facts: TaskFacts, decision: Decision, blind: Records,
                      checks: Records) -> tuple[str, str]:
    """(`kept` | `restored` | `pending`, why) for a decision with a rewording, from the records of the
    reviewers who saw only the original wording."""
    if not checks:
        return "pending", "no reviewer of the original wording yet"
    sa = facts.sign_agnostic or "sign_agnostic" in decision.kinds
    target = decision.value if decision.value is not None else facts.reference
    alternatives = [v for r in blind.values() for v in r.values() if not agree(v, target, sa)]
    alternatives += [x["answer"] for x in decision.readings
                     if x.get("answer") is not None and not agree(x["answer"], target, sa)]
    why = []
    for k, r in checks.items():
        if r.verdict == "ambiguous":
            why.append(f"{k} found two readings")
            continue
        if r.verdict == "clear" and not agree(r.answer, target, sa) and any(agree(r.answer, v, sa) for v in alternatives):
            why.append(f"{k} reached the other reading ({r.answer})")
            continue
        return "restored", f"{k} found one clear reading of the original wording ({r.verdict}, {r.answer})"
    return "kept", "; ".join(why)


def blind_answers(records: Mapping[str, BlindRecord]) -> dict[str, Value | None]:
    """Reviewer letter -> answer, for the overlay's provenance."""
    return {k: r.answer for k, r in records.items()}
