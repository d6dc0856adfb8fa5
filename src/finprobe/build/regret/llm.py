"""LLM-assisted variable extraction for records the rules cannot split (optional).

`llm_split` asks a constructor model for the latent variables that separate given readings, then builds a
CIG from its JSON and validates it like any other: the CIG schema (every reading valued for every variable,
values declared), at least two values per variable, readings pairwise separated, a reference question per
variable. Anything else raises `LLMSplitError` with the reason, which the caller records as a drop."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.core.schema import Message
from finprobe.core.sources import validation_message

__all__ = ["LLMSplitError", "Reading", "llm_split", "split_prompt"]

Generate = Callable[[list[Message]], Awaitable[str]]


class LLMSplitError(ValueError):
    """The model's reply did not give a valid CIG; str() is the reason."""


class Reading(BaseModel):
    description: str
    answers: list[str]
    context: str | None = None


def split_prompt(prompt: str, readings: list[Reading]) -> list[Message]:
    lines = [f"{k + 1}. {r.description} -> {', '.join(r.answers)}" for k, r in enumerate(readings)]
    return [
        Message(role="system", content=(
            "You structure ambiguous questions. Given a question and its readings, name the few latent "
            "variables (snake_case, e.g. year, place, role, medium) whose values tell the readings apart, "
            "give each reading's value for every variable (a short phrase a user would say), and one short "
            "clarifying question per variable. Reply with JSON only: {\"variables\": [{\"name\": str, "
            "\"values\": [str]}], \"slots\": [{variable: value} for each reading, in order], "
            "\"questions\": {variable: str}}.")),
        Message(role="user", content=f"Question: {prompt}\nReadings:\n" + "\n".join(lines)),
    ]


def _json(text: str) -> Any:
    t = re.sub(r"^```(?:json)?\s*|```\s*$", "", text.strip(), flags=re.M)
    start, end = t.find("{"), t.rfind("}")
    if start < 0 or end <= start:
        raise LLMSplitError("the reply holds no JSON object")
    try:
        return json.loads(t[start:end + 1])
    except json.JSONDecodeError as exc:
        raise LLMSplitError(f"invalid JSON: {exc.msg}") from None


async def llm_split(cig_id: str, prompt: str, readings: list[Reading], generate: Generate,
                    *, metadata: dict[str, Any] | None = None) -> CIG:
    """A CIG for `readings` with variables proposed by the model behind `generate` (validated)."""
    if len(readings) < 2:
        raise LLMSplitError("fewer than two readings")
    data = _json(await generate(split_prompt(prompt, readings)))
    if not isinstance(data, dict):
        raise LLMSplitError("the JSON is not an object")
    try:
        variables = [Variable.model_validate(v) for v in data.get("variables") or []]
    except ValidationError as exc:
        raise LLMSplitError(f"variables: {validation_message(exc)}") from None
    slots = data.get("slots")
    questions = data.get("questions") or {}
    if not variables:
        raise LLMSplitError("no variables")
    if not isinstance(slots, list) or len(slots) != len(readings) or not all(isinstance(s, dict) for s in slots):
        raise LLMSplitError("slots must list one object per reading")
    for v in variables:
        if len(v.values) < 2:
            raise LLMSplitError(f"variable {v.name!r} has fewer than two values")
    keys = [tuple(str(s.get(v.name)) for v in variables) for s in slots]
    if len(set(keys)) < len(keys):
        raise LLMSplitError("two readings have the same value for every variable")
    actions = [ClarifyAction(action=ask_action(v.name), reference_questions=[
        str(questions.get(v.name) or f"Which {v.name.replace('_', ' ')} do you mean?")]) for v in variables]
    try:
        return CIG(
            cig_id=cig_id, prompt=prompt,
            intents=[Intent(intent_id=f"r{k + 1}", description=r.description, answer_aliases=r.answers,
                            context=r.context, slots={v.name: str(slots[k].get(v.name)) for v in variables})
                     for k, r in enumerate(readings)],
            variables=variables, actions=actions, metadata={**(metadata or {}), "variables_by": "llm"},
        )
    except ValidationError as exc:
        raise LLMSplitError(validation_message(exc)) from None


#: rule drops an LLM may still split: the readings are fine, the rules found no concise shared attribute
SPLITTABLE_REASONS = (
    "alternatives not labelled by a shared concise attribute",
    "alternatives not cleanly labelled",
    "readings not separated by their attributes",
)


async def refine_ambignq_with_llm(result: Any, records: list[Any], generate: Generate, *,
                                  limit: int | None = None) -> int:
    """Retry AmbigNQ records the rules dropped as unlabelled with `llm_split`; a valid, grounded CIG replaces
    the drop, anything else keeps the drop with the model's failure appended to its reason. Returns the
    number of CIGs added. `result` is the rules' ConversionResult, `records` the AmbigNQRecords it read."""
    from finprobe.build.regret.common import ground

    by_id = {r.id: r for r in records}
    added = tried = 0
    for drop in list(result.dropped):
        if not drop.reason.startswith(SPLITTABLE_REASONS) or drop.record_id not in by_id:
            continue
        if limit is not None and tried >= limit:
            break
        tried += 1
        rec = by_id[drop.record_id]
        pairs = rec.multiple_qas[0].qaPairs
        readings = [Reading(description=p.question, answers=list(p.answer)) for p in pairs]
        try:
            cig = await llm_split(f"ambignq-{rec.id}", rec.question, readings, generate,
                                  metadata={"source": "ambignq", "source_id": rec.id})
        except LLMSplitError as exc:
            drop.reason = f"{drop.reason}; llm split failed: {exc}"
            continue
        grounded = ground(cig)
        if isinstance(grounded, str):
            drop.reason = f"{drop.reason}; llm split not grounded: {grounded}"
            continue
        result.dropped.remove(drop)
        result.cigs.append(grounded)
        added += 1
    return added
