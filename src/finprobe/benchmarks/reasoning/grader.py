"""Deterministic grading of a reply under the answer contract (DESIGN §3).

Steps, in order; the first that applies decides the failure reason:
  loop           the reply ends in a repeated block of text (the generation looped)
  truncated      the backend stopped on its length limit (finish_reason "length")
  no_answer_line no `ANSWER:` in the reply
  unparseable    the answer line holds no number (numeric task) or no yes/no (yes/no task)
  sign_flip      the negated reference would have passed (sign-sensitive tasks only)
  off_by_100 / off_by_1000 / off_by_1e6   the value is the reference times or divided by that factor
  wrong          anything else
The answer is the text after the LAST `ANSWER:` (case-insensitive): the rest of that line, or the next
non-empty line when that line is empty. Its first financial number is read in the contract's unit:
`14.5%` is 0.145 and `(12.5)` is -12.5, but scale words are not applied (`5.2 million` reads 5.2, as the
seed's reader does: the contract fixes the unit, the grader never tries other scales). A number that
carried a scale word is flagged in the details (`scale_word`).
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any

from finprobe.benchmarks.reasoning.contract import task_question
from finprobe.benchmarks.reasoning.dsl import ProgramError, Value, execute, matches_exe_ans
from finprobe.core.numbers import find_numbers, parse_yes_no, within_tolerance
from finprobe.core.schema import Score

SCORER_VERSION = "reasoning-1"
REL_TOLERANCE = 0.01
ABS_FLOOR = 1e-5

FAILURE_REASONS = ("no_answer_line", "unparseable", "truncated", "loop", "off_by_100", "off_by_1000",
                   "off_by_1e6", "sign_flip", "wrong")

_LEADING_DOT_RE = re.compile(r"(?<![\w.])\.(?=\d)")
_ANSWER_RE = re.compile(r"answer\**\s*:", re.IGNORECASE)
# Questions about a difference or a decrease do not fix the sign (DESIGN §3).
_SIGN_AGNOSTIC_RE = re.compile(
    r"\b(differences?|change[sd]?|decreas(?:e|es|ed|ing)|declin(?:e|es|ed|ing)|drop(?:s|ped|ping)?)\b",
    re.IGNORECASE,
)


# --------------------------------------------------------------------------- reference value
def reference_value(data: dict[str, Any]) -> tuple[Value, str]:
    """The value a reply is graded against, and where it came from.

    `correction` (an overlay value) wins; else the executor's exact result when it reproduces `exe_ans`
    after 5-decimal rounding (`executor`: keeps precision FinQA's rounding lost, e.g. 9.7e-06 vs 1e-05);
    else the stored `exe_ans` (`exe_ans`).
    """
    corr = data.get("correction") or {}
    if corr.get("value") is not None:
        return corr["value"], "correction"
    qa = data["qa"]
    exe_ans = qa["exe_ans"]
    try:
        result = execute(qa["program"], data.get("table") or [])
    except ProgramError:
        return exe_ans, "exe_ans"
    if matches_exe_ans(result, exe_ans):
        return result, "executor"
    return exe_ans, "exe_ans"


def original_task(data: dict[str, Any]) -> dict[str, Any]:
    """The task as FinQA wrote it: `data` without the overlay's correction."""
    return {k: v for k, v in data.items() if k != "correction"}


def is_sign_agnostic(data: dict[str, Any]) -> bool:
    """Sign-agnostic when the question asks for a difference/change/decrease/decline/drop, or the overlay says so."""
    corr = data.get("correction") or {}
    if corr.get("sign_agnostic") is not None:
        return bool(corr["sign_agnostic"])
    return bool(_SIGN_AGNOSTIC_RE.search(task_question(data)))


def format_contract_value(value: Value) -> str:
    """A reference value written as the contract asks: plain decimal (never exponent notation) or yes/no."""
    if isinstance(value, str):
        return value
    if not math.isfinite(value):
        raise ValueError("not a finite number")
    text = format(Decimal(repr(float(value))), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


# --------------------------------------------------------------------------- reply analysis
def detect_loop(text: str, *, min_repeats: int = 4, min_span: int = 200, max_period: int = 400,
                tail: int = 4000) -> bool:
    """Whether the reply ends in a block repeated at least `min_repeats` times over `min_span`+ chars.

    For each period p, the longest suffix with period p is found by binary search with slice compares
    (periodicity of suffixes is monotone in length), so the cost is bounded for any input.
    """
    t = text[-tail:].rstrip()
    n = len(t)
    for p in range(1, max_period + 1):
        if min_repeats * p > n:
            break
        lo, hi = p, n
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if t[n - mid:n - p] == t[n - mid + p:]:
                lo = mid
            else:
                hi = mid - 1
        if lo >= min_repeats * p and lo >= min_span:
            return True
    return False


def answer_text(output: str) -> str | None:
    """The text after the last `ANSWER:`: the rest of its line, or the next non-empty line. None if absent."""
    last = None
    for last in _ANSWER_RE.finditer(output):  # noqa: B007 - the loop keeps the last match
        pass
    if last is None:
        return None
    lines = output[last.end():].split("\n")
    for line in lines:
        if line.strip(" \t\r*`_"):
            return line.strip()
    return ""


def contract_number(text: str) -> tuple[float, dict[str, Any]] | None:
    """The first financial number in `text`, in the contract's unit (percent applied, scale word not)."""
    # Write a bare leading-dot decimal with its zero (".6%" -> "0.6%", "-.145" -> "-0.145"): FinQA's human
    # answers and models use that form, and the shared parser does not read it as a decimal.
    # The first number as written: `parse_number` skips year-like integers and labels (a rule for prose
    # answers), but under the contract the line starts with the answer, and 1950 may be the answer.
    found = find_numbers(_LEADING_DOT_RE.sub("0.", text))
    if not found:
        return None
    parsed = found[0]
    value = float(parsed.value)
    info: dict[str, Any] = {"raw": parsed.raw}
    scale = getattr(parsed, "scale", None)
    if isinstance(scale, (int, float)) and not isinstance(scale, bool) and scale not in (0, 1):
        value = value / scale
        info["scale_word"] = scale
    return value, info


def _classify_miss(actual: float, expected: float, sign_agnostic: bool) -> str:
    if not sign_agnostic and expected != 0 and within_tolerance(actual, -expected, rel=REL_TOLERANCE,
                                                                 abs_floor=ABS_FLOOR):
        return "sign_flip"
    if expected != 0:
        for factor, reason in ((100.0, "off_by_100"), (1000.0, "off_by_1000"), (1e6, "off_by_1e6")):
            for a, e in ((actual, expected * factor), (actual * factor, expected)):
                # scale diagnosis ignores the sign: a ×100 error is the more useful label
                if within_tolerance(a, e, rel=REL_TOLERANCE, abs_floor=ABS_FLOOR, sign_agnostic=True):
                    return reason
    return "wrong"


def grade(data: dict[str, Any], output: str | None, finish_reason: str | None = None) -> Score:
    """Grade one reply to the task in `data` (a FinQA record dump, maybe with a `correction`)."""
    expected, source = reference_value(data)
    sign_agnostic = is_sign_agnostic(data)
    details: dict[str, Any] = {
        "expected": expected,
        "reference_source": source,
        "sign_agnostic": sign_agnostic,
        "question_type": "yes_no" if isinstance(expected, str) else "numeric",
        "finish_reason": finish_reason,
        "extracted": None,
    }

    def fail(reason: str) -> Score:
        return Score(value=0.0, passed=False, reason=reason, details=details, scorer_version=SCORER_VERSION)

    text = output or ""
    if text and detect_loop(text):
        return fail("loop")
    if finish_reason == "length":
        return fail("truncated")
    answer = answer_text(text)
    if answer is None:
        return fail("no_answer_line")
    details["answer_text"] = answer[:200]

    if isinstance(expected, str):
        said = parse_yes_no(answer)
        if said is None:
            return fail("unparseable")
        details["extracted"] = "yes" if said else "no"
        if details["extracted"] == expected:
            return Score(value=1.0, passed=True, details=details, scorer_version=SCORER_VERSION)
        return fail("wrong")

    read = contract_number(answer)
    if read is None:
        return fail("unparseable")
    actual, info = read
    details["extracted"] = actual
    details.update(info)
    exp = float(expected)
    if within_tolerance(actual, exp, rel=REL_TOLERANCE, abs_floor=ABS_FLOOR, sign_agnostic=sign_agnostic):
        return Score(value=1.0, passed=True, details=details, scorer_version=SCORER_VERSION)
    return fail(_classify_miss(actual, exp, sign_agnostic))
