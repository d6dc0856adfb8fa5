"""Dates and reporting periods written in English or Chinese free text, and in tool arguments.

Market questions hinge on exact time constraints (a trading day, a quarter, a month), and agents write them
in many forms. `find_time_mentions` finds every date or period in a text with its span and a canonical value:

| kind      | canonical  | written as (examples)                                                          |
|-----------|------------|--------------------------------------------------------------------------------|
| `date`    | 2024-03-05 | 2024-03-05, 2024/3/5, 2024.03.05, 20240305, 2024年3月5日, March 5(th), 2024,       |
|           |            | Mar. 5 2024, 5 March 2024, 5th of March, 2024, 03/05/2024 (US), 05.03.2024 (EU)   |
| `date`    | --03-05    | the same without a year: March 5, 5 Mar, 3月5日 (year unknown)                    |
| `month`   | 2024-03    | 2024-03, 2024/03, March 2024, Mar-2024, 2024年3月, 2024年三月                         |
| `month`   | --03       | without a year: March, Mar., 3月, 3月份, 三月 (not "May", a verb too; not 近3月)     |
| `quarter` | 2024Q3     | 2024Q3, 2024-Q3, Q3 2024, Q3'24, 3Q24, 24Q3, third quarter of 2024, 2024年第三季度,   |
|           |            | 2024年三季度, 2024年Q3, July–September 2024, 2024年7-9月; without a year: Q3, 三季度  |
| `half`    | 2024H1     | H1 2024, 1H24, 2024H1, first half of 2024, 2024年上半年, 2024年中报/半年报,             |
|           |            | January–June 2024, 2024年1月至6月                                                  |
| `year`    | 2024       | FY2024, fiscal 2024, 2024年, 2024年度 (a bare "2024" only where `bare_years=True`)    |

Overlapping readings resolve to the longest span ("2024年3月5日" is one date, not a month and a date).
A slash date is read month-first (US) unless its first field exceeds 12; a dotted d.m.yyyy date is read
day-first (European usage); both only when the fields form a real calendar date. Chinese forms also take
Chinese numerals (二〇二四年三月十五日). A month range is a period only when it spans exactly a calendar
quarter or half ("October–December 2023" is 2023Q4; "February–April" is not a period of its own).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "TimeKind",
    "TimeMention",
    "ArgumentError",
    "find_time_mentions",
    "parse_date_arg",
    "parse_period_arg",
    "parse_month_arg",
    "quarter_of",
    "month_of",
    "year_of",
    "quarter_bounds",
    "format_date",
]

TimeKind = Literal["date", "month", "quarter", "half", "year"]


class ArgumentError(ValueError):
    """A tool argument that cannot be read; the message says what was expected (shown to the agent)."""


@dataclass(frozen=True)
class TimeMention:
    """One date or period found in a text. `value` is canonical (see the module table); `start`/`end`
    are offsets in the caller's text."""

    kind: TimeKind
    value: str
    start: int
    end: int
    raw: str

    @property
    def has_year(self) -> bool:
        return not self.value.startswith(("--", "Q", "H"))


# --------------------------------------------------------------------------- vocabulary
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"]
_MONTH_RE = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
             r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_ZH_DIGITS = {"〇": 0, "○": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_ZH_MONTH = r"(?:十二|十一|十|[一二三四五六七八九])"
_ZH_DAY = r"(?:[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])"  # 一 … 三十一
_ORD_Q = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "final": 4,
          "last": 4}
_ORD_H = {"first": 1, "1st": 1, "second": 2, "2nd": 2}


def _month_num(name: str) -> int:
    name = name.lower().rstrip(".")
    for i, full in enumerate(_MONTHS, start=1):
        if full.startswith(name[:3]):
            return i
    raise ValueError(name)


def _zh_int(s: str) -> int:
    """An Arabic or Chinese numeral up to 99: "12", "三", "十五", "二十三", "三十"."""
    if s.isascii() and s.isdigit():
        return int(s)
    if "十" in s:
        tens, _, ones = s.partition("十")
        return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)
    return _ZH_DIGITS[s]


