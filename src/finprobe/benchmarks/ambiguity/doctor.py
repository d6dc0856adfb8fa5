"""Data defects of a FinInteract release file (`finprobe doctor ambiguity --data FILE`).

`doctor_instances` reads instances (loaded `AmbiguityInstance`s or raw release records, so a record the
loader would refuse is still examined) and returns one `Finding(id, kind, detail)` per defect:

- `period_after_filing`  a reading's period cannot have ended by the filing date (annual results for a
  year that is not over when the filing is dated). See `period_end` for how the end is found;
- `answers_equal`        the intended and default answers are the same figure (at the coarser stated
  precision), so no answer can tell the readings apart;
- `answer_not_in_span`   an answer's value is absent from its own evidence span (magnitude-aware:
  "$46.75 billion" in the span is "$46.75B"), or the span is missing;
- `duplicate_question`   the same question (normalised) appears in several instances with different answers;
- `unknown_category`     a category label outside the five (or none at all);
- `h0_inconsistent`      `h0` is not log2 of the stored number of readings, or not log2 of any whole
  number of readings >= 2;
- `span_names_other_period`  an evidence span names the period (a year, a period type, fiscal vs.
  calendar) that distinguishes the *other* reading;
- `invalid_record`       the record is not an object or has no instance_id.

The period parser (`parse_period`, `PeriodLabel`) is public: the construction pipeline uses it too.
Nothing here calls a model; every function is pure.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Literal

from finprobe.benchmarks.ambiguity.categories import normalize_category
from finprobe.core.benchmark import DoctorReport, Finding
from finprobe.core.numbers import extract_years, find_dates, find_numbers, parse_number, same_figure
from finprobe.core.sources import decode_text, json_records, read_source

__all__ = [
    "FINDING_KINDS",
    "Finding",
    "PeriodLabel",
    "doctor_file",
    "doctor_report",
    "doctor_instances",
    "parse_period",
    "period_end",
    "value_in_text",
]



FINDING_KINDS: dict[str, str] = {
    "period_after_filing": "a reading's period cannot have ended by the filing date",
    "answers_equal": "intended and default answers are the same figure",
    "answer_not_in_span": "an answer's value is absent from its evidence span",
    "duplicate_question": "the same question with different answers",
    "unknown_category": "a category label outside the five",
    "h0_inconsistent": "h0 disagrees with the number of readings",
    "span_names_other_period": "an evidence span names the other reading's period",
    "invalid_record": "a record that cannot be examined",
}

#: annual results of a fiscal year whose end is not stated: the year ends no earlier than this day of its
#: named year (years ending in January/February are usually named by the year they start in, so a year
#: named Y ends in March of Y at the earliest), and its audited annual figures reach a filing no sooner
#: than this many days later (the fastest 10-K filers need about a month).
UNSTATED_FISCAL_YEAR_EARLIEST_END = (3, 31)
MIN_ANNUAL_FILING_LAG_DAYS = 30
#: |h0 - log2 k| allowed: releases round h0 to two or three decimals (log2 3 = 1.585)
H0_TOLERANCE = 0.01

PeriodKind = Literal["annual", "quarter", "half", "ytd", "ttm", "instant"]


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


# --------------------------------------------------------------------------- periods
_W = r"(?<![a-z0-9]){}(?![a-z0-9])"


def _w(*alts: str) -> str:
    return "|".join(_W.format(a) for a in alts)


_ZH_DIGIT = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER = re.compile(
    _w(r"q([1-4])", r"([1-4])q", r"(first|second|third|fourth)[- ](?:fiscal )?quarter", r"fiscal q([1-4])")
    + r"|第([一二三四1-4])季度|(?<![第前\d])([一二三四1-4])季度|([一二三四1-4])季报"
)
_QUARTER_WORDS = re.compile(_w(r"three months ended", r"three-month period", r"quarter ended", r"quarterly",
                               r"the quarter", r"fiscal quarter") + r"|单季|季度")
_HALF = re.compile(_w(r"h([12])", r"(first|second) half", r"six months ended", r"half[- ]year", r"interim")
                   + r"|上半年|下半年|半年度|中期")
_YTD = re.compile(_w(r"year[- ]to[- ]date", r"ytd", r"nine months ended", r"nine-month", r"(?:six|nine) months")
                  + r"|前三季度|年初至今|年初至报告期末|1-9月|1至9月|累计")
_TTM = re.compile(_w(r"trailing (?:twelve|12) months", r"ttm", r"ltm", r"last twelve months",
                     r"trailing twelve-month") + r"|滚动十二个月|近十二个月|过去12个月|最近12个月")
_ANNUAL = re.compile(_w(r"fiscal year", r"fiscal", r"fy ?'?\d{2,4}", r"full[- ]year", r"annual", r"year ended",
                        r"twelve months ended", r"calendar year", r"years? ending")
                     + r"|年度(?!报告)|全年|财年|会计年度|财政年度|年报")
_INSTANT = re.compile(_w(r"as of", r"as at", r"at the end of", r"year[- ]end", r"end of (?:fiscal )?(?:year )?\d{4}",
                         r"balance sheet date", r"at (?:december|june|september|march) \d{1,2}")
                      + r"|年末|期末|年初余额|年底|末")
#: words that name a whole year as *the* period ("full-year revenue", "全年"), not only as the year a
#: quarter belongs to ("the fourth quarter of fiscal 2023", "2023年度第四季度")
_FULL_YEAR = re.compile(_w(r"full[- ]year", r"annual", r"twelve months ended", r"(?:fiscal )?years? ended",
                           r"for the (?:fiscal )?year", r"whole year", r"entire year") + r"|全年|全年度|年度合计")
#: "Jan 1 - Dec 31, 2023", "from ... to ...", "2023年1月1日至12月31日": a period, not a balance-sheet date
_RANGE = re.compile(r"\s[-–—~]\s|[–—~]|(?<![a-z])(?:to|through|until|from)(?![a-z])|至")
_FISCAL = re.compile(_w(r"fiscal", r"fy ?'?\d{2,4}", r"fy") + r"|财年|会计年度|财政年度")
_CALENDAR = re.compile(_w(r"calendar(?: year)?", r"cy ?\d{2,4}") + r"|自然年|日历年")


@dataclass(frozen=True)
class PeriodLabel:
    """What a period label (or any text) says about a period.

    `kind`: the period type the text commits to (None: none named). When only a year is named, `kind` is
    "annual" with `kind_stated` False. `kinds`: every period type the text names explicitly (a sentence
    may name several). `fiscal`: True for fiscal, False for calendar, None when unsaid. `dates`: ISO dates
    written in the text ("fiscal year ended June 30, 2023" -> 2023-06-30).
    """

    text: str
    years: frozenset[int] = frozenset()
    kind: PeriodKind | None = None
    kind_stated: bool = False
    kinds: frozenset[str] = frozenset()
    quarter: int | None = None
    half: int | None = None
    fiscal: bool | None = None
    dates: tuple[str, ...] = field(default_factory=tuple)
    #: names a whole year as the period itself ("full-year", "全年"), not as a quarter's year
    full_year: bool = False

    @property
    def empty(self) -> bool:
        return not self.years and self.kind is None and not self.dates


def parse_period(text: str | None) -> PeriodLabel:
    """Parse a period label ("fiscal year 2023", "fourth quarter of 2023", "nine months ended September 30,
    2024", "2023年第四季度", "2022年末", "calendar year 2023") or a sentence that mentions periods. EN and ZH."""
    if not text or not isinstance(text, str):
        return PeriodLabel(text="" if text is None else str(text))
    norm = _norm(text)
    kinds: set[str] = set()
    quarter = half = None
    # Each period phrase is blanked once matched, so "前三季度" (nine months) is not also a quarter
    # (季度), "six months ended" is a half and not also year-to-date, "年初至报告期末" is not an instant.
    work = norm

    def take(pattern: re.Pattern[str]) -> re.Match[str] | None:
        nonlocal work
        first = pattern.search(work)
        if first is not None:
            work = pattern.sub(lambda m: " " * len(m.group(0)), work)
        return first

    if take(_TTM):
        kinds.add("ttm")
    if m := take(_HALF):
        kinds.add("half")
        token = next((g for g in m.groups() if g), None)
        half = {"1": 1, "2": 2, "first": 1, "second": 2}.get(token or "")
        if half is None:
            half = 2 if "下半年" in norm else 1 if "上半年" in norm else None
    if take(_YTD):
        kinds.add("ytd")
    if m := take(_QUARTER):
        token = next(g for g in m.groups() if g)
        quarter = _ORDINAL.get(token) or _ZH_DIGIT.get(token)
        kinds.add("quarter")
    if take(_QUARTER_WORDS):
        kinds.add("quarter")
    if take(_INSTANT):
        kinds.add("instant")
    if take(_ANNUAL):
        kinds.add("annual")
    fiscal: bool | None = None
    if _CALENDAR.search(norm):
        fiscal = False
    elif _FISCAL.search(norm):
        fiscal = True
    years = frozenset(extract_years(text))
    kind: PeriodKind | None = None
    for candidate in ("ttm", "ytd", "half", "quarter", "instant", "annual"):
        if candidate in kinds:
            kind = candidate
            break
    stated = kind is not None
    dates = tuple(sorted(find_dates(text)))
    if kind is None and dates and fiscal is None and not _RANGE.search(norm):
        kind, stated = "instant", True  # a bare date ("December 31, 2023") is a balance-sheet date
        kinds.add("instant")
    elif kind is None and years:
        kind = "annual"
    return PeriodLabel(text=text, years=years, kind=kind, kind_stated=stated, kinds=frozenset(kinds),
                       quarter=quarter, half=half, fiscal=fiscal, dates=dates,
                       full_year=bool(_FULL_YEAR.search(norm)))


def _iso(d: str) -> date | None:
    try:
        return date.fromisoformat(d)
    except ValueError:
        return None


_QUARTER_END = {1: (3, 31), 2: (6, 30), 3: (9, 30), 4: (12, 31)}


def period_end(label: PeriodLabel, language: str = "en") -> tuple[date, str] | None:
    """The earliest date by which a filing can hold results for `label`'s period, with the reason; None
    when the label does not settle it (a fiscal quarter of unknown year end, a bare "year-to-date").

    - a stated date ("year ended June 30, 2023", "nine months ended September 30, 2024", "December 31,
      2023") is the period's end;
    - a calendar period (the label says calendar, or the instance is Chinese: A-share fiscal years are
      calendar years) ends with its calendar year, quarter or half; a year-end balance ("2022年末") on
      December 31;
    - annual results of a fiscal year named Y whose end is not stated: a year ending in January or
      February is usually named by the year it starts in (fiscal 2023 ended February 3, 2024), so a year
      named Y ends no earlier than March 31 of Y, and its annual figures reach a filing no sooner than
      `MIN_ANNUAL_FILING_LAG_DAYS` later. A January year named by its ending year (fiscal 2024 ended
      January 28, 2024) must say so in its label.
    """
    stated = [d for d in (_iso(x) for x in label.dates) if d is not None]
    if stated:
        end = max(stated)
        return end, f"the period ends on {end.isoformat()} (stated)"
    if not label.years or label.kind is None:
        return None
    year = min(label.years)
    calendar = label.fiscal is False or (language == "zh" and label.fiscal is None)
    if label.kind == "annual":
        if calendar:
            end = date(year, 12, 31)
            return end, f"calendar year {year} ends on {end.isoformat()}"
        month, day = UNSTATED_FISCAL_YEAR_EARLIEST_END
        end = date(year, month, day) + timedelta(days=MIN_ANNUAL_FILING_LAG_DAYS)
        return end, (f"fiscal {year} (year end not stated) ends on {year}-{month:02d}-{day:02d} at the earliest and "
                     f"its annual results reach a filing no sooner than {end.isoformat()} (a year ending in "
                     "January/February is named by the year it starts in unless the label states its end)")
    if not calendar:
        return None
    if label.kind == "quarter" and label.quarter:
        month, day = _QUARTER_END[label.quarter]
        end = date(year, month, day)
        return end, f"Q{label.quarter} {year} ends on {end.isoformat()}"
    if label.kind == "half" and label.half:
        end = date(year, 6, 30) if label.half == 1 else date(year, 12, 31)
        return end, f"H{label.half} {year} ends on {end.isoformat()}"
    if label.kind == "instant" and ("年末" in label.text or "年底" in label.text or "year-end" in _norm(label.text)
                                    or "year end" in _norm(label.text)):
        end = date(year, 12, 31)
        return end, f"the {year} year-end balance date is {end.isoformat()}"
    return None


# --------------------------------------------------------------------------- values in text
def value_in_text(value: str, text: str) -> bool:
    """Whether the figure `value` is stated in `text`, magnitude-aware: both sides' scale words and currency
    are applied and the figures compared at the coarser stated precision ("$46.75 billion" states "$46.75B",
    "321,456,789元" states "3.21亿元"); signs are ignored (a loss is often written unsigned or in
    parentheses). A value without a number is looked for as normalised text."""
    target = parse_number(value)
    if target is None or target.is_year_like:
        squash = re.compile(r"[\s,.;:!?'\"()（）。，]+")
        return squash.sub("", _norm(value)) in squash.sub("", _norm(text))
    return any(same_figure(n, target, sign_agnostic=True) for n in find_numbers(text)
               if n.is_percent == target.is_percent)


def _same_answer(a: str, b: str) -> bool:
    na, nb = parse_number(a), parse_number(b)
    if na is not None and nb is not None and not na.is_year_like and not nb.is_year_like:
        return na.is_percent == nb.is_percent and same_figure(na, nb)
    return re.sub(r"\s+", " ", _norm(a)).strip(" .") == re.sub(r"\s+", " ", _norm(b)).strip(" .")


# --------------------------------------------------------------------------- one record
def _record(item: Any) -> dict[str, Any] | None:
    if isinstance(item, Mapping):
        return dict(item)
    dump = getattr(item, "model_dump", None)
    return dump() if callable(dump) else None


def _text(rec: Mapping[str, Any], key: str) -> str | None:
    v = rec.get(key)
    if v is None:
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return repr(v) if isinstance(v, float) else str(v)
    return v if isinstance(v, str) and v.strip() else None


def _interp(rec: Mapping[str, Any], key: str) -> dict[str, Any]:
    v = rec.get(key)
    return dict(v) if isinstance(v, Mapping) else {}


def _filing_date(rec: Mapping[str, Any]) -> date | None:
    raw = _text(rec, "filing_date")
    if raw is None:
        return None
    if (d := _iso(raw.strip()[:10])) is not None:
        return d
    found = sorted(find_dates(raw))
    return _iso(found[0]) if found else None


def _period_label(rec: Mapping[str, Any], reading: str) -> PeriodLabel:
    period = _interp(rec, f"{reading}_interpretation").get("period")
    return parse_period(period if isinstance(period, str) else None)


def _check_period_vs_filing(iid: str, rec: Mapping[str, Any]) -> list[Finding]:
    filed = _filing_date(rec)
    if filed is None:
        return []
    language = str(rec.get("language") or "en").lower()[:2]
    problems = []
    for reading in ("intended", "default"):
        label = _period_label(rec, reading)
        if label.empty:
            continue
        settled = period_end(label, language)
        if settled is None:
            continue
        end, why = settled
        if filed < end:
            problems.append(f"{reading} period {label.text!r} vs filing date {filed.isoformat()}: {why}")
    if not problems:
        return []
    return [Finding(id=iid, kind="period_after_filing", detail="; ".join(problems))]


def _check_answers(iid: str, rec: Mapping[str, Any]) -> list[Finding]:
    out = []
    answer, default = _text(rec, "answer"), _text(rec, "default_answer")
    if answer and default and _same_answer(answer, default):
        out.append(Finding(id=iid, kind="answers_equal",
                           detail=f"answer {answer!r} and default_answer {default!r} are the same figure"))
    for value, span_key, name in ((answer, "intended_evidence_span", "answer"),
                                  (default, "default_evidence_span", "default_answer")):
        if value is None:
            continue
        span = _text(rec, span_key)
        if span is None:
            out.append(Finding(id=iid, kind="answer_not_in_span", detail=f"{span_key} is missing for {name} {value!r}"))
        elif not value_in_text(value, span):
            out.append(Finding(id=iid, kind="answer_not_in_span",
                               detail=f"{name} {value!r} is not stated in {span_key} {span!r}"))
    return out


def _check_categories(iid: str, rec: Mapping[str, Any]) -> list[Finding]:
    axes = rec.get("axes", rec.get("axes_exercised"))
    labels = [axes] if isinstance(axes, str) else list(axes) if isinstance(axes, list) else []
    if not labels:
        return [Finding(id=iid, kind="unknown_category", detail="no category label (axes is empty or missing)")]
    bad = [label for label in labels if normalize_category(label) is None]
    if not bad:
        return []
    return [Finding(id=iid, kind="unknown_category",
                    detail=f"category labels outside the five: {', '.join(repr(b) for b in bad)}")]


def _readings_count(rec: Mapping[str, Any]) -> float | None:
    qc = rec.get("qc") if isinstance(rec.get("qc"), Mapping) else {}
    for source in (qc, rec):
        for key in ("k_readings", "k", "n_interpretations", "num_interpretations", "n_readings"):
            v = source.get(key)  # type: ignore[union-attr]
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return float(v)
    return None


def _check_h0(iid: str, rec: Mapping[str, Any]) -> list[Finding]:
    h0 = rec.get("h0")
    if h0 is None:
        return []
    if isinstance(h0, bool) or not isinstance(h0, (int, float)) or not math.isfinite(h0):
        return [Finding(id=iid, kind="h0_inconsistent", detail=f"h0 {h0!r} is not a number")]
    k = _readings_count(rec)
    if k is not None:
        if k < 2:
            return [Finding(id=iid, kind="h0_inconsistent",
                            detail=f"{k:g} reading(s) stored; an instance has at least two (intended and default)")]
        if abs(h0 - math.log2(k)) > H0_TOLERANCE:
            return [Finding(id=iid, kind="h0_inconsistent",
                            detail=f"h0 {h0:g} but {k:g} readings stored (log2 {k:g} = {math.log2(k):.3f})")]
        return []
    if h0 < 1 - H0_TOLERANCE:
        return [Finding(id=iid, kind="h0_inconsistent",
                        detail=f"h0 {h0:g}: fewer than the two readings (intended and default) of every instance")]
    readings = 2.0 ** h0
    if abs(h0 - math.log2(round(readings))) > H0_TOLERANCE:
        return [Finding(id=iid, kind="h0_inconsistent",
                        detail=f"h0 {h0:g} is log2 of {readings:.2f} readings, not of a whole number")]
    return []


def _distinctive(mine: PeriodLabel, other: PeriodLabel) -> list[str]:
    """What in `other`'s period tells it apart from `mine` (years, period type, fiscal/calendar)."""
    out: list[str] = []
    if other.years - mine.years:
        out.append("year")
    if other.kind_stated and other.kind != mine.kind:
        out.append("kind")
    if other.quarter and mine.quarter and other.quarter != mine.quarter:
        out.append("quarter")
    if other.fiscal is not None and other.fiscal != mine.fiscal:
        out.append("fiscal")
    return out


def _names(span: PeriodLabel, own: PeriodLabel, other: PeriodLabel, what: list[str]) -> list[str]:
    hits: list[str] = []
    if "year" in what:
        years = (span.years & other.years) - own.years
        if years:
            hits.append(f"year {', '.join(str(y) for y in sorted(years))}")
    if "kind" in what and other.kind in span.kinds and other.kind != own.kind:
        # "the fourth quarter of fiscal 2023" names the year only as the quarter's year
        if other.kind != "annual" or span.full_year or own.kind not in span.kinds:
            hits.append(f"a {other.kind} period")
    if "quarter" in what and span.quarter == other.quarter:
        hits.append(f"Q{other.quarter}")
    if "fiscal" in what and span.fiscal is not None and span.fiscal == other.fiscal:
        hits.append("fiscal year" if other.fiscal else "calendar year")
    return hits


def _check_span_periods(iid: str, rec: Mapping[str, Any]) -> list[Finding]:
    intended, default = _period_label(rec, "intended"), _period_label(rec, "default")
    if intended.empty or default.empty:
        return []
    out = []
    for reading, own, other, key in (("intended", intended, default, "intended_evidence_span"),
                                     ("default", default, intended, "default_evidence_span")):
        span_text = _text(rec, key)
        what = _distinctive(own, other)
        if span_text is None or not what:
            continue
        hits = _names(parse_period(span_text), own, other, what)
        if hits:
            out.append(Finding(id=iid, kind="span_names_other_period",
                               detail=f"{key} names {', '.join(hits)} of the other reading's period "
                                      f"({other.text!r}; the {reading} period is {own.text!r}): {span_text!r}"))
    return out


# --------------------------------------------------------------------------- the file
def _question_key(question: str) -> str:
    return re.sub(r"[\s\W_]+", "", _norm(question))


def doctor_instances(instances: Iterable[Any]) -> list[Finding]:
    """Every data defect of a release's instances (see the module docstring), in instance order; each
    `Finding` names the instance_id, the kind and a reason. Accepts `AmbiguityInstance` objects or raw
    release records (dicts), so records the loader would refuse are examined too."""
    findings: list[Finding] = []
    by_question: dict[str, list[tuple[str, str]]] = {}
    for n, item in enumerate(instances, start=1):
        rec = _record(item)
        if rec is None:
            findings.append(Finding(id=f"record {n}", kind="invalid_record",
                                    detail=f"expected an instance object, got {type(item).__name__}"))
            continue
        iid = _text(rec, "instance_id")
        if iid is None:
            findings.append(Finding(id=f"record {n}", kind="invalid_record", detail="no instance_id"))
            iid = f"record {n}"
        findings += _check_period_vs_filing(iid, rec)
        findings += _check_answers(iid, rec)
        findings += _check_categories(iid, rec)
        findings += _check_h0(iid, rec)
        findings += _check_span_periods(iid, rec)
        question, answer = _text(rec, "question"), _text(rec, "answer")
        if question and answer:
            by_question.setdefault(_question_key(question), []).append((iid, answer))
    for group in by_question.values():
        if len(group) < 2:
            continue
        for iid, answer in group:
            others = [(o, a) for o, a in group if o != iid and not _same_answer(a, answer)]
            if others:
                listed = ", ".join(f"{o} ({a!r})" for o, a in others)
                findings.append(Finding(id=iid, kind="duplicate_question",
                                        detail=f"same question as {listed} with a different answer ({answer!r})"))
    return findings


def doctor_report(path_or_url: str | Path, *, sha256: str | None = None) -> DoctorReport:
    """`doctor_file` with the number of records examined (what `finprobe doctor ambiguity` prints)."""
    src = str(path_or_url)
    records = [rec for _, rec in json_records(decode_text(read_source(src, sha256=sha256, what="instances"), src), src)]
    return DoctorReport(n=len(records), findings=doctor_instances(records))


def doctor_file(path_or_url: str | Path, *, sha256: str | None = None) -> list[Finding]:
    """`doctor_instances` over a release file (JSON Lines or a JSON array), read without validation so
    every record is examined; unreadable JSON raises DataError naming the file and line."""
    src = str(path_or_url)
    text = decode_text(read_source(src, sha256=sha256, what="instances"), src)
    return doctor_instances(rec for _, rec in json_records(text, src))
