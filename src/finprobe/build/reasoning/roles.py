"""The reviewer roles of the review and what each one is shown.

A role is one of
- a **model** (`ModelRole`): any spec `core.models.registry.build_backend` accepts (`openai:MODEL`,
  `vllm:MODEL`, `local`, ...), or a ready backend (a scripted one in tests). Its calls are recorded (tokens,
  cost, latency, errors) and stored in the build's run store, so a resumed build does not pay twice;
- **recorded** (`RecordedRole`, spec `recorded:PATH`): a replay of records people or helper sessions
  wrote (a JSONL file, a folder of them, or a glob), keyed by task id. A task without a record is
  *pending*: the build writes what that reviewer must be shown to `pending/<role>.jsonl` and goes on;
- **rules** (adjudicator only): the pipeline's own decision rules (`rules.auto_decision`).

Blindness is by construction: a blind role's prompt is `blind_prompt(data)` — the report excerpt and the
original question exactly as the agent under test sees them (`contract.user_prompt`), nothing else: no
reference, no program, no human answer, no model answer. Only the adjudicator's dossier shows those.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from finprobe.benchmarks.reasoning.contract import ANSWER_CONTRACT, user_prompt
from finprobe.build.reasoning.records import Adjudication, BlindRecord, load_recorded
from finprobe.build.reasoning.rules import TaskFacts
from finprobe.core.actions import first_json_object
from finprobe.core.calls import RoleBinding, RoleCaller
from finprobe.core.schema import Message, Transcript
from finprobe.core.sources import validation_message

__all__ = ["ADJUDICATION_SCHEMA", "BLIND_SCHEMA", "ModelRole", "RecordedRole", "adjudication_prompt",
           "blind_messages", "blind_prompt"]

_READINGS = {"type": "array", "items": {
    "type": "object", "required": ["reading", "answer"], "additionalProperties": False,
    "properties": {"reading": {"type": "string"}, "answer": {"type": ["number", "string"]}}}}
BLIND_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["answer", "verdict", "readings", "reason"],
    "properties": {"answer": {"type": ["number", "string", "null"]},
                   "verdict": {"type": "string", "enum": ["clear", "ambiguous", "missing_data"]},
                   "readings": _READINGS, "reason": {"type": "string"}},
}
ADJUDICATION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["kinds", "reason"],
    "properties": {"kinds": {"type": "array", "items": {"type": "string",
                                                        "enum": ["value", "question", "sign_agnostic", "skip"]}},
                   "value": {"type": ["number", "string", "null"]}, "question": {"type": ["string", "null"]},
                   "skip": {"type": ["string", "null"]}, "readings": _READINGS, "reason": {"type": "string"}},
}

BLIND_SYSTEM = f"""\
You review a task of a financial reasoning benchmark. You see a report excerpt and a question, nothing else.
Compute the answer from the excerpt yourself.

{ANSWER_CONTRACT.split("Answer contract:", 1)[1].strip()}
- For a difference, change, decrease or decline, give the sign the wording most naturally implies (later
  minus earlier for a change "from A to B"); both signs are accepted on such questions anyway.

Judge the question too:
- "clear": it has one reasonable reading; `answer` is its value and `readings` is [].
- "ambiguous": a second reading is just as reasonable (not merely conceivable) and gives a different value:
  one sum or one value per year; which date when the table has several in the period; index points or
  percent growth; which row when two rows fit and the question names neither; the direction of an
  "improvement" when the value fell. `answer` is the reading you find most natural; `readings` lists each
  reasonable reading with its value. The open sign of a plain change, the unit, and percent vs fraction are
  fixed by the contract: they do not make a question ambiguous.
- "missing_data": the excerpt lacks a figure the question needs (say which), or the question has no clear
  meaning; `answer` is null.

