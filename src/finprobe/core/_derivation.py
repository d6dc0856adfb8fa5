"""Two readings of an answer's numbers that need more than the words around one number (DESIGN §2).

Public behaviour is reached through `finprobe.core.numbers.classify_numbers` / `magnitude_match`.

- **Table units**: a markdown table states its scale once, in a row header ("Revenue ($ millions) | 184.2"),
  a column header ("| Item | $M |") or a caption line just above it ("(in millions)", "单位：亿元"); the
  bare figures it governs carry that scale ("184.2" is $184.2 million). Only bare figures (no scale word, no
  percent, no currency of their own) are rescaled.
- **Derivation operands**: an answer that shows how it got its value ("GAAP operating income of $188.9M,
  plus $82.1M of SBC and $34.4M of amortization, giving $305.4M"; "Q1 $262.0M + Q2 … = $1,118.5M") commits
  to the result; the figures it adds or subtracts are operands, not second candidates. A figure is an
  operand when a subset of the answer's amounts, each signed by the operator written before it ("less",
  "minus", "−"), sums to another of its amounts at their stated precision, and the answer shows arithmetic
  (an operator, "=", "giving", "summed", "of which" ...). Operands keep their own role name ("operand") so a
  grader can still see a derivation that states the other reading's value.
  A breakdown in parentheses right after a value ("$612.8M ($301.5M in Q1 and $311.3M in Q2)", "6.13亿元（一季度
  3.02亿元、二季度3.11亿元）") is a derivation too when its amounts sum to the value, operator or not.
- **Ratio inputs**: "$2.41 (net income of $412.0 million divided by 171.0 million diluted shares)": the dividend
  and divisor of a stated quotient (or the factors of a stated product) are inputs of another kind than the
  answer, not candidates (`ratio_operands`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from finprobe.core._numparse import ParsedNumber, normalise_chars

__all__ = ["apply_table_units", "derivation_operands", "ratio_operands", "shows_arithmetic"]

# --------------------------------------------------------------------------- table units
_EN_SCALES = {"k": 1e3, "thousand": 1e3, "thousands": 1e3, "m": 1e6, "mm": 1e6, "mn": 1e6, "mln": 1e6,
              "million": 1e6, "millions": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9, "billions": 1e9}
_ZH_SCALES = {"万": 1e4, "十万": 1e5, "百万": 1e6, "千万": 1e7, "亿": 1e8, "千": 1e3, "万亿": 1e12}
#: "($ millions)", "($ in millions)", "(in millions of dollars)", "(USD m)", "$M", "(US$bn)"
_UNIT_EN = re.compile(
    r"(?i)(?:^|[(\s])(?P<cur>us\$|\$|usd|rmb|cny|hk\$|€|£)?\s*(?:in\s+)?"
    r"(?P<scale>thousands?|millions?|billions?|mm|mn|mln|bn|m|b|k)(?![a-z])"
    r"(?:\s+of\s+(?:u\.?s\.?\s+)?(?P<cur2>dollars|usd|rmb|yuan|euros?))?\s*\)?\s*$"
)
_UNIT_EN_PAREN = re.compile(
    r"(?i)\(\s*(?P<cur>us\$|\$|usd|rmb|cny|hk\$|€|£)?\s*(?:in\s+)?"
    r"(?P<scale>thousands|millions|billions|thousand|million|billion|mm|mn|mln|bn|m|b|k)(?![a-z])"
    r"(?:\s+of\s+(?:u\.?s\.?\s+)?(?P<cur2>dollars|usd|rmb|yuan|euros?))?\s*\)"
)
_UNIT_ZH = re.compile(r"(?:单位[:：]\s*(?:人民币)?\s*|[(（]\s*(?:人民币)?\s*)(?P<scale>万亿|千万|百万|十万|亿|万|千)(?P<cur>元|美元|港元)?")
_CURRENCY = {"$": "USD", "us$": "USD", "usd": "USD", "dollars": "USD", "rmb": "CNY", "cny": "CNY", "yuan": "CNY",
             "元": "CNY", "美元": "USD", "港元": "HKD", "hk$": "HKD", "€": "EUR", "euro": "EUR", "euros": "EUR",
             "£": "GBP"}


def _unit_of(cell: str, *, whole_cell: bool) -> tuple[float, str | None] | None:
    """The (scale, currency) a cell or caption states: "($ millions)", "单位：亿元"; `whole_cell`: a header
    cell that is only a unit ("$M") counts too."""
    text = normalise_chars(cell).strip().strip("*_` ")
    m = _UNIT_ZH.search(text)
    if m is not None:
        return _ZH_SCALES[m.group("scale")], _CURRENCY.get(m.group("cur") or "")
    m = _UNIT_EN_PAREN.search(text) or (_UNIT_EN.fullmatch(text) if whole_cell else None)
    if m is None:
        return None
    cur = (m.group("cur") or m.group("cur2") or "").lower()
    return _EN_SCALES[m.group("scale").lower()], _CURRENCY.get(cur)


def _rescaled(n: ParsedNumber, scale: float, currency: str | None) -> ParsedNumber:
    return n.model_copy(update={"value": n.mantissa * scale * n.unit_factor, "scale": scale,
                                "currency": n.currency or currency})


def apply_table_units(text: str, numbers: Sequence[ParsedNumber]) -> list[ParsedNumber]:
    """`numbers` with the bare figures of markdown tables rescaled by the unit their row header, column
    header or caption states (see the module docstring). Other numbers are returned unchanged."""
    out = list(numbers)
    if "|" not in text:
        return out
    lines: list[tuple[int, str]] = []
    pos = 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    i = 0
    while i < len(lines):
        if lines[i][1].strip().startswith("|") and lines[i][1].count("|") >= 2:
            j = i
            while j < len(lines) and lines[j][1].strip().startswith("|"):
                j += 1
            caption = next((_unit_of(lines[k][1], whole_cell=False) for k in range(i - 1, max(-1, i - 3), -1)
                            if lines[k][1].strip()), None)
            _rescale_table(lines[i:j], out, caption)
            i = j
        else:
            i += 1
    return out


def _cells(start: int, line: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell of a table line, offsets in the whole text."""
    bars = [m.start() for m in re.finditer(r"\|", line)]
    return [(start + a + 1, start + b, line[a + 1:b]) for a, b in itertools.pairwise(bars)]


