import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finprobe.benchmarks.reasoning.dsl import (
    MAX_STEPS,
    ProgramError,
    execute,
    matches_exe_ans,
    operations,
    parse_cell,
    parse_number,
    parse_program,
)

TABLE = [
    ["", "2016", "2015", "2014"],
    ["settlements", "-13 ( 13 )", "-19 ( 19 )", "-2 ( 2 )"],
    ["Net Income ( loss )", "$ 1,200", "( 300 )", "$ 450"],
    ["operating margin", "11.4% ( 11.4 % )", "7.8% ( 7.8 % )", "7.4% ( 7.4 % )"],
    ["notes", "n/a", "12", ""],
    ["dup", "1", "1", "1"],
    ["dup", "5", "5", "5"],
]


@pytest.mark.parametrize("program,expected", [
    ("subtract(5829, 5735), divide(#0, 5735)", (5829 - 5735) / 5735),
    ("divide(637, const_5)", 127.4),
    ("multiply(const_m1, 3)", -3.0),
    ("add(const_1000000, 1)", 1000001.0),
    ("multiply(526.5, 2.4%)", 526.5 * 0.024),
    ("add(1,234.5, 10)", 1244.5),
    ("exp(1.1, 2)", 1.1 ** 2),
    ("divide(6.9%, const_100), add(const_1, #0), exp(#1, 10), multiply(4273.1, #2)",
     4273.1 * (1 + 0.069 / 100) ** 10),
    ("greater(14, 19)", "no"),
    ("subtract(17.84, 4.11), subtract(60.15, 41.30), greater(#0, #1)", "no"),
    ("table_average(settlements, none)", (-13 - 19 - 2) / 3),
    ("table_sum(net income ( loss ), none)", 1200 - 300 + 450.0),
    ("table_max(operating margin, none)", 0.114),
    ("table_min(Net  Income (loss), none)", -300.0),
    ("table_sum(notes, none)", 12.0),  # non-numeric cells are not aggregated
    ("table_sum(dup, none)", 15.0),  # duplicate headers: the last row wins, as in FinQA's evaluator
])
def test_executor_semantics(program, expected):
    got = execute(program, TABLE)
    if isinstance(expected, str):
        assert got == expected
    else:
        assert math.isclose(got, expected, rel_tol=1e-12)


def test_operations_and_cells():
    assert operations("subtract(1, 2), divide(#0, 2), greater(#1, 0)") == ["subtract", "divide", "greater"]
    assert parse_cell("$ 2457") == 2457 and parse_cell("( 123 )") == -123 and parse_cell("12.5%") == 0.125
    assert parse_cell("-1 ( 1 )") == -1 and parse_cell("n/a") is None and parse_cell("") is None
    assert parse_number("1,234") == 1234 and parse_number("1,23") is None and parse_number("1e5") is None
    assert parse_number("inf") is None and parse_number("nan") is None


@pytest.mark.parametrize("program,fragment", [
    ("", "empty"),
    ("frobnicate(1, 2)", "unknown operation"),
    ("add(1, 2", "unbalanced"),
    ("add(1)", "2 arguments"),
    ("add(1, 2, 3)", "2 arguments"),
    ("add(#0, 1)", "not run yet"),
    ("add(1, 2), add(#1, 1)", "not run yet"),
    ("add(1, 2),", "dangling"),
    ("add(1, 2) add(1, 2)", "expected ','"),
    ("divide(1, 0)", "division by zero"),
    ("divide(1, subtract(1, 1))", "nested"),
    ("exp(10, 400)", "overflow"),
    ("exp(10, 1000000)", "too large"),
    ("exp(-8, 0.5)", "not a real"),
    ("exp(0, -1)", "zero to a negative"),
    ("add(1e999, 1)", "cannot read"),
    ("add(inf, 1)", "cannot read"),
    ("add(none, 1)", "none"),
    ("table_sum(missing row, none)", "no table row"),
    ("table_sum(settlements, 3)", "takes (row header, none)"),
    ("table_sum(#0, none)", "row header"),
    ("greater(1, 2), add(#0, 1)", "not a number"),
    ("add(" * 5000, "too long"),
    ("add(" + "(" * 1500 + ")" * 1500 + ", 1)", "nested"),
    (", ".join(["add(1, 1)"] * (MAX_STEPS + 1)), "more than"),
])
def test_hostile_or_malformed_programs_raise_program_error(program, fragment):
    with pytest.raises(ProgramError) as info:
        execute(program, TABLE)
    assert fragment in str(info.value)


def test_non_string_program_is_rejected():
    with pytest.raises(ProgramError):
        parse_program(None)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_only_ever_raises_program_error(text):
    try:
        result = execute(text, TABLE)
    except ProgramError:
        return
    assert result in ("yes", "no") or math.isfinite(result)


_atoms = st.one_of(
    st.sampled_from(["#0", "#1", "#7", "const_100", "const_m1", "none", "1,000", "5%", "-3.5", "1e308", "", "x"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers(min_value=-10**400, max_value=10**400).map(str),
)
_steps = st.tuples(st.sampled_from(["add", "subtract", "multiply", "divide", "exp", "greater", "table_sum",
                                    "table_max", "bogus"]), _atoms, _atoms).map(lambda t: f"{t[0]}({t[1]}, {t[2]})")


@settings(max_examples=300, deadline=None)
@given(st.lists(_steps, min_size=1, max_size=8))
def test_program_shaped_fuzz_only_raises_program_error(steps):
    try:
        result = execute(", ".join(steps), TABLE)
    except ProgramError:
        return
    assert result in ("yes", "no") or math.isfinite(result)


@pytest.mark.shared_data
def test_executor_reproduces_every_dev_exe_ans(dev_records):
    mismatched = [r.id for r in dev_records
                  if not matches_exe_ans(execute(r.qa.program, r.table), r.qa.exe_ans)]
    matches = len(dev_records) - len(mismatched)
    print(f"\nexecutor reproduces exe_ans on {matches}/{len(dev_records)} dev records")
    assert mismatched == []
    assert matches == 883
