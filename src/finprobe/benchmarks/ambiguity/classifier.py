"""Question-category classification for the metrics: the lexicon (default) and an optional LLM classifier.

Neither sees an instance's true axes: they get the clarification question (and the user's original
question, to discount repeated words). The lexicon classifier runs at score time; an LLM classifier
(role `classifier`, any model spec) runs at the end of the episode and its verdicts are stored in the
transcript (`info["classifier_llm"]`), so re-scoring needs no model call. When both exist, the LLM's
verdict drives the metrics and the lexicon's is kept next to it for the agreement report.
"""

from __future__ import annotations

from typing import Any

from finprobe.benchmarks.ambiguity.categories import CATEGORIES, CATEGORY_NAMES, classify_question
from finprobe.core.benchmark import RoleModel
from finprobe.core.judge import judge_json
from finprobe.core.schema import Message, Step, StepKind, Transcript

__all__ = ["LLM_FIELDS", "agent_questions", "classify_transcript_questions", "llm_classify"]

LLM_FIELDS: dict[str, Any] = {"categories": {"any_of": list(CATEGORY_NAMES)}, "main": [*CATEGORY_NAMES, "none"]}


def agent_questions(transcript: Transcript) -> list[Step]:
    """The agent's asks: accepted interact steps (the environment's inserted notes excluded)."""
    return [s for s in transcript.steps
            if s.kind == StepKind.action and s.action is not None and s.action.name == "interact"]


def _messages(question: str, original: str) -> list[Message]:
    cats = "\n".join(f"- {c.name}: {c.description}" for c in CATEGORIES.values())
    system = ("Classify a clarification question about a financial figure into ambiguity categories:\n" + cats +
              '\nReply with one JSON object: {"categories": [every category the question asks about], '
              '"main": the single category it is mainly about, or "none"}. Words merely repeated from the '
              "user's question do not count.")
    user = f"User's question: {original}\nClarification question: {question}"
    return [Message(role="system", content=system), Message(role="user", content=user)]


async def llm_classify(model: RoleModel, question: str, original: str) -> dict[str, Any]:
    verdict = await judge_json(model, _messages(question, original), LLM_FIELDS)
    if not verdict.ok:
        return {"ok": False, "reason": verdict.reason}
    main = verdict.data["main"]
    cats = [c for c in CATEGORY_NAMES if c in verdict.data["categories"] or c == main]
    return {"ok": True, "categories": cats, "main": None if main == "none" else main}


def classify_transcript_questions(transcript: Transcript, original: str, language: str) -> list[dict[str, Any]]:
    """The categories of every agent question, as stored in the score details (see module docstring)."""
    llm = {int(e["step"]): e for e in transcript.info.get("classifier_llm") or [] if isinstance(e, dict)}
    out = []
    for step in agent_questions(transcript):
        question = str(step.action.args.get("question", ""))
        lex = classify_question(question, language, original_question=original)
        lex_d = {"categories": lex.categories, "main": lex.main, "generic": lex.generic}
        entry = llm.get(step.index)
        if entry is not None and entry.get("ok"):
            cats = list(entry.get("categories") or [])
            out.append({"question": question, "categories": cats, "main": entry.get("main"),
                        "generic": not cats, "classifier": "llm", "lexicon": lex_d})
        else:
            out.append({"question": question, **lex_d, "classifier": "lexicon",
                        **({"llm_unscored": entry.get("reason")} if entry is not None else {})})
    return out
