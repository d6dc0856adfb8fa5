"""The `search(query)` tool of a FinInteract episode: BM25 over the passage corpus, rendered for the agent.

It returns what the ranking returns. It never falls back to the context C or to the instance's gold
passage when nothing matches: the observation then says so. (An oracle-retrieval setting, if wanted,
is a separate named mode, not this tool.)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, Field

from finprobe.core.retrieval import BM25Index, Passage, SearchHit, load_corpus

__all__ = ["SearchResult", "SearchTool"]

_NO_HITS = {"en": "No passages matched the query.", "zh": "没有与查询匹配的段落。"}
_EMPTY = {"en": "The search query is empty.", "zh": "查询为空。"}


class SearchResult(BaseModel):
    """What one search call returned: the agent-facing observation and the raw hits (for transcripts)."""

    query: str
    observation: str
    hits: list[SearchHit] = Field(default_factory=list)


class SearchTool:
    """Top-k BM25 search with per-passage truncation.

    `top_k` passages (default 3) are shown as "[rank] passage_id\\ntext", each text cut to `max_chars`
    characters (an ellipsis marks a cut). `language` restricts results to passages in that language.
    """

    def __init__(self, index: BM25Index, *, top_k: int = 3, max_chars: int = 800, language: str | None = None,
                 messages_language: str = "en"):
        if top_k < 1:
            raise ValueError("top_k must be >= 1")
        if max_chars < 20:
            raise ValueError("max_chars must be >= 20")
        self.index = index
        self.top_k = top_k
        self.max_chars = max_chars
        self.language = language
        self.messages_language = "zh" if messages_language == "zh" else "en"

    @classmethod
    def from_passages(cls, passages: Sequence[Passage], **kwargs: object) -> SearchTool:
        return cls(BM25Index(passages), **kwargs)  # type: ignore[arg-type]

    @classmethod
    def from_file(cls, path: str | Path, **kwargs: object) -> SearchTool:
        return cls.from_passages(load_corpus(path), **kwargs)

    def _truncate(self, text: str) -> str:
        text = " ".join(text.split())
        if len(text) <= self.max_chars:
            return text
        return text[: self.max_chars - 1].rstrip() + "…"

    def render(self, hits: Sequence[SearchHit]) -> str:
        return "\n\n".join(f"[{h.rank}] {h.passage_id}\n{self._truncate(h.text)}" for h in hits)

    def search(self, query: str) -> SearchResult:
        if not query or not query.strip():
            return SearchResult(query=query or "", observation=_EMPTY[self.messages_language])
        hits = self.index.search(query, k=self.top_k, language=self.language)
        observation = self.render(hits) if hits else _NO_HITS[self.messages_language]
        return SearchResult(query=query, observation=observation, hits=hits)
