"""The deterministic final-answer matcher (unit cases and property tests for numbers and dates)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.multihop import Hop, match_final

QUILLON = Hop(answer="Quillon Microchips", kind="entity", value="QLMC.DEMO",
              aliases=["QLMC", "QLMC.DEMO", "Quillon", "奎隆微芯", "奎隆"],
              distractors=[["ZPHR.DEMO", "ZPHR", "Zephyrine Semiconductor", "泽风半导体", "Zephyrine", "泽风"]])
VOLUME = Hop(answer="32,232,800 shares", kind="number", value=32232800, unit="shares")
PPI = Hop(answer="-1.0%", kind="number", value=-1.0, unit="%")
DAY = Hop(answer="2024-03-15", kind="date", value="2024-03-15")
QUARTER = Hop(answer="2023Q4", kind="period", value="2023Q4")


@pytest.mark.parametrize(("answer", "correct"), [
    ("Quillon Microchips", True), ("QLMC", True), ("奎隆微芯（QLMC）", True), ("Quillon Microchips Co., Ltd.", True),
    ("Quillon Microchips closed at 42.11, above Zephyrine Semiconductor's 21.76.", True),
    ("Zephyrine Semiconductor (21.76) vs Quillon Microchips (42.11): Quillon Microchips is higher.", True),
    ("奎隆微芯的收盘价高于泽风半导体。", True),
    ("Zephyrine Semiconductor", False), ("Not Quillon Microchips but Zephyrine Semiconductor.", False),
    ("Either Quillon Microchips or Zephyrine Semiconductor.", False), ("", False), ("I don't know.", False),
])
def test_entities(answer, correct, lexicon):
    assert match_final(answer, QUILLON, lexicon=lexicon).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("32,232,800 shares", True), ("32.23 million shares", True), ("3223.28万股", True), ("about 32 million", True),
    ("322,328 lots", False), ("29,052,100 shares", False), ("32.5 million shares", False),
    ("On 2024-05-15 Harborstone's turnover was 1.01%; on 2024-05-16 it traded 32,232,800 shares.", True),
    ("Volume was 32,232,800 shares, down from 30,690,100 shares the day before.", True),
])
def test_numbers(answer, correct):
    assert match_final(answer, VOLUME).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("-1.0%", True), ("−1%", True), ("PPI fell 1.0% year on year", True), ("同比下降1.0%", True),
    ("1.0%", False), ("同比上涨1.0%", False), ("-1.2%", False),
])
def test_signs_given_by_words(answer, correct):
    assert match_final(answer, PPI).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("2024-03-15", True), ("March 15, 2024", True), ("2024年3月15日", True), ("3月15日", True),
    ("The report came out on 2024-03-15, after the Q3 report of 2023-10-26.", True),
    ("2024-03-14", False), ("March 2024", False), ("2024-03-15 or 2024-03-18", False),
])
def test_dates(answer, correct):
    assert match_final(answer, DAY).correct is correct


@pytest.mark.parametrize(("answer", "correct"), [
    ("Q4 2023", True), ("2023年第四季度", True), ("the fourth quarter of 2023", True), ("Q4", True),
    ("Q3 2023", False), ("Q4 2022", False),
])
def test_periods(answer, correct):
    assert match_final(answer, QUARTER).correct is correct


def test_verdicts_say_why():
    assert match_final("", DAY).verdict == "no_answer"
    assert match_final("2024-03-15 or 2024-03-18", DAY).verdict == "hedge"
    assert match_final("2024-03-14", DAY).verdict == "mismatch"
    assert "2024-03-15" in match_final("2024-03-15", DAY).reason


# --------------------------------------------------------------------------- properties
def _scaled(value: int, unit: str) -> str:
    factor = {"": 1, " thousand": 10**3, " million": 10**6, " billion": 10**9, "万": 10**4, "亿": 10**8}[unit]
    return f"{Decimal(value) / Decimal(factor)}{unit}"


@settings(max_examples=300, deadline=None)
@given(value=st.integers(min_value=1_000, max_value=9_000_000_000),
       unit=st.sampled_from(["", " thousand", " million", " billion", "万", "亿"]),
       wrap=st.sampled_from(["{}", "The answer is {} yuan.", "净利润为{}元。", "**{}**", "Revenue: RMB {}"]))
def test_a_figure_in_any_scale_matches(value, unit, wrap):
    hop = Hop(answer=f"{value:,} yuan", kind="number", value=value, unit="yuan")
    assert match_final(wrap.format(_scaled(value, unit)), hop).correct


@settings(max_examples=300, deadline=None)
@given(value=st.integers(min_value=1_000, max_value=9_000_000_000), off=st.floats(min_value=0.015, max_value=0.9),
       sign=st.sampled_from([-1, 1]))
def test_a_different_figure_never_matches(value, off, sign):
    other = round(value * (1 + sign * off))
    assume(other > 0)
    hop = Hop(answer=f"{value:,} yuan", kind="number", value=value, unit="yuan")
    assert not match_final(f"{other:,} yuan", hop).correct


@settings(max_examples=200, deadline=None)
@given(day=st.dates(min_value=dt.date(2000, 1, 2), max_value=dt.date(2030, 12, 30)),
       fmt=st.sampled_from(["%Y-%m-%d", "%B %-d, %Y", "%-d %b %Y", "%Y/%-m/%-d", "%Y年%-m月%-d日"]),
       delta=st.sampled_from([-1, 1, 7, -30]))
def test_dates_in_any_format_match_and_neighbours_do_not(day, fmt, delta):
    hop = Hop(answer=day.isoformat(), kind="date", value=day.isoformat())
    assert match_final(f"It was {day.strftime(fmt)}.", hop).correct
    assert not match_final(f"It was {(day + dt.timedelta(days=delta)).strftime(fmt)}.", hop).correct


# --------------------------------------------------------------------------- committed answer in comparisons
# New invented candidates (not the labelled sets' items): a winner stated first and the loser after it.
LARKSPUR = Hop(answer="Larkspur Foods", kind="entity", value="LKSF.DEMO",
               aliases=["LKSF", "Larkspur", "云雀食品", "云雀"],
               distractors=[["TDWS.DEMO", "TDWS", "Tidewell Shipping", "潮井航运", "Tidewell", "潮井"]])


@pytest.mark.parametrize(("answer", "correct"), [
    ("Larkspur Foods had the larger turnover (2.31%), though Tidewell Shipping rose further that day.", True),
    ("Tidewell Shipping had the larger turnover (2.31%), although Larkspur Foods rose further that day.", False),
    ("Larkspur Foods traded more shares (1,204,000 vs 998,500 for Tidewell Shipping).", True),
    ("Tidewell Shipping traded more shares (1,204,000 vs 998,500 for Larkspur Foods).", False),
    ("Tidewell Shipping did not rise more — Larkspur Foods did.", True),
    ("Larkspur Foods did not rise more — Tidewell Shipping did.", False),
    ("Larkspur Foods not only rose more, it also traded more than Tidewell Shipping.", True),
    ("换手率更高的是**云雀食品**（2.31%），潮井航运换手率为0.87%。", True),
    ("换手率更高的是潮井航运（2.31%），云雀食品换手率为0.87%。", False),
    ("云雀食品涨幅更大（3.4%，潮井航运1.2%）。", True),
    ("潮井航运涨幅更大（3.4%，云雀食品1.2%）。", False),
    ("虽然潮井航运成交量更大，但云雀食品涨幅更高。", True),
    ("潮井航运并没有涨得更多，云雀食品才是。", True),
    ("云雀食品不仅涨幅更大，成交额也超过潮井航运。", True),
])
def test_the_subject_of_the_comparative_claim_is_the_answer(answer, correct):
    assert match_final(answer, LARKSPUR).correct is correct


LISTED = Hop(answer="2011-09-14", kind="date", value="2011-09-14")


@pytest.mark.parametrize(("answer", "correct"), [
    ("Larkspur Foods traded more (12.4M vs 3.1M shares) and listed on September 14, 2011.", True),
    ("Larkspur Foods traded more (12.4M vs 3.1M shares) and listed on September 15, 2011.", False),
    ("云雀食品成交更多（1240万股 vs 310万股）并于2011年9月14日上市。", True),
    ("It listed later than September 14, 2011.", False),  # a comparison term is still only a reference point
])
def test_a_comparison_in_brackets_does_not_reach_past_them(answer, correct):
    assert match_final(answer, LISTED).correct is correct


ONE_YEAR = Hop(answer="8.42%", kind="number", value=8.42, unit="%")
INDEX_CLOSE = Hop(answer="2,318.06 points", kind="number", value=2318.06, unit="points")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("近一年收益率约为8.4%（今年以来收益率为6.15%）。", ONE_YEAR, True),
    ("Its one-year return was 8.42% (the benchmark returned 5.90% over the same window).", ONE_YEAR, True),
    ("近一年收益率为6.15%（今年以来收益率为8.42%）。", ONE_YEAR, False),  # the aside is not the answer
    ("8.42% (or 6.15% if you mean year to date)", ONE_YEAR, False),  # an alternative in brackets is a hedge
    ("8.42% (6.15%)", ONE_YEAR, False),  # two unlabelled figures: a hedge
    ("2318.06 (the composite index closed at 3,051.27)", INDEX_CLOSE, True),
    ("The sector index closed at 2,318.06 points（综合指数收于3,051.27点）.", INDEX_CLOSE, True),
    ("Turnover was 1.2% (close on the day: 2,318.06 points)", INDEX_CLOSE, True),  # the only figure of its kind
])
def test_a_labelled_figure_in_brackets_is_an_aside(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


REVENUE = Hop(answer="2,706,385,004 yuan", kind="number", value=2706385004, unit="yuan")
PROFIT_ZH = Hop(answer="56,820,417元", kind="number", value=56820417, unit="yuan")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("roughly 2,710 million yuan", REVENUE, True),
    ("about 2,700 million yuan", REVENUE, True),
    ("about 2,600 million yuan", REVENUE, False),  # outside the 1% band
    ("约5,680万元", PROFIT_ZH, True),
    ("约5,700万元", PROFIT_ZH, True), ("约5,600万元", PROFIT_ZH, False),
    ("around 2,320", INDEX_CLOSE, False),  # written out in full: its last digit is its precision
])
def test_trailing_zeros_before_a_scale_word_are_rounding(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


VOLUME_ZH = Hop(answer="4,518,300股", kind="number", value=4518300, unit="shares")


@pytest.mark.parametrize(("answer", "correct"), [
    ("成交量为45,183手", True), ("成交4.52万手", True), ("成交4.62万手", False), ("451.83万股（45,183手）", True),
    ("成交量为45,183股", False), ("成交量为45,813手", False),
    ("45,183 lots", False),  # an English "lot" has no fixed size (a Hong Kong board lot varies by stock)
])
def test_a_lot_of_a_shares_is_100_shares(answer, correct):
    assert match_final(answer, VOLUME_ZH).correct is correct


NOV_DAY = Hop(answer="2023-11-07", kind="date", value="2023-11-07")
Q2 = Hop(answer="2024Q2", kind="period", value="2024Q2")
SEPT = Hop(answer="2024-09", kind="period", value="2024-09")


@pytest.mark.parametrize(("answer", "hop", "correct"), [
    ("二〇二三年十一月七日", NOV_DAY, True), ("二〇二三年十一月八日", NOV_DAY, False),
    ("二○二三年十一月二十七日", NOV_DAY, False),
    ("April–June 2024", Q2, True), ("from April to June 2024", Q2, True), ("2024年4-6月", Q2, True),
    ("从2024年4月到6月", Q2, True), ("between April and June 2024", Q2, True),
    ("2024年4月至6月", Q2, True), ("May–July 2024", Q2, False), ("January–March 2024", Q2, False),
    ("Sept.", SEPT, True), ("Sep 2024", SEPT, True), ("9月", SEPT, True), ("PMI bottomed in Sept (49.1).", SEPT, True),
    ("Aug.", SEPT, False), ("8月", SEPT, False), ("近9月", SEPT, False),
])
def test_dates_and_periods_in_more_forms(answer, hop, correct):
    assert match_final(answer, hop).correct is correct


ASHMOOR = Hop(answer="Ashmoor Value Fund", kind="entity", value="ASVF.DEMO", aliases=["ASVF", "Ashmoor Value"],
              distractors=[["BRKF.DEMO", "BRKF", "Brackenfell Income Fund", "Brackenfell Income"],
                           ["GNHF.DEMO", "GNHF", "General Harbour Fund", "General Harbour"]])


@pytest.mark.parametrize(("answer", "correct"), [
    ("Ashmoor Value Fund or Brackenfell", False),  # the other candidate by its short name: a hedge
    ("Ashmoor Value Fund, well ahead of Brackenfell", True),
    ("Ashmoor Value Fund. General market conditions favoured value.", True),  # "General" is no short name
])
def test_other_candidates_by_their_short_names(answer, correct):
    assert match_final(answer, ASHMOOR).correct is correct


def test_eight_digits_alone_are_a_figure_even_when_they_form_a_date():
    hop = Hop(answer="20,020,701 yuan", kind="number", value=20020701, unit="yuan")
    assert match_final("20020701", hop).correct
    assert not match_final("20020702", hop).correct
    assert match_final("On 20240516 it was 20,020,701 yuan.", hop).correct  # a date beside a figure stays a date
