"""Financial numbers and answer grading shared by every benchmark family (DESIGN §2).

Parsing (`find_numbers`, `parse_number`): thousands separators (ASCII and full-width commas), currency
signs and codes ($, US$, HK$, ¥, €, £, USD, RMB, 人民币, 元 …), unicode minus signs, accounting negatives
in parentheses, percent / percentage points / bps, English and Chinese scale words (k, m, mn, MM, bn, B,
trillion, 万, 亿, 万亿, 千, 百万, 千万 …) and exponents. Spans refer to the caller's text.

Comparison: `within_tolerance` (1% relative, 1e-5 absolute floor, optionally sign-agnostic) for contract
mode; `magnitude_match` for free-text answers graded magnitude-aware, with hedges, comparison context,
missing answers and fiscal-year mismatches; `text_answer_match` and `parse_yes_no` for non-numeric answers.

Implementation lives in `_numparse` (tokenizer, years, tolerance), `_magnitude` (answer grading) and
`_textmatch` (yes/no and text answers); this module is the public surface.
"""

from __future__ import annotations

from finprobe.core._magnitude import (
    ClassifiedNumber,
    MagnitudeMatch,
    OtherFigure,
    classify_numbers,
    magnitude_match,
    stated_years,
)
from finprobe.core._numparse import (
    ParsedNumber,
    equal_at_coarser_precision,
    equal_at_full_precision,
    extract_years,
    find_numbers,
    fiscal_year_aliases,
    fiscal_year_mentions,
    is_year_like,
    normalise_chars,
    parse_number,
    same_figure,
    within_tolerance,
)
from finprobe.core._textmatch import find_dates, normalise_text_answer, parse_yes_no, text_answer_match

__all__ = [
    "ClassifiedNumber",
    "MagnitudeMatch",
    "OtherFigure",
    "ParsedNumber",
    "classify_numbers",
    "equal_at_coarser_precision",
    "equal_at_full_precision",
    "extract_years",
    "find_dates",
    "find_numbers",
    "fiscal_year_aliases",
    "fiscal_year_mentions",
    "is_year_like",
    "magnitude_match",
    "normalise_chars",
    "normalise_text_answer",
    "parse_number",
    "parse_yes_no",
    "same_figure",
    "stated_years",
    "text_answer_match",
    "within_tolerance",
]
