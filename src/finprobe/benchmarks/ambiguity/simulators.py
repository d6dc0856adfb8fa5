"""Simulated users for the `interact` action: they answer only from the context C and the intended reading.

Yes/no simulators return a `SimReply` whose answer is exactly "yes", "no" or "I don't know":
- `DeterministicSimulator`: decides from the structured interpretations (no model);
- `LLMSimulator`: asks a model, strict parse, one retry, then "I don't know" with the failure logged;
- `NoisySimulator`: wraps another and flips yes/no with probability p (seeded).
`FreeFormSimulator` answers open questions with text (`FreeFormReply`).

Replies are parsed strictly (`parse_yes_no_reply`), never by substring search: "I don't know." is
"I don't know", never "no".
"""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from finprobe.benchmarks.ambiguity._text import (
    CONCEPT_PREFIX,
    NEGATED_PREFIX,
    concept_tokens,
    is_decisive,
    polar_tokens,
)
from finprobe.benchmarks.ambiguity.instances import INTERPRETATION_FIELDS, AmbiguityInstance
from finprobe.core.retrieval import tokenize
from finprobe.core.schema import Message, ModelCall

__all__ = [
    "DeterministicSimulator",
    "FreeFormReply",
    "FreeFormSimulator",
    "LLMSimulator",
    "NoisySimulator",
    "SimReply",
    "YesNo",
    "parse_yes_no_reply",
]

YesNo = Literal["yes", "no", "I don't know"]
YES, NO, IDK = "yes", "no", "I don't know"


class SimReply(BaseModel):
    """A yes/no simulator's reply: the answer, which simulator produced it, and how it decided."""

    answer: YesNo
    method: str
    info: dict[str, Any] = Field(default_factory=dict)


class FreeFormReply(BaseModel):
    """A free-form simulator's reply to an open question."""

    text: str
    method: str
    info: dict[str, Any] = Field(default_factory=dict)


class _Generator(Protocol):
    async def generate(self, messages: list[Message], **overrides: Any) -> ModelCall: ...


# --------------------------------------------------------------------------- strict reply parser
_QUOTES = "\"'`“”‘’「」『』«»"
_TRAILING = ".!?。！？,，;；:：…~～ \t\r\n"
_REPLIES: dict[str, YesNo] = {
    "yes": YES, "no": NO, "i don't know": IDK,
    "是": YES, "否": NO, "不知道": IDK,
}


def parse_yes_no_reply(text: Any) -> YesNo | None:
    """"yes" / "no" / "I don't know" when `text` is exactly one of them, else None. Never raises.

    Surrounding whitespace and quotes and trailing punctuation are removed, case is ignored, a curly
    apostrophe counts as a straight one; 是 / 否 / 不知道 are accepted too. Nothing else is: no substring
    search, so "I don't know." is "I don't know" and "No idea" or "yes and no" are None.
    """
    if not isinstance(text, str):
        return None
    s = unicodedata.normalize("NFKC", text).replace("’", "'").replace("‘", "'")
    prev = None
    while s != prev:
        prev = s
        s = s.strip().strip(_QUOTES).rstrip(_TRAILING)
    return _REPLIES.get(s.lower())


