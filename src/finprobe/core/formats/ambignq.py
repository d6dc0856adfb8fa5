"""The AmbigNQ / AmbigQA "light" format (Min et al., EMNLP 2020): `train_light.json`, `dev_light.json`.

A JSON array of `{id, question, annotations: [...]}`; each annotation is either
`{type: "singleAnswer", answer: [str, ...]}` or `{type: "multipleQAs", qaPairs: [{question, answer: [...]}]}`.
Annotators may disagree: one record can hold several annotations of either type. The reader keeps them all,
typed, and says which record is malformed (file and record number, with the record's id).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from finprobe.core.sources import decode_text, json_records, read_source, validate_records

__all__ = ["AmbigNQAnnotation", "AmbigNQRecord", "MultipleQAs", "QAPair", "SingleAnswer", "load_ambignq",
           "parse_ambignq"]


def _answers(v: object) -> object:
    # Releases store answers as a list of strings; a bare string is one answer. Blank strings carry nothing.
    if isinstance(v, str):
        v = [v]
    if isinstance(v, list):
        return [str(a).strip() for a in v if a is not None and str(a).strip()]
    return v


class _Rec(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class QAPair(_Rec):
    """One disambiguated question and its acceptable answers."""

    question: str
    answer: list[str]

    _clean = field_validator("answer", mode="before")(classmethod(lambda cls, v: _answers(v)))

    @field_validator("question")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must be a non-empty string")
        return v.strip()


class SingleAnswer(_Rec):
    type: Literal["singleAnswer"]
    answer: list[str]

    _clean = field_validator("answer", mode="before")(classmethod(lambda cls, v: _answers(v)))


class MultipleQAs(_Rec):
    type: Literal["multipleQAs"]
    qaPairs: list[QAPair] = Field(min_length=1)


AmbigNQAnnotation = Annotated[SingleAnswer | MultipleQAs, Field(discriminator="type")]


class AmbigNQRecord(_Rec):
    """One prompt question with every annotator's reading of it."""

    id: str
    question: str
    annotations: list[AmbigNQAnnotation] = Field(min_length=1)
    #: where the record was read from (`FILE (record N)`), for error messages downstream
    where: str = ""

    @field_validator("id", mode="before")
    @classmethod
    def _id_text(cls, v: object) -> object:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v

    @field_validator("question")
    @classmethod
    def _question(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must be a non-empty string")
        return v.strip()

    @property
    def multiple_qas(self) -> list[MultipleQAs]:
        return [a for a in self.annotations if isinstance(a, MultipleQAs)]

    @property
    def single_answers(self) -> list[SingleAnswer]:
        return [a for a in self.annotations if isinstance(a, SingleAnswer)]

    @property
    def is_ambiguous(self) -> bool:
        """At least one annotator found several readings."""
        return bool(self.multiple_qas)


def parse_ambignq(text: str, *, source: str = "<string>") -> list[AmbigNQRecord]:
    """Records from the text of a `*_light.json` file (a JSON array; JSON Lines also accepted)."""
    return validate_records(json_records(text, source), AmbigNQRecord, "id",
                            prepare=lambda where, rec: {**rec, "where": where})


def load_ambignq(path_or_url: str | Path, *, sha256: str | None = None) -> list[AmbigNQRecord]:
    """Read an AmbigNQ light file from a local path or an http(s) URL; `sha256` pins its bytes."""
    src = str(path_or_url)
    return parse_ambignq(decode_text(read_source(src, sha256=sha256, what="AmbigNQ data"), src), source=src)
