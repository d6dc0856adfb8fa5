"""The constructor step: an LLM turns (passage, candidate value, primary category) into an instance.

The reply is one JSON object under `CONSTRUCTOR_SCHEMA` (sent as the response schema where the backend
enforces one): `viable` (false: the passage supports no genuine ambiguity of that category, with a
`reason`), then question, context, answer, default_answer, both evidence spans, both interpretations,
axes_exercised (primary first), k_readings and the shared / distinctive attributes. Category-specific
instructions are injected per primary category so the constructor does not drift toward the categories
that are easiest to generate. The reply's *content* is judged later by the 14 checks; here it only has to
have the right shape.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from finprobe.benchmarks.ambiguity.categories import CATEGORIES, CATEGORY_NAMES
from finprobe.build.ambiguity.passages import Candidate
from finprobe.core.actions import first_json_object
from finprobe.core.schema import Message
from finprobe.core.sources import validation_message

__all__ = [
    "CATEGORY_INSTRUCTIONS",
    "CONSTRUCTOR_SCHEMA",
    "ConstructedInstance",
    "constructor_messages",
    "parse_constructed",
]

_READING_FIELDS = ("entity", "period", "metric", "basis", "vintage")
_STRING = {"type": "string"}
_READING_SCHEMA = {"type": "object", "properties": {f: _STRING for f in _READING_FIELDS},
                   "required": list(_READING_FIELDS), "additionalProperties": False}

CONSTRUCTOR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "viable": {"type": "boolean"},
        "reason": _STRING,
        "question": _STRING,
        "context": _STRING,
        "answer": _STRING,
        "default_answer": _STRING,
        "intended_evidence_span": _STRING,
        "default_evidence_span": _STRING,
        "intended_interpretation": _READING_SCHEMA,
        "default_interpretation": _READING_SCHEMA,
        "axes_exercised": {"type": "array", "items": {"type": "string", "enum": list(CATEGORY_NAMES)}},
        "k_readings": {"type": "integer", "minimum": 2, "maximum": 8},
        "shared_attributes": {"type": "array", "items": _STRING},
        "distinctive_attributes": {"type": "array", "items": _STRING},
    },
    "required": ["viable", "reason", "question", "context", "answer", "default_answer", "intended_evidence_span",
                 "default_evidence_span", "intended_interpretation", "default_interpretation", "axes_exercised",
                 "k_readings", "shared_attributes", "distinctive_attributes"],
    "additionalProperties": False,
}


class ConstructedInstance(BaseModel):
    """The constructor's reply, shape-checked (content is the checks' job)."""

    model_config = ConfigDict(extra="ignore")

    viable: bool = True
    reason: str = ""
    question: str = ""
    context: str = ""
    answer: str = ""
    default_answer: str = ""
    intended_evidence_span: str = ""
    default_evidence_span: str = ""
    intended_interpretation: dict[str, str] = Field(default_factory=dict)
    default_interpretation: dict[str, str] = Field(default_factory=dict)
    axes_exercised: list[str] = Field(default_factory=list)
    k_readings: int = 2
    shared_attributes: list[str] = Field(default_factory=list)
    distinctive_attributes: list[str] = Field(default_factory=list)

    @field_validator("answer", "default_answer", mode="before")
    @classmethod
    def _number_to_text(cls, v: Any) -> Any:
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return str(v)
        return v

    @field_validator("intended_interpretation", "default_interpretation", mode="before")
    @classmethod
    def _reading(cls, v: Any) -> Any:
        if isinstance(v, dict):
            return {str(k): str(x) for k, x in v.items() if x is not None and str(x).strip()}
        return v

    @field_validator("axes_exercised", mode="before")
    @classmethod
    def _axes(cls, v: Any) -> Any:
        return [v] if isinstance(v, str) else v


def parse_constructed(text: str) -> ConstructedInstance:
    """The constructor's reply; ValueError naming what is wrong when it is not an instance object."""
    obj = first_json_object(text or "")
    if obj is None:
        raise ValueError("no JSON object in the constructor's reply")
    try:
        return ConstructedInstance.model_validate(obj)
    except ValidationError as exc:
        raise ValueError(f"constructor reply does not fit the schema: {validation_message(exc)}") from None


