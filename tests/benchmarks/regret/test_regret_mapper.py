"""The semantic action mapper (lexical method here; the embeddings method when installed)."""

from __future__ import annotations

import pytest
from regret_fixtures import rookie, simpsons

from finprobe.benchmarks.regret import ActionMapper, embeddings_available


@pytest.mark.parametrize("question, action, reason", [
    ("Which year do you mean?", "ask:year", None),
    ("Just to confirm, the National League award?", "ask:league", None),
    ("Do you mean 2016 or 2017?", "ask:year", None),
    ("Which year and which league do you mean?", "unsupported", "multi_facet"),
    ("Can you tell me more?", "unsupported", "no_variable"),
    ("Do you mean MLB or the minor leagues?", "unsupported", None),
    ("", "unsupported", "empty"),
])
def test_lexical_on_two_variables(question, action, reason):
    m = ActionMapper("lexical").map(question, rookie())
    assert m.action == action and m.method == "lexical"
    if reason:
        assert m.reason == reason
    assert 0.0 <= m.confidence <= 1.0


def test_which_referent_question_maps_to_the_only_variable():
    m = ActionMapper("lexical").map("Which Simpsons airing do you mean?", simpsons())
    assert m.action == "ask:format"


def test_auto_picks_an_available_method():
    assert ActionMapper("auto").method == ("embeddings" if embeddings_available() else "lexical")


@pytest.mark.usefixtures("embeddings_installed")
def test_embeddings_method_records_itself():
    m = ActionMapper("embeddings").map("Is it the American or the National one you are asking about?", rookie())
    assert m.method == "embeddings" and m.action == "ask:league"
