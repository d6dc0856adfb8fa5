"""Comparative claims and the hop's direction: which candidate a comparison chooses (multihop.comparisons)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.benchmarks.multihop import Hop
from finprobe.benchmarks.multihop.chains import Derivation
from finprobe.benchmarks.multihop.comparisons import comparative_claims, comparison_roles, hop_direction
from finprobe.benchmarks.multihop.mentions import EntityLexicon

NAMES = EntityLexicon({"A": ["Larkspur Foods", "云雀食品"], "B": ["Tidewell Shipping", "潮井航运"]})


def roles(text, direction):
    found = NAMES.find(text)
    got = comparison_roles(text, found, direction)
    return {m.key: got.get(m.start) for m in found}


@pytest.mark.parametrize(("hop", "direction"), [
    (Hop(answer="x", derive=Derivation(op="max", path="close", key="entity")), "max"),
    (Hop(answer="x", derive=Derivation(op="min", path="close", key="entity")), "min"),
    (Hop(answer="x", derive=Derivation(op="field", path="index")), "none"),  # read off a result: no choice
    (Hop(answer="x", question="Which fund had the larger one-year return?"), "max"),
    (Hop(answer="x", question="哪家公司当日收盘价较低？"), "min"),
    (Hop(answer="x", question="Which index fell more that day?"), "min"),  # "fell more" is the lower change
    (Hop(answer="x", question="当日跌幅更大的指数？"), "min"),
    (Hop(answer="x", question="Which fund had the smaller max drawdown?"), "min"),  # a drawdown is no decline word
    (Hop(answer="x", question="Which listed earlier?"), "min"),
    (Hop(answer="x", question="When did that company list?"), None),  # no derivation, no comparative: unknown
    (Hop(answer="x"), None),
])
def test_the_hop_direction_comes_from_its_derivation_or_its_question(hop, direction):
    assert hop_direction(hop) == direction


@pytest.mark.parametrize(("text", "direction", "expected"), [
    ("Tidewell Shipping's volume trailed Larkspur Foods'.", "max", {"B": "loser", "A": "winner"}),
    ("Tidewell Shipping's volume trailed Larkspur Foods'.", "min", {"B": "winner", "A": "loser"}),
    ("Tidewell Shipping traded fewer shares than Larkspur Foods.", "max", {"B": "loser", "A": "winner"}),
    ("潮井航运的成交量少于云雀食品。", "max", {"B": "loser", "A": "winner"}),
    ("潮井航运收盘价比云雀食品低。", "max", {"B": "loser", "A": "winner"}),
    ("潮井航运跑输云雀食品。", "max", {"B": "loser", "A": "winner"}),
    ("潮井航运跑输云雀食品。", "min", {"B": "unclear", "A": "unclear"}),  # merit says nothing of a minimum
    ("Tidewell Shipping fell further than Larkspur Foods.", "max", {"B": "loser", "A": "winner"}),
    ("The smaller loss was Larkspur Foods'; Tidewell Shipping had the larger loss.", "max",
     {"A": "winner", "B": "loser"}),
    ("Tidewell Shipping did not trade more than Larkspur Foods.", "max", {"B": None}),  # a negated claim
    ("Although Tidewell Shipping traded more, Larkspur Foods closed higher.", "max", {"B": None, "A": "winner"}),
])
def test_roles_follow_the_claim_and_the_direction(text, direction, expected):
    got = roles(text, direction)
    for key, role in expected.items():
        assert got[key] == role, (key, got)


def test_a_comparative_that_introduces_the_next_candidate_is_its_claim():
    text = "Tidewell Shipping's turnover exceeds Larkspur Foods', so the larger one is Tidewell Shipping."
    claims = comparative_claims(text, NAMES.find(text))
    assert [(c.subject.key, c.polarity, c.reference.key if c.reference else None) for c in claims] == [
        ("B", "greater", "A"), ("B", "greater", None)]


_WORDS = {"higher": "greater", "lower": "lesser", "more": "greater", "less": "lesser"}


@given(word=st.sampled_from(sorted(_WORDS)), first=st.sampled_from(["Larkspur Foods", "Tidewell Shipping"]),
       direction=st.sampled_from(["max", "min"]), verb=st.sampled_from(["closed", "traded", "rose"]))
def test_swapping_the_sides_and_the_word_chooses_the_same_candidate(word, first, direction, verb):
    second = "Tidewell Shipping" if first == "Larkspur Foods" else "Larkspur Foods"
    opposite = {"higher": "lower", "lower": "higher", "more": "less", "less": "more"}[word]
    a = roles(f"{first} {verb} {word} than {second}.", direction)
    b = roles(f"{second} {verb} {opposite} than {first}.", direction)
    assert a == b and sorted(a.values()) == ["loser", "winner"]
    subject = NAMES.find(first)[0].key
    subject_wins = (_WORDS[word] == "greater") == (direction == "max")
    assert a[subject] == ("winner" if subject_wins else "loser")
