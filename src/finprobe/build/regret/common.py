"""What every converter returns and writes: kept CIGs, controls, and every dropped record with its reason."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from finprobe.benchmarks.regret._text import norm
from finprobe.benchmarks.regret.cig import CIG, ClarifyAction, ask_action, dump_cigs
from finprobe.benchmarks.regret.mapper import ActionMapper
from finprobe.benchmarks.regret.matching import match_intent
from finprobe.benchmarks.regret.quality import GENERIC_VARIABLE, fragment_reason, quality_findings

__all__ = ["ConversionResult", "DroppedRecord", "Rejection", "ground", "vet"]

_MAPPER = ActionMapper("lexical")


def ground(cig: CIG) -> CIG | str:
    """The CIG with only the reference questions the (lexical) mapper maps back to their own action, and each
    intent's aliases ordered so the first one selects that intent; or the reason it cannot be grounded.
    The reference planner asks with these questions and answers with the first alias, so a question or an
    alias the runtime would misread would make the planner's own episodes disagree with its plan."""
    data = cig.model_copy(deep=True)
    for action in data.actions:
        kept = [q for q in action.reference_questions if _MAPPER.map(q, cig).variable == action.variable]
        if not kept:
            return f"no reference question maps back to {action.action}"
        action.reference_questions = kept
    if not data.is_control:
        for intent in data.intents:
            own = [a for a in intent.answer_aliases if match_intent(a, cig).intent_id == intent.intent_id]
            if not own:
                return f"no alias of intent {intent.intent_id!r} selects it (aliases overlap other intents)"
            intent.answer_aliases = own + [a for a in intent.answer_aliases if a not in own]
    return data


#: defects no repair removes: the CIG is dropped with the finding as its reason
_REASONS = {
    "concatenated_value": "concatenated value: a variable value strings several values together",
    "swapped_slots": "swapped slots: two intents' slot values are each named only by the other intent",
    "misaligned_slot": "misaligned slot: a slot value is named by another intent's text, not by its own",
    "mistyped_variable": "mistyped variable: its values are not of its type",
    "self_revealing_slot": "self-revealing slot: asking gives the answer away",
    "fragment_alias": "fragment alias: an answer alias is a piece of a sentence",
}
_FATAL = ("concatenated_value", "swapped_slots", "misaligned_slot", "mistyped_variable")


def _generic_questions(values: list[str]) -> list[str]:
    qs = ["Which one do you mean?"]
    if 2 <= len(values) <= 4:
        qs.append("Do you mean " + ", ".join(values[:-1]) + " or " + values[-1] + "?")
    return qs


class Rejection(NamedTuple):
    """Why `vet` drops a CIG: a reason shared by every CIG dropped for it, and this CIG's detail."""

    reason: str
    detail: str


def vet(cig: CIG) -> CIG | Rejection:
    """The CIG a careful reader accepts (`benchmarks.regret.quality`), repaired where a repair loses nothing
    true, or the reason it is dropped. The same checks for the rules' and the generator's CIGs:

    - aliases that are sentence fragments are removed (an intent left without one drops the CIG);
    - a typed variable whose values are not of its type becomes the generic `referent` variable ("Which one do
      you mean?") when the CIG has none, else the CIG is dropped;
    - a variable whose value gives an intent's answer away is removed; the rest must still separate the intents;
    - a concatenated value, or slots swapped or misaligned between intents, drops the CIG."""
    data = cig.model_copy(deep=True)
    for intent in data.intents:
        kept = [a for a in intent.answer_aliases if fragment_reason(a) is None]
        if not kept:
            first = intent.answer_aliases[0] if intent.answer_aliases else ""
            return Rejection("fragment alias: no answer alias of an intent is an answer",
                             f"intent {intent.intent_id!r}: {fragment_reason(first) if first else 'no alias'}")
        intent.answer_aliases = kept
    if data.is_control:
        return data
    findings = quality_findings(data)
    for f in findings:
        if f.kind == "mistyped_variable" and f.variable is not None:
            if any(v.name == GENERIC_VARIABLE for v in data.variables):
                return Rejection("mistyped variable: its values are not of its type", f.detail)
            _rename(data, f.variable, GENERIC_VARIABLE)
    _unreveal_aliases(data)
    findings = quality_findings(data)
    fatal = next((f for f in findings if f.kind in _FATAL), None)
    if fatal is not None:
        return Rejection(_REASONS[fatal.kind], fatal.detail)
    revealing = {f.variable for f in findings if f.kind == "self_revealing_slot" and f.variable}
    if revealing:
        data.variables = [v for v in data.variables if v.name not in revealing]
        data.actions = [a for a in data.actions if a.variable not in revealing]
        for intent in data.intents:
            intent.slots = {k: v for k, v in intent.slots.items() if k not in revealing}
        keys = [tuple(i.slots[v.name] for v in data.variables) for i in data.intents]
        if not data.variables or len(set(keys)) < len(keys):
            detail = next(f.detail for f in findings if f.kind == "self_revealing_slot")
            return Rejection("self-revealing slot: asking gives the answer away, and no other variable separates "
                             "the intents", detail)
    return CIG.model_validate(data.model_dump())


