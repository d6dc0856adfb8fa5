"""Loader for FinQA's official record format (train/dev/test.json), from a local path or an http(s) URL.

A file is a JSON list of records `{id, filename, pre_text, post_text, table, qa{question, answer, program,
exe_ans, gold_inds}}`. Fields beyond these (`table_ori`, `steps`, retriever outputs, ...) are ignored.

Ids: a record whose `id` is null (35 in the dev file) gets the synthetic id `{stem}-null-{index}`, where
`stem` is the file's name without `.json` (`dev` for `.../dev.json`) and `index` the record's 0-based
position in the file; such records carry `synthetic_id: true`. The id is stable for a given file.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from finprobe.benchmarks.reasoning.dsl import ProgramError, operations
from finprobe.core.benchmark import DataError
from finprobe.core.schema import Sample
from finprobe.core.sources import read_source, source_name, validation_message

#: sha256 of known official files, keyed by file name; used when the caller gives no checksum.
#: Empty: the project has verified no official download's bytes (pass `sha256=` to pin one).
KNOWN_SHA256: dict[str, str] = {}

#: a downloaded file larger than this is refused (the official train.json is ~70 MB)

LEVELS = ("Medium", "Hard", "VeryHard")


class FinQAQA(BaseModel):
    """The `qa` block of a FinQA record."""

    model_config = ConfigDict(extra="ignore")

    question: str
    answer: str = ""  # the human-written answer; empty in some official records
    program: str
    exe_ans: float | str  # the program's result rounded to 5 decimals, or "yes"/"no"
    gold_inds: dict[str, str] | list[Any] = Field(default_factory=dict)

    @field_validator("exe_ans", mode="before")
    @classmethod
    def _exe_ans(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("exe_ans must be a number or 'yes'/'no', not a boolean")
        if isinstance(v, str):
            t = v.strip().lower()
            if t in ("yes", "no"):
                return t
            try:
                return float(t)
            except ValueError:
                raise ValueError(f"exe_ans {v[:40]!r} is neither a number nor yes/no") from None
        return v


class FinQARecord(BaseModel):
    """One FinQA task: a report excerpt (text, table, text) and a question with its program and answers."""

    model_config = ConfigDict(extra="ignore")

    id: str
    synthetic_id: bool = False  # True when the file had `id: null` and the loader made one up
    filename: str | None = None
    pre_text: list[str]
    post_text: list[str]
    table: list[list[str]]
    qa: FinQAQA


# --------------------------------------------------------------------------- reading files
_ID_HINT = re.compile(r'"id"\s*:\s*"([^"]{1,200})"')


def _decode_records(text: str, name: str) -> list[Any]:
    """Decode a top-level JSON array element by element, so a syntax error can name its record."""
    decoder = json.JSONDecoder()
    i, n = 0, len(text)

    def skip_ws(k: int) -> int:
        while k < n and text[k] in " \t\r\n":
            k += 1
        return k

    i = skip_ws(i)
    if i >= n or text[i] != "[":
        raise DataError(f"{name}: not a FinQA file: expected a JSON list of records")
    i = skip_ws(i + 1)
    items: list[Any] = []
    if i < n and text[i] == "]":
        return items
    while True:
        try:
            item, i = decoder.raw_decode(text, i)
        except json.JSONDecodeError as exc:
            hint = _ID_HINT.search(text, i, min(n, i + 20000))
            rec = f"record {len(items)}" + (f" (id {hint.group(1)!r})" if hint else "")
            raise DataError(f"{name}: {rec}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        items.append(item)
        i = skip_ws(i)
        if i < n and text[i] == ",":
            i = skip_ws(i + 1)
            continue
        if i < n and text[i] == "]":
            if skip_ws(i + 1) != n:
                raise DataError(f"{name}: unexpected data after the list of records")
            return items
        where = "the file ends" if i >= n else f"found {text[i]!r}"
        raise DataError(f"{name}: after record {len(items) - 1}: invalid JSON: expected ',' or ']' but {where}")


def parse_records(raw: list[Any], name: str) -> list[FinQARecord]:
    """Validate decoded records; null ids become `{stem}-null-{index}`. Raises DataError naming the record."""
    stem = name[:-5] if name.endswith(".json") else name
    records: list[FinQARecord] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(raw):
        rid = item.get("id") if isinstance(item, dict) else None
        label = f"record {index}" + (f" (id {rid!r})" if rid is not None else "")
        if not isinstance(item, dict):
            raise DataError(f"{name}: {label}: expected a JSON object, got {type(item).__name__}")
        if rid is not None and not isinstance(rid, str):
            raise DataError(f"{name}: {label}: id must be a string or null")
        payload = dict(item)
        payload["synthetic_id"] = rid is None
        payload["id"] = rid if rid is not None else f"{stem}-null-{index}"
        try:
            record = FinQARecord.model_validate(payload)
        except ValidationError as exc:
            raise DataError(f"{name}: {label}: {validation_message(exc)}") from None
        try:
            operations(record.qa.program)
        except ProgramError as exc:
            raise DataError(f"{name}: {label}: qa.program does not parse: {exc}") from None
        if record.id in seen:
            raise DataError(f"{name}: {label}: duplicate id (also record {seen[record.id]})")
        seen[record.id] = index
        records.append(record)
    return records


def load_finqa(source: str | Path, *, sha256: str | None = None, timeout_s: float = 60.0) -> list[FinQARecord]:
    """Load FinQA records from a path or an http(s) URL.

    `sha256` (hex) pins the file's bytes; without it a checksum from KNOWN_SHA256 (by file name) is used
    if there is one. A mismatch, unreadable file, malformed JSON or invalid record raises DataError.
    """
    name = source_name(source)
    data = read_source(source, timeout_s=timeout_s, what="FinQA data")
    expected = (sha256 or KNOWN_SHA256.get(name) or "").lower()
    if expected:
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected:
            raise DataError(f"{source}: sha256 mismatch: expected {expected}, got {actual}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    # Each stage's input is let go once the next exists: a 59 MB file no longer costs its bytes, its text
    # and its objects at once (bench/memory.py: loading was the peak of a 12k-sample run)
    del data
    raw = _decode_records(text, name)
    del text
    return parse_records(raw, name)


# --------------------------------------------------------------------------- samples
def level_for(n_ops: int) -> str:
    """DESIGN §3: 1 operation = Medium, 2-3 = Hard, 4+ = VeryHard."""
    if n_ops <= 1:
        return "Medium"
    if n_ops <= 3:
        return "Hard"
    return "VeryHard"


def question_type(record: FinQARecord) -> str:
    """`yes_no` when the program's answer is yes/no (a final `greater`), else `numeric`."""
    return "yes_no" if isinstance(record.qa.exe_ans, str) else "numeric"


def to_sample(record: FinQARecord) -> Sample:
    """A run-engine Sample: data = the record dump; meta = level, operations, n_ops, question_type."""
    ops = operations(record.qa.program)
    return Sample(
        id=record.id,
        data=record.model_dump(mode="json"),
        meta={
            "level": level_for(len(ops)),
            "operations": ops,
            "n_ops": len(ops),
            "question_type": question_type(record),
        },
    )


def record_of(sample: Sample) -> FinQARecord:
    """The FinQA record inside a Sample (the inverse of `to_sample`, ignoring overlay fields)."""
    return FinQARecord.model_validate(sample.data)
