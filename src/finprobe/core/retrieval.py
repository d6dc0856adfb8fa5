"""Passage corpus and lexical search (BM25), shared by every family that gives an agent a search tool.

Knows no benchmark: a corpus is a list of `Passage` records (id, text, language, optional metadata),
searched with BM25 (the `bm25s` library) over a bilingual tokenizer: Chinese runs are segmented with
jieba, everything else is split into lowercase word and number tokens. Search returns what the ranking
returns, nothing else: no fallback passage is ever injected (a family that wants "oracle retrieval"
must make it its own, named, mode).

An embeddings reranker is not implemented (see the family reports); BM25 is the only ranking.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
import warnings
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from finprobe.core.benchmark import DataError
from finprobe.core.sources import decode_text, json_records, read_source, validation_message

__all__ = [
    "BM25Index",
    "CorpusError",
    "Passage",
    "SearchHit",
    "detect_language",
    "load_corpus",
    "passages_from_dicts",
    "tokenize",
]


class CorpusError(DataError):
    """A malformed corpus file. The message names the file and the line."""


# --------------------------------------------------------------------------- records
class Passage(BaseModel):
    """One searchable passage. Extra metadata fields (ticker, filing_type, ...) are kept as given."""

    model_config = ConfigDict(extra="allow")

    passage_id: str
    text: str
    language: str | None = None  # "en" | "zh"; detected from the text when the record has none
    company: str | None = None
    period: str | None = None

    @field_validator("passage_id", mode="before")
    @classmethod
    def _id_to_str(cls, v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            return str(v)
        return v

    @field_validator("passage_id", "text")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be empty")
        return v


class SearchHit(BaseModel):
    """One ranked search result. `rank` starts at 1."""

    passage_id: str
    score: float
    text: str
    rank: int
    language: str | None = None


# --------------------------------------------------------------------------- tokenizer
_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUNS = re.compile(rf"([{_CJK}]+)|([^{_CJK}]+)")
# Words and numbers; internal . , ' / - keep "46.75", "1,322.5", "10-k/a", "non-gaap" whole.
_WORD = re.compile(r"[a-z0-9]+(?:[.,'/\-][a-z0-9]+)*")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
_LATIN_CHAR = re.compile(r"[A-Za-z]")

EN_STOPWORDS = frozenset(
    "a an the of in on for to and or is was were are be been by with what which how much many did do does "
    "its it as at from that this these those s i me my you your we our please".split()
)
ZH_STOPWORDS = frozenset(
    "的 了 和 与 及 是 为 在 其 中 对 等 吗 呢 啊 吧 请 多少 什么 哪个 哪些 一下 我 你 您 我们".split()
)

_jieba_lock = threading.Lock()
_jieba_tokenizer: Any = None


def _jieba() -> Any:
    """A private, lazily built jieba tokenizer. Quiet (jieba logs its dictionary build to stderr)."""
    global _jieba_tokenizer
    if _jieba_tokenizer is None:
        with _jieba_lock:
            if _jieba_tokenizer is None:
                with warnings.catch_warnings():
                    # jieba 0.42 imports pkg_resources, which setuptools >= 67 marks deprecated on import
                    warnings.filterwarnings("ignore", message="pkg_resources is deprecated", category=UserWarning)
                    import jieba

                jieba.setLogLevel(logging.WARNING)
                tok = jieba.Tokenizer()
                tok.initialize()
                _jieba_tokenizer = tok
    return _jieba_tokenizer


def _fold_plural(word: str) -> str:
    """Light plural folding ("revenues" -> "revenue"); keeps -ss/-us/-is words and short words."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) and word[-2].isalpha():
        return word[:-1]
    return word


def _word_tokens(chunk: str) -> list[str]:
    out: list[str] = []
    for match in _WORD.finditer(_THOUSANDS.sub("", chunk)):
        word = match.group(0)
        if word.endswith("'s"):
            word = word[:-2]
        if not word or word in EN_STOPWORDS:
            continue
        out.append(_fold_plural(word))
        # A compound ("non-gaap", "10-k/a") also yields its parts so "non GAAP" still matches it.
        if any(c in word for c in "-/'"):
            out.extend(_fold_plural(p) for p in re.split(r"[-/']", word) if p and p not in EN_STOPWORDS)
    return out


def tokenize(text: str, *, query: bool = False) -> list[str]:
    """Bilingual tokens: jieba words for Chinese runs, lowercase words/numbers elsewhere (light stopwords).

    Passages are indexed with jieba's search mode (a long word also yields its sub-words: "年度报告" gives
    "年度", "报告" and "年度报告"), so a query need not segment exactly like the passage. Queries
    (`query=True`) use the precise mode: one token per word, so a multi-character term ("净利润") is not
    counted three times over and does not outweigh the company name beside it; `BM25Index.search` falls
    back to the sub-words of a query word the index does not hold. English plurals are folded.
    Deterministic; full-width characters are folded (NFKC) first, thousands separators dropped.
    """
    norm = unicodedata.normalize("NFKC", text).lower()
    tokens: list[str] = []
    for cjk, other in _RUNS.findall(norm):
        if cjk:
            words = _jieba().cut(cjk, HMM=True) if query else _jieba().cut_for_search(cjk, HMM=True)
            for word in words:
                word = word.strip()
                if word and word not in ZH_STOPWORDS:
                    tokens.append(word)
        else:
            tokens.extend(_word_tokens(other))
    return tokens


