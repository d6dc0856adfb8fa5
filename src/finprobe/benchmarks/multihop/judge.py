"""The optional LLM judges of multihop answers (final and process), as functions of an async model callable.

`judge_final(model, chain, response)` grades s_final; `judge_process(model, chain, response)` grades the
process. `model` is any `async (messages, **kw) -> str` (or an object with `.output`, like a `ModelCall`);
`role_model_fn(ctx.model("judge"))` adapts an episode's judge role so every call is recorded in the transcript.

Two sets of prompts:
- **the release's own** (default for a release file that carries them; the FinHopper release does): the system
  prompt `final_judge_system_prompt` or `process_judge_system_prompt`, and as the user message the record's
  `judge_prompt_template` filled **as written**, in one pass: `{prompt}` the question, `{response_reference}` the
  release's full `reference_response` (as the release's README fills it), `{response}` the agent's response.
  Their reply is "[Scoring Basis] …" then `{"answer_score": x}`, read by `read_answer_score` (the last such
  object, after the basis): the final prompt allows 0 or 1 only, the process prompt 0 to 0.5
  (0.5 · hits / N over the key points the judge itself extracts from the reference). Templates of other release-
  format files may use other placeholder names ({question}, {reference}, … see `_KNOWN`); a reply without
  `answer_score` is then read tolerantly (a JSON verdict/score/steps field, or a leading correct/incorrect).
- **the built-in ones**, for chains without release prompts (or `release_judge_prompts=false`): a structured
  verdict with evidence for the final answer (a "correct" verdict whose quote is not in the response is not
  accepted: the evidence-based hard filter) and a list of booleans, one per intermediate gold answer.

An empty response is incorrect without a call (the non-empty hard filter). A reply that still cannot be read
after one reminder is **not** replaced by anything: the result has `ok` False and the episode turns it into an
error of the sample (`JudgeUnusable`), which the run counts ("judge verdicts used: N of M").
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, Field

from finprobe.benchmarks.multihop.chains import Chain
from finprobe.core.actions import first_json_object
from finprobe.core.benchmark import RoleModel
from finprobe.core.models._base import ModelError
from finprobe.core.numbers import normalise_text_answer
from finprobe.core.schema import Message

__all__ = ["JudgeResult", "JudgeUnusable", "ModelFn", "fill_template", "judge_final", "judge_process",
           "read_answer_score", "role_model_fn"]

ModelFn = Callable[..., Awaitable[Any]]


class JudgeUnusable(ModelError):
    """The judge's reply could not be used (after one reminder): the sample is an error, not scored otherwise."""

    def __init__(self, message: str):
        super().__init__(message, retryable=False)


class JudgeResult(BaseModel):
    """A judge verdict. `ok` False: unusable, `reason` says why. `correct` (final); `hits` or `score` (process:
    the release's prompt returns its process score, 0 to 0.5, the built-in one a boolean per hop)."""

    ok: bool
    correct: bool | None = None
    hits: list[bool] | None = None
    score: float | None = None
    evidence: str | None = None
    reason: str | None = None
    called: bool = True
    prompts: str = "builtin"  # "builtin" or "release"
    raw: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


def role_model_fn(role_model: RoleModel) -> ModelFn:
    """An episode's judge role as a model callable (calls recorded in the transcript)."""
    async def call(messages: list[Message], **kw: Any) -> str:
        out = await role_model.generate(messages, **{k: v for k, v in kw.items() if v is not None})
        return out.output or ""
    return call


async def _ask(model: ModelFn, messages: list[Message], schema: dict[str, Any] | None) -> str:
    reply = await model(messages, response_schema=schema, max_tokens=400)
    text = getattr(reply, "output", reply)
    return "" if text is None else str(text)


