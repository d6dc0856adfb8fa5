"""Dates and periods in free text and tool arguments (unit cases and property tests)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.multihop.periods import (
    ArgumentError,
    find_time_mentions,
    parse_date_arg,
    parse_month_arg,
    parse_period_arg,
    quarter_of,
)


def values(text: str, **kw) -> list[tuple[str, str]]:
    return [(m.kind, m.value) for m in find_time_mentions(text, **kw)]


@pytest.mark.parametrize(("text", "expected"), [
    ("2024-03-05", ("date", "2024-03-05")),
    ("2024/3/5", ("date", "2024-03-05")),
    ("20240305", ("date", "2024-03-05")),
    ("2024年3月5日", ("date", "2024-03-05")),
    ("March 5th, 2024", ("date", "2024-03-05")),
    ("5 Mar 2024", ("date", "2024-03-05")),
    ("the 5th of March, 2024", ("date", "2024-03-05")),
    ("03/05/2024", ("date", "2024-03-05")),  # month first (US)
    ("25/03/2024", ("date", "2024-03-25")),  # day first when the first field exceeds 12
    ("05.03.2024", ("date", "2024-03-05")),  # dotted: day first
    ("3月5日", ("date", "--03-05")),
    ("March 5", ("date", "--03-05")),
    ("March 2024", ("month", "2024-03")),
    ("2024年三月", ("month", "2024-03")),
    ("Q3 2024", ("quarter", "2024Q3")),
    ("3Q24", ("quarter", "2024Q3")),
    ("the third quarter of 2024", ("quarter", "2024Q3")),
    ("2024年第三季度", ("quarter", "2024Q3")),
    ("三季度", ("quarter", "Q3")),
    ("first half of 2024", ("half", "2024H1")),
    ("2024年中报", ("half", "2024H1")),
    ("FY2024", ("year", "2024")),
])
def test_formats(text, expected):
    assert values(text) == [expected]


def test_longest_reading_wins_and_spans_are_the_callers():
    text = "发布于2024年4月26日（周五），较2024年3月更晚"
    ms = find_time_mentions(text)
    assert [(m.kind, m.value) for m in ms] == [("date", "2024-04-26"), ("month", "2024-03")]
    assert all(text[m.start:m.end] == m.raw for m in ms)


@pytest.mark.parametrize("text", ["1981.35 points", "closed at 2024.10", "volume 20240399", "13/13/2024",
                                  "2024-02-30", "may be 12", "price 1,745.99"])
def test_not_dates(text):
    assert [v for v in values(text) if v[0] in ("date", "month")] == []


def test_bare_years_only_on_request():
    assert values("in 2024 revenue") == []
    assert values("in 2024 revenue", bare_years=True) == [("year", "2024")]


def test_arguments():
    assert parse_date_arg("2024/3/5") == dt.date(2024, 3, 5)
    assert parse_date_arg(" March 5, 2024 ") == dt.date(2024, 3, 5)
    assert parse_period_arg("Q3 2024") == (2024, 3)
    assert parse_period_arg("2024年第三季度") == (2024, 3)
    assert parse_month_arg("2024年3月") == "2024-03"
    assert quarter_of("2024-04-01") == "2024Q2"
    for bad, call in (("March 5", parse_date_arg), ("yesterday", parse_date_arg), ("2024", parse_period_arg),
                      ("Q3", parse_period_arg), ("2024-03-05 and 2024-03-06", parse_date_arg)):
        with pytest.raises(ArgumentError):
            call(bad)


# --------------------------------------------------------------------------- properties
DAYS = st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2099, 12, 31))
_FORMATS = [
    lambda d: d.isoformat(),
    lambda d: f"{d.year}/{d.month}/{d.day}",
    lambda d: f"{d.year}年{d.month}月{d.day}日",
    lambda d: d.strftime("%B %-d, %Y"),
    lambda d: d.strftime("%b %-d %Y"),
    lambda d: d.strftime("%-d %B %Y"),
    lambda d: d.strftime("%Y%m%d"),
]


@settings(max_examples=300, deadline=None)
@given(day=DAYS, fmt=st.sampled_from(range(len(_FORMATS))),
       prefix=st.sampled_from(["", "It was on ", "发布日为", "Answer: ", "**"]),
       suffix=st.sampled_from(["", ".", "。", " (Friday)", "，当日收盘价为12.34元"]))
def test_any_written_date_is_found(day, fmt, prefix, suffix):
    text = prefix + _FORMATS[fmt](day) + suffix
    assert ("date", day.isoformat()) in values(text)
    assert parse_date_arg(_FORMATS[fmt](day)) == day


@settings(max_examples=200, deadline=None)
@given(year=st.integers(1970, 2069), q=st.integers(1, 4),
       fmt=st.sampled_from(["{y}Q{q}", "Q{q} {y}", "{y}-Q{q}", "{y}年第{zq}季度", "{y}年{zq}季度", "Q{q}'{yy}",
                            "{q}Q{yy}"]))
def test_any_written_quarter_is_found(year, q, fmt):
    text = fmt.format(y=year, q=q, zq="一二三四"[q - 1], yy=f"{year % 100:02d}")
    assert values(text) == [("quarter", f"{year}Q{q}")]


@settings(max_examples=200, deadline=None)
@given(x=st.floats(min_value=0.01, max_value=1e6, allow_nan=False), decimals=st.integers(1, 4))
def test_decimal_figures_are_not_dates(x, decimals):
    text = f"closed at {x:.{decimals}f} points"
    assert [v for v in values(text) if v[0] in ("date", "month")] == []


# --------------------------------------------------------------------------- more written forms
@pytest.mark.parametrize(("text", "expected"), [
    ("二〇二三年十一月七日", [("date", "2023-11-07")]),
    ("二○一九年二月二十八日", [("date", "2019-02-28")]),
    ("十月三十一日", [("date", "--10-31")]),
    ("二〇二二年第三季度", [("quarter", "2022Q3")]),
    ("二〇二二年九月", [("month", "2022-09")]),
    ("July–September 2022", [("quarter", "2022Q3")]),
    ("Jan-Mar 2021", [("quarter", "2021Q1")]),
    ("between July and December 2022", [("half", "2022H2")]),
    ("2022年7月至9月", [("quarter", "2022Q3")]),
    ("2022年1-6月", [("half", "2022H1")]),
    ("Feb–Apr 2022", [("month", "--02"), ("month", "2022-04")]),  # not a calendar quarter: no period of its own
    ("in July and September 2022", [("month", "--07"), ("month", "2022-09")]),
    ("Sept.", [("month", "--09")]),
    ("PMI low in Oct (49.5)", [("month", "--10")]),
    ("CPI最低为7月（-0.3%）", [("month", "--07")]),
    ("11月PMI为49.4", [("month", "--11")]),
])
def test_chinese_numerals_month_ranges_and_short_months(text, expected):
    assert values(text) == expected


@pytest.mark.parametrize("text", ["近3月收益率", "前2月累计", "过去6月", "3个月", "6月期国债", "may rise"])
def test_spans_of_months_are_not_a_month(text):
    assert [v for v in values(text) if v[0] == "month"] == []


def test_a_month_argument_needs_a_year():
    with pytest.raises(ArgumentError):
        parse_month_arg("Sept.")
    with pytest.raises(ArgumentError):
        parse_month_arg("9月")
    assert parse_month_arg("二〇二四年九月") == "2024-09"


@settings(max_examples=200, deadline=None)
@given(day=DAYS)
def test_dates_in_chinese_numerals_are_found(day):
    digits = "〇一二三四五六七八九"
    def small(n: int) -> str:
        tens, ones = divmod(n, 10)
        return ("" if tens == 0 else ("" if tens == 1 else digits[tens]) + "十") + (digits[ones] if ones else "")
    text = "".join(digits[int(c)] for c in str(day.year)) + f"年{small(day.month)}月{small(day.day)}日"
    assert values(text) == [("date", day.isoformat())]
