"""Tests for the roles `classify_numbers` gives to derivation operands, shares' wholes and comparison figures,
and for table units (finprobe.core._derivation, reached through finprobe.core.numbers). Invented figures."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
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


# --------------------------------------------------------------------------- fresh-set rule classes
@pytest.mark.parametrize("text,expected", [
    # a share restated as an amount: the amount is the part, not the share's whole
    ("Retail contributed about 27% of group operating income, or $96.7 million",
     [("27%", "share"), ("$96.7 million", "candidate")]),
    ("about 27% of group operating income, i.e., $96.7M", [("27%", "share"), ("$96.7M", "candidate")]),
    ("about 27% of group operating income of $358.1M", [("27%", "share"), ("$358.1M", "context")]),
    ("about 27% of group operating income of $358.1M, or $96.7M",
     [("27%", "share"), ("$358.1M", "context"), ("$96.7M", "candidate")]),
    # a parenthesised breakdown that sums to the value
    ("$1,118.5M ($262.0M in Q1, $281.4M in Q2, $290.2M in Q3 and $284.9M in Q4)",
     [("$1,118.5M", "candidate"), ("$262.0M", "operand"), ("$281.4M", "operand"), ("$290.2M", "operand"),
      ("$284.9M", "operand")]),
    ("8.46亿元（一季度4.02亿元，二季度4.44亿元）", [("8.46亿元", "candidate"), ("4.02亿元", "operand"), ("4.44亿元", "operand")]),
    ("$1,118.5M ($262.0M in H1 and $800.0M in H2)",
     [("$1,118.5M", "candidate"), ("$262.0M", "candidate"), ("$800.0M", "candidate")]),
    # the inputs of a stated quotient
    ("$1.87 (net income of $143.8 million divided by 76.9 million diluted shares)",
     [("$1.87", "candidate"), ("$143.8 million", "operand"), ("76.9 million", "operand")]),
    ("0.87元/股（3.46亿元除以3.98亿股）", [("0.87元", "per_unit"), ("3.46亿元", "operand"), ("3.98亿", "operand")]),
    ("a margin of 38.2% ($412.5M / $1,080.0M)", [("38.2%", "candidate"), ("$412.5M", "operand"), ("$1,080.0M", "operand")]),
    ("$1.95 (net income of $143.8 million divided by 76.9 million diluted shares)",
     [("$1.95", "candidate"), ("$143.8 million", "candidate"), ("76.9 million", "context")]),
])
def test_fresh_roles(text, expected):
    assert _roles(text) == expected


def test_other_figure_labels_are_context_but_graded_alone():
    def other(label: str) -> bool:
        return "非经常性损益" in label or "one-time items" in label

    answer = "扣非后净利润3.46亿元，当年非经常性损益合计0.56亿元。"
    roles = [(c.number.raw, c.role) for c in classify_numbers(answer, other_figure=other)]
    assert roles == [("3.46亿元", "candidate"), ("0.56亿元", "other_metric")]
    assert magnitude_match(answer, "3.46亿元", other_figure=other).verdict == "match"
    assert magnitude_match(answer, "3.46亿元").verdict == "hedge"  # without the hook: two values
    # a figure labelled as another figure is still graded when the answer states nothing else
    assert magnitude_match("The one-time items totalled $22.9 million.", "$22.9 million",
                           other_figure=other).verdict == "match"


@pytest.mark.parametrize("answer,verdict,flag", [
    ("$1,402.6 million for fiscal 2024", "match", True),
    ("About $1.40 billion (fiscal 2024)", "year_mismatch", False),
    ("$1,402.6 million for fiscal 2025", "match", False),
    ("$1,402.6 million (vs. $1,811.0 million for fiscal 2024)", "match", False),
    ("2024财年1,402.6百万美元", "match", True),
])
def test_fiscal_year_names_conflict(answer, verdict, flag):
    result = magnitude_match(answer, "$1,402.6 million", reference_years={2024, 2025}, reference_fiscal_years={2025})
    assert (result.verdict, result.year_label_conflict) == (verdict, flag), result


def test_fiscal_year_mentions():
    from finprobe.core.numbers import fiscal_year_mentions
    assert [y for _s, _e, y in fiscal_year_mentions("FY25 vs fiscal 2024, 2023年, 2022财年")] == [2025, 2024, 2022]


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.integers(min_value=100, max_value=99_999), min_size=2, max_size=4),
       off=st.integers(min_value=-3, max_value=3))
def test_a_breakdown_in_parentheses_property(parts, off):
    """"$T ($a in Q1 and $b in Q2 ...)" commits to T when the parts sum to it; otherwise it states several values."""
    total = sum(parts) + off * 50  # off != 0: the parts miss the total by at least $5.0M
    assume(total > max(parts) * 1.05)  # a part that is itself the total's figure is the same value restated
    shown = " and ".join(f"${Decimal(p) / 10:,.1f}M in Q{i + 1}" for i, p in enumerate(parts))
    answer = f"${Decimal(total) / 10:,.1f}M ({shown})"
    result = magnitude_match(answer, f"${Decimal(total) / 10:,.1f} million")
    assert result.verdict == ("match" if off == 0 else "hedge"), (answer, result)