def _year(s: str) -> int:
    """A four-digit year, in Arabic or Chinese digits ("二〇二四"); two digits pivot at 70 ("24" → 2024,
    "98" → 1998)."""
    if not (s.isascii() and s.isdigit()):
        s = "".join(str(_ZH_DIGITS[c]) for c in s)
    y = int(s)
    if y >= 100:
        return y
    return 2000 + y if y < 70 else 1900 + y


def _valid_date(y: int | None, m: int, d: int) -> bool:
    if not 1 <= m <= 12 or d < 1:
        return False
    if y is None:
        return d <= (29 if m == 2 else calendar.monthrange(2001, m)[1])
    if not 1900 <= y <= 2100:
        return False
    return d <= calendar.monthrange(y, m)[1]


def _date_value(y: int | None, m: int, d: int) -> str:
    return f"{y:04d}-{m:02d}-{d:02d}" if y is not None else f"--{m:02d}-{d:02d}"


# --------------------------------------------------------------------------- patterns
# Each pattern yields (kind, value) from its match, or None when the fields do not form a real date/period.
_NB = r"(?<![0-9A-Za-z])"  # not glued to a preceding digit or letter
_NA = r"(?![0-9A-Za-z])"  # nor to a following one
_Y4 = r"(?:19|20)\d{2}"
_Y4_ZH = r"(?:(?:19|20)\d{2}|[一二][〇○零九][〇○零一二三四五六七八九]{2})"  # also 二〇二四 in Chinese forms
_SEP = r"\s*(?:,\s*)?"

def _p(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.I)


