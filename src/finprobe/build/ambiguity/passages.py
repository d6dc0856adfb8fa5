"""Candidate passages: the input of the FinInteract construction pipeline.

JSON Lines, one passage a line::

    {"passage_id": "...", "text": "...", "language": "en"|"zh", "company": "...", "ticker": "...",
     "period": "FY2023", "filing_type": "10-K", "filing_date": "2024-02-27", "source": "...",
     "categories": ["entity_scope"],                       # optional: candidate categories (else tagged)
     "candidate_values": [{"value": "$538.9 million", "evidence_span": "...", "category": "entity_scope"}]}

`candidate_values` are optional: a passage without them gives one candidate whose value the constructor
chooses from the passage. `categories` are the categories the passage can support; when absent they are
tagged from the text by `tag_categories` (strong keyword cues only, EN and ZH). A candidate is one
(passage, value, primary category) triple: the constructor is told the value and the category.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from finprobe.benchmarks.ambiguity.categories import CATEGORY_NAMES, normalize_category
from finprobe.core.sources import decode_text, json_records, read_source, validate_records

__all__ = [
    "Candidate",
    "CandidatePassage",
    "CandidateValue",
    "candidates_from_passages",
    "load_passages",
    "parse_passages",
    "tag_categories",
]


class CandidateValue(BaseModel):
    """A value the passage states, with the span that states it; `category` pins the primary category."""

    model_config = ConfigDict(extra="forbid")

    value: str
    evidence_span: str | None = None
    category: str | None = None
    #: the other reading's value and span when known (e.g. both XBRL facts of a pair)
    other_value: str | None = None
    other_evidence_span: str | None = None
    note: str | None = None

    @field_validator("value")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must be a non-empty string")
        return v

    @field_validator("category")
    @classmethod
    def _known_category(cls, v: str | None) -> str | None:
        if v is None:
            return None
        name = normalize_category(v)
        if name is None:
            raise ValueError(f"unknown category {v!r} (expected one of {', '.join(CATEGORY_NAMES)})")
        return name


class CandidatePassage(BaseModel):
    model_config = ConfigDict(extra="allow")

    passage_id: str
    text: str
    language: Literal["en", "zh"]
    company: str
    ticker: str | None = None
    period: str | None = None
    filing_type: str | None = None
    filing_date: str | None = None
    source: str | None = None
    categories: list[str] = Field(default_factory=list)
    candidate_values: list[CandidateValue] = Field(default_factory=list)

    @field_validator("passage_id", "text", "company")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not isinstance(v, str) or not v.strip():
            raise ValueError("must be a non-empty string")
        return v

    @field_validator("categories")
    @classmethod
    def _known_categories(cls, v: list[str]) -> list[str]:
        out: list[str] = []
        for label in v:
            name = normalize_category(label)
            if name is None:
                raise ValueError(f"unknown category {label!r} (expected one of {', '.join(CATEGORY_NAMES)})")
            if name not in out:
                out.append(name)
        return out

    def tagged_categories(self) -> list[str]:
        """The passage's candidate categories: as given, else tagged from the text (canonical order)."""
        return list(self.categories) or tag_categories(self.text)


class Candidate(BaseModel):
    """One unit of construction work: a passage, a value (or None: the constructor picks) and the
    mandatory primary category. `key` is stable across runs (the resume key)."""

    key: str
    passage: CandidatePassage
    value: CandidateValue | None
    category: str
    #: the passage's candidate categories (for the rarity sort and quota priority)
    tags: list[str]


# --------------------------------------------------------------------------- tagging
_E = r"(?<![a-z0-9]){}(?![a-z0-9])"


def _en(*alts: str) -> str:
    return "|".join(_E.format(a) for a in alts)


