"""The corrections overlay: a versioned YAML file, keyed by FinQA id, applied when tasks are loaded.

    version: "2025-01"
    corrections:
      "ABC/2015/page_12.pdf-3":
        value: 0.0419          # override the reference value (number, or yes/no)
        question: "..."         # reword the question shown to the model
        sign_agnostic: true     # force (or, with false, forbid) sign-agnostic grading
        skip: "the excerpt lacks the 2014 figure"   # the task stays, marked skipped with this reason
        note: "why this correction is right"

The overlay never deletes a task: a skipped task is still a Sample with `skip_reason` set, and the engine
records it as skipped with that reason. The applied correction is stored in `Sample.data["correction"]`
so scoring needs nothing but the sample.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from finprobe.core.benchmark import DataError
from finprobe.core.schema import Sample


class Correction(BaseModel):
    """One task's correction. Every field is optional; a correction with no field is an error."""

    model_config = ConfigDict(extra="forbid")

    value: float | str | None = None
    question: str | None = None
    sign_agnostic: bool | None = None
    skip: str | None = None  # the reason the task is skipped
    note: str | None = None

    @field_validator("value", mode="before")
    @classmethod
    def _value(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("value must be a number or 'yes'/'no'")
        if isinstance(v, str):
            t = v.strip().lower()
            if t not in ("yes", "no"):
                raise ValueError(f"value {v[:40]!r} must be a number or 'yes'/'no'")
            return t
        return v

    @field_validator("question", "skip")
    @classmethod
    def _non_empty(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            raise ValueError("must not be empty")
        return v


class CorrectionSet(BaseModel):
    """A versioned overlay; `source` is where it was read from (for reports)."""

    model_config = ConfigDict(extra="forbid")

    version: str
    corrections: dict[str, Correction] = Field(default_factory=dict)
    source: str | None = None


def bundled_corrections_path() -> Path:
    return Path(str(resources.files("finprobe.benchmarks.reasoning") / "data" / "corrections.yaml"))


def load_corrections(path: str | Path | None = None) -> CorrectionSet:
    """Read an overlay (the bundled one when `path` is None). Raises DataError naming the file and entry."""
    p = Path(path) if path is not None else bundled_corrections_path()
    if p.is_dir():
        raise DataError(f"{p}: is a folder; -O corrections takes a corrections YAML file")
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"{p}: cannot read corrections: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{p}: the corrections file is not UTF-8 text (byte {exc.start}); "
                        "-O corrections takes a corrections YAML file") from None
    except yaml.YAMLError as exc:
        raise DataError(f"{p}: invalid YAML: {exc}") from None
    if not isinstance(raw, dict) or "version" not in raw:
        raise DataError(f"{p}: a corrections file is a mapping with 'version' and 'corrections'")
    entries = raw.get("corrections") or {}
    if not isinstance(entries, dict):
        raise DataError(f"{p}: 'corrections' must be a mapping keyed by FinQA id")
    parsed: dict[str, Correction] = {}
    for key, body in entries.items():
        try:
            corr = Correction.model_validate(body or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(x) for x in err["loc"])
            raise DataError(f"{p}: correction {key!r}: {loc + ': ' if loc else ''}{err['msg']}") from None
        if not corr.model_dump(exclude_none=True):
            raise DataError(f"{p}: correction {key!r} changes nothing")
        parsed[str(key)] = corr
    extra = set(raw) - {"version", "corrections"}
    if extra:
        raise DataError(f"{p}: unknown top-level keys {sorted(extra)}")
    return CorrectionSet(version=str(raw["version"]), corrections=parsed, source=str(p))


def apply_corrections(samples: list[Sample], overlay: CorrectionSet) -> list[Sample]:
    """Samples with the overlay applied (new objects; ids the overlay does not know are unchanged)."""
    out: list[Sample] = []
    for sample in samples:
        corr = overlay.corrections.get(sample.id)
        meta = {**sample.meta, "corrections_version": overlay.version}
        if corr is None:
            out.append(sample.model_copy(update={"meta": meta}))
            continue
        data = {**sample.data, "correction": corr.model_dump(exclude_none=True)}
        meta["corrected"] = True
        if corr.value is not None:
            # a yes/no override turns a numeric task into a yes/no one and vice versa
            meta["question_type"] = "yes_no" if isinstance(corr.value, str) else "numeric"
        out.append(sample.model_copy(update={
            "data": data, "meta": meta, "skip_reason": corr.skip or sample.skip_reason,
        }))
    return out


def unmatched_ids(samples: list[Sample], overlay: CorrectionSet) -> list[str]:
    """Overlay ids that match no loaded sample (e.g. a dev overlay applied to the test split)."""
    have = {s.id for s in samples}
    return sorted(k for k in overlay.corrections if k not in have)