def _ymd(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _compact(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    s = m["c"]
    y, mo, d = int(s[:4]), int(s[4:6]), int(s[6:])
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _slash_us(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    a, b, y = int(m["a"]), int(m["b"]), _year(m["y"])
    mo, d = (b, a) if a > 12 else (a, b)
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _dotted_eu(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    d, mo, y = int(m["a"]), int(m["b"]), int(m["y"])
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _named(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    mo = _month_num(m["mon"])
    d = int(m["d"])
    y = _year(m["y"]) if m.groupdict().get("y") else None
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _zh_date(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    y = _year(m["y"]) if m.groupdict().get("y") else None
    mo, d = _zh_int(m["m"]), _zh_int(m["d"])
    return ("date", _date_value(y, mo, d)) if _valid_date(y, mo, d) else None


def _month(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    y = _year(m["y"])
    mo = _month_num(m["mon"]) if m.groupdict().get("mon") else _zh_int(m["m"])
    return ("month", f"{y:04d}-{mo:02d}") if 1 <= mo <= 12 and 1900 <= y <= 2100 else None


def _month_no_year(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    mo = _month_num(m["mon"]) if m.groupdict().get("mon") else _zh_int(m["m"])
    return ("month", f"--{mo:02d}") if 1 <= mo <= 12 else None


def _month_range(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    """"October–December 2023" / "2023年10月至12月": a period when the months span exactly a calendar quarter
    or half."""
    g = m.groupdict()
    a = _month_num(g["mon1"]) if g.get("mon1") else _zh_int(g["m1"])
    b = _month_num(g["mon2"]) if g.get("mon2") else _zh_int(g["m2"])
    y = _year(g["y"])
    if not 1900 <= y <= 2100:
        return None
    if a % 3 == 1 and b == a + 2:
        return "quarter", f"{y:04d}Q{(a + 2) // 3}"
    if a in (1, 7) and b == a + 5:
        return "half", f"{y:04d}H{(a + 6) // 6}"
    return None


def _quarter(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    g = m.groupdict()
    q_raw = g.get("q") or ""
    q = _ORD_Q[q_raw.lower()] if q_raw.lower() in _ORD_Q else _zh_int(q_raw)
    if not 1 <= q <= 4:
        return None
    if g.get("y"):
        return "quarter", f"{_year(g['y']):04d}Q{q}"
    return "quarter", f"Q{q}"


def _half(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    g = m.groupdict()
    h_raw = (g.get("h") or "").lower()
    h = _ORD_H.get(h_raw) or {"上": 1, "下": 2, "中": 1, "半": 1}.get(h_raw) or (int(h_raw) if h_raw.isdigit() else 0)
    if h not in (1, 2):
        return None
    if g.get("y"):
        return "half", f"{_year(g['y']):04d}H{h}"
    return "half", f"H{h}"


def _year_kind(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    return "year", f"{_year(m['y']):04d}"


def _half_alt(m: re.Match[str]) -> tuple[TimeKind, str] | None:
    g = m.groupdict()
    if "h2" in g:  # H1 2024 / 1H24
        h = int(g["h"] or g["h2"])
        return "half", f"{_year(g['y']):04d}H{h}"
    h = 1 if g.get("hm") else {"上": 1, "下": 2}[g["h"]]
    return "half", f"{_year(g['y']):04d}H{h}"



_PATTERNS: list[tuple[re.Pattern[str], object]] = [
    # dates with a year
    (_p(_NB + r"(?P<y>" + _Y4 + r")\s*[-/.]\s*(?P<m>\d{1,2})\s*[-/.]\s*(?P<d>\d{1,2})" + _NA), _ymd),
    (_p(_NB + r"(?P<c>(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))" + _NA), _compact),
    (_p(r"(?P<y>" + _Y4_ZH + r")\s*年\s*(?P<m>\d{1,2}|" + _ZH_MONTH + r")\s*月\s*(?P<d>\d{1,2}|" + _ZH_DAY
        + r")\s*[日号]"), _zh_date),
    (_p(_NB + r"(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>" + _Y4 + r"|\d{2})" + _NA), _slash_us),
    (_p(_NB + r"(?P<a>\d{1,2})\.(?P<b>\d{1,2})\.(?P<y>" + _Y4 + r")" + _NA), _dotted_eu),
    (_p(_NB + r"(?P<mon>" + _MONTH_RE + r")\.?\s*(?P<d>\d{1,2})(?:st|nd|rd|th)?" + _SEP + r"(?P<y>" + _Y4 + r")"
        + _NA), _named),
    (_p(_NB + r"(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?[\s-]*(?P<mon>" + _MONTH_RE + r")\.?" + r"[\s,-]*(?P<y>"
        + _Y4 + r")" + _NA), _named),
    # dates without a year
    (_p(r"(?P<m>\d{1,2}|" + _ZH_MONTH + r")\s*月\s*(?P<d>\d{1,2}|" + _ZH_DAY + r")\s*[日号]"), _zh_date),
    (_p(_NB + r"(?P<mon>" + _MONTH_RE + r")\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?" + _NA), _named),
    (_p(_NB + r"(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<mon>" + _MONTH_RE + r")" + r"(?![A-Za-z])"), _named),
    # months
    # (no dotted form: "1981.4" is a figure far more often than a month)
    (_p(_NB + r"(?P<y>" + _Y4 + r")\s*[-/]\s*(?P<m>0?[1-9]|1[0-2])" + r"(?![0-9A-Za-z]|\s*[-/.]\s*\d)"), _month),
    (_p(_NB + r"(?P<mon>" + _MONTH_RE + r")\.?[\s,-]*(?P<y>" + _Y4 + r")" + _NA), _month),
    (_p(r"(?P<y>" + _Y4_ZH + r")\s*年\s*(?P<m>\d{1,2}|" + _ZH_MONTH + r")\s*月(?!\s*(?:\d|份?\s*[日号]))"), _month),
    (_p(_NB + r"(?P<y>" + _Y4 + r")\s*M(?P<m>0?[1-9]|1[0-2])" + _NA), _month),
    # months without a year: capitalised names and abbreviations (not "May": a verb too), "3月", "3月份", "三月"
    # ("近3月", "前2月" are spans of months, not a month)
    (re.compile(r"(?<![A-Za-z])(?P<mon>January|February|March|April|June|July|August|September|October|November|"
                r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(?![A-Za-z])"), _month_no_year),
    (re.compile(r"(?<![\d年一二三四五六七八九十〇○零近前后去每个第])(?P<m>\d{1,2}|" + _ZH_MONTH
                + r")\s*月(?:份)?(?![内期])"), _month_no_year),
    # month ranges that make a quarter or a half
    # (a leading "from"/"between"/"从" belongs to the range: it is not a point of reference)
    (_p(_NB + r"(?:from\s+|(?P<btw>between)\s+)?(?P<mon1>" + _MONTH_RE + r")\.?\s*"
        r"(?:[-–—~]|to|through|thru|until|(?(btw)and|(?!)))\s*"
        r"(?P<mon2>" + _MONTH_RE
        + r")\.?[\s,]*(?P<y>" + _Y4 + r")" + _NA), _month_range),
    (_p(r"[从自]?(?P<y>" + _Y4_ZH + r")\s*年\s*(?P<m1>\d{1,2}|" + _ZH_MONTH + r")\s*月?\s*(?:至|到|[-–—~～])\s*(?P<m2>\d{1,2}|"
        + _ZH_MONTH + r")\s*月(?:份)?"), _month_range),
    # quarters
    (_p(_NB + r"(?:FY\s*)?(?P<y>" + _Y4 + r")\s*[-_ ]?\s*Q(?P<q>[1-4])" + _NA), _quarter),
    (_p(_NB + r"Q(?P<q>[1-4])(?:\s*(?:of\s+)?(?:FY\s*|fiscal\s+)?|\s*'|-)(?P<y>" + _Y4 + r"|(?<=')\d{2})" + _NA),
     _quarter),
    (_p(_NB + r"(?P<q>[1-4])Q\s*'?(?P<y>" + _Y4 + r"|\d{2})" + _NA), _quarter),
    (_p(_NB + r"(?P<y>\d{2})Q(?P<q>[1-4])" + _NA), _quarter),
    (_p(r"\b(?P<q>first|second|third|fourth|1st|2nd|3rd|4th|final|last)[\s-]+(?:fiscal\s+)?quarter\s*(?:of\s+)?"
        r"(?:(?:fiscal\s+|FY\s*)?(?P<y>" + _Y4 + r"))?" + _NA), _quarter),
    (_p(r"(?P<y>" + _Y4_ZH + r")\s*(?:年度?|财年)?\s*(?:第\s*)?(?P<q>[一二三四1-4])\s*季(?:度)?(?:报)?"), _quarter),
    (_p(r"(?P<y>" + _Y4 + r")\s*年\s*Q(?P<q>[1-4])"), _quarter),
    (_p(r"(?<![0-9一二三四])(?:第\s*)?(?P<q>[一二三四])\s*季(?:度)"), _quarter),
    (_p(_NB + r"Q(?P<q>[1-4])" + _NA), _quarter),
    # halves
    (_p(_NB + r"(?:H(?P<h>[12])|(?P<h2>[12])H)\s*'?(?:FY\s*)?(?P<y>" + _Y4 + r"|\d{2})" + _NA), _half_alt),
    (_p(_NB + r"(?P<y>" + _Y4 + r")\s*[-_ ]?\s*H(?P<h>[12])" + _NA), _half),
    (_p(r"\b(?P<h>first|second|1st|2nd)\s+half\s+(?:of\s+)?(?:(?:fiscal\s+|FY\s*)?(?P<y>" + _Y4 + r"))?" + _NA),
     _half),
    (_p(r"(?P<y>" + _Y4_ZH + r")\s*年\s*(?:度\s*)?"
        r"(?:(?P<h>[上下])半年(?:度)?|(?P<hm>中报|半年报|半年度报告|半年度))"), _half_alt),
    # years
    (_p(_NB + r"(?:FY\s*'?|fiscal\s+(?:year\s+)?)(?P<y>" + _Y4 + r"|\d{2})" + _NA), _year_kind),
    (_p(r"(?P<y>" + _Y4_ZH + r")\s*(?:年度|年|财年)"), _year_kind),
]
_BARE_YEAR = _p(_NB + r"(?P<y>" + _Y4 + r")" + r"(?![0-9A-Za-z]|[.,]\d)")  # not the start of 1981.35 or 2,024




def _normalise(text: str) -> str:
    # NFKC folds full-width digits and letters (２０２４年３月) without changing other lengths much; we
    # need 1:1 offsets, so fold character by character.
    return "".join(unicodedata.normalize("NFKC", ch) if len(unicodedata.normalize("NFKC", ch)) == 1 else ch
                   for ch in text)


def find_time_mentions(text: str, *, bare_years: bool = False) -> list[TimeMention]:
    """Every date or period written in `text`, in order, non-overlapping (the longest reading wins).

    Bare four-digit years ("2024") are returned only with `bare_years=True`: in prose they are usually
    part of something else or figures. Never raises.
    """
    if not isinstance(text, str) or not text:
        return []
    norm = _normalise(text)
    found: list[tuple[int, int, TimeKind, str]] = []
    patterns = list(_PATTERNS)
    if bare_years:
        patterns.append((_BARE_YEAR, _year_kind))
    for pattern, fn in patterns:
        for m in pattern.finditer(norm):
            try:
                got = fn(m)  # type: ignore[operator]
            except (ValueError, KeyError):
                got = None
            if got is not None:
                found.append((m.start(), m.end(), got[0], got[1]))
    # Longest first, then leftmost; drop readings overlapping one already kept.
    found.sort(key=lambda f: (-(f[1] - f[0]), f[0]))
    kept: list[tuple[int, int, TimeKind, str]] = []
    for f in found:
        if all(f[1] <= k[0] or f[0] >= k[1] for k in kept):
            kept.append(f)
    kept.sort(key=lambda f: f[0])
    return [TimeMention(kind=k, value=v, start=s, end=e, raw=text[s:e]) for s, e, k, v in kept]


# --------------------------------------------------------------------------- tool arguments
def _only(text: str, kinds: tuple[TimeKind, ...], what: str, example: str) -> TimeMention:
    s = str(text or "").strip()
    if not s:
        raise ArgumentError(f"{what} is empty; write it like {example}")
    mentions = [m for m in find_time_mentions(s, bare_years="year" in kinds) if m.kind in kinds]
    covered = sum(m.end - m.start for m in mentions)
    rest = re.sub(r"[\s,.;:()'\"]", "", s)
    if len(mentions) != 1 or covered < len(rest) * 0.6:
        raise ArgumentError(f"cannot read {s[:40]!r} as {what}; write it like {example}")
    return mentions[0]


def parse_date_arg(text: str) -> dt.date:
    """A calendar date from a tool argument ("2024-03-05", "2024/3/5", "March 5, 2024", "2024年3月5日")."""
    m = _only(text, ("date",), "a date", "2024-03-05")
    if not m.has_year:
        raise ArgumentError(f"the date {str(text).strip()[:40]!r} has no year; write it like 2024-03-05")
    return dt.date.fromisoformat(m.value)


def parse_period_arg(text: str) -> tuple[int, int]:
    """(fiscal year, quarter) from a tool argument ("2024Q3", "Q3 2024", "2024年第三季度")."""
    m = _only(text, ("quarter",), "a quarter", "2024Q3")
    if not m.has_year:
        raise ArgumentError(f"the quarter {str(text).strip()[:40]!r} has no year; write it like 2024Q3")
    return int(m.value[:4]), int(m.value[5])


def parse_month_arg(text: str) -> str:
    """A month ("2024-03") from a tool argument ("2024-03", "March 2024", "2024年3月")."""
    m = _only(text, ("month",), "a month", "2024-03")
    if not m.has_year:
        raise ArgumentError(f"the month {str(text).strip()[:40]!r} has no year; write it like 2024-03")
    return m.value


def quarter_of(day: dt.date | str) -> str:
    d = dt.date.fromisoformat(day) if isinstance(day, str) else day
    return f"{d.year:04d}Q{(d.month - 1) // 3 + 1}"


def month_of(day: dt.date | str) -> str:
    d = dt.date.fromisoformat(day) if isinstance(day, str) else day
    return f"{d.year:04d}-{d.month:02d}"


def year_of(day: dt.date | str) -> str:
    d = dt.date.fromisoformat(day) if isinstance(day, str) else day
    return f"{d.year:04d}"


def quarter_bounds(year: int, quarter: int) -> tuple[dt.date, dt.date]:
    """First and last calendar day of a quarter."""
    first = dt.date(year, 3 * quarter - 2, 1)
    last_month = 3 * quarter
    return first, dt.date(year, last_month, calendar.monthrange(year, last_month)[1])


def format_date(day: dt.date | str, language: str = "en") -> str:
    """A date as an answer would state it: ISO in English ("2024-03-05"), 2024年3月5日 in Chinese."""
    d = dt.date.fromisoformat(day) if isinstance(day, str) else day
    return f"{d.year}年{d.month}月{d.day}日" if language == "zh" else d.isoformat()
