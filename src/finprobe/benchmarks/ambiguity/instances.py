"""FinInteract instance records and their loader.

Field names follow the public release (DESIGN §4). The loader is lenient where releases vary (missing
optional fields, a null ticker, no stored `h0`, `axes_exercised` instead of `axes`, numbers where strings
are expected) and strict where a wrong value would silently corrupt an evaluation (an unknown category
label, an empty question, context or answer). Every normalisation it applies is written to the
instance's `load_notes`, so nothing is changed invisibly.
"""

from __future__ import annotations

import math
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, normalize_category
from finprobe.core.sources import decode_text, json_records, read_source, validate_records

__all__ = [
    "AmbiguityInstance",
    "Interpretation",
    "INTERPRETATION_FIELDS",
    "demo_instances_path",
    "load_instances",
    "parse_instances",
]

#: the structured fields of an interpretation; `vintage` is optional and stored as an extra field
INTERPRETATION_FIELDS = ("entity", "period", "metric", "basis", "vintage")

_LANGUAGE_ALIASES = {
    "en": "en", "eng": "en", "english": "en", "en-us": "en", "en_us": "en",
    "zh": "zh", "zh-cn": "zh", "zh_cn": "zh", "zh-hans": "zh", "cn": "zh", "chinese": "zh", "中文": "zh",
}


def _to_text(v: Any) -> Any:
    """Numbers become strings (values like `$46.75B` or `9.34亿元` are kept verbatim)."""
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return repr(v) if isinstance(v, float) else str(v)
    return v