#: strong cues only: a passage that names these can support the category's ambiguity
_TAG_CUES: dict[str, re.Pattern[str]] = {
    "entity_scope": re.compile(
        _en(r"consolidated", r"(?:reportable |operating )?segments?", r"subsidiar(?:y|ies)", r"parent company",
            r"(?:non-?controlling|minority) interests?", r"attributable to", r"joint venture")
        + r"|合并|归属于(?:母公司|上市公司)|归母|少数股东|母公司|分部|子公司"),
    "metric_definition": re.compile(
        _en(r"non-?gaap", r"adjusted", r"diluted", r"basic", r"non-?recurring", r"excluding (?:special|one-?time)",
            r"pro forma", r"organic")
        + r"|扣除非经常性损益|扣非|非经常性损益|稀释|调整后"),
    "temporal_scope": re.compile(
        _en(r"(?:first|second|third|fourth)[- ]quarter", r"q[1-4]", r"three months ended", r"nine months ended",
            r"six months ended", r"year[- ]to[- ]date", r"trailing twelve months", r"calendar year",
            r"fiscal year ended (?:january|february|march|april|may|june|july|august|september|october|november)")
        + r"|第[一二三四]季度|[一二三四]季度|前三季度|上半年|年初至报告期末|单季"),
    "recognition_policy": re.compile(
        _en(r"point in time", r"over time", r"gross basis", r"net basis", r"principal", r"as an agent",
            r"asc 606", r"ifrs 15", r"recogni[sz]ed (?:at|over)", r"gross merchandise", r"pass-through")
        + r"|某一时点|某一时段|时点确认|时段确认|总额法|净额法|主要责任人|代理人"),
    "filing_vintage": re.compile(
        _en(r"restated", r"restatement", r"as originally reported", r"previously reported", r"amended",
            r"10-k/a", r"recast", r"revision", r"revised")
        + r"|重述|追溯调整|会计差错更正|更正后|调整前|原报告"),
}


def tag_categories(text: str) -> list[str]:
    """Categories whose strong cues the text names (keyword tagging, EN and ZH), in canonical order."""
    norm = unicodedata.normalize("NFKC", text).lower()
    return [c for c in CATEGORY_NAMES if _TAG_CUES[c].search(norm)]


# --------------------------------------------------------------------------- loading
def parse_passages(text: str, *, source: str = "<string>") -> list[CandidatePassage]:
    """Parse candidate passages (JSON Lines or a JSON array); errors name the file, line and passage_id."""
    return validate_records(json_records(text, source), CandidatePassage, "passage_id")


def load_passages(path_or_url: str | Path, *, sha256: str | None = None) -> list[CandidatePassage]:
    """Candidate passages from a local file or an http(s) URL."""
    src = str(path_or_url)
    return parse_passages(decode_text(read_source(src, sha256=sha256, what="passages"), src), source=src)


def candidate_key(passage_id: str, value: str | None, category: str) -> str:
    digest = hashlib.sha256(f"{passage_id}\x1f{value or ''}\x1f{category}".encode()).hexdigest()[:12]
    return f"{passage_id}~{category}~{digest}"


def candidates_from_passages(passages: list[CandidatePassage]) -> list[Candidate]:
    """One candidate per (passage, value): the value's own category, else the passage's first tagged
    category; a passage with no value gives one candidate per tagged category. Passages with no
    category at all give none (they cannot support an instance of any category)."""
    out: list[Candidate] = []
    for passage in passages:
        tags = passage.tagged_categories()
        values: list[CandidateValue | None] = list(passage.candidate_values) or [None]
        for value in values:
            cats = [value.category] if value is not None and value.category else (tags[:1] if value else tags)
            for category in cats:
                if category is None:
                    continue
                all_tags = tags if category in tags else [category, *tags]
                out.append(Candidate(key=candidate_key(passage.passage_id, value.value if value else None, category),
                                     passage=passage, value=value, category=category, tags=all_tags))
    return out


def passage_record(passage: CandidatePassage) -> dict[str, Any]:
    """The passage as a corpus record (`passage_id`, `text` and its metadata) for the family's search tool."""
    return {"passage_id": passage.passage_id, "text": passage.text, "language": passage.language,
            "company": passage.company, "ticker": passage.ticker, "period": passage.period,
            "filing_type": passage.filing_type, "source": passage.source}
