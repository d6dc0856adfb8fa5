"""Multi-hop chains: the instance schema (DESIGN §6) and the loader for the family's own chain format.

A chain of K hops is the released question plus the gold answer of every hop: hops 1..K−1 are the
intermediate checkpoints (process scoring), hop K's answer is the final answer. Level follows from K
(L1: 1–2 hops, L2: 3–4, L3: 5–6). Each hop may carry its typed answer (`kind`, canonical `value`, `aliases`,
`unit`, the `distractors` it was chosen against) and the exact tool calls that solve it with the rule
(`derive`) that turns their results into the answer — what the `gold-path` policy replays and what
chain synthesis produces.

File format (`load_chains`): a JSON array (or JSON Lines) of `Chain` objects, e.g.

    {"id": "demo-en-3hop-1", "language": "en", "question": "...", "final_answer": "2024-04-26",
     "hops": [{"answer": "Zephyrine Semiconductor", "kind": "entity", "value": "ZPHR.DEMO",
               "aliases": ["ZPHR", ...], "tool_calls": [{"tool": "price", "args": {...}}, ...],
               "derive": {"op": "max", "path": "close", "key": "entity"}}, ...]}

A file whose records carry `prompt_id` is read as the public release format instead (see `release`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from finprobe.core.benchmark import DataError
from finprobe.core.sources import decode_text, json_records, read_source, validate_records

__all__ = [
    "AnswerKind",
    "Binding",
    "Chain",
    "Derivation",
    "Hop",
    "HopPart",
    "JudgePrompts",
    "ToolCall",
    "demo_chains_path",
    "level_for_hops",
    "load_chains",
    "read_records",
]

#: "none": the answer is that no candidate qualifies ("No fund meets both conditions")
AnswerKind = Literal["entity", "date", "period", "number", "text", "none"]
Level = Literal["L1", "L2", "L3"]
#: where a hop's answer comes from: a gold field of a chain file, the release's hop-gold sidecar (see
#: `hop_gold`), best-effort extraction from a release's free text, or nowhere
HopSource = Literal["gold", "sidecar", "extracted", "extracted_uncertain", "missing"]
MAX_HOPS = 6


def level_for_hops(k: int) -> Level:
    """DESIGN §6: L1 = 1–2 hops, L2 = 3–4, L3 = 5–6."""
    if not 1 <= k <= MAX_HOPS:
        raise ValueError(f"a chain has 1 to {MAX_HOPS} hops, not {k}")
    return "L1" if k <= 2 else "L2" if k <= 4 else "L3"


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Binding(_Rec):
    """An argument of a gold tool call that takes an earlier hop's answer (its canonical `value`)."""

    hop: int = Field(ge=1)
    #: how the value is turned into the argument: as is, or the quarter / month / year of a date
    transform: Literal["value", "quarter_of", "month_of", "year_of"] = "value"


class ToolCall(_Rec):
    """One gold tool call. `args` hold the concrete values of the gold path; `bind` names the arguments that
    come from earlier hops (a replaying policy fills them from its own answers to those hops)."""

    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    bind: dict[str, Binding] = Field(default_factory=dict)


class Derivation(_Rec):
    """How a hop's answer follows from the JSON results of its tool calls.

    - `field`: the value at `path` in the result of call `call` (default: the hop's last call);
    - `max` / `min` over calls (no `field`): the call whose result has the largest/smallest value at
      `path`; the answer is that result's `key` (e.g. path "close", key "entity");
    - `max` / `min` over a list (with `field`): the item of the list at `path` (in call `call`) with the
      largest/smallest `field`; the answer is the item's `key` (e.g. path "values", field "value", key "period").

    Paths are dotted; a segment may be a list index ("events.0.date") or a filter ("events[period=2024Q3].date").
    A tie for max/min is an error: the hop would not have a unique answer.
    """

    op: Literal["field", "max", "min"]
    path: str
    call: int = -1
    field: str | None = None
    key: str | None = None

    @model_validator(mode="after")
    def _check(self) -> Derivation:
        if self.op != "field" and not self.key:
            raise ValueError(f"derive op {self.op!r} needs a key (the field naming the winner)")
        return self


def _names(answer: str, aliases: list[str]) -> list[str]:
    """`answer` then its aliases, empty ones left out, each once, in order."""
    return [a for a in dict.fromkeys((answer, *aliases)) if a]


class HopPart(_Rec):
    """One part of an answer that names several things ("which two funds …": each fund is a part)."""

    answer: str
    aliases: list[str] = Field(default_factory=list)
    #: canonical value (an ISO date for a date part)
    value: str | float | int | None = None

    def names(self) -> list[str]:
        """The answer and its aliases, deduplicated."""
        return _names(self.answer, self.aliases)