class Interpretation(BaseModel):
    """A structured reading of the question. Extra fields (e.g. `vintage`) are kept."""

    model_config = ConfigDict(extra="allow")

    entity: str | None = None
    period: str | None = None
    metric: str | None = None
    basis: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _coerce_values(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        out: dict[str, Any] = {}
        for key, value in data.items():
            if isinstance(value, list):
                value = ", ".join(str(x) for x in value)
            value = _to_text(value)
            if isinstance(value, str) and not value.strip():
                value = None
            out[key] = value
        return out

    def values(self) -> dict[str, str]:
        """Every non-empty string field, standard ones first (entity, period, metric, basis, extras)."""
        data = self.model_dump()
        ordered: list[str] = [k for k in ("entity", "period", "metric", "basis") if k in data]
        ordered += sorted(k for k in data if k not in ordered)
        return {k: str(data[k]) for k in ordered if data.get(k) not in (None, "")}

    def get(self, field: str) -> str | None:
        """The field's value as text, or None when absent or empty."""
        return self.values().get(field)


class AmbiguityInstance(BaseModel):
    """One ambiguous financial question with its intended (A) and default (A_d) readings."""

    model_config = ConfigDict(extra="allow")

    instance_id: str
    passage_id: str | None = None
    language: Literal["en", "zh"]
    source: str | None = None
    ticker: str | None = None
    company: str | None = None
    filing_type: str | None = None
    filing_date: str | None = None
    question: str
    context: str
    answer: str
    default_answer: str | None = None
    intended_evidence_span: str | None = None
    default_evidence_span: str | None = None
    intended_interpretation: Interpretation
    default_interpretation: Interpretation = Field(default_factory=Interpretation)
    shared_attributes: list[str] = Field(default_factory=list)
    distinctive_attributes: list[str] = Field(default_factory=list)
    axes: list[str]
    n_axes: int
    h0: float
    #: where h0 came from: "release" (stored), "computed_from_k" (log2 of a stored k), "assumed_k2" (log2 2)
    h0_source: Literal["release", "computed_from_k", "assumed_k2"] = "release"
    qc: dict[str, Any] = Field(default_factory=dict)
    #: normalisations the loader applied to this record (empty when it was taken as is)
    load_notes: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _normalise(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        d = dict(data)
        notes: list[str] = list(d.get("load_notes") or [])
        for key in ("instance_id", "passage_id", "ticker", "filing_date", "answer", "default_answer"):
            if key in d:
                d[key] = _to_text(d[key])
        if "axes" not in d and "axes_exercised" in d:
            d["axes"] = d.pop("axes_exercised")
            notes.append("axes read from axes_exercised")
        if isinstance(d.get("axes"), str):
            d["axes"] = [d["axes"]]
            notes.append("axes given as a string")
        lang = d.get("language")
        if isinstance(lang, str):
            mapped = _LANGUAGE_ALIASES.get(lang.strip().lower())
            if mapped and mapped != lang:
                notes.append(f"language {lang!r} read as {mapped!r}")
            d["language"] = mapped or lang
        if isinstance(d.get("default_answer"), str) and not d["default_answer"].strip():
            d["default_answer"] = None
            notes.append("empty default_answer read as missing")
        for key in ("shared_attributes", "distinctive_attributes"):
            if d.get(key) is None:
                d[key] = []
            elif isinstance(d[key], str):
                d[key] = [d[key]]
            elif isinstance(d[key], list):
                items = []
                for item in d[key]:
                    if isinstance(item, dict):
                        items.append("; ".join(f"{k}: {v}" for k, v in item.items()))
                        notes.append(f"{key}: object item flattened to text")
                    elif item is not None:
                        items.append(str(item))
                d[key] = items
        if d.get("qc") is None:
            d["qc"] = {}
        if d.get("default_interpretation") is None:
            d.pop("default_interpretation", None)
        # h0: stored, else log2 of a stored number of readings, else the two readings every instance has.
        if d.get("h0") is None:
            k = next((d[x] for x in ("k", "n_interpretations", "num_interpretations") if d.get(x)), None)
            if isinstance(k, (int, float)) and not isinstance(k, bool) and k >= 1:
                d["h0"] = math.log2(k)
                d["h0_source"] = "computed_from_k"
            else:
                d["h0"] = 1.0
                d["h0_source"] = "assumed_k2"
            notes.append(f"h0 absent: {d['h0_source']}")
        if d.get("n_axes") is None and isinstance(d.get("axes"), list):
            d["n_axes"] = len(d["axes"])
        d["load_notes"] = notes
        return d

    @field_validator("instance_id", "question", "context", "answer")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not isinstance(v, str) or not v.strip():
            raise ValueError("must be a non-empty string")
        return v

    @field_validator("answer")
    @classmethod
    def _not_placeholder(cls, v: str) -> str:
        if v.strip() in {"0", "."}:
            raise ValueError(f"answer {v!r} is a placeholder, not a value")
        return v

    @field_validator("axes")
    @classmethod
    def _valid_axes(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("at least one category is required")
        out: list[str] = []
        for label in v:
            name = normalize_category(label)
            if name is None:
                raise ValueError(f"unknown category label {label!r} (expected one of {', '.join(CATEGORY_NAMES)})")
            if name in out:
                raise ValueError(f"category {name!r} listed twice")
            out.append(name)
        # The seed allows one primary plus one or two secondary categories.
        if len(out) > 3:
            raise ValueError(f"{len(out)} categories; at most 3 (one primary, two secondary)")
        return out

    @field_validator("h0")
    @classmethod
    def _h0_range(cls, v: float) -> float:
        if not math.isfinite(v) or v < 0:
            raise ValueError(f"h0 must be a finite number >= 0, got {v}")
        return v

    @model_validator(mode="after")
    def _n_axes_consistent(self) -> AmbiguityInstance:
        if self.n_axes != len(self.axes):
            self.load_notes.append(f"n_axes {self.n_axes} disagreed with {len(self.axes)} axes; using the axes")
            self.n_axes = len(self.axes)
        return self

    # ------------------------------------------------------------------ helpers
    @property
    def primary_category(self) -> str:
        return self.axes[0]

    @property
    def secondary_categories(self) -> list[str]:
        return self.axes[1:]

    def distinctive_fields(self) -> list[str]:
        """Interpretation fields whose intended and default values differ (as written, case-folded)."""
        iv, dv = self.intended_interpretation.values(), self.default_interpretation.values()
        keys = [k for k in iv] + [k for k in dv if k not in iv]
        return [k for k in keys
                if " ".join((iv.get(k) or "").lower().split()) != " ".join((dv.get(k) or "").lower().split())]


# --------------------------------------------------------------------------- loading
def parse_instances(text: str, *, source: str = "<string>") -> list[AmbiguityInstance]:
    """Parse JSON Lines or a JSON array of instances. Errors name the source, line and instance_id."""
    return validate_records(json_records(text, source), AmbiguityInstance, "instance_id")


def load_instances(path_or_url: str | Path, *, sha256: str | None = None) -> list[AmbiguityInstance]:
    """Load instances from a local file or an http(s) URL (JSON Lines or a JSON array); `sha256` pins the bytes."""
    src = str(path_or_url)
    text = decode_text(read_source(src, sha256=sha256, what="instances"), src)
    return parse_instances(text, source=src)


def demo_instances_path() -> Path:
    """The bundled bilingual demo set (fictional companies)."""
    return Path(str(resources.files("finprobe.benchmarks.ambiguity") / "data" / "demo_instances.jsonl"))