def _rescale_table(rows: list[tuple[int, str]], numbers: list[ParsedNumber],
                   caption: tuple[float, str | None] | None) -> None:
    header = _cells(*rows[0])
    columns = [_unit_of(text, whole_cell=True) for _s, _e, text in header]
    for r, (start, line) in enumerate(rows):
        if re.fullmatch(r"[\s|:\-]+", line):
            continue  # the |---|---| separator
        cells = _cells(start, line)
        row_unit = _unit_of(cells[0][2], whole_cell=False) if cells else None
        for c, (cs, ce, _text) in enumerate(cells):
            unit = row_unit or (columns[c] if r > 0 and c < len(columns) else None) or caption
            if unit is None or (c == 0 and row_unit is not None):
                continue
            for k, n in enumerate(numbers):
                if cs <= n.start and n.end <= ce and n.scale == 1.0 and not n.is_percent and n.currency is None \
                        and not (n.raw.isdigit() and len(n.raw) == 4 and 1900 <= n.value <= 2100):
                    numbers[k] = _rescaled(n, *unit)


# --------------------------------------------------------------------------- derivation operands
_ARITHMETIC = re.compile(
    r"(?i)[+=]|(?:^|[\s|(])[-−–](?=\s*[$¥\d(a-z])|(?<![a-z])(?:plus|less|minus|sum|summed|summing|add(?:ed|ing|s)? (?:up|back)"
    r"|add-?backs?|giving|gives|give|arriv\w* at|result(?:s|ing|ed)? in|comes? to|came to|for a total of|totals?|totaling"
    r"|totalling|of which|consisting of|comprising|made up of|broken down|breakdown|subtract\w*|deduct\w*|excluding"
    r"|bridge|reconcil\w*)(?![a-z])|加回|加上|减去|相加|合计|加总|得到|扣除|剔除|减")
#: an operator that makes the next amount negative ("less $635.4M", "− Q1'23 $264.6M", "减去19.60亿元")
_NEGATIVE = re.compile(r"(?i)(?:^|[\s|(])-(?=\s*[$¥€£\d(a-z\u4e00-\u9fff])"
                       r"|(?<![a-z])(?:less|minus|subtract(?:ing|ed)?|deduct(?:ing|ed)?)(?![a-z])|减去?|扣除")
_RESULT_BEFORE = re.compile(r"(?i)(?:=|(?<![a-z])(?:giving|gives|arriv\w* at|result(?:s|ing|ed)? in|comes? to|came to"
                            r"|for a total of|totals?|totaling|totalling)(?![a-z])|得到|合计|即)[^\d$¥€£]{0,40}$")
_MAX_OPERANDS = 12


def shows_arithmetic(text: str) -> bool:
    """Whether the answer shows a calculation (an operator, "=", "giving", "summed", "of which", 合计 ...)."""
    return bool(_ARITHMETIC.search(normalise_chars(text)))


