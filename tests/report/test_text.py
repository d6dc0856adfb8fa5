"""Terminal and spreadsheet safety of data text (model answers, server errors, data fields)."""

from hypothesis import given
from hypothesis import strategies as st

from finprobe.report._text import clean_terminal, csv_safe, error_type


def test_escape_sequences_and_controls_are_removed():
    assert clean_terminal("\x1b[31mred\x1b[0m text") == "red text"
    assert clean_terminal("title\x1b]0;pwned\x07 after") == "title after"  # OSC: window title
    assert clean_terminal("link \x1b]8;;http://x\x1b\\click\x1b]8;;\x1b\\") == "link click"
    assert clean_terminal("a\rb\x08c\x07d\x00e\x7f\x85f") == "abcdef"
    assert clean_terminal("8-bit \x9b31mCSI") == "8-bit CSI"
    assert clean_terminal("keeps\ttabs\nand lines, 中文, émoji 🙂") == "keeps\ttabs\nand lines, 中文, émoji 🙂"
    assert clean_terminal(None) == ""


@given(st.text())
def test_cleaned_text_has_no_control_characters(text):
    out = clean_terminal(text)
    assert not any((ord(c) < 32 and c not in "\t\n") or 0x7F <= ord(c) <= 0x9F for c in out)
    assert clean_terminal(out) == out


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc",))))
def test_printable_text_is_unchanged(text):
    assert clean_terminal(text) == text


def test_formula_cells_are_neutralised_as_owasp_recommends():
    for cell in ("=1+1", "+1", "-1+2", "@SUM(A1)", "\t=x", "\r=x", '=HYPERLINK("http://x")'):
        assert csv_safe(cell) == "'" + cell
    assert csv_safe("plain") == "plain" and csv_safe("1=1") == "1=1"
    assert csv_safe(-3) == -3 and csv_safe(-0.5) == -0.5  # numbers we write are not formulas


def test_error_types():
    assert error_type("model call failed after retries: m at http://h/v1: failed after 3 attempts; "
                      "last error: HTTP 503: busy") == "model call: HTTP 503"
    assert error_type("model call failed (not retryable): m at http://h: HTTP 401: no") == "model call: HTTP 401"
    assert error_type("model call failed after retries: m: last error: timed out after 5s") == "model call: timeout"
    assert error_type("model call failed (not retryable): prompt of 900 tokens exceeds n_ctx=512") == \
        "model call: prompt too long"
    assert error_type("episode raised KeyError: 'x' (at env.py:3)") == "episode: KeyError"
    assert error_type("scorer raised ValueError: bad") == "scorer: ValueError"
    assert error_type(None) is None and error_type("") is None
