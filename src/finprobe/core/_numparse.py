"""Tokenizer for financial numbers written in English or Chinese free text.

Public names are re-exported by `finprobe.core.numbers`; import them from there.

A number is: an optional glued sign, an optional currency (prefix sign/code or suffix word), the digits
(thousands separators, decimals, exponent), then optional scale word, percent/bps unit and currency
suffix. Accounting negatives in parentheses are a second form. Spans always refer to the caller's text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from pydantic import BaseModel, ConfigDict

# --------------------------------------------------------------------------- text normalisation
# A 1:1 character map, so that match offsets in the normalised text are offsets in the caller's text:
# full-width ASCII forms (０-９, ，, ．, ％, ＄, （, ：…) become ASCII; unicode minus signs and dashes used as
# minus become "-"; exotic spaces become " ".
_TRANSLATION: dict[int, str] = {cp: chr(cp - 0xFEE0) for cp in range(0xFF01, 0xFF5F)}
_TRANSLATION.update({cp: "-" for cp in (0x2212, 0x2013, 0x2012, 0xFE63, 0x2010, 0x2011)})
_TRANSLATION.update({cp: " " for cp in (0x3000, 0x00A0, 0x202F, 0x2009, 0x2007)})
_TRANSLATION[0xFFE5] = "¥"  # full-width yen/yuan sign


def normalise_chars(text: str) -> str:
    """Map full-width forms, unicode minus signs and odd spaces to ASCII; keeps the length."""
    return text.translate(_TRANSLATION)


# --------------------------------------------------------------------------- vocabulary
_CURRENCY_PREFIX = (
    r"(?:US\s?\$|U\.S\.\s?\$|HK\$|NT\$|AU?\$|CA?\$|S\$|R\$|\$|¥|€|£|₹|₩"
    r"|(?i:usd|rmb|cny|hkd|eur|gbp|jpy|cad|aud|sgd|chf|twd|krw|inr)(?![A-Za-z])"
    r"|人民币|港币|港元|美元)"
)
_CURRENCY_SUFFIX = (
    r"(?:元|人民币|美元|港元|港币|欧元|英镑|日元"
    r"|(?i:(?:us\s|u\.s\.\s|hk\s)?dollars?|yuan|renminbi|euros?|usd|rmb|cny|hkd|eur|gbp|jpy)(?![A-Za-z]))"
)
_CURRENCY_CODES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.I), code)
    for p, code in [
        (r"^hk|港|^hkd$", "HKD"),
        (r"^nt|^twd$", "TWD"),
        (r"^au?\$|^aud$", "AUD"),
        (r"^ca?\$|^cad$", "CAD"),
        (r"^s\$|^sgd$", "SGD"),
        (r"^r\$", "BRL"),
        (r"^us|^u\.s\.|美元|\$|dollar", "USD"),
        (r"^rmb$|^cny$|人民币|^元$|yuan|renminbi|¥", "CNY"),
        (r"€|^eur$|欧元|euro", "EUR"),
        (r"£|^gbp$|英镑", "GBP"),
        (r"^jpy$|日元", "JPY"),
        (r"^chf$", "CHF"),
        (r"^krw$|₩", "KRW"),
        (r"^inr$|₹", "INR"),
    ]
]

# Scale words. Single letters must not start an ordinary word ("5 bananas", "3 months", "10-K" stay plain).
_SCALE_EN = (
    r"(?i:trillions?|trn|tn|tr|billions?|bln|bil|bn|millions?|mln|mio|mil|mn|mm|thousands?|thou"
    r"|[tbmk](?![A-Za-z&'’\-]))(?![A-Za-z])"
)
_SCALE_ZH = r"(?:万亿|千亿|百亿|十亿|亿|千万|百万|十万|万|千(?![克米瓦卡伏赫]))"
_SCALE_UNIT = r"(?:\(\s*)?(?i:in\s+(?:thousands|millions|billions))(?:\s+of\s+(?i:(?:u\.?s\.?\s+)?dollars|usd|rmb|cny|yuan|renminbi|euros?))?(?:\s*\))?"
_SCALE_VALUES: list[tuple[str, Decimal]] = [
    ("万亿", Decimal("1e12")), ("千亿", Decimal("1e11")), ("百亿", Decimal("1e10")), ("十亿", Decimal("1e9")),
    ("千万", Decimal("1e7")), ("百万", Decimal("1e6")), ("十万", Decimal("1e5")), ("亿", Decimal("1e8")),
    ("万", Decimal("1e4")), ("千", Decimal("1e3")),
]
_SCALE_EN_VALUES: list[tuple[re.Pattern[str], Decimal]] = [
    (re.compile(r"^(k|thou)", re.I), Decimal("1e3")),
    (re.compile(r"^t", re.I), Decimal("1e12")),
    (re.compile(r"^b", re.I), Decimal("1e9")),
    (re.compile(r"^m", re.I), Decimal("1e6")),
]
# Percent-like units: (pattern, factor). Percentage points are percents of a percent scale.
_PERCENT = (
    r"(?:%|‰|个百分点|百分点|个基点|基点"
    r"|(?i:percentage\s+points?|per\s?cent|pct|ppts?|pp|p\.p\.|basis\s+points?|bps|bp)(?![A-Za-z]))"
)

_NUM = r"(?P<num>(?:(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?)"
# Not glued to a word, a number, a percent or a closing square bracket (a footnote "[1]"). A closing parenthesis
# may come right before a figure: Chinese puts a bracketed period straight before it ("（10–12月）2.84亿元").
_START = r"(?<![A-Za-z0-9_%\]])(?<!\d[.,])"
_END = r"(?![A-Za-z0-9_])"  # "3rd", "2019E", "10x" are not numbers

_PLAIN_RE = re.compile(
    _START
    + r"(?P<sign1>[-+])?(?:(?P<cur>" + _CURRENCY_PREFIX + r")\s*)?(?P<sign2>[-+])?"
    + _NUM
    + r"(?:(?:\s*|-(?=[A-Za-z]{4}))(?P<scale>" + _SCALE_ZH + "|" + _SCALE_EN + r")|\s*(?P<scale_unit>" + _SCALE_UNIT + "))?"
    + r"(?:\s*(?P<pct>" + _PERCENT + r"))?"
    + r"(?:\s*(?P<cur2>" + _CURRENCY_SUFFIX + r"))?"
    + _END
)
_PAREN_RE = re.compile(
    r"(?:(?P<cur>" + _CURRENCY_PREFIX + r")\s*)?\(\s*(?:(?P<cur_in>" + _CURRENCY_PREFIX + r")\s*)?"
    + _NUM
    + r"(?:\s*(?P<scale>" + _SCALE_ZH + "|" + _SCALE_EN + r"))?"
    + r"(?:\s*(?P<pct>" + _PERCENT + r"))?"
    + r"(?:\s*(?P<cur2>" + _CURRENCY_SUFFIX + r"))?\s*\)"
    + r"(?:\s*(?P<scale_after>" + _SCALE_ZH + "|" + _SCALE_EN + r"))?"
    + r"(?:\s*(?P<cur3>" + _CURRENCY_SUFFIX + r"))?"
)


class ParsedNumber(BaseModel):
    """One number found in text, with what its writing says about unit and precision.

    `value` is fully scaled (`"$46.75B"` → 4.675e10, `"14.5%"` → 0.145, `"(12.5)"` → −12.5, `"25 bps"` →
    0.0025); `mantissa` is the number as written before scale and percent (signed); `decimals` is the
    stated precision (46.75 → 2; an exponent lowers it: `1.2e3` → −2).
    """

    model_config = ConfigDict(frozen=True)

    value: float
    mantissa: float
    is_percent: bool = False
    scale: float = 1.0
    decimals: int = 0
    currency: str | None = None
    raw: str
    start: int
    end: int
    # True when the sign came from accounting parentheses; in prose, "(35.2%)" is sometimes just an aside.
    in_parentheses: bool = False
    # Multiplier of the percent-like unit: 0.01 for % and percentage points, 1e-4 for bps, 1.0 otherwise.
    unit_factor: float = 1.0

    @property
    def precision(self) -> float:
        """Absolute size of one step in the last stated digit, in the scaled domain (46.75B → 1e7)."""
        return 10.0 ** (-self.decimals) * self.scale * self.unit_factor

    @property
    def is_year_like(self) -> bool:
        """A bare four-digit integer 1900–2100 ("2019"): written with no unit, sign, separator or decimals."""
        return is_year_like(self)


def is_year_like(n: ParsedNumber) -> bool:
    """True for a bare four-digit integer between 1900 and 2100, the way years are written in prose."""
    return (
        not n.is_percent
        and n.scale == 1.0
        and n.currency is None
        and not n.in_parentheses
        and n.raw.isdigit()
        and len(n.raw) == 4
        and 1900 <= n.value <= 2100
    )


def _currency_code(raw: str | None) -> str | None:
    if not raw:
        return None
    token = re.sub(r"\s+", " ", raw.strip())
    for pattern, code in _CURRENCY_CODES:
        if pattern.search(token):
            return code
    return None


def _scale_of(raw: str | None, unit_phrase: str | None) -> Decimal:
    if unit_phrase:
        found = re.search(r"(?i)thousand|million|billion", unit_phrase)
        raw = found.group(0) if found else None
    if not raw:
        return Decimal(1)
    for word, value in _SCALE_VALUES:
        if raw == word:
            return value
    for pattern, value in _SCALE_EN_VALUES:
        if pattern.search(raw):
            return value
    return Decimal(1)


def _unit_factor(raw: str | None) -> Decimal:
    if not raw:
        return Decimal(1)
    low = raw.lower()
    if "基点" in low or low.startswith("b"):
        return Decimal("1e-4")
    if low == "‰":
        return Decimal("1e-3")
    return Decimal("0.01")


def _build(m: re.Match[str], text: str, *, parenthesised: bool) -> ParsedNumber | None:
    g = m.groupdict()
    num = g["num"].replace(",", "")
    try:
        digits = Decimal(num)
    except InvalidOperation:
        return None
    mant_part, _, exp_part = num.lower().partition("e")
    if len(exp_part) > 5:
        return None
    decimals = len(mant_part.partition(".")[2]) - (int(exp_part) if exp_part else 0)
    negative = parenthesised or "-" in (g.get("sign1") or "", g.get("sign2") or "")
    scale = _scale_of(g.get("scale") or g.get("scale_after"), g.get("scale_unit"))
    factor = _unit_factor(g.get("pct"))
    signed = -digits if negative else digits
    try:
        value = float(signed * scale * factor)
        mantissa = float(signed)
    except ArithmeticError:  # decimal.Overflow/InvalidOperation on absurd exponents
        return None
    if not (math.isfinite(value) and math.isfinite(mantissa)) or abs(decimals) > 300:
        return None
    currency = None
    for key in ("cur", "cur_in", "cur2", "cur3"):
        currency = currency or _currency_code(g.get(key))
    return ParsedNumber(
        value=value,
        mantissa=mantissa,
        is_percent=g.get("pct") is not None,
        scale=float(scale),
        decimals=decimals,
        currency=currency,
        raw=text[m.start() : m.end()],
        start=m.start(),
        end=m.end(),
        in_parentheses=parenthesised,
        unit_factor=float(factor),
    )


def _paren_is_negative(m: re.Match[str], norm: str) -> bool:
    """Accounting parentheses mean a negative only when the content looks like an amount.

    "(12.5)", "(1,234)", "($5M)", "(3.2%)" are negatives; "(1)" (an enumerator), "(2019)" (a year) and
    "(600519)" (a stock code) are not, unless the whole text is that one parenthesised figure.
    """
    g = m.groupdict()
    num = g["num"]
    if any(g.get(k) for k in ("cur", "cur_in", "cur2", "cur3", "scale", "scale_after", "pct")):
        return True
    if "." in num or "," in num:
        return True
    return norm.strip().rstrip(".;,") == m.group(0)


def _iter_matches(norm: str, text: str) -> Iterator[ParsedNumber]:
    # Valid accounting-parenthesis matches, found once (they cannot nest, so one left-to-right scan
    # finds the same ones a scan from any later position would); plain numbers are searched lazily.
    parens = [m for m in _PAREN_RE.finditer(norm) if _paren_is_negative(m, norm)]
    k = 0
    pos = 0
    while pos <= len(norm):
        while k < len(parens) and parens[k].start() < pos:
            k += 1
        paren = parens[k] if k < len(parens) else None
        plain = _PLAIN_RE.search(norm, pos)
        if paren is not None and (plain is None or paren.start() <= plain.start()):
            chosen, parenthesised = paren, True
        elif plain is not None:
            chosen, parenthesised = plain, False
        else:
            return
        parsed = _build(chosen, text, parenthesised=parenthesised)
        if parsed is not None:
            yield parsed
        pos = max(chosen.end(), chosen.start() + 1)


def find_numbers(text: str) -> list[ParsedNumber]:
    """All numbers in `text`, in order of appearance (years and dates included; callers decide).

    Never raises: text that holds no number gives `[]`.
    """
    if not isinstance(text, str) or not text:
        return []
    return list(_iter_matches(normalise_chars(text), text))


def parse_number(text: str) -> ParsedNumber | None:
    """The first financial number in `text`, or None. Never raises.

    Bare years ("In 2019, ...") and obvious labels (dates, enumerators, "10-K", "第3") are skipped when
    the text holds another number; a text whose only number is a year gives that year.
    """
    numbers = find_numbers(text)
    if not numbers:
        return None
    norm = normalise_chars(text)
    dates = date_spans(norm)
    for n in numbers:
        if not n.is_year_like and not is_label(n, norm, dates):
            return n
    return numbers[0]


# --------------------------------------------------------------------------- labels (not quantities)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE_RE = re.compile(
    r"(?i)\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b"
    r"|\b\d{1,2}/\d{1,2}/\d{2,4}\b"
    r"|\b" + _MONTH + r"\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s*\d{4})?"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH + r"\b\.?(?:,?\s*\d{4})?"
    r"|\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*[日号])?"
    r"|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
    # a month range ("7–9月", "1至6月份", "7月-9月"): both ends are months, not quantities
    r"|(?<![\d.,])\d{1,2}\s*月?\s*[-–—~～至到]\s*\d{1,2}\s*月份?"
    r"|\d{1,2}\s*月份?"
)
_LABEL_BEFORE = re.compile(
    r"(?i)(?:第|#|\b(?:no|note|notes|item|items|part|section|page|pages|p|rule|form|article|schedule|exhibit|"
    r"step|hop|round|q|h|tier|level|class|series|phase|chapter|table|figure|fig)\.?\s*"
    r"|(?:\b[1-4]q|\bq[1-4]|\b[12]h|\bh[12]|\bfy|\bcy)\s?['’])$"  # the year of "Q1'24", "FY'23"
)
_LABEL_AFTER = re.compile(r"^(?:-[A-Za-z]|\.(?:SH|SZ|HK|SS|BJ|N|O|T)\b|\s*(?:st|nd|rd|th)\b)")


def date_spans(norm: str) -> list[tuple[int, int]]:
    """Spans of calendar dates ("Dec. 31, 2023", "2023-12-31", "2023年12月31日") in normalised text."""
    return [m.span() for m in _DATE_RE.finditer(norm)]


def is_label(n: ParsedNumber, norm: str, dates: list[tuple[int, int]] | None = None) -> bool:
    """Whether a number is a label rather than a quantity: a date part, an enumerator, a form or item
    number ("10-K", "Note 5", "第3"), a ticker ("600519.SH"), or a bare integer in parentheses.

    `norm` is `normalise_chars(text)` of the text the number was found in.
    """
    bare = n.scale == 1.0 and not n.is_percent and n.currency is None and n.decimals <= 0
    spans = date_spans(norm) if dates is None else dates
    if any(lo <= n.start and n.end <= hi for lo, hi in spans):
        return True
    before, after = norm[max(0, n.start - 12) : n.start], norm[n.end : n.end + 6]
    if _LABEL_AFTER.match(after) or (bare and _LABEL_BEFORE.search(before)):
        return True
    if bare and not n.in_parentheses and "," not in n.raw:
        if before.endswith("(") and after.startswith(")"):
            return True  # "(1)", "(600519)", "(2023)"
        line_start = norm.rfind("\n", 0, n.start) + 1
        if n.value < 100 and norm[line_start : n.start].strip(" \t*-#>") == "" and re.match(r"^[.)、]\s*\S", after):
            return True  # "1. ", "2) ", "3、" at the start of a line
    return False


# --------------------------------------------------------------------------- years
_FY_RE = re.compile(
    r"(?i)(?<![A-Za-z])(?:FY|F\.Y\.|fiscal(?:\s+year)?|financial\s+year)\s*'?\s*(\d{4}|\d{2})(?!\d)"
    r"|(?<![A-Za-z0-9])(?:[1-4]Q|Q[1-4]|[12]H|H[12])\s?'?(\d{2})(?!\d)"
    r"|(?<!\d)(\d{2})\s*财年"
    r"|(?<!\d)(\d{4})\s*(?:年|财年|财政年度)"
)
_DUE_RE = re.compile(r"(?i)\b(?:due|maturing|matures|until|through)\s*$")


def _year_from(token: str) -> int | None:
    year = int(token)
    if len(token) == 2:
        year += 2000 if year < 70 else 1900
    return year if 1900 <= year <= 2100 else None


def year_mentions(text: str) -> list[tuple[int, int, int]]:
    """(start, end, year) for every fiscal/calendar year stated in `text`, in order (see `extract_years`)."""
    if not isinstance(text, str) or not text:
        return []
    norm = normalise_chars(text)
    found: list[tuple[int, int, int]] = []
    for m in _FY_RE.finditer(norm):
        token = next(t for t in m.groups() if t)
        if (year := _year_from(token)) is not None:
            found.append((m.start(), m.end(), year))
    for n in find_numbers(text):
        if n.is_year_like and not _DUE_RE.search(norm[max(0, n.start - 12) : n.start]):
            found.append((n.start, n.end, int(n.value)))
    return sorted(found)


_FY_LABEL_RE = re.compile(
    r"(?i)(?<![A-Za-z])(?:FY|F\.Y\.|fiscal(?:\s+year)?|financial\s+year)\s*'?\s*(\d{4}|\d{2})(?!\d)"
    r"|(?<!\d)(\d{2}|\d{4})\s*(?:财年|财政年度)"
)


def fiscal_year_mentions(text: str) -> list[tuple[int, int, int]]:
    """(start, end, year) for every year stated with a fiscal-year label ("fiscal 2024", "FY25", "2024财年"),
    in order; plain years ("2024", "2024年") are not fiscal labels. Never raises."""
    if not isinstance(text, str) or not text:
        return []
    out: list[tuple[int, int, int]] = []
    for m in _FY_LABEL_RE.finditer(normalise_chars(text)):
        if (year := _year_from(m.group(1) or m.group(2))) is not None:
            out.append((m.start(), m.end(), year))
    return out


def extract_years(text: str) -> set[int]:
    """Fiscal/calendar years stated in `text`: "2019", "FY2019", "FY19", "fiscal 2019", "Q3'23", "2019年",
    "2019财年", "23财年". Years of debt maturities ("notes due 2030") are not stated periods. Never raises.
    """
    return {year for _, _, year in year_mentions(text)}


_FY_END_EARLY_RE = re.compile(
    r"(?i)(?:year|fiscal\s+\d{4}|fy\s?\d{4}|period)?[\s,]*(?:ended|ending|end(?:s|ed)?)\s+(?:on\s+)?"
    r"(?:jan(?:uary)?|feb(?:ruary)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s*((?:19|20)\d{2})"
    r"|((?:19|20)\d{2})\s*年\s*[12]\s*月\s*\d{1,2}\s*日(?:止|结束)"
)


def fiscal_year_aliases(text: str) -> set[int]:
    """Other names of the fiscal years `text` states by their end date (DESIGN §2, fiscal-year naming).

    A fiscal year that ends in January or February is usually named by the calendar year in which it
    starts: the year "ended February 3, 2024" is "fiscal 2023". For each such end date in `text`, the
    year before the end date's year is returned (`extract_years` already gives the end date's year).
    Never raises.
    """
    if not isinstance(text, str) or not text:
        return set()
    out: set[int] = set()
    for m in _FY_END_EARLY_RE.finditer(normalise_chars(text)):
        out.add(int(m.group(1) or m.group(2)) - 1)
    return out


# --------------------------------------------------------------------------- comparison
def within_tolerance(
    actual: float, expected: float, *, rel: float = 0.01, abs_floor: float = 1e-5, sign_agnostic: bool = False
) -> bool:
    """|actual − expected| ≤ max(|expected|·rel, abs_floor) (DESIGN §2: 1% relative, 1e-5 absolute floor).

    With `sign_agnostic`, |actual| is compared with |expected|. NaN or infinite inputs never match.
    """
    try:
        a, e = float(actual), float(expected)
    except (TypeError, ValueError):
        return False
    if not (math.isfinite(a) and math.isfinite(e)):
        return False
    if sign_agnostic:
        a, e = abs(a), abs(e)
    return abs(a - e) <= max(abs(e) * rel, abs_floor)


def _rounded(value: float, step: float) -> Decimal | None:
    try:
        return (Decimal(repr(value)) / Decimal(repr(step))).to_integral_value(rounding=ROUND_HALF_UP)
    except (ArithmeticError, ValueError):
        return None


def equal_at_coarser_precision(a: ParsedNumber, b: ParsedNumber, *, sign_agnostic: bool = False) -> bool:
    """Whether `a` and `b` are the same figure at the coarser of their two stated precisions.

    Both values are rounded half away from zero to a multiple of max(a.precision, b.precision) in the
    scaled domain: 46.75B (step 1e7) and 47B (step 1e9) both round to 47·1e9; 46.3B and 46.75B round to
    46.3 and 46.8 (·1e9) and differ.
    """
    step = max(a.precision, b.precision)
    if not (math.isfinite(step) and step > 0):
        return False
    va, vb = (abs(a.value), abs(b.value)) if sign_agnostic else (a.value, b.value)
    ra, rb = _rounded(va, step), _rounded(vb, step)
    return ra is not None and ra == rb


def equal_at_full_precision(answer: ParsedNumber, reference: ParsedNumber, *, sign_agnostic: bool = False) -> bool:
    """Whether `answer` states `reference` at the reference's full stated precision: the answer is at least
    as precise and rounds to the reference's last stated digit ("$46.75B" or "46,750 million" for $46.75B;
    not "$46.8B", which is only equal at the coarser precision)."""
    step = reference.precision
    if not (math.isfinite(step) and step > 0) or answer.precision > step * (1 + 1e-9):
        return False
    va, vr = (abs(answer.value), abs(reference.value)) if sign_agnostic else (answer.value, reference.value)
    ra, rr = _rounded(va, step), _rounded(vr, step)
    return ra is not None and ra == rr


def same_figure(a: ParsedNumber, b: ParsedNumber, *, rel: float = 0.01, sign_agnostic: bool = False) -> bool:
    """The magnitude-aware match of DESIGN §2: within the `rel` band of `b` AND equal at the coarser
    stated precision."""
    return within_tolerance(a.value, b.value, rel=rel, sign_agnostic=sign_agnostic) and equal_at_coarser_precision(
        a, b, sign_agnostic=sign_agnostic
    )
