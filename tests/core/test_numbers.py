"""Tests for finprobe.core.numbers: parsing, tolerance, years, yes/no, text answers, magnitude grading."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finprobe.core.numbers import (
    MagnitudeMatch,
    ParsedNumber,
    classify_numbers,
    equal_at_full_precision,
    extract_years,
    find_numbers,
    fiscal_year_aliases,
    is_year_like,
    magnitude_match,
    parse_number,
    parse_yes_no,
    same_figure,
    stated_years,
    text_answer_match,
    within_tolerance,
)


def value_of(text: str) -> float | None:
    n = parse_number(text)
    return None if n is None else n.value


# --------------------------------------------------------------------------- parse_number
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$46.75B", 4.675e10),
        ("14.5%", 0.145),
        ("(12.5)", -12.5),
        ("$(12.5)", -12.5),
        ("($12.5)", -12.5),
        ("(1,234)", -1234.0),
        ("9.34亿元", 9.34e8),
        ("25 bps", 0.0025),
        ("25 basis points", 0.0025),
        ("1.5个百分点", 0.015),
        ("2.5 percentage points", 0.025),
        ("45 per cent", 0.45),
        ("12 percent", 0.12),
        ("14.5％", 0.145),
        ("1,234.5", 1234.5),
        ("12，345，678元", 12345678.0),
        ("-12.5", -12.5),
        ("−3.2%", -0.032),
        ("–7", -7.0),
        ("-$12.5", -12.5),
        ("$-12.5", -12.5),
        ("US$ 1,234.5 million", 1.2345e9),
        ("USD 46.75 billion", 4.675e10),
        ("RMB 5.2 billion", 5.2e9),
        ("人民币9.34亿元", 9.34e8),
        ("HK$3.2bn", 3.2e9),
        ("€5m", 5e6),
        ("£7 thousand", 7e3),
        ("$50K", 5e4),
        ("3.5 MM", 3.5e6),
        ("4 mn", 4e6),
        ("2 tn", 2e12),
        ("1.1 trillion", 1.1e12),
        ("$5-billion", 5e9),
        ("3万", 3e4),
        ("3.5万亿元", 3.5e12),
        ("5千万", 5e7),
        ("2百万", 2e6),
        ("7千", 7e3),
        ("1.2e3", 1200.0),
        ("46,750 million", 4.675e10),
        ("46,750 (in millions)", 4.675e10),
        ("１２.５％", 0.125),
        ("0.145", 0.145),
        (".2", 0.2),
        ("$.5B", 5e8),
        ("+3%", 0.03),
    ],
)
def test_parse_number_values(text: str, expected: float) -> None:
    n = parse_number(text)
    assert n is not None, text
    assert math.isclose(n.value, expected, rel_tol=1e-12), (text, n)


@pytest.mark.parametrize(
    ("text", "mantissa", "scale", "decimals", "currency", "is_percent"),
    [
        ("$46.75B", 46.75, 1e9, 2, "USD", False),
        ("$47B", 47.0, 1e9, 0, "USD", False),
        ("9.34亿元", 9.34, 1e8, 2, "CNY", False),
        ("14.5%", 14.5, 1.0, 1, None, True),
        ("HK$ 12.30", 12.3, 1.0, 2, "HKD", False),
        ("¥100", 100.0, 1.0, 0, "CNY", False),
        ("JPY 100", 100.0, 1.0, 0, "JPY", False),
        ("100 euros", 100.0, 1.0, 0, "EUR", False),
        ("5亿美元", 5.0, 1e8, 0, "USD", False),
        ("3 港元", 3.0, 1.0, 0, "HKD", False),
        ("1万亿", 1.0, 1e12, 0, None, False),
    ],
)
def test_parse_number_fields(
    text: str, mantissa: float, scale: float, decimals: int, currency: str | None, is_percent: bool
) -> None:
    n = parse_number(text)
    assert n is not None
    assert (n.mantissa, n.scale, n.decimals, n.currency, n.is_percent) == (
        mantissa,
        scale,
        decimals,
        currency,
        is_percent,
    )
    assert n.raw == text.strip()
    assert (n.start, n.end) == (0, len(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5 bananas", 5.0),  # "b" starting an ordinary word is not "billion"
        ("3 months", 3.0),
        ("2 moving parts", 2.0),
        ("7 trucks", 7.0),
        ("4 kids", 4.0),
        ("5千克", 5.0),  # kilograms, not thousands
        ("10-K", 10.0),
    ],
)
def test_scale_letters_do_not_eat_words(text: str, expected: float) -> None:
    assert value_of(text) == expected


def test_precision_in_scaled_domain() -> None:
    n = parse_number("$46.75B")
    assert n is not None and math.isclose(n.precision, 1e7)
    p = parse_number("14.5%")
    assert p is not None and math.isclose(p.precision, 0.001)


def test_find_numbers_order_and_spans() -> None:
    text = "Revenue was $46.75B in 2023, up 12% from $41.7B; 净利润9.34亿元"
    found = find_numbers(text)
    assert [n.raw for n in found] == ["$46.75B", "2023", "12%", "$41.7B", "9.34亿元"]
    for n in found:
        assert text[n.start : n.end] == n.raw


def test_find_numbers_skips_glued_tokens_and_keeps_years() -> None:
    assert find_numbers("3rd quarter, 2019E, FY2019, Q4, 10x") == []
    years = find_numbers("In 2019 and 2020")
    assert [n.value for n in years] == [2019.0, 2020.0]
    assert all(n.is_year_like for n in years)


def test_ranges_and_dashes_are_not_negative() -> None:
    assert [n.value for n in find_numbers("2019-2020")] == [2019.0, 2020.0]
    assert [n.value for n in find_numbers("5%-6%")] == [0.05, 0.06]
    # A markdown bullet is not a minus sign.
    assert value_of("- $46.75B") == 4.675e10


def test_parentheses_rules() -> None:
    assert [n.value for n in find_numbers("(1) revenue (600519) (2019)")] == [1.0, 600519.0, 2019.0]
    assert value_of("(12)") == -12.0  # a lone parenthesised figure is an accounting negative
    paren = parse_number("margin (35.2%)")
    assert paren is not None and paren.in_parentheses and paren.value == pytest.approx(-0.352)


def test_is_year_like() -> None:
    assert is_year_like(find_numbers("2019")[0])
    assert not is_year_like(find_numbers("2,019")[0])
    assert not is_year_like(find_numbers("$2019")[0])
    assert not is_year_like(find_numbers("2019 million")[0])
    assert not is_year_like(find_numbers("1850")[0])


def test_parse_number_skips_years_and_labels() -> None:
    assert value_of("In 2019, revenue was 5.2 billion") == 5.2e9
    assert value_of("As of December 31, 2023, cash was $12.3M") == 1.23e7
    assert value_of("2019") == 2019.0
    assert value_of("no number here") is None
    assert value_of("") is None


# --------------------------------------------------------------------------- within_tolerance
def test_within_tolerance_cases() -> None:
    assert within_tolerance(100.9, 100.0)
    assert not within_tolerance(101.1, 100.0)
    assert within_tolerance(0.0, 5e-6)  # absolute floor
    assert not within_tolerance(0.0, 2e-5)
    assert not within_tolerance(-100.0, 100.0)
    assert within_tolerance(-100.0, 100.0, sign_agnostic=True)
    assert within_tolerance(104.0, 100.0, rel=0.05)
    assert not within_tolerance(math.nan, 1.0)
    assert not within_tolerance(math.inf, math.inf)


finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)
rels = st.floats(min_value=0.0, max_value=0.5)


@given(finite, rels)
def test_within_tolerance_reflexive(x: float, rel: float) -> None:
    assert within_tolerance(x, x, rel=rel)
    assert within_tolerance(x, -x, rel=rel, sign_agnostic=True)


@given(finite, finite, rels)
def test_within_tolerance_sign_symmetry(a: float, e: float, rel: float) -> None:
    assert within_tolerance(a, e, rel=rel) == within_tolerance(-a, -e, rel=rel)
    assert within_tolerance(a, e, rel=rel, sign_agnostic=True) == within_tolerance(abs(a), abs(e), rel=rel)


@given(finite, finite, st.floats(min_value=0.0, max_value=0.4))
def test_within_tolerance_swapped_arguments(a: float, e: float, rel: float) -> None:
    # |a − e| ≤ r·|e| implies |e − a| ≤ r/(1 − r)·|a|: the band is symmetric up to that widening.
    if within_tolerance(a, e, rel=rel):
        assert within_tolerance(e, a, rel=rel / (1 - rel) * (1 + 1e-9) + 1e-15)


@given(finite, finite, rels, rels)
def test_within_tolerance_monotone_in_rel(a: float, e: float, r1: float, r2: float) -> None:
    lo, hi = sorted((r1, r2))
    if within_tolerance(a, e, rel=lo):
        assert within_tolerance(a, e, rel=hi)


# --------------------------------------------------------------------------- years
@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("FY2019 revenue", {2019}),
        ("FY19", {2019}),
        ("FY 2023", {2023}),
        ("fiscal 2022 and fiscal year 2021", {2022, 2021}),
        ("2019年营业收入", {2019}),
        ("2019财年", {2019}),
        ("23财年", {2023}),
        ("Q3'23 results", {2023}),
        ("In 2019 revenue was $5B", {2019}),
        ("$2019 million", set()),
        ("senior notes due 2030", set()),
        ("revenue of 46.75 billion", set()),
        ("December 31, 2023", {2023}),
    ],
)
def test_extract_years(text: str, years: set[int]) -> None:
    assert extract_years(text) == years


# --------------------------------------------------------------------------- yes / no
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", True),
        ("Yes.", True),
        ("**Yes**, it is the consolidated figure", True),
        ('"No"', False),
        ("No, the segment figure", False),
        ("true", True),
        ("False", False),
        ("Answer: yes", True),
        ("是", True),
        ("是的", True),
        ("对", True),
        ("否", False),
        ("不是", False),
        ("不对", False),
        ("I don't know.", None),
        ("I don't know", None),
        ("不知道", None),
        ("not sure", None),
        ("None of these", None),
        ("N/A", None),
        ("n", False),
        ("Y", True),
        ("", None),
        ("maybe", None),
    ],
)
def test_parse_yes_no(text: str, expected: bool | None) -> None:
    assert parse_yes_no(text) is expected


# --------------------------------------------------------------------------- text answers
@pytest.mark.parametrize(
    ("answer", "aliases", "expected"),
    [
        ("Meta Platforms, Inc.", ["Meta Platforms"], True),
        ("meta platforms", ["Meta Platforms, Inc."], True),
        ("The answer is Meta Platforms.", ["Meta Platforms"], True),
        ("Metadata Inc", ["Meta"], False),
        ("Alphabet Inc.", ["Meta Platforms", "Meta"], False),
        ("贵州茅台酒股份有限公司", ["贵州茅台酒"], True),
        ("腾讯控股有限公司", ["腾讯控股"], True),
        ("HSBC Holdings plc", ["HSBC Holdings"], True),
        ("Johnson & Johnson", ["Johnson and Johnson"], True),
        ("December 31, 2023", ["2023-12-31"], True),
        ("2023年12月31日", ["December 31, 2023"], True),
        ("12/31/2023", ["31 Dec 2023"], True),
        ("2023-12-30", ["2023-12-31"], False),
        ("", ["Meta"], False),
        ("Meta", [], False),
    ],
)
def test_text_answer_match(answer: str, aliases: list[str], expected: bool) -> None:
    assert text_answer_match(answer, aliases) is expected


# --------------------------------------------------------------------------- magnitude_match
REF = "$46.75B"


@pytest.mark.parametrize(
    ("answer", "reference", "verdict"),
    [
        # precision rule (DESIGN §2)
        ("$46.75B", REF, "match"),
        ("$47B", REF, "match"),
        ("$46.8B", REF, "match"),
        ("$46.3B", REF, "mismatch"),
        ("$46.7B", REF, "mismatch"),
        ("$48B", REF, "mismatch"),
        ("46,750 million", REF, "match"),
        ("$46,750,000,000", REF, "match"),
        ("46.75", REF, "mismatch"),  # never "any scale that matches"
        ("$46.75 million", REF, "mismatch"),
        ("about $47 billion (46,750 million)", REF, "match"),
        # Chinese units and percents
        ("9.34亿元", "9.34亿元", "match"),
        ("934,000,000元", "9.34亿元", "match"),
        ("9.3亿元", "9.34亿元", "match"),
        ("9.34万元", "9.34亿元", "mismatch"),
        ("14.5%", "14.5%", "match"),
        ("14.52%", "14.5%", "match"),
        ("14.5 percent", "14.5%", "match"),
        ("0.145", "14.5%", "match"),
        ("14.5", "14.5%", "mismatch"),
        ("25 bps", "0.25%", "match"),
        ("1.5个百分点", "1.5 percentage points", "match"),
        # negatives
        ("(12.5)", "-12.5", "match"),
        ("-$12.5M", "$(12.5) million", "match"),
        ("$12.5M", "-$12.5M", "mismatch"),
        ("Net loss of $12.5 million", "-$12.5M", "match"),
        ("Operating margin (35.2%)", "35.2%", "match"),
        # hedges
        ("Operating income was $46.75B consolidated, or $62.87B for the Family of Apps segment.", REF, "hedge"),
        ("$62.87B for the segment, or $46.75B consolidated", REF, "hedge"),
        ("between $46B and $47B", REF, "hedge"),
        # no answer
        ("I cannot determine this from the passage.", REF, "no_answer"),
        ("", REF, "no_answer"),
        ("Revenue increased 12% year-over-year.", REF, "no_answer"),
        ("It was up 5% compared with the prior year.", REF, "no_answer"),
        # comparison / change context
        ("Operating income was $46.75B, up 62% from $28.94B.", REF, "match"),
        ("Operating income rose 62% to $46.75B.", REF, "match"),
        ("Operating income grew from $28.94B to $46.75B", REF, "match"),
        ("$46.75B vs. $28.94B in the prior year", REF, "match"),
        ("$46.75B versus $28.94B", REF, "match"),
        ("$46.75B compared with $28.94B a year earlier", REF, "match"),
        ("$46.75B, an increase of $17.8B, or 62%", REF, "match"),
        ("Revenue was $46.75B; last year it was $41.7B", REF, "match"),
        ("$46.75B up 62% YoY", REF, "match"),
        ("Operating income $46.75B, 62% higher than the $28.94B of 2022", REF, "match"),
        ("Gross margin 91.96% (+0.09pp)", "91.96%", "match"),
        ("Revenue: $46.75B (+12% YoY)", REF, "match"),
        ("Last year revenue was $46.75B", REF, "match"),
        ("Revenue increased 12.5% year-over-year.", "12.5%", "match"),
        ("2023年营业收入为9.34亿元，同比增长12%，上年同期为8.34亿元。", "9.34亿元", "match"),
        ("营业收入较上年增长12%至9.34亿元", "9.34亿元", "match"),
        ("营业收入9.34亿元，较上年的8.34亿元增长12%", "9.34亿元", "match"),
        ("营业收入8.34亿元", "9.34亿元", "mismatch"),
        # labels are not candidates
        ("As of December 31, 2023, total assets were $402.4 billion.", "$402.4B", "match"),
        ("According to the 10-K, (1) revenue was $46.75B.", REF, "match"),
        ("贵州茅台(600519.SH)2023年净利润为747.34亿元", "747.34亿元", "match"),
        ("The company has 3 segments; consolidated operating income was $46.75B", REF, "match"),
        ("The company repurchased 2.3 million shares for $1.2 billion.", "$1.2B", "match"),
        ("Operating income: 46,751 (in millions of USD)", REF, "match"),
        ("- Consolidated: $46.75B\n- Family of Apps: $62.87B", REF, "hedge"),
        ("Meta's operating income was about $46.8 billion, a 35% operating margin.", REF, "match"),
        # fiscal years
        ("Operating income was $28.94 billion in FY2022.", "$46.75B (FY2023)", "year_mismatch"),
        ("Operating income was $46.75 billion in FY2023.", "$46.75B (FY2023)", "match"),
        ("FY2023: $46.75B; FY2022: $28.94B", "$46.75B FY2023", "match"),
        ("In FY2022 it was $28.94B and in FY2023 it was $46.75B", "$46.75B FY2023", "match"),
        ("In FY2022, revenue was $41.7B", "$46.75B FY2023", "year_mismatch"),
        ("2022年营业收入为9.3亿元", "9.34亿元（2023年）", "year_mismatch"),  # not the full precision
        ("2022年营业收入为9.34亿元", "9.34亿元（2023年）", "match"),  # only the year label conflicts (flagged)
        ("$46.75B", "$46.75B FY2023", "match"),  # the answer states no year: nothing to contradict
        ("The figure is $46.75B (vs $28.94B in 2022, +62% YoY).", "$46.75B FY2023", "match"),
        ("Diluted EPS was $14.87, compared with $8.59 in 2022", "$14.87 (2023)", "match"),
        ("Revenue grew from $41.7B in FY2022 to $46.75B in FY2023", "$46.75B FY2023", "match"),
        ("净利润为人民币747.34亿元（2023年），较2022年的627.16亿元增长19.16%。", "747.34亿元 2023年", "match"),
        # other reference shapes
        ("2,345 employees", "2,345", "match"),
        ("The answer is 2019", "2019", "match"),
        ("Meta Platforms, Inc.", "Meta Platforms", "match"),
    ],
)
def test_magnitude_match(answer: str, reference: str, verdict: str) -> None:
    result = magnitude_match(answer, reference)
    assert result.verdict == verdict, result


def test_magnitude_match_reports_candidates() -> None:
    hedge = magnitude_match("$46.75B consolidated, or $62.87B for the segment", REF)
    assert hedge.verdict == "hedge"
    assert hedge.candidate == pytest.approx(4.675e10)
    assert hedge.candidates == pytest.approx([4.675e10, 6.287e10])
    assert not hedge.correct
    ok = magnitude_match("Operating income was $47B, up from $28.94B", REF)
    assert ok.correct and ok.candidates == pytest.approx([4.7e10])
    assert ok.reference == pytest.approx(4.675e10)


def test_magnitude_match_reference_years_argument() -> None:
    ans = "Operating income was $28.9 billion in FY2022."
    assert magnitude_match(ans, "$28.94B", reference_years={2023}).verdict == "year_mismatch"
    assert magnitude_match(ans, "$28.94B", reference_years={2022}).verdict == "match"


# --------------------------------------------------------------------------- issue 7 regressions (invented figures)
def test_rate_reference_is_matched_against_the_answers_percentages() -> None:
    answer = "Revenue grew about 12% (from $41.3B to $46.2B)"
    assert magnitude_match(answer, "12.0%").verdict == "match"
    assert magnitude_match(answer, "7.4%").verdict == "mismatch"
    both = "Organic growth was 12.0%, reported growth 7.4%."
    assert magnitude_match(both, "12.0%", rate_of_change=True).verdict == "hedge"
    # without the hint a change percentage beside a stated rate is context ("margin 45.2%, up 1.3pp")
    assert magnitude_match("Gross margin was 45.2%, up 1.3pp from 43.9%.", "45.2%").verdict == "match"
    assert magnitude_match("Revenue reached $46.2B in 2023.", "12.0%").verdict == "mismatch"  # an amount is no rate
    assert magnitude_match("营业收入同比增长18.6%，达到9.87亿元。", "18.6%").verdict == "match"


def test_fiscal_year_named_by_the_year_it_starts() -> None:
    period = {2024}  # the reference period "fiscal year ended February 3, 2024"
    ref = "$8,912.7 million (fiscal year ended February 3, 2024)"
    assert magnitude_match("Fiscal 2023 net sales were $8,912.7 million.", ref, reference_years=period).verdict == "match"
    got = magnitude_match("Net sales for fiscal 2023, ended February 3, 2024: $8.91 billion", ref)
    assert got.verdict == "match" and not got.year_label_conflict
    assert magnitude_match("Fiscal 2022 net sales were $8.5 billion.", ref).verdict == "year_mismatch"
    assert fiscal_year_aliases("fiscal year ended January 28, 2023") == {2022}
    assert fiscal_year_aliases("year ended December 31, 2023") == set()


def test_year_label_conflict_at_full_precision_is_a_flagged_match() -> None:
    ref = "$412.35 million"
    got = magnitude_match("Net income was $412.35 million in fiscal 2022.", ref, reference_years={2023})
    assert got.verdict == "match" and got.year_label_conflict and got.correct
    # a neighbouring year's value within 1% but not equal at full precision stays wrong
    near = magnitude_match("Net income was $412.4 million in fiscal 2022.", ref, reference_years={2023})
    assert near.verdict == "year_mismatch" and not near.year_label_conflict
    ok = magnitude_match("Net income was $412.4 million in fiscal 2023.", ref, reference_years={2023})
    assert ok.verdict == "match" and not ok.year_label_conflict
    # two values are a hedge even when one equals the reference
    hedge = magnitude_match("$412.35 million, or $398.70 million if you mean the prior year's", ref,
                            reference_years={2023})
    assert hedge.verdict == "hedge"


def test_equal_at_full_precision() -> None:
    ref = parse_number("$46.75B")
    assert ref is not None
    for text, expected in [("$46.75B", True), ("46,750 million", True), ("$46,751 million", True),
                           ("$46.8B", False), ("$47B", False), ("$46.74B", False)]:
        n = parse_number(text)
        assert n is not None and equal_at_full_precision(n, ref) is expected, text


def test_magnitude_match_sign_agnostic_argument() -> None:
    answer = "Capital expenditures were $28.1 billion"
    assert magnitude_match(answer, "-$28.1B").verdict == "mismatch"
    assert magnitude_match(answer, "-$28.1B", sign_agnostic=True).verdict == "match"


def test_stated_years_ignore_comparison_clauses() -> None:
    assert stated_years("Revenue was $46.75B in FY2023, up 12% from $41.7B in FY2022.") == {2023}
    assert stated_years("The figure is $46.75B (vs $28.94B in 2022).") == set()
    assert stated_years("In FY2022, revenue was $41.7B.") == {2022}


def test_magnitude_match_rel_argument() -> None:
    # $47B rounds $46.5B correctly (46.5 -> 47 half away from zero) but is 1.08% away.
    assert magnitude_match("$47B", "$46.5B").verdict == "mismatch"
    assert magnitude_match("$47B", "$46.5B", rel=0.02).verdict == "match"
    # A wider band never overrides the precision rule: 48 is not 46.75 at 0 decimals.
    assert magnitude_match("$48B", REF, rel=0.05).verdict == "mismatch"


def test_classify_numbers_roles() -> None:
    roles = [
        (c.number.raw, c.role)
        for c in classify_numbers("In 2023, revenue was $46.75B, up 12% from $41.7B; we have 3 segments.")
    ]
    assert roles == [("2023", "label"), ("$46.75B", "candidate"), ("12%", "context"), ("$41.7B", "context"),
                     ("3", "count")]


def test_same_figure_is_precision_aware() -> None:
    a, b = parse_number("$47B"), parse_number("$46.75B")
    assert a is not None and b is not None
    assert same_figure(a, b) and same_figure(b, a)
    c = parse_number("$46.3B")
    assert c is not None and not same_figure(c, b)


# --------------------------------------------------------------------------- properties
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
finance_text = st.lists(
    st.sampled_from(
        list("0123456789.,-+()$%¥€£ \n")
        + list("bBmMkKtTnsoaeiruyvx")
        + ["亿", "万", "元", "千", "百", "个百分点", "同比", "增长", "至", "为", "，", "（", "）", "－", "−", "％", "年"]
        + ["bps", "vs.", "from ", "to ", "up ", "FY", "billion", "million", "US$", "HK$", "RMB", "e", "E"]
    ),
    max_size=40,
).map("".join)


@FAST
@given(st.one_of(st.text(max_size=80), finance_text))
def test_parsers_never_raise(text: str) -> None:
    found = find_numbers(text)
    for n in found:
        assert isinstance(n, ParsedNumber)
        assert text[n.start : n.end] == n.raw
        assert math.isfinite(n.value)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))
    parse_number(text)
    extract_years(text)
    parse_yes_no(text)
    text_answer_match(text, ["Meta", text])


@FAST
@given(st.one_of(st.text(max_size=80), finance_text), st.one_of(st.text(max_size=20), finance_text))
def test_magnitude_match_never_raises(answer: str, reference: str) -> None:
    result = magnitude_match(answer, reference)
    assert isinstance(result, MagnitudeMatch)
    if result.verdict in ("hedge", "match", "mismatch") and result.candidate is not None:
        assert result.candidate == result.candidates[0]


SCALES = [("", 1.0), (" thousand", 1e3), ("k", 1e3), (" million", 1e6), ("M", 1e6), (" mn", 1e6),
          (" billion", 1e9), ("B", 1e9), (" bn", 1e9), (" trillion", 1e12), ("万", 1e4), ("亿", 1e8),
          ("万亿", 1e12), ("百万", 1e6), ("千万", 1e7)]
CURRENCIES = [("", "", None), ("$", "", "USD"), ("US$", "", "USD"), ("HK$", "", "HKD"), ("€", "", "EUR"),
              ("£", "", "GBP"), ("RMB ", "", "CNY"), ("USD ", "", "USD"), ("", "元", "CNY"), ("¥", "", "CNY")]


@FAST
@given(
    st.integers(min_value=0, max_value=10**12),
    st.integers(min_value=0, max_value=4),
    st.sampled_from(SCALES),
    st.sampled_from(CURRENCIES),
    st.booleans(),
    st.sampled_from(["plain", "minus", "unicode_minus", "parens"]),
)
def test_format_then_parse_round_trip(
    units: int, decimals: int, scale: tuple[str, float], currency: tuple[str, str, str | None],
    separators: bool, sign: str,
) -> None:
    scale_word, scale_value = scale
    prefix, suffix, code = currency
    magnitude = units / 10**decimals
    body = f"{magnitude:,.{decimals}f}" if separators else f"{magnitude:.{decimals}f}"
    core = f"{prefix}{body}{scale_word}{suffix}"
    text = {"plain": core, "minus": f"-{core}", "unicode_minus": f"−{core}", "parens": f"({core})"}[sign]
    # Parentheses mark a negative only around something that looks like an amount; "(1)" is an enumerator.
    amount_like = decimals > 0 or (separators and magnitude >= 1000) or bool(prefix or suffix or scale_word)
    negative = sign in ("minus", "unicode_minus") or (sign == "parens" and amount_like)
    n = parse_number(f"Reported figure: {text} for the year")
    assert n is not None, text
    expected = (-1 if negative else 1) * magnitude * scale_value
    assert math.isclose(n.value, expected, rel_tol=1e-9, abs_tol=1e-9), (text, n)
    assert n.decimals == decimals
    assert n.currency == code
    assert n.scale == scale_value


@FAST
@given(st.integers(min_value=1, max_value=10**6), st.integers(min_value=0, max_value=3))
def test_percent_round_trip(units: int, decimals: int) -> None:
    magnitude = units / 10**decimals
    for fmt in (f"{magnitude:.{decimals}f}%", f"{magnitude:.{decimals}f} percent", f"{magnitude:.{decimals}f}个百分点"):
        n = parse_number(fmt)
        assert n is not None and n.is_percent
        assert math.isclose(n.value, magnitude / 100, rel_tol=1e-12)


@FAST
@given(st.integers(min_value=1, max_value=10**9), st.integers(min_value=0, max_value=3), st.sampled_from(SCALES))
def test_answer_equal_to_reference_matches(units: int, decimals: int, scale: tuple[str, float]) -> None:
    text = f"${units / 10**decimals:,.{decimals}f}{scale[0]}"
    result = magnitude_match(f"The figure was {text}.", text)
    assert result.verdict == "match", (text, result)


# --------------------------------------------------------------------------- real data
FINQA_DEV = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "finqa" / "dev.json"
PLAIN_ANSWER = re.compile(r"^\s*(-?\d[\d,]*(?:\.\d+)?|-?\.\d+)\s*(%?)\s*$")


@pytest.mark.shared_data
@pytest.mark.skipif(not FINQA_DEV.exists(), reason="../shared/data/finqa/dev.json is not present")
def test_finqa_dev_answers_parse() -> None:
    records = json.loads(FINQA_DEV.read_text(encoding="utf-8"))
    answers = [r["qa"].get("answer") for r in records if isinstance(r.get("qa"), dict)]
    plain = 0
    for answer in answers:
        if not isinstance(answer, str):
            continue
        m = PLAIN_ANSWER.match(answer)
        parsed = parse_number(answer)
        if m:
            plain += 1
            expected = float(m.group(1).replace(",", "")) / (100 if m.group(2) else 1)
            assert parsed is not None and math.isclose(parsed.value, expected, rel_tol=1e-12, abs_tol=1e-15), answer
        elif re.search(r"\d", answer):
            assert parsed is not None, answer
    assert plain > 500  # the dev split is mostly plain numbers and percents
    assert value_of("$ 73576 thousand") == 7.3576e7  # formats seen in the split
    assert value_of("$ 386797190 or $ 386.8 million") == 386797190.0


# --------------------------------------------------------------------------- per-share and share-of-total figures
@pytest.mark.parametrize("answer,reference,verdict", [
    ("Net income attributable to shareholders was $120.4 million ($1.52 per diluted share)", "$120.4 million", "match"),
    ("$120.4 million, or $1.52 per share", "$120.4 million", "match"),
    ("归母净利润9.34亿元，每股收益0.52元", "9.34亿元", "match"),
    ("Revenue was $46.75B, representing 35% of total revenue of $133.6B", "$46.75B", "match"),
    ("Revenue was $46.75B out of $133.6B", "$46.75B", "match"),
    ("$120.4 million, or $1.52 per share", "$125.0 million", "mismatch"),
    # a per-share reference grades the per-share figure
    ("$120.4 million ($1.52 per diluted share)", "$1.52 per diluted share", "match"),
    ("归母净利润9.34亿元，每股收益0.52元", "0.52元/股", "match"),
    ("Diluted EPS was $1.52", "$1.52 per diluted share", "match"),
    ("EPS of $1.52", "$1.52", "match"),
    ("$120.4 million ($1.48 per diluted share)", "$1.52 per diluted share", "mismatch"),
    # a share of a whole is graded for a percent reference
    ("Segment revenue was $46.75B, 35% of the total", "35%", "match"),
    ("Gross margin was 45.2% of revenue", "45.2%", "match"),
    # two different stated amounts are still a hedge
    ("$46.75B consolidated, or $62.87B for the segment", "$46.75B", "hedge"),
])
def test_per_share_and_share_of_total_are_not_hedges(answer, reference, verdict):
    assert magnitude_match(answer, reference).verdict == verdict


def test_per_unit_and_share_roles():
    roles = {c.number.raw: c.role for c in classify_numbers(
        "Revenue was $46.75B, representing 35% of total revenue of $133.6B; EPS $1.52")}
    assert roles == {"$46.75B": "candidate", "35%": "share", "$133.6B": "context", "$1.52": "per_unit"}


@pytest.mark.parametrize("text", ["毛利1.25亿元（4–6月）", "4-6月毛利1.25亿元", "毛利1.25亿元（4月至6月）", "1至6月份毛利1.25亿元"])
def test_month_range_ends_are_labels(text: str) -> None:
    """A month range ("4–6月", "4月至6月") names months, not quantities: only the amount is a candidate."""
    roles = [(c.number.raw, c.role) for c in classify_numbers(text)]
    assert [raw for raw, role in roles if role == "candidate"] == ["1.25亿元"], roles


def test_month_range_is_not_a_duration_or_an_amount_range() -> None:
    assert [c.role for c in classify_numbers("3-5个月")][0] != "label"
    assert {c.role for c in classify_numbers("1.2-1.5亿元")} != {"label"}


@pytest.mark.parametrize("text, expected", [
    ("第四季度（10–12月）2.84亿元", 2.84e8),
    ("上半年（1-6月）营收3.1亿元", 3.1e8),
    ("Q4 (Oct–Dec)$12.5 million", 12.5e6),
])
def test_a_figure_right_after_a_closing_parenthesis_is_read(text: str, expected: float) -> None:
    assert expected in [n.value for n in find_numbers(text)]