def _unreveal_aliases(cig: CIG) -> None:
    """"September 21, 2016" for the intent whose year is 2016 answers with "September 21" first: the part of an
    alias that repeats the intent's own slot value is what the user already said, not the answer. The full
    alias stays as a second spelling, so an answer that repeats the year still selects the intent."""
    stripped: dict[str, str] = {}
    for intent in cig.intents:
        values = {norm(v) for v in intent.slots.values()}
        first = intent.answer_aliases[0] if intent.answer_aliases else ""
        parts = [p.strip() for p in first.split(",")]
        rest = [p for p in parts if norm(p) not in values]
        if len(parts) > 1 and rest and len(rest) < len(parts):
            stripped[intent.intent_id] = ", ".join(rest)
    # "September" for every year's intent: without its value no intent has an answer of its own; leave it be
    # (the check then finds the slot self-revealing)
    taken = [norm(stripped.get(i.intent_id, i.answer_aliases[0] if i.answer_aliases else "")) for i in cig.intents]
    for intent in cig.intents:
        alias = stripped.get(intent.intent_id)
        if alias is not None and taken.count(norm(alias)) == 1:
            intent.answer_aliases = list(dict.fromkeys([alias, *intent.answer_aliases]))


def _rename(cig: CIG, old: str, new: str) -> None:
    """Turn typed variable `old` into the generic variable `new` (its values kept, generic questions)."""
    values: list[str] = []
    for var in cig.variables:
        if var.name == old:
            var.name, var.description, values = new, "which one", var.values
    cig.actions = [a if a.variable != old else ClarifyAction(action=ask_action(new),
                                                             reference_questions=_generic_questions(values))
                   for a in cig.actions]
    for intent in cig.intents:
        intent.slots = {(new if k == old else k): v for k, v in intent.slots.items()}


class DroppedRecord(BaseModel):
    source: str
    record_id: str
    reason: str
    detail: str | None = None
    where: str | None = None


class ConversionResult(BaseModel):
    kind: str
    input: str
    n_records: int = 0
    cigs: list[CIG] = Field(default_factory=list)
    #: one-intent CIGs ("no clarification needed"), kept apart from the ambiguous ones
    controls: list[CIG] = Field(default_factory=list)
    dropped: list[DroppedRecord] = Field(default_factory=list)
    out_dir: str | None = None
    #: the generator's tally (records tried, CIGs added, failures) when the LLM-assisted option ran
    generator: dict[str, Any] | None = None

    @property
    def counts(self) -> dict[str, Any]:
        return {
            "records": self.n_records,
            "cigs": len(self.cigs),
            "controls": len(self.controls),
            "dropped": len(self.dropped),
            "dropped_by_reason": dict(Counter(d.reason for d in self.dropped).most_common()),
            **({"generator": self.generator} if self.generator is not None else {}),
        }

    @staticmethod
    def _checked(cig: CIG) -> CIG | Rejection:
        vetted = vet(cig)
        if isinstance(vetted, Rejection):
            return vetted
        grounded = ground(vetted)
        if isinstance(grounded, str):
            return Rejection(grounded, "")
        # grounding puts first the alias that selects its intent: the checks hold for that order too
        left = quality_findings(grounded)
        if left:
            return Rejection(_REASONS.get(left[0].kind, left[0].kind.replace("_", " ")), left[0].detail)
        return grounded

    def accept(self, cig: CIG) -> CIG | str:
        """The CIG after vetting (`vet`) and grounding (`ground`), or why it is refused ("reason: detail")."""
        checked = self._checked(cig)
        if isinstance(checked, Rejection):
            return f"{checked.reason}: {checked.detail}" if checked.detail else checked.reason
        return checked

    def keep(self, cig: CIG, record_id: str, where: str | None = None) -> None:
        """Add a converted CIG after vetting (`vet`) and grounding it (`ground`), or record the drop."""
        checked = self._checked(cig)
        if isinstance(checked, Rejection):
            self.drop(record_id, checked.reason, detail=checked.detail or None, where=where)
        else:
            self.cigs.append(checked)

    def drop(self, record_id: str, reason: str, detail: str | None = None, where: str | None = None) -> None:
        self.dropped.append(DroppedRecord(source=self.kind, record_id=record_id, reason=reason, detail=detail,
                                          where=where))

    def write(self, out_dir: str | Path) -> None:
        """`cigs.jsonl`, `dropped.jsonl`, `controls.jsonl` (when any) and `counts.json` in `out_dir`."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        dump_cigs(self.cigs, out / "cigs.jsonl")
        with open(out / "dropped.jsonl", "w", encoding="utf-8") as fh:
            for d in self.dropped:
                fh.write(d.model_dump_json(exclude_none=True) + "\n")
        if self.controls:
            dump_cigs(self.controls, out / "controls.jsonl")
        (out / "counts.json").write_text(json.dumps({"kind": self.kind, "input": self.input, **self.counts},
                                                    indent=2) + "\n", encoding="utf-8")
        self.out_dir = str(out)