# --------------------------------------------------------------------------- deterministic
class DeterministicSimulator:
    """Answers a yes/no question by checking which reading it proposes (no model involved).

    Rule, applied to normalised token sets (concept tokens such as @attrib_parent / @kf / @fy that fold EN
    and ZH synonyms, plus plain words; company-name tokens and dimension words like "period" dropped):

    1. For every interpretation field (entity, period, metric, basis, vintage, extras) whose intended and
       default values differ, let T_int / T_def be the value tokens, I = T_int − T_def (what only the
       intended value says) and D = T_def − T_int.
    2. A side's distinctive set S is *hit* by question tokens Q when |Q∩S|/|S| ≥ threshold (default 0.5)
       or Q∩S contains a decisive concept token (one that names a reading by itself, e.g. @nongaap,
       @fy, @restated; "@segment" is not decisive: which segment?).
    3. The question proposes the intended reading on that field when I is hit; when I is empty (the
       intended value is a sub-phrase of the default one) it proposes it when it covers T_int at the
       threshold and contains nothing of D. Symmetrically for the default reading.
    4. Each distinctive attribute phrase adds a set S = its tokens − every default value's tokens;
       hitting S proposes the intended reading.
    5. Exclusion cues ("excluding", "without", "net of", "ex-", "be excluded", 不含, 不包括, 剔除, 扣除,
       除去, 排除, ...) are scoped (`_text.polar_tokens`): a token they govern is marked ("!x") and only
       matches a marked token, so "excluding noncontrolling interests" never counts as naming them. An
       excluded token set that hits the *other* side's distinctive set proposes this side ("excluding
       noncontrolling interests" → the attributable reading when minority interests are what the
       consolidated default adds; "剔除了非经常性损益" → 扣非); excluding the intended reading's own
       distinctive tokens (or attribute) proposes the default.
    6. yes when some field or attribute proposes the intended reading and none proposes the default;
       no when the default is proposed and the intended is not; otherwise (both, or neither — including
       a third reading neither side names) "I don't know". A negated question ("Not the segment
       figure?", "不是归母吗？") whose negated part touches a distinctive set is "I don't know": a yes or a
       no to it is ambiguous.

    Known limits: scopes are clause-based heuristics (a list "excluding A and B" loses B; double
    negation is not resolved); answer values (numbers) are ignored, as the user only knows C and the
    intended reading.
    """

    method = "deterministic"

    def __init__(self, instance: AmbiguityInstance, *, threshold: float = 0.5):
        if not 0.0 < threshold <= 1.0:
            raise ValueError("threshold must be in (0, 1]")
        self.instance = instance
        self.threshold = threshold
        background: set[str] = set()
        for name in (instance.company, instance.ticker):
            if name:
                background |= {t for t in concept_tokens(name) if not t.startswith(CONCEPT_PREFIX)}
        background |= {NEGATED_PREFIX + t for t in background}
        self._background = background
        iv, dv = instance.intended_interpretation.values(), instance.default_interpretation.values()
        order = [f for f in INTERPRETATION_FIELDS if f in iv or f in dv]
        order += [f for f in list(iv) + list(dv) if f not in order]
        self.fields: list[tuple[str, set[str], set[str]]] = []
        all_default: set[str] = set()
        for field in dict.fromkeys(order):
            t_int = self._value_tokens(iv.get(field, ""))
            t_def = self._value_tokens(dv.get(field, ""))
            all_default |= t_def
            if t_int != t_def:
                self.fields.append((field, t_int, t_def))
        self.attributes: list[tuple[str, set[str]]] = []
        for phrase in instance.distinctive_attributes:
            # an attribute phrased as an exclusion ("excluding the Consumer segment") keeps its tokens
            # marked, so it is hit only by a question that excludes the same thing
            s = self._value_tokens(phrase) - all_default
            if s:
                self.attributes.append((phrase, s))
        self._relevant: set[str] = set()
        for _f, ti, td in self.fields:
            self._relevant |= ti ^ td
        for _p, s in self.attributes:
            self._relevant |= s
        self._relevant = {t.removeprefix(NEGATED_PREFIX) for t in self._relevant}

    def _value_tokens(self, text: str) -> set[str]:
        pt = polar_tokens(text)
        return (pt.marked() | {NEGATED_PREFIX + t for t in pt.polar}) - self._background

    def _hit(self, q: set[str], s: set[str]) -> bool:
        common = q & s
        if not common:
            return False
        return len(common) / len(s) >= self.threshold or any(is_decisive(t) for t in common)

    def _excludes(self, negated: set[str], mine: set[str], other: set[str]) -> bool:
        """The question excludes what only `other` says (so it points at `mine`)."""
        only_other = {t for t in other - mine if not t.startswith(NEGATED_PREFIX)}
        return bool(only_other) and self._hit(negated, only_other)

    def _proposes(self, q: set[str], mine: set[str], other: set[str]) -> bool:
        only_mine, only_other = mine - other, other - mine
        if only_mine:
            return self._hit(q, only_mine)
        if not mine:
            return False
        return len(q & mine) / len(mine) >= self.threshold and not (q & only_other)

    def decide(self, question: str) -> SimReply:
        pt = polar_tokens(question)
        q, negated = pt.marked() - self._background, pt.negated - self._background
        intended = [f for f, ti, td in self.fields
                    if self._proposes(q, ti, td) or self._excludes(negated, ti, td)]
        default = [f for f, ti, td in self.fields
                   if self._proposes(q, td, ti) or self._excludes(negated, td, ti)]
        attrs = [p for p, s in self.attributes if self._hit(q, s)]
        excluded_attrs = [p for p, s in self.attributes
                          if self._hit(negated, {t for t in s if not t.startswith(NEGATED_PREFIX)})]
        polar = sorted(pt.polar & self._relevant)
        proposes_int = bool(intended or attrs)
        proposes_def = bool(default or excluded_attrs)
        if polar:
            answer, rule = IDK, "negated question about a distinctive attribute"
        elif proposes_int and not proposes_def:
            answer, rule = YES, "proposes the intended reading"
        elif proposes_def and not proposes_int:
            answer, rule = NO, "proposes the default reading"
        elif proposes_int and proposes_def:
            answer, rule = IDK, "mentions both readings"
        else:
            answer, rule = IDK, "proposes neither reading" if self.fields else "instance has no distinctive field"
        info = {"rule": rule, "intended_fields": intended, "default_fields": default, "attributes": attrs,
                "excluded_attributes": excluded_attrs, "negated_tokens": sorted(negated),
                "polar_tokens": polar}
        return SimReply(answer=answer, method=self.method, info=info)

    async def reply(self, question: str) -> SimReply:
        return self.decide(question)