# --------------------------------------------------------------------------- prompts
_FINAL_SYSTEM = (
    "You grade the final answer of a financial research agent against a reference answer.\n"
    "Rules: (1) Judge only by the reference answer, never by your own knowledge. (2) The response is correct "
    "when it states the same entity (any name, short name or ticker), the same date (any format) or the same "
    "figure (the same value in any unit or scale, rounding to the precision it states is fine, a different "
    "figure is not) as the reference. (3) An empty, evasive or hedging response (two different answers) is "
    "incorrect. (4) Quote the exact words of the response that state its answer as evidence.\n"
    'Reply with one JSON object: {"verdict": "correct" or "incorrect", "evidence": "<exact quote or empty>"}'
)
_PROCESS_SYSTEM = (
    "You check which intermediate answers a financial research agent reached. For each numbered reference "
    "answer, say whether the agent's own words (its reasoning, its tool-call arguments or its final answer) "
    "state or use that answer as a finding. An answer that appears only in a tool result, or that the agent "
    "only listed among candidates or rejected, is not reached. Any name, ticker, date format or unit counts.\n"
    'Reply with one JSON object: {"reached": [true or false for each numbered answer, in order]}'
)
_KNOWN = {
    "question": ("question", "prompt", "query", "problem", "问题", "题目"),
    "response": ("response", "answer", "model_response", "prediction", "model_answer", "output", "candidate",
                 "agent_response", "回答", "模型回答", "待评估答案"),
    "reference": ("reference", "reference_answer", "ground_truth", "gold", "gold_answer", "response_final_reference",
                  "standard_answer", "correct_answer", "final_reference", "参考答案", "标准答案"),
    "reference_response": ("reference_response", "response_reference", "reference_process", "solution", "steps",
                           "step_answers", "参考过程", "参考解答"),
}
_PLACEHOLDER = re.compile(r"\{\{\s*([\w\u4e00-\u9fff]+)\s*\}\}|\{([\w\u4e00-\u9fff]+)\}")


