"""Making data text safe where it goes: the terminal, spreadsheets, and a one-line error class.

Model answers, server error bodies and data fields are untrusted text. In a terminal, an escape
sequence in them can recolour, move the cursor, retitle the window or hide lines (CSI/OSC sequences);
in a spreadsheet, a cell that begins with `=`, `+`, `-` or `@` is run as a formula (CSV injection).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["clean_terminal", "csv_safe", "error_type"]

# ESC-introduced sequences (ECMA-48): CSI `ESC [ ... final`, OSC/DCS/APC/PM/SOS `ESC ] ... (BEL | ESC \)`,
# and two-character escapes `ESC X`; the 8-bit C1 forms (U+009B CSI, U+009D OSC, ...) likewise.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI
    r"|(?:\x1b[\]P^_X]|[\x90\x9d\x9e\x9f\x98])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC, DCS, PM, APC, SOS
    r"|\x1b[ -/]*[0-~]?"  # other escapes (and a lone ESC)
)
# Every other C0 control except tab and newline, DEL, and the C1 range.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def clean_terminal(text: Any) -> str:
    """`text` with terminal escape sequences and control characters removed (tab and newline kept;
    a carriage return, which could overwrite what a line showed, is removed too)."""
    return _CONTROLS.sub("", _ESCAPES.sub("", "" if text is None else str(text)))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(value: Any) -> Any:
    """A cell value for CSV: text that a spreadsheet would read as a formula gets a leading `'`
    (OWASP, "CSV Injection": cells beginning with = + - @ tab or carriage return). Numbers and
    booleans are left as they are: they are written by us, not taken from the data as text."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


_RAISED = re.compile(r"^(episode|scorer) raised (\w+)")
_HTTP = re.compile(r"\bHTTP (\d{3})\b")


def error_type(error: str | None) -> str | None:
    """A short class of an error record's reason, for filters and counts: `model call: HTTP 500`,
    `model call: not retryable`, `episode: ValueError`, ... (None when there is no error)."""
    if not error:
        return None
    text = error.strip()
    raised = _RAISED.match(text)
    if raised:
        return f"{raised.group(1)}: {raised.group(2)}"
    if text.startswith("model call failed"):
        http = _HTTP.search(text)
        if http:
            return f"model call: HTTP {http.group(1)}"
        lowered = text.lower()
        for word, label in (("timed out", "timeout"), ("timeout", "timeout"), ("malformed response", "malformed response"),
                            ("connect", "connection"), ("ran out of replies", "ran out of replies"),
                            ("n_ctx", "prompt too long"), ("not set", "missing API key")):
            if word in lowered:
                return f"model call: {label}"
        return "model call: not retryable" if "not retryable" in text else "model call: failed after retries"
    return text.split(":", 1)[0][:60]