# --------------------------------------------------------------------------- LLM
def _interpretation_lines(instance: AmbiguityInstance) -> str:
    return "\n".join(f"- {k}: {v}" for k, v in instance.intended_interpretation.values().items())


_LLM_SYSTEM = {
    "en": ("You are role-playing a user who asked an assistant a question about a company's financial "
           "filings. You know exactly what you meant:\n{context}\n\nYour intended reading:\n{interp}\n\n"
           "The assistant will ask you a yes/no clarification question. Reply with exactly one of: yes, no, "
           "I don't know. Reply \"I don't know\" when the question cannot be answered from what you know. "
           "Write nothing else."),
    "zh": ("你在扮演一位向助手询问公司财务报告问题的用户。你清楚自己想问的是什么：\n{context}\n\n你想要的口径：\n{interp}\n\n"
           "助手会问你一个是非澄清问题。只能回答以下之一：是、否、不知道。如果根据你所知道的信息无法回答，请回答\"不知道\"。"
           "不要写其他任何内容。"),
}
_LLM_USER = {
    "en": "Your original question: {question}\nThe assistant asks: {ask}",
    "zh": "你最初的问题：{question}\n助手问：{ask}",
}
_LLM_RETRY = {
    "en": "Reply with exactly one of: yes, no, I don't know.",
    "zh": "只能回答以下之一：是、否、不知道。",
}


class LLMSimulator:
    """A model plays the user, prompted with C and the intended interpretation only (never the answer).

    The reply is parsed strictly; an unparseable reply is retried once, then logged as a parse failure
    (`info["parse_failure"]`) and answered "I don't know". Model errors propagate (the runner records them).
    """

    method = "llm"

    def __init__(self, instance: AmbiguityInstance, model: _Generator):
        self.instance = instance
        self.model = model

    def messages(self, question: str) -> list[Message]:
        lang = self.instance.language
        system = _LLM_SYSTEM[lang].format(context=self.instance.context,
                                          interp=_interpretation_lines(self.instance))
        user = _LLM_USER[lang].format(question=self.instance.question, ask=question)
        return [Message(role="system", content=system), Message(role="user", content=user)]

    async def reply(self, question: str) -> SimReply:
        messages = self.messages(question)
        raw: list[str | None] = []
        for attempt in (1, 2):
            call = await self.model.generate(messages)
            raw.append(call.output)
            parsed = parse_yes_no_reply(call.output or "")
            if parsed is not None:
                return SimReply(answer=parsed, method=self.method, info={"raw": raw, "attempts": attempt})
            messages = [*messages, Message(role="assistant", content=call.output or ""),
                        Message(role="user", content=_LLM_RETRY[self.instance.language])]
        return SimReply(answer=IDK, method=self.method,
                        info={"raw": raw, "attempts": 2, "parse_failure": True})


