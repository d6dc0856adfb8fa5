"""The passage corpus behind FinInteract's search tool: loading, the bundled demo corpus, coverage checks.

Parsing and ranking live in `finprobe.core.retrieval`; this module adds what is specific to the family:
where the demo corpus is, and checks that every instance's passage exists and holds both evidence spans.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from finprobe.benchmarks.ambiguity.instances import AmbiguityInstance
from finprobe.core.benchmark import DataError
from finprobe.core.retrieval import BM25Index, CorpusError, Passage, load_corpus

__all__ = ["check_corpus", "demo_corpus_path", "load_ambiguity_corpus"]


def demo_corpus_path() -> Path:
    """The bundled demo corpus (fictional filings, EN and ZH) that backs the demo instances."""
    return Path(str(resources.files("finprobe.benchmarks.ambiguity") / "data" / "demo_corpus.jsonl"))


def load_ambiguity_corpus(path: str | Path | None = None) -> list[Passage]:
    """Load a corpus file (the demo corpus when `path` is None); malformed files raise DataError."""
    try:
        return load_corpus(path if path is not None else demo_corpus_path())
    except CorpusError as exc:
        raise DataError(str(exc)) from exc


def check_corpus(instances: list[AmbiguityInstance], passages: list[Passage] | BM25Index) -> list[str]:
    """Problems linking instances to the corpus, one line each (empty list: all good).

    Reports an instance whose passage_id is missing from the corpus, and an evidence span that is not a
    literal substring of its passage.
    """
    by_id = ({p.passage_id: p for p in passages.passages} if isinstance(passages, BM25Index)
             else {p.passage_id: p for p in passages})
    problems: list[str] = []
    for inst in instances:
        if inst.passage_id is None:
            problems.append(f"{inst.instance_id}: no passage_id")
            continue
        passage = by_id.get(inst.passage_id)
        if passage is None:
            problems.append(f"{inst.instance_id}: passage {inst.passage_id!r} not in the corpus")
            continue
        for name in ("intended_evidence_span", "default_evidence_span"):
            span = getattr(inst, name)
            if span and span not in passage.text:
                problems.append(f"{inst.instance_id}: {name} is not a substring of passage {inst.passage_id!r}")
    return problems