class Hop(_Rec):
    """One hop: its gold answer and, when known, how it is found.

    An answer that names several things (the two funds with the highest return, a ranking, every release date
    of a year) has `parts`: the answer counts only when every part is stated (in the given order when
    `ordered`), as the release's process prompt says ("if the reference answer requires multiple key points,
    the student must cover them completely"). `answer` then joins the parts for display."""

    answer: str
    question: str | None = None
    kind: AnswerKind = "text"
    #: canonical value: an entity id, an ISO date, a period (2024Q3, 2024-03), a number
    value: str | float | int | None = None
    #: other ways of writing the answer that count (names, tickers, aliases in either language)
    aliases: list[str] = Field(default_factory=list)
    unit: str | None = None  # numbers: "yuan", "shares", "%", "points"
    #: alias lists of the other candidates the hop chose among (helps the matcher spot a hedge)
    distractors: list[list[str]] = Field(default_factory=list)
    #: for a figure that belongs to one entity of several ("that fund's one-month return"): the entity's names
    #: (the `distractors` then name the others, whose figures are not the answer)
    owner: list[str] = Field(default_factory=list)
    #: for a figure: the words that label it in an answer ("收益排名", "return ranking"), when the question's own
    #: wording does not
    figure_label: list[str] = Field(default_factory=list)
    tool_calls: list[ToolCall] = Field(default_factory=list)
    derive: Derivation | None = None
    #: the parts of a several-part answer (see the class docstring); empty for a one-part answer
    parts: list[HopPart] = Field(default_factory=list)
    ordered: bool = False
    #: other parts of the same answer, when this hop stands for one part: not rival candidates of it
    companions: list[str] = Field(default_factory=list)
    #: other answers that count as this hop's (the release's final reference gives a company's figure where
    #: its question asks for the company: either is the answer)
    alternatives: list[Hop] = Field(default_factory=list)
    #: where the answer comes from: a gold field, the hop-gold sidecar, or extraction from a release's free text
    source: HopSource = "gold"
    #: how a sidecar answer was settled: "rule:<name>", "reviewed", "release_final" (see `hop_gold`)
    how: str | None = None
    note: str | None = None

    def names(self) -> list[str]:
        """The answer and its aliases, deduplicated."""
        return _names(self.answer, self.aliases)

    def part_hops(self) -> list[Hop]:
        """One hop per part (the part's names as answer and aliases, the other parts as companions), or [self]."""
        if not self.parts:
            return [self]
        out = []
        for i, p in enumerate(self.parts):
            companions = [n for j, q in enumerate(self.parts) if j != i
                          for n in [*q.names(), *([str(q.value)] if q.value is not None else [])]]
            out.append(self.model_copy(update={"answer": p.answer, "aliases": p.aliases, "value": p.value,
                                               "parts": [], "ordered": False, "companions": companions}))
        return out


class JudgePrompts(_Rec):
    """A release's own judge prompts, used verbatim by the LLM judge when present."""

    final_system: str | None = None
    process_system: str | None = None
    template: str | None = None


class Chain(_Rec):
    """A K-hop chain (DESIGN §6): `id, question, final_answer, hops[{answer, question?}]`, K, level, language."""

    id: str
    question: str
    final_answer: str
    hops: list[Hop]
    language: Literal["en", "zh"] = "en"
    #: K and level are derived from the hops; when a file states them they must agree
    K: int | None = None
    level: Level | None = None
    reference_response: str | None = None
    judge_prompts: JudgePrompts | None = None
    source: str | None = None
    #: the market the gold tool calls run against (e.g. "demo:7"); None when the chain has no tool path
    market: str | None = None
    #: data-quality flags set by the loader (e.g. "hops_extracted_uncertain"); the doctor reports them
    flags: list[str] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _derive_k(self) -> Chain:
        if not self.question.strip():
            raise ValueError("question is empty")
        k = len(self.hops)
        level = level_for_hops(k)
        if self.K is not None and self.K != k:
            raise ValueError(f"K={self.K} but {k} hops are given")
        if self.level is not None and self.level != level:
            raise ValueError(f"level {self.level} but {k} hops make {level}")
        self.K, self.level = k, level
        return self

    @property
    def k(self) -> int:
        return len(self.hops)

    @property
    def intermediate(self) -> list[Hop]:
        """The N = K−1 intermediate checkpoints."""
        return self.hops[:-1]

    def final_hop(self) -> Hop:
        """The last hop with `final_answer` as its answer (the release's final reference wins over text
        extracted from the reference response; a hop-gold sidecar's last hop, which names the final answer's
        parts and the release's ways of writing them, is used as it is)."""
        last = self.hops[-1]
        if last.answer == self.final_answer or last.source == "sidecar":
            return last
        aliases = [a for a in [last.answer, *last.aliases] if a and a != self.final_answer]
        keep = aliases if last.source == "gold" else []
        return last.model_copy(update={"answer": self.final_answer, "aliases": keep})

    def has_gold_path(self) -> bool:
        return all(h.tool_calls and h.derive is not None for h in self.hops)


def demo_chains_path() -> Path:
    """The bundled demo chain set (fictional demo market, EN and ZH, 1–6 hops)."""
    return Path(__file__).parent / "data" / "demo_chains.json"


def read_records(source: str | Path, *, sha256: str | None = None, what: str = "chains") -> list[tuple[str, Any]]:
    """(where, record) pairs from a JSON array or JSON Lines file at a path or URL."""
    s = str(source)
    return json_records(decode_text(read_source(s, sha256=sha256, what=what), s), s)


def load_chains(source: str | Path, *, sha256: str | None = None) -> list[Chain]:
    """Chains from a file (path or URL): the family's chain format, or the public release format when the
    records carry `prompt_id`. Raises DataError naming the file and the record for malformed data."""
    records = read_records(source, sha256=sha256)
    if not records:
        raise DataError(f"{source}: no records")
    first = records[0][1]
    if isinstance(first, dict) and "prompt_id" in first:
        from finprobe.benchmarks.multihop.release import chains_from_release

        return chains_from_release(records)
    return validate_records(records, Chain, "id", duplicate_label="chain id")
