"""Where a period starts and ends, and when a company's fiscal year starts, as stated in a text (EN and ZH).

A period type alone ("six months", "YTD") does not say which months are meant: "the six months ended June 30,
2024" and "the six months ended December 31, 2024" are both six-month periods of 2024, and "July 1 to December
31, 2024" is a span of months, not a balance-sheet date. `period_bounds` reads the start and end a text gives
a period:

- "six months ended December 31, 2024", "the quarter ended ...", "fiscal year 2024 (ended June 30, 2024)",
  "截至2024年12月31日止六个月": the end, and the start where the length is stated and the period ends at a month
  end;
- ranges: "July 1 to December 31, 2024", "Jul–Dec 2024", "July through December 2024", "2024年7月1日至12月31日",
  "2024年7-12月": start and end;
- "since January 1, 2024", "year-to-date through September 30, 2024": the start or the end alone.

`fiscal_year_start` reads statements about the fiscal calendar ("the fiscal year starts on July 1", "fiscal
year ends June 30", "财年从7月1日开始", "会计年度自公历1月1日起至12月31日止") as the month the fiscal year
starts in. `calendar_statement_spans` gives the character spans of such statements, so the words in them
("fiscal year", "July 1") are not read as a period the user wants.

Dates are (year or None, month, day or None); a bound with no year matches any year.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from dataclasses import dataclass, field

__all__ = ["Bound", "PeriodBounds", "period_bounds", "fiscal_year_start", "calendar_statement_spans",
           "same_bound"]

Bound = tuple[int | None, int, int | None]

_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
           "nov": 11, "dec": 12}
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
          r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_B, _E = r"(?<![a-z0-9])", r"(?![a-z])"
#: "December 31, 2024", "Dec. 31 2024", "December 2024", "December"
_DATE_EN = (rf"{_B}(?P<{{p}}m>{_MONTH}){_E}\.?(?:\s+(?P<{{p}}d>\d{{{{1,2}}}})(?:st|nd|rd|th)?(?!\d))?"
            rf"(?:,?\s+(?P<{{p}}y>(?:19|20)\d{{{{2}}}})(?!\d))?")


def _date(prefix: str) -> str:
    return _DATE_EN.format(p=prefix).replace("{{", "{").replace("}}", "}")


_LENGTHS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12, "quarter": 3, "half": 6,
            "year": 12, "三": 3, "六": 6, "九": 9, "十二": 12}
#: "six months ended December 31, 2024", "quarter ended ...", "fiscal year 2024 (ended June 30, 2024)"
_ENDED_EN = re.compile(
    rf"{_B}(?:(?P<n>three|six|nine|twelve|3|6|9|12)[- ]months?|(?P<q>quarter)|(?P<h>half(?:[- ]year)?)"
    rf"|(?P<yr>(?:fiscal |calendar )?year(?:\s+(?:19|20)\d{{2}})?|fiscal\s+(?:19|20)\d{{2}}|fy\s?'?\d{{2,4}})"
    rf"|period)\s*[(,]?\s*(?:that\s+)?(?:ended|ending|ends|end(?:ed)? on|through)\s+(?:on\s+)?" + _date("e"))
#: "through September 30, 2024", "ended June 30, 2024" without a stated length
_END_ONLY_EN = re.compile(rf"{_B}(?:through|thru|ended|ending|up to)\s+(?:on\s+)?" + _date("e"))
#: "July 1 to December 31, 2024", "Jul–Dec 2024", "from July through December 2024"
_RANGE_EN = re.compile(_date("s") + r"\s*(?:to|through|thru|until|till|-|–|—|~)\s*" + _date("e"))
_SINCE_EN = re.compile(rf"{_B}(?:since|starting|beginning|from)\s+(?:on\s+)?" + _date("s"))

_NUM_ZH = r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})"
_RANGE_ZH = re.compile(
    r"(?:(?P<sy>(?:19|20)\d{2})\s*年\s*)?(?<!\d)(?P<sm>\d{1,2})\s*(?:月(?:\s*(?P<sd>\d{1,2})\s*[日号])?)?\s*"
    r"(?:至|到|-|–|—|~|～)\s*"
    r"(?:(?P<ey>(?:19|20)\d{2})\s*年\s*)?(?P<em>\d{1,2})\s*月(?:\s*(?P<ed>\d{1,2})\s*[日号])?")
_ENDED_ZH = re.compile(
    r"(?:截至|截止(?:到|至)?)?\s*(?P<ey>(?:19|20)\d{2})\s*年\s*(?P<em>\d{1,2})\s*月\s*(?:(?P<ed>\d{1,2})\s*[日号])?\s*"
    r"(?:止|结束)的?\s*(?P<n>三|六|九|十二|3|6|9|12)\s*个月")
_SINCE_ZH = re.compile(r"(?:自|从)\s*(?P<sy>(?:19|20)\d{2})\s*年\s*(?P<sm>\d{1,2})\s*月(?:\s*(?P<sd>\d{1,2})\s*[日号])?"
                       r"\s*(?:起|以来|开始)")

#: statements about the fiscal calendar ("the fiscal year starts on July 1", "财年从7月1日开始")
_FY_WORD_EN = r"(?:fiscal[- ]year|financial year|fiscal calendar|fy)"
#: "fiscal year 2024 (ended ...", "fiscal 2024, which ended ..."
_FY_NAMED_EN = r"(?:(?:fiscal(?:[- ]year)?|fy)\s?'?(?:19|20)?\d{2}\s*[(,]?\s*(?:which\s+|that\s+)?)"
_FY_START_EN = re.compile(
    rf"{_B}(?:{_FY_WORD_EN}s?\s+|{_FY_NAMED_EN})(?:always\s+|that\s+)?(?:begins?|began|starts?|started|commences?"
    rf"|runs?\s+from|opens?)\s+"
    rf"(?:on\s+|in\s+)?(?:the\s+first\s+of\s+)?" + _date("s"))
_FY_END_EN = re.compile(
    rf"{_B}(?:(?:{_FY_WORD_EN}s?\s+|{_FY_NAMED_EN})(?:always\s+|that\s+)?(?:ends?|ended|ending|closes?"
    rf"|runs?\s+(?:through|to|until))\s+"
    rf"(?:on\s+|in\s+)?(?:the\s+end\s+of\s+)?|{_FY_WORD_EN}[- ]end\s+(?:is|of|on|falls on)\s+)" + _date("e"))
_FY_END_BEFORE_EN = re.compile(_date("e") + rf"\s+{_FY_WORD_EN}[- ]end{_E}")
_FY_ZH = r"(?:财年|会计年度|财政年度|会计期间)"
_FY_START_ZH = re.compile(
    _FY_ZH + r"\s*(?:是否|是不是|为|是)?\s*(?:从|自|始于|开始于|起始于|于)?\s*(?:公历|每年)?\s*(?P<sm>\d{1,2})\s*月(?:\s*\d{1,2}\s*[日号])?"
    r"\s*(?:开始|起|开始计算)")
_FY_END_ZH = re.compile(
    _FY_ZH + r"\s*(?:是否|是不是|为|是)?\s*(?:截至|截止(?:到|于)?|结束于|于)?\s*(?:公历|每年)?\s*(?P<em>\d{1,2})\s*月(?:\s*(?P<ed>\d{1,2})\s*[日号])?"
    r"\s*(?:结束|止|截止)")


@dataclass
class PeriodBounds:
    """The periods a text bounds: for each, the character span that states it, its start and its end (either
    may be None)."""

    items: list[tuple[tuple[int, int], Bound | None, Bound | None]] = field(default_factory=list)

    @property
    def starts(self) -> list[Bound]:
        return [s for _span, s, _e in self.items if s is not None]

    @property
    def ends(self) -> list[Bound]:
        return [e for _span, _s, e in self.items if e is not None]

    @property
    def spans(self) -> list[tuple[int, int]]:
        return [span for span, _s, _e in self.items]


def _month(token: str | None) -> int | None:
    if not token:
        return None
    return _MONTHS.get(token[:3].lower()) if not token.isdigit() else int(token)


def _int(token: str | None) -> int | None:
    return int(token) if token and token.isdigit() else None


def _zh_number(token: str) -> int:
    return _LENGTHS.get(token, 0) or int(token)


def _start_from_end(end: Bound, months: int) -> Bound | None:
    """The first month of a `months`-long period ending at `end`, when it ends at a month end (a 52/53-week
    year "ended February 3, 2024" has no calendar-month start)."""
    year, month, day = end
    if day is not None and year is not None and day != calendar.monthrange(year, month)[1]:
        return None
    index = (year or 2000) * 12 + (month - 1) - (months - 1)
    return (index // 12 if year is not None else None, index % 12 + 1, 1)


def period_bounds(norm: str) -> PeriodBounds:
    """The starts and ends of the periods `norm` (normalised, lower-case text) names (module docstring)."""
    out = PeriodBounds()
    taken: list[tuple[int, int]] = []
    # "the fiscal year ends June 30" is a fact about the calendar, not a period
    blocked = calendar_statement_spans(norm)

    def free(m: re.Match[str]) -> bool:
        return not any(m.start() < e and s < m.end() for s, e in taken + blocked)

    def add(m: re.Match[str], start: Bound | None, end: Bound | None) -> None:
        out.items.append((m.span(), start, end))
        taken.append(m.span())

    for m in _ENDED_EN.finditer(norm):
        month = _month(m.group("em"))
        if month is None or not free(m):
            continue
        end: Bound = (_int(m.group("ey")), month, _int(m.group("ed")))
        length = (_LENGTHS.get(m.group("n") or "") or (3 if m.group("q") else 6 if m.group("h") else
                                                       12 if m.group("yr") else 0))
        add(m, _start_from_end(end, length) if length else None, end)
    for m in _ENDED_ZH.finditer(norm):
        if free(m):
            end = (int(m.group("ey")), int(m.group("em")), _int(m.group("ed")))
            add(m, _start_from_end(end, _zh_number(m.group("n"))), end)
    for pattern in (_RANGE_EN, _RANGE_ZH):
        for m in pattern.finditer(norm):
            sm, em = _month(m.group("sm")), _month(m.group("em"))
            if sm is None or em is None or not (1 <= sm <= 12 and 1 <= em <= 12) or not free(m):
                continue
            if pattern is _RANGE_EN and not any(m.group(g) for g in ("sd", "ed", "sy", "ey")):
                continue  # two bare month names ("may to june") are not a period without a year or a day
            ey = _int(m.group("ey")) or _int(m.group("sy"))
            sy = _int(m.group("sy")) or (None if ey is None else ey - (1 if sm > em else 0))
            add(m, (sy, sm, _int(m.group("sd"))), (ey, em, _int(m.group("ed"))))
    for pattern, kind in ((_SINCE_EN, "s"), (_SINCE_ZH, "s"), (_END_ONLY_EN, "e")):
        for m in pattern.finditer(norm):
            month = _month(m.group(f"{kind}m"))
            if month is None or not free(m) or m.group(f"{kind}y") is None:
                continue
            bound: Bound = (int(m.group(f"{kind}y")), month, _int(m.group(f"{kind}d")))
            add(m, bound if kind == "s" else None, bound if kind == "e" else None)
    out.items.sort()
    return out


def same_bound(a: Bound, b: Bound) -> bool:
    """Two period bounds name the same date: same month (and year where both state one), or, where both
    state a day, within a week (a 52/53-week year ends on a weekday near the month end)."""
    (ya, ma, da), (yb, mb, db) = a, b
    if ya is not None and yb is not None and da is not None and db is not None:
        try:
            return abs((dt.date(ya, ma, da) - dt.date(yb, mb, db)).days) <= 7
        except ValueError:
            return False
    return ma == mb and (ya is None or yb is None or ya == yb)


def _calendar_matches(norm: str, *, dated: bool) -> list[tuple[re.Match[str], str]]:
    """Statements about the fiscal calendar, with "s" (a start) or "e" (an end). A dated one ("the fiscal
    year ended June 30, 2024") names a period as well; `dated` False leaves those out."""
    out = []
    for pattern, kind in ((_FY_START_EN, "s"), (_FY_START_ZH, "s"), (_FY_END_EN, "e"), (_FY_END_BEFORE_EN, "e"),
                          (_FY_END_ZH, "e")):
        for m in pattern.finditer(norm):
            year = m.groupdict().get(f"{kind}y")
            if dated or year is None:
                out.append((m, kind))
    return sorted(out, key=lambda mk: mk[0].start())


def fiscal_year_start(norm: str, *, dated: bool = True) -> int | None:
    """The month the fiscal year starts in, when `norm` says so ("fiscal year starts on July 1", "fiscal
    year ends June 30", "财年从7月1日开始", "会计年度自公历1月1日起至12月31日止"); else None. A fiscal year that
    ends in the first week of a month (a 52/53-week year "ends February 3") started in that month. `dated`
    False: only statements without a year ("the fiscal year ended June 30, 2024" names a period too)."""
    for m, kind in _calendar_matches(norm, dated=dated):
        month = _month(m.group(f"{kind}m"))
        if month is None or not 1 <= month <= 12:
            continue
        if kind == "s":
            return month
        day = _int(m.group("ed"))
        return month if day is not None and day <= 7 else month % 12 + 1
    return None


def calendar_statement_spans(norm: str) -> list[tuple[int, int]]:
    """Character spans of undated statements about the fiscal calendar (see `fiscal_year_start`)."""
    return [m.span() for m, _kind in _calendar_matches(norm, dated=False)]
