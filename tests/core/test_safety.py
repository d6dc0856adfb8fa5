"""Terminal-safe text, secret redaction, endpoint URL and key checks (finprobe.core.safety)."""

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from finprobe.core.safety import Redactor, check_api_key, check_base_url, safe_text, strip_credentials

_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@given(st.text())
def test_safe_text_leaves_no_control_character(text):
    out = safe_text(text)
    assert not _UNSAFE.search(out)
    one = safe_text(text, one_line=True)
    assert "\n" not in one and not _UNSAFE.search(one)


def test_safe_text_removes_escape_sequences_whole():
    hostile = ("bad\x1b]0;pwned title\x07 request\x1b[2J\x1b[31m red\x1b[0m "
               "\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\ \x9b1m\u202eevil")
    assert safe_text(hostile) == "bad request red link evil"
    assert safe_text("a\nb\tc", one_line=True) == "a b c" and safe_text("a\nb") == "a\nb"
    assert safe_text("x" * 50, limit=10) == "x" * 9 + "…"


@given(st.text(min_size=8, max_size=40).filter(lambda s: s.strip() == s and s))
def test_redacted_json_stays_valid_and_holds_no_secret(secret):
    redactor = Redactor([secret])
    data = json.dumps({"reply": f"key={secret}!", "nested": [secret, {"k": secret * 2}]}, ensure_ascii=False)
    for text in (data, json.dumps(json.loads(data))):  # raw and \\u-escaped forms
        out = redactor.json_bytes(text.encode("utf-8"))
        assert secret.encode("utf-8") not in out
        json.loads(out)  # still JSON


def test_short_placeholders_are_not_secrets():
    assert not Redactor(["EMPTY", "none"])
    assert Redactor(["EMPTY"])("EMPTY stays") == "EMPTY stays"


@pytest.mark.parametrize("url", ["ftp://h/v1", "localhost:8000", "http://", "http://h:x/", "http://a b/", "file:///x",
                                 "http://u:p@h/v1", "https://tok@h/v1"])
def test_bad_base_urls_are_refused(url):
    with pytest.raises(ValueError) as info:
        check_base_url(url)
    assert "p@" not in str(info.value) and "tok@" not in str(info.value)


def test_good_base_urls_pass_and_credentials_are_stripped():
    for url in ("http://127.0.0.1:8000/v1", "https://api.openai.com/v1", "http://[::1]:9/v1"):
        assert check_base_url(url) == url
    assert strip_credentials("https://user:sk-123@host:8443/v1?x=1") == "https://host:8443/v1?x=1"


@pytest.mark.parametrize(("key", "what"), [("sk-abc\n", "newline at its end"), ("\tsk-abc", "tab at its start"),
                                           ("sk-a\x1bbc", r"U\+001B"), ("sk a", "space")])
def test_keys_with_control_characters_are_refused_without_echoing_them(key, what):
    with pytest.raises(ValueError, match=what) as info:
        check_api_key("K", key)
    assert key.strip() not in str(info.value)
    check_api_key("K", "sk-proj-Abc_123-xyz")