# --------------------------------------------------------------------------- noisy
class _YesNoSimulator(Protocol):
    async def reply(self, question: str) -> SimReply: ...


class NoisySimulator:
    """Flips the wrapped simulator's yes↔no with probability p; "I don't know" is passed through.

    One draw from `rng` per yes/no reply (none for "I don't know"), so a seeded RNG replays exactly.
    """

    def __init__(self, base: _YesNoSimulator, p: float, rng: random.Random):
        if not 0.0 <= p <= 1.0:
            raise ValueError("p must be in [0, 1]")
        self.base = base
        self.p = p
        self.rng = rng

    @property
    def method(self) -> str:
        return f"noisy({getattr(self.base, 'method', type(self.base).__name__)})"

    async def reply(self, question: str) -> SimReply:
        base = await self.base.reply(question)
        info = {"base_answer": base.answer, "base_method": base.method, "base_info": base.info, "p": self.p,
                "flipped": False}
        answer = base.answer
        if answer in (YES, NO):
            if self.rng.random() < self.p:
                answer = NO if answer == YES else YES
                info["flipped"] = True
        return SimReply(answer=answer, method=self.method, info=info)


# --------------------------------------------------------------------------- free-form
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])")
_FREEFORM_SYSTEM = {
    "en": ("You are role-playing a user who asked an assistant a question about a company's financial "
           "filings. What you know about your own request:\n{context}\n\nAnswer the assistant's question "
           "briefly, using only what you know above. Do not state any figures you were not given. If the "
           "question cannot be answered from it, reply \"I don't know\"."),
    "zh": ("你在扮演一位向助手询问公司财务报告问题的用户。关于你的需求，你知道的是：\n{context}\n\n"
           "请只根据以上信息简短回答助手的问题，不要给出你不知道的数字。如果无法回答，请回答\"不知道\"。"),
}
_IDK_TEXT = {"en": "I don't know.", "zh": "不知道。"}


class FreeFormSimulator:
    """Answers open (non-yes/no) questions from C.

    With a model: the model is prompted with C only. Without: the sentence of C sharing the most tokens
    with the question (ties: the earlier sentence); "I don't know." when no sentence shares any token.
    """

    def __init__(self, instance: AmbiguityInstance, model: _Generator | None = None):
        self.instance = instance
        self.model = model
        self.sentences = [s.strip() for s in _SENTENCE_END.split(instance.context) if s.strip()]

    @property
    def method(self) -> str:
        return "free_form_llm" if self.model is not None else "free_form_overlap"

    def best_sentence(self, question: str) -> tuple[str | None, int]:
        q = set(tokenize(question)) | concept_tokens(question)
        best, best_score = None, 0
        for sentence in self.sentences:
            score = len(q & (set(tokenize(sentence)) | concept_tokens(sentence)))
            if score > best_score:
                best, best_score = sentence, score
        return best, best_score

    async def reply(self, question: str) -> FreeFormReply:
        lang = self.instance.language
        if self.model is None:
            sentence, score = self.best_sentence(question)
            if sentence is None:
                return FreeFormReply(text=_IDK_TEXT[lang], method=self.method, info={"overlap": 0})
            return FreeFormReply(text=sentence, method=self.method, info={"overlap": score})
        messages = [
            Message(role="system", content=_FREEFORM_SYSTEM[lang].format(context=self.instance.context)),
            Message(role="user", content=_LLM_USER[lang].format(question=self.instance.question, ask=question)),
        ]
        call = await self.model.generate(messages)
        text = (call.output or "").strip()
        if not text:
            return FreeFormReply(text=_IDK_TEXT[lang], method=self.method, info={"empty_reply": True})
        return FreeFormReply(text=text, method=self.method, info={})