Reply with only a JSON object:
{{"answer": <number | "yes" | "no" | null>, "verdict": "clear" | "ambiguous" | "missing_data",
 "readings": [{{"reading": "<short phrase>", "answer": <number | "yes" | "no">}}, ...],
 "reason": "<one or two sentences a reader can check against the excerpt: which figures (row, year, unit)
 and which calculation>"}}"""

ADJUDICATOR_SYSTEM = """\
You decide whether a task of a financial reasoning benchmark (FinQA) needs a correction. You see the report
excerpt, the question, FinQA's stored program and its result (the reference), FinQA's human-written answer,
and the records of blind reviewers who computed the answer from the excerpt and question alone.

Rules:
- The reference computes something other than what the question asks: correct the value ("value"); the
  question stays. At least two blind reviewers must have reached the new value.
- The question has two reasonable readings and the reference follows one: make the question precise
  ("question"), keeping the reference value; for a difference or decrease whose sign is open, accept both
  signs instead ("sign_agnostic").
- The excerpt lacks the data the question needs, or the question has no clear meaning: "skip", with the reason.
- Otherwise keep the task (kinds = []). A blind reviewer's mistake alone is never a reason to change a task.

Reply with only a JSON object:
{"kinds": [] | ["value"] | ["question"] | ["sign_agnostic"] | ["skip"] | ["value", "question"] ...,
 "value": <the corrected value, or null>, "question": "<the precise question, or null>",
 "skip": "<why the task cannot be answered, or null>",
 "readings": [{"reading": "...", "answer": ...}, ...],
 "reason": "<one or two sentences a reader can check against the excerpt: figures, rows, years, units>"}"""

_REMINDER = "Reply with only the JSON object described in the instructions."


def blind_prompt(data: dict[str, Any]) -> str:
    """What a blind reviewer is shown: the excerpt and the ORIGINAL question (never an overlay's rewording)."""
    return user_prompt({k: v for k, v in data.items() if k != "correction"})


def blind_messages(data: dict[str, Any]) -> list[Message]:
    return [Message(role="system", content=BLIND_SYSTEM), Message(role="user", content=blind_prompt(data))]


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def adjudication_prompt(data: dict[str, Any], facts: TaskFacts, blind: dict[str, BlindRecord]) -> str:
    """The adjudicator's dossier: the blind prompt, FinQA's program, references and the blind records."""
    qa = data["qa"]
    lines = [blind_prompt(data), "", "FinQA program: " + qa["program"],
             f"FinQA result (exe_ans): {qa['exe_ans']}",
             f"Grading reference: {facts.reference} (from the {facts.reference_source}; "
             f"{'both signs accepted' if facts.sign_agnostic else 'the sign counts'})",
             f"FinQA human answer: {qa.get('answer', '')!r}"
             + (f" (disagrees with exe_ans: {facts.fields_disagree})" if facts.fields_disagree else ""),
             "", "Blind reviewers:"]
    for letter, record in blind.items():
        readings = "; ".join(f"{r.reading} = {r.answer}" for r in record.readings)
        lines.append(f"- {letter} ({record.reviewer_kind}): {record.verdict}, answer {_dump(record.answer)}"
                     + (f", readings: {readings}" if readings else "") + f". Reason: {record.reason}")
    return "\n".join(lines)


def adjudication_messages(prompt: str) -> list[Message]:
    return [Message(role="system", content=ADJUDICATOR_SYSTEM), Message(role="user", content=prompt)]


# --------------------------------------------------------------------------- roles
@dataclass
class RecordedRole:
    """A replay of recorded records (`recorded:PATH`)."""

    name: str
    pattern: str
    records: dict[str, Any] = field(default_factory=dict)

    kind = "recorded"

    @property
    def spec(self) -> str:
        return f"recorded:{self.pattern}"

    @classmethod
    def open(cls, name: str, pattern: str, model: type[BlindRecord] | type[Adjudication],
             known_ids: list[str]) -> RecordedRole:
        records: dict[str, Any] = (load_recorded(pattern, Adjudication, known_ids) if model is Adjudication
                                   else load_recorded(pattern, BlindRecord, known_ids))
        return cls(name=name, pattern=pattern, records=records)


@dataclass
class ModelRole:
    """A model reviewer: asks, parses the JSON reply, asks once more when it does not parse."""

    binding: RoleBinding

    kind = "model"

    @property
    def name(self) -> str:
        return self.binding.name

    @property
    def spec(self) -> str:
        return self.binding.spec

    def label(self, stage: str) -> str:
        return f"{self.binding.backend.model} ({self.binding.spec}), finprobe build reasoning, {stage}"

    async def ask(self, call: RoleCaller, messages: list[Message], task_id: str, stage: str, seed: int,
                  transcript: Transcript) -> tuple[BlindRecord | Adjudication | None, str]:
        """(record, problem): the parsed record, or None with why the reply could not be read. A failed
        model call raises ModelError (the task is redone when the build resumes)."""
        model: type[BlindRecord] | type[Adjudication] = Adjudication if stage == "adjudication" else BlindRecord
        schema = ADJUDICATION_SCHEMA if stage == "adjudication" else BLIND_SCHEMA
        config = self.binding.config_for(schema, seed)
        problem = ""
        for _attempt in range(2):
            reply = await call(self.binding, messages, config, transcript)
            obj = first_json_object(reply.output or "")
            if obj is None:
                problem = "no JSON object in the reply"
            else:
                try:
                    return model.model_validate({**obj, "id": task_id, "reviewer": self.label(stage),
                                                 "reviewer_kind": "model"}), ""
                except ValidationError as exc:
                    problem = validation_message(exc)
            messages = [*messages, Message(role="assistant", content=reply.output or ""),
                        Message(role="user", content=f"{_REMINDER} ({problem})")]
        return None, problem


# --------------------------------------------------------------------------- roles from specs
def parse_role_spec(spec: str) -> tuple[str, str]:
    """(`recorded` | `rules` | `none` | `model`, the rest): how a CLI spec is read."""
    s = spec.strip()
    if s.lower().startswith("recorded:"):
        path = s.split(":", 1)[1].strip()
        if not path:
            raise ValueError(f"{spec!r}: name the records, e.g. recorded:review/blind/*.A.jsonl")
        return "recorded", path
    if s.lower() in ("rules", "none"):
        return s.lower(), ""
    return "model", s