def derivation_operands(text: str, values: Sequence[ParsedNumber],
                        candidates: Sequence[int]) -> tuple[int, list[int]] | None:
    """(result, operands): indices into `values` such that the operands, each signed by the operator written
    before it, sum to the result at their stated precision; None when no such derivation exists or the text
    shows no arithmetic. `candidates` are the indices that may be a result (the answer's own stated values).

    The smallest set of operands is taken; when several results have a derivation, the one introduced as a
    result ("= $X", "giving $X", 合计) wins, else the largest. Amounts only (percentages are not summed).
    """
    norm = normalise_chars(text)
    breakdown = _parenthesised_breakdown(norm, values, candidates)
    if breakdown is not None:
        return breakdown
    if not shows_arithmetic(text):
        return None
    amounts = [i for i, n in enumerate(values) if not n.is_percent]
    if len(amounts) < 3 or len(amounts) > _MAX_OPERANDS + 1:
        return None
    sign: dict[int, float] = {}
    prev_end = 0
    for i in amounts:
        n = values[i]
        gap = norm[max(prev_end, n.start - 60):n.start]
        line = norm[norm.rfind("\n", 0, n.start) + 1:n.start]
        # the operator written since the previous amount; parentheses are a negative only in a table
        # ("| Restructuring | (17.3) |"): in prose, "stock-based compensation ($82.1 million)" is an aside
        negative = bool(_NEGATIVE.search(gap)) or (n.in_parentheses and line.lstrip().startswith("|"))
        sign[i] = -1.0 if negative else 1.0
        prev_end = n.end
    found: list[tuple[int, list[int]]] = []
    for r in candidates:
        if r not in amounts:
            continue
        result = values[r]
        others = [i for i in amounts if i != r and not _same(values[i], result)]
        hit = _smallest_subset(result, others, values, sign)
        if hit is not None:
            found.append((r, hit))
    if not found:
        return None
    introduced = [f for f in found if _RESULT_BEFORE.search(norm[max(0, values[f[0]].start - 40):values[f[0]].start])]
    pool = introduced or found
    return max(pool, key=lambda f: abs(values[f[0]].value))


_OPEN = re.compile(r"\s*[(（]")


def _parenthesised_breakdown(norm: str, values: Sequence[ParsedNumber],
                             candidates: Sequence[int]) -> tuple[int, list[int]] | None:
    """(result, parts) when the amounts in the parentheses right after a stated value sum to it."""
    for r in candidates:
        result = values[r]
        if result.is_percent or result.in_parentheses:
            continue
        m = _OPEN.match(norm, result.end)
        if m is None:
            continue
        close = min((k for k in (norm.find(")", m.end()), norm.find("）", m.end())) if k >= 0), default=-1)
        if close < 0:
            continue
        parts = [i for i, n in enumerate(values) if i != r and m.end() <= n.start and n.end <= close + 1]
        if len(parts) < 2 or any(values[i].is_percent for i in parts):
            continue
        total = 0.0
        for i in parts:
            gap = norm[max(m.end(), values[i].start - 30):values[i].start]
            total += (-1.0 if _NEGATIVE.search(gap) else 1.0) * abs(values[i].value)
        slack = result.precision / 2 + sum(values[i].precision / 2 for i in parts) + 1e-9 * abs(result.value)
        if abs(total - abs(result.value)) <= slack:
            return r, parts
    return None


_DIVIDE = re.compile(r"(?i)^[^\d]{0,40}?(?:divided\s+by|÷|/|除以)[^\d]{0,40}$")
_MULTIPLY = re.compile(r"(?i)^[^\d]{0,40}?(?:multiplied\s+by|times|×|乘以)[^\d]{0,40}$")


def ratio_operands(text: str, values: Sequence[ParsedNumber], results: Sequence[int],
                   inputs: Sequence[int]) -> list[int]:
    """Indices of the `inputs` that are the dividend and divisor of a quotient (or the factors of a product)
    written out in `text` and equal to one of the `results` at its stated precision ("$2.41 (net income of
    $412.0M divided by 171.0M diluted shares)"). A percentage result is compared as a fraction."""
    norm = normalise_chars(text)
    out: set[int] = set()
    ordered = sorted(inputs, key=lambda i: values[i].start)
    for a, b in itertools.pairwise(ordered):
        x, y = values[a], values[b]
        gap = norm[x.end:y.start]
        if _DIVIDE.match(gap) and y.value != 0:
            got, rel = abs(x.value) / abs(y.value), x.precision / 2 / max(abs(x.value), 1e-12)
        elif _MULTIPLY.match(gap):
            got, rel = abs(x.value) * abs(y.value), x.precision / 2 / max(abs(x.value), 1e-12)
        else:
            continue
        rel += y.precision / 2 / max(abs(y.value), 1e-12)
        for r in results:
            if r in (a, b):
                continue
            result = values[r]
            if abs(got - abs(result.value)) <= result.precision / 2 + got * rel + 1e-12:
                out.update((a, b))
                break
    return sorted(out)


def _same(a: ParsedNumber, b: ParsedNumber) -> bool:
    step = max(a.precision, b.precision)
    return abs(a.value - b.value) <= step / 2 + 1e-9 * abs(b.value)


def _smallest_subset(result: ParsedNumber, others: list[int], values: Sequence[ParsedNumber],
                     sign: dict[int, float]) -> list[int] | None:
    for size in range(2, len(others) + 1):
        for combo in itertools.combinations(others, size):
            total = sum(sign[i] * abs(values[i].value) for i in combo)
            slack = result.precision / 2 + sum(values[i].precision / 2 for i in combo) + 1e-9 * abs(result.value)
            if abs(total - abs(result.value)) <= slack:
                return list(combo)
    return None
