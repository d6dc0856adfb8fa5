"""The semantic action mapper (lexical method here; the embeddings method when installed)."""

from __future__ import annotations

import pytest
from regret_fixtures import (
    example_basis,
    example_cup,
    example_flasks,
    example_gross_net,
    example_halves,
    example_harbor,
    example_launch,
    example_remakes,
    example_street,
    hallelujah,
    moon,
    phones,
    rookie,
    simpsons,
    texas,
    wonka,
)

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


# Regression cases for what the second (fresh) annotator found: new questions over new CIGs, not the annotated items.
FRESH_ANNOTATOR_CLASSES = [
    # a word every value of a variable has names it, even when the prompt has it too ("episode 9", "episode 10")
    (example_harbor, "Which episode do you mean?", "ask:season", None),
    (example_harbor, "Which episode are you after?", "ask:season", None),
    # ... so a second question about it in the same turn is a second question
    (example_harbor, "Which version of the show do you mean, and which episode is it?", "unsupported", "multi_facet"),
    # alternatives along a dimension the CIG lacks: a cue word (version, release, season, dates) is not enough
    (example_harbor, "Is that the director's cut or the theatrical release?", "unsupported", "no_variable"),
    (example_harbor, "Are you watching it on cable or streaming? Schedules differ.", "unsupported", "no_variable"),
    (texas, "Primary or general election?", "unsupported", "no_variable"),
    (rookie, "Regular season or postseason?", "unsupported", "no_variable"),
    (wonka, "Do you mean the London cast or the touring cast?", "unsupported", "no_variable"),
    (example_launch, "Do you mean the physical release or the digital one?", "unsupported", "no_variable"),
    # ... while alternatives that are values (or value words: "previous"), or a question that names the variable
    # itself, still ask it
    (example_harbor, "Do you mean the 2008 show or the 2021 one?", "ask:year", None),
    (texas, "Do you mean this cycle or the previous one?", "ask:year", None),
    (texas, "Which year do you mean: the midterm or the one before?", "ask:year", None),
    (example_launch, "Do you mean Japan or Europe?", "ask:place", None),
    # "when" asked of the user asks the time; a set-up sentence's word does not outweigh the question's own
    (example_harbor, "Could you tell me roughly when the series you mean started?", "ask:year", None),
    (wonka, "There are a few versions of this — can you tell me roughly when yours came out?", "ask:year", None),
    # "adaptation" modifies the dimension asked; it is not a second one
    (wonka, "Which adaptation year do you have in mind?", "ask:year", None),
    (wonka, "Which adaptation — what year was it, and was it the film or the musical?", "unsupported", "multi_facet"),
    # "which <region>'s ..." asks the region outright, though "release" also belongs to another dimension
    (example_launch, "Which region's release do you mean?", "ask:place", None),
    (example_launch, "Which country's launch are you asking about?", "ask:place", None),
    # Chinese questions on English CIGs: the generic variables' Chinese cue words
    (texas, "请问您指的是哪一年的选举？", "ask:year", None),
    (texas, "您问的是哪个年份？", "ask:year", None),
    (example_launch, "请问您指的是哪个地区的发行日期？", "ask:place", None),
    (example_halves, "您要的是上半年的数据还是全年的？", "ask:period", None),
    (example_halves, "请问是哪个报告期的数字？", "ask:period", None),
    (example_halves, "请问您需要以美元还是人民币计价？", "unsupported", "no_variable"),
]


@pytest.mark.parametrize("cig, question, action, reason", FRESH_ANNOTATOR_CLASSES)
def test_fresh_annotator_classes(cig, question, action, reason):
    m = ActionMapper("lexical").map(question, cig())
    assert (m.action, m.reason) == (action, reason)


@pytest.mark.usefixtures("embeddings_installed")
def test_embeddings_method_on_the_fresh_annotator_classes():
    mapper = ActionMapper("embeddings")
    wrong = [(q, a, mapper.map(q, cig()).action) for cig, q, a, _ in FRESH_ANNOTATOR_CLASSES
             if mapper.map(q, cig()).action != a]
    assert not wrong


# Regression cases for what the third independent annotator found (invented questions over invented CIGs).
THIRD_ANNOTATOR_CLASSES = [
    # Chinese cue words of gender and size, and Chinese names of English values (and the reverse)
    (example_cup, "请问您说的是男足还是女足的比赛？", "ask:gender", None),
    (example_launch, "您想知道日本的发售日期还是欧洲的？", "ask:place", None),
    (example_flasks, "您需要多大的水壶？", "ask:size", None),
    (example_gross_net, "请问您要的是总额法的数字吗？", "ask:basis", None),
    (example_gross_net, "Should I report it on a gross basis or a net basis?", "ask:basis", None),
    # a capacity asked by its unit
    (example_flasks, "How many ounces do you need it to hold?", "ask:size", None),
    # an offer by era: a decade one of the years falls in
    (example_remakes, "The technicolor original or the 1990s reboot?", "ask:year", None),
    (example_remakes, "Do you mean the one from the sixties?", "ask:year", None),
    # a which-phrase about the prompt's entity whose head names a dimension the CIG lacks ...
    (example_cup, "Which Example Cup year are you interested in?", "unsupported", "no_variable"),
    # ... while one that only names the entity still asks which reading is meant
    (example_cup, "Which Example Cup final do you mean?", "ask:gender", None),
]


@pytest.mark.parametrize("cig, question, action, reason", THIRD_ANNOTATOR_CLASSES)
def test_third_annotator_classes(cig, question, action, reason):
    m = ActionMapper("lexical").map(question, cig())
    assert (m.action, m.reason) == (action, reason)
