"""Optional LLM roles of the build: question critics (`critic`, `critic-2`, …) and a paraphraser.

Both are model backends built from role specs (`core.models.registry.build_backend`: `local`, `openai:MODEL`,
`vllm:MODEL`, …); every call is recorded in the attempt's transcript (tokens, cost, latency, errors), so the
funnel reports tokens and cost per role.

- **critic** (after the deterministic critics pass): the paper's question-critic rules (appendix J.2) as a
  verdict: `{"verdict": "pass" | "fail", "problems": [...]}`. A reply that does not parse is asked again
  once; still unparseable, the verdict is recorded as none (never counted as a fail). A chain is rejected
  when a strict majority of the critics that gave a verdict say fail.
- **paraphraser**: rewrites the template question into natural language, `{"question": "..."}`. The
  paraphrase replaces the template only if it passes the deterministic question critic *and* the LLM
  critics again — shown the verified template it must mean exactly, at least one of them giving a verdict
  and no strict majority failing it; otherwise the template stays and the rejected paraphrase is recorded
  with its reason. The deterministic critics check what a paraphrase states (no leak, every constraint,
  nothing added), not what it means ("on or after" silently becoming "on"), so a paraphraser needs a critic.

A model call that fails for good (after the backend's retries) raises `ModelError`: the attempt is recorded
as an error and redone when the build resumes.
"""

from __future__ import annotations

from typing import Any

from finprobe.core.actions import first_json_object
from finprobe.core.calls import RoleBinding, RoleCaller
from finprobe.core.schema import Message, Transcript

__all__ = ["CRITIC_SCHEMA", "PARAPHRASE_SCHEMA", "RoleBinding", "RoleCaller", "ask_critic", "ask_paraphrase",
           "critic_messages", "paraphrase_messages", "parse_critic", "parse_paraphrase"]

CRITIC_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["verdict", "problems"],
    "properties": {"verdict": {"type": "string", "enum": ["pass", "fail"]},
                   "problems": {"type": "array", "items": {"type": "string"}}},
}
PARAPHRASE_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["question"],
    "properties": {"question": {"type": "string"}},
}

_CRITIC_SYSTEM = (
    "You are the question critic of a financial multi-hop question benchmark. A multi-hop question chains "
    "single-hop questions: each hop's answer is a hidden constraint of the next hop, referred to only by a "
    "phrase such as 'that company', 'that day', 'that quarter', '该公司', '当日', '该季度'.\n"
    "Check the merged question against its hops and fail it if any rule is broken:\n"
    "1. No answer of any hop is revealed (no name, ticker, date, period or figure of a hidden answer); naming "
    "a hop's own candidates ('Of A and B, take ...') is allowed.\n"
    "2. The scope is kept exactly: every entity, date, period, metric and comparison of the hops is stated; "
    "nothing is added, dropped, weakened or widened to the whole market.\n"
    "3. Every referring phrase has exactly one antecedent, so the question is uniquely solvable from the "
    "stated data, and it asks only for the last hop's answer.\n"
    "4. The language is natural and unambiguous.\n"
    'Reply with only a JSON object: {"verdict": "pass" or "fail", "problems": ["..."]}.')
_PARAPHRASE_SYSTEM = (
    "You rewrite multi-hop financial questions so they read naturally, in the same language as the input "
    "({language}). Keep every entity name, date, period, metric, number and comparison word with the same "
    "meaning; keep the order of the steps; refer to the result of an earlier step only with a referring "
    "phrase ('that company', 'that day', '该公司', '当日'); never state the result of any step; add nothing. "
    'Reply with only a JSON object: {{"question": "..."}}.')


def critic_messages(question: str, hops: list[tuple[str, str]], reference: str | None = None) -> list[Message]:
    """The critic's prompt; with `reference` (the verified template wording) the draft is a paraphrase that must
    keep its meaning exactly."""
    lines = [f"{i}. question: {q}\n   hidden answer: {a}" for i, (q, a) in enumerate(hops, start=1)]
    user = "Hops, in order:\n" + "\n".join(lines)
    if reference is not None:
        user += ("\n\nVerified wording (the draft rewrites it and must mean exactly the same, step by step, "
                 f"including words such as 'on or after', 'before', 'higher'/'lower' and what is asked):\n{reference}")
    user += f"\n\nDraft merged question:\n{question}"
    return [Message(role="system", content=_CRITIC_SYSTEM), Message(role="user", content=user)]


def parse_critic(text: str) -> tuple[str, list[str]]:
    """(verdict, problems) from a critic reply; ValueError with the reason when it does not parse."""
    obj = first_json_object(text or "")
    if obj is None:
        raise ValueError("no JSON object in the critic's reply")
    verdict = str(obj.get("verdict", "")).strip().lower()
    if verdict not in ("pass", "fail"):
        raise ValueError(f"verdict must be 'pass' or 'fail', got {obj.get('verdict')!r}")
    problems = obj.get("problems") or []
    if isinstance(problems, str):
        problems = [problems]
    return verdict, [str(p) for p in problems][:10]


def paraphrase_messages(question: str, language: str) -> list[Message]:
    name = "Chinese" if language == "zh" else "English"
    return [Message(role="system", content=_PARAPHRASE_SYSTEM.format(language=name)),
            Message(role="user", content=f"Question:\n{question}")]


def parse_paraphrase(text: str) -> str:
    obj = first_json_object(text or "")
    if obj is None or not isinstance(obj.get("question"), str) or not obj["question"].strip():
        raise ValueError("no {\"question\": ...} object in the paraphraser's reply")
    return " ".join(obj["question"].split())



async def ask_critic(call: RoleCaller, role: RoleBinding, question: str, hops: list[tuple[str, str]],
                     transcript: Transcript, seed: int, reference: str | None = None) -> dict[str, Any]:
    """One critic's verdict record: {role, model, verdict ("pass"/"fail"/None), problems, error?}."""
    messages = critic_messages(question, hops, reference)
    config = role.config_for(CRITIC_SCHEMA, seed)
    problem = ""
    for _ in range(2):
        reply = await call(role, messages, config, transcript)
        try:
            verdict, problems = parse_critic(reply.output or "")
        except ValueError as exc:
            problem = str(exc)
            messages = [*messages, Message(role="assistant", content=reply.output or ""),
                        Message(role="user", content='Reply with only {"verdict": "pass" or "fail", '
                                                     '"problems": [...]}.')]
            continue
        return {"role": role.name, "model": role.backend.model, "question": question, "verdict": verdict,
                "problems": problems}
    return {"role": role.name, "model": role.backend.model, "question": question, "verdict": None,
            "problems": [], "error": problem}


async def ask_paraphrase(call: RoleCaller, role: RoleBinding, question: str, language: str,
                         transcript: Transcript, seed: int) -> tuple[str | None, str]:
    """(paraphrase, problem): the rewritten question, or None with why it could not be read."""
    messages = paraphrase_messages(question, language)
    config = role.config_for(PARAPHRASE_SCHEMA, seed)
    problem = ""
    for _ in range(2):
        reply = await call(role, messages, config, transcript)
        try:
            return parse_paraphrase(reply.output or ""), ""
        except ValueError as exc:
            problem = str(exc)
            messages = [*messages, Message(role="assistant", content=reply.output or ""),
                        Message(role="user", content='Reply with only {"question": "..."}.')]
    return None, problem