def fill_template(template: str, values: dict[str, str]) -> tuple[str, list[str]]:
    """Fill `{name}` / `{{name}}` placeholders whose names are known (see `_KNOWN`); (text, unknown names).
    Text in braces that is not a bare name (a JSON example) is left alone."""
    lookup = {alias.lower(): key for key, aliases in _KNOWN.items() for alias in aliases}
    unknown: list[str] = []

    def sub(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        key = lookup.get(name.lower())
        if key is None or key not in values:
            if name not in unknown:
                unknown.append(name)
            return m.group(0)
        return values[key]

    return _PLACEHOLDER.sub(sub, template), unknown


def _release_user(chain: Chain, response: str) -> tuple[str, list[str]]:
    """The release template filled as written ({prompt}, {response_reference}, {response}; other releases'
    names too), and the placeholders left unfilled (none for FinHopper)."""
    jp = chain.judge_prompts
    values = {"question": chain.question, "response": response, "reference": chain.final_answer,
              "reference_response": chain.reference_response or chain.final_answer}
    default_user = (f"Question:\n{chain.question}\n\nReference answer:\n{chain.reference_response or chain.final_answer}"
                    f"\n\nAgent's response:\n{response}")
    if jp is None or not jp.template:
        return default_user, []
    if not _PLACEHOLDER.search(jp.template):
        return f"{jp.template}\n\n{default_user}", []
    return fill_template(jp.template, values)


def _final_messages(chain: Chain, response: str, use_release: bool) -> tuple[list[Message], str, list[str]]:
    jp = chain.judge_prompts
    if use_release and jp is not None and (jp.final_system or jp.template):
        user, unknown = _release_user(chain, response)
        warnings = [f"template placeholders not filled: {', '.join(unknown)}"] if unknown else []
        return ([Message(role="system", content=jp.final_system or _FINAL_SYSTEM), Message(role="user", content=user)],
                "release", warnings)
    default_user = (f"Question:\n{chain.question}\n\nReference answer:\n{chain.final_answer}\n\n"
                    f"Agent's response:\n{response}")
    return [Message(role="system", content=_FINAL_SYSTEM), Message(role="user", content=default_user)], "builtin", []


# --------------------------------------------------------------------------- reading replies
_TRUE_WORDS = ("correct", "true", "yes", "right", "match", "pass", "正确", "对", "是", "一致", "通过")
_FALSE_WORDS = ("incorrect", "false", "no", "wrong", "mismatch", "fail", "错误", "不正确", "错", "否", "不一致",
                "不通过")
_VERDICT_KEYS = ("verdict", "judgement", "judgment", "result", "correct", "is_correct", "answer_correct", "score",
                 "final_score", "label", "grade", "结论", "判断", "结果", "评分", "是否正确")


def _truth(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        # 1/0, a 0-1 probability, a 0-10 or a 0-100 score: the upper half is "correct".
        v = float(value)
        for top in (1.0, 10.0, 100.0):
            if 0.0 <= v <= top:
                return v >= top / 2
        return None
    if isinstance(value, str):
        w = value.strip().strip(".。!！").lower()
        if w in _FALSE_WORDS or any(w.startswith(f) for f in ("incorrect", "wrong", "不正确", "错误", "false")):
            return False
        if w in _TRUE_WORDS or any(w.startswith(t) for t in ("correct", "true", "正确")):
            return True
        if re.fullmatch(r"\d+(\.\d+)?", w):
            return _truth(float(w))
    return None


_ANSWER_SCORE = re.compile(r'["“”]?answer_score["“”]?\s*[:：]\s*["“”]?\s*(-?\d+(?:\.\d+)?)\s*["“”]?\s*[,}]')


def read_answer_score(text: str) -> float | None:
    """The score of a reply in the release prompts' format: "[Scoring Basis]: …" then `{"answer_score": x}`
    (in a json fence or not); the last such object counts (the basis may quote an example). None if absent."""
    found = _ANSWER_SCORE.findall(text or "")
    if not found:
        return None
    value = float(found[-1])
    return value if math.isfinite(value) else None


def read_final_verdict(text: str) -> tuple[bool | None, str | None]:
    """(correct, evidence) from a judge reply in our JSON format or a release prompt's unknown format."""
    obj = first_json_object(text)
    if obj is not None:
        lowered = {str(k).lower(): v for k, v in obj.items()}
        for key in _VERDICT_KEYS:
            if key in lowered:
                t = _truth(lowered[key])
                if t is not None:
                    ev = lowered.get("evidence")
                    return t, (str(ev) if ev is not None else None)
    bare = text.strip().strip("*`\"'").strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", bare):
        return _truth(float(bare)), None
    first = re.sub(r"^[\s*#>\"'“”`]+", "", text).lower()
    for w in sorted(_FALSE_WORDS, key=len, reverse=True):
        if first.startswith(w):
            return False, None
    for w in sorted(_TRUE_WORDS, key=len, reverse=True):
        if first.startswith(w):
            return True, None
    m = re.search(r"(?i)(?:verdict|judgement|judgment|结论|判断)\s*[:：]\s*\**\s*(\w+)", text)
    if m:
        return _truth(m.group(1)), None
    return None, None


def _evidence_ok(evidence: str | None, response: str) -> bool:
    if evidence is None:
        return True  # a release prompt's format may not ask for one
    e = normalise_text_answer(evidence)
    return bool(e) and e in normalise_text_answer(response)


async def judge_final(model: ModelFn, chain: Chain, response: str | None, *, use_release_prompts: bool = True,
                      retries: int = 1) -> JudgeResult:
    """LLM verdict on the final answer (see the module docstring). A model failure propagates (`ModelError`);
    an unreadable reply gives `ok` False with the reason."""
    if response is None or not response.strip():
        return JudgeResult(ok=True, correct=False, score=0.0, reason="empty response (hard filter)", called=False)
    messages, which, warnings = _final_messages(chain, response, use_release_prompts)
    schema = None if which == "release" else {
        "type": "object", "properties": {"verdict": {"type": "string", "enum": ["correct", "incorrect"]},
                                         "evidence": {"type": "string", "maxLength": 300}},
        "required": ["verdict", "evidence"], "additionalProperties": False}
    raw: list[str] = []
    reason = "no reply"
    convo = list(messages)
    for _ in range(retries + 1):
        text = await _ask(model, convo, schema)
        raw.append(text)
        score = read_answer_score(text) if which == "release" else None
        if score is not None:
            if score in (0.0, 1.0):
                return JudgeResult(ok=True, correct=score == 1.0, score=score, prompts=which, raw=raw,
                                   evidence=_basis(text), warnings=warnings)
            reason = f"answer_score {score:g} is not a score the final prompt allows (0 or 1)"
        else:
            correct, evidence = read_final_verdict(text)
            if correct is None:
                reason = ('unreadable judge reply: no {"answer_score": x} after the scoring basis'
                          if which == "release" else "unreadable judge reply")
            elif correct and which == "builtin" and not _evidence_ok(evidence, response):
                reason = f"evidence {evidence!r} is not in the response (hard filter)"
            else:
                return JudgeResult(ok=True, correct=correct, score=float(correct), evidence=evidence, prompts=which,
                                   raw=raw, warnings=warnings)
        reminder = (f"Your reply could not be used ({reason}). Reply with only the JSON object "
                    '{"verdict": ..., "evidence": ...}; the evidence must be copied from the response.'
                    if which == "builtin" else
                    f"Your reply could not be used ({reason}). Reply exactly in the format your instructions ask for.")
        convo = convo + [Message(role="assistant", content=text), Message(role="user", content=reminder)]
    return JudgeResult(ok=False, reason=reason, prompts=which, raw=raw, warnings=warnings)


def _basis(text: str) -> str | None:
    """The scoring-basis paragraph of a release-format reply (before its JSON), shortened."""
    head = re.split(r"(?i)\[?\s*json\s*\]?|【JSON】|```", text, maxsplit=1)[0]
    head = re.sub(r"^\s*1\.\s*", "", head).strip()
    return head[:400] or None


def _read_hits(text: str, n: int) -> list[bool] | None:
    obj = first_json_object(text)
    if obj is not None:
        for key in ("reached", "hits", "steps", "results", "checkpoints", "step_results", "process"):
            val = obj.get(key)
            if isinstance(val, list) and len(val) == n:
                out = [_truth(v.get("reached", v.get("hit", v.get("correct"))) if isinstance(v, dict) else v)
                       for v in val]
                if all(o is not None for o in out):
                    return [bool(o) for o in out]
        per = []
        for i in range(1, n + 1):
            for key in (f"step_{i}", f"step{i}", f"hop_{i}", f"hop{i}", str(i), f"第{i}步"):
                if key in obj:
                    per.append(_truth(obj[key]))
                    break
        if len(per) == n and all(p is not None for p in per):
            return [bool(p) for p in per]
    return None


async def judge_process(model: ModelFn, chain: Chain, response: str, *, use_release_prompts: bool = True,
                        retries: int = 1) -> JudgeResult:
    """LLM verdict on the process. With the release's prompt: the release template filled with the question,
    the reference response and `response` (the agent's response), read as the process score (0 to 0.5, by the
    judge's own N key points); with the built-in prompt: which intermediate gold answers `response` reaches
    (N = K−1 booleans). A model failure propagates; an unreadable reply gives `ok` False."""
    n = len(chain.intermediate)
    if n == 0:
        return JudgeResult(ok=True, hits=[], score=0.0, called=False, reason="no intermediate hops")
    if not response.strip():
        return JudgeResult(ok=True, hits=[False] * n, score=0.0, called=False, reason="empty response (hard filter)")
    jp = chain.judge_prompts
    which = "release" if use_release_prompts and jp is not None and jp.process_system else "builtin"
    warnings: list[str] = []
    if which == "release" and jp is not None and jp.process_system:
        user, unknown = _release_user(chain, response)
        warnings = [f"template placeholders not filled: {', '.join(unknown)}"] if unknown else []
        system = jp.process_system
    else:
        answers = "\n".join(f"{i}. {h.answer}" for i, h in enumerate(chain.intermediate, start=1))
        user = (f"Question:\n{chain.question}\n\nNumbered reference answers of the intermediate steps:\n{answers}\n\n"
                f"Agent's trajectory:\n{response}")
        system = _PROCESS_SYSTEM
    convo = [Message(role="system", content=system), Message(role="user", content=user)]
    schema = None if which == "release" else {
        "type": "object", "properties": {"reached": {"type": "array", "items": {"type": "boolean"},
                                                     "minItems": n, "maxItems": n}},
        "required": ["reached"], "additionalProperties": False}
    raw: list[str] = []
    reason = "unreadable judge reply"
    for _ in range(retries + 1):
        text = await _ask(model, convo, schema)
        raw.append(text)
        score = read_answer_score(text) if which == "release" else None
        if score is not None:
            if 0.0 <= score <= 0.5:
                return JudgeResult(ok=True, score=score, prompts=which, raw=raw, evidence=_basis(text),
                                   warnings=warnings)
            reason = f"answer_score {score:g} is outside the process prompt's scale (0 to 0.5)"
        else:
            hits = _read_hits(text, n)
            if hits is not None:
                return JudgeResult(ok=True, hits=hits, prompts=which, raw=raw, warnings=warnings)
            reason = ('unreadable judge reply: no {"answer_score": x} after the scoring basis'
                      if which == "release" else "unreadable judge reply")
        reminder = (f'Reply with only {{"reached": [...]}}: {n} true/false values.' if which == "builtin" else
                    f"Your reply could not be used ({reason}). Reply exactly in the format your instructions ask for.")
        convo = convo + [Message(role="assistant", content=text), Message(role="user", content=reminder)]
    return JudgeResult(ok=False, reason=reason, prompts=which, raw=raw, warnings=warnings)
