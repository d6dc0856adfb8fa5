"""Tests for the roles `classify_numbers` gives to derivation operands, shares' wholes and comparison figures,
and for table units (finprobe.core._derivation, reached through finprobe.core.numbers). Invented figures."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.core.numbers import classify_numbers, find_numbers, magnitude_match


def _roles(text: str) -> list[tuple[str, str]]:
    return [(c.number.raw, c.role) for c in classify_numbers(text) if c.role != "label"]


@pytest.mark.parametrize("text,expected", [
    ("$77.0M, excluding $5.5M of severance", [("$77.0M", "candidate"), ("$5.5M", "operand")]),
    ("$77.0M (after $3.1M attributable to minority holders)", [("$77.0M", "candidate"), ("$3.1M", "operand")]),
    ("$77.0M ($80.1M less $3.1M)", [("$77.0M", "candidate"), ("$80.1M", "operand"), ("$3.1M", "operand")]),
    ("Q1 $20.0M + Q2 $25.5M + Q3 $31.5M = $77.0M", [("$20.0M", "operand"), ("$25.5M", "operand"),
                                                     ("$31.5M", "operand"), ("$77.0M", "candidate")]),
    ("净利润7.70亿元（剔除一次性收益0.55亿元）", [("7.70亿元", "candidate"), ("0.55亿元", "operand")]),
    ("净利润7.70亿元（一次性收益0.55亿元已剔除）", [("7.70亿元", "candidate"), ("0.55亿元", "operand")]),
    ("$77.0M, compared with the segment's reported operating income of $70.2M",
     [("$77.0M", "candidate"), ("$70.2M", "context")]),
    ("$77.0M, about 6% of the company's full-year sales of $1.3 billion",
     [("$77.0M", "candidate"), ("6%", "share"), ("$1.3 billion", "context")]),
    ("7.70亿元，占公司营业收入（95.1亿元）的8.1%", [("7.70亿元", "candidate"), ("（95.1亿元）", "context"),
                                               ("8.1%", "share")]),
])
def test_roles(text, expected):
    assert _roles(text) == expected


def test_an_excluded_figure_alone_is_still_graded():
    # nothing else is stated: the figure after the exclusion cue is the value
    assert magnitude_match("Net income excluding the plant sale of $77.0 million", "$77.0 million").verdict == "match"


def test_quarter_apostrophe_years_are_labels():
    assert _roles("Q1'24 $20.0M") == [("$20.0M", "candidate")]


def test_table_units_row_column_and_caption():
    row = classify_numbers("| Revenue ($ in millions) | 184.2 |")
    assert [c.number.value for c in row] == [pytest.approx(184.2e6)]
    col = classify_numbers("| Item | US$bn |\n|---|---|\n| Revenue | 1.84 |\n| Share | 12% |")
    assert [c.number.value for c in col] == [pytest.approx(1.84e9), pytest.approx(0.12)]
    cap = classify_numbers("单位：万元\n| 项目 | 2023年 |\n|---|---|\n| 营业收入 | 18,420 |")
    assert [c.number.value for c in cap if c.role != "label"] == [pytest.approx(1.842e8)]
    # a figure with its own scale, and prose outside a table, keep theirs
    own = classify_numbers("| Revenue ($ millions) | $1.2B |\n\nThat is 184.2 in total.")
    assert [c.number.value for c in own] == [pytest.approx(1.2e9), pytest.approx(184.2)]


_UNITS = [("($ millions)", 1e6), ("(in thousands)", 1e3), ("(US$ billions)", 1e9), ("（亿元）", 1e8), ("（万元）", 1e4)]


@settings(max_examples=150, deadline=None)
@given(cents=st.integers(min_value=1, max_value=99_999_999), unit=st.sampled_from(_UNITS))
def test_table_unit_property(cents, unit):
    """Any bare figure in a row whose header states a unit carries that unit; the same figure in prose does not."""
    label, scale = unit
    figure = f"{Decimal(cents) / 100:,.2f}"
    text = f"| Net revenue {label} | {figure} |\n\nIn prose: {figure}."
    values = [c.number.value for c in classify_numbers(text) if c.role != "label"]
    plain = find_numbers(figure)[0].value
    assert values == [pytest.approx(plain * scale), pytest.approx(plain)]


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.integers(min_value=100, max_value=99_999), min_size=2, max_size=5))
def test_a_sum_shown_with_its_parts_matches_the_total(parts):
    """"$a + $b + ... = $total" commits to the total: graded a match, never a hedge."""
    total = sum(parts)
    shown = " + ".join(f"${Decimal(p) / 10:,.1f}M" for p in parts)
    answer = f"{shown} = ${Decimal(total) / 10:,.1f}M"
    result = magnitude_match(answer, f"${Decimal(total) / 10:,.1f} million")
    assert result.verdict == "match", (answer, result)
