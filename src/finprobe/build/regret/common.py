"""What every converter returns and writes: kept CIGs, controls, and every dropped record with its reason."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.regret.cig import CIG, dump_cigs
from finprobe.benchmarks.regret.mapper import ActionMapper
from finprobe.benchmarks.regret.matching import match_intent

__all__ = ["ConversionResult", "DroppedRecord", "ground"]

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

    @property
    def counts(self) -> dict[str, Any]:
        return {
            "records": self.n_records,
            "cigs": len(self.cigs),
            "controls": len(self.controls),
            "dropped": len(self.dropped),
            "dropped_by_reason": dict(Counter(d.reason for d in self.dropped).most_common()),
        }

    def keep(self, cig: CIG, record_id: str, where: str | None = None) -> None:
        """Add a converted CIG after grounding it (`ground`), or record the drop."""
        grounded = ground(cig)
        if isinstance(grounded, str):
            self.drop(record_id, grounded, where=where)
        else:
            self.cigs.append(grounded)

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
