"""Text that leaves the harness: secrets removed, terminal escapes stripped, endpoint URLs and keys checked.

- `Redactor` removes the run's secrets (API keys read from the environment) from any text: error
  messages, and every record, cache entry and file a run writes (a server may reflect the key in a reply).
- `safe_text` makes untrusted text (server error bodies, model output) safe to print on a terminal:
  escape sequences and control characters are removed, so a reply cannot move the cursor, retitle the
  window, hide text or write a hyperlink.
- `check_base_url` / `check_api_key` refuse, before anything is stored or sent, an endpoint URL that is
  not http(s) or carries credentials, and a key with a control character (a trailing newline from `echo`).
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from collections.abc import Iterable

__all__ = ["MIN_SECRET_CHARS", "Redactor", "check_api_key", "check_base_url", "safe_text", "strip_credentials"]

#: secrets shorter than this are not scrubbed from stored text: placeholders such as vLLM's "EMPTY" are
#: not secrets, and replacing a short common word everywhere would corrupt the records
MIN_SECRET_CHARS = 8
REDACTED = "***"

# ECMA-48 escape sequences: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC strings
# (ESC P/X/^/_ ... ST), and two-character escapes; the 8-bit C1 forms of CSI (0x9b) and OSC (0x9d) too.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
# C0 controls except tab and newline, DEL, C1 controls, and the bidirectional overrides/isolates that
# can make a terminal show text in an order other than the bytes' ("Trojan Source").
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"\s+")


def safe_text(text: object, *, one_line: bool = False, limit: int | None = None) -> str:
    """`text` fit for a terminal: escape sequences and control characters removed (tab and newline kept,
    or with `one_line` every run of whitespace folded to one space); cut to `limit` characters with "…"."""
    out = _CONTROLS.sub("", _ESCAPES.sub("", str(text)))
    if one_line:
        out = _SPACES.sub(" ", out).strip()
    if limit is not None and len(out) > limit:
        out = out[: max(0, limit - 1)] + "…"
    return out


class Redactor:
    """Replaces each secret value with `***`. Empty (falsy) when there is nothing to redact, so callers
    can skip the work on the hot path."""

    def __init__(self, secrets: Iterable[str] = ()):
        values = {s for s in secrets if s and len(s) >= MIN_SECRET_CHARS}
        # The longest first, so a key that contains another is removed whole.
        self._secrets = sorted(values, key=len, reverse=True)
        # In JSON text a secret may appear escaped (a quote, a backslash, non-ASCII under ensure_ascii).
        forms = set(self._secrets)
        for s in self._secrets:
            forms.add(json.dumps(s)[1:-1])
            forms.add(json.dumps(s, ensure_ascii=False)[1:-1])
        self._json_forms = sorted(forms, key=len, reverse=True)
        self._json_bytes = [f.encode("utf-8") for f in self._json_forms]

    @classmethod
    def from_environment(cls, names: Iterable[str]) -> Redactor:
        """The values of the environment variables `names` (unset ones ignored)."""
        return cls(v for n in dict.fromkeys(names) if (v := os.environ.get(n)))

    def __bool__(self) -> bool:
        return bool(self._secrets)

    def __call__(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def json_bytes(self, data: bytes) -> bytes:
        """Redact serialised JSON (raw and escaped forms of each secret); `***` keeps the JSON valid."""
        for form in self._json_bytes:
            if form in data:
                data = data.replace(form, REDACTED.encode())
        return data

    def found_in(self, text: str) -> bool:
        return any(s in text for s in self._secrets)


def strip_credentials(url: str) -> str:
    """`url` without a `user:password@` part (for messages and anything stored)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return "<unparseable URL>"
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return urllib.parse.urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))


def check_base_url(url: str, *, what: str = "--base-url") -> str:
    """Raise ValueError unless `url` is an http(s) URL with a host and without credentials."""
    text = str(url)
    if _CONTROLS.search(text) or any(c.isspace() for c in text):
        raise ValueError(f"{what}: the URL contains whitespace or a control character")
    try:
        parts = urllib.parse.urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as exc:
        raise ValueError(f"{what} {safe_text(strip_credentials(text))!r} is not a valid URL: {exc}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise ValueError(f"{what} {safe_text(strip_credentials(text))!r} is not an http:// or https:// URL")
    if not parts.hostname:
        raise ValueError(f"{what} {safe_text(strip_credentials(text))!r} names no host")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"{what} carries credentials (user:password@ in {strip_credentials(text)!r}): they would "
                         "be stored in the run's manifest; put the key in an environment variable and name it "
                         "with --api-key-env")
    return text


_CONTROL_NAMES = {"\n": "a newline", "\r": "a carriage return", "\t": "a tab", " ": "a space"}


def check_api_key(env_name: str, value: str) -> None:
    """Raise ValueError when the key in `env_name` holds whitespace or a control character (e.g. the
    trailing newline of `echo key > file`): every request would fail, or the header would be refused."""
    for i, ch in enumerate(value):
        if ch in _CONTROL_NAMES or _CONTROLS.match(ch) or ch.isspace():
            name = _CONTROL_NAMES.get(ch, f"the control character U+{ord(ch):04X}")
            where = "at its end" if i == len(value) - 1 else ("at its start" if i == 0 else f"at position {i + 1}")
            raise ValueError(f"the API key in ${env_name} contains {name} {where}; remove it "
                             "(e.g. export the key without a trailing newline)")
