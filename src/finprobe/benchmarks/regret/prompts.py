"""Prompt methods (DESIGN §5; RegretBench Appendix C): baseline, one-shot, explanation.

All three share the reply protocol; one-shot adds one exemplary dialogue and names the failure modes to
avoid; explanation adds when-to-ask guidance with a good and a bad example. Only the system prompt differs:
model, runtime, simulator, reward and configuration stay the same."""

from __future__ import annotations

from typing import Literal

from finprobe.benchmarks.regret.cig import CIG

__all__ = ["PROMPT_METHODS", "PromptMethod", "system_prompt", "task_prompt", "FORCE_MESSAGE"]

PromptMethod = Literal["baseline", "one-shot", "explanation"]
PROMPT_METHODS: tuple[str, ...] = ("baseline", "one-shot", "explanation")

#: what the runtime says when the assistant asks after the horizon or after the user ran out of patience
FORCE_MESSAGE = "No more questions can be asked. Give your final answer now."

_PROTOCOL = (
    "You are a helpful assistant. The user's request may be ambiguous. Each turn, either ask the user ONE "
    "clarifying question or give your final answer. Reply with a JSON object and nothing else: "
    '{"type": "ASK", "question_text": "<your question>"} or {"type": "ANSWER", "final_response": "<your answer>"}. '
    "You may ask at most {horizon} questions. Asking costs the user's time, so ask only when it is needed."
)

_ONE_SHOT = """
Here is an example of good clarification behaviour:
User: "Where is the City-County Building?"
Assistant: {"type": "ASK", "question_text": "Which city or location do you mean?"}
User: "Salt Lake City."
Assistant: {"type": "ANSWER", "final_response": "The City-County Building in Salt Lake City is the Salt Lake City \
and County Building."}
Ask one concrete disambiguating question, wait for the reply, then answer once the missing detail is known.
Do not ask the same thing twice, do not ask the user for the final answer itself, and do not list all
possible meanings before asking."""

_EXPLANATION = """
When to ask and when to answer:
- Ask when the request has several plausible readings that lead to different answers and you cannot tell
  which one the user means. Ask about one concrete missing facet (year, place, version, role, medium...).
- Answer as soon as the conversation settles the reading; do not confirm what the user already told you.
Example 1 - unresolved ambiguity: the user asks "Where is the City-County Building?". Ask one concrete
missing facet, not all possibilities: {"type": "ASK", "question_text": "Which city or location do you mean?"}
Example 2 - resolved ambiguity: the conversation says the user means Salt Lake City. Answer now instead of
confirming Salt Lake City again: {"type": "ANSWER", "final_response": "The City-County Building in Salt Lake City \
is the Salt Lake City and County Building."}
Example 3 - bad clarification to avoid: do not ask "Which person do you mean?" if a more concrete facet,
such as occupation, domain, era, city, or work, is available."""


def system_prompt(method: str = "baseline", horizon: int = 5) -> str:
    if method not in PROMPT_METHODS:
        raise ValueError(f"unknown prompt method {method!r}; known: {', '.join(PROMPT_METHODS)}")
    base = _PROTOCOL.replace("{horizon}", str(horizon))
    if method == "one-shot":
        return base + "\n" + _ONE_SHOT
    if method == "explanation":
        return base + "\n" + _EXPLANATION
    return base


def task_prompt(cig: CIG) -> str:
    """The user's first message: the prompt only (never intents, variables or sources)."""
    return cig.prompt
