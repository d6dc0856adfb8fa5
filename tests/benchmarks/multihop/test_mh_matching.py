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
