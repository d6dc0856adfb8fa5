"""Audit of a FinQA file: where the human `answer` and the program's `exe_ans` disagree, and how.

Both sides are read under the contract (`14.5%` is 0.145; scale words are not applied). They agree when
they are within the grading tolerance (1% relative). A disagreement gets the first class that fits:
  empty          the human answer is empty
  unparseable    the human answer holds no number (or no yes/no for a yes/no task)
  sign           the human answer is the negated program result
  rounding       the human answer is the program result rounded (or cut) at the human's stated precision
  percent_scale  one side is the other times 100 (`14.5` vs 0.145), at either precision, either sign
  power_of_ten   one side is the other times another power of ten (10^1, 10^3 ... 10^9)
  genuine        anything else (a different number, or the other yes/no)
The audit also re-executes every program and counts those that reproduce `exe_ans`.

FinQA's two fields cannot show a reference that both get wrong, an ambiguous question or missing data;
the corrections overlay (from the blind review, `finprobe build reasoning`) can: `review_audit` reports its
findings by kind next to the field comparison.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.reasoning.dsl import ProgramError, execute, matches_exe_ans
from finprobe.benchmarks.reasoning.grader import ABS_FLOOR, REL_TOLERANCE, contract_number
from finprobe.core.numbers import parse_yes_no, within_tolerance
from finprobe.core.schema import Sample

CLASSES = ("percent_scale", "rounding", "sign", "power_of_ten", "genuine", "empty", "unparseable")
_DIGITS_RE = re.compile(r"\d[\d,]*(?:\.(\d+))?|\.(\d+)")


class Disagreement(BaseModel):
    id: str
    cls: str
    answer: str
    exe_ans: float | str
    human_value: float | str | None = None
    question: str


class AuditResult(BaseModel):
    """JSON-able audit summary (`model_dump(mode='json')`)."""

    total: int
    executor_matches: int
    executor_mismatches: list[str] = Field(default_factory=list)  # ids whose program does not give exe_ans
    agreements: int
    disagreements: list[Disagreement] = Field(default_factory=list)
    by_class: dict[str, int] = Field(default_factory=dict)


def _decimals(raw: str) -> int:
    m = _DIGITS_RE.search(raw)
    if not m:
        return 0
    frac = m.group(1) or m.group(2) or ""
    return len(frac)


def _close(a: float, b: float) -> bool:
    return within_tolerance(a, b, rel=REL_TOLERANCE, abs_floor=ABS_FLOOR)


def _rounds_to(human: float, exact: float, raw: str) -> bool:
    """Whether `human` is `exact` rounded or cut to the digits the human wrote (in the human's unit)."""
    unit = 100.0 if "%" in raw else 1.0
    step = 10.0 ** -_decimals(raw)
    return abs(human * unit - exact * unit) < step * (1 + 1e-9)


def classify(answer: str, exe_ans: float | str) -> tuple[str | None, float | str | None]:
    """(class, human value): class is None when the two agree."""
    text = answer.strip()
    if not text:
        return "empty", None
    if isinstance(exe_ans, str):
        said = parse_yes_no(text)
        if said is None:
            return "unparseable", None
        value = "yes" if said else "no"
        return (None if value == exe_ans else "genuine"), value
    read = contract_number(text)
    if read is None:
        return "unparseable", None
    h, info = read
    e = float(exe_ans)
    raw = str(info.get("raw") or text)
    if _close(h, e):
        return None, h
    if e != 0 and (_close(h, -e) or _rounds_to(h, -e, raw)) and not _rounds_to(h, e, raw):
        return "sign", h
    if _rounds_to(h, e, raw):
        return "rounding", h
    for k, cls in [(2, "percent_scale")] + [(k, "power_of_ten") for k in (1, 3, 4, 5, 6, 7, 8, 9)]:
        f = 10.0 ** k
        for hh, ee in ((abs(h), abs(e) * f), (abs(h) * f, abs(e))):
            if ee != 0 and (_close(hh, ee) or _rounds_to(hh, ee, raw if hh == abs(h) else "")):
                return cls, h
    return "genuine", h


def audit(samples: list[Sample]) -> AuditResult:
    """Audit loaded FinQA samples (`data` = record dumps). Ignores corrections: it audits the source data."""
    matches, mismatches, agreements = 0, [], 0
    found: list[Disagreement] = []
    for s in samples:
        qa: dict[str, Any] = s.data["qa"]
        try:
            ok = matches_exe_ans(execute(qa["program"], s.data.get("table") or []), qa["exe_ans"])
        except ProgramError:
            ok = False
        if ok:
            matches += 1
        else:
            mismatches.append(s.id)
        cls, human = classify(qa.get("answer", ""), qa["exe_ans"])
        if cls is None:
            agreements += 1
        else:
            found.append(Disagreement(id=s.id, cls=cls, answer=qa.get("answer", ""), exe_ans=qa["exe_ans"],
                                      human_value=human, question=qa["question"][:300]))
    counts = Counter(d.cls for d in found)
    return AuditResult(total=len(samples), executor_matches=matches, executor_mismatches=mismatches,
                       agreements=agreements, disagreements=found,
                       by_class={c: counts.get(c, 0) for c in CLASSES})


def review_audit(samples: list[Sample], result: AuditResult, overlay: Any) -> dict[str, Any]:
    """What the corrections overlay (and the review behind it) finds beyond FinQA's two fields: its entries
    by kind, how they fall on the tasks whose fields disagree and on those whose fields agree (a wrong
    reference both fields share, an ambiguous question, missing data: invisible to the field comparison),
    and the review's funnel when the overlay ships one (`review/<split>/funnel.json` next to it)."""
    from pathlib import Path

    from finprobe.benchmarks.reasoning.corrections import KINDS, overlay_key

    if overlay is None:
        return {"version": None}
    key_of = {s.id: overlay_key(s, overlay) for s in samples}  # a renamed copy's null ids read as the overlay's
    ids = list(key_of.values())
    disagree = {key_of.get(d.id, d.id): d.cls for d in result.disagreements}
    entries = []
    crosstab: dict[str, Counter[str]] = {"fields_disagree": Counter(), "fields_agree": Counter()}
    for i in ids:
        corr = overlay.corrections.get(i)
        side = "fields_disagree" if i in disagree else "fields_agree"
        label = ";".join(corr.kinds) if corr is not None else "unchanged"
        crosstab[side][label] += 1
        if corr is not None:
            entries.append({"id": i, "kinds": corr.kinds, "fields": disagree.get(i, "agree"),
                            "note": (corr.note or "")[:300]})
    funnel = None
    if overlay.review and overlay.source:
        path = Path(overlay.source).parent / overlay.review / "funnel.json"
        if path.is_file():
            import json

            funnel = json.loads(path.read_text(encoding="utf-8"))
    return {
        "version": overlay.version, "source": overlay.source,
        "by_kind": overlay.counts(ids),
        "kinds": list(KINDS),
        "crosstab": {side: dict(sorted(c.items())) for side, c in crosstab.items()},
        "corrected_where_fields_agree": sum(v for k, v in crosstab["fields_agree"].items() if k != "unchanged"),
        "entries": entries,
        "review_funnel": funnel,
    }
