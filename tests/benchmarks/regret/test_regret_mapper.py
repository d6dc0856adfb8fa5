"""The semantic action mapper (lexical method here; the embeddings method when installed)."""

from __future__ import annotations

import pytest
from regret_fixtures import example_basis, example_street, hallelujah, moon, phones, rookie, simpsons, texas, wonka

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


# Regression cases for what an independent annotator found (new questions over new CIGs, not the annotated items).
CONTEXT_NOT_FACET = [
    # wonka: the year determines the medium, so a medium word beside the year only describes the alternatives
    ("Which year's film are you thinking of?", "ask:year", None),
    ("The 1971 film or the 2013 West End musical?", "ask:year", None),
    ("The musical or the film?", "ask:medium", None),
    # ... while two questions in one turn, or two dimensions named, still ask about both
    ("Which year do you mean, and was it the film or the musical?", "unsupported", "multi_facet"),
    ("Which medium and which year do you mean?", "unsupported", "multi_facet"),
]


@pytest.mark.parametrize("question, action, reason", CONTEXT_NOT_FACET)
def test_second_variable_as_context_is_not_multi_facet(question, action, reason):
    m = ActionMapper("lexical").map(question, wonka())
    assert (m.action, m.reason) == (action, reason)


def test_crossing_variables_offered_together_are_multi_facet():
    m = ActionMapper("lexical").map("Do you mean the 2017 National League winner or the 2016 American League one?",
                                    rookie())
    assert (m.action, m.reason) == ("unsupported", "multi_facet")


@pytest.mark.parametrize("question, cig, action", [
    # the alternatives lie along a dimension the CIG lacks, though one word also names a CIG variable
    ("Are you asking about the original film or the TV miniseries?", moon, "unsupported"),
    ("Should I convert it to euros, or leave it in the original currency?", example_basis, "unsupported"),
    ("GAAP or adjusted?", example_basis, "ask:basis"),
    # recall: words for a dimension the lexicon lacked
    ("Are you asking about a previous landing or a later one?", moon, "ask:ordinal"),
    ("How much storage do you need?", phones, "ask:size"),
    ("Which election cycle do you mean?", texas, "ask:year"),
    ("Do you mean the newest one or an earlier one?", example_street, "ask:season"),
    ("Do you mean the original or the famous cover?", hallelujah, "ask:artist"),
])
def test_absent_dimensions_and_recall(question, cig, action):
    assert ActionMapper("lexical").map(question, cig()).action == action


@pytest.mark.usefixtures("embeddings_installed")
def test_embeddings_method_applies_the_same_facet_and_dimension_rules():
    mapper = ActionMapper("embeddings")
    for question, action, _ in CONTEXT_NOT_FACET:
        assert mapper.map(question, wonka()).action == action, question
    assert mapper.map("Should I convert it to euros, or leave it in the original currency?", example_basis()).action \
        == "unsupported"
