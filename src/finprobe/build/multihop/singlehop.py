"""Single-hop QA: instantiate a pattern from the data pool, answer it with the market tools, and verify it by
re-deriving the answer from the question text alone (paper §3.4.1 and §3.5.1, "Single-Hop Verification").

Generation (`HopGenerator.generate`): the input slot takes the previous hop's answer (through the slot's
transform), a subject slot may take the company that answer is about, the other slots are sampled from
the pool; the gold calls run against `MarketTools` and the pattern's derivation gives the answer.
Verification: the question, written with every value explicit (the previous answer included), is read by
`QuestionReader` (which sees only the text); the calls rebuilt from what it read run through the same tools,
and the re-derived answer must equal the generated one. A question is dropped, with its reason, when:

| reason              | meaning                                                                     |
|---------------------|-----------------------------------------------------------------------------|
| `empty_pool`        | the market has no data this pattern can ask about here                      |
| `tool_error`        | a gold call failed (no data for the sampled values)                         |
| `tie`               | a max/min has several winners: the answer is not unique                     |
| `not_unique`        | several rows match (two dividends in a fiscal year, two reports the same day) |
| `ambiguous_entity`  | a name in the question (or a lookup) matches several entities               |
| `no_answer`         | the result holds no answer (no holding entity, no release date)             |
| `incomplete_period` | "which month of Y" over a year the series does not fully cover              |
| `unparseable`       | the verifier cannot read the parameters back from the question              |
| `rederived_mismatch`| the answer re-derived from the question differs from the generated one       |
| `dead_end_answer`   | the answer's type cannot feed the next state of the walk                    |
| `answer_in_question`| the answer is a value the chain's question already states (e.g. the first report |
|                     | on or after the day a 2023Q4 report came out covers 2023Q4 again)           |
| `repeated_answer`   | a lookup (not a comparison) lands on an earlier hop's answer: a loop        |
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from finprobe.benchmarks.multihop.chains import Binding, Derivation, ToolCall
from finprobe.benchmarks.multihop.periods import month_of, quarter_of, year_of
from finprobe.benchmarks.multihop.solver import DeriveError, derive
from finprobe.benchmarks.multihop.tools import MarketTools
from finprobe.build.multihop.graph import ANSWER_TYPES, State
from finprobe.build.multihop.patterns import (
    FULL_LIBRARY,
    PATTERNS,
    AnswerSpec,
    CallSpec,
    Library,
    Pattern,
    SampleContext,
)
from finprobe.build.multihop.pool import MarketPool
from finprobe.build.multihop.reader import QuestionReader, ReadError
from finprobe.build.multihop.vocab import Vocabulary

__all__ = ["HopDraft", "HopFailure", "HopGenerator", "SlotRef", "execute_calls"]

_TRANSFORMS = {"value": lambda v: v, "quarter_of": quarter_of, "month_of": month_of, "year_of": year_of}


@dataclass(frozen=True)
class SlotRef:
    """A slot bound to an earlier hop's answer: through the hop's input (the previous hop) or as the subject."""

    hop: int
    transform: str
    answer_type: str
    via: Literal["input", "subject"]
    index: int | None = None  # which candidate, for a candidates slot


@dataclass
class HopDraft:
    """A generated and verified single-hop QA, with what merging and output need."""

    k: int
    pattern: str
    input_slot: str
    values: dict[str, Any]
    bindings: dict[str, SlotRef]
    style: int
    value: Any
    answer: AnswerSpec
    subject: tuple[str, int | None] | None  # (entity id, hop that answered it or None when named)
    calls: list[ToolCall]
    derive: Derivation
    standalone: str  # the verified question with every value explicit
    candidates: list[str] = field(default_factory=list)  # compared entities (for leak allowance, distractors)

    @property
    def named_values(self) -> set[str]:
        """Values this hop's question states outside candidate lists (entities, sectors, dates, periods)."""
        p = PATTERNS[self.pattern]
        return {str(self.values[s.name]) for s in p.slots
                if s.name in self.values and s.name not in self.bindings
                and s.kind in ("stock", "fund", "entity", "sector", "day", "date", "quarter", "month", "year",
                               "fiscal_year")}

    @property
    def explicit_entities(self) -> list[str]:
        p = PATTERNS[self.pattern]
        out: list[str] = []
        for s in p.slots:
            if s.kind in ("stock", "fund", "entity") and s.name not in self.bindings:
                out.append(str(self.values[s.name]))
            elif s.kind == "candidates":
                ref = self.bindings.get(s.name)
                out += [c for i, c in enumerate(self.values[s.name]) if ref is None or ref.index != i]
        return out


