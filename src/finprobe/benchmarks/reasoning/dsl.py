"""FinQA's program language: a tokenizer, a parser and an executor. Nothing here ever calls eval/exec.

A program is a comma-separated list of steps, each `op(arg1, arg2)`:

    subtract(5829, 5735), divide(#0, 5735)

Arguments of the arithmetic ops (`add subtract multiply divide exp greater`) are numbers (`1,234.5`,
`-3`, `6.9%` = 0.069), constants (`const_100`, `const_1000`, `const_m1` = -1, any `const_<digits>` and
`const_m<digits>`) or step references (`#N` = result of step N, N earlier than the current step).
The table ops (`table_sum table_average table_max table_min`) take a row header and `none`; they
aggregate the numeric cells of the table row whose first cell equals the header (after normalisation).
`greater` returns "yes"/"no". Arguments are separated by commas (FinQA writes ", "); a comma between a digit
and exactly three digits is a thousands separator (`add(1,234, 5)` is 1234 + 5). Semantics follow FinQA's reference evaluator (`%` divides by 100,
`exp(a, b)` is a**b, table averages are sum/len), so results reproduce the stored `exe_ans`.

Every failure (syntax, unknown op, bad reference, overflow, division by zero, oversized input) is a
`ProgramError`; the executor has no recursion and bounded work, so hostile input cannot hang or crash it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

#: limits that bound the work any program can cause
MAX_PROGRAM_CHARS = 4000
MAX_STEPS = 50
MAX_ARG_CHARS = 300
#: magnitudes past this are treated as overflow (FinQA values are far below it)
MAX_MAGNITUDE = 1e300

ARITH_OPS = ("add", "subtract", "multiply", "divide", "exp", "greater")
TABLE_OPS = ("table_sum", "table_average", "table_max", "table_min")
OPS = ARITH_OPS + TABLE_OPS

Value = float | str  # a number, or "yes"/"no" from `greater`


class ProgramError(ValueError):
    """A program that cannot be parsed or executed. The message says why (and which step)."""


@dataclass(frozen=True)
class Arg:
    """One argument as written: kind is 'number', 'const', 'ref', 'none' or 'row' (a table row header)."""

    kind: str
    text: str
    value: float | None = None  # for number/const
    ref: int | None = None  # for ref


@dataclass(frozen=True)
class Step:
    op: str
    args: tuple[Arg, ...]


# --------------------------------------------------------------------------- tokenizer
_OP_RE = re.compile(r"[a-z_]+")
# A plain decimal number, optionally signed and with a trailing percent sign. No exponent, inf or nan:
# float() would accept those, and huge literals are how overflow sneaks in.
_NUMBER_RE = re.compile(r"[-+]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)\s*%?")
# Thousands separators: a comma between a digit and exactly three digits not followed by another digit.
_THOUSANDS_RE = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_CONST_RE = re.compile(r"const_(m?)(\d{1,12}(?:\.\d+)?)")
_REF_RE = re.compile(r"#(\d{1,4})")


def _split_steps(program: str) -> list[tuple[str, str]]:
    """Cut a program into (op, raw argument text) pairs, scanning characters (no recursion).

    Parentheses inside an argument are balanced by depth counting so a table row header such as
    `net income ( loss )` survives; the step ends at the parenthesis that closes its opening one.
    """
    if not isinstance(program, str):
        raise ProgramError(f"program must be a string, not {type(program).__name__}")
    if len(program) > MAX_PROGRAM_CHARS:
        raise ProgramError(f"program too long ({len(program)} chars > {MAX_PROGRAM_CHARS})")
    steps: list[tuple[str, str]] = []
    i, n = 0, len(program)
    while True:
        while i < n and program[i].isspace():
            i += 1
        if i >= n:
            if not steps:
                raise ProgramError("empty program")
            raise ProgramError("program ends with a dangling ','")
        m = _OP_RE.match(program, i)
        if not m:
            raise ProgramError(f"step {len(steps)}: expected an operation name at char {i}, got {program[i:i + 20]!r}")
        op = m.group(0)
        i = m.end()
        while i < n and program[i].isspace():
            i += 1
        if i >= n or program[i] != "(":
            raise ProgramError(f"step {len(steps)}: expected '(' after {op!r}")
        depth, start = 1, i + 1
        i += 1
        while i < n and depth:
            c = program[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
        if depth:
            raise ProgramError(f"step {len(steps)}: unbalanced parentheses in {op}(...)")
        steps.append((op, program[start:i - 1]))
        if len(steps) > MAX_STEPS:
            raise ProgramError(f"program has more than {MAX_STEPS} steps")
        while i < n and program[i].isspace():
            i += 1
        if i >= n:
            return steps
        if program[i] != ",":
            raise ProgramError(f"step {len(steps) - 1}: expected ',' between steps at char {i}, got {program[i]!r}")
        i += 1


def _split_args(raw: str) -> list[str]:
    """Split an argument list at top-level commas, keeping thousands separators inside numbers."""
    protected = _THOUSANDS_RE.sub("\x00", raw)
    parts: list[str] = []
    depth, cur = 0, list[str]()
    for c in protected:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur))
    return [p.replace("\x00", ",").strip() for p in parts]


def parse_number(text: str) -> float | None:
    """A FinQA numeric literal (`1,234.5`, `-3`, `6.9%`) as a float, or None if it is not one."""
    t = text.strip()
    if len(t) > 64 or not _NUMBER_RE.fullmatch(t):
        return None
    t = t.replace(",", "")
    percent = t.endswith("%")
    value = float(t.rstrip("%").strip())
    return value / 100.0 if percent else value


def _parse_arg(text: str, step: int, position: int) -> Arg:
    if not text:
        raise ProgramError(f"step {step}: argument {position + 1} is empty")
    if "(" in text or ")" in text:
        raise ProgramError(f"step {step}: nested calls or parentheses are not allowed in {text[:40]!r}")
    if len(text) > MAX_ARG_CHARS:
        raise ProgramError(f"step {step}: argument {position + 1} too long")
    m = _REF_RE.fullmatch(text)
    if m:
        return Arg("ref", text, ref=int(m.group(1)))
    m = _CONST_RE.fullmatch(text)
    if m:
        v = float(m.group(2))
        return Arg("const", text, value=-v if m.group(1) else v)
    if text == "none":
        return Arg("none", text)
    parsed = parse_number(text)
    if parsed is None:
        raise ProgramError(f"step {step}: cannot read argument {text[:40]!r} as a number, constant or #N")
    v = parsed
    return Arg("number", text, value=v)


def parse_program(program: str) -> list[Step]:
    """Parse a program into steps. Raises ProgramError for anything that is not valid FinQA DSL."""
    steps: list[Step] = []
    for index, (op, raw) in enumerate(_split_steps(program)):
        if op not in OPS:
            raise ProgramError(f"step {index}: unknown operation {op!r}")
        if op in TABLE_OPS:
            # The header is everything before the last top-level comma (headers may contain commas).
            head, sep, tail = raw.rpartition(",")
            if not sep:
                head, tail = raw, "none"
            header, tail = head.strip(), tail.strip()
            if not header:
                raise ProgramError(f"step {index}: {op} needs a row header")
            if len(header) > MAX_ARG_CHARS:
                raise ProgramError(f"step {index}: row header too long")
            if tail != "none":
                raise ProgramError(f"step {index}: {op} takes (row header, none), got second argument {tail[:40]!r}")
            if _REF_RE.fullmatch(header):
                raise ProgramError(f"step {index}: {op} needs a row header, not a step reference")
            steps.append(Step(op, (Arg("row", header), Arg("none", "none"))))
            continue
        parts = _split_args(raw)
        if len(parts) != 2:
            raise ProgramError(f"step {index}: {op} takes 2 arguments, got {len(parts)}")
        args = tuple(_parse_arg(p, index, k) for k, p in enumerate(parts))
        for a in args:
            if a.kind == "none":
                raise ProgramError(f"step {index}: {op} cannot take 'none'")
            if a.kind == "ref" and a.ref is not None and a.ref >= index:
                raise ProgramError(f"step {index}: #{a.ref} refers to a step that has not run yet")
        steps.append(Step(op, args))
    return steps


def operations(program: str) -> list[str]:
    """The op names of a program in order (duplicates kept). Raises ProgramError if it does not parse."""
    return [s.op for s in parse_program(program)]


# --------------------------------------------------------------------------- table cells
_NORM_RE = re.compile(r"[^a-z0-9%]+")


def normalise_header(text: str) -> str:
    """Row-header normalisation: lower case, punctuation and spacing collapsed."""
    return " ".join(_NORM_RE.split(text.lower())).strip()


def parse_cell(cell: str) -> float | None:
    """A table cell as FinQA writes it: `$ 2457`, `-13 ( 13 )`, `( 123 )`, `12.5%`, `11.4% ( 11.4 % )`.

    The part before a parenthesis is the value (FinQA's dumps print negatives as `-13 ( 13 )`); a cell
    that is only a parenthesised number is a negative amount. Returns None for non-numeric cells.
    """
    t = cell.replace("$", "").replace("\u2212", "-").strip()
    if not t or len(t) > 64:
        return None
    head, paren, rest = t.partition("(")
    head = head.strip()
    if head:
        return parse_number(head)
    if paren:
        inner = rest.split(")")[0].strip()
        v = parse_number(inner)
        return None if v is None else -abs(v)
    return None


def _table_row(table: list[list[str]], header: str) -> list[str]:
    want = normalise_header(header)
    # FinQA's evaluator builds {row[0]: row[1:]}, so with duplicate headers the last row wins.
    match = None
    for row in table:
        if row and isinstance(row[0], str) and normalise_header(row[0]) == want:
            match = row
    if match is None:
        raise ProgramError(f"no table row with header {header[:60]!r}")
    return match[1:]


# --------------------------------------------------------------------------- executor
def _check(x: float, step: int) -> float:
    if isinstance(x, complex) or not math.isfinite(x) or abs(x) > MAX_MAGNITUDE:
        raise ProgramError(f"step {step}: result overflows or is not a real number")
    return float(x)


def _arith(op: str, a: float, b: float, step: int) -> Value:
    try:
        if op == "add":
            return _check(a + b, step)
        if op == "subtract":
            return _check(a - b, step)
        if op == "multiply":
            return _check(a * b, step)
        if op == "divide":
            if b == 0:
                raise ProgramError(f"step {step}: division by zero")
            return _check(a / b, step)
        if op == "exp":
            # Bound the exponent before computing: a**b with huge b is slow for ints and overflows for floats.
            if abs(b) > 10_000:
                raise ProgramError(f"step {step}: exponent {b} too large")
            if a == 0 and b < 0:
                raise ProgramError(f"step {step}: zero to a negative power")
            return _check(a ** b, step)
        if op == "greater":
            return "yes" if a > b else "no"
    except OverflowError:
        raise ProgramError(f"step {step}: overflow in {op}") from None
    raise ProgramError(f"step {step}: unknown operation {op!r}")  # pragma: no cover - parse rejects it


def execute(program: str | list[Step], table: list[list[str]] | None = None) -> Value:
    """Run a program (text or parsed steps) against a table; returns the last step's result, unrounded."""
    steps = parse_program(program) if isinstance(program, str) else program
    if not steps:
        raise ProgramError("empty program")
    results: list[Value] = []
    for index, step in enumerate(steps):

        def num(arg: Arg, index: int = index) -> float:
            if arg.kind == "ref":
                assert arg.ref is not None
                if arg.ref >= index:
                    raise ProgramError(f"step {index}: #{arg.ref} refers to a step that has not run yet")
                v = results[arg.ref]
                if isinstance(v, str):
                    raise ProgramError(f"step {index}: #{arg.ref} is {v!r}, not a number")
                return v
            if arg.value is None:
                raise ProgramError(f"step {index}: argument {arg.text!r} has no numeric value")
            return arg.value

        if step.op in TABLE_OPS:
            header_arg = step.args[0]
            if header_arg.kind != "row":
                raise ProgramError(f"step {index}: {step.op} needs a row header")
            if table is None:
                raise ProgramError(f"step {index}: {step.op} needs a table")
            cells = [parse_cell(c) for c in _table_row(table, header_arg.text) if isinstance(c, str)]
            row = [c for c in cells if c is not None]
            if not row:
                raise ProgramError(f"step {index}: row {header_arg.text[:60]!r} has no numeric cells")
            if step.op == "table_sum":
                results.append(_check(sum(row), index))
            elif step.op == "table_average":
                results.append(_check(sum(row) / len(row), index))
            elif step.op == "table_max":
                results.append(max(row))
            else:
                results.append(min(row))
            continue
        a, b = (num(x) for x in step.args)
        results.append(_arith(step.op, a, b, index))
    return results[-1]


def round5(value: Value) -> Value:
    """FinQA's storage rounding for `exe_ans` (5 decimals); yes/no pass through."""
    return value if isinstance(value, str) else round(value, 5)


def matches_exe_ans(value: Value, exe_ans: object) -> bool:
    """Whether an executor result reproduces a stored `exe_ans` (numbers after 5-decimal rounding)."""
    if isinstance(value, str) or isinstance(exe_ans, str):
        return isinstance(value, str) and isinstance(exe_ans, str) and value == exe_ans.strip().lower()
    if isinstance(exe_ans, bool) or not isinstance(exe_ans, (int, float)):
        return False
    return round(value, 5) == round(float(exe_ans), 5)
