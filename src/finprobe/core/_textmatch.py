"""Yes/no replies and text answers (entities, dates, products) — DESIGN §2.

Public names are re-exported by `finprobe.core.numbers`; import them from there.
"""

from __future__ import annotations

import re
import unicodedata

from finprobe.core._numparse import normalise_chars

# --------------------------------------------------------------------------- yes / no
_LEAD_RE = re.compile(r"^[\s\"'`“”‘’「」『』*_>#\-•·(\[]+")
_PREFIX_RE = re.compile(r"^(?:final\s+)?(?:answer|reply|response|a)\s*[:：]\s*|^(?:答案|回答|答)\s*[:：]\s*", re.I)
_EN_YES_NO = re.compile(
    r"^(?:(?P<unknown>i\s+don'?t\s+know|i\s+do\s+not\s+know|not\s+sure|unsure|unknown|no\s+idea|unclear|maybe)"
    r"|(?P<yes>yes|yeah|yep|yup|true|correct|affirmative)"
    r"|(?P<no>no|nope|false|incorrect))(?![a-z'])"
)
_ZH_UNKNOWN = ("不知道", "不清楚", "不确定", "无法确定", "无法判断", "不好说", "说不准")
_ZH_NO = ("不是", "不对", "不正确", "不", "否", "没有", "错")
_ZH_YES = ("是", "对", "正确", "确实", "没错", "有")


def parse_yes_no(text: str) -> bool | None:
    """True/False for a reply whose leading word is yes/no (true/false, correct/incorrect, 是/否, 对/不对,
    不是…); None for "I don't know", anything else, or no text. Never raises.

    Only the leading answer counts ("No, the segment figure" → False), and "I don't know." is never read
    as "no" (a pitfall of substring parsing). A lone "y"/"n" is accepted; "N/A" is not.
    """
    if not isinstance(text, str):
        return None
    t = _LEAD_RE.sub("", normalise_chars(text).strip())
    t = _LEAD_RE.sub("", _PREFIX_RE.sub("", t)).casefold()
    if t.rstrip(".!。！ ") in ("y", "n"):
        return t.startswith("y")
    m = _EN_YES_NO.match(t)
    if m:
        return None if m.group("unknown") else bool(m.group("yes"))
    if t.startswith(_ZH_UNKNOWN):
        return None
    if t.startswith(_ZH_NO):
        return False
    if t.startswith(_ZH_YES):
        return True
    return None


# --------------------------------------------------------------------------- text answers
_LEGAL_SUFFIXES_EN = frozenset(
    "inc incorporated corp corporation co company ltd limited llc plc lp llp ag sa nv se spa gmbh bv pte pty kk "
    "sarl ab asa oyj".split()
)
_LEGAL_SUFFIXES_ZH = ("股份有限公司", "有限责任公司", "集团有限公司", "有限公司", "股份公司", "公司")
_CJK_RE = re.compile(r"[\u3400-\u9fff]")
_MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
_DATE_PATTERNS = [
    (re.compile(r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(?<!\d)(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]"), "ymd"),
    (re.compile(r"(?<!\d)(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)"), "mdy"),
    (re.compile(r"(?i)\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b"), "Mdy"),
    (re.compile(r"(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b"), "dMy"),
]


def _month(name: str) -> int | None:
    name = name.lower()
    for full, num in _MONTHS.items():
        if len(name) >= 3 and full.startswith(name):
            return num
    return None


def find_dates(text: str) -> set[str]:
    """ISO dates ("2023-12-31") written in `text` as 2023-12-31, 12/31/2023, December 31, 2023,
    31 Dec 2023 or 2023年12月31日. A slash date whose first field exceeds 12 is read day-first."""
    found: set[str] = set()
    norm = normalise_chars(text)
    for pattern, order in _DATE_PATTERNS:
        for m in pattern.finditer(norm):
            g = m.groups()
            if order == "ymd":
                y, mo, d = int(g[0]), int(g[1]), int(g[2])
            elif order == "mdy":
                a, b, y = int(g[0]), int(g[1]), int(g[2])
                mo, d = (b, a) if a > 12 else (a, b)
            else:
                name, day, year = (g[0], g[1], g[2]) if order == "Mdy" else (g[1], g[0], g[2])
                y, mo, d = int(year), _month(name) or 0, int(day)
            if 1 <= mo <= 12 and 1 <= d <= 31:
                found.add(f"{y:04d}-{mo:02d}-{d:02d}")
    return found


def normalise_text_answer(text: str) -> str:
    """Case-folded text with punctuation removed, "&" read as "and", a leading "the" and trailing legal
    suffixes (Inc., Ltd., Corp., plc, 股份有限公司, 有限公司 …) dropped, and CJK runs unspaced."""
    t = unicodedata.normalize("NFKC", text).casefold().replace("&", " and ")
    t = re.sub(r"[.'’]", "", t)
    t = re.sub(r"[^\w\s]|_", " ", t)
    tokens = t.split()
    while tokens and tokens[0] == "the":
        tokens.pop(0)
    while len(tokens) > 1 and tokens[-1] in _LEGAL_SUFFIXES_EN:
        tokens.pop()
    t = " ".join(tokens)
    changed = True
    while changed:
        changed = False
        for suffix in _LEGAL_SUFFIXES_ZH:
            if t.endswith(suffix) and len(t) > len(suffix):
                t, changed = t[: -len(suffix)].rstrip(), True
    # Chinese is written without spaces; drop spaces next to CJK characters.
    return re.sub(r"(?<=[\u3400-\u9fff])\s+|\s+(?=[\u3400-\u9fff])", "", t)


def text_answer_match(answer: str, aliases: list[str]) -> bool:
    """Whether a free-text answer names one of `aliases` (entities, dates, products).

    Both sides are normalised (`normalise_text_answer`). A match is an equal text, an alias that
    occurs in the answer as whole words (as a substring for CJK aliases), or, for an alias that is a
    date, the same calendar date written in any supported format. Never raises.
    """
    if not isinstance(answer, str) or not answer.strip():
        return False
    norm_answer = normalise_text_answer(answer)
    answer_dates: set[str] | None = None
    for alias in aliases or []:
        if not isinstance(alias, str) or not alias.strip():
            continue
        norm_alias = normalise_text_answer(alias)
        if not norm_alias:
            continue
        if norm_alias == norm_answer:
            return True
        if _CJK_RE.search(norm_alias):
            if norm_alias in norm_answer.replace(" ", ""):
                return True
        elif re.search(rf"(?<!\w){re.escape(norm_alias)}(?!\w)", norm_answer):
            return True
        alias_dates = find_dates(alias)
        if alias_dates:
            answer_dates = find_dates(answer) if answer_dates is None else answer_dates
            if alias_dates & answer_dates:
                return True
    return False