@dataclass
class HopFailure:
    pattern: str
    reason: str
    detail: str = ""


def execute_calls(tools: MarketTools, calls: list[CallSpec]) -> tuple[list[dict[str, Any]] | None, str]:
    results = []
    for c in calls:
        r = tools.execute(c.tool, c.args)
        if not r.ok or r.data is None:
            return None, f"{c.tool}({c.args}) failed: {r.error}"
        results.append(r.data)
    return results, ""


def _answer_of(pattern: Pattern, values: dict[str, Any], calls: list[CallSpec], derivation: Derivation,
               tools: MarketTools) -> tuple[Any, str, str]:
    """(value, reason, detail): the derived answer, or a failure reason."""
    results, err = execute_calls(tools, calls)
    if results is None:
        return None, "tool_error", err
    problem = pattern.unique(values, results)
    if problem:
        return None, problem, f"{pattern.id}: {problem}"
    try:
        value = derive(derivation, results)
    except DeriveError as exc:
        return None, ("tie" if "tied" in str(exc) else "no_answer"), str(exc)
    if value is None or value == "":
        return None, "no_answer", "the derivation gives nothing"
    return value, "", ""


class HopGenerator:
    """Generates and verifies single-hop QAs over one market."""

    def __init__(self, pool: MarketPool, vocab: Vocabulary, tools: dict[str, MarketTools],
                 readers: dict[str, QuestionReader], library: Library | None = None):
        self.pool, self.vocab, self.tools, self.readers = pool, vocab, tools, readers
        self.library = library or FULL_LIBRARY

    def generate(self, k: int, pattern: Pattern, input_slot: str, prev: HopDraft | None, rng: random.Random,
                 lang: str, *, rest: tuple[State, ...], exclude_entities: set[str],
                 exclude_values: set[str], named: set[str] | None = None,
                 answered: set[str] | None = None) -> HopDraft | HopFailure:
        """Hop k from `pattern` (its input slot taking `prev`'s answer); `rest` are the answer states of the
        hops after it, which the answer's type must be able to lead through; `named` the values the chain's
        question already states outside candidate lists (an answer among them would be given away);
        `answered` the earlier hops' answers (a lookup that lands on one of them again is a loop)."""
        fixed: dict[str, Any] = {}
        bindings: dict[str, SlotRef] = {}
        if prev is not None:
            slot = pattern.slot(input_slot)
            transform = slot.accepts[prev.answer.type]
            fixed[input_slot] = _TRANSFORMS[transform](prev.value)
            bindings[input_slot] = SlotRef(hop=prev.k, transform=transform, answer_type=prev.answer.type,
                                           via="input", index=0 if slot.kind == "candidates" else None)
            subject_slot = pattern.subject_slot
            if prev.subject is not None and subject_slot is not None and subject_slot != input_slot:
                # A report is about its company: the company slot follows it. Otherwise half the time the
                # next question stays with the company the chain is about ("its closing price that day").
                if prev.answer.type == "report" or rng.random() < 0.5:
                    sid, shop = prev.subject
                    if self.pool.db.entity(sid) is not None and self.pool.entity(sid).kind == "stock":
                        fixed[subject_slot] = sid
                        if shop is not None:
                            bindings[subject_slot] = SlotRef(hop=shop, transform="value", answer_type="stock",
                                                             via="subject")
        allowed = {t for t in ANSWER_TYPES if self.library.feasible(t, rest)} if rest else None
        ctx = SampleContext(rng=rng, pool=self.pool, vocab=self.vocab, fixed=fixed,
                            exclude_entities=exclude_entities, exclude_values=exclude_values, allowed=allowed)
        values = pattern.sample(ctx)
        if values is None:
            return HopFailure(pattern.id, "empty_pool", f"no data for {pattern.id} with {fixed}")
        style = rng.randrange(2)
        tools = self.tools[lang]
        calls, derivation = pattern.calls(values, self.pool)
        value, reason, detail = _answer_of(pattern, values, calls, derivation, tools)
        if reason:
            return HopFailure(pattern.id, reason, detail)
        answer = pattern.answer(values, value, self.pool)
        stated = (named or set()) | {str(values[sl.name]) for sl in pattern.slots
                                     if sl.name in values and sl.name not in bindings and sl.kind != "candidates"}
        if str(value) in stated:
            return HopFailure(pattern.id, "answer_in_question", f"the answer {value!r} is already stated in the chain")
        if answered and str(value) in answered and not any(sl.kind == "candidates" for sl in pattern.slots):
            # e.g. "the first report X released on or after the day X released its 2023Q4 report" is that report
            # again: the hop adds a step but no information (a comparison that the same company wins is kept)
            return HopFailure(pattern.id, "repeated_answer", f"the answer {value!r} is an earlier hop's answer")
        if not self.library.feasible(answer.type, rest):
            return HopFailure(pattern.id, "dead_end_answer", f"a {answer.type} answer cannot lead through {rest}")
        standalone = pattern.render("ask", values, lang, self.pool, self.vocab, style)
        failure = self.verify(pattern, standalone, value, lang)
        if failure is not None:
            return failure
        subject: tuple[str, int | None] | None = None
        if pattern.subject_out == "input":
            subject = prev.subject if prev is not None else None
        elif pattern.subject_out is not None:
            ref = bindings.get(pattern.subject_out)
            subject = (str(values[pattern.subject_out]), ref.hop if ref is not None else None)
        candidates = list(values.get("c", [])) if any(s.kind == "candidates" for s in pattern.slots) else []
        return HopDraft(k=k, pattern=pattern.id, input_slot=input_slot, values=values, bindings=bindings, style=style,
                        value=value, answer=answer, subject=subject, calls=_materialize(calls, bindings),
                        derive=derivation, standalone=standalone, candidates=candidates)

    def verify(self, pattern: Pattern, question: str, value: Any, lang: str) -> HopFailure | None:
        """Single-hop verification: read the pattern's parameters from `question` alone, rebuild its calls, run
        them through the same tools and re-derive; a failure names why (see the module table)."""
        try:
            read = self.readers[lang].read(pattern, question)
        except ReadError as exc:
            return HopFailure(pattern.id, exc.reason, f"{question!r}: {exc.detail}")
        calls, derivation = pattern.calls(read, self.pool)
        value2, reason, detail = _answer_of(pattern, read, calls, derivation, self.tools[lang])
        if reason:
            return HopFailure(pattern.id, reason, f"re-derived from {question!r}: {detail}")
        if value2 != value:
            return HopFailure(pattern.id, "rederived_mismatch", f"{question!r}: re-derived {value2!r}, generated "
                                                                f"{value!r}")
        return None


def _materialize(calls: list[CallSpec], bindings: dict[str, SlotRef]) -> list[ToolCall]:
    """Gold `ToolCall`s: concrete arguments, and a `Binding` on each argument that comes from a bound slot."""
    out = []
    for c in calls:
        bind: dict[str, Binding] = {}
        for arg, (slot, index) in c.refs.items():
            ref = bindings.get(slot)
            if ref is not None and (ref.index is None or ref.index == index):
                bind[arg] = Binding.model_validate({"hop": ref.hop, "transform": ref.transform})
        out.append(ToolCall(tool=c.tool, args=dict(c.args), bind=bind))
    return out
