"""Grading a FinInteract final answer: deterministic and magnitude-aware, with an optional LLM judge.

Deterministic grading (`grade_answer`, DESIGN §2): the answer's value text is compared with the intended
answer A and, separately, with the default answer A_d by `finprobe.core.numbers.magnitude_match`: both
sides' scale words applied, 1% band and equality at the coarser stated precision, comparison figures
("vs.", "同比") are context, two different candidate values are a hedge (wrong), no candidate value is
"no answer" (the non-committal flag), and a fiscal-year mismatch is wrong: the years the answer states
are checked against the years of the reading's own period (its `period` field) as well as those the
reference text states.

- correct          = the answer matches A;
- default_captured = the answer matches A_d and not A.

LLM judge (role `judge`, optional): asked for {"verdict_intended": correct|incorrect,
"verdict_default": correct|incorrect}; a reply that does not parse (after one retry) or a failed judge
call leaves the instance unscored by the judge, with the reason — never "wrong". The verdict is stored
in the transcript (`info["judge"]`), so re-scoring needs no model call.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance, Interpretation
from finprobe.core.benchmark import RoleModel
from finprobe.core.judge import judge_json
from finprobe.core.numbers import extract_years, magnitude_match
from finprobe.core.schema import Message

__all__ = ["Grade", "JUDGE_FIELDS", "grade_answer", "judge_messages", "run_judge"]

JUDGE_FIELDS: dict[str, list[Any]] = {"verdict_intended": ["correct", "incorrect"],
                                      "verdict_default": ["correct", "incorrect"]}


class Grade(BaseModel):
    """The deterministic verdicts on one final answer (None values: nothing to grade)."""

    answered: bool  # the episode ended with an accepted answer action
    verdict_intended: str  # magnitude_match verdict vs A: match | mismatch | no_answer | hedge | year_mismatch
    verdict_default: str | None  # the same vs A_d (None when the instance has no A_d)
    correct: bool
    default_captured: bool
    #: the answer was given but states no value ("please specify the period")
    non_committal: bool
    candidate: float | None = None
    reason_intended: str = ""
    reason_default: str = ""


def _period_years(interp: Interpretation) -> set[int]:
    period = interp.get("period")
    return extract_years(period) if period else set()


def grade_answer(instance: AmbiguityInstance, answer: str | None, *, answered: bool = True) -> Grade:
    """Grade `answer` (the answer action's value) against A and A_d. Deterministic; never raises."""
    if not answered or answer is None:
        return Grade(answered=False, verdict_intended="no_answer",
                     verdict_default=None if instance.default_answer is None else "no_answer",
                     correct=False, default_captured=False, non_committal=False,
                     reason_intended="no final answer")
    vs_a = magnitude_match(answer, instance.answer, reference_years=_period_years(instance.intended_interpretation))
    vs_d = None
    if instance.default_answer is not None:
        vs_d = magnitude_match(answer, instance.default_answer,
                               reference_years=_period_years(instance.default_interpretation))
    correct = vs_a.verdict == "match"
    default_captured = vs_d is not None and vs_d.verdict == "match" and not correct
    return Grade(
        answered=True, verdict_intended=vs_a.verdict, verdict_default=None if vs_d is None else vs_d.verdict,
        correct=correct, default_captured=default_captured, non_committal=vs_a.verdict == "no_answer",
        candidate=vs_a.candidate, reason_intended=vs_a.reason, reason_default="" if vs_d is None else vs_d.reason,
    )


# --------------------------------------------------------------------------- LLM judge
_JUDGE_SYSTEM = (
    "You grade a financial answer. Tolerance: +/-1% on the value after applying units and scale words "
    "(million, B, 亿, 万); currency notation may differ; a different fiscal year is incorrect; an answer "
    "giving two different values, or no value, is incorrect. Reply with one JSON object: "
    '{"verdict_intended": "correct"|"incorrect", "verdict_default": "correct"|"incorrect"}.'
)


def _reading(interp: Interpretation) -> str:
    return "; ".join(f"{k}: {v}" for k, v in interp.values().items()) or "-"


def judge_messages(instance: AmbiguityInstance, answer: str) -> list[Message]:
    """The judge's prompt: the question, both readings with their answers, and the answer to grade."""
    user = (
        f"Question: {instance.question}\n"
        f"Intended reading ({_reading(instance.intended_interpretation)}): {instance.answer}\n"
        f"Default reading ({_reading(instance.default_interpretation)}): {instance.default_answer or '-'}\n"
        f"Answer to grade: {answer}\n"
        "Is the answer correct for the intended reading? For the default reading?"
    )
    return [Message(role="system", content=_JUDGE_SYSTEM), Message(role="user", content=user)]


async def run_judge(model: RoleModel, instance: AmbiguityInstance, answer: str | None) -> dict[str, Any]:
    """Run the LLM judge on a final answer; the dict stored as `transcript.info["judge"]`.

    `ok` False: unscored by the judge (`reason` says why: no final answer, unparseable reply, failed call).
    """
    if answer is None:
        return {"ok": False, "reason": "no final answer to judge", "verdict_intended": None,
                "verdict_default": None, "raw": []}
    verdict = await judge_json(model, judge_messages(instance, answer), JUDGE_FIELDS)
    if not verdict.ok:
        return {"ok": False, "reason": verdict.reason, "verdict_intended": None, "verdict_default": None,
                "raw": verdict.raw}
    return {"ok": True, "reason": None, "raw": verdict.raw,
            "verdict_intended": verdict.data["verdict_intended"] == "correct",
            "verdict_default": verdict.data["verdict_default"] == "correct"}