# --------------------------------------------------------------------------- prompts
CATEGORY_INSTRUCTIONS: dict[str, str] = {
    "entity_scope": (
        "Primary category entity_scope: the two readings differ in WHICH ENTITY the figure covers — the "
        "consolidated group vs. one reportable segment, subsidiary or the parent company alone; or amounts "
        "attributable to the parent's shareholders vs. including noncontrolling (minority) interests "
        "(Chinese filings: 归属于母公司股东 / 归母 vs. 合并口径含少数股东). The question names the company and "
        "the metric "
        "only: never 'consolidated', 'segment', 'subsidiary', 'parent', 'attributable', 'noncontrolling', "
        "合并, 归母, 少数股东, 母公司, 分部, 子公司. The context says whose figure the user needs (e.g. 'I run that "
        "business line') without naming the figure."),
    "metric_definition": (
        "Primary category metric_definition: the readings differ in HOW THE METRIC IS DEFINED — GAAP vs. "
        "non-GAAP/adjusted, basic vs. diluted, with vs. without non-recurring items (Chinese filings: "
        "扣除非经常性损益后的净利润 / 扣非 vs. 归属于母公司股东的净利润). The question uses the plain metric name "
        "only: never 'GAAP', 'non-GAAP', 'adjusted', 'diluted', 'basic', 'excluding', 扣非, 扣除, 非经常性, 稀释, "
        "调整后, 归母. The "
        "context describes the user's purpose (e.g. comparing with management guidance that leaves out some "
        "items) so that only the intended definition fits."),
    "temporal_scope": (
        "Primary category temporal_scope: the readings differ in WHICH PERIOD — a quarter vs. the full year, "
        "year-to-date vs. the latest quarter, trailing twelve months, fiscal vs. calendar year, or the base "
        "period of a growth rate. The question names a year at most: never 'quarter', 'Q4', 'three/nine "
        "months', 'year-to-date', 'full year', 'annual', 'fiscal', 'calendar', 'TTM', 季度, 前三季度, 上半年, 全年, "
        "年度, 累计, 单季, 同比. The context describes the stretch of time the user cares about in other words "
        "('the holiday season that closed the year', '年末最后三个月')."),
    "recognition_policy": (
        "Primary category recognition_policy: the readings differ in HOW AMOUNTS ARE RECOGNISED — at a point in "
        "time vs. over time (ASC 606 / IFRS 15 disaggregation), gross (principal) vs. net (agent), "
        "pass-through costs included or not. The default reading is the total a non-expert assumes; the "
        "intended one a recognition-based part of it. The question never says 'point in time', 'over time', "
        "'gross', 'net basis', 'principal', 'agent', 'recognized', 时点, 时段, 总额法, 净额法, 确认, 代理人. "
        "The context "
        "describes the economics the user cares about (e.g. 'booked the moment goods are delivered')."),
    "filing_vintage": (
        "Primary category filing_vintage: the readings differ in WHICH VERSION of the figure — as originally "
        "reported vs. restated, recast or amended in a later filing (10-K/A, 追溯调整, 会计差错更正). Put the "
        "reading in "
        "the 'vintage' field of both interpretations. The question never says 'restated', 'original', "
        "'amended', 'revised', 'recast', 'as reported', 重述, 追溯, 更正, 原披露, 调整前/后. The context gives the "
        "user's reason for wanting that version (e.g. 'reconciling to the corrected numbers')."),
}

_SYSTEM = """You construct instances for FinInteract, a benchmark of genuinely ambiguous financial questions.
An instance is a question Q about one company's filing that admits two defensible readings: the DEFAULT
reading a non-expert assumes from Q alone, giving answer A_d, and the INTENDED reading fixed by a short
disambiguating context C, giving answer A. Both answers must be stated in the passage.

Rules (a candidate that breaks one is rejected automatically):
- Q asks for one value, never a yes/no question; Q names the company (its usual name; in Chinese the
  Chinese company name) and a financial metric, and contains no word that settles the ambiguity.
- C is the user's own words: the minimal scope or definitional constraints that make the intended reading
  the only one. C never states A, A_d or any figure, and never quotes the passage.
- A is the candidate value exactly as the passage states it; A_d is the default reading's value as the
  passage states it; they must differ by more than 3% (amounts) or 1.5 percentage points (rates).
- intended_evidence_span and default_evidence_span are copied verbatim from the passage, each stating its
  own value and not the other's, and they must not be the same sentence.
- intended_interpretation and default_interpretation each give entity, period, metric, basis and vintage
  ("" when not relevant); they differ in the field of the primary category.
- axes_exercised lists the categories the ambiguity exercises, the given primary category first (at most
  one or two secondary ones), from: entity_scope, metric_definition, temporal_scope, recognition_policy,
  filing_vintage. k_readings is the number of plausible readings of Q (at least 2).
- Write Q, C and the interpretations in the passage's language (English or Chinese).
- If the passage does not support a genuine ambiguity of the primary category with this value, reply
  {"viable": false, "reason": "..."} and leave the other fields empty. Do not force an instance.
Reply with one JSON object and nothing else."""


def constructor_messages(candidate: Candidate) -> list[Message]:
    """The constructor's prompt: the rules, the category's instructions, the passage and the value."""
    p = candidate.passage
    category = CATEGORIES[candidate.category]
    lines = [
        f"Primary category (mandatory): {candidate.category} — {category.title} ({category.title_zh}): "
        f"{category.description}",
        CATEGORY_INSTRUCTIONS[candidate.category],
        "",
        f"Company: {p.company}" + (f" (ticker {p.ticker})" if p.ticker else ""),
        f"Language: {'Chinese' if p.language == 'zh' else 'English'}",
        f"Period of the passage: {p.period or 'not given'}; filing: {p.filing_type or 'not given'}"
        + (f", dated {p.filing_date}" if p.filing_date else ""),
        f"Passage ({p.passage_id}):",
        p.text,
        "",
    ]
    if candidate.value is not None:
        lines.append(f"Candidate value (the intended answer A): {candidate.value.value}")
        if candidate.value.evidence_span:
            lines.append(f"Its evidence span: {candidate.value.evidence_span}")
        if candidate.value.other_value:
            lines.append(f"The other reading's value (a candidate A_d): {candidate.value.other_value}")
            if candidate.value.other_evidence_span:
                lines.append(f"Its evidence span: {candidate.value.other_evidence_span}")
    else:
        lines.append("No candidate value given: choose A from the values the passage states.")
    lines.append("Return the instance JSON.")
    return [Message(role="system", content=_SYSTEM), Message(role="user", content="\n".join(lines))]


def reminder_message(problem: str) -> Message:
    return Message(role="user", content=f"Your reply could not be used ({problem}). Reply with only the instance "
                                        "JSON object with every field of the schema.")
