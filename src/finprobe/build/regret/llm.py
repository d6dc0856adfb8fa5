"""LLM-assisted CIG construction through a `generator` role (RegretBench §3.2: "the generator infers the
remaining structure from the supporting context"); the deterministic converters stay the offline default.

`llm_split` asks the model for the latent variables that separate given readings (and, for readings without
short answers, such as CondAmbigQA's paragraphs, a compact answer alias copied from each reading's text), then
builds a CIG from its JSON and validates it: the CIG schema (every reading valued for every variable, values
declared), at least two values per variable, readings pairwise separated, a reference question per variable,
aliases found in the reading's own answers or context (never invented). Anything else raises `LLMSplitError`.

`convert_with_generator` runs the rules first and gives the generator the records the rules dropped for want
of a clean alias or variable (not those a source-level filter of Appendix A removed). A generated CIG then
passes exactly the checks a rule-made one does (`ConversionResult.keep`: `common.vet` and grounding); a
failure keeps the drop, with the generator's failure appended to its reason."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from finprobe.benchmarks.regret._text import mentions, norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, Intent, Variable, ask_action
from finprobe.core.schema import Message
from finprobe.core.sources import validation_message

__all__ = ["FINAL_REASONS", "LLMSplitError", "Reading", "convert_with_generator", "llm_split", "normalised_records",
           "split_prompt"]

Generate = Callable[[list[Message]], Awaitable[str]]


class LLMSplitError(ValueError):
    """The model's reply did not give a valid CIG; str() is the reason."""


class Reading(BaseModel):
    description: str
    #: the reading's answers; empty when only its context holds the answer (the generator then extracts one)
    answers: list[str]
    context: str | None = None


def split_prompt(prompt: str, readings: list[Reading]) -> list[Message]:
    lines = []
    for k, r in enumerate(readings):
        line = f"{k + 1}. {r.description}"
        if r.answers:
            line += f" -> {', '.join(r.answers)}"
        if r.context:
            line += f"\n   context: {r.context[:1500]}"
        lines.append(line)
    need_aliases = any(not r.answers for r in readings)
    return [
        Message(role="system", content=(
            "You structure ambiguous questions. Given a question and its readings, name the few latent "
            "variables (snake_case: year, place, role, medium, season, ...; `referent` when no specific type "
            "fits) whose values tell the readings apart, give each reading's value for every variable (a short "
            "phrase a user would say, one value per reading, never the reading's answer itself), and one short "
            "clarifying question per variable."
            + (" For each reading also give its answer: the shortest span of its context that answers the "
               "question (a name, date, number or short noun phrase, copied exactly; never a connective or a "
               "sentence fragment)." if need_aliases else "")
            + " Reply with JSON only: {\"variables\": [{\"name\": str, \"values\": [str]}], \"slots\": "
              "[{variable: value} for each reading, in order], \"questions\": {variable: str}"
            + (", \"aliases\": [[str] for each reading, in order]" if need_aliases else "")
            + "}. If the readings cannot be told apart by a short attribute, reply {\"keep\": false, "
              "\"reason\": str}.")),
        Message(role="user", content=f"Question: {prompt}\nReadings:\n" + "\n".join(lines)),
    ]


