"""Clarification interaction graphs (CIGs, DESIGN §5; RegretBench §3.1): the record, its checks, its loader.

One CIG per ambiguous prompt: the hidden intents (each with a value for every latent variable and the
answer aliases that identify it), the latent variables, one supported `ask:<variable>` action per variable
with reference questions, the observation types, and metadata (source, dropped parts, ...).
A CIG with one intent and no variable is a control: no clarification is needed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from finprobe.core.benchmark import DataError
from finprobe.core.sources import decode_text, json_records, read_source, validation_message

__all__ = [
    "CIG", "OBSERVATION_TYPES", "ClarifyAction", "Intent", "ObservationSchema", "Variable", "ask_action",
    "dump_cigs", "load_cigs", "parse_cigs",
]

OBSERVATION_TYPES = ("provide_slot", "uncertain", "contradict", "off_topic", "unsupported")


def ask_action(variable: str) -> str:
    return f"ask:{variable}"


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Intent(_Rec):
    """One reading of the prompt."""

    intent_id: str = Field(min_length=1)
    description: str = Field(min_length=1)
    #: variable name -> this intent's value (one for every variable of the CIG)
    slots: dict[str, str] = Field(default_factory=dict)
    #: texts that identify this intent in a final answer (matched after normalisation)
    answer_aliases: list[str] = Field(default_factory=list)
    #: supporting text used only while building (never shown to the assistant)
    context: str | None = None

    @field_validator("answer_aliases")
    @classmethod
    def _strip_aliases(cls, v: list[str]) -> list[str]:
        out: list[str] = []
        for a in v:
            a = a.strip()
            if a and a not in out:
                out.append(a)
        return out


class Variable(_Rec):
    """A latent dimension that separates intents (e.g. year, role, medium)."""

    name: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9_]*$")
    values: list[str] = Field(min_length=1)
    description: str = ""

    @field_validator("values")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if any(not x.strip() for x in v):
            raise ValueError("values must be non-empty strings")
        if len(set(v)) != len(v):
            dup = next(x for x in v if v.count(x) > 1)
            raise ValueError(f"value {dup!r} listed twice")
        return v


class ClarifyAction(_Rec):
    """A supported clarification action and the questions that ground free-form asks to it."""

    action: str = Field(pattern=r"^ask:[a-z][a-z0-9_]*$")
    reference_questions: list[str] = Field(min_length=1)

    @property
    def variable(self) -> str:
        return self.action.split(":", 1)[1]


class ObservationSchema(_Rec):
    types: list[str] = Field(default_factory=lambda: list(OBSERVATION_TYPES))

    @field_validator("types")
    @classmethod
    def _known(cls, v: list[str]) -> list[str]:
        unknown = [t for t in v if t not in OBSERVATION_TYPES]
        if unknown:
            raise ValueError(f"unknown observation types {unknown}; known: {', '.join(OBSERVATION_TYPES)}")
        return v


class CIG(_Rec):
    cig_id: str = Field(min_length=1)
    prompt: str = Field(min_length=1)
    intents: list[Intent] = Field(min_length=1)
    variables: list[Variable] = Field(default_factory=list)
    actions: list[ClarifyAction] = Field(default_factory=list)
    observation_schema: ObservationSchema = Field(default_factory=ObservationSchema)
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> CIG:
        ids = [i.intent_id for i in self.intents]
        if len(set(ids)) != len(ids):
            raise ValueError(f"intents: duplicate intent_id {next(x for x in ids if ids.count(x) > 1)!r}")
        names = [v.name for v in self.variables]
        if len(set(names)) != len(names):
            raise ValueError(f"variables: duplicate name {next(x for x in names if names.count(x) > 1)!r}")
        by_name = {v.name: v for v in self.variables}
        for k, intent in enumerate(self.intents):
            for var, value in intent.slots.items():
                if var not in by_name:
                    raise ValueError(f"intents.{k}.slots.{var}: unknown variable (intent {intent.intent_id!r})")
                if value not in by_name[var].values:
                    raise ValueError(f"intents.{k}.slots.{var}: value {value!r} is not one of the variable's "
                                     f"values (intent {intent.intent_id!r})")
            missing = [n for n in names if n not in intent.slots]
            if missing:
                raise ValueError(f"intents.{k}.slots: no value for {', '.join(missing)} (intent {intent.intent_id!r})")
        acts = [a.variable for a in self.actions]
        for k, a in enumerate(self.actions):
            if a.variable not in by_name:
                raise ValueError(f"actions.{k}.action: {a.action!r} names no variable")
        if len(set(acts)) != len(acts):
            raise ValueError("actions: two actions for the same variable")
        lacking = [n for n in names if n not in acts]
        if lacking:
            raise ValueError(f"actions: no ask action for variable(s) {', '.join(lacking)}")
        return self

    # ------------------------------------------------------------------ helpers
    @property
    def is_control(self) -> bool:
        """One intent: no clarification can change the answer."""
        return len(self.intents) == 1

    def intent(self, intent_id: str) -> Intent:
        for i in self.intents:
            if i.intent_id == intent_id:
                return i
        raise KeyError(f"CIG {self.cig_id!r} has no intent {intent_id!r}")

    def variable(self, name: str) -> Variable:
        for v in self.variables:
            if v.name == name:
                return v
        raise KeyError(f"CIG {self.cig_id!r} has no variable {name!r}")

    def action_for(self, variable: str) -> ClarifyAction:
        for a in self.actions:
            if a.variable == variable:
                return a
        raise KeyError(f"CIG {self.cig_id!r} has no action for {variable!r}")


# --------------------------------------------------------------------------- loading
def _validate(rec: Any, where: str) -> CIG:
    if not isinstance(rec, dict):
        raise DataError(f"{where}: expected a JSON object, got {type(rec).__name__}")
    try:
        return CIG.model_validate(rec)
    except ValidationError as exc:
        raise DataError(f"{where}: cig_id={rec.get('cig_id')!r}: {validation_message(exc)}") from None


def parse_cigs(text: str, *, source: str = "<string>") -> list[CIG]:
    """CIGs from JSON Lines, a JSON array, or one JSON object. Errors name the source, record and field."""
    stripped = text.lstrip()
    if stripped.startswith("{") and "\n{" not in stripped.strip():
        try:
            return [_validate(json.loads(text), source)]
        except json.JSONDecodeError as exc:
            raise DataError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg}") from None
    out = [_validate(rec, where) for where, rec in json_records(text, source)]
    _check_unique(out, source)
    return out


def _check_unique(cigs: list[CIG], source: str) -> None:
    seen: set[str] = set()
    for c in cigs:
        if c.cig_id in seen:
            raise DataError(f"{source}: duplicate cig_id {c.cig_id!r}")
        seen.add(c.cig_id)


def load_cigs(path_or_url: str | Path, *, sha256: str | None = None) -> list[CIG]:
    """CIGs from a directory of `*.json` files (one CIG or an array each, sorted by name), a JSONL / JSON
    file, or an http(s) URL."""
    src = str(path_or_url)
    p = Path(src)
    if not src.startswith(("http://", "https://")) and p.is_dir():
        files = sorted(list(p.glob("*.json")) + list(p.glob("*.jsonl")))
        if not files:
            raise DataError(f"{src}: no *.json or *.jsonl files in this directory")
        out: list[CIG] = []
        for f in files:
            out.extend(parse_cigs(decode_text(read_source(f, what="CIGs"), str(f)), source=str(f)))
        _check_unique(out, src)
        return out
    return parse_cigs(decode_text(read_source(src, sha256=sha256, what="CIGs"), src), source=src)


def dump_cigs(cigs: list[CIG], path: str | Path) -> None:
    """Write CIGs as JSON Lines (the format `load_cigs` reads back)."""
    with open(path, "w", encoding="utf-8") as fh:
        for c in cigs:
            fh.write(c.model_dump_json(exclude_none=True) + "\n")
