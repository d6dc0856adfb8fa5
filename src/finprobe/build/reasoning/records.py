"""The review's record formats, and reading recorded ones (JSONL written by people or helper sessions).

Blind record (blind pass, the two further reviewers, the rewording check; the reviewer saw only the excerpt
and the question):

    {"id", "answer": number | "yes" | "no" | null, "verdict": "clear" | "ambiguous" | "missing_data",
     "readings": [{"reading", "answer"}, ...], "reason", "reviewer", "reviewer_kind": "model" | "person"}

Adjudication record (the decision on a selected task; the adjudicator saw the reference and the blind records):

    {"id", "kinds": [] | subset of ["value", "question", "sign_agnostic", "skip"], "value", "question",
     "skip", "readings", "reason", "reviewer", "reviewer_kind"}

Unknown keys are ignored (a reviewer's notes); a missing or wrong required field is an error naming the
file, the line and the id.
"""

from __future__ import annotations

import glob
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from finprobe.benchmarks.reasoning.corrections import KINDS
from finprobe.core.benchmark import DataError
from finprobe.core.sources import validation_message

__all__ = ["Adjudication", "BlindRecord", "Reading", "Value", "load_recorded", "parse_value"]

Value = float | str  # a number, or "yes" / "no"
Verdict = Literal["clear", "ambiguous", "missing_data"]
ReviewerKind = Literal["model", "person"]


def parse_value(v: Any) -> Value | None:
    """An answer as a reviewer may write it: a JSON number, "yes"/"no", a numeric string ("1,234.5", "14.5%"
    = 0.145), or null/""."""
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError("an answer is a number or 'yes'/'no', not true/false")
    if isinstance(v, (int, float)):
        if not math.isfinite(float(v)):
            raise ValueError("an answer must be a finite number")
        return float(v)
    if isinstance(v, str):
        t = v.strip().lower()
        if not t:
            return None
        if t in ("yes", "no"):
            return t
        scale = 1.0
        if t.endswith("%"):  # "14.5%" is unambiguous under the contract: 0.145
            t, scale = t[:-1].strip(), 0.01
        try:
            number = float(t.replace(",", "")) * scale
        except ValueError:
            raise ValueError(f"answer {v[:40]!r} is neither a number nor yes/no") from None
        if not math.isfinite(number):
            raise ValueError("an answer must be a finite number")
        return number
    raise ValueError(f"an answer is a number or 'yes'/'no', not {type(v).__name__}")


class Reading(BaseModel):
    """One reasonable reading of a question and its value."""

    model_config = ConfigDict(extra="ignore")

    reading: str = ""
    answer: Value | None = None

    @field_validator("answer", mode="before")
    @classmethod
    def _answer(cls, v: Any) -> Any:
        return parse_value(v)


class BlindRecord(BaseModel):
    """One blind reviewer's answer to one task (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    answer: Value | None = None
    verdict: Verdict
    readings: list[Reading] = Field(default_factory=list)
    reason: str
    reviewer: str
    reviewer_kind: ReviewerKind = "model"

    @field_validator("answer", mode="before")
    @classmethod
    def _answer(cls, v: Any) -> Any:
        return parse_value(v)

    @field_validator("reason", "reviewer")
    @classmethod
    def _text(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return " ".join(v.split())

    @model_validator(mode="after")
    def _consistent(self) -> BlindRecord:
        if self.verdict == "clear" and self.answer is None:
            raise ValueError("a clear verdict needs an answer")
        if self.verdict == "ambiguous" and sum(r.answer is not None for r in self.readings) < 2:
            raise ValueError("an ambiguous verdict lists at least two readings with their answers")
        return self

    def values(self) -> list[Value]:
        """Every value this reviewer gave: the answer and each reading's."""
        out = [] if self.answer is None else [self.answer]
        out += [r.answer for r in self.readings if r.answer is not None]
        return out


class Adjudication(BaseModel):
    """The decision on one selected task (see the module docstring)."""

    model_config = ConfigDict(extra="ignore")

    id: str
    kinds: list[Literal["value", "question", "sign_agnostic", "skip"]] = Field(default_factory=list)
    value: Value | None = None
    question: str | None = None
    skip: str | None = None
    readings: list[Reading] = Field(default_factory=list)
    reason: str
    reviewer: str
    reviewer_kind: ReviewerKind = "model"

    @field_validator("value", mode="before")
    @classmethod
    def _value(cls, v: Any) -> Any:
        return parse_value(v)

    @field_validator("reason", "reviewer")
    @classmethod
    def _text(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return " ".join(v.split())

    @model_validator(mode="after")
    def _consistent(self) -> Adjudication:
        kinds = [k for k in KINDS if k in self.kinds]  # canonical order, duplicates dropped
        self.kinds = kinds
        if ("value" in kinds) != (self.value is not None):
            raise ValueError("'value' in kinds goes with a value, and a value with 'value' in kinds")
        if ("question" in kinds) != bool(self.question and self.question.strip()):
            raise ValueError("'question' in kinds goes with the reworded question, and a question with 'question'")
        if ("skip" in kinds) != bool(self.skip and self.skip.strip()):
            raise ValueError("'skip' in kinds goes with the skip reason, and a skip reason with 'skip'")
        if "skip" in kinds and len(kinds) > 1:
            raise ValueError("a skipped task takes no other fix")
        return self


RecordT = TypeVar("RecordT", BlindRecord, Adjudication)


def record_files(pattern: str) -> list[Path]:
    """The files of a `recorded:` role: a file, a folder (its *.jsonl) or a glob, sorted by name."""
    p = Path(pattern)
    if p.is_dir():
        return sorted(p.glob("*.jsonl"))
    if any(c in pattern for c in "*?["):
        return sorted(Path(x) for x in glob.glob(pattern))
    if not p.exists():
        raise DataError(f"{pattern}: no such record file (a file, a folder of *.jsonl or a glob)")
    return [p]


def load_recorded(pattern: str, model: type[RecordT], known_ids: Sequence[str] | None = None
                  ) -> dict[str, RecordT]:
    """Records by id from the JSONL files of `pattern` (an empty match is no records yet). Raises
    DataError naming file and line for a bad line, an id recorded twice with different content, or an id
    that is not in the data (`known_ids`)."""
    known = None if known_ids is None else set(known_ids)
    out: dict[str, RecordT] = {}
    where: dict[str, str] = {}
    for path in record_files(pattern):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise DataError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        for n, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            at = f"{path}:{n}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise DataError(f"{at}: invalid JSON: {exc.msg}") from None
            if not isinstance(raw, dict):
                raise DataError(f"{at}: a record is a JSON object")
            label = f"{at} (id {raw.get('id')!r})" if raw.get("id") is not None else at
            try:
                record = model.model_validate(raw)
            except ValidationError as exc:
                raise DataError(f"{label}: {validation_message(exc)}") from None
            if known is not None and record.id not in known:
                raise DataError(f"{label}: the id is not in the data (a typo, or records of another split?)")
            if record.id in out and out[record.id] != record:
                raise DataError(f"{label}: id recorded twice with different content (also {where[record.id]}): "
                                "keep one line per task")
            out[record.id] = record
            where.setdefault(record.id, at)
    return out