def _aliases(readings: list[Reading], given: Any) -> list[list[str]]:
    """Each reading's aliases: its own answers, else the generator's, which must be spans of its context."""
    out = []
    for k, r in enumerate(readings):
        if r.answers:
            out.append(list(r.answers))
            continue
        if not isinstance(given, list) or len(given) != len(readings) or not isinstance(given[k], list):
            raise LLMSplitError("aliases must list the answers of every reading, in order")
        text = norm(f"{r.description} {r.context or ''}")
        found = [str(a).strip() for a in given[k] if str(a).strip() and mentions(text, str(a))]
        if not found:
            raise LLMSplitError(f"reading {k + 1}: no alias is a span of its context (invented answers are refused)")
        out.append(found)
    return out


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
    if data.get("keep") is False:
        raise LLMSplitError(f"the generator declined: {str(data.get('reason') or 'no reason given')[:200]}")
    aliases = _aliases(readings, data.get("aliases"))
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
            intents=[Intent(intent_id=f"r{k + 1}", description=r.description, answer_aliases=aliases[k],
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
    """Retry AmbigNQ records the rules dropped as unlabelled with `llm_split`; a CIG that passes the converters'
    checks (`ConversionResult.accept`) replaces the drop, anything else keeps the drop with the model's failure
    appended to its reason. Returns the number of CIGs added. `result` is the rules' ConversionResult,
    `records` the AmbigNQRecords it read."""
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
        accepted = result.accept(cig)
        if isinstance(accepted, str):
            drop.reason = f"{drop.reason}; llm split not accepted: {accepted}"
            continue
        result.dropped.remove(drop)
        result.cigs.append(accepted)
        added += 1
    return added


#: drops by a source-level filter (RegretBench Appendix A) that no generator should undo
FINAL_REASONS = (
    "malformed record", "fewer than two", "fewer than three candidate products", "no liked candidate",
    "annotators disagree", "too many alternatives", "a reading without an answer", "clarification does not change",
    "readings ask different questions", "a reading adds nothing", "the question already names", "poor candidate set",
    "no default answer", "no user request", "control without an answer",
)


def normalised_records(kind: str, src: str) -> dict[str, tuple[str, list[Reading], dict[str, Any]]]:
    """record id -> (prompt, readings, metadata): each source in RegretBench's shared ambiguous-QA schema (a
    user-facing question and candidate intents, each with a description, its answers and a context)."""
    from finprobe.core.sources import decode_text, json_records, read_source

    out: dict[str, tuple[str, list[Reading], dict[str, Any]]] = {}
    if kind == "ambignq":
        from finprobe.core.formats.ambignq import load_ambignq

        for rec in load_ambignq(src):
            if rec.multiple_qas:
                out[rec.id] = (rec.question, [Reading(description=p.question, answers=list(p.answer))
                                              for p in rec.multiple_qas[0].qaPairs], {"source": "ambignq"})
        return out
    if kind == "fininteract":
        from finprobe.benchmarks.ambiguity.instances import load_instances

        for inst in load_instances(src):
            if inst.default_answer:
                out[inst.instance_id] = (inst.question, [
                    Reading(description=f"{inst.question} ({'; '.join(inst.intended_interpretation.values().values())})",
                            answers=[inst.answer], context=inst.intended_evidence_span),
                    Reading(description=f"{inst.question} ({'; '.join(inst.default_interpretation.values().values())})",
                            answers=[inst.default_answer], context=inst.default_evidence_span)],
                    {"source": "fininteract", "intended_intent": "r1"})
        return out
    for _where, rec in json_records(decode_text(read_source(src, what=f"{kind} data"), src), src):
        if not isinstance(rec, dict):
            continue
        if kind == "condambigqa" and isinstance(rec.get("properties"), list):
            props = [p for p in rec["properties"] if isinstance(p, dict) and p.get("condition") and p.get("groundtruth")]
            out[str(rec.get("id"))] = (str(rec.get("question") or "").strip(), [
                Reading(description=" ".join(str(p["condition"]).split()), answers=[],
                        context=" ".join(f"{p['condition']} {p['groundtruth']}".split())) for p in props],
                {"source": "condambigqa"})
        elif kind == "ambigdocs" and isinstance(rec.get("documents"), list):
            docs = [d for d in rec["documents"] if isinstance(d, dict) and d.get("title") and d.get("answer")]
            out[str(rec.get("qid"))] = (str(rec.get("question") or "").strip(), [
                Reading(description=str(d["title"]).strip(), answers=[str(d["answer"]).strip()],
                        context=str(d.get("text") or "")[:2000] or None) for d in docs],
                {"source": "ambigdocs", "ambiguous_entity": rec.get("ambiguous_entity")})
        elif kind == "pscon" and isinstance(rec.get("conversation"), list):
            from finprobe.build.regret.pscon import candidate_products, product_aliases

            titles, liked, request = candidate_products(rec["conversation"])
            pids = list(titles)
            if request:
                out[str(rec.get("conv_id"))] = (request, [
                    Reading(description=titles[p], answers=product_aliases(titles[p])) for p in pids],
                    {"source": "pscon", "liked_intents": [f"r{k + 1}" for k, p in enumerate(pids) if p in liked]})
    return out


async def convert_with_generator(kind: str, src: str, generate: Generate, *, limit: int | None = None,
                                 out_dir: str | None = None) -> Any:
    """The rules' conversion of `src`, then the generator on the records the rules could not structure (see the
    module docstring); returns the ConversionResult, its counts carrying the generator's tally."""
    from finprobe.build.regret import convert

    result = convert(kind, src)
    records = normalised_records(kind, src)
    tally = {"tried": 0, "added": 0, "failed": 0}
    for drop in list(result.dropped):
        if drop.reason.startswith(FINAL_REASONS) or drop.record_id not in records:
            continue
        if limit is not None and tally["tried"] >= limit:
            break
        tally["tried"] += 1
        prompt, readings, meta = records[drop.record_id]
        try:
            cig = await llm_split(f"{kind}-{drop.record_id}", prompt, readings, generate,
                                  metadata={**meta, "source_id": drop.record_id})
        except LLMSplitError as exc:
            drop.reason, tally["failed"] = f"{drop.reason}; generator: {exc}", tally["failed"] + 1
            continue
        accepted = result.accept(cig)
        if isinstance(accepted, str):
            drop.reason, tally["failed"] = f"{drop.reason}; generator's CIG rejected: {accepted}", tally["failed"] + 1
            continue
        result.dropped.remove(drop)
        result.cigs.append(accepted)
        tally["added"] += 1
    result.generator = tally
    if out_dir is not None:
        result.write(out_dir)
    return result