def detect_language(text: str) -> str:
    """'zh' when Chinese characters outnumber a third of the letters, else 'en'."""
    cjk = len(_CJK_CHAR.findall(text))
    latin = len(_LATIN_CHAR.findall(text))
    return "zh" if cjk and cjk * 3 >= latin else "en"


# --------------------------------------------------------------------------- corpus files
_ID_ALIASES = ("passage_id", "id", "doc_id")
_TEXT_ALIASES = ("text", "passage", "content", "passage_text")  # passage_text: the FinInteract release


def _coerce_record(raw: dict[str, Any]) -> dict[str, Any]:
    rec = dict(raw)
    if "passage_id" not in rec:
        for alias in _ID_ALIASES[1:]:
            if alias in rec:
                rec["passage_id"] = rec.pop(alias)
                break
    if "text" not in rec:
        for alias in _TEXT_ALIASES[1:]:
            if alias in rec:
                rec["text"] = rec.pop(alias)
                break
    return rec


def load_corpus(path: str | Path, *, sha256: str | None = None) -> list[Passage]:
    """Read a passage corpus (path or http(s) URL): JSON Lines (one passage per line) or a JSON array.

    Accepts `id`/`doc_id` for `passage_id` and `passage`/`content` for `text`. Raises CorpusError naming
    the file and line for malformed JSON, a record that is not an object, a missing/empty id or text,
    or a duplicate passage id.
    """
    p = str(path)
    try:
        records = json_records(decode_text(read_source(p, sha256=sha256, what="corpus"), p), p)
    except DataError as exc:
        raise CorpusError(str(exc)) from None
    passages: list[Passage] = []
    seen: dict[str, str] = {}
    for loc, rec in records:
        if not isinstance(rec, dict):
            raise CorpusError(f"{loc}: expected a JSON object, got {type(rec).__name__}")
        try:
            passage = Passage.model_validate(_coerce_record(rec))
        except ValidationError as exc:
            raise CorpusError(f"{loc}: passage_id={rec.get('passage_id', rec.get('id'))!r}: "
                              f"{validation_message(exc, limit=1)}") from None
        if passage.passage_id in seen:
            raise CorpusError(f"{loc}: duplicate passage_id {passage.passage_id!r} "
                              f"(first at {seen[passage.passage_id]})")
        seen[passage.passage_id] = loc
        if passage.language is None:
            passage.language = detect_language(passage.text)
        passages.append(passage)
    return passages


# --------------------------------------------------------------------------- BM25
class BM25Index:
    """BM25 over a fixed list of passages.

    Ties are broken by passage_id (ascending) so results are reproducible. Passages that share no token
    with the query (score 0) are not returned: an empty list means nothing matched.

    Defaults k1=0.9, b=0.4 are Anserini/Pyserini's BM25 defaults. With the textbook 1.5/0.75, a short
    passage naming the company twice outranked the company's passage that actually holds the asked
    metric (tf of the name saturating too slowly against a common metric word).
    """

    def __init__(self, passages: Sequence[Passage], *, k1: float = 0.9, b: float = 0.4,
                 method: str = "lucene"):
        import bm25s

        ids = [p.passage_id for p in passages]
        if len(set(ids)) != len(ids):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"duplicate passage ids: {dupes[:5]}")
        self.passages: list[Passage] = list(passages)
        self._by_id = {p.passage_id: p for p in self.passages}
        self._languages = [p.language or detect_language(p.text) for p in self.passages]
        self._retriever = bm25s.BM25(k1=k1, b=b, method=method)
        self._vocab: frozenset[str] = frozenset()
        if self.passages:
            corpus_tokens = [tokenize(p.text) for p in self.passages]
            self._retriever.index(corpus_tokens, show_progress=False)
            self._vocab = frozenset(t for doc in corpus_tokens for t in doc)

    def __len__(self) -> int:
        return len(self.passages)

    def get(self, passage_id: str) -> Passage | None:
        return self._by_id.get(passage_id)

    def search(self, query: str, k: int = 5, *, language: str | None = None) -> list[SearchHit]:
        """The top-k passages for `query` (optionally only passages in `language`), best first."""
        if k <= 0 or not self.passages:
            return []
        q_tokens: list[str] = []
        for token in tokenize(query, query=True):
            if token in self._vocab:
                q_tokens.append(token)
            elif _CJK_CHAR.search(token):  # a Chinese word the passages never use whole: try its parts
                q_tokens.extend(t for t in tokenize(token) if t in self._vocab and t != token)
        if not q_tokens:
            return []
        scores = self._retriever.get_scores(q_tokens)
        ranked: list[tuple[float, str, int]] = []
        for i, score in enumerate(scores):
            s = float(score)
            if s <= 0.0:
                continue
            if language is not None and self._languages[i] != language:
                continue
            ranked.append((-s, self.passages[i].passage_id, i))
        ranked.sort()
        hits: list[SearchHit] = []
        for rank, (neg, pid, i) in enumerate(ranked[:k], start=1):
            hits.append(SearchHit(passage_id=pid, score=-neg, text=self.passages[i].text, rank=rank,
                                  language=self._languages[i]))
        return hits

    @classmethod
    def from_file(cls, path: str | Path, **kwargs: Any) -> BM25Index:
        return cls(load_corpus(path), **kwargs)


def passages_from_dicts(records: Iterable[dict[str, Any]]) -> list[Passage]:
    """Build passages from in-memory dicts (same aliases and checks as `load_corpus`, minus file names)."""
    out = [Passage.model_validate(_coerce_record(r)) for r in records]
    for p in out:
        if p.language is None:
            p.language = detect_language(p.text)
    return out

