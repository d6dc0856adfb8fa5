"""The agent's prompts, kept short: the embedded default model has a 2,048-token context.

The system prompt says what the tools do and the mode's rule; the task prompt holds the question and
whatever the mode adds (C and the evidence passage, the intended interpretation, the category name).
The action list and examples are appended by the agent loop (`format_instructions`).
"""

from __future__ import annotations

import random

from finprobe.benchmarks.ambiguity.categories import CATEGORIES
from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.benchmarks.ambiguity.modes import ModeConfig

__all__ = ["CONFIDENCE_PROMPT", "confidence_prompt", "oracle_passage", "system_prompt", "task_prompt"]

#: the separate confidence question of option `confidence_call` (the published protocol), by language
CONFIDENCE_PROMPT = {
    "en": "On a scale from 0 to 100, how confident are you that your final answer is correct? "
          "Reply with the number only.",
    "zh": "请用0到100之间的数字表示你对最终答案正确的把握程度，只回复数字。",
}


def confidence_prompt(language: str) -> str:
    return CONFIDENCE_PROMPT.get(language, CONFIDENCE_PROMPT["en"])


def system_prompt(mode: ModeConfig) -> str:
    parts = ["You answer a user's question about a company's financial filings."]
    if "search" in mode.actions:
        parts.append("Use search to find filing passages.")
    if "interact" in mode.actions:
        parts.append("Use interact to ask the user a yes/no question; the user replies yes, no or I don't know.")
    if mode.min_asks:
        parts.append(f"You must ask at least {mode.min_asks} question(s) with interact before answering.")
    if mode.structure == "category":
        fields = "\n".join(f"- {c.field}: {c.title.lower()} ({c.description.split(':')[0].lower()})"
                           for c in CATEGORIES.values())
        parts.append("First call precheck with the fields of the question that are unclear. Fields:\n" + fields +
                     "\nThen ask one yes/no question per unclear field. Answer only when all are resolved.")
    elif mode.structure == "generic":
        parts.append("First call precheck with the points of the question that are unclear. Then ask one "
                     "yes/no question per point. Answer only when all are resolved.")
    parts.append("Finish with answer: the value with its unit (e.g. $46.75 million, 9.34亿元) and your "
                 "confidence from 0 to 100.")
    return " ".join(parts)


def oracle_passage(instance: AmbiguityInstance, rng: random.Random) -> tuple[str, list[str]]:
    """The two evidence spans in a seeded random order, and which span came first (for the record)."""
    spans = [(name, getattr(instance, f"{name}_evidence_span")) for name in ("intended", "default")]
    spans = [(n, s) for n, s in spans if s]
    rng.shuffle(spans)
    return " ... ".join(s for _, s in spans), [n for n, _ in spans]


def task_prompt(instance: AmbiguityInstance, mode: ModeConfig, rng: random.Random) -> tuple[str, dict]:
    """The task prompt and what it added (recorded in the transcript info)."""
    lines = [f"Question: {instance.question}"]
    added: dict = {}
    if mode.category_oracle:
        cat = CATEGORIES[instance.primary_category]
        lines.append(f"The question is ambiguous in its {cat.title.lower()} ({cat.name}): {cat.description}")
        added["category"] = cat.name
    if mode.interpretation_oracle:
        reading = "; ".join(f"{k}: {v}" for k, v in instance.intended_interpretation.values().items())
        lines.append(f"The user means: {reading}")
        added["interpretation"] = reading
    if mode.context_oracle:
        passage, order = oracle_passage(instance, rng)
        lines.append(f"What the user means: {instance.context}")
        lines.append(f"Passage: {passage}" if passage else "Passage: (no evidence spans in this instance)")
        added["context"] = True
        added["evidence_order"] = order
    return "\n".join(lines), added
